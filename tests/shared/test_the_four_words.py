# heap: 72K (the rules and the words modules together with the test helpers and this module)
# The Four's words: the table read off every card, the slot label and the journal's lines
# (firmware/deckdelve/games/the_four_words.py). Runs under CPython and real MicroPython.
from deckdelve import cards
from deckdelve.games import the_four as tf
from deckdelve.games import the_four_words as words
from deckdelve.games.the_four import act
from four_helpers import position

S, H, D, CL = 0, 1, 2, 3


def test_the_reading_of_each_suit_is_the_four():
    assert words.AXES == ("PRESSURE", "PEOPLE", "THINGS", "PLACE")
    assert words.STATS == ("GRIT", "HEART", "CRAFT", "WITS")
    assert words.THREATS == ("Hunter", "Binder", "Hoarder", "Warden")
    assert words.THREAT_WORDS[CL] == "it won't let you pass"
    assert words.WORLD == ("Danger", "Faction", "Prize", "Site")
    assert words.DOMAINS == ("Force", "Voice", "Matter", "World")
    assert words.DOMAIN_WORDS[D] == "make, unmake, change"
    assert words.ORIGIN_WORDS[tf.O_BARGAINED] == "something gave it, and it wants paying"
    assert words.DEFEATS[H] == "someone intervenes, and now you owe them"
    assert words.SPREAD_NAMES == ("THE DRAW", "THE WALL", "THE PRIZE")


def test_slot_label_character_turns_harm_threats():
    g = tf.Game(2)
    assert g.slot_label() == "NEW CHARACTER"
    g = position(source=D, origin=tf.O_BARGAINED, harm=2, threats=("9D", "KS"))
    assert g.slot_label() == "MATTER T:0 H:2 THR:2"  # "MATTER/BARGAINED ..." would not fit
    g.source = cards.SPADES
    g.origin = tf.O_MARKED
    assert g.slot_label() == "FORCE/MARKED T:0 H:2 THR:2"  # no letter then a 0: "T0" read "TO"
    g.source = D
    g.origin = tf.O_BARGAINED
    g.turn = 123
    g.threat[2] = cards.parse("QH")
    g.grip[2] = 3
    assert g.slot_label() == "MATTER T:123 H:2 THR:3"  # the origin would not fit
    g.over = True
    assert g.slot_label() == "END T:123 MATTER/BARGAINED"
    assert len(g.slot_label()) <= tf.LABEL_MAX


def test_journal_lines_carry_the_turn():
    g = position(ratings=(2, 2, 2, 2), deck=("3H", "JD"))
    g.apply(act(tf.TURN, H))
    assert g.journal_lines() == ["T1 HEART: flip 2"]
    g.apply(act(tf.KEEP, 1))
    assert g.journal_lines() == ["T1 flip 3H JD, kept JD: WELL, THINGS"]
    g.apply(act(tf.ACCEPT))
    assert g.journal_lines() == ["T1 result: WELL, THINGS"]
    g.apply(act(tf.SCENE))
    assert g.journal_lines() == ["T1 --- scene break 1 ---"]


def test_journal_lines_for_a_landing_an_arrival_and_the_oracle():
    g = position(ratings=(2, 2, 2, 2), source=H, deck=("6S", "8H", "QD", "3C"),
                 row=("2S", "3S", "4S", "5S", "7S"), pressure=2)
    g.apply(act(tf.POWER, H))
    assert g.journal_lines() == ["T1 POWER Voice: flip 2", "T1 Pressure Die 1 (Power)",
                                 "T1 Pressure Die 0 (6S)"]
    g.apply(act(tf.KEEP, 1))
    g.apply(act(tf.ACCEPT))
    assert g.journal_lines() == ["T1 result: YES-BUT, PEOPLE",
                                 "T1 the pressure lands: 2S 3S 4S 5S 7S 6S",
                                 "T1 arrives: QD Hoarder, Grip 3", "T1 Pressure Die reset to 6"]
    g.apply(act(tf.ORACLE))
    assert g.journal_lines() == ["T1 Oracle: NO, 3C"]


def test_journal_lines_for_creation_and_the_first_spread():
    g = tf.Game(5)
    for a in (act(tf.DOT, S), act(tf.DOT, S), act(tf.DOT, H), act(tf.DOT, CL),
              act(tf.SOURCE, CL), act(tf.ORIGIN, tf.O_MARKED)):
        g.apply(a)
        assert g.journal_lines() == []
    g.apply(act(tf.BEGIN))
    lines = g.journal_lines()
    assert lines[0] == "T0 GRIT 3 HEART 2 CRAFT 1 WITS 2, Source World, MARKED"
    assert lines[1] == "T0 shuffle: 52 cards"
    s = g.spread
    assert lines[2] == "T0 Spread: DRAW %s WALL %s PRIZE %s" % (
        cards.name(s[0]), cards.name(s[1]), cards.name(s[2]))
