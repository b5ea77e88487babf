# heap: 82K (the rules and the words modules together with the test helpers and this module)
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
    assert g.slot_label() == "MATTER T:0 HARM:2 THR:2"  # "MATTER/BARGAINED ..." would not fit
    g.source = cards.SPADES
    g.origin = tf.O_INHERITED
    # no letter then a 0 ("T0" read "TO"); HARM in full (issue 34: "H" read as HEART)
    assert g.slot_label() == "FORCE T:0 HARM:2 THR:2"  # (FORCE/INHERITED would not fit)
    g.origin = tf.O_MADE
    assert g.slot_label() == "FORCE/MADE T:0 HARM:2 THR:2"
    g.source = D
    g.origin = tf.O_BARGAINED
    g.turn = 123
    g.threat[2] = cards.parse("QH")
    g.grip[2] = 3
    assert g.slot_label() == "MATTER T:123 HARM:2 THR:3"  # the origin would not fit
    g.over = True
    assert g.slot_label() == "END T:123 MATTER/BARGAINED"
    assert len(g.slot_label()) <= tf.LABEL_MAX


def whole(g, held=""):
    """The journal lines g's last apply() writes, as campaigns.py writes them (see its top:
    "+" adds to the line in progress, "=" ends it), and the line still in progress."""
    out = []
    for text in g.journal_lines():
        if text[:1] == "+":
            held += text[1:]
        elif text[:1] == "=":
            out.append(held + text[1:])
            held = ""
        else:
            out.append(text)
    return out, held


def test_a_turn_is_one_line_written_when_it_resolves():
    # The flip, the card kept and the result are three actions and one line: the parts are
    # held until the result ends the line; the turn number starts it.
    g = position(ratings=(2, 2, 2, 2), deck=("3H", "JD"))
    g.apply(act(tf.TURN, H))
    lines, held = whole(g)
    assert lines == [] and held == "T:1 HEART"
    g.apply(act(tf.KEEP, 1))
    lines, held = whole(g, held)
    assert lines == [] and held == "T:1 HEART [flipped 3♥ J♦; kept J♦]: it goes well, about THINGS"
    g.apply(act(tf.ACCEPT))
    assert whole(g, held) == (
        ["T:1 HEART [flipped 3♥ J♦; kept J♦]: it goes well, about THINGS. [Pressure Die 6]"], "")
    g.apply(act(tf.SCENE))
    assert whole(g) == (["T:1 --- Scene 2 ---"], "")  # (the story begins in scene 1)


def test_a_turn_against_a_threat_with_spark_spent_is_one_line():
    g = position(ratings=(1, 2, 2, 2), deck=("4S", "9H", "2C"), threats=(("JC", 1),), spark=3)
    g.apply(act(tf.TURN, S | 1 << 2))  # GRIT vs the Warden: 4S (the die ticks)
    held = whole(g)[1]
    g.apply(act(tf.MORE))  # a Spark: one more card, 9H, kept
    held = whole(g, held)[1]
    g.apply(act(tf.BUMP, 1))  # YES-BUT to WELL
    held = whole(g, held)[1]
    g.apply(act(tf.OVERRULE, CL))  # read as PLACE
    held = whole(g, held)[1]
    g.apply(act(tf.ACCEPT))
    line = ("T:1 GRIT against J♣, a Warden [flipped 4♠; a Spark flips 9♥; kept 9♥]: yes, but, "
            "about PEOPLE; with a Spark [a band bumped]: it goes well; with a Spark [the suit "
            "overruled]: about PLACE. The Warden J♣ loses its last Grip: it is done. "
            "[Pressure Die 5]")
    assert whole(g, held) == ([line], "")
    # The story view: no turn, no detail; what was kept and what it meant.
    assert words.story(line) == (
        "GRIT against J♣, a Warden: yes, but, about PEOPLE; with a Spark: it goes well; with a "
        "Spark: about PLACE. The Warden J♣ loses its last Grip: it is done.", False)
    assert words.story("T:1 --- Scene 2 ---") == ("Scene 2", True)
    assert words.story("T3 > my own [words]") == ("T3 > my own [words]", False)


def test_journal_lines_for_a_landing_an_arrival_and_the_oracle():
    g = position(ratings=(2, 2, 2, 2), source=H, deck=("6S", "8H", "QD", "3C"),
                 row=("2S", "3S", "4S", "5S", "7S"), pressure=2)
    g.apply(act(tf.POWER, H))
    lines, held = whole(g)
    assert lines == [] and held == "T:1 Power (Voice)"  # (the die: 1 for Power, 0 for 6S)
    g.apply(act(tf.KEEP, 1))
    held = whole(g, held)[1]
    g.apply(act(tf.ACCEPT))
    assert whole(g, held) == ([
        "T:1 Power (Voice) [flipped 6♠ 8♥; kept 8♥]: yes, but, about PEOPLE. [Pressure Die 0]",
        "T:1 The pressure lands: 2♠ 3♠ 4♠ 5♠ 7♠ 6♠. Q♦, a Hoarder, arrives in the flesh: "
        "Grip 3. [The Pressure Die is back at 6.]"], "")
    g.apply(act(tf.ORACLE))
    assert whole(g) == (["T:1 The Oracle: no, barely [3♣: 3 of 13]."], "")


def test_power_gone_wrong_says_how_and_the_harm_in_its_line():
    g = position(ratings=(2, 2, 2, 2), source=D, deck=("2D", "3C", "5H"), threats=("7S",),
                 spread=("9C", "KC", "AD"))
    g.apply(act(tf.POWER, D | 1 << 2))
    held = whole(g)[1]
    g.apply(act(tf.KEEP, 0))  # 2D: it goes wrong
    held = whole(g, held)[1]
    g.apply(act(tf.ACCEPT))
    assert whole(g, held) == ([
        "T:1 Power (Matter) against 7♠, a Hunter [flipped 2♦ 3♣; kept 2♦]: it goes wrong, about "
        "THINGS. It happens anyway; how: 5♥, PEOPLE. The Hunter 7♠ lands on you: Harm 1. "
        "[Pressure Die 5]"], "")


def test_journal_lines_for_creation_and_the_first_spread():
    g = tf.Game(5)
    for a in (act(tf.DOT, S), act(tf.DOT, S), act(tf.DOT, H), act(tf.DOT, CL),
              act(tf.SOURCE, CL), act(tf.ORIGIN, tf.O_MARKED)):
        g.apply(a)
        assert g.journal_lines() == []
    g.apply(act(tf.BEGIN))
    lines = g.journal_lines()
    assert lines[0] == ("T:0 A new character: GRIT 3, HEART 2, CRAFT 1, WITS 2. Source: World, "
                        "MARKED.")
    s = g.spread
    assert lines[1] == "T:0 The deck is shuffled [52 cards]. The Spread: the Draw %s, the Wall " \
        "%s, the Prize %s." % (words.card(s[0]), words.card(s[1]), words.card(s[2]))
    assert words.card(cards.parse("10H")) == "10♥"
    assert len(lines) == 2
