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


# ----- what the mutation run (tools/check/mutate.py) found unwatched
# ------------------------------


def test_a_row_holding_only_its_first_card_is_alive():
    # Your top row is the 9H alone: it wins its duel and the row lives (no death).
    g = game(".5C .6C .7C .8C .4D .9C .10C .2D .3D", "9H -- -- 4H KC 6H 7H 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 8)  # 10H beats the 3D; the 5C opposite meets your 9H and loses
    assert not g.over and at(g, rs.P, 0) == "9H"


def test_achievement_bits_follow_the_names():
    # The platform names achievement bit i by ACHIEVEMENTS[i] and keeps the bits on flash.
    bits = (rs.ACH_ZERO, rs.ACH_KEYS, rs.ACH_DARK, rs.ACH_TRUE, rs.ACH_MASTER, rs.ACH_RODNEY)
    for i in range(6):
        assert bits[i] == 1 << i, rs.ACHIEVEMENTS[i]


def test_summary_names_the_floor_reached():
    g = game(MONSTER, BOARD)
    assert g.summary() == "0 KILLS"  # (quick play: one floor)
    g = game(MONSTER, BOARD, options=("campaign",), floors=3)
    assert g.summary() == "FL4 0 KILLS"
    g.kills = 1
    assert g.summary() == "FL4 1 KILL"
    g.kills = 12
    g.floors = 9
    assert g.summary() == "FL10 12 KILLS" and len(g.summary()) <= 13  # the column's width


def test_every_spot_of_your_board_can_be_played():
    # A full board, no hand: 36 swaps, 9 takes, the face-down 8's flip, and SKIP.
    g = game(MONSTER, "9H 2H 3H 4H KC 6H 7H 8H .10H")
    acts = g.actions()
    assert len(acts) == 36 + 9 + 1 + 1
    assert rs.TAKE << 10 | 8 in acts and rs.FLIP << 10 | 8 in acts
    # With a hand card and an empty 8: it may be placed there.
    g = game(MONSTER, "9H 2H 3H 4H KC 6H 7H 8H --", hand="2C")
    acts = g.actions()
    assert rs.PLACE << 10 | c("2C") * 9 + 8 in acts
    assert len(acts) == 28 + 8 + 8 + 1 + 1  # swaps, hand swaps, takes, the place, SKIP


def test_the_key_seen_before_the_race_does_not_count_in_it():
    # "Where did I leave my keys?" is judged on the race floor: holding the key on an earlier
    # floor is not finding it there.
    g = game(MONSTER, BOARD, options=("campaign",), hand="KEY")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert not g.race_key_seen and not g.race_exit_seen


def test_the_retaliation_searches_the_whole_ring():
    # The monster's 9C (at 0, opposite your attacking 8) finds your board empty all the way
    # round to the last spot of its search, your 2H at 1.
    g = game("9C .6C .7C .8C .4D .5H .10C .2D 10D", "-- 2H -- -- KC -- -- -- 2C")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 8)  # your 2C loses to the 10D
    assert (rs.EV_RETALIATE, c("9C"), c("2H")) in g.events


def test_hearts_special_heals_the_last_spot_too():
    g = game(".JS .6C .7C .8C QH .9C .10C .2D --", "2H 9H 3H 4H 5C 6H 7H 8H 10H", deck="7S")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)  # your 2H loses to the JS turned up: Hearts special, one empty spot
    # The healed 7S at 8 is the card opposite your attack: it retaliates (and loses).
    assert codes(g) == [rs.EV_ATTACK, rs.EV_SPECIAL, rs.EV_HEALED, rs.EV_RETALIATE]
    assert g.events[-1] == (rs.EV_RETALIATE, c("7S"), c("10H"))


def test_clubs_special_names_the_single_hand_card_it_takes():
    g = game(".JS .6C .7C .8C QC .9C .10C .2D --", BOARD, hand="3D")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)  # your 9H loses to the JS: Clubs special, one hand card
    assert (rs.EV_LOST_CARD, c("3D"), 0) in g.events and g.hand_n == 0


def test_pickpocket_at_the_last_spot_beside_a_face_down_card_of_yours():
    # The only face-down monster card facing one of yours is the 5D at 8; your own face-down
    # 9H at 0 faces nothing: taken at once, no question.
    g = game("-- .JS 7C -- QD -- 10C -- .5D", ".9H 2H 3H 4H 5C -- 7H 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 1)  # your 2H loses to the JS
    assert g.phase == rs.PH_PLAY and (rs.EV_PICKPOCKET, c("10H"), 8) in g.events
    assert at(g, rs.P, 8) == ".5D" and at(g, rs.M, 8) == "10H" and at(g, rs.P, 0) == ".9H"


def test_buffet_takes_a_monster_card_at_its_first_spot():
    g = game(".QC .6C .7C .8C .4D .9C .10C .2D .3D", PLAIN_ON_EXIT, exit=PLAIN_EXIT,
             options=("campaign",), hand="3C")
    act(g, rs.SKIP)
    assert g.buffet[0] == c("QC") and at(g, rs.M, 0) == "--" and g.phase == rs.PH_DESCEND


def test_the_key_face_up_at_your_last_spot_counts_as_found():
    g = game(".5C .6C .7C -- JD .9C -- .2D .3D", "9H 2H 3H 4H KC 6H 7H 8H KEY",
             options=("campaign",), floors=10, race=True)
    act(g, rs.SKIP)
    assert g.race_key_seen
    act(g, rs.ATTACK, 0)  # 9H beats the 5C: the kill finds the Buffet bare
    assert g.over and rs.EV_HUNGER in codes(g) and g.achievements() == rs.ACH_DARK


def test_a_line_holding_only_its_middle_card_is_alive():
    # The top row kept by its middle card alone, then the middle column by its top card alone.
    for board in ("-- 2H -- 4H KC 6H 7H 8H 10H", "-- 2H 3H 4H -- 6H 7H -- 10H"):
        g = game(MONSTER, board)
        act(g, rs.SKIP)
        act(g, rs.ATTACK, 8)  # 10H beats the 3D; the 5C opposite meets your 4H and wins
        assert not g.over and at(g, rs.P, 1) == "2H", board


def test_pickpocket_choices_reach_the_last_spot_and_no_further():
    g = game("-- .JS 7C -- QD .9C 10C -- .5D", ".9H 2H 3H 4H 5C 6H 7H 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 1)  # your 2H loses to the JS: the 9C (5) and the 5D (8) face yours
    assert g.phase == rs.PH_PICK
    assert sorted(a & 1023 for a in g.actions()) == [5, 8]
