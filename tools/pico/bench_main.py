# main.py for the EMULATED Pico only (tools/pico/bench_pico.py writes it onto the emulator's flash
# image with SEED filled in; it never goes onto a device). It runs the real boot.main() and
# uses its frame-marker hook: GP27 is high while a frame runs, so the emulator counts the
# cycles of each frame, and GP28 goes high at the end of a frame that redrew the screen. While
# the host holds GP26 low, the next frame's heap use is measured and one line goes to the USB
# console after it (outside the marked frame):
#   PROBE free=<bytes free after gc.collect()> frame_alloc=<bytes that frame allocated>
import gc
import machine

from deckdelve import boot

_mark = machine.Pin(27, machine.Pin.OUT, value=0)
_ask = machine.Pin(26, machine.Pin.IN, machine.Pin.PULL_UP)
_redrawn = machine.Pin(28, machine.Pin.OUT, value=0)
_alloc = [0, 0]  # made once: the marker itself must not allocate


def marker(state):
    if state == 1:  # a frame begins
        _redrawn(0)
        _alloc[1] = 0
        if not _ask():
            _alloc[1] = 1
            _alloc[0] = gc.mem_alloc()
        _mark(1)
        return
    _redrawn(state == 2)  # (before GP27 falls: the host reads it then)
    _mark(0)
    if _alloc[1]:
        used = gc.mem_alloc() - _alloc[0]
        gc.collect()
        print("PROBE free=%d frame_alloc=%d" % (gc.mem_free(), used))


boot.main(marker=marker, seed=SEED)  # noqa: F821 - SEED is filled in by tools/pico/bench_pico.py
