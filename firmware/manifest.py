# type: ignore
# ruff: noqa: F821
# What the firmware image freezes (include, package and module are the manifest functions of
# MicroPython's build). tools/ship/firmware.py (`make firmware BOARD=NAME`) reads this file from a
# stage folder it makes beside it: the deckdelve package's .py files, this folder's
# frozen_main.py as main.py, and deckdelve/image.py (the board file, the help texts, the
# versions). Frozen bytecode runs in place from flash and costs no RAM.

include("$(PORT_DIR)/boards/manifest.py")  # the port's own frozen modules (asyncio, ...)
package("deckdelve")  # every .py of the package, compiled by the build's mpy-cross
module("main.py")  # MicroPython runs a frozen main.py at power-on, before one on flash
