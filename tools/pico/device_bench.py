# The redraw benchmark on a real Pico (tools/pico/bench_pico.py --device sends this through
# `mpremote exec`, with STEPS and SEED filled in). The device must hold the firmware and a board
# file (`make flash`). It plays the same tour as the emulator's benchmark on the real display,
# timing each redraw: one line a frame that redrew,
#   BENCH <label> <press or -> <us handling the press> <us drawing> <us pushing>
# Its data folder is its own (benchdata/, removed after): the player's saves are not touched.
import gc
import os
import time

from deckdelve.app import App
from deckdelve.hw import board, devices

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

    frame("title", "-")
    for label, keys in STEPS:
        for k in keys:
            frame(label, k)
            while frame(label, "-"):
                pass
    gc.collect()
    print("BENCH-FREE", gc.mem_free())


main()
