# The web page's board: the devices of the handheld for the firmware running on MicroPython
# compiled to WebAssembly (web/board.js loads it; web/page.js is the page). Like a board file
# for the Pico, this changes only the hardware: the app, the frame loop (deckdelve.boot's
# Console), the power saving, the buzzer's jingles and the store are the firmware's own.
#
#   display  a framebuf over a 1024-byte bytearray that the page reads straight out of the
#            WebAssembly memory (at `address`) whenever `changes` moves on
#   buttons  the held mask the page sets from its keys and touch buttons, once a frame
#   buzzer   deckdelve.hw.buzzer.Buzzer on a "PWM" whose freq/duty the page plays (WebAudio)
#   flash    MicroPython's in-memory filesystem; the page copies /data and the error log to
#            the browser's storage after every frame and writes them back before start
#   clock    milliseconds that the page advances every step (real time on the page, fixed
#            steps in the tests), so the same presses at the same times give the same pixels
#   power    the screen never dims nor switches off (boot.start's sleeps=False): in a page,
#            a black screen looks like a crash. What the Pico does as its display sleeps,
#            saving a run where its rules allow (App.suspend), the page does as it is hidden
#            or closed: suspend() and resume(), by the same rules.
#
# And for the page's own tools: which files it may import (kept_limit), and The Four's
# notebook (campaign, journal, note): the campaign's journal, and the player's own lines
# written into it.
#
# The page drives the frames (requestAnimationFrame calls step()): a loop here would freeze it.
import sys
import time

import framebuf

from deckdelve import boot

WIDTH = 128
HEIGHT = 64
DATA_DIR = "/data"
LOG_FILE = "/data/error.log"  # in the data folder, so that the page keeps it like a save
RESTART = -1  # step()'s answer when the player asks to restart after an error
# A journal line's turn, as the firmware writes it (deckdelve/games/the_four_words.py:
# "T:<turn> <text>"; tests/test_web_tool.py plays The Four and checks every line against it):
# the page's Markdown story groups lines by it.
TURN_MARK = "T:"
# The player's own lines in a campaign's journal: "T:<turn> > <words>", at most NOTE_LINE
# characters of words a line (the device's journal view then wraps one to at most 7 of its
# 9 rows), no word longer than WORD_MAX (the view does not break words), NOTE_MAX characters
# a note (the campaign's snapshot carries them until the journal has them: far below its
# 16 KiB).
NOTE_MARK = " > "
NOTE_LINE = 100
WORD_MAX = 24
NOTE_MAX = 1000


class Display(framebuf.FrameBuffer):
    """The OLED: the same methods as deckdelve.hw.oled's drivers. `changes` counts what the
    page must repaint for: a frame shown, the contrast set, the panel switched off or on."""

    def __init__(self):
        self.buf = bytearray(WIDTH * HEIGHT // 8)
        super().__init__(self.buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        import uctypes  # (here: the tests use this module's notes under CPython too)

        self.address = uctypes.addressof(self.buf)
        self.level = 255  # the contrast last set, 0..255
        self.on = True
        self.changes = 0

    def show(self):
        self.changes += 1

    def contrast(self, level):
        self.level = level
        self.changes += 1

    def poweroff(self):
        self.on = False
        self.changes += 1

    def poweron(self):
        self.on = True
        self.changes += 1

    def rotate(self, degrees):
        pass  # the page is never mounted upside down


class Buttons:
    def __init__(self):
        self.held = 0  # deckdelve.buttons bits, set by the page before each frame

    def read(self):
        return self.held


class PWM:
    """The buzzer pin as the page's sound: `audio` is a JavaScript object with freq(hz) and
    duty_u16(duty) (a square-wave oscillator; duty 0 is silence)."""

    def __init__(self, audio):
        self.audio = audio

    def freq(self, hz):
        self.audio.freq(hz)

    def duty_u16(self, duty):
        self.audio.duty_u16(duty)


class Sound:
    """The buzzer on the board's clock: the app's play(effect) gives no time, and the Pico's
    Buzzer then reads time.ticks_ms(), which here is not the clock the frames run on."""

    def __init__(self, buzzer, board):
        self.buzzer = buzzer
        self.board = board

    def play(self, effect):
        self.buzzer.play(effect, self.board.now)

    @property
    def notes(self):
        """The effect playing, or None: boot.Console calls update() only while one plays."""
        return self.buzzer.notes

    def update(self, now):
        self.buzzer.update(now)

    def stop(self):
        self.buzzer.stop()


class Board:
    def __init__(self, seed, audio=None):
        from deckdelve.hw.buzzer import Buzzer

        self.display = Display()
        self.buttons = Buttons()
        self.now = time.ticks_ms()  # the power-saving timer starts from the same clock
        boot.splash(self.display)
        buzzer = None if audio is None else Sound(Buzzer(PWM(audio)), self)
        self.console = boot.start(self.display, self.buttons, buzzer, DATA_DIR, seed=seed,
                                  sleeps=False)
        self.failed = False  # an error is on the screen: the next press restarts
        self.waiting_release = False

    def step(self, held, elapsed_ms):
        """One frame of the handheld with these buttons held, elapsed_ms after the last one.
        Returns the display's change count (or RESTART). Allocates nothing on an idle frame."""
        self.now = time.ticks_add(self.now, elapsed_ms)
        if self.failed:
            return self.after_error(held)
        self.buttons.held = held
        try:
            self.console.frame(self.now)
        except Exception as e:  # noqa: BLE001 - shown and logged as on the Pico, never frozen
            self.fail(e)
        return self.display.changes

    def fail(self, error):
        """As deckdelve.boot.fail on the Pico, without blocking: log the error, print it (the
        browser's console), show it; the next press restarts (the page reloads)."""
        boot.log(error, LOG_FILE)
        sys.print_exception(error)
        boot.error_screen(self.display, "%s: %s" % (type(error).__name__, error))
        self.failed = True
        self.waiting_release = True

    def after_error(self, held):
        if self.waiting_release:
            self.waiting_release = held != 0
            return self.display.changes
        return RESTART if held else self.display.changes


    # -- the page hidden or closed -----------------------------------------------------------
    def suspend(self):
        """The page is hidden, or about to close or reload: save the game in progress where
        its rules allow, as the Pico does when its display sleeps (App.suspend). A campaign
        is on flash already."""
        if not self.failed:
            self.console.app.suspend()

    def resume(self):
        """The page is shown again: the game is still in RAM, so that save goes (App.resume):
        it can never be used to replay a position."""
        if not self.failed:
            self.console.app.resume()

    def screen(self):
        """The name of the screen on top ("Settings", "GameHost"...), or "" after an error:
        the page says what a screen's setting means there (Sleep)."""
        stack = self.console.app.stack
        return type(stack[-1]).__name__ if stack and not self.failed else ""

    def playing(self):
        """The key of a game being played whose run is not on flash (not a campaign), or
        None: what "Export saves" then leaves out."""
        stack = self.console.app.stack
        host = stack[0] if stack and not self.failed else None
        game = getattr(host, "game", None)
        if game is None or host.campaign is not None or game.over:
            return None
        return host.key

    # -- The Four's notebook --------------------------------------------------------------
    def open_host(self):
        """The game's host when a campaign (a slot game) is being played, else None."""
        stack = self.console.app.stack
        host = stack[0] if stack and not self.failed else None
        if getattr(host, "campaign", None) is None:
            return None
        return host

    def campaign(self):
        """The campaign being played as "<key>\t<slot>\t<game's title>\t<slot label>", or
        None."""
        host = self.open_host()
        if host is None:
            return None
        return "%s\t%d\t%s\t%s" % (host.key, host.slot, host.entry[1], host.game.slot_label())

    def journal(self):
        """The open campaign's journal, newest line first, one line each, or None."""
        host = self.open_host()
        if host is None:
            return None
        from deckdelve.campaigns import journal

        return "\n".join(journal(DATA_DIR, host.key, host.slot, 0, 1 << 20))

    def note(self, text):
        """The player's own words into the open campaign's journal (write_note). Returns the
        number of lines, 0 for nothing to write, -1 when no campaign is open or the save
        failed (the store's notice says why, on the screen)."""
        host = self.open_host()
        if host is None:
            return -1
        n = write_note(host, text)
        if n < 0:
            self.console.app.show_notices()
        return n


def write_note(host, text):
    """The player's words into the campaign of a game's host, as lines of their own
    (note_lines), saved as an action's lines are: in the campaign's snapshot, then the
    journal (campaigns.Campaign.save, power-cut safe). The number of lines, or -1 when the
    save failed."""
    lines = note_lines(getattr(host.game, "turn", 0), text)
    if not lines:
        return 0
    campaign = host.campaign
    for line in lines:
        # The lines a save carries and then appends (see campaigns.py): the player's go the
        # same way as the game's own.
        campaign.unwritten += line + "\n"
    # With the screen the host is on (its messages still to read, its view): a note written
    # while a message waits must not drop it from the slot (a reload comes back on it).
    saved = campaign.save(Unchanged(host.game), host.pending, host.view())
    return len(lines) if saved else -1


class Unchanged:
    """A campaign's game as Campaign.save sees it when a note is saved: the same snapshot and
    label, and no journal lines of its own (its last action's lines, which journal_lines()
    gives until the next action, are in the journal already)."""

    def __init__(self, game):
        self.game = game

    def snapshot(self):
        return self.game.snapshot()

    def slot_label(self):
        return self.game.slot_label()

    def journal_lines(self):
        return ()


def note_lines(turn, text):
    """The journal lines of a note: each paragraph of text, words wrapped at NOTE_LINE
    characters; a character the journal cannot hold (it is printable ASCII) becomes "?"
    (the page has already turned accents and typographic quotes into ASCII)."""
    text = text[:NOTE_MAX]
    out = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            word = "".join(c if " " < c <= "~" else "?" for c in word)
            while word:
                part = word[:WORD_MAX]
                word = word[WORD_MAX:]
                if line and len(line) + 1 + len(part) > NOTE_LINE:
                    out.append(line)
                    line = ""
                line = line + " " + part if line else part
        if line:
            out.append(line)
    prefix = "%s%d%s" % (TURN_MARK, turn, NOTE_MARK)
    return [prefix + line for line in out]


def kept_limit(name):
    """The most bytes the firmware reads of a file of this name in its data folder (the
    limit past which it sets one aside), or 0 for a name it does not keep there: what the
    page's "Import saves" takes."""
    from deckdelve import campaigns, runs, store
    from deckdelve.registry import GAMES

    if name in store.WHAT or name == runs.COUNTERS:
        return store.SMALL_LIMIT
    names = store.Store(DATA_DIR)
    for game in GAMES:
        key = game[0]
        if name == names.run_name(key):
            return runs.RUN_LIMIT
        if len(game) > 3 and "slots" in game[3]:
            for slot in range(campaigns.SLOTS):
                if name == campaigns._name(key, slot):
                    return campaigns.SNAPSHOT_LIMIT
                if name in (campaigns._journal_name(key, slot, 0),
                            campaigns._journal_name(key, slot, 1)):
                    return campaigns.JOURNAL_MAX + campaigns.SNAPSHOT_LIMIT
    return 0


def check_import(folder):
    """The firmware's own checks, as at power-on (Store.check_files, and each campaign's
    snapshot restored by its game), run on a folder of files about to be imported, before
    anything of the player's is replaced. Returns "name\twhy" lines for the files left out:
    each one the checks set aside (with the store's notice), and the whole of a campaign
    when any of its files is, or when its snapshot or its journal is missing (the two go in
    together or not at all). The folder is the page's scratch space: the checks may rename
    and write in it."""
    import os

    from deckdelve import campaigns
    from deckdelve.registry import GAMES, load
    from deckdelve.store import Store, campaign_prefix

    before = sorted(os.listdir(folder))
    store = Store(folder)
    store.load_settings()
    store.check_files([game[0] for game in GAMES])
    for game in GAMES:  # a snapshot is only whole once its game has restored it
        if len(game) > 3 and "slots" in game[3]:
            for slot in range(campaigns.SLOTS):
                c = campaigns.Campaign(folder, game[0], slot, store.notices)
                if c.store.is_file(c.name):
                    c.load(load(game[0]).Game)
    notices = " ".join(store.notices)
    out = {}
    for name in os.listdir(folder):  # what the checks set aside, as <name>.badN
        if name not in before and ".bad" in name:
            aside = name[:name.rfind(".bad")]
            if aside in before:
                out[aside] = _why(aside, notices)
    for game in GAMES:
        if len(game) > 3 and "slots" in game[3]:
            for slot in range(campaigns.SLOTS):
                base = "%s%d" % (campaign_prefix(game[0]), slot)
                own = [n for n in before if n.rpartition(".")[0] == base]
                if not own:
                    continue
                has_snapshot = base + ".sav" in own
                has_journal = base + ".j0" in own or base + ".j1" in own
                # (a snapshot set aside takes its journal along: the snapshot is the cause)
                bad = [n for n in own if n in out and n.endswith(".sav")]
                bad += [n for n in own if n in out and not n.endswith(".sav")]
                if bad:
                    why = "campaign %d, with %s: %s" % (slot + 1, bad[0], out[bad[0]])
                elif not has_snapshot:
                    why = "a journal without its campaign's snapshot (%s.sav)" % base
                elif not has_journal:
                    why = "a campaign's snapshot without its journal (%s.j0/.j1)" % base
                else:
                    continue
                for n in own:
                    if not bad or n != bad[0]:
                        out[n] = why
    return "\n".join("%s\t%s" % (n, out[n]) for n in before if n in out)


def _why(name, notices):
    """The reason a store notice gives for a file set aside ("...(name: why)...")."""
    at = notices.find("(" + name + ": ")
    if at < 0:
        return "damaged"
    at += len(name) + 3
    end = notices.find("); the file", at)
    return notices[at:end if end >= 0 else notices.find(")", at)]


def start(seed, audio=None):
    """The board the page steps; seed deals the first game (the next ones count up from it)."""
    return Board(seed, audio)
