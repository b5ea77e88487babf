# Rules help: a game's text file, wrapped to the screen and scrolled. Loaded only while shown.
from deckdelve.buttons import A, B, DOWN, LEFT, RIGHT, UP
from deckdelve.app import Screen, forget
from deckdelve.ui import draw


class Help(Screen):
    """Rules help: the game's text file, wrapped and scrolled with up/down."""

    ROWS = 9

    def __init__(self, app, key, title):
        super().__init__(app)
        self.title = title
        self.lines = help_lines(key)
        self.top = 0

    def press(self, button):
        last = max(0, len(self.lines) - self.ROWS)
        if button == DOWN:
            self.top = min(last, self.top + 1)
        elif button == UP:
            self.top = max(0, self.top - 1)
        elif button == RIGHT:
            self.top = min(last, self.top + self.ROWS)
        elif button == LEFT:
            self.top = max(0, self.top - self.ROWS)
        elif button == B or button == A:
            self.app.pop()
            self.lines = None
            forget("helpview")

    def draw(self, fb):
        fb.fill_rect(0, 0, 128, 7, 1)
        draw.center(fb, self.title.upper(), 1, 0)
        for row in range(self.ROWS):
            i = self.top + row
            if i >= len(self.lines):
                break
            draw.text(fb, self.lines[i], 1, 9 + row * 6)
        # Scroll bar: where this page sits in the text.
        n = len(self.lines)
        if n > self.ROWS:
            bar_h = max(4, 55 * self.ROWS // n)
            bar_y = 8 + (55 - bar_h) * self.top // (n - self.ROWS)
            fb.vline(127, 8, 56, 0)
            fb.fill_rect(126, bar_y, 2, bar_h, 1)


def help_path(key):
    """deckdelve/help/<key>.txt beside the package; in a frozen build (no package folder on
    flash, see firmware/manifest.py) the texts are copied to /help/."""
    import os

    import deckdelve

    base = getattr(deckdelve, "__file__", None)
    folder = base[: base.rfind("/")] if base and "/" in base else "deckdelve"
    path = folder + "/help/" + key + ".txt"
    try:
        os.stat(path)
        return path
    except OSError:
        return "/help/" + key + ".txt"


def help_lines(key):
    try:
        with open(help_path(key)) as f:
            text = f.read()
    except OSError:
        return ["No rules help for this game yet."]
    lines = []
    for para in text.split("\n\n"):
        lines.extend(draw.wrap(para.replace("\n", " ").strip(), 124))
        lines.append("")
    return lines
