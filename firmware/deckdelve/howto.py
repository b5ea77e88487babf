# The collection's how-to, shown once over the game list the first time A leaves the title
# (menus.Title). Its own module: it loads for that one moment and never again.
from deckdelve.app import Screen, forget, hint
from deckdelve.buttons import A, B
from deckdelve.menus import see
from deckdelve.ui import draw

# The collection's how-to, shown over the game list the first time A leaves the title.
HOWTO = (
    "WELCOME! The d-pad moves the cursor. A confirms: it picks, plays, and closes a message. "
    "B goes back, and in a game opens the pause menu.|"
    "Each game's rules are in its menu (Rules), and in the pause menu while you play. A list "
    "that scrolls has a bar at its right edge.|"
    "When a game ends, its last board stays in view: A goes on to the score. Have fun!"
)


class HowTo(Screen):
    """A few pages of how to play, once (settings "seen" gets "*"): A turns the page, B skips
    the rest."""

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        see(app, "*")

    def press(self, button):
        if button == A and self.page < 2:
            self.page += 1
        elif button == A or button == B:
            self.app.pop()
            forget("howto")

    def draw(self, fb):
        draw.center(fb, "HOW TO PLAY %d/3" % (self.page + 1), 1)
        fb.hline(0, 7, 128, 1)
        lines = draw.wrap(draw.part(HOWTO, self.page), 124)
        for i in range(len(lines)):
            draw.text(fb, lines[i], 2, 11 + i * 7)
        hint(fb, "A:NEXT B:SKIP" if self.page < 2 else "A:START")
