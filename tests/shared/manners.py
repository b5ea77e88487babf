# The handheld's manners (../shared/guide/HANDHELD.md, issue 33) as checks over every screen a
# seeded walk through the whole app reaches, for any game in the registry: the title, the
# menus, the game's options, the game, its pause menu, the game over, the initials and the
# tables. MicroPython-clean: test_manners.py runs it in both interpreters.
#
# The walk (Walk) is fuzz.py's, steered to the game under test at the list of games, with one
# change: after every change of screen (a new screen on top, a message closed, an action
# done), the next press is A half the time, so that "A again and again" is walked often.
# What is checked, each failure named with its manner, game, screen, press and the keys:
#  1 A is safe to press again: a press of A right after a change of screen does no action the
#    game's rules module says spends (its module-level spends(game, action)); the press of A
#    that closes a message does no action at all; a game menu's A right after it opened does
#    not start a new game over a saved run.
#  2 A stop keeps the very screen: at STOPS steps of the walk in a game, the display goes to
#    sleep (App.suspend) and the battery runs flat (a new App on the same files), or every
#    other time Save and quit; the player goes to the game's menu and continues it: the frame
#    shown must be the very frame left.
#  4 Messages in the order of the events: after a press that does an action, the messages it
#    brings end with its events' words in the events' order (a scene may say something before
#    them, nothing after them but a new achievement); no text drawn says "1 cards".
#  5 Things stay where they are: LEFT/RIGHT move the cursor (the place drawn selected: see
#    draw.SELECTED) left/right on screen, UP/DOWN up/down, except a wrap to the far end; the
#    opposite press brings it back; a menu (by its title: a game's, the pause menu...) keeps
#    its number of rows.
#  6 Text in its box with a pixel of air: textcheck's check (no text over anything, or cut),
#    and a pixel of the background all round each text's box (on a highlight bar: of the bar).
# Manner 3 (suits by silhouette) is a check of the glyphs themselves: test_suits.py.
from deckdelve.buttons import from_letter
from deckdelve.rng import Rng
from deckdelve.ui import draw
from helpers import Headless, game_index, scratch
from textcheck import Recorder, readable

LETTERS = "UDLRUDLRAAAAB."  # as fuzz.py: B less often than A, so that the walk goes deeper
KEYS = "UDLRAB."
REPORTED = 10  # problems kept whole; more are only counted
STOPS = 5  # stops and resumes a walk makes in a game (manner 2)
PROBES = 40  # screens a walk probes with LEFT/RIGHT and UP/DOWN (manner 5)


class Known:
    """Problems known and allowed for now, each (manner, game key, a part of what is wrong,
    the reason); unseen() names those that never showed (fixed: their entries must go)."""

    def __init__(self, cases):
        self.cases = cases
        self.shown = bytearray(len(cases))

    def allows(self, manner, key, why):
        for i in range(len(self.cases)):
            m, k, part, _reason = self.cases[i]
            if m == manner and k == key and part in why:
                self.shown[i] = 1
                return True
        return False

    def unseen(self, key):
        return ["%d %s" % (self.cases[i][0], self.cases[i][2]) for i in range(len(self.cases))
                if self.cases[i][1] == key and not self.shown[i]]


# The counted things the games' texts name (a plural after "1" is a slip; a verb after a
# figure, "Scene 1 begins", is not: so the words are listed, not guessed).
UNITS = ("cards", "points", "plays", "discards", "rounds", "runs", "turns", "times", "steps",
         "foes", "enemies", "hands", "tokens", "sparks", "threats", "scars", "coins",
         "lives", "floors", "monsters", "dice", "potions", "wands", "items", "rations",
         "pieces", "guards", "weapons", "actions", "moves", "slots", "pages", "spaces",
         "scenes", "harms", "spells", "blows", "hits", "stashes", "rows", "letters")


def plural_slip(s):
    """The first "1 <counted things>" in s (a count of one with a plural noun), or ''."""
    n = len(s)
    i = 0
    while i < n - 2:
        if s[i] == "1" and s[i + 1] == " " and (i == 0 or not s[i - 1].isdigit()) and \
                (i == 0 or s[i - 1] not in "+-/."):
            j = i + 2
            while j < n and s[j].isalpha():
                j += 1
            if s[i + 2:j].lower() in UNITS:
                return s[i:j]
        i += 1
    return ""


class Walk:
    """One game's walk (see the top of this file). known: a Known."""

    def __init__(self, key, seed, presses, known):
        self.key = key
        self.seed = seed
        self.known = known
        self.presses = presses
        self.rng = Rng(seed)
        self.folder = scratch("manners_%s_%d" % (key, seed))
        self.h = Headless(self.folder, seed=seed)
        self.index = game_index(key)
        self.keys = bytearray(presses + 64)
        self.n = 0
        self.found = []  # (manner, where, why, keys) of the first REPORTED problems
        self.seen = []  # (manner, where's kind, why's kind) of each problem, once
        self.count = 0  # problems found, all told
        self.rec = Recorder()
        self.rec.air = True
        self.face = None  # what the last press left: see _face
        self._under = None  # the face (but its top and depth) under the screen last opened
        self.changed = True  # the screen changed with the last press
        self.stops = 0
        self.probed = []  # the kinds of screen probed with the d-pad (manner 5)
        self.probes = 0
        self.rows = {}  # menu title: its number of rows (manner 5)
        self.in_game = 0  # presses made in the game
        self.done = None  # the action the last press did, if any (from the game's apply)
        self.spends = None

    # ---- pressing ----------------------------------------------------------------------

    def press(self, letter):
        if self.n < len(self.keys):
            self.keys[self.n] = KEYS.index(letter)
        self.n += 1
        app = self.h.app
        self._watch(app)
        if app.frame(0 if letter == "." else from_letter(letter)):
            self._draw(app)
        app.after_show()
        top = app.stack[-1]
        if type(top).__name__ == "Crash":
            raise AssertionError("crash screen: " + " ".join(top.lines))

    def _draw(self, app):
        app.dirty = True  # drawn whole, as the text checks need
        rec = self.rec
        rec.clear()
        draw.record = rec
        try:
            app.draw()
        finally:
            draw.record = None
        for p in rec.problems(self.h.buf):
            self.problem(6, "'%s' at %s: %s" % (p.name(), p.box(), p.why))
        for t in rec.texts:
            s = t[3]
            if not isinstance(s, int):
                slip = plural_slip(s)
                if slip:
                    self.problem(4, "'%s' says '%s'" % (readable(s), slip))

    def _watch(self, app):
        """Have the running game tell what each action does (manner 1 and 4): its apply is
        wrapped for the press (an instance attribute, found before the class's method)."""
        host = app.stack[0]
        game = getattr(host, "game", None)
        self.done = None
        if game is None or "apply" in game.__dict__:
            return
        rules = host.rules
        spends = getattr(rules, "spends", None)
        walk = self
        cls_apply = type(game).apply

        def apply(action):
            walk.done = (action, spends(game, action) if spends is not None else None)
            cls_apply(game, action)

        game.apply = apply

    def _face(self):
        app = self.h.app
        top = app.stack[-1]
        host = app.stack[0]
        log = getattr(host, "log", None)
        game = getattr(host, "game", None)
        return (id(top), len(app.stack), len(getattr(top, "pending", ())),
                len(log) if log is not None else -1,
                getattr(game, "turn", 0) if game is not None else 0)

    # ---- the walk ----------------------------------------------------------------------

    def step(self):
        app = self.h.app
        top = app.stack[-1]
        name = type(top).__name__
        if getattr(top, "title", "") == "DECKDELVE" and hasattr(top, "items") and \
                self.rng.below(10):
            moves = (self.index - top.index) % len(top.items)
            top = None
            for _ in range(moves):
                self.press("D")
            self.press("A")
            self._after("A", False)
            return
        if name == "GameMenu" and top.entry[0] != self.key:
            top = None
            self.press("B")
            self._after("B", False)
            return
        top = None
        if self.changed and self.rng.below(2):
            letter = "A"
        else:
            letter = LETTERS[self.rng.below(len(LETTERS))]
        changed = self.changed
        before = self._before()
        self.press(letter)
        self._check_press(letter, changed, before)
        self._after(letter, changed)

    def _before(self):
        """What manner 1 needs of the screen before a press: messages waiting, a saved run
        under a game menu."""
        app = self.h.app
        top = app.stack[-1]
        pending = len(getattr(top, "pending", ()))
        saved = type(top).__name__ == "GameMenu" and top.actions and \
            top.actions[0][0] == "continue" and top.actions[top.index][0] == "new"
        return pending, saved, len(getattr(app.stack[0], "pending", ()))

    def _check_press(self, letter, changed, before):
        pending, saved, host_pending = before
        if letter != "A":
            self._check_messages(host_pending)
            return
        done = self.done
        if done is not None:
            action, spend = done
            if pending:
                self.problem(1, "the A that closed a message did action %d too" % action)
            elif changed and spend is None:
                self.problem(1, "the rules module has no spends(game, action)")
            elif changed and spend:
                self.problem(1, "A right after the screen changed spent: action %d" % action)
        if changed and saved and type(self.h.app.stack[-1]).__name__ == "GameHost":
            # (a question first, "Start anew and lose it?", NO under the cursor, is right)
            self.problem(1, "A on the game menu started a new game over the saved run")
        self._check_messages(host_pending)

    def _check_messages(self, host_pending):
        """Manner 4: the messages an action brings are its events' words, in the events'
        order, last: a scene may say something before them (what a play scores), nothing after
        them but a new achievement's line."""
        done = self.done
        host = self.h.app.stack[0]
        scene = getattr(host, "scene", None)
        if done is None or scene is None or host_pending:
            return
        texts = []
        for ev in host.game.events:
            t = scene.event_text(ev)
            if t:
                texts.append(t)
        pending = host.pending
        end = len(pending)
        while end and pending[end - 1].startswith("ACHIEVEMENT: "):
            end -= 1
        start = end - len(texts)
        if start < 0 or pending[start:end] != texts:
            told = [t[:32] for t in pending[:end]]
            self.problem(4, "the messages are not the events' words in their order, last: "
                         "%r for the events' %r" % (told, [t[:32] for t in texts]))

    def _after(self, letter, changed):
        face = self._face()
        was = self.face
        self.changed = face != was
        if self.changed and was is not None and face[1] < was[1] and face[2:] == self._under:
            # back from a screen over it (the pause menu, the rules, a question answered
            # NO): the player's own cursor is kept (manner 2), not a change to rest it anew
            self.changed = False
        if face[1] > (was[1] if was is not None else 0):
            self._under = was[2:] if was is not None else None
        self.face = face
        app = self.h.app
        if type(app.stack[0]).__name__ == "GameHost":
            self.in_game += 1
            host = app.stack[0]
            if len(app.stack) == 1 and not host.game.over and \
                    self.in_game * STOPS // self.presses > self.stops - 1 and \
                    self.in_game >= (self.stops + 1) * self.presses // (STOPS + 2):
                host = None
                self.stops += 1
                self.stop()
                return
        top = app.stack[-1]
        if hasattr(top, "items") and hasattr(top, "title") and type(top).__name__ != "Help":
            rows = self.rows.get(top.title)
            if rows is None:
                self.rows[top.title] = len(top.items)
            elif rows != len(top.items):
                self.problem(5, "the menu '%s' has %d rows now, %d before"
                             % (top.title, len(top.items), rows))
                self.rows[top.title] = len(top.items)
        kind = self._kind()
        if self.changed and self.probes < PROBES and (kind not in self.probed or
                                                      not self.rng.below(6)):
            # each kind of screen when first reached, then one change in six, at random
            if kind not in self.probed:
                self.probed.append(kind)
            self.probes += 1
            top = None
            self.probe()

    def _kind(self):
        app = self.h.app
        top = app.stack[-1]
        name = type(top).__name__
        game = getattr(top, "game", None)
        if game is not None:
            if top.pending:
                return name + " message"
            return "%s phase %s" % (name, getattr(game, "phase", "?"))
        return name + " " + str(getattr(top, "title", ""))

    def where(self):
        return self._kind()

    # ---- manner 2: a stop ---------------------------------------------------------------

    def stop(self):
        """The display sleeps (App.suspend), the battery runs flat: a new App on the same
        files, the game's menu, continue. The frame must be the very one left."""
        app = self.h.app
        host = app.stack[0]
        slot = host.slot
        where = self.where()
        host = None
        app.dirty = True
        app.draw()
        before = bytes(self.h.buf)
        game = app.stack[0].game
        quit_ = self.stops % 2 == 0 and slot is None and game.can_save()
        game = None
        if quit_:
            # Save and quit (the pause menu's), then the message, then off
            app.stack[0].save_and_quit()
            self.h.frame(0)
            self.h.keys("A")
            how = "Save and quit"
        else:
            app.suspend()  # the display sleeps, then the battery runs flat
            how = "a sleep and a flat battery"
        app = None
        self.h = None
        # a power-on starts with nothing of the old app in RAM: its game's modules go too
        # (the walk's one interpreter would otherwise hold two games' code at once)
        from deckdelve.app import unload
        unload(self.key)
        import gc
        gc.collect()
        h = Headless(self.folder, seed=self.seed)
        self.h = h
        h.keys("A")
        games = h.app.stack[-1]
        moves = (self.index - games.index) % len(games.items)
        games = None
        h.keys("D" * moves + "A")
        menu = h.app.stack[-1]
        kinds = [a for a in menu.actions]
        i = -1
        for j in range(len(kinds)):
            if (kinds[j][0] == "continue") or (kinds[j][0] == "slot" and kinds[j][1] == slot):
                i = j
                break
        if i < 0:
            self.problem(2, "no run to continue after %s on the %s" % (how, where))
            h.keys("D" * ((self.first_new(kinds) - menu.index) % len(kinds)) + "A")
            menu = None
            return
        index = menu.index
        menu = None
        h.keys("D" * ((i - index) % len(kinds)) + "A")
        if h.top() == "SlotMenu":
            h.keys("A")  # a campaign slot's menu: Continue, its first row
        # (the very screen again, the player's cursor on it: no change of screen, manner 1's
        # sense; self.changed is left as the press before the stop left it)
        self.face = self._face()
        app = h.app
        if type(app.stack[0]).__name__ != "GameHost":
            self.problem(2, "the game did not come back after %s on the %s" % (how, where))
            return
        app.dirty = True
        app.draw()
        if bytes(h.buf) != before:
            self.problem(2, "the frame after %s differs on the %s (%d bytes)"
                         % (how, where, sum(1 for k in range(1024) if h.buf[k] != before[k])))

    def first_new(self, kinds):
        for j in range(len(kinds)):
            if kinds[j][0] in ("new", "slot"):
                return j
        return 0

    # ---- manner 5: the d-pad -----------------------------------------------------------

    def selected(self):
        """The place drawn selected on the screen now: the last draw.SELECTED recorded (its
        x, y, w, h), or None."""
        app = self.h.app
        rec = self.rec
        rec.clear()
        draw.record = rec
        app.dirty = True
        try:
            app.draw()
        finally:
            draw.record = None
        got = rec.selected[-1] if rec.selected else None
        rec.clear()
        return got

    def probe(self):
        """Manner 5 on this screen: each of RIGHT, LEFT, DOWN, UP pressed until the screen
        comes round to where it started, or stops changing (8 presses at most; a message up:
        not, the d-pad does nothing under one); each place drawn selected on the way must be
        the way pressed from the one before, but for one wrap to the far end; then the
        opposite press, as often as the screen changed, must bring back the very screen."""
        top = self.h.app.stack[-1]
        if getattr(top, "pending", None) or type(top).__name__ in ("Message", "Help"):
            return
        top = None
        start = self.selected()
        if start is None:
            return
        frame = bytes(self.h.buf)
        index = getattr(self.h.app.stack[-1], "index", None)
        for fwd, back, axis in (("R", "L", 0), ("L", "R", 0), ("D", "U", 1), ("U", "D", 1)):
            face = self._face()
            places = [start]
            sign = 1 if fwd in "RD" else -1
            moves = 0
            last = frame
            home = False
            for _ in range(8):
                self._dpad(fwd)
                if self._face() != face:
                    return  # the press did something else (a question, a page): leave it
                p = self.selected()
                now = bytes(self.h.buf)
                if now == last:
                    break  # the end of the line: nothing changed
                moves += 1
                last = now
                if now == frame:
                    home = True  # round to where it started
                    break
                if p is not None and p != places[-1]:
                    places.append(p)
            self._wraps(places, axis, sign, fwd)
            if not home:
                for _ in range(moves):
                    self._dpad(back)
                self.selected()
                if bytes(self.h.buf) != frame and (index is None or
                                                   self.h.app.stack[-1].index != index):
                    # (a list longer than the screen may stay scrolled: its row is the test)
                    self.problem(5, "%s %d times, then %s as often: not back where it was"
                                 % (fwd, moves, back))
                    return

    def _dpad(self, letter):
        if self.n < len(self.keys):
            self.keys[self.n] = KEYS.index(letter)
        self.n += 1
        app = self.h.app
        app.frame(from_letter(letter))
        app.after_show()

    def _wraps(self, places, axis, sign, letter):
        """Each move goes the way pressed (its centre), but one to the far end."""
        wraps = 0
        for k in range(1, len(places)):
            a = places[k - 1]
            b = places[k]
            ca = 2 * a[axis] + a[axis + 2]
            cb = 2 * b[axis] + b[axis + 2]
            if (cb - ca) * sign > 0:
                continue
            # not the way pressed: only a wrap, to the far end of those seen, and only once
            far = True
            for p in places:
                c = 2 * p[axis] + p[axis + 2]
                if (c - cb) * sign < 0:
                    far = False
            wraps += 1
            if cb == ca and axis == 0:
                # the same column: a move between rows (a press of LEFT/RIGHT should not)
                self.problem(5, "%s moved the cursor from %s to %s: not %s"
                             % (letter, _place(a), _place(b), "right" if sign > 0 else "left"))
                return
            if not far or wraps > 1:
                self.problem(5, "%s moved the cursor from %s to %s, the other way"
                             % (letter, _place(a), _place(b)))
                return

    # ---- reporting ---------------------------------------------------------------------

    def problem(self, manner, why):
        if self.known is not None and self.known.allows(manner, self.key, why):
            return
        where = self.where()
        self.count += 1
        kind = (manner, where, why.split(" at ")[0][:30])
        if kind in self.seen:
            return
        self.seen.append(kind)
        if len(self.found) < REPORTED:
            self.found.append((manner, where, why, self.pressed()))

    def pressed(self):
        return "".join(KEYS[self.keys[i]] for i in range(min(self.n, len(self.keys))))

    def run(self):
        while self.n < self.presses:
            self.step()
        return self

    def report(self):
        """Fails with every problem found (manner, game, screen, press, keys)."""
        lines = []
        for manner, where, why, keys in self.found:
            lines.append("manner %d, %s, on the %s, press %d: %s\n  keys (from the title; a "
                         "stop is not a key): python -m host_sim --seed %d --keys %s"
                         % (manner, self.key, where, len(keys), why, self.seed, keys))
        if self.count > len(self.found):
            lines.append("... %d problems in all" % self.count)
        if lines:
            raise AssertionError("manners broken:\n" + "\n".join(lines))
        return self.n


def _place(p):
    return "(%d,%d %dx%d)" % p
