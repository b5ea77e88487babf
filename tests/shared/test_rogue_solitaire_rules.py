# Rogue Solitaire scenario tests, part 5: rules the code followed but no other test would have
# noticed breaking (issue 13): a kill by an empty row, the Hearts heal from an empty deck, the
# mugging sparing face-up cards, the teleport's shuffle, the Buffet's search order, the race
# only at ten Buffet cards, cards back from the discards face down.
# Helpers and shared positions: test_rogue_solitaire_setup.py. CPython and MicroPython.
from deckdelve import cards
from deckdelve.games import rogue_solitaire as rs
from test_rogue_solitaire_setup import (
    BOARD, MONSTER, PLAIN_EXIT, PLAIN_ON_EXIT, act, at, c, codes, game, position)


def _empty_the_deck(g):
    """Move every deck card to the discard pile (the next draw reshuffles them)."""
    while g.deck_n:
        g.deck_n -= 1
        g.discard[g.discard_n] = g.deck[g.deck_n]
        g.discard_n += 1
    g.check()


def test_a_monster_dies_of_an_empty_row_as_of_an_empty_column():
    # "If the monster board is missing all the cards in any row or column": its top row is the
    # 5C alone (every column keeps a card); your 9H beats it.
    g = game(".5C -- -- .8C .4D .9C .10C .2D .3D", BOARD)
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert rs.EV_KILL in codes(g) and g.kills == 1
    for p in range(9):  # a new monster, all face down
        assert g.grid[rs.M + p] != cards.NONE and g.down[rs.M + p]


def test_hearts_special_with_an_empty_deck_reshuffles_the_discards_and_heals_face_down():
    # "If there are no cards left in the deck, shuffle the discards and deal one from the new
    # deck." "Cards are always discarded face down": the healing card comes back face down.
    g = game(".JS -- .7C .8C QH .9C -- .2D --", BOARD)
    _empty_the_deck(g)
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)  # your 9H loses to the JS: Hearts special, three empty spots
    assert g.phase == rs.PH_HEAL and g.deck_n == 0
    n = g.discard_n
    act(g, rs.HEAL, 6)
    assert rs.EV_RESHUFFLE in codes(g) and (rs.EV_RESHUFFLE, n, 0) in g.events
    assert g.grid[rs.M + 6] != cards.NONE and g.down[rs.M + 6]
    assert g.discard_n == 0 and g.deck_n == n - 1


def test_new_monster_from_reshuffled_discards_lies_face_down():
    g = game(".5C .6C .7C -- .4D .9C -- .2D .3D", BOARD)
    _empty_the_deck(g)
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)  # the kill needs a new monster: the discards are its deck
    assert rs.EV_RESHUFFLE in codes(g) and rs.EV_KILL in codes(g)
    for p in range(9):
        assert g.grid[rs.M + p] != cards.NONE and g.down[rs.M + p]


def test_diamonds_critical_leaves_face_up_monster_cards_alone():
    # "All face down cards in the monster grid are swapped": the 10C at 6 is face up and
    # faces your 7H; it stays, and so does your 7H.
    g = game(".AS .6C .7C .8C QD .9C 10C -- --", "2H 9H 3H 4H 5C -- 7H 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert rs.EV_CRITICAL in codes(g) and rs.EV_MUGGED in codes(g)
    assert at(g, rs.M, 6) == "10C" and at(g, rs.P, 6) == "7H"
    assert at(g, rs.P, 1) == ".6C" and at(g, rs.M, 1) == "9H"


def test_spades_critical_shuffles_the_exit_ring():
    # "The cards ... from the exit are picked up, shuffled together, and redealt": over many
    # seeds the ring's order changes nearly always and every card lands in many spots.
    monster = ".AS .6C .7C .8C QS .9C .10C .2D --"
    exit_cards = "2S 3S 4S 5S JK 6S 7D 8D 9D"
    seen = [bytearray(54) for _ in range(8)]
    unchanged = 0
    seeds = 40
    for seed in range(seeds):
        g = rs.Game(seed, ())
        position(g, monster, BOARD, exit_cards)
        before = bytes(g.grid[rs.X:rs.X + 9])
        act(g, rs.SKIP)
        act(g, rs.ATTACK, 0)
        assert rs.EV_TELEPORT in codes(g)
        after = bytes(g.grid[rs.X:rs.X + 9])
        assert sorted(after) == sorted(before) and after[4] == cards.JOKER_A
        unchanged += after == before
        for i in range(8):
            seen[i][after[rs.RING[i]]] = 1
    assert unchanged <= 2, unchanged  # 1 in 40320 by chance
    for i in range(8):
        assert sum(seen[i]) >= 5, (i, sum(seen[i]))  # each spot got at least five cards


def test_buffet_searches_the_board_before_the_exit_and_the_exit_before_the_discards():
    # "Take a face card from your player board, the exit, the discard pile or your hand (check
    # in that order)".
    exit_kd = "2C 3S 4S 5H JK 6H 7D 8D KD"
    g = game(MONSTER, "AC 2S 5S 5D KEY 6S 7H 8H JD", exit=exit_kd, options=("campaign",))
    act(g, rs.SKIP)
    assert g.buffet[0] == c("JD") and g.phase == rs.PH_DESCEND  # the board's, not the KD
    g = game(MONSTER, PLAIN_ON_EXIT, exit=exit_kd, options=("campaign",), discard="JC",
             hand="QS")
    act(g, rs.SKIP)
    assert g.buffet[0] == c("KD") and g.phase == rs.PH_DESCEND  # the exit's, not the JC


def test_nine_buffet_cards_do_not_start_the_race():
    # "If after discarding to the Buffet there are fewer than ten cards in the Buffet ... reset
    # the game board": the ninth card makes an ordinary floor.
    g = game(MONSTER, PLAIN_ON_EXIT, exit=PLAIN_EXIT, options=("campaign",), hand="QC",
             buffet="JS QS KS JH QH KH JD QD", floors=8)
    act(g, rs.SKIP)
    assert g.buffet_n == 9 and g.can_save()
    act(g, rs.DESCEND)
    assert not g.race and rs.EV_RACE not in codes(g) and g.floor() == 10
    assert g.down[rs.M + 4] and g.buffet_top == 0  # an unnamed monster, the Buffet untouched
