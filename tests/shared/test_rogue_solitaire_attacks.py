# heap: 72K (this large test module shares the heap with the game; smallest passing 56K)
# Rogue Solitaire scenario tests, part 3: naming, special and critical attacks.
# Helpers and shared positions: test_rogue_solitaire_setup.py. CPython and MicroPython.
from deckdelve import cards
from deckdelve.games import rogue_solitaire as rs
from test_rogue_solitaire_setup import BOARD, act, at, c, codes, game, hand

# ----- naming, special and critical attacks ---------------------------------------------


def test_face_card_turned_up_names_the_monster_and_the_duel_goes_on_with_the_centre_card():
    g = game(".QC .6C .7C .8C .4D .9C .10C .2D --", BOARD)
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)  # QC turned up: it goes to the centre, 4D comes out and duels 9H
    assert g.events[0] == (rs.EV_NAMED, c("QC"), c("4D"))
    assert g.events[1] == (rs.EV_ATTACK, c("9H"), c("4D"))
    assert at(g, rs.M, 4) == "QC" and at(g, rs.M, 0) == "--"


def test_an_ace_does_not_name_a_monster():
    g = game(".AC .6C .7C .8C .4D .9C .10C .2D --", BOARD)
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert codes(g) == [rs.EV_ATTACK] and at(g, rs.M, 4) == ".4D"


def test_naming_then_losing_brings_the_special_attack():
    # Named by the JC, whose place the 10D takes; 10D beats your 9H: Clubs special.
    g = game(".JC .6C .7C .8C .10D .9C .10C .2D --", BOARD, hand="AD 5D")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert codes(g)[:3] == [rs.EV_NAMED, rs.EV_ATTACK, rs.EV_SPECIAL]
    assert g.phase == rs.PH_CLUB  # two hand cards: you choose the one to lose


def test_no_special_attack_for_a_card_already_face_up_or_on_a_tie():
    g = game("JC .6C .7C .8C QH .9C .10C .2D --", BOARD)  # JC is already up
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert rs.EV_SPECIAL not in codes(g) and at(g, rs.M, 0) == "JC"
    g = game(".JC .6C .7C .8C QH .9C .10C .2D --", "JD 2H 3H 4H 5C 6H 7H 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)  # tie
    assert rs.EV_SPECIAL not in codes(g) and at(g, rs.M, 0) == "--"


def test_unnamed_monster_never_attacks_specially():
    g = game(".AC .6C .7C .8C .4D .9C .10C .2D --", "2H 5D 3H 4H 5C 6H 7H 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)  # an Ace turned up, you lose, but the centre is face down
    assert codes(g) == [rs.EV_ATTACK]


def test_hearts_special_heals_a_damaged_monster_in_the_spot_you_choose():
    g = game(".JS -- .7C .8C QH .9C -- .2D --", BOARD, deck="7S")
    act(g, rs.SKIP)
    # Your 9H at 0 meets the JS at 0, turned up on a named monster, and loses.
    act(g, rs.ATTACK, 0)
    assert rs.EV_SPECIAL in codes(g) and g.events[codes(g).index(rs.EV_SPECIAL)][1] == 1
    assert g.phase == rs.PH_HEAL
    assert sorted(a & 1023 for a in g.actions()) == [1, 6, 8]
    act(g, rs.HEAL, 6)
    assert at(g, rs.M, 6) == ".7S"
    assert rs.EV_HEALED in codes(g)
    assert g.phase == rs.PH_PLAY  # the retaliation and the death checks followed


def test_hearts_special_with_one_empty_spot_needs_no_choice_and_undamaged_does_nothing():
    g = game(".JS .6C .7C .8C QH .9C .10C -- .3D", "2H 9H 3H 4H 5C 6H 7H 8H 10H", deck="7S")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert rs.EV_HEALED in codes(g) and at(g, rs.M, 7) == ".7S"
    g = game(".JS .6C .7C .8C QH .9C .10C .2D .3D", "2H 9H 3H 4H 5C 6H 7H 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    # Still full after the duel (your 2H lost, its JS went back): undamaged.
    assert rs.EV_UNHURT in codes(g)


def test_hearts_critical_heals_every_empty_spot():
    g = game(".AS -- .7C -- QH .9C -- .2D --", "2H 9H 3H 4H 5C 6H 7H 8H 10H",
             deck="7S 8S 9S 10S")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert rs.EV_CRITICAL in codes(g)
    assert g.events[codes(g).index(rs.EV_HEALED)][1] == 4
    for p in (1, 3, 6):
        assert g.down[rs.M + p] and g.grid[rs.M + p] != cards.NONE
    # The healed 8 (7S, dealt last) then retaliated against your 10H and lost.
    assert g.events[-1] == (rs.EV_RETALIATE, c("7S"), c("10H")) and at(g, rs.M, 8) == "--"


def test_clubs_special_discards_the_hand_card_you_choose_then_play_goes_on():
    g = game(".JS .6C .7C .8C QC .9C .10C .2D --", "2H 9H 3H 4H 5C 6H 7H 8H 10H",
             hand="AH 3D")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert g.phase == rs.PH_CLUB
    assert sorted(g.actions()) == sorted([rs.CLUB << 10 | c("AH"), rs.CLUB << 10 | c("3D")])
    act(g, rs.CLUB, c("3D"))
    assert hand(g) == ["AH"] and g.events[0] == (rs.EV_LOST_CARD, c("3D"), 0)
    assert g.phase == rs.PH_PLAY


def test_clubs_special_misses_with_an_empty_hand_and_critical_discards_all():
    g = game(".JS .6C .7C .8C QC .9C .10C .2D --", "2H 9H 3H 4H 5C 6H 7H 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert rs.EV_NO_EFFECT in codes(g)
    g = game(".AS .6C .7C .8C QC .9C .10C .2D --", "2H 9H 3H 4H 5C 6H 7H 8H 10H",
             hand="AH 3D 4D")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert rs.EV_CRITICAL in codes(g) and g.hand_n == 0
    assert g.events[codes(g).index(rs.EV_LOST_HAND)][1] == 3


def test_diamonds_pickpocket_swaps_a_face_down_monster_card_you_choose():
    # Face-down monster cards at 1, 2, 3 face your 9H, 3H, 4H; the one at 5 faces nothing.
    g = game(".JS .6C .7C .8C QD .9C 10C -- --", "2H 9H 3H 4H 5C -- 7H 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert g.phase == rs.PH_PICK
    assert sorted(a & 1023 for a in g.actions()) == [1, 2, 3]
    act(g, rs.PICK, 2)
    assert at(g, rs.P, 2) == ".7C" and at(g, rs.M, 2) == "3H"  # each keeps its facing
    assert g.events[0] == (rs.EV_PICKPOCKET, c("3H"), 2)


def test_diamonds_special_with_one_choice_or_none():
    # Only the face-down 6C at 1 faces a card of yours (your 3H at 2 faces a face-up 7C):
    # taken without asking. Your 9H there was face down: the event does not name it.
    g = game(".JS .6C 7C -- QD -- 10C -- --", "2H .9H 3H 4H 5C -- 7H 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert g.phase == rs.PH_PLAY and at(g, rs.P, 1) == ".6C" and at(g, rs.M, 1) == ".9H"
    assert g.events[codes(g).index(rs.EV_PICKPOCKET)] == (rs.EV_PICKPOCKET, cards.NONE, 1)
    # No face-down monster card faces a card of yours: the attack does nothing.
    g = game(".JS 6C 7C -- QD .9C 10C -- --", "2H 9H 3H 4H 5C -- 7H 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert rs.EV_NO_EFFECT in codes(g) and at(g, rs.M, 5) == ".9C" and at(g, rs.P, 1) == "9H"


def test_diamonds_critical_mugs_every_face_down_card_facing_yours():
    g = game(".AS .6C .7C .8C QD .9C 10C -- --", "2H 9H 3H 4H 5C -- 7H 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert g.events[codes(g).index(rs.EV_MUGGED)][1] == 3
    assert at(g, rs.P, 1) == ".6C" and at(g, rs.P, 3) == ".8C" and at(g, rs.M, 5) == ".9C"
    assert at(g, rs.M, 1) == "9H"


def test_spades_special_swaps_the_winning_card_with_the_exit():
    g = game(".JS .6C .7C .8C QS .9C .10C .2D --", "2H 9H 3H 4H 5C 6H 7H 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert at(g, rs.X, 0) == "JS" and at(g, rs.M, 0) == "2S"
    assert g.events[codes(g).index(rs.EV_EXIT_SWAP)][1:] == (c("JS"), c("2S"))


def test_a_joker_coming_out_of_a_spades_naming_is_a_critical_teleport():
    # A special attack's winner is never the Joker (a Joker turned up makes it critical), so
    # the text's "If the monster card that won the duel is the Joker, nothing happens" cannot
    # arise; this is the case nearest to it.
    g = game(".KS .6C .7C .8C .KEY .9C .10C .2D --", "2H 9H 3H 4H 5C 6H 7H 8H 10H")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)  # KS names the monster (spades), the Joker comes out and wins
    assert codes(g)[:4] == [rs.EV_NAMED, rs.EV_ATTACK, rs.EV_CRITICAL, rs.EV_TELEPORT]
    assert at(g, rs.M, 0) == "KEY"


def test_spades_critical_teleports_the_exit():
    g = game(".AS .6C .7C .8C QS .9C .10C .2D --", "2H 9H 3H 4H 5C 6H 7H 8H 10H")
    before = sorted(g.grid[rs.X + p] for p in rs.RING)
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert rs.EV_TELEPORT in codes(g)
    assert sorted(g.grid[rs.X + p] for p in rs.RING) == before
    assert g.grid[rs.X + 4] == cards.JOKER_A


def test_the_chain_face_card_named_joker_revealed_critical_in_one_combat():
    # The text: flip a face card, the monster becomes named, the newly swapped card is the
    # Joker, the player loses the duel and the monster does an immediate critical attack.
    g = game(".QC .6C .7C .8C .KEY .9C .10C .2D --", "AH 9H 3H 4H 5C 6H 7H 8H 10H",
             hand="7S 8S 9S")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 0)
    assert codes(g)[:4] == [rs.EV_NAMED, rs.EV_ATTACK, rs.EV_CRITICAL, rs.EV_LOST_HAND]
    assert g.events[0] == (rs.EV_NAMED, c("QC"), cards.JOKER_B)
    assert at(g, rs.M, 4) == "QC" and at(g, rs.M, 0) == "KEY" and at(g, rs.P, 0) == "--"
    assert g.hand_n == 0


def test_special_attack_in_the_retaliation():
    # Your attack from 8 beats the 3D; the monster's 0 (JC, face down) retaliates: it names
    # the monster, the 10C takes its place and beats your 9H: Clubs special, one card.
    g = game(".JC .6C .7C .8C .10C .9C .5D .2D .3D", BOARD, hand="7S")
    act(g, rs.SKIP)
    act(g, rs.ATTACK, 8)
    assert codes(g) == [rs.EV_ATTACK, rs.EV_NAMED, rs.EV_RETALIATE, rs.EV_SPECIAL,
                        rs.EV_LOST_CARD]
    assert g.hand_n == 0 and at(g, rs.M, 4) == "JC"


