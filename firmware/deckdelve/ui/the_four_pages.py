# The Four: the screens shown now and then, apart from the scene (ui/the_four.py) so that
# their code is in RAM only while one of them is on screen: The Four table, the world page
# (threats with their Grip, the Spread, the spades row), the journal (read from flash a page
# at a time), the Oracle's answer, character creation and a new Spread's choice. The scene
# loads this module when one of them opens and drops it when none is shown.
from deckdelve import cards
from deckdelve.cards import NONE
from deckdelve.games import the_four as F
from deckdelve.games import the_four_words as W
from deckdelve.ui import draw
try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from deckdelve.ui.the_four import (AXIS, AXIS_WORDS, CREATE_ROWS, DOMAIN, DOMAIN_WORDS, HOLDS,
                                   INFO, LOG_ROWS, M_ORIGIN, M_SOURCE, MAIN, OPEN, RATE, STAT,
                                   THREAT, THREAT_WORDS, dots, four)

HEADING = const(2)  # log_indent: a row that is a scene's heading (1: a line's next row)
SPREAD_WORDS = "what pulls you|what stands in the way|what's at the end"
HOW_MUCH = "barely|somewhat|clearly|overwhelmingly"
SHEET_NAMES = "HARM|SPARK|SCARS|PRESSURE"
SHEET_WORDS = (
    "Four boxes. At four you are Out, which is not over.|"
    "Up to %d. Spend %d: one more card, a band up or down, another suit.|"
    "A defeat drops a rating by %d. The fifth defeat ends the story.|"
    "Spades flipped tick it down; at its end, the pressure lands."
)
# The sentences of these screens, one string (see ui/red_queen.py for why).
WORDS = (
    "Your Source: one suit's power domain|and one origin: how it came to you|"
    "DOTS LEFT TO PLACE: %d|SHUFFLED: THE SPREAD STILL OUT|KEEP IT, OR DEAL A NEW THREE?|THREATS|"
    "NO LIVE THREATS|DECK %d|SPADES|STORY|NO JOURNAL HERE|THE ORACLE|YES|NO|"
    "HOW MUCH: %d OF %d|ALL %d DOTS PLACED|A:ADD A DOT|A:BACK TO %d|"
    "A:CHOOSE|A:BEGIN|B:BACK|THE QUIET|"
    "Ask the world a yes-or-no question: say it, or write it down. Then a card is dealt: red "
    "is yes, black is no, its rank is how much.|A: DEAL THE ANSWER  B: BACK|"
    "Alone, off the road, nothing pressing: put the deck down and speak alone. Write in your "
    "character's own voice, first person: not what happened, what you think about what "
    "happened. Then Harm is cleared and you take %d Spark (once a shuffle).|"
    "A: TAKE THE QUIET  B: BACK|\x0bSHEET|\x0bWORLD|A: BACK|DETAIL|A:DETAIL|A:STORY"
)
_W_SOURCE_IS = const(0)
_W_ORIGIN_IS = const(1)
_W_LEFT_TO_PLACE = const(2)
_W_NEW_SPREAD = const(3)
_W_SPREAD_ASK = const(4)
_W_THREATS = const(5)
_W_NO_THREATS = const(6)
_W_DECK = const(7)
_W_SPADES = const(8)
_W_JOURNAL = const(9)
_W_NO_JOURNAL = const(10)
_W_ORACLE_TITLE = const(11)
_W_YES = const(12)
_W_NO = const(13)
_W_HOW_MUCH = const(14)
_W_ALL_PLACED = const(15)
_W_ADD_DOT = const(16)
_W_BACK_TO_1 = const(17)
_W_CHOOSE = const(18)
_W_BEGIN_KEY = const(19)
_W_BACK_KEY = const(20)
_W_QUIET_TITLE = const(21)
_W_ORACLE_ASK = const(22)
_W_ORACLE_KEYS = const(23)
_W_QUIET_ASK = const(24)
_W_QUIET_KEYS = const(25)
_W_TO_SHEET = const(26)
_W_TO_WORLD = const(27)
_W_BACK = const(28)
_W_DETAIL = const(29)
_W_A_DETAIL = const(30)
_W_A_STORY = const(31)


def words(i):
    return draw.part(WORDS, i)


def read_log(scene):
    """The journal page on screen: the newest lines from log_skip on, wrapped, as many as
    fit LOG_ROWS rows, shown in the order they happened (a story reads down the page, and a
    scene's heading comes before it; UP goes back in time). Only these lines (and one more,
    to know whether older ones follow) are read from flash, never the whole journal."""
    host = scene.host
    slot = getattr(host, "slot", None)
    scene.log_rows = None
    if slot is None:
        return
    from deckdelve.campaigns import journal

    lines = journal(host.app.data_dir, host.key, slot, scene.log_skip, LOG_ROWS + 1)
    rows = []  # (newest first while read: turned round below)
    shown = 0
    for line in lines:
        heading = False
        if not scene.log_detail:
            line, heading = W.story(line)
        for i in range(4):  # the suit signs as the font's glyphs
            line = line.replace(W.SUIT_SIGNS[i], cards.SUIT_CHARS[i])
        parts = (line,) if heading else draw.wrap(line, 116)
        if len(rows) + len(parts) > LOG_ROWS:
            if rows:
                break
            parts = parts[:LOG_ROWS]  # a line longer than the page: as much as fits
        for i in range(len(parts) - 1, -1, -1):
            scene.log_indent[len(rows)] = HEADING if heading else 1 if i else 0
            rows.append(parts[i])
        shown += 1
    rows.reverse()
    n = len(rows)
    indent = scene.log_indent
    for i in range(n // 2):
        indent[i], indent[n - 1 - i] = indent[n - 1 - i], indent[i]
    scene.log_rows = rows
    scene.log_shown = shown
    scene.log_more = shown < len(lines)


def page_to(scene, skip):
    """The journal back on the page that starts skip lines from the newest, after a stop:
    the pages before it read again, so that UP goes back through them as before."""
    while scene.log_skip < skip and scene.log_more and scene.log_shown:
        scene.log_back.append(scene.log_skip)
        scene.log_skip += scene.log_shown
        read_log(scene)


def meaning(scene, item):
    """The one-line meaning of a creation row (the rating, the domain, the origin)."""
    g = scene.host.game
    if item & RATE:
        s = item & 3
        return four(s, AXIS) + ": " + four(s, AXIS_WORDS)
    if item & OPEN:
        m = (item >> 8) & 0xFF
        if m == M_SOURCE and g.source != NONE:
            return four(g.source, DOMAIN) + ": " + four(g.source, DOMAIN_WORDS)
        if m == M_ORIGIN and g.origin != NONE:
            return W.ORIGINS[g.origin] + ": " + W.ORIGIN_WORDS[g.origin]
        return words(_W_SOURCE_IS if m == M_SOURCE else _W_ORIGIN_IS)
    if item & INFO:
        k = item & 0xFF
        text = draw.part(SHEET_WORDS, k)
        if k == 1:  # (the figures from the rules)
            return text % (F.MAX_SPARK, F.SPARK_COST)
        return text % F.SCAR_DROP if k == 2 else text
    kind = item >> 8
    if kind == F.SOURCE:
        return four(item & 3, DOMAIN_WORDS)
    if kind == F.ORIGIN:
        return W.ORIGIN_WORDS[item & 0xFF]
    return ""


def create(scene, fb, g):
    """Character creation: the ratings' dots, the Source, BEGIN, then what the rest of the
    sheet is (Harm, Spark, Scars, the Pressure Die); the row under the cursor says what A
    does on it (at its right) and what it means (on the bottom lines)."""
    m = scene.menu
    placed = 0
    for s in range(4):
        placed += g.ratings[s]
    left = F.DOTS - g.scars - placed
    draw.text(fb, words(_W_LEFT_TO_PLACE) % left if left else words(_W_ALL_PLACED) % F.DOTS,
              0, 0)
    if m != MAIN:
        draw.right(fb, words(_W_BACK_KEY), 127, 0)
    fb.hline(0, 6, 128, 1)
    items = scene.items
    top = scene.top
    for i in range(top, min(len(items), top + CREATE_ROWS)):
        y = 9 + (i - top) * 6
        item = items[i]
        if item & INFO:
            sheet_part(fb, item & 0xFF, y)
        else:
            draw.text(fb, scene.row_text(item), 2, y)
        if m == MAIN and item & RATE:
            dots(fb, 28, y, g.ratings[item & 3], F.MAX_RATING)
        elif m == MAIN and item & OPEN:
            mm = (item >> 8) & 0xFF
            if mm == M_SOURCE and g.source != NONE:
                draw.text(fb, four(g.source, DOMAIN), 36, y)
            elif mm == M_ORIGIN and g.origin != NONE:
                draw.text(fb, W.ORIGINS[g.origin], 36, y)
        if i == scene.index:
            draw.cursor(fb, 0, y - 1, 80, draw.LINE + 1)
            draw.text(fb, key_hint(g, item, left), 82, y)  # (ends by x = 120: the arrows at 122)
    if top > 0:
        draw.text(fb, draw.ARROW_U, 122, 9)
    if top + CREATE_ROWS < len(items):
        draw.text(fb, draw.ARROW_D, 122, 45)
    item = scene.current()
    if item is not None:
        lines = draw.wrap(meaning(scene, item), 126)
        fb.hline(0, 51, 128, 1)
        for i in range(min(2, len(lines))):
            draw.text(fb, lines[i], 0, 53 + i * 6)


def key_hint(g, item, left):
    """What A does on a creation row ("" on a row of words only)."""
    if item & INFO:
        return ""
    if item & RATE:
        r = g.ratings[item & 3]
        if left and r < F.MAX_RATING:
            return words(_W_ADD_DOT)
        # (A on a rating at its least with no dot left: nothing to do, no hint)
        return words(_W_BACK_TO_1) % F.MIN_RATING if r > F.MIN_RATING else ""
    if item >> 8 == F.BEGIN:
        return words(_W_BEGIN_KEY)
    return words(_W_CHOOSE)


def ask(fb, g, kind):
    """The Oracle's and the Quiet's own screen before A does it: what the rule text asks of
    the player first (the question; the character's own voice)."""
    oracle = kind == F.ORACLE
    draw.center(fb, words(_W_ORACLE_TITLE if oracle else _W_QUIET_TITLE), 0)
    fb.hline(0, 6, 128, 1)
    y = 9
    text = words(_W_ORACLE_ASK) if oracle else words(_W_QUIET_ASK) % F.SPARK_GAIN
    for line in draw.wrap(text, 126):
        draw.text(fb, line, 0, y)
        y += 6
    fb.hline(0, 57, 128, 1)
    draw.text(fb, words(_W_ORACLE_KEYS if oracle else _W_QUIET_KEYS), 0, 59)


def sheet_part(fb, k, y):
    """A creation row for a part of the sheet as it starts: Harm, Spark, Scars, the die."""
    draw.text(fb, draw.part(SHEET_NAMES, k), 2, y)
    if k == 0:
        for i in range(F.HARM_BOXES):
            fb.rect(36 + i * 6, y, 5, 5, 1)
    elif k == 1:
        dots(fb, 36, y, 0, F.MAX_SPARK)
    else:
        draw.text(fb, "%d" % (0 if k == 2 else F.PRESSURE_START), 36, y)  # (no Scar yet)


def spread_choice(scene, fb, g):
    draw.text(fb, words(_W_NEW_SPREAD), 0, 0)
    spread(fb, g, 8, 12)
    draw.text(fb, words(_W_SPREAD_ASK), 0, 46)
    fb.hline(0, 57, 128, 1)
    item = scene.current()
    if item is not None:
        draw.text(fb, draw.ARROW_U + draw.ARROW_D + " " + scene.hint(item), 0, 59)


def world(scene, fb, g):
    n = g.live_threats()
    draw.text(fb, words(_W_THREATS) + " %d" % n, 0, 0)
    draw.center(fb, words(_W_TO_SHEET), 0)  # (LEFT: the next page)
    draw.right(fb, words(_W_DECK) % g.deck_n, 127, 0)  # a pixel from the edge
    fb.hline(0, 6, 128, 1)
    if n == 0:
        draw.text(fb, words(_W_NO_THREATS), 0, 9)
    shown = 0
    seen = 0
    for t in range(F.MAX_THREATS):
        c = g.threat[t]
        if c == NONE:
            continue
        seen += 1
        if seen <= scene.world_top or shown == 4:
            continue
        y = 8 + shown * 7
        draw.card_small(fb, c, 0, y)
        draw.text(fb, four(c // 13, THREAT), 18, y + 1)
        draw.text(fb, "GRIP", 52, y + 1)
        dots(fb, 70, y + 1, g.grip[t], 4)
        if c % 13 == 0:
            draw.text(fb, "NAMED", 96, y + 1)
        shown += 1
    if scene.world_top > 0:
        draw.text(fb, draw.ARROW_U, 122, 8)
    if scene.world_top + 4 < n:
        draw.text(fb, draw.ARROW_D, 122, 30)
    fb.hline(0, 37, 128, 1)
    spread(fb, g, 39)
    fb.hline(0, 56, 128, 1)
    draw.text(fb, words(_W_SPADES), 0, 58)
    x = 28
    for i in range(g.row_n):  # at most 6: the die lands at 0 and the row is discarded
        x = draw.text(fb, draw.label(g.row[i]), x, 58) + 3
    draw.right(fb, "DIE %d" % g.pressure, 127, 58)

def log(scene, fb):
    """The journal: the story (a heading a scene, the rules' detail left out), or with A its
    lines whole; newest first, UP/DOWN a page."""
    fb.fill_rect(0, 0, 128, 7, 1)
    detail = scene.log_detail
    draw.center(fb, words(_W_DETAIL if detail else _W_JOURNAL), 1, 0)
    draw.text(fb, words(_W_TO_WORLD), 1, 1, 0)  # (LEFT: the next page)
    rows = scene.log_rows
    if rows is None:
        draw.text(fb, words(_W_NO_JOURNAL), 0, 9)
        return
    draw.right(fb, words(_W_A_STORY if detail else _W_A_DETAIL), 127, 1, 0)
    for i in range(len(rows)):
        y = 9 + i * 6
        if scene.log_indent[i] == HEADING:  # a scene: its heading across the page
            w = draw.width(rows[i])
            fb.hline(0, y + 2, 128, 1)
            fb.fill_rect(62 - w // 2, y, w + 4, 5, 0)
            draw.center(fb, rows[i], y, 1, 0, 128)
        else:
            draw.text(fb, rows[i], 6 if scene.log_indent[i] else 0, y)
    if scene.log_more:  # older lines: UP
        draw.text(fb, draw.ARROW_U, 123, 9)
    if scene.log_back:  # newer ones: DOWN
        draw.text(fb, draw.ARROW_D, 123, 57)

def oracle(fb, g):
    c = g.oracle
    draw.center(fb, words(_W_ORACLE_TITLE), 0)
    fb.hline(0, 6, 128, 1)
    if c == NONE:
        return
    draw.card(fb, c, 20, 16)
    red = c // 13 == 1 or c // 13 == 2
    draw.big_text(fb, words(_W_YES if red else _W_NO), 44, 14, 3)
    rank = c % F.RANKS + 1
    draw.text(fb, words(_W_HOW_MUCH) % (rank, F.RANKS), 44, 34)
    fb.rect(44, 41, 80, 5, 1)
    fb.fill_rect(44, 41, 80 * rank // 13, 5, 1)
    draw.text(fb, draw.part(HOW_MUCH, (rank - 1) * 4 // F.RANKS), 44, 48)
    fb.hline(0, 57, 128, 1)
    draw.text(fb, words(_W_BACK), 0, 59)  # (any key closes it; A is the one to press)

def table(fb, s0):
    """The Four: the whole table, suits across (the suit looked at inverted), rows down
    (axis, stat, threat, world, power), and that suit's words below."""
    for s in range(4):
        x = s * 32
        draw.char(fb, 1 + s, x + 14, 0)
        for f in range(5):
            field = (AXIS, STAT, THREAT, HOLDS, DOMAIN)[f]
            draw.center(fb, four(s, field), 7 + f * 6, 1, x, 32)
    draw.cursor(fb, s0 * 32, 0, 32, 37)
    y = 39
    for ln in draw.wrap(four(s0, AXIS) + ": " + four(s0, AXIS_WORDS), 128):
        draw.text(fb, ln, 0, y)
        y += 6
    draw.text(fb, four(s0, THREAT) + ": " + four(s0, THREAT_WORDS), 0, y)
    y += 6
    draw.text(fb, four(s0, DOMAIN) + ": " + four(s0, DOMAIN_WORDS), 0, y)


def spread(fb, g, y, pitch=6):
    """The Spread: its three cards with their names and what each suit is (what the world
    holds) with the rank as strength; with a pitch of 12 each also says what it stands for."""
    for i in range(3):
        c = g.spread[i]
        yy = y + i * pitch
        draw.text(fb, W.SPREAD_NAMES[i], 0, yy)
        if pitch >= 12:
            draw.text(fb, draw.part(SPREAD_WORDS, i), 8, yy + 6)
        if c == NONE:
            draw.text(fb, "--", 44, yy)
            continue
        draw.text(fb, draw.label(c), 44, yy)
        draw.text(fb, four(c // 13, HOLDS) + " %d" % F.strength_of(c), 60, yy)  # (D18)
