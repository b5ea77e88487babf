"""Headless driving of the app: the same seed and keys always give the same pixels."""

import host_sim  # noqa: F401 - installs framebuf and the firmware path
import framebuf

from deckdelve import buttons
from deckdelve.app import App
from host_sim import render

KEY_LETTERS = "UDLRAB."
# The desk's keys for the six buttons, one home for the window, the terminal and the help.
KEYMAP = {
    "Up": "U", "Down": "D", "Left": "L", "Right": "R",
    "w": "U", "s": "D", "a": "L", "d": "R",
    "z": "A", "j": "A", "x": "B", "k": "B",
}
LEGEND = "arrows/WASD move   Z/J = A (confirm)   X/K = B (back)   Q quit"
SETTLE_FRAMES = 120  # after the keys, frames run until the screen stops changing (cap)


class Sim:
    def __init__(self, data_dir, seed=None, game=None, options=()):
        """game: a game to start straight away (its key), with these options; options None:
        those its menu offers first, as the device does (the ones last played, else its
        default)."""
        self.buf = bytearray(128 * 64 // 8)
        self.fb = framebuf.FrameBuffer(self.buf, 128, 64, framebuf.MONO_VLSB)
        self.app = App(self.fb, data_dir, seed=seed)
        if game:
            if options is None:
                options = menu_options(self.app, game)
            played(self.app, game, options)
            self.app.start_game(game, options, seed)
        self.frames = 0
        self.step(0)  # the title (or the game)
        self.step(0)  # the boot check of every file (App.check_files), as a Pico's 2nd frame

    def step(self, presses):
        """One frame with these presses; redraws when the app asks to."""
        if self.app.frame(presses):
            self.app.draw()
        self.app.after_show()  # as the Pico's loop: the save once the frame is drawn
        self.frames += 1

    def press(self, letter):
        if letter == ".":
            self.step(0)
            return
        mask = buttons.from_letter(letter)
        if not mask:
            raise ValueError("unknown key %r (use U D L R A B, or . to wait a frame)" % letter)
        self.step(mask)

    def keys(self, keys, on_frame=None):
        for ch in keys:
            if ch in " ,\n":
                continue
            self.press(ch)
            if on_frame:
                on_frame(self)
        self.settle()

    def settle(self):
        for _ in range(SETTLE_FRAMES):
            if not self.app.frame(0):
                break
            self.app.draw()
            self.app.after_show()

    def image(self, scale=1):
        return render.to_image(self.buf, scale)

    def ascii(self):
        return render.to_ascii(self.buf)


def menu_options(app, key):
    """The options a game's menu offers first on this app (menus.offered_option)."""
    from deckdelve import registry
    from deckdelve.menus import offered_option

    entry = registry.find(key)
    if not entry[2]:
        return ()
    return entry[2][offered_option(app, entry)][1]


def played(app, key, options):
    """A game started straight away is played as one started from its menu: the list of games
    offers it first next time and its menu these options (menus.remember), and its
    first-start message is not shown again (menus.see). The message itself is not shown
    here: --keys written for a start with --game stay valid on any data folder."""
    from deckdelve import registry
    from deckdelve.menus import remember, see

    entry = registry.find(key)
    index = 0
    for i in range(len(entry[2])):
        if tuple(entry[2][i][1]) == tuple(options):
            index = i
    remember(app, key, index)
    see(app, key)


def check_keys(keys):
    bad = sorted(set(ch for ch in keys.upper() if ch not in KEY_LETTERS + " ,\n"))
    if bad:
        raise ValueError("--keys has %s; use U D L R A B (one press each) and . (wait a frame)"
                         % ", ".join(repr(c) for c in bad))
