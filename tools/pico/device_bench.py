# The redraw benchmark on a real Pico (tools/pico/bench_pico.py --device sends this through
# `mpremote exec`, with STEPS and SEED filled in). The device must hold the firmware and a board
# file (`make flash`). It plays the same tour as the emulator's benchmark on the real display,
# timing each redraw: one line a frame that redrew,
#   BENCH <label> <press or -> <us handling the press> <us drawing> <us pushing>
# and at the end the XIP cache's own counters over the tour (RP2040 XIP_CTRL CTR_HIT and
# CTR_ACC, cleared at its start: the emulated Pico's cache model reads the same):
#   BENCH-XIP <hits> <accesses>
# Its data folder is its own (benchdata/, removed after): the player's saves are not touched.
import gc
import os
import time

from deckdelve.app import App
from deckdelve.hw import board, devices

try:
    from machine import mem32
except ImportError:  # (not an RP2040: no counters)
    mem32 = None
XIP_CTR_HIT = 0x1400000C  # a write clears it
XIP_CTR_ACC = 0x14000010
STEPS = STEPS  # noqa: F821 - ((label, keys), ...), filled in by tools/pico/bench_pico.py
DATA = "benchdata"


def clear(path):
    try:
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        os.remove(path + "/" + name)
    os.rmdir(path)


def main():
    display = devices.display(board.load("board.json"))
    clear(DATA)
    os.mkdir(DATA)
    try:
        play(display)
    finally:
        clear(DATA)


def play(display):
    app = App(display, DATA, seed=SEED)  # noqa: F821 - filled in by tools/pico/bench_pico.py
    ticks = time.ticks_us
    diff = time.ticks_diff

    def frame(label, press):
        t0 = ticks()
        redraw = app.frame(1 << "UDLRAB".index(press) if press != "-" else 0)
        if redraw:
            t1 = ticks()
            app.draw()
            t2 = ticks()
            display.show()
            t3 = ticks()
            print("BENCH", label, press, diff(t1, t0), diff(t2, t1), diff(t3, t2))
        app.after_show()  # (as boot.Console: a save put off until the frame is shown)
        return redraw

    if mem32 is not None:
        mem32[XIP_CTR_HIT] = 0
        mem32[XIP_CTR_ACC] = 0
    frame("title", "-")
    for label, keys in STEPS:
        for k in keys:
            frame(label, k)
            while frame(label, "-"):
                pass
    if mem32 is not None:
        print("BENCH-XIP", mem32[XIP_CTR_HIT] & 0xFFFFFFFF, mem32[XIP_CTR_ACC] & 0xFFFFFFFF)
    gc.collect()
    print("BENCH-FREE", gc.mem_free())


main()
