# The menus: title, the list of games, each game's menu, settings, achievements. Not in RAM
# while a game runs (app.start_game drops it; rebuild() brings the screens back after).
from deckdelve import sound
from deckdelve.buttons import A, B, DOWN, LEFT, RIGHT, UP
from deckdelve import registry
from deckdelve.app import Menu, Message, Screen, hint, load, table_key
from deckdelve.ui import draw

VERSION = "0.1"


class Title(Screen):
    def press(self, button):
        if button == A:
            self.app.play(sound.OK)
            app = self.app
            app.push(main_menu(app))
            if not seen(app, "*"):
                app.push(HowTo(app))

    def draw(self, fb):
        draw.logo(fb)
        x = 42
        for s in range(4):
            x += draw.char(fb, 1 + s, x, 30) + 6
        draw.center(fb, "SOLITAIRE CARD DUNGEONS", 40)
        draw.center(fb, "PRESS A", 52)
        draw.text(fb, "V" + VERSION, 1, 58)


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

    def draw(self, fb):
        draw.center(fb, "HOW TO PLAY %d/3" % (self.page + 1), 1)
        fb.hline(0, 7, 128, 1)
        lines = draw.wrap(draw.part(HOWTO, self.page), 124)
        for i in range(len(lines)):
            draw.text(fb, lines[i], 2, 11 + i * 7)
        hint(fb, "A:NEXT B:SKIP" if self.page < 2 else "A:START")


def seen(app, what):
    """Has the how-to `what` ("*" the collection's, else a game's key) been shown?"""
    return what in app.settings["seen"].split(",")


def see(app, what):
    """Note the how-to `what` as shown, for good (the settings are saved)."""
    if not seen(app, what):
        app.settings["seen"] = app.settings["seen"] + ("," if app.settings["seen"] else "") + what
        app.store().save_settings(app.settings)


def last_option(app, key):
    """The index of the option `key` was last started with, or -1 (see remember_option)."""
    for part in app.settings["last"].split(","):
        k, _eq, i = part.partition("=")
        if k == key and i.isdigit():
            return int(i)
    return -1


def remember_option(app, key, i):
    """Keep the option a game starts with: its menu offers it first next time."""
    if last_option(app, key) == i:
        return
    parts = [p for p in app.settings["last"].split(",") if p and p.partition("=")[0] != key]
    parts.append("%s=%d" % (key, i))
    app.settings["last"] = ",".join(parts)
    app.store().save_settings(app.settings)


def main_menu(app):
    titles = [g[1] for g in registry.GAMES] + ["Settings"]

    def choose(i):
        if i < len(registry.GAMES):
            app.push(GameMenu(app, registry.GAMES[i]))
        else:
            app.push(Settings(app))

    return Menu(app, "DECKDELVE", titles, choose)


class GameMenu(Menu):
    """Per game: continue a saved run, new game (per option), high scores, rules."""

    def __init__(self, app, entry):
        self.entry = entry
        super().__init__(app, entry[1], [], self.choose)
        self.build()
        # Without a saved run to continue, the cursor starts on the option last played, else
        # on "Normal" where there is one (Mini Rogue's port starts there), else the first.
        if self.actions[0][0] == "new":
            options = entry[2] or ()
            i = last_option(app, entry[0])
            if not 0 <= i < len(options):
                i = 0
                for k in range(len(options)):
                    if options[k][0] == "Normal":
                        i = k
            self.index = i
            self.top = max(0, i - self.ROWS + 1)

    def build(self):
        key, _title, options = self.entry[0], self.entry[1], self.entry[2]
        self.actions = []
        items = []
        if self.app.store().has_run(key):
            items.append("Continue saved run")
            self.actions.append(("continue", ()))
        for label, opts in options or (("New game", ()),):
            items.append(label)
            self.actions.append(("new", opts))
        for label, opts in options or (("", ()),):
            items.append("Scores" + (": " + label if label else ""))
            self.actions.append(("scores", opts))
        if len(self.entry) > 3 and "achievements" in self.entry[3]:
            items.append("Achievements")
            self.actions.append(("achievements", ()))
        items.append("Rules")
        self.actions.append(("rules", ()))
        self.items = items
        self.index = min(self.index, len(items) - 1)

    def choose(self, i):
        app = self.app
        key = self.entry[0]
        what, opts = self.actions[i]
        if what == "continue":
            app.continue_game(key)
        elif what == "new":
            remember_option(app, key, i - (1 if self.actions[0][0] == "continue" else 0))

            def start():
                if seen(app, key):
                    app.start_game(key, opts)
                else:  # the game's first start: where its rules are, once
                    see(app, key)
                    app.push(Message(app, "First game of %s? Its rules: B in the game opens "
                                     "the pause menu, then Rules." % self.entry[1],
                                     lambda: app.start_game(key, opts)))

            if app.store().has_run(key):
                ask = load("dialogs", "Confirm")
                app.push(ask(app, "A saved run exists. Start anew and lose it?", start))
            else:
                start()
        elif what == "scores":
            app.push(load("results", "Scores")(app, self.entry[1], table_key(key, opts)))
        elif what == "achievements":
            app.push(Achievements(app, key))
        else:
            app.push(load("helpview", "Help")(app, key, self.entry[1]))

    def shown(self):
        # A saved run may have appeared or gone while we were covered: keep the list true,
        # and a run just saved is what the cursor offers first.
        had = self.actions[0][0] == "continue"
        self.build()
        if not had and self.actions[0][0] == "continue":
            self.index = self.top = 0

    def draw(self, fb):
        super().draw(fb)
        hint(fb, "A:OK B:BACK")


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
        load("app", "unload")(key)  # only the names were wanted: the rules leave RAM
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
        with open(load("helpview", "help_path")(key), "rb") as f:
            text = f.read()  # bytes: only the sentence found is decoded
    except OSError:
        return ""
    finally:
        load("app", "forget")("helpview")
    at = text.find(name.encode() + b":")
    if at < 0:
        return ""
    at += len(name) + 1
    end = text.find(b".", at)
    return text[at:end if end > 0 else len(text)].decode().strip().replace("\n", " ")


class Settings(Menu):
    IDLE = (15, 30, 60, 120, 300)
    CONTRAST = (32, 128, 255)

    def __init__(self, app):
        super().__init__(app, "SETTINGS", [], self.choose, self.leave)
        self.changed = False
        self.build()

    def build(self):
        s = self.app.settings
        self.items = [
            "Sound: " + ("on" if s["sound"] else "off"),
            "Sleep after: %ds" % s["idle_s"],
            "Contrast: " + ("low", "mid", "high")[self._contrast_index()],
        ]

    def _contrast_index(self):
        c = self.app.settings["contrast"]
        for i in range(len(self.CONTRAST)):
            if c <= self.CONTRAST[i]:
                return i
        return len(self.CONTRAST) - 1

    def press(self, button):
        if button == LEFT or button == RIGHT:
            self.choose(self.index, -1 if button == LEFT else 1)
        else:
            super().press(button)

    def choose(self, i, step=1):
        s = self.app.settings
        if i == 0:
            s["sound"] = not s["sound"]
        elif i == 1:
            j = self.IDLE.index(s["idle_s"]) if s["idle_s"] in self.IDLE else 2
            s["idle_s"] = self.IDLE[(j + step) % len(self.IDLE)]
        else:
            j = self._contrast_index()
            s["contrast"] = self.CONTRAST[(j + step) % len(self.CONTRAST)]
        self.changed = True
        self.build()
        if self.app.settings_changed is not None:
            self.app.settings_changed()

    def leave(self):
        if self.changed:
            self.app.store().save_settings(self.app.settings)
        self.app.pop()
        self.app.show_notices()

    def draw(self, fb):
        super().draw(fb)
        hint(fb, "A/" + draw.ARROW_L + draw.ARROW_R + ":CHANGE B:BACK")


def rebuild(app, key=None):
    """The screen stack to return to after a game: title, games, that game's menu."""
    stack = [Title(app), main_menu(app)]
    entry = registry.find(key) if key else None
    if entry is not None:
        stack[1].index = registry.GAMES.index(entry)
        stack.append(GameMenu(app, entry))
    return stack
