# main.py of the firmware image (tools/ship/firmware.py freezes this file as main.py; MicroPython
# runs a frozen main.py at power-on, before looking on flash). The .mpy route's main.py is
# firmware/main.py, on flash.
# - The image's own code comes first on sys.path: an earlier `make flash` leaves its
#   /deckdelve folder on flash, which would otherwise be imported in place of the image's.
# - A /main.py on flash is the owner's program and runs instead: their own code, a measuring
#   harness, or an earlier `make flash`'s main.py (which starts the same collection, from the
#   image). Without one, the collection starts.
import sys

sys.path.remove(".frozen")
sys.path.insert(0, ".frozen")
try:
    with open("/main.py") as f:
        program = f.read()
except OSError:
    program = None
if program is None:
    from deckdelve import boot

    boot.main()
else:
    exec(program, {"__name__": "__main__"})
