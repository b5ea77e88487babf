# The Four, part 1: a scenario for every rule of issue 11's list and every decision in
# docs/rules/the_four.md ("D1".."Dn"): character, the turn, Spark, Power, the contract (part
# 2: test_the_four_threats.py, part 3: test_the_four_world.py). Runs under CPython (pytest)
# and real MicroPython.
from deckdelve import cards
from deckdelve.cards import NONE
from deckdelve.games import the_four as tf
from deckdelve.games.the_four import act
from four_helpers import (accept, cards_at, codes, event, keep, position, power, raises_illegal,
                          turn)

C = cards.parse
S, H, D, CL = 0, 1, 2, 3


# ---- character ----

def test_creation_eight_dots_each_at_least_one_then_source_and_origin():
    g = tf.Game(3)
    assert g.phase == tf.CREATE and list(g.ratings) == [1, 1, 1, 1]
    assert act(tf.BEGIN) not in g.actions()
    assert act(tf.UNDOT, S) not in g.actions()  # a rating never goes below 1
    for _ in range(4):
        g.apply(act(tf.DOT, H))
    assert list(g.ratings) == [1, 5, 1, 1] and g.dots() == 8
    assert act(tf.DOT, S) not in g.actions()  # all 8 dots are placed
    assert act(tf.BEGIN) not in g.actions()  # no Source yet
    g.apply(act(tf.UNDOT, H))
    assert act(tf.DOT, H) in g.actions()
    g.apply(act(tf.DOT, CL))
    g.apply(act(tf.SOURCE, D))
    assert act(tf.BEGIN) not in g.actions()  # no origin yet
    g.apply(act(tf.ORIGIN, tf.O_BARGAINED))
    g.apply(act(tf.BEGIN))
    assert g.phase == tf.IDLE and list(g.ratings) == [1, 4, 1, 2]
    assert g.source == D and g.origin == tf.O_BARGAINED
    # BEGIN shuffles the whole deck and deals the Spread.
    assert codes(g) == [tf.EV_CREATED, tf.EV_SHUFFLE, tf.EV_SPREAD]
    assert g.deck_n == 49 and g.discard_n == 0 and NONE not in list(g.spread)
    g.check()


def test_a_rating_holds_at_most_five_dots():
    g = tf.Game(1)
    for _ in range(4):
        g.apply(act(tf.DOT, S))
    assert g.ratings[S] == 5 and act(tf.DOT, S) not in g.actions()


# ---- the turn ----

def test_turn_flips_the_rating_keeps_one_and_reads_rank_and_suit():
    g = position(ratings=(3, 2, 2, 1), deck=("3H", "7D", "QC", "9H"))
    turn(g, S)
    assert g.phase == tf.KEEP_PHASE and cards_at(g, "flip") == ["3H", "7D", "QC"]
    assert g.turn == 1 and act(tf.KEEP, 3) not in g.actions()
    keep(g, 2)
    assert g.phase == tf.RESULT and g.band == tf.WELL and g.reading == CL
    assert event(g, tf.EV_KEPT) == (C("QC"), tf.WELL)
    accept(g)
    assert event(g, tf.EV_RESULT) == (tf.WELL, CL)
    # Unkept cards and the kept one go to the discard; the deck only gets smaller.
    assert cards_at(g, "discard")[-3:] == ["3H", "7D", "QC"] and g.deck_n == 52 - 3 - 3
    assert g.flip_n == 0 and g.phase == tf.IDLE
    g.check()


def test_bands_by_rank():
    want = [tf.WRONG] * 4 + [tf.MIXED] * 5 + [tf.WELL] * 4  # A-4, 5-9, 10-K
    for suit in range(4):
        for rank in range(13):
            assert tf.band_of(cards.make(rank, suit)) == want[rank]


def test_deck_runs_out_mid_flip_shuffle_then_finish():
    # Two cards left; a flip of three takes them, shuffles the discard (the Spread is live:
    # the player keeps it) and finishes with one card of the new deck.
    g = position(ratings=(3, 2, 2, 1), deck=("4H", "6D"), rest="discard", quiet_used=True)
    turn(g, S)
    assert g.phase == tf.SPREAD_PHASE and cards_at(g, "flip") == ["4H", "6D"]
    assert tf.EV_SHUFFLE in codes(g) and not g.quiet_used  # a shuffle makes the Quiet new
    g.apply(act(tf.SPREAD, 0))
    assert g.phase == tf.KEEP_PHASE and g.flip_n == 3
    assert cards_at(g, "spread") == ["5H", "KC", "2D"]  # kept
    assert g.deck_n == 52 - 3 - 3  # the flip's first two and the Spread stayed out
    g.check()


# ---- Spark ----

def test_spark_draw_two_keep_one_plus_one_spark_at_most_three():
    g = position(deck=("AS", "KS", "2S", "3S"), spark=2)
    g.apply(act(tf.SPARK_DRAW))
    assert g.phase == tf.PICK_PHASE and cards_at(g, "flip") == ["AS", "KS"]
    g.apply(act(tf.PICK, 1))
    assert g.spark == 3 and event(g, tf.EV_SPARK) == (C("KS"), 3)
    assert g.pressure == 6 and g.row_n == 0  # drawn for anything else: no tick
    g.apply(act(tf.SPARK_DRAW))
    g.apply(act(tf.PICK, 0))
    assert g.spark == 3 and g.flip_n == 0
    g.check()


def test_spark_one_more_card_kept():
    g = position(ratings=(1, 3, 2, 2), deck=("2H", "JD"), spark=1)
    turn(g, S)
    g.apply(act(tf.MORE))
    assert g.phase == tf.RESULT and cards_at(g, "flip") == ["2H", "JD"]
    assert g.kept_i == 1 and g.band == tf.WELL and g.spark == 0
    g = position(ratings=(1, 3, 2, 2), deck=("2H", "JD"), spark=0)
    turn(g, S)
    assert act(tf.MORE) not in g.actions()


def test_spark_bump_one_band_once_and_overrule_a_suit():
    g = position(ratings=(1, 3, 2, 2), deck=("7D",), spark=3)
    turn(g, S)
    keep(g, 0)
    g.apply(act(tf.BUMP, 1))
    assert g.band == tf.WELL and g.spark == 2
    assert act(tf.BUMP, 0) not in g.actions()  # one band, once a turn
    g.apply(act(tf.OVERRULE, H))
    assert g.reading == H and g.spark == 1
    assert act(tf.OVERRULE, CL) not in g.actions()
    accept(g)
    assert event(g, tf.EV_RESULT) == (tf.WELL, H)
    g = position(ratings=(1, 3, 2, 2), deck=("3D",), spark=1)
    turn(g, S)
    keep(g, 0)
    assert act(tf.BUMP, 0) not in g.actions()  # nothing below wrong
    g.apply(act(tf.BUMP, 1))
    assert g.band == tf.MIXED and act(tf.OVERRULE, H) not in g.actions()  # no Spark left


# ---- Power ----

def test_power_flips_the_source_rating_and_always_ticks():
    g = position(ratings=(1, 1, 4, 2), source=D, deck=("9H", "10H", "JH", "QH"))
    power(g)
    assert g.flip_n == 4 and g.pressure == 5  # no spade flipped, and still a tick
    assert event(g, tf.EV_TICK) == (NONE, 5)
    keep(g, 3)
    accept(g)
    assert g.phase == tf.IDLE and tf.EV_HOW not in codes(g)


def test_power_on_wrong_happens_anyway_and_one_more_flip_says_how():
    g = position(ratings=(2, 2, 2, 2), source=H, deck=("2H", "3D", "8C"))
    power(g)
    keep(g, 0)
    accept(g)
    assert event(g, tf.EV_HOW) == (C("8C"), 0) and g.harm == 0  # no threat: no Harm
    assert g.pressure == 5  # Power's own tick; the how card, no spade, ticks nothing (D6)
    assert cards_at(g, "discard")[-1] == "8C"


def test_power_against_a_threat_on_wrong_also_fills_a_harm_box():
    g = position(ratings=(2, 2, 2, 2), source=H, deck=("2H", "3D", "8C"), threats=("9D",))
    power(g, 0)
    keep(g, 1)
    accept(g)
    assert codes(g).index(tf.EV_HOW) < codes(g).index(tf.EV_HARM)
    assert g.harm == 1 and g.grip[0] == 2  # it works, in a bad way: no Grip stripped


# ---- the contract ----

def test_illegal_actions_raise_and_change_nothing():
    g = position(deck=("7H",))
    n = g.deck_n
    assert raises_illegal(g, act(tf.KEEP, 0))
    assert raises_illegal(g, act(tf.TURN, S | 5 << 2))  # no threat in slot 4
    assert raises_illegal(g, act(tf.DOT, S))
    assert g.deck_n == n and g.phase == tf.IDLE


def test_check_finds_broken_invariants():
    bad = (("harm", 4), ("pressure", 7), ("spark", 4), ("scars", 1))
    for field, value in bad:
        g = position()
        setattr(g, field, value)
        try:
            g.check()
            raise AssertionError("check() missed " + field)
        except ValueError:
            pass
    g = position()
    g.discard[g.discard_n] = g.deck[0]  # a card in two places
    g.discard_n += 1
    try:
        g.check()
        raise AssertionError("check() missed a card in two places")
    except ValueError:
        pass
