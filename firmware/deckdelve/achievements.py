# A game's achievements screen (from its menu). Its own module, loaded while shown: the names
# come from the game's rules module and how each is earned from its help text.
from deckdelve import registry
from deckdelve.app import Screen, forget, load, unload
from deckdelve.buttons import A, B, DOWN, UP
from deckdelve.ui import draw


class Achievements(Screen):
    """The game's achievements, earned (a star) or not (a dash), and under the list how the
    one under the cursor is earned: its sentence from the game's help text (the paragraph
    ACHIEVEMENTS. names each, "Name: how."). Up/down move, A or B go back."""

    ROWS = 4

    def __init__(self, app, key):
        super().__init__(app)
        rules = registry.load(key)
        self.names = rules.ACHIEVEMENTS
        rules = None
        unload(key)  # only the names were wanted: the rules leave RAM
        self.mask = app.store().achievements(key)
        self.hows = [how_earned(key, name) for name in self.names]
        self.index = 0
        self.top = 0

    def press(self, button):
        n = len(self.names)
        if button == DOWN or button == UP:
            self.index = (self.index + (1 if button == DOWN else n - 1)) % n
            if self.index < self.top:
                self.top = self.index
            elif self.index >= self.top + self.ROWS:
                self.top = self.index - self.ROWS + 1
        elif button == A or button == B:
            self.app.pop()
            forget("achievements")

    def draw(self, fb):
        got = 0
        for i in range(len(self.names)):
            if self.mask & (1 << i):
                got += 1
        draw.center(fb, "ACHIEVEMENTS %d/%d" % (got, len(self.names)), 1)
        fb.hline(0, 7, 128, 1)
        for row in range(self.ROWS):
            i = self.top + row
            if i >= len(self.names):
                break
            y = 10 + row * 7
            have = self.mask & (1 << i)
            # A star for an achievement earned, a dash for one still to earn.
            draw.bar(fb, (draw.STAR if have else "-") + " " + self.names[i], 0, y, 123,
                     i == self.index)
        draw.scrollbar(fb, 125, 9, 7 * self.ROWS, self.top, self.ROWS, len(self.names))
        fb.hline(0, 39, 128, 1)
        lines = draw.wrap(self.hows[self.index], 126)
        for i in range(min(4, len(lines))):
            draw.text(fb, lines[i], 1, 41 + i * 6)


def how_earned(key, name):
    """How an achievement is earned, from the game's help text: the words after "name:" up to
    the end of that sentence ("" when the help does not say)."""
    try:
        with load("helpview", "open_help")(load("helpview", "help_source")(key)) as f:
            text = f.read()  # bytes: only the sentence found is decoded
    except OSError:
        return ""
    finally:
        forget("helpview")
    at = text.find(name.encode() + b":")
    if at < 0:
        return ""
    at += len(name) + 1
    end = text.find(b".", at)
    return text[at:end if end > 0 else len(text)].decode().strip().replace("\n", " ")
