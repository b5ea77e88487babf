# type: ignore
# ruff: noqa: F821
# The frozen-firmware route, for people who build MicroPython themselves: this manifest puts
# Deckdelve's code into the firmware image, where it runs from flash and costs no RAM for
# bytecode. From a MicroPython checkout (v1.23 or later):
#
#   make -C mpy-cross
#   make -C ports/rp2 BOARD=RPI_PICO submodules
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/deckdelve/firmware/manifest.py
#
# then copy ports/rp2/build-RPI_PICO/firmware.uf2 to the Pico in BOOTSEL mode, and
#   python -m tools.deploy flash --board NAME --frozen
# copies only what cannot be frozen: main.py, the help texts and the board file.
# (include, package and module are the manifest functions of MicroPython's build.)

include("$(PORT_DIR)/boards/manifest.py")  # the port's own frozen modules (asyncio, ...)
package("deckdelve", base_path=".")  # firmware/deckdelve: every .py, compiled by mpy-cross
