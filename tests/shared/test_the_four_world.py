# The Four, part 3: the Quiet, the Spread, scene breaks, the Oracle and the second d6 (part 1:
# test_the_four.py, part 2: test_the_four_threats.py). Runs under CPython (pytest) and real
# MicroPython.
from deckdelve import cards
from deckdelve.games import the_four as tf
from deckdelve.games.the_four import act
from four_helpers import cards_at, event, position, turn

C = cards.parse
S, H, D, CL = 0, 1, 2, 3


# ---- the Quiet, the Spread, scene break, Oracle, d6 ----

def test_quiet_clears_harm_takes_spark_once_per_shuffle_and_a_live_threat_is_no_refusal():
    g = position(harm=3, spark=1)
    g.apply(act(tf.QUIET))
    assert g.harm == 0 and g.spark == 2 and g.quiet_used
    assert act(tf.QUIET) not in g.actions()
    # D12: "Alone, off the road, nothing pressing" is the fiction's to say (the screen asks
    # when a threat is live); the device offers the Quiet, and the threat stays.
    g = position(threats=("5C",), harm=2)
    assert g.quiet_allowed() and act(tf.QUIET) in g.actions()
    g.apply(act(tf.QUIET))
    assert g.harm == 0 and g.spark == 1 and g.threat[0] == C("5C") and g.grip[0] == 1


def test_spread_dealt_on_every_shuffle_keep_or_new():
    g = position(ratings=(3, 2, 2, 1), deck=(), rest="discard")
    turn(g, S)  # the deck is empty: shuffle at once
    assert g.phase == tf.SPREAD_PHASE and g.actions() == [act(tf.SPREAD, 0), act(tf.SPREAD, 1)]
    g.apply(act(tf.SPREAD, 1))
    assert event(g, tf.EV_SPREAD) == (0, 0)
    assert "5H" not in cards_at(g, "spread") and cards_at(g, "discard")[0:3] == ["5H", "KC", "2D"]
    assert g.phase == tf.KEEP_PHASE and g.flip_n == 3
    g.check()


def test_live_threats_and_the_row_stay_out_of_the_shuffle():
    g = position(ratings=(1, 3, 2, 2), deck=(), threats=("KH",), row=("4S",), rest="discard")
    turn(g, S)
    g.apply(act(tf.SPREAD, 0))
    deck = cards_at(g, "deck") + cards_at(g, "flip")
    for name in ("KH", "4S", "5H", "KC", "2D"):
        assert name not in deck
    assert len(deck) == 52 - 5


def test_scene_break_costs_nothing():
    g = position()
    n = g.deck_n
    g.apply(act(tf.SCENE))
    assert g.scene == 1 and g.deck_n == n and g.turn == 0 and event(g, tf.EV_SCENE) == (1, 0)


def test_oracle_red_yes_black_no_rank_how_much():
    g = position(deck=("QH", "3C"))
    g.apply(act(tf.ORACLE))
    assert g.oracle == C("QH") and cards.is_red(g.oracle)
    assert cards_at(g, "discard")[-1] == "QH"
    g.apply(act(tf.ORACLE))
    assert g.oracle == C("3C") and not cards.is_red(g.oracle)


def test_second_d6_rolls_one_to_six_and_moves_no_card():
    g = position()
    seen = bytearray(7)
    n = g.deck_n
    for _ in range(60):
        g.apply(act(tf.ROLL))
        seen[event(g, tf.EV_ROLL)[0]] = 1
    assert list(seen) == [0, 1, 1, 1, 1, 1, 1] and g.deck_n == n and g.pressure == 6


