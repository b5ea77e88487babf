# The app core: the screen stack, the frame loop, and the small screens every other screen
# uses (Message, Menu). Screens sit on a stack; the top one gets the presses and
# draws. The main loop (main.py on the Pico, host_sim on a desk) calls, once a frame:
#     if app.frame(presses): app.draw(); display.show()
# where presses is the bit mask from buttons.Input.update(). An idle frame allocates nothing.
#
# RAM is the Pico's binding limit, so the other screens live in modules that load only while
# they are needed: menus.py (title, game menus, settings, achievements) is dropped while a
# game runs and rebuilt when it ends; host.py runs a game; results.py (game over, initials,
# scores), helpview.py (rules help) and dialogs.py (pause menu, yes/no questions) load for
# their moment.
import gc
import sys

from deckdelve import sound
from deckdelve.buttons import A, B, DOWN, UP
from deckdelve.ui import draw


class App:
    def __init__(self, fb, data_dir, sound_player=None, seed=None):
        self.fb = fb
        self.data_dir = data_dir
        self.notices = []  # texts from the store for the player (see show_notices)
        self.settings = self.store().load_settings()
        # Every file is read once at boot, so that a damaged one is reported then and not when
        # a game next needs it: in the frame after the title is first drawn (see frame), so
        # the title is up first (reading and checking every file takes ~70 ms on a Pico).
        self.files_checked = False
        self.sound = sound_player
        self.next_seed = seed  # None: a fresh random seed for every game
        self.settings_changed = None  # main.py sets this to apply contrast etc.
        self.starting = None  # a game to start at the end of this frame (see start_game)
        self.leaving = None  # a game to leave at the end of this frame (see leave_game)
        self.suspended = None  # the game saved while the display sleeps (see suspend)
        self.deferred = None  # a save to run once the frame is on the display (see later)
        self.saves = None  # several such saves, in order (later, _run_saves)
        self.crashing = False  # handling an unexpected error (see crashed)
        # (the store stays loaded until the boot check, in the next frame, forgets it: one
        # collection of the heap then, not two before the title is up)
        self.stack = [load("menus", "Title")(self)]
        self.dirty = True  # the whole screen must be redrawn
        # All that changed since the last draw (see changed): x0, y0, x1, y1 of each part, on
        # the screen, in bytes made once (an animation frame that says what changed allocates
        # nothing), and how many parts were said (more than draw.REGIONS: all is redrawn).
        self.regions = bytearray(4 * draw.REGIONS)
        self.region_count = 0
        if self.settings["pending"]:
            load("results", "resume_score")(self, self.settings["pending"])
        self.show_notices()

    # -- the loop ---------------------------------------------------------------------------
    def frame(self, presses):
        """Handle this frame's presses and animations; True if the screen must be redrawn."""
        try:
            if self.deferred is not None:
                self.after_show()  # (a loop that did not call it: before anything else)
            if not self.files_checked and not self.dirty:
                self.check_files()
            if presses:
                bit = 1
                while bit <= B:
                    if presses & bit:
                        regions = self.region_count
                        self.stack[-1].press(bit)
                        if self.region_count == regions:
                            self.dirty = True  # the screen did not say what changed: all
                    bit <<= 1
            if self.leaving is not None:
                self._leave()
            if self.starting is not None:
                self._start()
            if self.stack[-1].tick():
                self.dirty = True
        except Exception as e:  # noqa: BLE001 - a bug in a screen: shown, logged, survived
            self.crashed(e)
        return self.dirty or self.region_count > 0

    def later(self, save):
        """Run save (a callable) once this frame is on the display: the loop calls
        after_show() after pushing it, and frame() at the latest. The answer to a press is
        seen before the flash is written (a sector erase takes 45 ms, and nothing runs
        meanwhile); a power cut in between leaves the save before it, as one during it does.
        Several in one frame run once each, in the order first given."""
        first = self.deferred
        if first is None or first == save:  # (a bound method asked again is equal, not `is`)
            self.deferred = save
        elif first != self._run_saves:
            self.saves = [first, save]
            self.deferred = self._run_saves
        elif save not in self.saves:
            self.saves.append(save)

    def _run_saves(self):
        saves = self.saves
        self.saves = None
        error = None
        for save in saves:
            try:
                save()
            except Exception as e:  # noqa: BLE001 - the others still run; the first is told
                error = error or e
        if error is not None:
            raise error

    def after_show(self):
        """The frame is on the display: the save put off for it (see later), if any."""
        save = self.deferred
        if save is not None:
            self.deferred = None
            try:
                save()
            except Exception as e:  # noqa: BLE001 - as in frame()
                self.crashed(e)

    def changed(self, x, y, w, h):
        """A screen's press changed only this part of the screen (call it once for each part;
        a press that calls it for none has the whole screen redrawn). The next draw then
        redraws just these parts: draw.redraw runs the screen's draw with every item outside
        them skipped, and the display pushes only the pages that changed. A press that
        changed nothing says so with an empty part (w or h 0): nothing is redrawn."""
        n = self.region_count
        self.region_count = n + 1
        if n < draw.REGIONS:
            r = self.regions
            r[4 * n] = min(max(x, 0), draw.W)
            r[4 * n + 1] = min(max(y, 0), draw.H)
            r[4 * n + 2] = min(max(x + w, 0), draw.W)
            r[4 * n + 3] = min(max(y + h, 0), draw.H)

    def draw(self):
        n = self.region_count
        self.region_count = 0
        try:
            if self.dirty or n > draw.REGIONS:
                draw.clear(self.fb)
                self.stack[-1].draw(self.fb)
            else:
                draw.redraw(self.fb, self.regions, n, self.stack[-1].draw)
        except Exception as e:  # noqa: BLE001 - as in frame()
            self.crashed(e)
            draw.clear(self.fb)
            self.stack[-1].draw(self.fb)
        self.dirty = False

    def crashed(self, error):
        """An unexpected exception in a screen (a bug): crash.py shows it, logs it, keeps the
        run if it may be saved and brings the menus back. An error while doing that (or a
        second one) goes on to boot.py's last-resort screen."""
        if self.crashing:
            raise error
        self.crashing = True
        load("crash", "recover")(self, error)
        self.crashing = False

    # -- screens ---------------------------------------------------------------------------
    def push(self, screen):
        self.stack.append(screen)
        self._covered(screen.area())

    def pop(self):
        area = None
        if len(self.stack) > 1:
            area = self.stack.pop().area()
        if self.stack[-1].shown():
            area = None
        self._covered(area)

    def _covered(self, area):
        """A screen came or went: a box over the screen below changes only its area (the
        screen below was not redrawn, nor changed, while covered); any other, everything."""
        if area is None:
            self.dirty = True
        else:
            self.changed(area[0], area[1], area[2], area[3])

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

    def check_files(self, store=None):
        """The boot check: read every file once; a damaged one is set aside and a notice says
        so (over whatever screen is up, or, given the store a game's start is using, over
        the game once it is up)."""
        self.files_checked = True
        (store or self.store()).check_files([g[0] for g in load("registry", "GAMES")])
        if store is None:
            forget("store")
            self.show_notices()

    def show_notices(self):
        notices = self.notices
        while notices:
            self.message(notices.pop())

    def store(self):
        """The flash store. Its module loads on first use and leaves RAM when a game starts
        (a game needs it only to save, to end, or for a new achievement); its parts load
        only for the call that needs them (see store.py)."""
        return load("store", "Store")(self.data_dir, self.notices)

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

    def start_game(self, key, options=(), seed=None, log=None, slot=None, screen=None):
        """Start (or, with a log, continue) a game at the end of this frame, once the menu
        code that asked for it has returned: the menus are then dropped from RAM before the
        game's modules load. slot: a campaign slot (see campaigns.py), continued if in use,
        else a new campaign started in it. screen: a continued run's (messages, view) saved
        with it, to come back on that very screen."""
        if seed is None:
            seed = self.new_seed()
        self.starting = (key, tuple(options), seed, log, slot, screen)
        self.dirty = True

    def continue_game(self, key):
        saved = self.store().read_run(key, True)
        if saved is None:
            self.show_notices()
            return
        seed, options, log, screen = saved
        self.start_game(key, options, seed, log, screen=screen)

    def _start(self):
        key, options, seed, log, slot, screen = self.starting
        self.starting = None
        if not self.files_checked:
            # A game started before the boot check's frame (the simulator's --game): the
            # check first, while no game is in RAM; its notices show over the game.
            self.check_files(self.store())
        entry = load("registry", "find")(key)
        self.stack = []
        # (the menus keep the store and a slot game's campaigns module loaded while they are
        # up: each forgotten module is a collection of the heap, ~7 ms on a Pico, at a press)
        # (collected now, before the game loads: collected after its first frame instead, the
        # holes the menus left among the game's objects made the next large allocations
        # search the heap, 1-1.7 M cycles a press in Rogue Solitaire)
        forget("menus", "slotmenu", "results", "helpview", "dialogs", "store", "registry",
               "howto", "achievements", "campaigns")
        error = None
        try:
            if entry is None:
                raise ValueError("no game %r" % key)
            if slot is None and len(entry) > 3 and "slots" in entry[3]:
                slot = 0  # a slot game always runs in a slot (the simulator's --game: the first)
            host = load("host", "GameHost")(self, entry, options, seed, log, slot, screen)
        except Exception as e:  # noqa: BLE001 - shown to the player, the menus come back
            error = str(e)
        if error is None:
            self.stack = [host]
            host.reopen()  # (a campaign stopped with its pause menu open: open again)
            self.dirty = True
            self.show_notices()
            self.later(lambda: self._started(key, host))
            return
        # Out of the except block first: its traceback holds the half-built game.
        host = None
        unload(key)
        self.back_to_menus(key)
        if log is not None:
            # (a continued run that failed to replay: written back, set aside, as a new file)
            store = self.store()
            store.drop_run(key)
            if store.save_run(key, seed, options, log, screen):
                store.set_aside(store.run_name(key), "could not be replayed: " + error,
                                "the saved run")
            self.show_notices()
        else:
            self.message("The game could not start: %s" % error)

    def _started(self, key, host):
        """The game's first frame is on the display: what entering it leaves until then (it
        took 4-10 M cycles of the 100 ms goal). A new game replaces any saved run; a continued
        one is gone once continued (its log is in RAM): the run file is removed now. A cut
        before then leaves the run as it was before the press: no move of the new game has
        been made or seen beyond its first screen."""
        store = self.store()
        store.drop_run(key)
        host.started(store)
        store = None
        self.show_notices()  # (a flash that could not be written says so)
        forget("store")

    def suspend(self):
        """The display is going to sleep: save a game in progress, so that a battery that runs
        out while the handheld sleeps loses nothing. resume() deletes that save again, so it
        can never be used to replay a position (only a game that may be saved now is)."""
        keep_letters = getattr(self.stack[-1], "keep_letters", None) if self.stack else None
        if keep_letters is not None:
            keep_letters()  # a top score's initials as far as entered (results.py)
            return
        host = self.stack[0] if self.stack else None
        game = getattr(host, "game", None)
        if getattr(host, "slot", None) is not None:
            # A campaign is on flash already, saved after every action; the screen it is on
            # (messages still to read) is kept now, so that it comes back on that screen.
            host.keep_screen()
            return
        if game is not None and not game.over and game.can_save():
            if self.store().save_run(host.key, host.seed, host.options, host.log,
                                     host.screen()):
                self.suspended = host.key

    def resume(self):
        """The display woke up: the game is still in RAM, so its sleep-time save goes."""
        if self.suspended is not None:
            self.store().drop_run(self.suspended)
            self.suspended = None

    def leave_game(self, key, result=None, save=None):
        """Leave the running game at the end of this frame: to its menu, then the game-over
        screen if result (its arguments) is given, or with the run saved if save
        (seed, options, log, screen) is given."""
        self.leaving = (key, result, save)
        self.dirty = True

    def _leave(self):
        key, result, save = self.leaving
        self.leaving = None
        self.stack = []
        # (one collection of the heap for both: each took ~1 M cycles of leaving a game)
        unload(key, collect=False)
        if not forget("host", "dialogs", "helpview", "campaigns"):
            gc.collect()
        # The run is saved before the menus are built: the game's menu the message is drawn
        # over lists "Continue saved run" already, its cursor on it.
        saved = save is not None and self.store().save_run(key, save[0], save[1], save[2],
                                                           save[3])
        self.back_to_menus(key)
        if result is not None:
            self.push(load("results", "GameOver")(self, *result))
        elif saved:
            self.message("Run saved. Continue it from the game's menu.")
        elif save is not None:
            # Nothing is lost: the game comes back by replaying its log, and the notice
            # (flash full...) is shown over it.
            seed, options, log, screen = save
            self.start_game(key, options, seed, log, screen=screen)

    def back_to_menus(self, key=None):
        """After a game: title, game list and that game's menu, as the player left them."""
        self.stack = load("menus", "rebuild")(self, key)
        self.dirty = True


def load(module, name):
    """A name from one of the platform's load-on-demand modules (see the top of this file)."""
    return getattr(__import__("deckdelve." + module, None, None, (name,)), name)


def forget(*modules):
    """Drop platform modules from RAM (they load again when next needed); the heap is
    collected if one was loaded (a collection costs 0.6-2.7 M cycles on the Pico). True if
    it was."""
    pkg = sys.modules.get("deckdelve")
    dropped = False
    for m in modules:
        if sys.modules.pop("deckdelve." + m, None) is not None:
            dropped = True
        if pkg is not None and hasattr(pkg, m):
            try:
                delattr(pkg, m)
            except (AttributeError, TypeError):
                pass
    if dropped:
        gc.collect()
    return dropped


def table_key(key, options):
    return key + "/" + ",".join(options) if options else key


def mode_title(entry, options):
    """A game's title with the mode its options choose ("Rogue Solitaire: Campaign"), for
    the game-over screen and the score table, which would otherwise not say which mode's."""
    for label, opts in entry[2]:
        if tuple(opts) == tuple(options) and label:
            return "%s: %s" % (entry[1], label)
    return entry[1]


def unload(key, collect=True):
    """Forget a game's modules so that their RAM is freed (they load again on the next start);
    collect=False leaves the collection of the heap to the caller."""
    for name in list(sys.modules):
        if name.startswith("deckdelve.games." + key) or name.startswith("deckdelve.ui." + key):
            del sys.modules[name]
    for pkg_name in ("deckdelve.games", "deckdelve.ui"):
        pkg = sys.modules.get(pkg_name)
        if pkg is None:
            continue
        # (the package's __dict__, not dir(pkg): MicroPython's dir() tries every interned name
        # there is, 26 ms on a Pico running the firmware image)
        for attr in [a for a in pkg.__dict__ if a.startswith(key)]:
            try:
                delattr(pkg, attr)
            except (AttributeError, TypeError):
                pass
    if collect:
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

    def area(self):
        """The part of the screen this one covers, (x, y, w, h), when it is a box drawn over
        the screen below it (Message, Confirm); None when it fills the screen."""
        return None

    def shown(self):
        """Called when the screen is on top again after the one above it went away; True if
        that changed what it shows (it is then redrawn whole)."""
        return False


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

    def area(self):
        x, y, w, h = draw.message_box(self.lines)
        return x, y, w + 1, h + 1  # (and the shadow)

    def draw(self, fb):
        under = self.app.below(self)
        if under is not None:
            under.draw(fb)
        draw.message(fb, self.lines)


# A menu's rows: 7 pixels each, the first bar's top at ROW_Y, under the title's line. The
# bars start one pixel right of the scroll arrows (x 0..4), never touching them.
ROW_X = 6
ROW_Y = 9
ROW_W = 116


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
            was = self.index
            top = self.top
            self.index = (self.index + (1 if button == DOWN else n - 1)) % n
            if self.index < self.top:
                self.top = self.index
            elif self.index >= self.top + self.ROWS:
                self.top = self.index - self.ROWS + 1
            if self.top == top:  # only the rows left and entered change (a scroll: all)
                self._row_changed(was - top)
                self._row_changed(self.index - top)
            self.app.play(sound.CLICK)
        elif button == A:
            self.app.play(sound.OK)
            self.on_choose(self.index)
        elif button == B:
            if self.on_back is not None:
                self.on_back()
            else:
                self.app.pop()
        else:
            self.app.changed(0, 0, 0, 0)  # LEFT, RIGHT: nothing to redraw

    def _row_changed(self, row):
        """The bar of the row-th row on screen (its text one pixel below its top) changed."""
        self.app.changed(ROW_X, ROW_Y + row * 7, ROW_W, 7)

    def draw(self, fb):
        draw.center(fb, self.title, 1)
        fb.hline(0, 7, 128, 1)
        for row in range(self.ROWS):
            i = self.top + row
            if i >= len(self.items):
                break
            draw.bar(fb, self.items[i], ROW_X, ROW_Y + 1 + row * 7, ROW_W, i == self.index)
        # A list longer than the screen shows that it scrolls: arrows at the left where rows
        # are hidden, and a bar at the right edge.
        if self.top > 0:
            draw.text(fb, draw.ARROW_U, 0, 10)
        if self.top + self.ROWS < len(self.items):
            draw.text(fb, draw.ARROW_D, 0, 52)
        draw.scrollbar(fb, 125, 9, 7 * self.ROWS, self.top, self.ROWS, len(self.items))
