"""Play in a terminal: two OLED pixels per character cell with half blocks."""

import curses
import time

from deckdelve import buttons
from host_sim.sim import KEYMAP, LEGEND, Sim

CURSES_KEYS = {
    curses.KEY_UP: "U", curses.KEY_DOWN: "D", curses.KEY_LEFT: "L", curses.KEY_RIGHT: "R",
}
HALF = (" ", "\u2580", "\u2584", "\u2588")  # neither, top, bottom, both


def frame_lines(buf):
    lines = []
    for row in range(32):
        y = row * 2
        page = (y >> 3) * 128
        top = 1 << (y & 7)
        bottom = 1 << ((y + 1) & 7)
        lines.append("".join(
            HALF[(1 if buf[page + x] & top else 0) | (2 if buf[page + x] & bottom else 0)]
            for x in range(128)))
    return lines


def run(data_dir, seed, game, options):
    def loop(scr):
        curses.curs_set(0)
        scr.nodelay(True)
        sim = Sim(data_dir, seed=seed, game=game, options=options)
        while True:
            presses = 0
            while True:
                ch = scr.getch()
                if ch == -1:
                    break
                if ch in (ord("q"), 27):
                    return 0
                letter = CURSES_KEYS.get(ch)
                if letter is None and 0 <= ch < 256:
                    letter = KEYMAP.get(chr(ch).lower())
                if letter:
                    presses |= buttons.from_letter(letter)
            sim.step(presses)
            rows, cols = scr.getmaxyx()
            if rows < 34 or cols < 130:
                scr.erase()
                scr.addstr(0, 0, "Make the terminal at least 130x34 (now %dx%d)" % (cols, rows))
            else:
                for i, line in enumerate(frame_lines(sim.buf)):
                    scr.addstr(i, 1, line)
                scr.addstr(32, 1, LEGEND[: cols - 2])
            scr.refresh()
            time.sleep(0.033)

    return curses.wrapper(loop)
