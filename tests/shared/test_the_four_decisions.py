# heap: 78K (the rules and the words modules with the test helpers and this module)
# The Four, part 5: the decisions of issue 25 (docs/rules/the_four.md D5, D6, D9, D11, D12),
# each a scenario from the rule text: every card flipped on a Turn ticks (the rating's, Spark's
# one more, Power's "how"), Power's own tick beside its spades, a bump for each Spark, the
# Quiet the player may take with a threat live, the threat that put you Out staying live, a
# scene break and a shuffle kept apart, and what defeat was for each suit. Runs under CPython
# (pytest) and real MicroPython.
from deckdelve import cards
from deckdelve.games import the_four as tf
from deckdelve.games.the_four import act
from four_helpers import accept, cards_at, codes, event, keep, position, power, turn

C = cards.parse
S, H, D, CL = 0, 1, 2, 3


def ticks(g):
    return [(e[1], e[2]) for e in g.events if e[0] == tf.EV_TICK]


# ---- "You only flip on a Turn": every card flipped on one ticks ----

def test_sparks_one_more_card_is_flipped_on_the_turn_and_a_spade_ticks():
    # "Spend 1 Spark to: flip one more card and keep it" -- "Every ♠ you flip on a Turn
    # ticks it down one -- kept or not. Set those spades aside face up in a row."
    g = position(ratings=(1, 3, 2, 2), deck=("2H", "7S"), spark=1)
    turn(g, S)
    assert g.pressure == 6
    g.apply(act(tf.MORE))
    assert g.pressure == 5 and ticks(g) == [(C("7S"), 5)]
    assert g.kept_i == 1 and g.band == tf.MIXED and g.reading == S
    accept(g)
    assert cards_at(g, "row") == ["7S"] and cards_at(g, "discard")[-1] == "2H"
    g.check()


def test_powers_how_card_is_flipped_on_the_turn_and_a_spade_ticks():
    # "On wrong, it happens anyway -- flip again to learn how": a flip, on the Turn that
    # used Power, so a spade ticks and joins the row like the others (D6).
    g = position(ratings=(2, 2, 2, 2), source=H, deck=("2H", "3D", "KS"))
    power(g)
    assert g.pressure == 5  # Power's own tick; no spade among its two cards
    keep(g, 0)
    accept(g)
    assert event(g, tf.EV_HOW) == (C("KS"), 0)
    assert g.pressure == 4 and ticks(g) == [(C("KS"), 4)]
    assert cards_at(g, "row") == ["KS"] and "KS" not in cards_at(g, "discard")
    g.check()


def test_a_spade_how_card_at_the_last_tick_lands_the_pressure_after_the_harm():
    # Against a threat, both apply: the how card, then the Harm; the die reached 0 on the
    # how card, so the pressure lands once all that has resolved (D11).
    g = position(ratings=(2, 2, 2, 2), source=H, deck=("2H", "3D", "9S", "5C"),
                 threats=("9D",), row=("2S", "3S", "4S", "5S"), pressure=2)
    power(g, 0)
    assert g.pressure == 1
    keep(g, 0)
    accept(g)
    c = codes(g)
    assert c.index(tf.EV_HOW) < c.index(tf.EV_HARM) < c.index(tf.EV_LANDING)
    assert g.landed_n == 5 and g.landed[4] == C("9S") and event(g, tf.EV_WORSENS) == (C("5C"), 0)
    assert g.harm == 1 and g.pressure == 6 and g.row_n == 0
    g.check()


def test_power_ticks_once_for_itself_and_once_for_each_spade_it_flips():
    # "Using Power always ticks the Pressure Die. That is the entire cost." -- the one tick
    # Power adds to a flip; its spades tick as every Turn's do (D6).
    g = position(ratings=(1, 1, 3, 2), source=D, deck=("4S", "9H", "KS"))
    power(g)
    assert ticks(g) == [(tf.NONE, 5), (C("4S"), 4), (C("KS"), 3)] and g.pressure == 3
    keep(g, 2)
    accept(g)
    assert cards_at(g, "row") == ["4S", "KS"] and tf.EV_HOW not in codes(g)


def test_cards_drawn_for_anything_else_still_never_tick():
    # The other side of "You only flip on a Turn": what defeat was, an arrival, a threat,
    # the Oracle and the spark draw are dealt or drawn, and never tick.
    g = position(ratings=(2, 2, 2, 2), deck=("3C", "8H", "JS"), threats=("9D",), harm=3,
                 quiet_used=True)
    turn(g, CL, 0)
    keep(g, 0)
    accept(g)
    assert g.pressure == 6 and event(g, tf.EV_OUT) == (C("JS"), 0) and g.row_n == 0
    assert cards_at(g, "discard")[-1] == "JS"


# ---- D5: a bump for each Spark ----

def test_two_spark_bump_wrong_to_well():
    # "Spend 1 Spark to: ... bump a result one band (up or down)": one band for each Spark.
    g = position(ratings=(1, 3, 2, 2), deck=("3D", "7C"), spark=3, threats=("9D",))
    turn(g, S, 0)
    keep(g, 0)
    assert g.band == tf.WRONG
    g.apply(act(tf.BUMP, 1))
    assert g.band == tf.MIXED and g.spark == 2
    assert act(tf.BUMP, 0) not in g.actions()  # back down would undo the Spark just spent
    g.apply(act(tf.BUMP, 1))
    assert g.band == tf.WELL and g.spark == 1 and event(g, tf.EV_BUMP) == (tf.WELL, 1)
    assert act(tf.BUMP, 1) not in g.actions() and act(tf.BUMP, 0) not in g.actions()
    assert g.bumped  # the flip's screen shows the Spark left once some is spent
    accept(g)
    assert event(g, tf.EV_RESULT) == (tf.WELL, D) and event(g, tf.EV_STRIP) == (C("9D"), 1)
    assert g.harm == 0
    turn(g, S)  # the next turn starts with no bump spent
    keep(g, 0)
    assert not g.bumped and g.band == tf.MIXED


def test_two_spark_bump_well_down_to_wrong_and_no_bump_without_spark():
    g = position(ratings=(1, 3, 2, 2), deck=("KH",), spark=2)
    turn(g, S)
    keep(g, 0)
    assert act(tf.BUMP, 1) not in g.actions()  # nothing above well
    g.apply(act(tf.BUMP, 0))
    assert act(tf.BUMP, 1) not in g.actions() and act(tf.BUMP, 0) in g.actions()
    g.apply(act(tf.BUMP, 0))
    assert g.band == tf.WRONG and g.spark == 0 and g.actions() == [act(tf.ACCEPT)]


def test_a_bump_from_the_middle_band_goes_either_way_and_the_overrule_stays_once():
    # One overrule already names any suit: a second would only take back the first.
    g = position(ratings=(1, 3, 2, 2), deck=("7C",), spark=3)
    turn(g, S)
    keep(g, 0)
    assert act(tf.BUMP, 0) in g.actions() and act(tf.BUMP, 1) in g.actions()
    g.apply(act(tf.OVERRULE, H))
    assert [a for a in g.actions() if a >> 8 == tf.OVERRULE] == []
    g.apply(act(tf.BUMP, 0))
    assert g.band == tf.WRONG and g.reading == H and g.spark == 1


# ---- D12 and D9: the Quiet with a threat live; the threat that put you Out ----

def test_the_threat_that_put_you_out_stays_live_and_the_quiet_is_still_offered():
    # "Take the Quiet. Take a Scar ... and clear all Harm. Go on." says nothing of the
    # threat; "Grip to zero and it's done" is the only way one ends.
    g = position(ratings=(3, 2, 2, 1), deck=("3C", "7H"), threats=(("9D", 1),), harm=3)
    turn(g, CL, 0)
    keep(g, 0)
    accept(g)
    g.apply(act(tf.SCAR, S))
    assert g.threat[0] == C("9D") and g.grip[0] == 1 and g.live_threats() == 1
    assert g.harm == 0 and not g.quiet_used
    # The defeat's own Quiet did not use up the rest; with the threat live it is still the
    # player's to take (the screen asks "alone, off the road?").
    assert act(tf.QUIET) in g.actions()
    assert act(tf.TURN, S | 1 << 2) in g.actions()  # and it can still be faced


def test_the_quiet_takes_spark_up_to_three():
    # "Take 1 Spark." -- "Add 1 Spark (up to 3 max)."
    g = position(harm=2, spark=3)
    g.apply(act(tf.QUIET))
    assert g.spark == 3 and g.harm == 0 and event(g, tf.EV_QUIET) == (3, 0)
    g.check()


def test_a_scene_break_does_not_renew_the_quiet():
    # "Once per shuffle": only a shuffle makes it new, not a break in the story.
    g = position(quiet_used=True, harm=2)
    g.apply(act(tf.SCENE))
    assert g.quiet_used and act(tf.QUIET) not in g.actions() and g.harm == 2
    assert g.scene == 1 and tf.EV_QUIET not in codes(g)


def test_a_shuffle_is_not_a_scene_break():
    # "Shuffling is not a scene break.": the shuffle counts no scene and logs no break.
    g = position(ratings=(3, 2, 2, 1), deck=("4H",), rest="discard", quiet_used=True)
    turn(g, S)
    assert tf.EV_SHUFFLE in codes(g) and tf.EV_SCENE not in codes(g) and g.scene == 0
    g.apply(act(tf.SPREAD, 1))
    assert g.scene == 0 and not g.quiet_used  # the shuffle renewed the Quiet, nothing else
    g.apply(act(tf.KEEP, 0))
    accept(g)
    g.apply(act(tf.SCENE))
    assert g.scene == 1 and event(g, tf.EV_SCENE) == (1, 0)


# ---- what defeat was ----

def test_each_suit_says_what_defeat_was():
    # "♠ it takes you somewhere · ♥ someone intervenes, and now you owe them · ♦ you lose what
    # you were carrying · ♣ you wake, and the place has changed"
    want = (("7S", "it takes you somewhere"),
            ("7H", "someone intervenes, and now you owe them"),
            ("7D", "you lose what you were carrying"),
            ("7C", "you wake, and the place has changed"))
    for name, words in want:
        g = position(ratings=(3, 2, 2, 1), deck=("3C", name), threats=("9H",), harm=3)
        turn(g, CL, 0)
        keep(g, 0)
        accept(g)
        assert event(g, tf.EV_OUT) == (C(name), 0)
        lines = g.journal_lines()
        from deckdelve.games.the_four_words import card  # (loaded by journal_lines anyway)

        sign = card(C(name))
        assert "T:1 Out: %s [%s]. Harm cleared, Spark 1." % (words, sign) in lines, (name, lines)
