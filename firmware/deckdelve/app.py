# The app: title, game menu, per-game menus, the game host (pause menu, event messages, game
# over), high scores with arcade initials, rules help, settings. Screens sit on a stack; the
# top one gets the presses and draws. The main loop (main.py on the Pico, host_sim on a desk)
# calls, once a frame:
#     if app.frame(presses): app.draw(); display.show()
# where presses is the bit mask from buttons.Input.update(). An idle frame allocates nothing.
import gc
import sys
from array import array

from deckdelve import buttons, sound
from deckdelve import games as registry
from deckdelve.store import Store
from deckdelve.ui import draw

VERSION = "0.1"
A = buttons.A
B = buttons.B
UP = buttons.UP
DOWN = buttons.DOWN
LEFT = buttons.LEFT
RIGHT = buttons.RIGHT


class App:
    def __init__(self, fb, data_dir, sound_player=None, seed=None):
        self.fb = fb
        self.store = Store(data_dir)
        self.settings = self.store.load_settings()
        self.sound = sound_player
        self.next_seed = seed  # None: a fresh random seed for every game
        self.settings_changed = None  # main.py sets this to apply contrast etc.
        self.stack = [Title(self)]
        self.dirty = True
        self.show_notices()

    # -- the loop ---------------------------------------------------------------------------
    def frame(self, presses):
        """Handle this frame's presses and animations; True if the screen must be redrawn."""
        if presses:
            bit = 1
            while bit <= buttons.B:
                if presses & bit:
                    self.stack[-1].press(bit)
                    self.dirty = True
                bit <<= 1
        if self.stack[-1].tick():
            self.dirty = True
        return self.dirty

    def draw(self):
        self.fb.fill(0)
        self.stack[-1].draw(self.fb)
        self.dirty = False

    # -- screens ---------------------------------------------------------------------------
    def push(self, screen):
        self.stack.append(screen)
        self.dirty = True

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
        self.stack[-1].shown()
        self.dirty = True

    def pop_to(self, screen):
        """Pop screens down to and including `screen`."""
        stack = self.stack
        while len(stack) > 1 and stack[-1] is not screen:
            stack.pop()
        if len(stack) > 1:
            stack.pop()
        stack[-1].shown()
        self.dirty = True

    def replace(self, screen):
        self.stack[-1] = screen
        self.dirty = True

    def below(self, screen):
        """The screen under `screen` on the stack (for dialogs drawn over it), or None."""
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i] is screen:
                return self.stack[i - 1]
        return None

    def message(self, text):
        self.push(Message(self, text))

    def show_notices(self):
        notices = self.store.notices
        while notices:
            self.message(notices.pop())

    def play(self, effect):
        if self.sound is not None and self.settings["sound"]:
            self.sound.play(effect)

    def new_seed(self):
        if self.next_seed is not None:
            seed = self.next_seed
            self.next_seed = (seed + 1) & 0x3FFFFFFF
            return seed
        import os

        b = os.urandom(4)
        return ((b[0] << 22) | (b[1] << 14) | (b[2] << 6) | b[3]) & 0x3FFFFFFF

    def start_game(self, key, options=(), seed=None):
        """Deal a new game on top of the current screen (host_sim --game uses this too)."""
        self.store.drop_run(key)
        self.push(GameHost(self, key, tuple(options), self.new_seed() if seed is None else seed))

    def continue_game(self, key):
        saved = self.store.read_run(key)
        if saved is None:
            self.show_notices()
            return
        seed, options, log = saved
        try:
            host = GameHost(self, key, options, seed, log)
        except Exception as e:  # noqa: BLE001 - a save that no longer replays is kept aside
            unload(key)
            self.store.set_aside(self.store.run_name(key))
            self.message("The saved run could not be replayed (%s); kept aside." % e)
            return
        self.store.drop_run(key)
        self.push(host)


def table_key(key, options):
    return key + "/" + ",".join(options) if options else key


def unload(key):
    """Forget a game's modules so that their RAM is freed (they load again on the next start)."""
    for name in list(sys.modules):
        if name.startswith("deckdelve.games." + key) or name.startswith("deckdelve.ui." + key):
            del sys.modules[name]
    for pkg_name in ("deckdelve.games", "deckdelve.ui"):
        pkg = sys.modules.get(pkg_name)
        if pkg is None:
            continue
        for attr in dir(pkg):
            if attr.startswith(key):
                try:
                    delattr(pkg, attr)
                except (AttributeError, TypeError):
                    pass
    gc.collect()


class Screen:
    def __init__(self, app):
        self.app = app

    def press(self, button):
        pass

    def tick(self):
        return False

    def draw(self, fb):
        pass

    def shown(self):
        """Called when the screen is on top again after the one above it went away."""


def hint(fb, s):
    draw.right(fb, s, 127, 58)


class Message(Screen):
    """A box over the screen below; A or B closes it."""

    def __init__(self, app, text, then=None):
        super().__init__(app)
        self.lines = draw.wrap(text, 112)
        self.then = then

    def press(self, button):
        if button == A or button == B:
            self.app.pop()
            if self.then is not None:
                self.then()

    def draw(self, fb):
        under = self.app.below(self)
        if under is not None:
            under.draw(fb)
        draw.message(fb, self.lines)


class Confirm(Screen):
    """A yes/no question over the screen below. A on the chosen answer; B means no."""

    def __init__(self, app, text, on_yes):
        super().__init__(app)
        self.lines = draw.wrap(text, 100)
        self.on_yes = on_yes
        self.yes = False

    def press(self, button):
        if button == LEFT or button == RIGHT:
            self.yes = not self.yes
            self.app.play(sound.CLICK)
        elif button == B or (button == A and not self.yes):
            self.app.pop()
        elif button == A:
            self.app.pop()
            self.on_yes()

    def draw(self, fb):
        under = self.app.below(self)
        if under is not None:
            under.draw(fb)
        lines = self.lines
        h = len(lines) * draw.LINE + 18
        y = (draw.H - h) // 2
        draw.box(fb, 10, y, 108, h)
        for i in range(len(lines)):
            draw.center(fb, lines[i], y + 4 + i * draw.LINE)
        by = y + h - 10
        draw.bar(fb, "NO", 34, by, 20, not self.yes)
        draw.bar(fb, "YES", 72, by, 22, self.yes)


class Menu(Screen):
    """A titled list; up/down move (wrapping), A chooses, B goes back."""

    ROWS = 7

    def __init__(self, app, title, items, on_choose, on_back=None):
        super().__init__(app)
        self.title = title
        self.items = items
        self.on_choose = on_choose
        self.on_back = on_back
        self.index = 0
        self.top = 0

    def press(self, button):
        n = len(self.items)
        if button == UP or button == DOWN:
            self.index = (self.index + (1 if button == DOWN else n - 1)) % n
            if self.index < self.top:
                self.top = self.index
            elif self.index >= self.top + self.ROWS:
                self.top = self.index - self.ROWS + 1
            self.app.play(sound.CLICK)
        elif button == A:
            self.app.play(sound.OK)
            self.on_choose(self.index)
        elif button == B:
            if self.on_back is not None:
                self.on_back()
            else:
                self.app.pop()

    def draw(self, fb):
        draw.center(fb, self.title, 1)
        fb.hline(0, 7, 128, 1)
        for row in range(self.ROWS):
            i = self.top + row
            if i >= len(self.items):
                break
            draw.bar(fb, self.items[i], 4, 10 + row * 7, 120, i == self.index)
        if self.top > 0:
            draw.text(fb, draw.ARROW_U, 0, 10)
        if self.top + self.ROWS < len(self.items):
            draw.text(fb, draw.ARROW_D, 0, 52)


class Title(Screen):
    def press(self, button):
        if button == A:
            self.app.play(sound.OK)
            self.app.push(main_menu(self.app))

    def draw(self, fb):
        draw.big_text(fb, "DECKDELVE", 11, 8, 3)
        x = 42
        for s in range(4):
            x += draw.char(fb, 1 + s, x, 30) + 6
        draw.center(fb, "FIVE SOLITAIRE DUNGEONS", 40)
        draw.center(fb, "PRESS A", 52)
        draw.text(fb, "V" + VERSION, 1, 58)


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

    def build(self):
        key, _title, options = self.entry[0], self.entry[1], self.entry[2]
        self.actions = []
        items = []
        if self.app.store.has_run(key):
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
            if app.store.has_run(key):
                app.push(Confirm(app, "A saved run exists. Start anew and lose it?",
                                 lambda: app.start_game(key, opts)))
            else:
                app.start_game(key, opts)
        elif what == "scores":
            app.push(Scores(app, self.entry[1], table_key(key, opts)))
        elif what == "achievements":
            app.push(Achievements(app, key))
        else:
            app.push(Help(app, key, self.entry[1]))

    def shown(self):
        # A saved run may have appeared or gone while we were covered: keep the list true.
        self.build()

    def draw(self, fb):
        super().draw(fb)
        hint(fb, "A:OK B:BACK")


class GameHost(Screen):
    """Runs one game: its scene, the run's action log, event messages, pause, game over."""

    def __init__(self, app, key, options, seed, log=None):
        super().__init__(app)
        self.key = key
        self.entry = registry.find(key)
        if self.entry is None:
            raise ValueError("unknown game %r" % key)
        self.options = options
        self.seed = seed
        rules = registry.load(key)
        self.rules = rules
        self.game = rules.Game(seed, options)
        self.log = array("H")
        if log is not None:
            for a in log:
                self.game.apply(a)
                self.log.append(a)
        ui = __import__("deckdelve.ui." + key, None, None, ("Scene",))
        self.pending = []
        self.known_achievements = app.store.achievements(key) if hasattr(
            self.game, "achievements") else 0
        self.scene = ui.Scene(self)
        if self.game.over:
            self.pending.append("This run had already ended.")

    # -- what scenes call --------------------------------------------------------------------
    def act(self, action):
        game = self.game
        game.apply(action)
        self.log.append(action)
        for ev in game.events:
            t = self.scene.event_text(ev)
            if t:
                self.pending.append(t)
        if hasattr(game, "achievements"):
            mask = game.achievements()
            if mask & ~self.known_achievements:
                new = self.app.store.add_achievements(self.key, mask)
                self.known_achievements |= mask
                names = self.rules.ACHIEVEMENTS
                for i in range(len(names)):
                    if new & (1 << i):
                        self.pending.append("ACHIEVEMENT: " + names[i])
                self.app.show_notices()
        if game.over:
            self.app.play(sound.WIN if game.won else sound.LOSE)
        self.app.dirty = True

    def message(self, text):
        self.pending.append(text)
        self.app.dirty = True

    # -- screen ------------------------------------------------------------------------------
    def press(self, button):
        if self.pending:
            if button == A or button == B:
                self.pending.pop(0)
                self.app.play(sound.CLICK)
                if not self.pending and self.game.over:
                    self.finish()
            return
        if self.game.over:
            self.finish()
            return
        if not self.scene.press(button) and button == B:
            self.app.push(Pause(self.app, self))

    def tick(self):
        return self.scene.tick()

    def draw(self, fb):
        self.scene.draw(fb)
        if self.pending:
            draw.message(fb, draw.wrap(self.pending[0], 112))

    # -- leaving -----------------------------------------------------------------------------
    def close(self):
        """Drop this game's modules and return to the screen below."""
        self.app.pop_to(self)
        self.scene = None
        self.game = None
        self.rules = None
        unload(self.key)
        self.app.dirty = True

    def finish(self):
        g = self.game
        result = GameOver(self.app, self.entry[1], table_key(self.key, self.options),
                          g.score, g.summary(), g.won)
        self.app.store.drop_run(self.key)
        self.close()
        self.app.push(result)

    def save_and_quit(self):
        if self.app.store.save_run(self.key, self.seed, self.options, self.log):
            self.close()
            self.app.message("Run saved. Continue it from the game's menu.")
        else:
            self.app.show_notices()


class Pause(Menu):
    def __init__(self, app, host):
        self.host = host
        items = ["Resume", "Rules"]
        if host.game.can_save():
            items.append("Save and quit")
        items.append("Quit")
        super().__init__(app, "PAUSED", items, self.choose)

    def choose(self, i):
        app = self.app
        item = self.items[i]
        if item == "Resume":
            app.pop()
        elif item == "Rules":
            app.push(Help(app, self.host.key, self.host.entry[1]))
        elif item == "Save and quit":
            self.host.save_and_quit()
        else:
            app.push(Confirm(app, "Quit? This run will be lost.", self.host.close))


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
    import deckdelve

    base = getattr(deckdelve, "__file__", None)
    folder = base[: base.rfind("/")] if base and "/" in base else "deckdelve"
    return folder + "/help/" + key + ".txt"


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


class GameOver(Screen):
    def __init__(self, app, title, table, score, summary, won):
        super().__init__(app)
        self.title = title
        self.table = table
        self.score = score
        self.summary = summary
        self.won = won
        self.qualifies = app.store.qualifies(table, score)

    def press(self, button):
        if button != A and button != B:
            return
        app = self.app
        if self.qualifies:
            app.replace(Initials(app, self.title, self.table, self.score, self.summary))
        else:
            app.replace(Scores(app, self.title, self.table))

    def draw(self, fb):
        draw.center(fb, self.title.upper(), 2)
        s = "YOU WIN!" if self.won else "GAME OVER"
        w = draw.width(s) * 2 + 2
        draw.big_text(fb, s, (128 - w) // 2, 12, 2)
        draw.center(fb, "SCORE " + str(self.score), 30)
        if self.summary and self.summary != str(self.score):
            draw.center(fb, self.summary, 37)
        if self.qualifies:
            draw.center(fb, "NEW HIGH SCORE!", 46)
        hint(fb, "A" + draw.ARROW_R)


class Initials(Screen):
    """Three initials, arcade style: up/down change a letter, left/right move, A on the last
    letter keeps them; B steps back a letter."""

    CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "

    def __init__(self, app, title, table, score, summary):
        super().__init__(app)
        self.title = title
        self.table = table
        self.score = score
        self.summary = summary
        last = app.settings.get("initials", "AAA")
        self.letters = bytearray(self.CHARS.find(c) if c in self.CHARS else 0 for c in last[:3])
        while len(self.letters) < 3:
            self.letters.append(0)
        self.pos = 0

    def press(self, button):
        n = len(self.CHARS)
        if button == UP:
            self.letters[self.pos] = (self.letters[self.pos] + 1) % n
        elif button == DOWN:
            self.letters[self.pos] = (self.letters[self.pos] + n - 1) % n
        elif button == RIGHT:
            self.pos = min(2, self.pos + 1)
        elif button == LEFT or button == B:
            self.pos = max(0, self.pos - 1)
        elif button == A:
            if self.pos < 2:
                self.pos += 1
                return
            initials = "".join(self.CHARS[i] for i in self.letters)
            app = self.app
            place = app.store.add_score(self.table, self.score, initials, self.summary)
            if app.settings.get("initials") != initials:
                app.settings["initials"] = initials
                app.store.save_settings(app.settings)
            app.replace(Scores(app, self.title, self.table, place))
            app.show_notices()

    def draw(self, fb):
        draw.center(fb, "NEW HIGH SCORE: " + str(self.score), 4)
        draw.center(fb, "ENTER YOUR INITIALS", 14)
        for i in range(3):
            x = 40 + i * 18
            draw.big_text(fb, self.CHARS[self.letters[i]], x + 2, 28, 3)
            if i == self.pos:
                fb.hline(x, 46, 14, 1)
                draw.text(fb, draw.ARROW_U, x + 4, 22)
                draw.text(fb, draw.ARROW_D, x + 4, 48)
        hint(fb, "A:OK")


class Scores(Screen):
    def __init__(self, app, title, table, highlight=-1):
        super().__init__(app)
        self.title = title
        self.table = table
        self.entries = app.store.scores(table)
        self.highlight = highlight

    def press(self, button):
        if button == A or button == B:
            self.app.pop()

    def draw(self, fb):
        name = self.table.split("/")
        head = "SCORES " + (name[1].upper() if len(name) > 1 else self.title.upper())
        draw.center(fb, head, 1)
        fb.hline(0, 7, 128, 1)
        if not self.entries:
            draw.center(fb, "NO SCORES YET", 28)
        for i in range(len(self.entries)):
            score, initials, summary = self.entries[i]
            y = 11 + i * 9
            if i == self.highlight:
                fb.fill_rect(0, y - 2, 128, 9, 1)
            c = 0 if i == self.highlight else 1
            draw.text(fb, "%d." % (i + 1), 4, y, c)
            draw.text(fb, initials, 16, y, c)
            draw.right(fb, str(score), 66, y, c)
            draw.text(fb, summary, 74, y, c)


class Achievements(Screen):
    def __init__(self, app, key):
        super().__init__(app)
        rules = registry.load(key)
        self.names = rules.ACHIEVEMENTS
        self.mask = app.store.achievements(key)
        self.top = 0

    def press(self, button):
        if button == DOWN:
            self.top = min(max(0, len(self.names) - 6), self.top + 1)
        elif button == UP:
            self.top = max(0, self.top - 1)
        elif button == A or button == B:
            self.app.pop()

    def draw(self, fb):
        got = 0
        for i in range(len(self.names)):
            if self.mask & (1 << i):
                got += 1
        draw.center(fb, "ACHIEVEMENTS %d/%d" % (got, len(self.names)), 1)
        fb.hline(0, 7, 128, 1)
        for row in range(6):
            i = self.top + row
            if i >= len(self.names):
                break
            y = 11 + row * 9
            have = self.mask & (1 << i)
            draw.text(fb, draw.STAR if have else "-", 3, y)
            draw.text(fb, self.names[i], 12, y)
            if not have:
                draw.right(fb, "LOCKED", 127, y)


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
            self.app.store.save_settings(self.app.settings)
        self.app.pop()
        self.app.show_notices()

    def draw(self, fb):
        super().draw(fb)
        hint(fb, "A/" + draw.ARROW_L + draw.ARROW_R + ":CHANGE B:BACK")
