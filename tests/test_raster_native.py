"""The Pico's native drawing (firmware/deckdelve/ui/raster_native.viper: viper code)
and draw.py's portable twin, which the simulator, the web page and the tests run, draw the
same bytes; the native module is built for the Pico only and everywhere else the twin draws.
(The emulated-Pico test then holds every frame the Pico draws with the native code to the
simulator's, drawn by the twin.)"""

import os

from tools.ship import mpy

ARMV6M = 4  # MicroPython's MP_NATIVE_ARCH_ARMV6M, in a .mpy header's third byte (<< 2)


# A build whose native module is machine code for this machine (mpy-cross -march=host), so
# that the unix port runs it: the same viper source as the Pico's armv6m.
HOST_BUILD = os.path.join(mpy.ROOT, "build", "mpy-host")


def drawn(build_dir):
    r = mpy.run(["-m", "raster_cases"], heap="256K", build_dir=build_dir, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr
    lines = r.stdout.splitlines()
    return lines[0], lines[1:]


def test_native_and_twin_draw_the_same_bytes():
    # tests/shared/raster_cases.py: text with every character and ones the font lacks, every
    # card and empty place at both sizes, up, down and under the cursor, cursors of any size,
    # widths, all at and across the screen's edges, over dark, lit and noise. From the build,
    # the twin draws (the native .mpy is the Pico's); from a build for this machine, the
    # native module runs.
    which, twin = drawn(mpy.BUILD)
    assert which == "raster twin"
    mpy.build(HOST_BUILD, arch="-march=host")
    which, native = drawn(HOST_BUILD)
    assert which == "raster native"
    assert len(twin) == len(native) > 2000
    for a, b in zip(twin, native):
        assert a == b, "native and twin differ: %s (twin) / %s (native)" % (a, b)


def test_native_code_is_built_for_the_pico_and_everything_else_is_bytecode():
    # The native module is the firmware image's alone (tools/ship/mpy.py says why): the build for
    # the Pico's files, the unix port and the page is bytecode, and has no native module; the
    # image's stage hands the port's build (which compiles frozen code with -march=armv6m) the
    # .viper as a module; the build for this machine has it as machine code.
    from tools.ship import deploy, firmware

    mpy.build()
    deploy.stage()
    for root in (mpy.BUILD, deploy.STAGE):
        for folder, _dirs, files in os.walk(root):
            for f in files:
                if f.endswith(".mpy") and not folder.startswith(os.path.join(mpy.BUILD, "tests")):
                    with open(os.path.join(folder, f), "rb") as h:
                        arch = h.read(3)[2] >> 2
                    assert arch == 0 and f != "raster_native.mpy", os.path.join(folder, f)
    with open(os.path.join(mpy.FIRMWARE, "deckdelve", "ui", "raster_native.viper"), "rb") as f:
        source = f.read()
    assert firmware.frozen_files("ssd1306-i2c")["deckdelve/ui/raster_native.py"] == source
    mpy.build(HOST_BUILD, arch="-march=host")
    with open(os.path.join(HOST_BUILD, "deckdelve", "ui", "raster_native.mpy"), "rb") as h:
        assert h.read(3)[2] >> 2 not in (0, ARMV6M)
