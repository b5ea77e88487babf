# heap: 86K (the rules and the words modules with the test helpers and this module)
# The Four, part 4: rules at their edges, from the mutation run (docs/rules/mutation.md): a new
# character's sheet, every suit read from its card, a King of spades joins the row, a bump
# down by one band, twelve threat slots (D8), progress() as scars, a snapshot from this
# firmware version still restores, every shuffle shuffles, one more card named in the journal.
# Runs under CPython (pytest) and real MicroPython.
from deckdelve import cards
from deckdelve.cards import NONE
from deckdelve.games import the_four as tf
from deckdelve.games.the_four import act
from four_helpers import accept, cards_at, event, keep, position, turn

C = cards.parse
S, H, D, CL = 0, 1, 2, 3


def created(seed=5):
    g = tf.Game(seed)
    for a in (act(tf.DOT, S), act(tf.DOT, H), act(tf.DOT, D), act(tf.DOT, CL),
              act(tf.SOURCE, H), act(tf.ORIGIN, tf.O_TAKEN), act(tf.BEGIN)):
        g.apply(a)
    g.check()
    return g


def test_a_new_character_starts_clean():
    # "Four boxes" of Harm, all empty; Spark starts at 0; "A d6 on the table, showing 6".
    g = created()
    assert g.harm == 0 and g.spark == 0 and g.pressure == 6 and g.scars == 0
    assert g.turn == 0 and g.live_threats() == 0 and g.row_n == 0
    assert g.progress() == 0 and not g.quiet_used and g.origin == tf.O_TAKEN


def test_the_kept_card_is_read_by_its_own_suit():
    # "Its suit says what it's about": the Ace of hearts, the 2 of diamonds and the 3 of clubs
    # (the first cards of their suits) read as hearts, diamonds, clubs.
    for name, suit, band in (("AH", H, tf.WRONG), ("2D", D, tf.WRONG), ("3C", CL, tf.WRONG),
                             ("KS", S, tf.WELL)):
        g = position(ratings=(1, 3, 2, 2), deck=(name,), spread=("5H", "KC", "9D"))
        turn(g, S)
        keep(g, 0)
        assert g.reading == suit and g.band == band, name


def test_a_king_of_spades_flipped_on_a_turn_joins_the_row():
    # "Every ♠ you flip on a Turn ticks it down one — kept or not. Set those spades aside."
    g = position(ratings=(3, 3, 1, 1), deck=("KS", "QS", "AD"))
    turn(g, S)
    assert g.pressure == 4
    keep(g, 2)
    accept(g)
    assert cards_at(g, "row") == ["KS", "QS"] and cards_at(g, "discard")[-1:] == ["AD"]


def test_a_bump_down_moves_one_band():
    # "bump a result one band (up or down)": well becomes yes-but, not wrong.
    g = position(ratings=(1, 3, 2, 2), deck=("QD",), spark=1)
    turn(g, S)
    keep(g, 0)
    assert g.band == tf.WELL
    g.apply(act(tf.BUMP, 0))
    assert g.band == tf.MIXED
    accept(g)
    assert event(g, tf.EV_RESULT) == (tf.MIXED, D)


def test_twelve_threats_can_be_live_at_once():
    # D8: twelve threat slots; a thirteenth is not offered.
    names = ("2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH")
    g = position(threats=names[:11], deck=("5D", "6D"), spread=("5C", "KC", "9D"))
    assert act(tf.THREAT) in g.actions()
    g.apply(act(tf.THREAT))
    g.check()
    assert g.live_threats() == 12 and g.threat[11] != NONE
    assert act(tf.THREAT) not in g.actions()
    assert act(tf.TURN, S | 12 << 2) in g.actions()  # the twelfth can be faced


def test_progress_counts_scars():
    # progress() (the play-out tool's measure): scars taken, 0 for a new character.
    g = position(ratings=(2, 2, 2, 1))
    assert g.scars == 1 and g.progress() == 1
    g = position()
    assert g.scars == 0 and g.progress() == 0


# Campaigns saved by this firmware (seed 3, created and one turn played), one per snapshot
# version: every later build must still read them, or the player's campaigns on flash are
# lost. Version 1 also held a record of the last flip and roll (read by no screen), skipped.
SAVED_V1 = bytes.fromhex(
    "0101000102000006ff0101ff00010100ff0000000100000000000000001abf2c19030000002f0e29022a2b10"
    "1524282d33070f1b132f0105251231090d301c1f23201d3219081a0b26160c0411182c1e030a272206021421"
    "000002142100ffffffffffffffffffffffff00000000000000000000000000172e02020202")


SAVED = bytes.fromhex(
    "0201000102000006ff0101ffff0000000100000000000000001abf2c19030000002f0e29022a2b1015242"
    "82d33070f1b132f0105251231090d301c1f23201d3219081a0b26160c0411182c1e030a27220602142100"
    "0000ffffffffffffffffffffffff00000000000000000000000000172e02020202")


def test_a_saved_campaign_of_this_snapshot_version_restores():
    assert SAVED[0] == tf.SNAPSHOT_VERSION == 2
    g = tf.Game.restore(SAVED)
    assert g.phase == tf.IDLE and g.turn == 1 and g.source == H and g.origin == tf.O_TAKEN
    assert list(g.ratings) == [2, 2, 2, 2] and g.pressure == 6 and g.deck_n == 47
    assert g.band == tf.MIXED and g.reading == H and g.oracle == NONE
    assert g.snapshot() == SAVED


def test_a_version_1_snapshot_restores_without_the_last_flip():
    g = tf.Game.restore(SAVED_V1)
    assert g.snapshot() == SAVED  # the same campaign, written as version 2
    # Its last flip's cards (a count, 2, at byte 90, after flip's empty count) are skipped,
    # whatever they are, up to the 8 a flip holds; a count of 9 is refused, and so is a
    # snapshot cut short there.
    at = 90
    assert SAVED_V1[at - 1:at + 3] == bytes([0, 2, 0x14, 0x21])
    full = SAVED_V1[:at] + bytes([8]) + bytes(range(8)) + SAVED_V1[at + 3:]
    assert tf.Game.restore(full).snapshot() == SAVED
    over = SAVED_V1[:at] + bytes([9]) + bytes(range(9)) + SAVED_V1[at + 3:]
    for bad in (over, SAVED_V1[:at + 2]):
        try:
            tf.Game.restore(bad)
        except ValueError:
            continue
        raise AssertionError("restored a bad version 1 snapshot")


def test_every_shuffle_shuffles():
    # "Shuffle the deck": the first Spread (the top three after the first shuffle) differs
    # from seed to seed, and a later shuffle does not give the discard pile back in order.
    spreads = []
    for seed in range(1, 11):
        s = cards_at(created(seed), "spread")
        if s not in spreads:
            spreads.append(s)
    assert len(spreads) >= 8
    in_order = 0
    for seed in range(1, 6):
        g = position(deck=(), rest="discard", seed=seed)
        before = cards_at(g, "discard")
        turn(g, S)  # the deck is empty: the discard is shuffled, then the Spread is settled
        g.apply(act(tf.SPREAD, 0))
        assert event(g, tf.EV_SPREAD) == (1, 0)  # "keep the Spread": said, screen and journal
        assert "T:1 The Spread stays." in g.journal_lines()
        after = cards_at(g, "deck") + cards_at(g, "flip")[::-1]
        assert sorted(after) == sorted(before)
        in_order += after == before
    assert in_order == 0


def test_one_more_card_names_the_card_it_flipped():
    # "flip one more card and keep it": the event (and the journal's line) names the new card.
    g = position(ratings=(1, 3, 2, 2), deck=("2H", "JD", "4C"), spark=2)
    turn(g, S)
    g.apply(act(tf.MORE))
    assert event(g, tf.EV_MORE) == (C("JD"), 1)
    assert "+ [flipped 2♥; a Spark flips J♦; kept J♦]: it goes well, about THINGS" in \
        g.journal_lines()


def test_creation_offers_the_five_origins_and_takes_a_second_dot_back():
    # "one origin": INHERITED, BARGAINED, TAKEN, MADE, MARKED, and no sixth; a rating of 2
    # can go back to 1 (the minimum), not below.
    g = tf.Game(2)
    origins = [a & 255 for a in g.actions() if a >> 8 == tf.ORIGIN]
    assert origins == [0, 1, 2, 3, 4]
    g.apply(act(tf.DOT, D))
    assert g.ratings[D] == 2 and act(tf.UNDOT, D) in g.actions()
    g.apply(act(tf.UNDOT, D))
    assert g.ratings[D] == 1 and act(tf.UNDOT, D) not in g.actions()


def test_a_slot_label_never_passes_27_characters():
    # A menu row holds 27 characters: "FORCE/MARKED T:10 HARM:3 THR:1" is 30, so the origin
    # goes ("HARM" in full: issue 34, "H" read as HEART).
    g = position(source=S, origin=tf.O_MARKED, threats=("9D",), harm=3)
    g.turn = 100
    assert g.slot_label() == "FORCE T:100 HARM:3 THR:1"
    g.turn = 10
    assert g.slot_label() == "FORCE T:10 HARM:3 THR:1"
    g.origin = tf.O_MADE
    g.turn = 1
    assert g.slot_label() == "FORCE/MADE T:1 HARM:3 THR:1"  # 27: the origin stays


def test_a_snapshot_keeps_turns_scenes_and_threats_met_apart():
    # The three counters sit side by side in a snapshot: each comes back as it was.
    g = position(deck=("9D", "5C"))
    g.apply(act(tf.SCENE))
    g.apply(act(tf.SCENE))
    g.apply(act(tf.THREAT))
    turn(g, S)
    h = tf.Game.restore(g.snapshot())
    assert (h.turn, h.scene, h.met) == (g.turn, g.scene, g.met) == (1, 2, 1)
    g.scene = 70000  # free scene breaks: a counter may pass two bytes (it has three)
    assert tf.Game.restore(g.snapshot()).scene == 70000


def test_a_spread_cards_strength_runs_as_grip_an_ace_the_strongest():
    # D18 (issue 34): "Rank is how strong" reads as a threat's Grip does: an Ace above a King.
    C = cards.parse
    assert [tf.strength_of(C(n)) for n in ("2S", "9H", "10D", "JC", "KS", "AS")] == \
        [2, 9, 10, 11, 13, 14]
    assert tf.grip_of(C("AS")) > tf.grip_of(C("KS"))  # the same way as Grip
