# Rogue Solitaire scenario tests, part 2: the turn (discard, play, attack, duels, retaliation,
# death, kills).
# Helpers and shared positions: test_rogue_solitaire_setup.py. CPython and MicroPython.
from deckdelve import cards
from deckdelve.game import IllegalAction
from deckdelve.games import rogue_solitaire as rs
from test_rogue_solitaire_setup import BOARD, MONSTER, act, at, c, codes, game, hand

# ----- the turn: discard and play -------------------------------------------------------



def test_discard_down_to_five_first():
    g = game(MONSTER, BOARD, hand="2C 3C 4C 5D 6D 10D 8S")
    assert g.phase == rs.PH_DISCARD
    assert sorted(a & 1023 for a in g.actions()) == sorted(
        c(n) for n in "2C 3C 4C 5D 6D 10D 8S".split())
    act(g, rs.DISCARD, c("8S"))
    assert g.phase == rs.PH_DISCARD
    act(g, rs.DISCARD, c("2C"))
    assert g.phase == rs.PH_PLAY and g.hand_n == 5
    assert g.discard[g.discard_n - 1] == c("2C")


def test_plays_swap_flip_hand_swap_place_take():
    g = game(MONSTER, "9H .2H 3H 4H KC 6H 7H 8H --", hand="KS")
    act(g, rs.SWAP, 0 * 9 + 1)
    assert at(g, rs.P, 0) == ".2H" and at(g, rs.P, 1) == "9H"  # facing travels with the card
    assert g.phase == rs.PH_ATTACK  # exactly one play
    g = game(MONSTER, "9H .2H 3H 4H KC 6H 7H 8H --", hand="KS")
    act(g, rs.FLIP, 1)
    assert at(g, rs.P, 1) == "2H"
    g = game(MONSTER, "9H .2H 3H 4H KC 6H 7H 8H --", hand="KS")
    act(g, rs.HSWAP, c("KS") * 9 + 1)
    assert at(g, rs.P, 1) == "KS" and hand(g) == ["2H"]
    g = game(MONSTER, "9H .2H 3H 4H KC 6H 7H 8H --", hand="KS")
    act(g, rs.PLACE, c("KS") * 9 + 8)
    assert at(g, rs.P, 8) == "KS" and g.hand_n == 0
    g = game(MONSTER, "9H .2H 3H 4H KC 6H 7H 8H --", hand="KS")
    act(g, rs.TAKE, 4)
    assert at(g, rs.P, 4) == "--" and hand(g) == ["KC", "KS"]
    g = game(MONSTER, "9H .2H 3H 4H KC 6H 7H 8H --", hand="KS")
    act(g, rs.SKIP)
    assert g.phase == rs.PH_ATTACK


def test_only_legal_plays_are_offered_and_illegal_ones_change_nothing():
    g = game(MONSTER, "9H 2H 3H 4H KC 6H 7H 8H --", hand="KS")
    acts = g.actions()
    assert rs.SWAP << 10 | 0 * 9 + 8 not in acts  # no card at 8 to swap with
    assert rs.FLIP << 10 | 0 not in acts  # 9H is face up
    assert rs.PLACE << 10 | c("KS") * 9 + 0 not in acts  # spot 0 is taken
    assert rs.HSWAP << 10 | c("KS") * 9 + 8 not in acts  # nothing at 8 to swap
    before = bytes(g.grid)
    try:
        g.apply(rs.ATTACK << 10 | 0)  # no attack before the play
        raise AssertionError("an attack was accepted in the play step")
    except IllegalAction:
        pass
    assert bytes(g.grid) == before and g.phase == rs.PH_PLAY


# ----- attack, duels, retaliation, death ------------------------------------------------


def test_duel_ranks_two_to_ten_then_face_cards_then_ace_then_joker():
    order = ["2C", "10C", "JC", "QC", "KC", "AC"]
    for i in range(len(order) - 1):
        assert rs.strength(c(order[i])) < rs.strength(c(order[i + 1]))
    assert rs.strength(cards.JOKER_A) > rs.strength(c("AS"))
    assert rs.strength(c("7H")) == rs.strength(c("7S"))


def test_attack_win_discards_the_monster_card_and_keeps_yours_face_up():
    g = game(MONSTER, ".9H 2H 3H 4H KC 6H 7H 8H 10H")
    act(g, rs.SKIP)
    assert sorted(a & 1023 for a in g.actions()) == [0, 1, 2, 3, 5, 6, 7, 8]  # not the centre
    act(g, rs.ATTACK, 0)
    assert g.events[0] == (rs.EV_ATTACK, c("9H"), c("5C"))
    assert at(g, rs.P, 0) == "9H"  # turned face up first, won, back in its spot
    assert at(g, rs.M, 0) == "--"
    # The retaliation came from the opposite spot (8: 3D) against your 10H there, and lost.
    assert g.events[1] == (rs.EV_RETALIATE, c("3D"), c("10H"))
    assert at(g, rs.M, 8) == "--" and at(g, rs.P, 8) == "10H"
    assert g.discard_n == 2 and g.phase == rs.PH_PLAY


def test_attack_loss_and_tie():
    g = game(MONSTER, "2H 9H 3H 4H KC 6H 7H 8H JH")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)  # 2H against 5C: lost
    assert at(g, rs.P, 0) == "--" and at(g, rs.M, 0) == "5C"
    g = game(MONSTER, "5H 9H 3H 4H 5D 6H 7H 8H JH")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)  # 5H against 5C: both discarded
    assert at(g, rs.P, 0) == "--" and at(g, rs.M, 0) == "--"
    assert sorted(g.discard[:2]) == sorted([c("5H"), c("5C")])  # then the 3D retaliation


def test_joker_wins_every_duel():
    g = game(".AC .6C .7C .8C .4D .9C .10C .2D .3D", "KEY 9H 3H 4H KC 6H 7H 8H JH")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert at(g, rs.P, 0) == "KEY" and at(g, rs.M, 0) == "--"


def test_retaliation_searches_counter_clockwise_past_empty_spots():
    # You attack from 0; the monster's 8 (AD) retaliates at your 8, which is empty; then 5
    # (the next counter-clockwise after 8) is empty too, so it meets your 2, the key.
    g = game(".5C .6C .7C .8C .4D .9C .10C .2D .AD", "9H 2H KEY 4H KC -- 7H 8H --")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert g.events[-1] == (rs.EV_RETALIATE, c("AD"), c("KEY"))
    assert at(g, rs.P, 2) == "KEY" and at(g, rs.M, 8) == "--" and not g.over


def test_no_retaliation_without_a_monster_card_opposite():
    g = game(".5C .6C .7C .8C .4D .9C .10C .2D --", BOARD)
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert codes(g) == [rs.EV_ATTACK]


def test_only_a_card_facing_a_monster_card_may_attack():
    # "dueling the corresponding card in the same position on the monster grid": the monster
    # has nothing at 0 nor 3, so your 9H (0) and 4H (3) may not attack; the six others may.
    g = game("-- .6C .7C -- .4D .9C .10C .2D .3D", BOARD)
    act(g, rs.SKIP)
    assert sorted(a & 1023 for a in g.actions()) == [1, 2, 5, 6, 7, 8]
    try:
        g.apply(rs.ATTACK << 10 | 0)
        raise AssertionError("a card facing an empty spot attacked")
    except IllegalAction:
        pass
    act(g, rs.ATTACK, 6)  # your 7H meets the 10C facing it, and loses
    assert g.events[0] == (rs.EV_ATTACK, c("7H"), c("10C"))
    assert at(g, rs.M, 6) == "10C" and at(g, rs.P, 6) == "--"


def test_when_no_card_faces_one_any_card_attacks_the_next_counter_clockwise():
    # Your cards stand on the diagonal, the monster's everywhere else (it has no empty line):
    # none faces another. Then any outer card may attack and meets the monster's next card
    # counter-clockwise, as its retaliation searches your board.
    g = game("-- .6C .7C .8C .4D .9C .10C .2D --", "9H -- -- -- KC -- -- -- 10H")
    act(g, rs.SKIP)
    assert sorted(a & 1023 for a in g.actions()) == [0, 8]
    assert g.attack_target(0) == 3 and g.attack_target(8) == 5
    act(g, rs.ATTACK, 0)  # 9H meets the 8C at 3 and wins; nothing at 8 retaliates
    assert g.events == [(rs.EV_ATTACK, c("9H"), c("8C"))]
    assert at(g, rs.M, 3) == "--" and at(g, rs.P, 0) == "9H" and not g.over


def test_face_down_card_met_by_the_retaliation_is_turned_up():
    g = game(MONSTER, "9H 2H 3H 4H KC 6H 7H 8H .AH")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert at(g, rs.P, 8) == "AH"


def test_player_dies_with_an_empty_row():
    # Your top row is 9H alone; it loses to the monster's AC and the row is empty.
    g = game(".AC .6C .7C .8C .4D .9C .10C .2D .3D", "9H -- -- 4H 5C 6H 7H 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert g.over and not g.won and g.events[-1] == (rs.EV_DIED, 0, 0)  # the top row
    assert g.actions() == []


def test_player_dies_with_an_empty_column_even_if_the_monster_dies_too():
    # Your left column is 9H alone and the monster's left column is its 5C alone: both go
    # (a tie), and your death is checked first.
    g = game(".5C .6C .7C -- .4D .9C -- .2D .3D", "5H 2H 3H -- KC 6H -- 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert g.over and not g.won and rs.EV_KILL not in codes(g)


def test_killing_a_monster_gives_its_cards_to_the_hand_and_deals_a_new_one():
    g = game(".5C .6C .7C -- .4D .9C -- .2D .3D", BOARD, hand="2C 3C 4C 5D")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)  # 9H beats 5C: the left column is empty; the 3D retaliation loses
    assert rs.EV_KILL in codes(g)
    assert g.events[codes(g).index(rs.EV_KILL)][1] == 5  # 6C 7C 4D 9C 2D
    assert hand(g) == sorted("2C 3C 4C 5D 6C 7C 4D 9C 2D".split())
    for p in range(9):
        assert g.down[rs.M + p] and g.grid[rs.M + p] != cards.NONE
    assert g.kills == 1 and g.score == 10
    assert g.phase == rs.PH_DISCARD  # nine in hand: discard down to five next


def test_new_monster_reshuffles_the_discards_when_the_deck_runs_out():
    g = game(".5C .6C .7C -- .4D .9C -- .2D .3D", BOARD)
    # Move all but three deck cards to the discard pile.
    while g.deck_n > 3:
        g.deck_n -= 1
        g.discard[g.discard_n] = g.deck[g.deck_n]
        g.discard_n += 1
    g.check()
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert rs.EV_RESHUFFLE in codes(g)
    for p in range(9):
        assert g.grid[rs.M + p] != cards.NONE




def test_taking_the_last_card_of_a_row_is_allowed_and_kills_you_at_the_turns_end():
    g = game(MONSTER, "9H -- -- 4H KC 6H 7H 8H 10H")
    assert rs.TAKE << 10 | 0 in g.actions()
    act(g, rs.TAKE, 0)
    assert hand(g) == ["9H"] and not g.over
    act(g, rs.ATTACK, 8)  # 10H beats the 3D; the 5C opposite searches to your 4H and wins
    assert g.over and not g.won and g.events[-1][0] == rs.EV_DIED
    line = rs.LINES[g.events[-1][1]]  # the row or column named is the one empty
    assert all(g.grid[rs.P + p] == cards.NONE for p in line)
