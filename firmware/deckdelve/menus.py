# The menus: title, the list of games, each game's menu, settings, achievements. Not in RAM
# while a game runs (app.start_game drops it; rebuild() brings the screens back after).
from deckdelve import sound
from deckdelve.buttons import A, LEFT, RIGHT
from deckdelve import registry
from deckdelve.app import Menu, Message, Screen, hint, load, mode_title, table_key
from deckdelve.ui import draw

VERSION = "0.1"


class Title(Screen):
    def press(self, button):
        if button == A:
            self.app.play(sound.OK)
            app = self.app
            app.push(main_menu(app))
            if not seen(app, "*"):
                app.push(load("howto", "HowTo")(app))

    def draw(self, fb):
        draw.logo(fb)
        x = 42
        for s in range(4):
            x += draw.char(fb, 1 + s, x, 30) + 6
        draw.center(fb, "SOLITAIRE CARD DUNGEONS", 40)
        draw.center(fb, "PRESS A", 52)
        draw.text(fb, "V" + VERSION, 1, 58)


def seen(app, what):
    """Has the how-to `what` ("*" the collection's, else a game's key) been shown?"""
    return what in app.settings["seen"].split(",")


def see(app, what):
    """Note the how-to `what` as shown, for good (the settings are saved)."""
    if not seen(app, what):
        app.settings["seen"] = app.settings["seen"] + ("," if app.settings["seen"] else "") + what
        app.store().save_settings(app.settings)


def last_option(app, key):
    """The index of the option `key` was last started with, or -1 (see remember)."""
    for part in app.settings["last"].split(","):
        k, _eq, i = part.partition("=")
        if k == key and i.isdigit():
            return int(i)
    return -1


def last_game(app):
    """The key of the game last started (the last entry of settings "last"), or ""."""
    last = app.settings["last"]
    return last[last.rfind(",") + 1:].partition("=")[0]


def remember(app, key, i):
    """Keep the game started and the option it starts with (i, its index in the game's
    options; 0 for a game without): the list of games offers that game first next time, and
    its menu that option. Its entry goes last in settings "last" (an older firmware reads
    the entries it knows and ignores their order)."""
    parts = [p for p in app.settings["last"].split(",") if p and p.partition("=")[0] != key]
    parts.append("%s=%d" % (key, i))
    last = ",".join(parts)
    if last != app.settings["last"]:
        app.settings["last"] = last
        # A convenience, not the player's work: a flash that cannot take it (full, worn) is
        # not worth a notice at every game start, so the store's notices go nowhere here.
        # Written once the game's first frame is on the display (App.later): a settings write
        # took 0.3-6 M cycles (an erase) of entering a game.
        app.later(lambda: load("store", "Store")(app.data_dir, []).save_settings(app.settings))


def offered_option(app, entry):
    """The option a game's menu offers first (where its cursor starts without a saved run to
    continue), as an index of its options: the one last played, else "Normal" where there is
    one (Mini Rogue's port starts there), else the first. host_sim --game without --options
    starts it too."""
    options = entry[2] or ()
    i = last_option(app, entry[0])
    if 0 <= i < len(options):
        return i
    for k in range(len(options)):
        if options[k][0] == "Normal":
            return k
    return 0


def main_menu(app):
    titles = [g[1] for g in registry.GAMES] + ["Settings"]

    def choose(i):
        if i < len(registry.GAMES):
            app.push(GameMenu(app, registry.GAMES[i]))
        else:
            app.push(Settings(app))

    menu = Menu(app, "DECKDELVE", titles, choose)
    entry = registry.find(last_game(app))
    if entry is not None:  # the game last played is offered first
        menu.index = registry.GAMES.index(entry)
    return menu


class GameMenu(Menu):
    """Per game: continue a saved run, new game (per option), high scores, rules."""

    def __init__(self, app, entry):
        self.entry = entry
        super().__init__(app, entry[1], [], self.choose)
        self.build()
        # Without a saved run to continue, the cursor starts on the option offered first.
        if self.actions[0][0] == "no run":
            i = 1 + offered_option(app, entry)
            self.index = i
            self.top = max(0, i - self.ROWS + 1)

    def build(self):
        key, _title, options = self.entry[0], self.entry[1], self.entry[2]
        self.actions = []  # type: list  # (what, options tuple or slot number) per row
        items = []
        if self.flag("slots"):
            # Campaign slots (deckdelve/campaigns.py): each a campaign saved after every
            # action, or empty; A continues one or starts one in a free slot.
            listing = load("campaigns", "listing")
            self.labels = load("campaigns", "slots")(self.app.data_dir, key,
                                                     listing(self.app.data_dir))
            # An empty slot may keep a damaged campaign aside (.badN): its row says where.
            # (listed again: reading the slots may have just set one aside)
            names = listing(self.app.data_dir)
            kept = load("campaigns", "kept")
            self.kept = [0 if self.labels[i] else kept(self.app.data_dir, key, i, names)
                         for i in range(len(self.labels))]
            kept = names = listing = None
            for i in range(len(self.labels)):
                empty = "empty; old one in .bad%d" % self.kept[i] if self.kept[i] else \
                    "- empty -"
                items.append("%d %s" % (i + 1, self.labels[i] or empty))
                self.actions.append(("slot", i))
        else:
            # The row stays when there is no run to continue, marked (HANDHELD.md's manner 5:
            # menu rows do not move when an item cannot be used now).
            if self.app.store().has_run(key):
                items.append("Continue saved run")
                self.actions.append(("continue", ()))
            else:
                items.append("Continue: none saved")
                self.actions.append(("no run", ()))
            for label, opts in options or (("New game", ()),):
                items.append(label)
                self.actions.append(("new", opts))
        for label, opts in options or (("", ()),):
            items.append("Scores" + (": " + label if label else ""))
            self.actions.append(("scores", opts))
        if self.flag("achievements"):
            items.append("Achievements")
            self.actions.append(("achievements", ()))
        items.append("Rules")
        self.actions.append(("rules", ()))
        self.items = items
        self.index = min(self.index, len(items) - 1)

    def flag(self, name):
        return len(self.entry) > 3 and name in self.entry[3]

    def choose(self, i):
        app = self.app
        key = self.entry[0]
        what, opts = self.actions[i]
        if what == "slot":
            if self.labels[opts] is None and not self.kept[opts]:
                remember(app, key, 0)
                app.start_game(key, (), slot=opts)  # a new campaign in this free slot
            else:
                app.push(load("slotmenu", "SlotMenu")(app, key, opts, self.labels[opts],
                                                      self.kept[opts]))
        elif what == "continue":
            remember(app, key, max(0, last_option(app, key)))
            app.continue_game(key)
        elif what == "no run":
            app.push(Message(app, "No run is saved. Save and quit (B in a game) keeps one "
                                  "here, and so does the handheld going to sleep."))
        elif what == "new":
            remember(app, key, i - 1)  # (the options' rows follow the Continue row)

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
            app.push(load("results", "Scores")(app, mode_title(self.entry, opts),
                                               table_key(key, opts)))
        elif what == "achievements":
            app.push(load("achievements", "Achievements")(app, key))
        else:
            app.push(load("helpview", "Help")(app, key, self.entry[1]))

    def shown(self):
        # A saved run may have appeared or gone while we were covered: keep the list true,
        # and a run just saved is what the cursor offers first.
        had = self.actions[0][0] == "continue"
        self.build()
        if not had and self.actions[0][0] == "continue":
            self.index = self.top = 0
        return True

    def draw(self, fb):
        super().draw(fb)
        hint(fb, "A:OK B:BACK")


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
