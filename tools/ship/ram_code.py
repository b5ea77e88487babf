"""The MicroPython runtime's hot code, run from RAM in the Deckdelve image: the linker script.

On the RP2040 code runs from flash through a 16 KiB XIP cache, and a miss waits ~45 cycles for
the QSPI flash. The bytecode VM's loop and the runtime it calls on every opcode do not stay in
16 KiB beside a frame's bytecode and constants, so they miss again each frame (issue 36: 24-41 %
of a frame's cycles on the emulated Pico with the cache modelled). Code in the RP2040's SRAM
never misses. The rp2 port meant to do this for vm.c, gc.c and parse.c (its
memmap_mp_rp2040.ld excludes `*vm.c.obj` etc. from flash), but pico-sdk 2 names object files
`.c.o`, so in v1.28.0 those patterns match nothing and all three run from flash.

RAM_OBJECTS are the object files moved, chosen with `python -m tools.pico.profile misses` (the
tour's misses charged to the functions they fell in): together they took ~70 % of the misses
of every part of the tour, in ~37 KiB of code, which the heap gives up (still over 150 KB free in
every game). Their constant tables stay in flash but for the VM's opcode table (RAM_CONSTANTS):
one load every opcode. Frozen bytecode and its constants stay in flash: the whole image could
not fit in RAM.
"""

import os

from tools.ship.rp2_port import Failure

# Object files (the end of their paths in the build), most misses first (the tour on ssd1306-i2c,
# `python -m tools.pico.profile misses`, before the move: their share of all misses, their code).
RAM_OBJECTS = (
    "py/vm.c.o",  # 14.8 %, 5.0 KiB: the bytecode loop
    "py/bc.c.o",  # 9.3 %, 1.0 KiB: a call's frame set up
    "py/runtime.c.o",  # 6.4 %, 5.1 KiB: calls, attributes, binary ops
    "py/obj.c.o",  # 4.3 %, 1.7 KiB
    "py/objtype.c.o",  # 4.0 %, 3.9 KiB: instances' attributes and methods
    "py/qstr.c.o",  # 2.9 %, 1.1 KiB
    "py/gc.c.o",  # 2.8 %, 2.7 KiB
    "py/cstack.c.o",  # 2.1 %, 64 B: the stack check on every call
    "py/nativeglue.c.o",  # 1.8 %, 0.5 KiB
    "py/objarray.c.o",  # 1.7 %, 2.2 KiB: bytearray, the cards
    "py/objlist.c.o",  # 1.7 %, 1.7 KiB
    "py/binary.c.o",  # 1.4 %, 1.4 KiB: bytearray items
    "py/nlrthumb.c.o",  # 1.2 %, 114 B: try/except
    "py/objfun.c.o",  # 1.1 %, 1.0 KiB
    "py/objtuple.c.o",  # 1.0 %, 0.8 KiB
    "py/nlr.c.o",  # 0.9 %, 156 B
    "py/map.c.o",  # 1.0 % of entering a game, 1.3 KiB: dicts and name lookups
    "extmod/modframebuf.c.o",  # 1.6 %, 3.9 KiB: drawing (2.5 % of a game's presses)
    # Then, with those in RAM (`python -m tools.pico.profile cycles`: its share of a game's
    # presses' cycles):
    "pico_divider/divider_hardware.S.o",  # 10 % (every dict lookup divides), 1.2 KiB
)
# Not moved: frozen_content.c.o's code, the frozen viper modules' machine code (the raster,
# 8.8 KiB, 15 % of a press's cycles from flash): linked into RAM, the image crashed on the
# emulated Pico at its first frame (a misaligned read); left in flash.
RAM_CONSTANTS = ("py/vm.c.o",)  # the opcode table, 1 KiB

PORT_SCRIPT = "memmap_mp_rp2040.ld"
# The lines of the port's script that place .text and .rodata in flash, as v1.28.0 has them.
TEXT_KEPT = "*libgcc.a: *libc.a: *lib_a-mem*.o *libm.a:"  # (in RAM already, as the port has it)
RODATA_KEPT = "*libgcc.a: *libc.a:*lib_a-mem*.o *libm.a:"
PORT_TEXT = "*(EXCLUDE_FILE(%s *gc.c.obj *vm.c.obj *parse.c.obj) .text*)" % TEXT_KEPT
PORT_RODATA = "*(EXCLUDE_FILE(%s) .rodata*)" % RODATA_KEPT


def _patterns(paths):
    return " ".join("*/" + p for p in paths)


def linker_script(tree):
    """The port's RP2040 linker script with RAM_OBJECTS' code (and RAM_CONSTANTS' constants)
    left out of flash: its .data section then takes them, copied to RAM at reset."""
    path = os.path.join(tree, "micropython", "ports", "rp2", PORT_SCRIPT)
    with open(path) as f:
        text = f.read()
    for line in (PORT_TEXT, PORT_RODATA):
        if text.count(line) != 1:
            raise Failure("%s is not the script tools/ship/ram_code.py knows (no line %r): "
                          "the pinned sources changed" % (path, line))
    text = text.replace(PORT_TEXT, "*(EXCLUDE_FILE(%s %s) .text*)" % (
        TEXT_KEPT, _patterns(RAM_OBJECTS)))
    text = text.replace(PORT_RODATA, "*(EXCLUDE_FILE(%s %s) .rodata*)" % (
        RODATA_KEPT, _patterns(RAM_CONSTANTS)))
    return "/* made by tools/ship/ram_code.py from the rp2 port's %s */\n%s" % (PORT_SCRIPT, text)
