# Helpers for the shared tests (MicroPython-clean): scratch folders and a headless app.
import os

import framebuf

SCRATCH = "build/scratch"


def _rmtree(path):
    try:
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        p = path + "/" + name
        try:
            os.remove(p)
        except OSError:
            _rmtree(p)
            os.rmdir(p)


def scratch(name):
    """A fresh, empty folder build/scratch/<name> (relative to the repo root)."""
    for p in ("build", SCRATCH):
        try:
            os.mkdir(p)
        except OSError:
            pass
    path = SCRATCH + "/" + name
    _rmtree(path)
    try:
        os.mkdir(path)
    except OSError:
        pass
    return path


def game_keys():
    """Every game's key, comma-separated (as the settings' "seen" lists them)."""
    from deckdelve import registry

    return ",".join(g[0] for g in registry.GAMES)


def game_index(key):
    """Where a game stands in the menu. (The registry is imported here and not held: the app
    drops it from RAM while a game runs, and a test holding it would keep it there.)"""
    from deckdelve import registry

    return [g[0] for g in registry.GAMES].index(key)


def open_game_menu(h, key):
    """From the title to a game's menu as a player goes: A opens the list of games (on the
    game last played), down to the game, A."""
    h.keys("A")
    games = h.app.stack[-1]
    moves = (game_index(key) - games.index) % len(games.items)
    games = None
    h.keys("D" * moves + "A")


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


class Headless:
    """The app on a real (or host_sim) framebuf, driven by button letters. An unexpected
    error inside a screen, which the app survives with its crash screen, fails the test
    unless crash_ok (the crash screen's own tests)."""

    def __init__(self, data_dir, seed=1, crash_ok=False, howtos_seen=True):
        from deckdelve.app import App

        self.buf = bytearray(1024)
        self.fb = framebuf.FrameBuffer(self.buf, 128, 64, framebuf.MONO_VLSB)
        self.crash_ok = crash_ok
        self.app = App(self.fb, data_dir, seed=seed)
        if howtos_seen:  # a player past the first-run how-tos (menus.HowTo, a game's first)
            self.app.settings["seen"] = "*," + game_keys()
        self.frame(0)  # the title
        self.frame(0)  # the boot check of every file (App.check_files), as a Pico's 2nd frame

    def frame(self, presses):
        if self.app.frame(presses):
            self.app.draw()
        self.app.after_show()  # (as the Pico's loop: a save put off for the frame)
        if not self.crash_ok and self.top() == "Crash":
            raise AssertionError("crash screen: " + " ".join(self.app.stack[-1].lines))

    def keys(self, letters):
        from deckdelve.buttons import from_letter

        for ch in letters:
            self.frame(0 if ch == "." else from_letter(ch))

    def top(self):
        return type(self.app.stack[-1]).__name__

    def lit(self):
        n = 0
        for b in self.buf:
            while b:
                n += b & 1
                b >>= 1
        return n
