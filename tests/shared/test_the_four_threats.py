# The Four, part 2: threats, Harm, Out and Scars, the Pressure Die (part 1: test_the_four.py,
# part 3: test_the_four_world.py). Runs under CPython (pytest) and real MicroPython.
from deckdelve import cards
from deckdelve.cards import NONE
from deckdelve.games import the_four as tf
from deckdelve.games.the_four import act
from four_helpers import accept, cards_at, codes, event, keep, position, power, turn

C = cards.parse
S, H, D, CL = 0, 1, 2, 3


# ---- threats ----

def test_threat_grip_by_rank_and_the_ace_has_a_name():
    want = [4, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]  # A, 2..K
    for rank in range(13):
        assert tf.grip_of(cards.make(rank, H)) == want[rank]
    g = position(deck=("AC",))
    g.apply(act(tf.THREAT))
    assert g.threat[0] == C("AC") and g.grip[0] == 4 and event(g, tf.EV_THREAT) == (C("AC"), 0)
    assert g.met == 1 and g.pressure == 6


def test_several_threats_may_be_live():
    g = position(deck=("4H", "9D", "KS"))
    for _ in range(3):
        g.apply(act(tf.THREAT))
    assert g.live_threats() == 3 and list(g.grip[0:3]) == [1, 2, 3]
    assert act(tf.TURN, S | 3 << 2) in g.actions()  # flip against the third


def test_against_a_threat_well_strips_yes_but_strips_and_costs_wrong_harms():
    g = position(ratings=(1, 3, 2, 2), deck=("KH", "6D", "3C", "10C"), threats=("9D",))
    turn(g, S, 0)
    keep(g, 0)
    accept(g)
    assert event(g, tf.EV_STRIP) == (C("9D"), 1) and tf.EV_COST not in codes(g)
    turn(g, S, 0)
    keep(g, 0)
    accept(g)  # 6D: yes, but
    assert tf.EV_COST in codes(g) and event(g, tf.EV_DONE) == (C("9D"), 0)
    assert g.threat[0] == NONE and g.grip[0] == 0 and cards_at(g, "discard")[-1] == "9D"
    g = position(ratings=(1, 3, 2, 2), deck=("3C",), threats=("9D",))
    turn(g, S, 0)
    keep(g, 0)
    accept(g)
    assert g.harm == 1 and event(g, tf.EV_HARM) == (1, C("9D")) and g.grip[0] == 2


# ---- Harm, Out, Scars ----

def test_fourth_harm_is_out_defeat_quiet_scar_and_harm_cleared():
    g = position(ratings=(3, 2, 2, 1), deck=("3C", "7H"), threats=("9D",), harm=3, spark=0,
                 quiet_used=True)
    turn(g, CL, 0)
    keep(g, 0)
    accept(g)
    assert event(g, tf.EV_OUT) == (C("7H"), 0)
    assert g.phase == tf.SCAR_PHASE and g.harm == 0 and g.spark == 1
    assert g.quiet_used  # D: the Quiet of defeat does not give back the once-per-shuffle one
    assert act(tf.SCAR, CL) not in g.actions()  # minimum 1
    g.apply(act(tf.SCAR, S))
    assert list(g.ratings) == [2, 2, 2, 1] and g.scars == 1 and g.phase == tf.IDLE
    assert g.threat[0] == C("9D")  # the threat is still there
    g.check()


def test_the_fifth_defeat_ends_the_story():
    g = position(ratings=(1, 1, 1, 1), deck=("3C", "7H"), threats=("9D",), harm=3)
    assert g.scars == 4
    turn(g, CL, 0)
    keep(g, 0)
    accept(g)
    assert g.over and not g.won and g.phase == tf.END and g.actions() == []
    assert tf.EV_END in codes(g) and g.summary() == "END 1" and g.progress() == 5
    g.check()


# ---- the Pressure Die ----

def test_every_spade_flipped_on_a_turn_ticks_kept_or_not_and_joins_the_row():
    g = position(ratings=(3, 2, 2, 1), deck=("4S", "9H", "JS"))
    turn(g, S)
    assert g.pressure == 4 and [e[1] for e in g.events if e[0] == tf.EV_TICK] == [C("4S"), C("JS")]
    keep(g, 2)
    accept(g)
    assert cards_at(g, "row") == ["4S", "JS"] and cards_at(g, "discard")[-1] == "9H"


def test_cards_dealt_for_anything_else_never_tick():
    g = position(deck=("2S", "3S", "4S", "5S", "6S"))
    g.apply(act(tf.THREAT))
    g.apply(act(tf.ORACLE))
    g.apply(act(tf.SPARK_DRAW))
    g.apply(act(tf.PICK, 0))
    assert g.pressure == 6 and g.row_n == 0


def test_at_zero_the_pressure_lands_a_face_arrives_as_a_threat():
    g = position(ratings=(2, 2, 2, 2), deck=("6S", "8H", "QD"), row=("2S", "3S", "4S", "5S",
                 "7S"), pressure=1)
    turn(g, S)
    assert g.pressure == 0 and g.phase == tf.KEEP_PHASE  # it lands once the turn resolves
    keep(g, 1)
    accept(g)
    c = codes(g)
    assert c.index(tf.EV_RESULT) < c.index(tf.EV_LANDING) < c.index(tf.EV_ARRIVAL)
    assert g.landed_n == 6 and event(g, tf.EV_ARRIVAL) == (C("QD"), 0)
    assert g.threat[0] == C("QD") and g.grip[0] == 3 and g.met == 1
    assert g.pressure == 6 and g.row_n == 0 and event(g, tf.EV_RESET) == (6, 0)
    assert "6S" in cards_at(g, "discard") and "2S" in cards_at(g, "discard")
    g.check()


def test_a_number_card_worsens_the_situation_and_nothing_on_the_sheet_moves():
    g = position(ratings=(2, 2, 2, 2), deck=("6S", "8H", "7C"), row=("2S",), pressure=1,
                 harm=2, spark=1)
    turn(g, S)
    keep(g, 1)
    accept(g)
    assert event(g, tf.EV_WORSENS) == (C("7C"), 0) and g.live_threats() == 0
    assert g.harm == 2 and g.spark == 1 and list(g.ratings) == [2, 2, 2, 2]
    assert g.pressure == 6


def test_power_ticks_the_die_to_zero_and_the_pressure_lands():
    g = position(ratings=(2, 2, 2, 2), deck=("8H", "9H", "AH"), row=("2S", "3S", "4S", "5S",
                 "7S"), pressure=1)
    power(g)
    assert g.pressure == 0
    keep(g, 0)
    accept(g)
    assert event(g, tf.EV_ARRIVAL) == (C("AH"), 0) and g.grip[0] == 4


def test_deck_runs_out_as_the_pressure_lands_shuffle_spread_then_the_arrival():
    g = position(ratings=(2, 2, 2, 2), deck=("6S", "8H"), row=("2S", "3S", "4S", "5S", "7S"),
                 pressure=1, rest="discard")
    turn(g, S)
    keep(g, 1)
    accept(g)
    assert g.phase == tf.SPREAD_PHASE and tf.EV_LANDING in codes(g)
    assert g.row_n == 6  # what was closing in follows you across: out of the shuffle
    g.apply(act(tf.SPREAD, 1))  # a new three first, then the arrival
    c = codes(g)
    assert c.index(tf.EV_SPREAD) < c.index(tf.EV_RESET) and g.pressure == 6 and g.row_n == 0
    assert tf.EV_ARRIVAL in c or tf.EV_WORSENS in c
    assert g.phase == tf.IDLE
    g.check()
