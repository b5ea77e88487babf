# The Four: the scene. A solo roleplaying companion: the screen is the character sheet, the
# deck, the dice, the table and the notebook's log; the player does the imagining.
#
# Keys, the same everywhere in the game:
#   UP/DOWN  move the cursor in the list on screen (actions, cards of a flip, ratings)
#   A        do what the cursor is on (a row that opens a smaller list opens it)
#   B        back out of a smaller list or a page; with nothing to back out of, pause
#   RIGHT    The Four table, over whatever is on screen (any key but UP/DOWN closes it):
#            "Learn it, and you've learned the game", so it is always one press away
#   LEFT     the next page: PLAY (the sheet and what to do) -> STORY (the journal, newest
#            first; A shows its detail or the story again) -> WORLD (threats with their Grip,
#            the Spread, the spades row, the deck) -> PLAY
#
# The PLAY page shows what the phase asks for: character creation, the sheet with the list of
# actions, a flip (the cards, the one under the cursor or kept, the band and the suit's full
# reading), the spark draw, a new Spread, the Scar to take, the end. An Oracle answer is shown
# on its own screen until a key is pressed. Every action on offer comes from game.actions(),
# so the cursor offers only legal choices. The journal is read from flash a page at a time
# (campaigns.journal, for host.slot; none when the game runs without a slot, e.g. in tests).
#
# RAM: the screens shown now and then (The Four table, the world page, the journal, the
# Oracle, character creation, a new Spread's choice) are drawn by ui/the_four_pages.py, which
# loads when one of them opens and leaves RAM when none is on screen (see press()).
import sys

from deckdelve import buttons
from deckdelve.cards import NONE
from deckdelve.games import the_four as F
from deckdelve.games import the_four_words as W
from deckdelve.ui import draw

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


PLAY = const(0)
LOG = const(1)  # (the story one LEFT from the sheet: issue 34)
WORLD = const(2)
PAGES = const(3)

# Rows of a list that are not actions (actions are < 2**16): a row that opens a smaller list
# (OPEN | menu << 8 | arg), a creation rating row (RATE | suit: A adds a dot, or takes the
# rating back to 1 when no dot can be added), and a creation row of words only (INFO | k).
OPEN = const(1 << 16)
RATE = const(2 << 16)
INFO = const(4 << 16)  # creation: a row that only says what a part of the sheet is (INFO | k)
# The main list's row of an action used up for now (USED | kind << 8: the Quiet until the
# shuffle): it keeps its place, so that the rows under it never move, and A on it does nothing.
USED = const(8 << 16)
# The overrule list's first row: keep the suit read and go back (a Spark is one move away).
KEEP_SUIT = const(16 << 16)
SHEET_PARTS = const(4)  # Harm, Spark, Scars, the Pressure Die
MAIN = const(0)
M_TURN = const(1)  # which rating to flip
M_AGAINST = const(2)  # against which threat (arg: suit, 4 = Power)
M_SOURCE = const(3)  # the Source's domain
M_ORIGIN = const(4)  # the Source's origin
M_OVERRULE = const(5)  # which suit to read instead
POWER_ARG = const(4)

LIST_X = 64  # the action list beside the sheet
LIST_ROWS = 8  # rows of the list; under them two lines (FOOT_Y): a prompt, or the turn,
LIST_PITCH = 6  # the deck and the keys of the pages
FOOT_Y = 51
CREATE_ROWS = 7
LOG_ROWS = 9
CARDS_Y = 6  # a flip's cards
BAND_Y = 22  # the band and the suit's reading below the cards

# The Four's rows (the word tables of the_four_words, index = suit): four(suit, field) picks one.
FIELDS = (W.AXES, W.AXIS_WORDS, W.STATS, W.THREATS, W.THREAT_WORDS, W.WORLD, W.DOMAINS,
          W.DOMAIN_WORDS)
AXIS = const(0)
AXIS_WORDS = const(1)
STAT = const(2)
THREAT = const(3)
THREAT_WORDS = const(4)
HOLDS = const(5)
DOMAIN = const(6)
DOMAIN_WORDS = const(7)

BANDS = "IT GOES WRONG|YES, BUT / NO, BUT|IT GOES WELL"

# Every other sentence of the scene, one string (see red_queen.py for why).
WORDS = (
    "Turn|Power|Spark draw|Deal a threat|The Quiet|Oracle|Roll the d6|Scene break|no threat|"
    "A: keep %s|A: flip %d more, keep it|A: accept|A: bump up a band|A: bump down a band|"
    "A: overrule the suit|A: keep %s for the fiction|A: keep this Spread|A: deal a new three|"
    "%s %d TO %d|SOURCE|ORIGIN|BEGIN|The deck is shuffled: %d cards.|The Spread is kept.|"
    "A new Spread: the Draw %s, the Wall %s, the Prize %s.|%s: Grip %d left.|"
    "%s: yes, but it costs you.|%s is done.|"
    "Harm %d of %d.|Harm %d of %d: %s lands on you.|It happens anyway. How: %s, %s.|"
    "You are Out. Defeat (%s): %s.|Scar: %s drops to %d.|"
    "The fifth defeat. The story ends after %d turns. Write its end.|"
    "The pressure lands: %s. Read them together.|"
    "Something arrives in the flesh: %s, %s, Grip %d.|"
    "No body comes (%s): the situation itself worsens.|The Pressure Die is back at %d.|"
    "A threat: %s, %s, Grip %d.|Spark draw: %s kept. Spark %d.|"
    "The Quiet: Harm cleared, Spark %d.|The other d6 (not the Pressure Die) says %d.|"
    "Scene %d begins.|"
    "SPARK DRAW: KEEP ONE| It has a name.|\x0bSTORY \x06THE FOUR|THE WORLD HOLDS: |"
    "A threat is live. Are you alone, off the road, with nothing pressing?|"
    "For %d Spark one more card is flipped and kept, whatever it is, in place of any card "
    "here.|"
    "%d Spark: %s is flipped and kept. Not kept: %s."
)
_W_MAIN = const(0)  # 8 rows: Turn .. Scene break, in MAIN_KINDS order
_W_NO_THREAT = const(8)
_W_KEEP = const(9)
_W_MORE = const(10)
_W_ACCEPT = const(11)
_W_BUMP_UP = const(12)
_W_BUMP_DOWN = const(13)
_W_OVERRULE = const(14)
_W_PICK = const(15)
_W_SPREAD_KEEP = const(16)
_W_SPREAD_NEW = const(17)
_W_SCAR = const(18)
_W_SOURCE = const(19)
_W_ORIGIN = const(20)
_W_BEGIN = const(21)
_W_SHUFFLE = const(22)
_W_SPREAD_KEPT = const(23)
_W_SPREAD_DEALT = const(24)
_W_STRIP = const(25)
_W_COST = const(26)
_W_DONE = const(27)
_W_HARM = const(28)
_W_HARM_BY = const(29)
_W_HOW = const(30)
_W_OUT = const(31)
_W_SCARRED = const(32)
_W_END = const(33)
_W_LANDING = const(34)
_W_ARRIVAL = const(35)
_W_WORSENS = const(36)
_W_RESET = const(37)
_W_THREAT = const(38)
_W_SPARK = const(39)
_W_QUIET = const(40)
_W_ROLL = const(41)
_W_SCENE = const(42)
_W_PICK_TITLE = const(43)
_W_NAMED = const(44)
_W_PAGES_KEYS = const(45)
_W_HOLDS = const(46)
_W_QUIET_ASK = const(47)
_W_MORE_SAYS = const(48)
_W_MORE_KEPT = const(49)

MAIN_KINDS = (F.TURN, F.POWER, F.SPARK_DRAW, F.THREAT, F.QUIET, F.ORACLE, F.ROLL, F.SCENE)


def words(i):
    return draw.part(WORDS, i)


def four(suit, field):
    """One field of The Four for a suit (0..3 = spades, hearts, diamonds, clubs)."""
    return FIELDS[field][suit]


def threat_name(card):
    """'7<heart> BINDER'."""
    return draw.label(card) + " " + four(card // 13, THREAT)


class Scene:
    END_HEADLINE = "THE END"  # the game-over screen's big word: a story ends, it is not lost

    def __init__(self, host):
        self.host = host
        self.page = PLAY
        self.showing_four = False
        self.four_suit = 0
        self.menu = MAIN
        self.menu_arg = 0
        self.items = []
        self.index = 0
        self.top = 0
        self.oracle_shown = False  # the Oracle's answer on screen until a key
        # The Oracle and the Quiet ask first (what to ask; to write in the character's voice):
        # the action waiting for A on its own screen (F.ORACLE or F.QUIET), else 0.
        self.asking = 0
        self.flipped = NONE  # the rating being flipped (a Turn's): the rules keep no record
        self.world_top = 0
        self.log_skip = 0  # journal lines skipped from the newest
        self.log_back = []  # log_skip of each newer page, for UP
        self.log_rows = None  # the journal page on screen (wrapped), read when it is opened
        self.log_indent = bytearray(LOG_ROWS)  # 1: a row continues the line above
        self.log_shown = 0  # journal lines on this page
        self.log_more = False  # older lines follow
        self.log_detail = False  # the journal's lines whole (the rules' detail), not the story
        self.question = 0  # the Quiet's question to open again after a stop (see set_view)
        self._refresh()

    # ---- the list under the cursor ------------------------------------------------------

    def _refresh(self):
        g = self.host.game
        acts = g.actions()
        items = []
        m = self.menu
        phase = g.phase
        if phase == F.CREATE:
            if m == M_SOURCE:
                items = [a for a in acts if a >> 8 == F.SOURCE]
            elif m == M_ORIGIN:
                items = [a for a in acts if a >> 8 == F.ORIGIN]
            else:
                items = [RATE | s for s in range(4)]
                items.append(OPEN | M_SOURCE << 8)
                items.append(OPEN | M_ORIGIN << 8)
                if F.BEGIN << 8 in acts:
                    items.append(F.BEGIN << 8)
                for k in range(SHEET_PARTS):
                    items.append(INFO | k)
        elif phase == F.IDLE:
            if m == M_TURN:
                for a in acts:
                    if a >> 8 == F.TURN and (a & 0xFF) >> 2 == 0:
                        items.append(self._against_or(a, a & 3, acts))
            elif m == M_AGAINST:
                kind = F.POWER if self.menu_arg == POWER_ARG else F.TURN
                for a in acts:
                    if a >> 8 == kind and (kind == F.POWER or a & 3 == self.menu_arg):
                        items.append(a)
            else:
                for kind in MAIN_KINDS:
                    for a in acts:
                        if a >> 8 == kind:
                            if kind == F.TURN:
                                items.append(OPEN | M_TURN << 8)
                            elif kind == F.POWER:
                                items.append(self._against_or(a, POWER_ARG, acts))
                            else:
                                items.append(a)
                            break
                    else:
                        if kind == F.QUIET:  # used this shuffle: its row stays, marked
                            items.append(USED | kind << 8)
        elif phase == F.RESULT and m == M_OVERRULE:
            items = [KEEP_SUIT]
            items += [a for a in acts if a >> 8 == F.OVERRULE]
        elif phase == F.RESULT:
            for kind in (F.ACCEPT, F.BUMP):
                for a in acts:
                    if a >> 8 == kind:
                        items.append(a)
            for a in acts:
                if a >> 8 == F.OVERRULE:
                    items.append(OPEN | M_OVERRULE << 8)
                    break
        else:  # KEEP, PICK, SPREAD, SCAR: every action is a row, in the game's order
            items = acts
        if not items and m != MAIN:
            self.menu = MAIN
            self._refresh()
            return
        self.items = items
        if self.index >= len(items):
            self.index = 0
        self._scroll()

    def _against_or(self, a, arg, acts):
        """The row for a Turn or Power: the action itself when no threat is live, else a row
        that opens the list of what to flip against."""
        kind = a >> 8
        for b in acts:
            if b >> 8 == kind and b != a and (kind == F.POWER or b & 3 == a & 3):
                return OPEN | M_AGAINST << 8 | arg
        return a

    def _scroll(self):
        rows = CREATE_ROWS if self.host.game.phase == F.CREATE else LIST_ROWS
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + rows:
            self.top = self.index - rows + 1

    def current(self):
        """The row under the cursor (an action, or an OPEN/RATE row), or None."""
        return self.items[self.index] if self.items else None

    def _open(self, menu, arg=0):
        self.menu = menu
        self.menu_arg = arg
        self.index = 0
        self.top = 0
        self._refresh()
        if menu == M_AGAINST and len(self.items) > 1:
            self.index = 1  # a threat is live: the first one, not "no threat" (row 0)

    # ---- input --------------------------------------------------------------------------

    def press_over_message(self, button):
        """A press while the host's message box waits: RIGHT opens The Four over it (UP/DOWN
        turn its rows, any other key closes it and the message is back)."""
        if self.showing_four or button == buttons.RIGHT:
            return self.press(button)
        return False

    def message_hidden(self):
        return self.showing_four

    def press(self, button):
        used = self._press(button)
        if not self._on_pages():
            drop_pages()
        return used

    def _press(self, button):
        sheet = self._sheet_shown()  # before the press: it may close the oracle's page
        if self.showing_four:
            if button == buttons.UP or button == buttons.DOWN:
                self.four_suit = (self.four_suit + (1 if button == buttons.DOWN else 3)) % 4
            else:
                self.showing_four = False
            return True
        if button == buttons.RIGHT:
            self.showing_four = True
            g = self.host.game
            s = self._suit_on_screen(g)
            if s >= 0:
                self.four_suit = s
            return True
        if self.oracle_shown:
            self.oracle_shown = False
            if button == buttons.A or button == buttons.B:
                return True
        if self.asking:  # A does what was asked; B goes back without doing it
            if button == buttons.A:
                self.host.act(self.asking << 8)
            elif button == buttons.B:
                self.asking = 0
            return True
        if button == buttons.LEFT:
            self._turn_page()
            return True
        if self.page == WORLD:
            return self._press_world(button)
        if self.page == LOG:
            return self._press_log(button)
        n = len(self.items)
        if button == buttons.UP or button == buttons.DOWN:
            was = self.index
            top = self.top
            if n:
                self.index = (self.index + (1 if button == buttons.DOWN else n - 1)) % n
                self._scroll()
            if sheet and self._sheet_shown():
                # A move in the action list: the sheet beside it stays (see draw.redraw), and
                # without a scroll only the rows left and entered change (each row's bar is
                # LIST_PITCH + 1 high, from a pixel above its text).
                if n and self.top == top:
                    for i in (was, self.index):
                        self.host.changed(LIST_X, (i - top) * LIST_PITCH, draw.W - LIST_X,
                                          LIST_PITCH + 1)
                else:
                    self.host.changed(LIST_X - 2, 0, draw.W - LIST_X + 2, draw.H)
            return True
        if button == buttons.A:
            item = self.current()
            if item is not None:
                self._choose(item)
            return True
        if button == buttons.B and self.menu != MAIN:
            back = M_TURN if self.menu == M_AGAINST and self.menu_arg != POWER_ARG else MAIN
            self._open(back)
            return True
        return False

    def _turn_page(self):
        self.page = (self.page + 1) % PAGES
        if self.page == LOG:
            self.log_skip = 0
            self.log_back = []
            load_pages().read_log(self)
        else:
            self.log_rows = None  # the journal page leaves RAM with the page

    def _press_world(self, button):
        if button == buttons.UP:
            self.world_top = max(0, self.world_top - 1)
        elif button == buttons.DOWN:
            self.world_top = min(max(0, self.host.game.live_threats() - 4), self.world_top + 1)
        elif button == buttons.A or button == buttons.B:
            self.page = PLAY
        return True

    def _press_log(self, button):
        if button == buttons.UP and self.log_more:  # back in time
            self.log_back.append(self.log_skip)
            self.log_skip += self.log_shown
            load_pages().read_log(self)
        elif button == buttons.DOWN and self.log_back:
            self.log_skip = self.log_back.pop()
            load_pages().read_log(self)
        elif button == buttons.A:  # the story, or its lines with the rules' detail
            self.log_detail = not self.log_detail
            self.log_skip = 0
            self.log_back = []
            load_pages().read_log(self)
        elif button == buttons.B:
            self.page = PLAY
            self.log_rows = None
        return True

    def _choose(self, item):
        g = self.host.game
        if item & INFO or item & USED:
            return  # only words: what this part of the sheet is; an action used up for now
        if item & KEEP_SUIT:
            self._open(MAIN)  # (the result's list, its cursor on ACCEPT)
            return
        if item & OPEN:
            self._open((item >> 8) & 0xFF, item & 0xFF)
            return
        if item & RATE:
            s = item & 3
            if F.DOT << 8 | s in g.actions():
                self.host.act(F.DOT << 8 | s)
            else:
                while g.ratings[s] > 1 and F.UNDOT << 8 | s in g.actions():
                    self.host.act(F.UNDOT << 8 | s)
            self._refresh()
            return
        kind = item >> 8
        if kind == F.QUIET and g.live_threats():
            # D12: whether a live threat presses now is the fiction's: the player says (yes:
            # on to the Quiet's own screen).
            self._ask_quiet()
            return
        if kind == F.ORACLE or kind == F.QUIET:
            self.asking = kind  # its own screen first: A there does it (see _press)
            return
        self.host.act(item)  # (then acted(), which the host calls)

    def acted(self, action):
        """After an action, before a campaign is saved (GameHost.act calls this, so that the
        screen saved is the one the action leaves): the screen it leads to, and the cursor
        back at the top of the main list, so that A pressed again never does the same thing
        twice (a second Spark spent, a second threat dealt). A dot added or taken back in
        creation keeps the cursor on its row."""
        kind = action >> 8
        self.asking = 0
        if kind == F.ORACLE:
            self.oracle_shown = True
        elif kind == F.TURN:
            self.flipped = action & 3
        if kind != F.DOT and kind != F.UNDOT:
            self.menu = MAIN
            self.index = 0
            self.top = 0
        self._refresh()
        if kind == F.SOURCE or kind == F.ORIGIN:
            # creation: back on the row that opened the list (A there opens it again),
            # never on GRIT, where A could take a rating back to 1
            opened = OPEN | (M_SOURCE if kind == F.SOURCE else M_ORIGIN) << 8
            self.index = self.items.index(opened)
            self._scroll()

    def press_at_end(self, button):
        """The story has ended (GameHost): its pages and The Four can still be read; A on the
        sheet goes on to the score, B pauses (False: the host's)."""
        if self.showing_four or self.page != PLAY or button == buttons.LEFT or \
                button == buttons.RIGHT:
            return self.press(button)
        return False

    # The screen, for a campaign to come back to after a stop (campaigns.py saves it with
    # the snapshot): page, The Four's suit + 1 (0: not shown), the Oracle's answer shown,
    # what is being asked, the list (menu, its arg, cursor, top), the world page's top,
    # the rating being flipped + 1 (0: none), the journal lines skipped (its page), the
    # Quiet's question with a threat live (0: not open, 1: on NO, 2: on YES).
    _VIEW_MAX = (PAGES - 1, 4, 1, F.SCENE, M_OVERRULE, POWER_ARG, 255, 255, F.MAX_THREATS, 4,
                 0xFFFF, 2, 1)
    _VIEW_V1 = 10  # ints of the view before the journal's page and the Quiet's question

    def view(self):
        return (self.page, self.four_suit + 1 if self.showing_four else 0,
                1 if self.oracle_shown else 0, self.asking, self.menu, self.menu_arg,
                self.index, self.top, self.world_top, 0 if self.flipped == NONE else
                self.flipped + 1, self.log_skip, self._quiet_question(),
                1 if self.log_detail else 0)

    def read_story(self):
        """An ended story reopened from the slot menu's "Read the story" (GameHost): its
        journal, newest first."""
        self.page = PLAY
        self._turn_page()

    def end_tag_hidden(self):
        """The host's "A: MENU" tag is not drawn over a page or The Four (A there closes
        them; the tag would cover the journal's last line)."""
        return self.showing_four or self.page != PLAY

    def _quiet_question(self):
        """The Quiet's question (D12) open over the scene: 1 on NO, 2 on YES; else 0."""
        stack = self.host.app.stack
        if len(stack) > 1 and stack[0] is self.host and type(stack[-1]).__name__ == "Confirm":
            return 2 if stack[-1].yes else 1
        return 0

    def set_view(self, v):
        """Back to a view() saved before a stop (one of another shape, or out of range, is
        left: the main screen)."""
        if len(v) == self._VIEW_V1:
            v = tuple(v) + (0, 0, 0)
        if len(v) != len(self._VIEW_MAX):
            return
        for i in range(len(v)):
            if not 0 <= v[i] <= self._VIEW_MAX[i]:
                return
        if v[3] and v[3] != F.ORACLE and v[3] != F.QUIET:
            return
        self.showing_four = v[1] > 0
        self.four_suit = max(0, v[1] - 1)
        self.oracle_shown = v[2] == 1
        self.asking = v[3]
        self.menu = v[4]
        self.menu_arg = v[5]
        self.index = v[6]
        self.top = v[7]
        self.world_top = v[8]
        self.flipped = NONE if v[9] == 0 else v[9] - 1
        self.question = v[11]
        self.log_detail = v[12] == 1
        self._refresh()
        if v[0] != PLAY:
            self.page = v[0] - 1
            self._turn_page()  # (the journal is read again, from its newest line)
            if self.page == LOG:
                load_pages().page_to(self, v[10])  # ... and back to its page

    def reopen(self):
        """On the stack (GameHost.reopen): the Quiet's question, if it was open."""
        if self.question:
            self._ask_quiet().yes = self.question == 2
            self.question = 0

    def _ask_quiet(self):
        """D12: whether a live threat presses now is the fiction's: the player says."""
        from deckdelve.app import load

        app = self.host.app
        question = load("dialogs", "Confirm")(app, words(_W_QUIET_ASK), self._quiet_yes)
        app.push(question)
        return question

    def _quiet_yes(self):
        """The player said yes: alone, off the road, nothing pressing (D12). The Quiet's own
        screen then asks for the character's voice; A there takes it."""
        self.asking = F.QUIET

    def tick(self):
        return False

    def end_detail(self):
        """The game-over screen's words for the story that ended (the score is its turns)."""
        g = self.host.game
        return "%s, %s: %s, %s met, %s." % (  # (two lines of the game-over screen)
            four(g.source, DOMAIN), W.ORIGINS[g.origin], counted(g.turn, "turn"),
            counted(g.met, "threat"), counted(g.scene + 1, "scene"))

    def _suit_on_screen(self, g):
        """The suit the player is looking at (the flip's card under the cursor, the reading),
        so that The Four opens on its row; -1 for none."""
        ph = g.phase
        a = self.current()
        if a is None:
            return -1
        if ph == F.RESULT:
            return a & 3 if a >> 8 == F.OVERRULE else g.reading
        if (ph == F.KEEP_PHASE or ph == F.PICK_PHASE) and a >> 8 in (F.KEEP, F.PICK):
            return g.flip[a & 0xFF] // 13
        if ph == F.CREATE and (a & RATE or (self.menu == M_SOURCE and a >> 8 == F.SOURCE)):
            return a & 3
        return -1

    # ---- words --------------------------------------------------------------------------

    def event_text(self, event):
        code, a, b = event
        L = draw.label
        g = self.host.game
        if code == F.EV_SHUFFLE:
            return words(_W_SHUFFLE) % a
        if code == F.EV_SPREAD:
            if a == 1:
                return words(_W_SPREAD_KEPT)
            s = g.spread
            return words(_W_SPREAD_DEALT) % (L(s[0]), L(s[1]), L(s[2]))
        if code == F.EV_STRIP:
            return None if b == 0 else words(_W_STRIP) % (threat_name(a), b)
        if code == F.EV_MORE:  # (the card kept is the flip's last: the others are named)
            left = ""
            for i in range(g.flip_n - 1):
                left += (" " if left else "") + L(g.flip[i])
            return words(_W_MORE_KEPT) % (F.SPARK_COST, L(a), left)
        if code == F.EV_COST:
            return words(_W_COST) % threat_name(a)
        if code == F.EV_DONE:
            return words(_W_DONE) % threat_name(a)
        if code == F.EV_HARM:
            if b == NONE:
                return words(_W_HARM) % (a, F.HARM_BOXES)
            return words(_W_HARM_BY) % (a, F.HARM_BOXES, threat_name(b))
        if code == F.EV_HOW:
            return words(_W_HOW) % (L(a), four(a // 13, AXIS))
        if code == F.EV_OUT:
            return words(_W_OUT) % (L(a), W.DEFEATS[a // 13])
        if code == F.EV_SCAR:
            return words(_W_SCARRED) % (four(a, STAT), b)
        if code == F.EV_END:
            return words(_W_END) % a
        if code == F.EV_LANDING:
            s = ""
            for i in range(g.landed_n):
                s += (" " if s else "") + L(g.landed[i])
            return words(_W_LANDING) % s
        if code == F.EV_ARRIVAL:
            return self._threat_text(_W_ARRIVAL, a)
        if code == F.EV_WORSENS:
            return words(_W_WORSENS) % L(a)
        if code == F.EV_RESET:
            return words(_W_RESET) % a
        if code == F.EV_THREAT:
            return self._threat_text(_W_THREAT, a)
        if code == F.EV_SPARK:
            return words(_W_SPARK) % (L(a), b)
        if code == F.EV_QUIET:
            return None if g.over else words(_W_QUIET) % a  # (the fifth defeat: the end)
        if code == F.EV_ROLL:
            return words(_W_ROLL) % a
        if code == F.EV_SCENE:
            return words(_W_SCENE) % (a + 1)  # (the story begins in scene 1: a breaks taken)
        # EV_FLIP, EV_TICK, EV_KEPT, EV_MORE, EV_BUMP, EV_OVERRULE, EV_RESULT: the flip's own
        # screen shows them. EV_ORACLE: the Oracle's screen. EV_CREATED: the sheet.
        return None

    def _threat_text(self, w, card):
        t = words(w) % (draw.label(card), four(card // 13, THREAT), F.grip_of(card))
        if card % 13 == 0:
            t += words(_W_NAMED)
        return t

    def row_text(self, item):
        """The words of a list row."""
        g = self.host.game
        if item & RATE:
            return four(item & 3, STAT)
        if item & USED:
            return words(_W_MAIN + MAIN_KINDS.index((item >> 8) & 0xFF)) + ": used"
        if item & OPEN:
            m = (item >> 8) & 0xFF
            if m == M_TURN:
                return words(_W_MAIN)
            if m == M_AGAINST:
                if (item & 0xFF) == POWER_ARG:
                    return self._power_row()
                return self._rating_row(item & 3)
            if m == M_SOURCE:
                return words(_W_SOURCE)
            if m == M_ORIGIN:
                return words(_W_ORIGIN)
            return "Overrule"
        kind = item >> 8
        arg = item & 0xFF
        if kind == F.TURN or kind == F.POWER:
            if self.menu == MAIN:
                return self._power_row() if kind == F.POWER else words(_W_MAIN)
            t = arg >> 2
            if self.menu == M_TURN:
                return self._rating_row(arg & 3)
            if t == 0:
                return words(_W_NO_THREAT)
            return threat_name(g.threat[t - 1]) + " G%d" % g.grip[t - 1]
        for i in range(len(MAIN_KINDS)):
            if MAIN_KINDS[i] == kind:
                return words(_W_MAIN + i)
        if kind == F.SOURCE:
            return four(arg, DOMAIN)
        if kind == F.ORIGIN:
            return W.ORIGINS[arg]
        if kind == F.BEGIN:
            return words(_W_BEGIN)
        if kind == F.SCAR:
            return words(_W_SCAR) % (four(arg, STAT), g.ratings[arg], g.ratings[arg] - 1)
        return self.hint(item)

    def _power_row(self):
        g = self.host.game
        return "%s %s %d" % (words(_W_MAIN + 1), four(g.source, DOMAIN), g.ratings[g.source])

    def _rating_row(self, suit):
        return "%s %d" % (four(suit, STAT), self.host.game.ratings[suit])

    def hint(self, item):
        """What A does on a flip-type screen, in a line."""
        g = self.host.game
        kind = item >> 8
        arg = item & 0xFF
        if kind == F.KEEP:
            return words(_W_KEEP) % draw.label(g.flip[arg])
        if kind == F.MORE:
            return words(_W_MORE) % F.MORE_CARDS
        if kind == F.ACCEPT:
            return words(_W_ACCEPT)
        if kind == F.BUMP:
            return words(_W_BUMP_UP if arg else _W_BUMP_DOWN)
        if kind == F.PICK:
            return words(_W_PICK) % draw.label(g.flip[arg])
        if kind == F.SPREAD:
            return words(_W_SPREAD_NEW if arg else _W_SPREAD_KEEP)
        if kind == F.OVERRULE:
            return "A: read " + four(arg, AXIS)
        if item & KEEP_SUIT:
            return "A: back, reading " + four(g.reading, AXIS)
        if item & OPEN:
            return words(_W_OVERRULE)
        return ""

    # ---- drawing ------------------------------------------------------------------------

    def draw(self, fb):
        g = self.host.game
        ph = g.phase
        if self._on_pages():
            pages = load_pages()
            if self.showing_four:
                pages.table(fb, self.four_suit)
            elif self.page == WORLD:
                pages.world(self, fb, g)
            elif self.page == LOG:
                pages.log(self, fb)
            elif self.oracle_shown:
                pages.oracle(fb, g)
            elif self.asking:
                pages.ask(fb, g, self.asking)
            elif ph == F.CREATE:
                pages.create(self, fb, g)
            else:
                pages.spread_choice(self, fb, g)
        elif not self._sheet_shown():
            self._flip(fb, g)
        else:
            if draw.visible(0, 0, LIST_X - 2, draw.H):
                self._sheet(fb, g)
            self._list(fb)

    def _sheet_shown(self):
        """Is the character sheet with the action list beside it on screen?"""
        ph = self.host.game.phase
        return not (self._on_pages() or ph == F.KEEP_PHASE or ph == F.RESULT
                    or ph == F.PICK_PHASE)

    def _on_pages(self):
        """Is one of the screens of ui/the_four_pages.py on screen?"""
        ph = self.host.game.phase
        return (self.showing_four or self.page != PLAY or self.oracle_shown or self.asking
                or ph == F.CREATE or ph == F.SPREAD_PHASE)

    def _list(self, fb):
        """The action list beside the sheet (IDLE, SCAR, END), and under it two lines: what
        a smaller list asks, else the turn, the deck and the keys of the pages."""
        fb.vline(LIST_X - 2, 0, 64, 1)
        items = self.items
        for row in range(LIST_ROWS):
            i = self.top + row
            if i >= len(items):
                break
            y = 1 + row * LIST_PITCH
            # (a row a partial redraw leaves alone costs nothing: its words are not made)
            if draw.visible(LIST_X, y - 1, 128 - LIST_X, LIST_PITCH + 1):
                draw.bar(fb, self.row_text(items[i]), LIST_X, y, 128 - LIST_X, i == self.index)
        if self.top > 0:
            draw.text(fb, draw.ARROW_U, 122, 1)
        if self.top + LIST_ROWS < len(items):
            draw.text(fb, draw.ARROW_D, 122, 1 + (LIST_ROWS - 1) * LIST_PITCH)
        g = self.host.game
        below = 16 if g.phase == F.END else FOOT_Y  # (the end's lines start higher)
        if not draw.visible(LIST_X, below, 128 - LIST_X, draw.H - below):
            return  # (what is under the list, left alone by a partial redraw)
        m = self.menu
        ask = None
        if g.phase == F.SCAR_PHASE:
            ask = ("SCAR:", "WHICH DROPS?")
        elif m == M_TURN:
            ask = ("FLIP WHICH", "RATING?")
        elif m == M_AGAINST:
            if self.menu_arg == POWER_ARG:
                ask = (self._power_row().upper(), "AGAINST?")
            else:
                s = self.menu_arg
                ask = ("FLIP %s %d" % (four(s, STAT), g.ratings[s]), "AGAINST?")
        if ask is not None:
            draw.text(fb, ask[0], LIST_X, FOOT_Y)
            draw.text(fb, ask[1], LIST_X, FOOT_Y + 6)
            return
        draw.text(fb, "TURN %d" % g.turn, LIST_X, FOOT_Y)
        draw.right(fb, "DECK %d" % g.deck_n, 127, FOOT_Y)  # a pixel from the edge
        if g.phase == F.END:  # (the last line is the host's: A: SCORE)
            draw.center(fb, "THE STORY", 16, 1, LIST_X, 128 - LIST_X)
            draw.center(fb, "HAS ENDED", 23, 1, LIST_X, 128 - LIST_X)
            draw.text(fb, words(_W_PAGES_KEYS), LIST_X, 37)
        else:
            draw.text(fb, words(_W_PAGES_KEYS), LIST_X, FOOT_Y + 6)

    def _sheet(self, fb, g):
        """The character sheet in the left half: ratings as dots, Harm boxes, Spark, Scars,
        the Pressure Die's face, the Source (its domain, then its origin), the Quiet."""
        for s in range(4):
            y = s * 6
            draw.text(fb, four(s, STAT), 0, y)
            dots(fb, 22, y, g.ratings[s], F.MAX_RATING)
        y = 26
        draw.text(fb, "HARM", 0, y)
        for i in range(F.HARM_BOXES):
            x = 22 + i * 6
            if i < g.harm:
                fb.fill_rect(x, y, 5, 5, 1)
            else:
                fb.rect(x, y, 5, 5, 1)
        y = 33
        draw.text(fb, "SPARK", 0, y)
        dots(fb, 22, y, g.spark, F.MAX_SPARK)
        draw.text(fb, "SCARS %d" % g.scars, 0, 40)
        die(fb, 47, 25, g.pressure)  # (a pixel over its label)
        draw.center(fb, "DIE", 40, 1, 47, 14)  # (the Pressure Die: not the d6 ROLL rolls)
        if g.source != NONE and g.origin != NONE:  # (two lines: "MATTER, BARGAINED" is wider)
            draw.text(fb, "SOURCE: " + four(g.source, DOMAIN), 0, 46)
            draw.text(fb, W.ORIGINS[g.origin], 0, 52)
        # The Quiet: once per shuffle (with a threat live, choosing it asks first: D12).
        quiet = "READY" if g.quiet_allowed() else "USED"
        draw.text(fb, "QUIET " + quiet, 0, 58)

    def _flip(self, fb, g):
        """A flip: its cards, the one under the cursor (KEEP, PICK) or kept (RESULT), the band
        and the suit's full reading; the bottom line says what A does."""
        ph = g.phase
        item = self.current()
        title = ""
        if ph == F.PICK_PHASE:
            title = words(_W_PICK_TITLE)
        else:
            if g.powered:
                title = "POWER " + four(g.source, DOMAIN)
            elif self.flipped != NONE:  # the rating flipped (the reading's suit may differ)
                title = "%s %d" % (four(self.flipped, STAT), g.ratings[self.flipped])
            else:
                title = "TURN"
            if g.target != NONE:
                t = g.threat[g.target]
                title += " VS " + threat_name(t) + " G%d" % g.grip[g.target]
        draw.text(fb, title, 0, 0)
        on = -1
        below = 57  # the rule over the hint line
        if ph == F.RESULT:
            on = g.kept_i
        elif item is not None and item >> 8 in (F.KEEP, F.PICK):
            on = item & 0xFF
        for i in range(g.flip_n):
            x = 1 + i * 13
            draw.card(fb, g.flip[i], x, CARDS_Y, True, i == on)
        if F.MORE << 8 in self.items:  # one more card for a Spark: a place for it
            x = 1 + g.flip_n * 13
            draw.empty(fb, x, CARDS_Y, draw.CARD_W, draw.CARD_H)
            draw.center(fb, "+%d" % F.MORE_CARDS, CARDS_Y + 5, 1, x, draw.CARD_W)
            if item == F.MORE << 8:
                draw.cursor(fb, x, CARDS_Y, draw.CARD_W, draw.CARD_H)
                y = BAND_Y
                for ln in draw.wrap(words(_W_MORE_SAYS) % F.SPARK_COST, 128):
                    draw.text(fb, ln, 0, y)
                    y += draw.LINE
        # what Spark can buy is on offer (the spark draw: what it adds to): how much there
        draw.right(fb, "SPARK %d" % g.spark, 127, CARDS_Y + 1)  # is, right of the cards
        if on >= 0:
            c = g.flip[on]
            band = g.band if ph == F.RESULT else F.band_of(c)
            if ph != F.PICK_PHASE:
                draw.text(fb, draw.part(BANDS, band), 0, BAND_Y)
            suit = g.reading if ph == F.RESULT else c // 13
            if item is not None and item >> 8 == F.OVERRULE:
                suit = item & 3  # the suit the player would read instead
            if reading(fb, suit, BAND_Y) > 57:
                below = 0  # (clubs' words take two lines: no rule, the gap alone)
        if below:
            fb.hline(0, below, 128, 1)
        if item is not None:
            s = self.hint(item)
            if len(self.items) > 1:
                s = draw.ARROW_U + draw.ARROW_D + " " + s
            draw.text(fb, s, 0, 59)

def counted(n, what):
    """'1 turn', '2 turns'."""
    return "%d %s%s" % (n, what, "" if n == 1 else "s")


PAGES_MODULE = "deckdelve.ui.the_four_pages"


def load_pages():
    """The module of the screens shown now and then (imported when one opens)."""
    return __import__(PAGES_MODULE, None, None, ("table",))


def drop_pages():
    """Let the screens shown now and then leave RAM (none of them is on screen)."""
    if PAGES_MODULE in sys.modules:
        del sys.modules[PAGES_MODULE]
        pkg = sys.modules.get("deckdelve.ui")
        if pkg is not None and hasattr(pkg, "the_four_pages"):
            delattr(pkg, "the_four_pages")


def dots(fb, x, y, n, of):
    """A rating as dots: n filled of `of` places, 5 px apart (empty ones hollow)."""
    for i in range(of):
        if i < n:
            fb.fill_rect(x + i * 5, y + 1, 4, 4, 1)
        else:
            fb.rect(x + i * 5, y + 1, 4, 4, 1)


_PIPS = (0, 0x010, 0x101, 0x111, 0x145, 0x155, 0x16D)  # 3x3 grid bits, per face


def die(fb, x, y, face):
    """The Pressure Die: a 14 x 14 face with its pips, 2 x 2 each on a 4 px grid (0: the
    pressure has landed)."""
    fb.rect(x, y, 14, 14, 1)
    if face == 0:
        draw.center(fb, "!", y + 5, 1, x, 14)
        return
    bits = _PIPS[face]
    for i in range(9):
        if bits & (1 << (8 - i)):
            fb.fill_rect(x + 2 + (i % 3) * 4, y + 2 + (i // 3) * 4, 2, 2, 1)


def reading(fb, suit, y):
    """The suit's full reading off The Four: the axis with the suit on line y (right), then
    from y + 6 its words (two lines for clubs), the stat and what the world holds, the
    threat, the power domain."""
    x = 127 - draw.width(four(suit, AXIS)) - 7  # a pixel from the screen's edge
    draw.char(fb, 1 + suit, x, y)
    draw.text(fb, four(suit, AXIS), x + 7, y)
    for ln in draw.wrap(four(suit, AXIS_WORDS), 128):
        y += 6
        draw.text(fb, ln, 0, y)
    draw.text(fb, words(_W_HOLDS) + four(suit, HOLDS), 0, y + 6)  # (not the stat: a Wits flip
    # may keep a spade, and "GRIT" there read as if Grit had been flipped)
    draw.text(fb, four(suit, THREAT) + ": " + four(suit, THREAT_WORDS), 0, y + 12)
    draw.text(fb, four(suit, DOMAIN) + ": " + four(suit, DOMAIN_WORDS), 0, y + 18)
    return y + 24  # the first row under the words


