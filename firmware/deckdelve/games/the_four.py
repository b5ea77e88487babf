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
#           BUMP (one band up or down, once a turn) or OVERRULE (read another suit, once a turn).
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
#   QUIET                     IDLE: clear all Harm, +1 Spark; once per shuffle, no live threat
#   ORACLE                    IDLE: deal a card: red yes, black no, rank how much
#   ROLL                      IDLE: roll the second d6 (last_roll)
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
#   last_flip, last_n,        after a flip resolves: its cards, kept index, final band and
#   last_kept, last_band,     reading (a record for the screen; the cards themselves are in
#   last_reading              the discard or the row)
#   last_roll                 the second d6's last roll (0: never rolled)
#   oracle                    the last Oracle card (NONE: never asked)
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
#   EV_LANDING    a = spades in the row (read them together: row[0:row_n])
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
# Scenario tests build positions with Game.for_test(...) (see its docstring).

from deckdelve import cards
from deckdelve.cards import NONE
from deckdelve.game import Game as BaseGame

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# Phases
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

# Bands
WRONG = const(0)  # it goes wrong
MIXED = const(1)  # 5-9: yes, but / no, but
WELL = const(2)  # 10-K: it goes well

# Origins
O_INHERITED = const(0)
O_BARGAINED = const(1)
O_TAKEN = const(2)
O_MADE = const(3)
O_MARKED = const(4)

# Events
EV_SHUFFLE = const(1)
EV_SPREAD = const(2)
EV_FLIP = const(3)
EV_TICK = const(4)
EV_KEPT = const(5)
EV_MORE = const(6)
EV_BUMP = const(7)
EV_OVERRULE = const(8)
EV_RESULT = const(9)
EV_STRIP = const(10)
EV_COST = const(11)
EV_DONE = const(12)
EV_HARM = const(13)
EV_HOW = const(14)
EV_OUT = const(15)
EV_SCAR = const(16)
EV_END = const(17)
EV_LANDING = const(18)
EV_ARRIVAL = const(19)
EV_WORSENS = const(20)
EV_RESET = const(21)
EV_THREAT = const(22)
EV_SPARK = const(23)
EV_QUIET = const(24)
EV_ORACLE = const(25)
EV_ROLL = const(26)
EV_SCENE = const(27)
EV_CREATED = const(28)

DOTS = const(8)
MIN_DOTS = const(4)
MAX_RATING = const(5)
HARM_BOXES = const(4)
MAX_SPARK = const(3)
PRESSURE_START = const(6)
MAX_THREATS = const(12)  # D: a bound for the device; see docs/rules/the_four.md
FLIP_MAX = const(8)  # a rating of 5 and one Spark card, with room to spare
ROW_MAX = const(13)  # every spade
