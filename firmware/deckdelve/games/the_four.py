# The Four: a solo roleplaying companion read off one table of the four suits. Rules only;
# every decision where the rule text is silent or ambiguous is in docs/rules/the_four.md,
# named "D1".."Dn" in comments here. There is no win: a campaign goes on until the fifth
# defeat ends the story (over = True, won = False). score = turns played; summary() "T<n>"
# or "END T<n>"; progress() = Scars taken (0..4, 5 = the story ended).
#
# ---- Phases (self.phase) -----------------------------------------------------------------
#   CREATE  character creation: ratings start at 1 each (4 of the 8 dots); place the other
#           4 (DOT/UNDOT), choose the Source's suit (SOURCE) and origin (ORIGIN), then BEGIN
#           (the first shuffle; the Spread is dealt).
#   IDLE    between turns: TURN, POWER, SPARK_DRAW, THREAT, QUIET, ORACLE, ROLL, SCENE.
#   KEEP    a Turn's (or Power's) cards lie in flip[0:flip_n]: KEEP one, or MORE (1 Spark:
#           flip one more card and keep it).
#   RESULT  the kept card is flip[kept_i]; band and reading shown: ACCEPT, or spend Spark on
#           BUMP (one band up or down a Spark, all one way) or OVERRULE (read another suit,
#           once a turn).
#   PICK    the spark draw: two cards in flip[0:2]; PICK the more interesting one.
#   SPREAD  the deck was just shuffled and a Spread is on the table: keep it or deal a new
#           three (SPREAD arg 0 = keep, 1 = new). Whatever was being drawn then continues.
#   SCAR    Out: choose the rating that drops by 1 (SCAR suit; only ratings above 1).
#   END     the story has ended (over = True). No actions.
#
# ---- Actions: kind << 8 | arg ------------------------------------------------------------
#   DOT suit / UNDOT suit     CREATE: add / take back a dot (ratings 1..5, total 8 to BEGIN)
#   SOURCE suit / ORIGIN o    CREATE: the Source's domain (suit) and origin (O_INHERITED..)
#   BEGIN                     CREATE: start (all 8 dots placed, Source and origin chosen)
#   TURN  suit | t << 2       IDLE: flip ratings[suit] cards; t = 0 for no threat, else the
#                             threat slot + 1 it is flipped against (arg < 64)
#   POWER source | t << 2     IDLE: as TURN with the Source's suit; ticks the Pressure Die
#   SPARK_DRAW                IDLE: draw 2 (phase PICK)
#   THREAT                    IDLE: deal a threat (while a slot is free)
#   QUIET                     IDLE: clear all Harm, +1 Spark; once per shuffle (D12: with a
#                             threat live the screen asks first: alone, off the road?)
#   ORACLE                    IDLE: deal a card: red yes, black no, rank how much
#   ROLL                      IDLE: roll the second d6 (EV_ROLL says what it showed)
#   SCENE                     IDLE: a scene break (scene += 1)
#   KEEP i / MORE             KEEP phase
#   ACCEPT / BUMP d / OVERRULE suit     RESULT phase (BUMP arg 0 = down, 1 = up)
#   PICK i                    PICK phase (i = 0 or 1)
#   SPREAD k                  SPREAD phase (0 = keep the Spread, 1 = deal a new three)
#   SCAR suit                 SCAR phase
#
# ---- Public state the scenes read (never write) -------------------------------------------
#   phase                     one of the phases above
#   ratings                   bytearray(4) GRIT, HEART, CRAFT, WITS (= suits S H D C), 1..5
#   scars                     Scars taken (0..4); dots = sum(ratings) = 8 - scars
#   source, origin            the Source's suit (NONE until chosen) and origin (NONE: not yet)
#   harm                      0..3 filled Harm boxes (4 = Out, resolved at once)
#   spark                     0..3
#   pressure                  the Pressure Die's face, 6..0 (0 only while the landing waits
#                             for the turn to resolve)
#   row, row_n                the spades row, face up (cards)
#   deck, deck_n              the deck; the top is deck[deck_n - 1]
#   discard, discard_n        the discard pile; the top is discard[discard_n - 1]
#   threat, grip              bytearray(MAX_THREATS) each: threat card (NONE = free slot)
#                             and its Grip left (1..4); an Ace threat has a name
#   spread                    bytearray(3): THE DRAW, THE WALL, THE PRIZE (NONE: none yet)
#   quiet_used                True once the Quiet was taken since the last shuffle
#   turn                      Turns (and Powers) taken; the journal's turn number
#   scene                     scene breaks taken
#   flip, flip_n              the cards of the flip in progress (KEEP, RESULT, PICK)
#   kept_i                    RESULT: index of the kept card in flip (NONE otherwise)
#   band                      RESULT: WRONG, MIXED or WELL (after a bump)
#   reading                   RESULT: the suit read (the kept card's, or the overruled one)
#   target                    RESULT/KEEP: the threat slot flipped against (NONE: none)
#   powered                   KEEP/RESULT: True when this flip is a use of Power
#   bumped, overruled         RESULT: Spark already spent on a bump / an overrule this turn
#   oracle                    the last Oracle card (NONE: never asked)
#   landed, landed_n          the spades of the last landing (EV_LANDING: read them together)
#   met                       threats met in this campaign (dealt by the player or arrived)
#
# ---- Events (code, a, b) appended by apply(); the scene words them, the journal logs them --
#   EV_SHUFFLE    a = cards in the deck after the shuffle
#   EV_SPREAD     a = 0 a new three dealt (cards in spread), 1 the Spread kept
#   EV_FLIP       a = rating suit, b = cards to flip (a Turn; a Power when powered)
#   EV_TICK       a = the spade that ticked (NONE: Power's own tick), b = pressure after
#   EV_KEPT       a = kept card, b = its band (the flip's cards are in flip)
#   EV_MORE       a = the card flipped with Spark (and kept), b = spark left
#   EV_BUMP       a = band after, b = spark left
#   EV_OVERRULE   a = suit read instead, b = spark left
#   EV_RESULT     a = final band, b = suit read: the turn resolves (ACCEPT)
#   EV_STRIP      a = threat card, b = Grip left (0: EV_DONE follows)
#   EV_COST       a = threat card: yes-but, it costs you
#   EV_DONE       a = threat card: Grip 0, it is done (discarded)
#   EV_HARM       a = Harm after (1..4), b = the threat card (NONE: none)
#   EV_HOW        a = the card flipped to learn how Power went sideways
#   EV_OUT        a = the card dealt for what defeat was (its suit names it)
#   EV_SCAR       a = suit of the rating dropped, b = the rating after
#   EV_END        a = turns played: the fifth defeat, the story ends
#   EV_LANDING    a = spades in the row (read them together: landed[0:landed_n])
#   EV_ARRIVAL    a = card (J Q K A), b = threat slot: something arrives in the flesh
#   EV_WORSENS    a = number card: the situation itself worsens
#   EV_RESET      a = pressure (6): the row is discarded, the die reset
#   EV_THREAT     a = card, b = threat slot: a threat dealt by the player
#   EV_SPARK      a = the card kept from the spark draw, b = spark after
#   EV_QUIET      a = spark after (Harm cleared)
#   EV_ORACLE     a = card: red yes, black no, rank how much
#   EV_ROLL       a = the second d6 (1..6)
#   EV_SCENE      a = scene number after the break
#   EV_CREATED    a = source suit, b = origin: the character is made
#
# Snapshots: snapshot() -> bytes (SNAPSHOT_VERSION first, then every field above, the deck
# order and the rng state; about 120 bytes) and Game.restore(bytes) -> Game (it also reads
# version 1, which held a record of the last flip and roll that play never read). A campaign is
# saved this way after every action (deckdelve/campaigns.py), not as a growing action log.
#
# Scenario tests build positions with position() in tests/shared/four_helpers.py.

from deckdelve import cards
from deckdelve.cards import NONE
from deckdelve.game import Game as BaseGame
# The bands and the event codes: shared with the words (the_four_events.py, so that the
# words never import this module back).
from deckdelve.games.the_four_events import (  # (the scenes read them here too)
    WRONG, MIXED, WELL, EV_SHUFFLE, EV_SPREAD, EV_FLIP, EV_TICK, EV_KEPT, EV_MORE, EV_BUMP,
    EV_OVERRULE, EV_RESULT, EV_STRIP, EV_COST, EV_DONE, EV_HARM, EV_HOW, EV_OUT, EV_SCAR,
    EV_END, EV_LANDING, EV_ARRIVAL, EV_WORSENS, EV_RESET, EV_THREAT, EV_SPARK, EV_QUIET,
    EV_ORACLE, EV_ROLL, EV_SCENE, EV_CREATED)


try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# Phases
# mutate: labels (names for the scenes, the log and snapshots: any distinct values play the same)
CREATE = const(0)
IDLE = const(1)
KEEP_PHASE = const(2)
RESULT = const(3)
PICK_PHASE = const(4)
SPREAD_PHASE = const(5)
SCAR_PHASE = const(6)
END = const(7)

# Action kinds
DOT = const(1)
UNDOT = const(2)
SOURCE = const(3)
ORIGIN = const(4)
BEGIN = const(5)
TURN = const(6)
POWER = const(7)
SPARK_DRAW = const(8)
THREAT = const(9)
QUIET = const(10)
ORACLE = const(11)
ROLL = const(12)
SCENE = const(13)
KEEP = const(14)
MORE = const(15)
ACCEPT = const(16)
BUMP = const(17)
OVERRULE = const(18)
PICK = const(19)
SPREAD = const(20)
SCAR = const(21)
# mutate: end

# Origins
O_INHERITED = const(0)
O_BARGAINED = const(1)
O_TAKEN = const(2)
O_MADE = const(3)
O_MARKED = const(4)

DOTS = const(8)
MIN_DOTS = const(4)
MAX_RATING = const(5)
HARM_BOXES = const(4)
MAX_SPARK = const(3)
PRESSURE_START = const(6)
MIN_RATING = const(1)  # a rating never drops under it (D16: they start there)
SPARK_COST = const(1)  # Spark a use of it costs: one more card, a bump, an overrule
MORE_CARDS = const(1)  # "flip one more card and keep it"
SPARK_GAIN = const(1)  # Spark the spark draw and the Quiet give ("Add 1 Spark")
SCAR_DROP = const(1)  # what a Scar takes off a rating
RANKS = const(13)  # the Oracle's "how much": A = 1 to K = 13 (D14)
MAX_THREATS = const(12)  # D8: a bound for the device
FLIP_MAX = const(8)  # a rating of 5 and one Spark card, with room to spare
ROW_MAX = const(13)  # every spade
LABEL_MAX = const(27)  # characters of a slot label: "3 " + label in a 116 px menu row

SNAPSHOT_VERSION = const(2)
# Version 1 also held the last flip's record, which no screen, journal line or bot read:
# four byte fields (its kept index, band, reading and the last d6 roll) after the first
# _V1_BYTES_AT of _BYTE_FIELDS, and its cards (a count, then the cards) after those of flip.
# A version 1 snapshot restores with them skipped.
_V1_BYTES_AT = const(11)
_V1_EXTRA_BYTES = const(4)

# The one-byte fields of a snapshot, in order (then the 3-byte counters, the rng state and the
# card places; see snapshot()).
_BYTE_FIELDS = ("phase", "scars", "source", "origin", "harm", "spark", "pressure", "kept_i",
                "band", "reading", "target", "oracle", "need", "step")
_FLAG_FIELDS = ("quiet_used", "powered", "bumped", "overruled", "owe_how", "over")
_COUNTERS = ("turn", "scene", "met")
# Card places: (buffer, count field or None for a fixed size)
_PLACES = (("deck", "deck_n"), ("discard", "discard_n"), ("row", "row_n"), ("flip", "flip_n"),
           ("landed", "landed_n"), ("threat", None), ("grip", None), ("spread", None),
           ("ratings", None))

# What the cards being drawn into flip are for (self.step)
# mutate: labels (names for the scenes, the log and snapshots: any distinct values play the same)
_S_TURN = const(1)  # a Turn's or Power's flip: the player keeps one (KEEP)
_S_MORE = const(2)  # one more card for Spark, kept at once (RESULT)
_S_SPARK = const(3)  # the spark draw's two cards (PICK)
_S_HOW = const(4)  # Power went wrong: one card says how
_S_THREAT = const(5)  # a threat dealt by the player
_S_OUT = const(6)  # Out: what defeat was
_S_ARRIVAL = const(7)  # the pressure lands: a face arrives, or the situation worsens
_S_ORACLE = const(8)  # the Oracle's answer
# mutate: end


def band_of(card):
    """The band a card's rank gives: A-4 WRONG, 5-9 MIXED, 10-K WELL."""
    r = card % 13
    if r <= 3:
        return WRONG
    if r <= 8:
        return MIXED
    return WELL


def grip_of(card):
    """A threat's Grip from its rank: 2-5: 1, 6-9: 2, 10-K: 3, A: 4 (and it has a name)."""
    r = card % 13
    if r == cards.ACE:
        return 4
    if r <= 4:
        return 1
    if r <= 8:
        return 2
    return 3


def strength_of(card):
    """How strong a card of the Spread is (D18): its face value, J 11, Q 12, K 13, and as for
    a threat's Grip an Ace is the strongest: 14."""
    r = card % 13
    return 14 if r == cards.ACE else r + 1


def is_arrival(card):
    """The pressure lands in the flesh on J Q K A; a number card only worsens things."""
    r = card % 13
    return r == cards.ACE or r >= cards.JACK


def act(kind, arg=0):
    return kind << 8 | arg


def spends(game, action):
    """What a player cannot take back (HANDHELD.md's manner 1; the manners check asks it before
    every action a press of A makes right after the screen changed): a Spark (one more card,
    a bump, an overrule) and a threat dealt. A Turn or a Power is the game's move, chosen from
    its own list (Power's tick is its stated cost); the spark draw, the Quiet, the Oracle, the
    d6 and a scene break take nothing the player keeps."""
    kind = action >> 8
    return kind == MORE or kind == BUMP or kind == OVERRULE or kind == THREAT


def _put(out, value, n):
    for _ in range(n):
        out.append(value & 255)
        value >>= 8


def _get(data, pos, n):
    value = 0
    for i in range(n - 1, -1, -1):
        value = value << 8 | data[pos + i]
    return value


class Game(BaseGame):
    NAME = "the_four"
    # A campaign has no end but the fifth defeat: the play-out tool stops one after this many
    # turns (tools/mp/playout_core.py).
    PLAYOUT_TURNS = 300

    def __init__(self, seed, options=()):
        super().__init__(seed, options)
        self.phase = CREATE
        self.ratings = bytearray(b"\x01\x01\x01\x01")
        self.scars = 0
        self.source = NONE
        self.origin = NONE
        self.harm = 0
        self.spark = 0
        self.pressure = PRESSURE_START
        self.row = bytearray(ROW_MAX)
        self.row_n = 0
        self.deck = bytearray(range(52))
        self.deck_n = 52
        self.discard = bytearray(52)
        self.discard_n = 0
        self.threat = bytearray(b"\xff" * MAX_THREATS)
        self.grip = bytearray(MAX_THREATS)
        self.spread = bytearray(b"\xff\xff\xff")
        self.quiet_used = False
        self.turn = 0
        self.scene = 0
        self.flip = bytearray(FLIP_MAX)
        self.flip_n = 0
        self.kept_i = NONE
        self.band = WRONG
        self.reading = 0
        self.target = NONE
        self.powered = False
        self.bumped = False
        self.overruled = False
        self.oracle = NONE
        self.met = 0
        self.landed = bytearray(ROW_MAX)
        self.landed_n = 0
        # Automatic steps in progress (not for the scenes): cards still to draw into flip and
        # what they are for; Power's "flip again to learn how" still owed.
        self.need = 0
        self.step = 0
        self.owe_how = False

    # ---- the contract ----------------------------------------------------------------------

    def actions(self):
        out = []
        phase = self.phase
        if phase == IDLE:
            for s in range(4):
                out.append(act(TURN, s))
                for t in range(MAX_THREATS):
                    if self.threat[t] != NONE:
                        out.append(act(TURN, s | (t + 1) << 2))
            out.append(act(POWER, self.source))
            for t in range(MAX_THREATS):
                if self.threat[t] != NONE:
                    out.append(act(POWER, self.source | (t + 1) << 2))
            out.append(act(SPARK_DRAW))
            if self._free_slot() != NONE:
                out.append(act(THREAT))
            if self.quiet_allowed():
                out.append(act(QUIET))
            out.append(act(ORACLE))
            out.append(act(ROLL))
            out.append(act(SCENE))
        elif phase == KEEP_PHASE:
            for i in range(self.flip_n):
                out.append(act(KEEP, i))
            if self.spark:
                out.append(act(MORE))
        elif phase == RESULT:
            out.append(act(ACCEPT))
            if self.spark:
                # D5: a bump a Spark, one band each, all the same way (a bump back would only
                # undo one the player has paid for)
                card_band = band_of(self.flip[self.kept_i])
                if WRONG < self.band <= card_band:
                    out.append(act(BUMP, 0))
                if card_band <= self.band < WELL:
                    out.append(act(BUMP, 1))
                if not self.overruled:
                    for s in range(4):
                        if s != self.reading:
                            out.append(act(OVERRULE, s))
        elif phase == PICK_PHASE:
            out.append(act(PICK, 0))
            out.append(act(PICK, 1))
        elif phase == SPREAD_PHASE:
            out.append(act(SPREAD, 0))
            out.append(act(SPREAD, 1))
        elif phase == SCAR_PHASE:
            for s in range(4):
                if self.ratings[s] > MIN_RATING:
                    out.append(act(SCAR, s))
        elif phase == CREATE:
            total = self.dots()
            for s in range(4):
                if total < DOTS and self.ratings[s] < MAX_RATING:
                    out.append(act(DOT, s))
                if self.ratings[s] > MIN_RATING:
                    out.append(act(UNDOT, s))
                if s != self.source:
                    out.append(act(SOURCE, s))
            for o in range(5):
                if o != self.origin:
                    out.append(act(ORIGIN, o))
            if total == DOTS and self.source != NONE and self.origin != NONE:
                out.append(act(BEGIN))
        return out

    def do(self, action):
        kind = action >> 8
        arg = action & 255
        if kind == TURN or kind == POWER:
            self._start_turn(arg & 3, arg >> 2, kind == POWER)
        elif kind == KEEP:
            self._keep(arg)
        elif kind == MORE:
            self.spark -= SPARK_COST
            self.phase = IDLE
            self._draw(_S_MORE, MORE_CARDS)
        elif kind == ACCEPT:
            self._accept()
        elif kind == BUMP:
            self.spark -= SPARK_COST
            self.bumped = True
            self.band += 1 if arg else -1
            self.events.append((EV_BUMP, self.band, self.spark))
        elif kind == OVERRULE:
            self.spark -= SPARK_COST
            self.overruled = True
            self.reading = arg
            self.events.append((EV_OVERRULE, arg, self.spark))
        elif kind == SPARK_DRAW:
            self._draw(_S_SPARK, 2)
        elif kind == PICK:
            self._pick(arg)
        elif kind == THREAT:
            self._draw(_S_THREAT, 1)
        elif kind == QUIET:
            self.quiet_used = True
            self._take_quiet()
        elif kind == ORACLE:
            self._draw(_S_ORACLE, 1)
        elif kind == ROLL:
            self.events.append((EV_ROLL, self.rng.die(6), 0))
        elif kind == SCENE:
            self.scene += 1
            self.events.append((EV_SCENE, self.scene, 0))
        elif kind == SPREAD:
            self._settle_spread(arg)
        elif kind == SCAR:
            self._scar(arg)
        else:
            self._create(kind, arg)
        self._advance()
        self.score = self.turn

    def check(self):
        seen = bytearray(52)
        self._count(seen, self.deck, self.deck_n, "deck")
        self._count(seen, self.discard, self.discard_n, "discard")
        self._count(seen, self.row, self.row_n, "row")
        self._count(seen, self.flip, self.flip_n, "flip")
        for t in range(MAX_THREATS):
            c = self.threat[t]
            if c == NONE:
                if self.grip[t]:
                    raise ValueError("grip on an empty threat slot")
            else:
                self._count(seen, self.threat, t + 1, "threat", t)
                if not 1 <= self.grip[t] <= grip_of(c):
                    raise ValueError("threat %s has Grip %d" % (cards.name(c), self.grip[t]))
        for i in range(3):
            if self.spread[i] != NONE:
                self._count(seen, self.spread, i + 1, "spread", i)
        for c in range(52):
            if seen[c] != 1:
                raise ValueError("card %s is in %d places" % (cards.name(c), seen[c]))
        for i in range(self.row_n):
            if self.row[i] // 13 != cards.SPADES:
                raise ValueError("a non-spade in the spades row")
        total = 0
        for s in range(4):
            r = self.ratings[s]
            if not 1 <= r <= MAX_RATING:
                raise ValueError("rating %d is %d" % (s, r))
            total += r
        if self.phase == CREATE:
            if total > DOTS or self.scars:
                raise ValueError("creation with %d dots" % total)
        elif total != DOTS - self.scars or total < MIN_DOTS:
            raise ValueError("%d dots with %d scars" % (total, self.scars))
        # Four boxes filled is Out, resolved at once; it is seen only while a shuffle's Spread
        # choice interrupts the deal for what defeat was.
        if self.harm > HARM_BOXES or (self.harm == HARM_BOXES and self.step != _S_OUT):
            raise ValueError("harm %d" % self.harm)
        if not 0 <= self.pressure <= PRESSURE_START:
            raise ValueError("pressure %d" % self.pressure)
        if not 0 <= self.spark <= MAX_SPARK:
            raise ValueError("spark %d" % self.spark)
        if self.over != (self.phase == END) or self.phase > END:
            raise ValueError("phase %d, over %s" % (self.phase, self.over))
        if self.phase != CREATE and (self.source > 3 or self.origin > O_MARKED):
            raise ValueError("no Source")

    def _count(self, seen, buf, n, where, start=0):
        for i in range(start, n):
            c = buf[i]
            if c >= 52:
                raise ValueError("bad card %d in %s" % (c, where))
            seen[c] += 1

    def summary(self):
        if self.over:
            return "END %d" % self.turn
        return "T%d" % self.turn

    # ---- snapshots ------------------------------------------------------------------------

    def snapshot(self):
        """The whole state as bytes: deck order, every place, the sheet, the rng state."""
        out = bytearray()
        out.append(SNAPSHOT_VERSION)
        for name in _BYTE_FIELDS:
            out.append(getattr(self, name))
        flags = 0
        for i in range(len(_FLAG_FIELDS)):
            if getattr(self, _FLAG_FIELDS[i]):
                flags |= 1 << i
        out.append(flags)
        for name in _COUNTERS:
            _put(out, getattr(self, name), 3)
        _put(out, self.rng.state(), 4)
        _put(out, self.seed & 0x3FFFFFFF, 4)
        for buf_name, count in _PLACES:
            buf = getattr(self, buf_name)
            n = len(buf) if count is None else getattr(self, count)
            if count is not None:
                out.append(n)
            out += buf[0:n]
        return bytes(out)

    @classmethod
    def restore(cls, data):
        """A game from snapshot() bytes; ValueError if they are not a valid snapshot."""
        if len(data) < 1 or not 1 <= data[0] <= SNAPSHOT_VERSION:
            raise ValueError("not a snapshot of version 1 to %d" % SNAPSHOT_VERSION)
        v1 = data[0] == 1
        try:
            pos = 1
            n = len(_BYTE_FIELDS)
            if v1:
                n += _V1_EXTRA_BYTES
            fields = data[pos:pos + n]
            pos += n
            if v1:
                fields = fields[:_V1_BYTES_AT] + fields[_V1_BYTES_AT + _V1_EXTRA_BYTES:]
            flags = data[pos]
            pos += 1
            counters = []
            for _ in _COUNTERS:
                counters.append(_get(data, pos, 3))
                pos += 3
            state = _get(data, pos, 4)
            seed = _get(data, pos + 4, 4)
            pos += 8
            g = cls(seed)
            for i in range(len(_BYTE_FIELDS)):
                setattr(g, _BYTE_FIELDS[i], fields[i])
            for i in range(len(_FLAG_FIELDS)):
                setattr(g, _FLAG_FIELDS[i], bool(flags & (1 << i)))
            for i in range(len(_COUNTERS)):
                setattr(g, _COUNTERS[i], counters[i])
            g.rng.set_state(state)
            for buf_name, count in _PLACES:
                buf = getattr(g, buf_name)
                if count is None:
                    n = len(buf)
                else:
                    n = data[pos]
                    pos += 1
                    if n > len(buf):
                        raise ValueError("snapshot: %s holds %d" % (buf_name, n))
                    setattr(g, count, n)
                chunk = data[pos:pos + n]
                if len(chunk) != n:
                    raise ValueError("snapshot: cut short")
                buf[0:n] = chunk
                pos += n
                if v1 and buf_name == "flip":
                    n = data[pos]  # the last flip's cards: skipped
                    if n > FLIP_MAX:
                        raise ValueError("snapshot: the last flip holds %d" % n)
                    pos += 1 + n
        except IndexError:
            raise ValueError("snapshot: cut short")
        if pos != len(data):
            raise ValueError("snapshot: %d bytes too many" % (len(data) - pos))
        g.won = False
        g.score = g.turn
        g.events = []
        g.check()
        return g

    def playout_stats(self):
        """What the play-out tool averages over campaigns (tools/mp/playout_core.py)."""
        return (("turns", self.turn), ("threats_met", self.met), ("scars", self.scars))

    def progress(self):
        """Scars taken (0..4); 5 once the fifth defeat ended the story."""
        return self.scars + (1 if self.over else 0)

    # ---- questions the scenes and bots may ask -------------------------------------------

    def dots(self):
        r = self.ratings
        return r[0] + r[1] + r[2] + r[3]

    def live_threats(self):
        n = 0
        for t in range(MAX_THREATS):
            if self.threat[t] != NONE:
                n += 1
        return n

    def quiet_allowed(self):
        """D12: once per shuffle. Whether the character is alone, off the road, with nothing
        pressing is the player's to say: with a threat live the screen asks, never refuses."""
        return not self.quiet_used

    def _free_slot(self):
        for t in range(MAX_THREATS):
            if self.threat[t] == NONE:
                return t
        return NONE

    def slot_label(self):
        """The campaign in a slot list: character, turns played, Harm, live threats; "END" first
        once the story has ended. At most LABEL_MAX characters. A colon after each letter: in
        the 3x5 font a 0 is an O, and "THR0" read "THRO" ("T0", "TO")."""
        if self.phase == CREATE:
            return "NEW CHARACTER"
        from deckdelve.games.the_four_words import DOMAINS, ORIGINS

        who = "%s/%s" % (DOMAINS[self.source].upper(), ORIGINS[self.origin])
        if self.over:
            return "END T:%d %s" % (self.turn, who)
        # (HARM in full: "H" read as HEART, a rating)
        label = "%s T:%d HARM:%d THR:%d" % (who, self.turn, self.harm, self.live_threats())
        if len(label) > LABEL_MAX:  # the origin goes first: a menu row is 27 characters
            label = "%s T:%d HARM:%d THR:%d" % (DOMAINS[self.source].upper(), self.turn,
                                                self.harm, self.live_threats())
        return label

    def journal_lines(self):
        """The journal's lines for the events of the last apply(), each with the turn. The
        words live in the_four_words, which loads on the first call."""
        from deckdelve.games.the_four_words import journal_lines

        return journal_lines(self)

    # ---- character creation ----------------------------------------------------------------

    def _create(self, kind, arg):
        if kind == DOT:
            self.ratings[arg] += 1
        elif kind == UNDOT:
            self.ratings[arg] -= 1
        elif kind == SOURCE:
            self.source = arg
        elif kind == ORIGIN:
            self.origin = arg
        elif kind == BEGIN:
            self.events.append((EV_CREATED, self.source, self.origin))
            self.phase = IDLE
            # The first shuffle: the whole deck is in the discard's place for a moment.
            self.discard[0:52] = self.deck
            self.discard_n = 52
            self.deck_n = 0
            self._shuffle()

    # ---- the turn ---------------------------------------------------------------------------

    def _start_turn(self, suit, t, powered):
        self.turn += 1  # D15: a Turn or a Power is a turn; nothing else counts
        self.powered = powered
        self.target = NONE if t == 0 else t - 1
        self.bumped = False
        self.overruled = False
        self.events.append((EV_FLIP, suit, self.ratings[suit]))
        if powered:  # D6: "Using Power always ticks the Pressure Die.", and its spades too
            self._tick(NONE)
        self._draw(_S_TURN, self.ratings[suit])

    def _tick(self, card):
        if self.pressure:
            self.pressure -= 1
        self.events.append((EV_TICK, card, self.pressure))

    def _keep(self, i):
        self.kept_i = i
        card = self.flip[i]
        self.band = band_of(card)
        self.reading = card // 13
        self.phase = RESULT
        self.events.append((EV_KEPT, card, self.band))

    def _accept(self):
        self.events.append((EV_RESULT, self.band, self.reading))
        n = self.flip_n
        for i in range(n):  # D2, D11: spades to the row, kept or not; the rest discarded
            c = self.flip[i]
            if c // 13 == cards.SPADES:
                self.row[self.row_n] = c
                self.row_n += 1
            else:
                self._to_discard(c)
        self.flip_n = 0
        self.kept_i = NONE
        self.phase = IDLE
        band = self.band
        t = self.target
        if self.powered and band == WRONG:  # D6
            self.owe_how = True  # the harm against a threat comes after the how (_drawn)
            return
        self.target = NONE
        if t == NONE:
            return
        card = self.threat[t]
        if band == WRONG:
            self._harm(card)
            return
        self.grip[t] -= 1
        self.events.append((EV_STRIP, card, self.grip[t]))
        if band == MIXED:  # D7: the cost is the player's to say; shown and logged
            self.events.append((EV_COST, card, 0))
        if self.grip[t] == 0:
            self.threat[t] = NONE
            self._to_discard(card)
            self.events.append((EV_DONE, card, 0))

    def _harm(self, threat_card):
        self.harm += 1
        self.events.append((EV_HARM, self.harm, threat_card))

    def _take_quiet(self):
        self.harm = 0
        if self.spark < MAX_SPARK:
            self.spark += SPARK_GAIN
        self.events.append((EV_QUIET, self.spark, 0))

    def _pick(self, i):  # D5: both cards of the spark draw go to the discard
        kept = self.flip[i]
        self._to_discard(self.flip[0])
        self._to_discard(self.flip[1])
        self.flip_n = 0
        if self.spark < MAX_SPARK:
            self.spark += SPARK_GAIN
        self.phase = IDLE
        self.events.append((EV_SPARK, kept, self.spark))

    def _scar(self, suit):
        self.ratings[suit] -= SCAR_DROP
        self.scars += 1
        self.phase = IDLE
        self.events.append((EV_SCAR, suit, self.ratings[suit]))

    # ---- drawing, shuffling and the automatic steps ------------------------------------------

    def _to_discard(self, card):
        self.discard[self.discard_n] = card
        self.discard_n += 1

    def _draw(self, step, n):
        self.step = step
        self.need = n
        self.phase = IDLE

    def _shuffle(self):
        """The discard becomes the deck (the deck is empty). Live threats, the spades row, the
        Spread and the cards of a flip in progress stay on the table (D3, D4)."""
        n = self.discard_n
        self.deck[0:n] = self.discard[0:n]
        self.deck_n = n
        self.discard_n = 0
        self.rng.shuffle(self.deck, 0, n)
        self.quiet_used = False
        self.events.append((EV_SHUFFLE, n, 0))
        if self.spread[0] == NONE:
            self._deal_spread()
        else:
            self.phase = SPREAD_PHASE

    def _deal_spread(self):
        for i in range(3):
            if self.spread[i] != NONE:
                self._to_discard(self.spread[i])
            self.deck_n -= 1
            self.spread[i] = self.deck[self.deck_n]
        self.events.append((EV_SPREAD, 0, 0))

    def _settle_spread(self, new):
        self.phase = IDLE
        if new:
            self._deal_spread()
        else:
            self.events.append((EV_SPREAD, 1, 0))

    def _advance(self):
        """Run the automatic steps until the player has a choice to make."""
        while True:
            if self.phase == SPREAD_PHASE:
                return
            if self.need:
                while self.need:
                    if self.deck_n == 0:  # D3: shuffle when a card is wanted, not before
                        self._shuffle()
                        if self.phase == SPREAD_PHASE:
                            return
                    self.deck_n -= 1
                    c = self.deck[self.deck_n]
                    self.flip[self.flip_n] = c
                    self.flip_n += 1
                    self.need -= 1
                    if c // 13 == cards.SPADES and (self.step == _S_TURN or self.step == _S_MORE
                                                    or self.step == _S_HOW):
                        self._tick(c)  # D11: flipped on a Turn (D6: Power's how card too)
                step = self.step
                self.step = 0
                self._drawn(step)
                continue
            if self.phase != IDLE:
                return
            if self.owe_how:
                self.owe_how = False
                self._draw(_S_HOW, 1)
            elif self.harm >= HARM_BOXES:
                self._draw(_S_OUT, 1)
            elif self.pressure == 0:  # D11: the landing waits until the turn has resolved
                n = self.row_n
                self.landed[0:n] = self.row[0:n]
                self.landed_n = n
                self.events.append((EV_LANDING, n, 0))
                self._draw(_S_ARRIVAL, 1)
            else:
                return

    def _drawn(self, step):
        """The cards for a step are in flip: do what they are for."""
        if step == _S_TURN:
            self.phase = KEEP_PHASE
            return
        if step == _S_MORE:
            self.events.append((EV_MORE, self.flip[self.flip_n - 1], self.spark))
            self._keep(self.flip_n - 1)
            return
        if step == _S_SPARK:
            self.phase = PICK_PHASE
            return
        # The single-card steps: the card leaves the flip at once.
        self.flip_n = 0
        card = self.flip[0]
        if step == _S_THREAT:
            self._new_threat(card, EV_THREAT)
        elif step == _S_ORACLE:
            self.oracle = card
            self._to_discard(card)
            self.events.append((EV_ORACLE, card, 0))
        elif step == _S_HOW:
            if card // 13 == cards.SPADES:  # D6: flipped on the Turn: it ticked; to the row
                self.row[self.row_n] = card
                self.row_n += 1
            else:
                self._to_discard(card)
            self.events.append((EV_HOW, card, 0))
            t = self.target
            self.target = NONE
            if t != NONE:  # "Against a threat, both apply": the threat lands on you
                self._harm(self.threat[t])
        elif step == _S_OUT:
            self._to_discard(card)
            self.events.append((EV_OUT, card, 0))
            self._take_quiet()  # D9: this Quiet does not use up the once-per-shuffle one
            # D9: the threats stay live, the one that put you Out too: only Grip 0 ends one
            if self.dots() <= MIN_DOTS:  # D10: no dot left to lose: the story ends
                self.phase = END
                self.over = True
                self.events.append((EV_END, self.turn, 0))
            else:
                self.phase = SCAR_PHASE
        elif step == _S_ARRIVAL:
            if is_arrival(card) and self._free_slot() != NONE:  # D8: all slots taken: worsens
                self._new_threat(card, EV_ARRIVAL)
            else:
                self._to_discard(card)
                self.events.append((EV_WORSENS, card, 0))
            for i in range(self.row_n):
                self._to_discard(self.row[i])
            self.row_n = 0
            self.pressure = PRESSURE_START
            self.events.append((EV_RESET, PRESSURE_START, 0))

    def _new_threat(self, card, event):
        t = self._free_slot()
        self.met += 1
        self.threat[t] = card
        self.grip[t] = grip_of(card)
        self.events.append((event, card, t))
