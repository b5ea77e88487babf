# Rogue Solitaire scenario tests, part 4: the exit, floors, the Victory Buffet, the race,
# achievements.
# Helpers and shared positions: test_rogue_solitaire_setup.py. CPython and MicroPython.
from deckdelve import cards
from deckdelve.games import rogue_solitaire as rs
from test_rogue_solitaire_setup import (
    BOARD, EXIT, MONSTER, ON_EXIT, PLAIN_EXIT, PLAIN_ON_EXIT, act, at, c, codes, game, hand)

# ----- the exit, floors, the race, achievements -----------------------------------------


def test_matches_by_suit_or_rank_and_jokers_match_nothing():
    assert rs.matches(c("2H"), c("2S")) and rs.matches(c("9S"), c("2S"))
    assert not rs.matches(c("9H"), c("2S"))
    assert not rs.matches(cards.JOKER_B, c("2S"))


def test_escape_in_quick_play_wins_zero_to_hero():
    g = game(MONSTER, ON_EXIT)
    act(g, rs.SKIP)
    assert g.over and g.won and g.score == 100
    assert g.achievements() == rs.ACH_ZERO
    assert g.summary() == "WIN 0 KILLS"


def test_no_escape_without_the_key_or_with_a_card_face_down():
    g = game(MONSTER, "AS KS QS JS KC 10S KD QD JD")
    act(g, rs.SKIP)
    assert not g.over and g.phase == rs.PH_ATTACK
    g = game(MONSTER, "AS KS QS JS KEY 10S KD QD .JD")
    act(g, rs.SKIP)
    assert not g.over
    g = game(MONSTER, "AS KS QS JS KEY 10S KD QD JC")  # JC does not match 9D
    act(g, rs.SKIP)
    assert not g.over


def test_the_play_that_reaches_the_exit_escapes_in_the_same_turn():
    g = game(MONSTER, "AS KS QS JS KC 10S KD QD JD", hand="KEY")
    act(g, rs.HSWAP, cards.JOKER_B * 9 + 4)
    assert g.over and g.won


def test_campaign_floor_feeds_the_buffet_in_order_and_resets_the_board():
    g = game(MONSTER, ON_EXIT, options=("campaign",), hand="2C 3C")
    act(g, rs.SKIP)
    assert not g.over and g.floors == 1 and g.phase == rs.PH_BUFFET
    # Face cards on your board come first.
    assert sorted(a & 1023 for a in g.actions()) == sorted(
        c(n) for n in "KS QS JS KD QD JD".split())
    assert g.can_save()  # at any point of a floor (issue 33)
    act(g, rs.BUFFET, c("QD"))
    assert g.buffet_n == 1 and g.buffet[0] == c("QD")
    assert g.phase == rs.PH_DESCEND and g.can_save() and g.actions() == [rs.DESCEND << 10]
    act(g, rs.DESCEND)
    assert g.floor() == 2 and g.phase == rs.PH_PLAY and g.can_save()
    assert hand(g) == ["2C", "3C"]  # the hand carries over
    assert g.grid[rs.X + 4] == cards.JOKER_A and g.discard_n == 0
    for p in range(9):
        assert g.grid[rs.P + p] not in (c("2C"), c("3C"), c("QD"))
        assert g.down[rs.M + p]
    assert g.deck_n == 54 - 27 - 2 - 1




def test_buffet_takes_from_the_exit_then_discards_then_hand():
    g = game(MONSTER, PLAIN_ON_EXIT, exit="2C 3S 4S 5H JK 6H 7D 8D KD", options=("campaign",))
    act(g, rs.SKIP)
    assert g.phase == rs.PH_DESCEND and g.buffet[0] == c("KD")  # one option: no question
    assert g.events[-1] == (rs.EV_BUFFET, c("KD"), 0)
    g = game(MONSTER, PLAIN_ON_EXIT, exit=PLAIN_EXIT, options=("campaign",), discard="JC 2H",
             hand="QS")
    act(g, rs.SKIP)
    assert g.buffet[0] == c("JC")  # the discard pile before the hand
    g = game(MONSTER, PLAIN_ON_EXIT, exit=PLAIN_EXIT, options=("campaign",), hand="QS")
    act(g, rs.SKIP)
    assert g.buffet[0] == c("QS") and g.hand_n == 0


def test_buffet_falls_back_to_the_monster_then_the_deck():
    # No face card on your board, the exit, the discards or your hand (the rules note).
    g = game(".5C .6C .7C .8C .4D .9C .10C .2D .QC", PLAIN_ON_EXIT, exit=PLAIN_EXIT,
             options=("campaign",), hand="3C")
    act(g, rs.SKIP)
    assert g.buffet[0] == c("QC") and at(g, rs.M, 8) == "--" and g.phase == rs.PH_DESCEND
    act(g, rs.DESCEND)
    g = game(MONSTER, PLAIN_ON_EXIT, exit=PLAIN_EXIT, options=("campaign",))
    act(g, rs.SKIP)
    assert g.phase == rs.PH_BUFFET and len(g.actions()) == 12  # every face card is in the deck
    act(g, rs.BUFFET, c("KH"))
    assert g.buffet[0] == c("KH") and g.deck_n == 54 - 27 - 1


def test_the_tenth_buffet_card_starts_the_race_named_from_the_buffet():
    g = game(MONSTER, PLAIN_ON_EXIT, exit=PLAIN_EXIT, options=("campaign",), hand="QC",
             buffet="JS QS KS JH QH KH JD QD KD", floors=9)
    assert g.floor() == 10
    act(g, rs.SKIP)
    assert g.buffet_n == 10 and g.buffet[9] == c("QC") and g.can_save()
    act(g, rs.DESCEND)
    assert g.race and rs.EV_RACE in codes(g)
    # The first floor's card (JS) names the first monster: face up in the centre.
    assert at(g, rs.M, 4) == "JS" and g.events[-1] == (rs.EV_MONSTER, c("JS"), 0)
    for p in rs.RING:
        assert g.down[rs.M + p]
    assert g.buffet_top == 1 and g.floor() == 10 and g.score == 1000


def _race(buffet_left, player, monster, hand="", exit=EXIT):
    return game(monster, player, exit, options=("campaign",), buffet=buffet_left, hand=hand,
                floors=10, race=True)


def test_hunger_when_the_buffet_is_empty_and_a_monster_is_needed():
    g = _race("", BOARD, ".5C .6C .7C -- JD .9C -- .2D .3D")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert g.over and not g.won and rs.EV_HUNGER in codes(g)
    # Neither the key nor the exit was found on this floor.
    assert g.achievements() == rs.ACH_KEYS | rs.ACH_DARK


def test_hunger_after_finding_the_key_earns_only_its_dark_twin():
    g = _race("", BOARD, ".5C .6C .7C -- JD .9C -- .2D .3D", hand="KEY")
    act(g, rs.SKIP)
    assert g.race_key_seen and not g.race_exit_seen
    act(g, rs.ATTACK, 0)
    assert g.over and g.achievements() == rs.ACH_DARK


def test_hunger_after_matching_the_exit_without_the_key_is_not_finding_it():
    # "You have found the exit when a Joker is in the center square of the player board, and
    # all eight other cards match": eight matches with the KC in the centre are not the exit.
    g = _race("", "AC 2S 5S 5D KC 6S 7H 8H 9D", ".6C .7C .4H -- JD .9C -- .2D .3D",
              exit=PLAIN_EXIT)
    act(g, rs.SKIP)
    assert not g.race_exit_seen and not g.over
    # The AC at 0 beats the 6C: the left column is empty, the monster dies, the Buffet is
    # bare. Neither the key nor (by the text's definition) the exit was found: both.
    act(g, rs.ATTACK, 0)
    assert g.over and rs.EV_HUNGER in codes(g)
    assert g.achievements() == rs.ACH_KEYS | rs.ACH_DARK


def test_the_exit_found_by_the_kill_that_starves_you_counts_as_found():
    # The key is in your centre and seven cards match; the eighth (AC) lies face down. It
    # attacks, is turned up (now all eight match: the exit is found), wins, and the kill finds
    # the Buffet bare. Found the key and the exit: neither hunger achievement.
    g = _race("", ".AC 2S 5S 5D KEY 6S 7H 8H 9D", ".6C .7C .4H -- JD .9C -- .2D .3D",
              exit=PLAIN_EXIT)
    act(g, rs.SKIP)
    assert g.race_key_seen and not g.race_exit_seen and not g.over
    act(g, rs.ATTACK, 0)
    assert g.over and not g.won and rs.EV_HUNGER in codes(g)
    assert g.race_exit_seen and g.achievements() == 0


def test_the_key_won_by_the_kill_that_starves_you_counts_as_found():
    # Your 9H beats the 5C: the left column is empty and the monster's cards, the key among
    # them, go to your hand just before you starve: "Where did I leave my keys?" is not earned.
    g = _race("", BOARD, ".5C .6C .7C -- JD .KEY -- .2D .3D")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert g.over and rs.EV_HUNGER in codes(g) and "JK" in hand(g)
    assert g.achievements() == rs.ACH_DARK


def test_race_monster_after_a_kill_comes_from_the_buffet_top():
    g = _race("QH KH", BOARD, ".5C .6C .7C -- JD .9C -- .2D .3D")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert at(g, rs.M, 4) == "QH" and g.buffet_top == 1 and not g.over
    assert rs.EV_MONSTER in codes(g)


def test_race_escape_is_true_rogue_and_master_rogue_with_four_aces_in_hand():
    g = _race("QH", ON_EXIT, MONSTER, hand="AH AC AD 2C")
    act(g, rs.SKIP)
    assert g.over and g.won and g.achievements() == rs.ACH_TRUE
    g = _race("QC", "JC 2S 5S 5D KEY 6S 7H 8H 9D", MONSTER, hand="AH AC AD AS",
              exit=PLAIN_EXIT)
    act(g, rs.SKIP)
    assert g.over and g.won and g.achievements() == rs.ACH_TRUE | rs.ACH_MASTER
    assert g.score == 1100 and g.summary() == "WIN 0 KILLS"


def test_rodney_needs_all_five_other_achievements_over_any_runs():
    stored = rs.combine_achievements(0, rs.ACH_ZERO)
    stored = rs.combine_achievements(stored, rs.ACH_KEYS | rs.ACH_DARK)
    stored = rs.combine_achievements(stored, rs.ACH_TRUE)
    assert not stored & rs.ACH_RODNEY
    stored = rs.combine_achievements(stored, rs.ACH_TRUE | rs.ACH_MASTER)
    assert stored == 63 and len(rs.ACHIEVEMENTS) == 6
