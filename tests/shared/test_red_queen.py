# Red Queen's Dungeon: a scenario for every rule of the text and every decision in
# docs/rules/red_queen.md ("D1".."D15"). Runs under CPython (pytest) and real MicroPython.
from deckdelve import cards
from deckdelve.cards import NONE
from deckdelve.game import IllegalAction
from deckdelve.games import red_queen as rq
from deckdelve.games.red_queen import (
    ATTACK,
    HAND,
    NO_PARTNER,
    REFILL,
    RUN,
    STASH,
    SWAP,
    act,
)
from red_queen_positions import setup_position, weapons_except

C = cards.parse
QH = C("QH")


def position(**kw):
    g = rq.Game(1)
    setup_position(g, **kw)
    g.check()
    return g


def hit(target, slot, partner=NO_PARTNER):
    return act(ATTACK, target, slot, partner)


def names(buf):
    return [cards.name(c) for c in buf]


def pile_names(pile):
    return [cards.name(pile.cards[i]) for i in range(pile.n)]


def event_codes(g):
    return [e[0] for e in g.events]


# ---- setup ----

def test_setup_queen_aside_three_weapons_and_a_first_draw():
    for seed in range(40):
        g = rq.Game(seed)
        g.check()
        assert g.queen == QH
        for c in g.hand:
            assert c != NONE and rq.is_weapon(c)
        assert g.runs == 0 and not g.over and g.score == g.stash_value() == 0
        # the first card has been drawn: a weapon to place or a fight
        assert (g.phase == rq.PLACE) == (g.drawn != NONE)
        assert g.phase in (rq.PLACE, rq.FIGHT)
        assert g.deck.n + (g.drawn != NONE) + sum(1 for c in g.foe if c != NONE) + sum(
            1 for w in g.foe_weapon if w != NONE) == 48


def test_setup_is_deterministic_and_seeds_differ():
    a = rq.Game(7)
    b = rq.Game(7)
    assert a.hand == b.hand and a.deck.cards == b.deck.cards and a.drawn == b.drawn
    assert rq.Game(8).deck.cards != a.deck.cards


# ---- weapons, matching, combining ----

def test_d1_aces_are_weapons_and_jqk_are_not():
    assert rq.is_weapon(C("AS")) and rq.is_weapon(C("10C")) and rq.is_weapon(C("2H"))
    assert not rq.is_weapon(C("JD")) and not rq.is_weapon(C("QH")) and not rq.is_weapon(C("KS"))


def test_d4_match_any_suit_higher_same_suit_ace_highest():
    v = cards.value
    s = cards.suit
    # Example: weapons [7H, 4H, 10D] against an enemy's 3H: 4H and 7H win, 10D does not.
    assert rq.beats(v(C("4H")), s(C("4H")), C("3H"))
    assert rq.beats(v(C("7H")), s(C("7H")), C("3H"))
    assert not rq.beats(v(C("10D")), s(C("10D")), C("3H"))
    # Example 2: the enemy's 10S falls to 10D (same value).
    assert rq.beats(v(C("10D")), s(C("10D")), C("10S"))
    assert not rq.beats(v(C("9S")), s(C("9S")), C("10S"))
    # Aces: above 10 of their suit, match any Ace, lose to nothing of their suit.
    assert rq.beats(1, cards.SPADES, C("10S"))
    assert rq.beats(1, cards.CLUBS, C("AH"))
    assert not rq.beats(10, cards.HEARTS, C("AH"))
    assert not rq.beats(1, cards.CLUBS, C("10S"))
    # D7: an unarmed enemy falls to anything
    assert rq.beats(2, cards.SPADES, NONE)


def test_d2_combined_values_wrap_and_the_seed_examples_hold():
    assert rq.combined_value(C("7H"), C("2S")) == 9  # 7H + 2S = 9H
    assert rq.combined_value(C("5C"), C("7S")) == 2  # 5C + 7S = 2C
    assert rq.combined_value(C("5C"), C("3H")) == 8  # 5C + 3H = 8C
    assert rq.combined_value(C("6S"), C("5H")) == 1  # 11 wraps to 1: an Ace
    assert rq.combined_value(C("10S"), C("10H")) == 10
    assert rq.combined_value(C("AS"), C("9H")) == 10  # an Ace adds 1
    for a in range(52):
        for b in range(52):
            if rq.is_weapon(a) and rq.is_weapon(b):
                assert 1 <= rq.combined_value(a, b) <= 10


def test_rule_example_single_weapons():
    g = position(hand=("7H", "4H", "10D"), foes=(("KS", "3H"),))
    assert sorted(g.actions()) == sorted([hit(0, 0), hit(0, 1)])
    g = position(hand=("7H", "4H", "10D"), foes=(("KS", "10S"),))
    assert g.actions() == [hit(0, 2)]


def test_rule_example_combine_with_a_stash_top():
    # Fighting a King holding 9S with [7H, 4H, 10D], stash tops 2D and 6S: only 7H + 2 = 9H.
    g = position(hand=("7H", "4H", "10D"), stash0=("2D",), stash1=("6S",),
                 foes=(("KC", "9S"),), deck=("3C", "4C"))
    assert g.actions() == [hit(0, 0, 3)]
    g.apply(hit(0, 0, 3))
    g.check()
    assert sorted(pile_names(g.discard)[-3:]) == ["2D", "7H", "9S"]
    assert pile_names(g.defeated)[-1] == "KC"
    assert names(g.hand) == ["--", "4H", "10D"]
    assert g.stashes[0].n == 0 and pile_names(g.stashes[1]) == ["6S"]
    assert event_codes(g)[0] == rq.EV_DEFEATED
    # the fight is over and the next card is drawn; refilling from the stash is offered
    assert g.phase == rq.PLACE and g.drawn == C("3C")
    assert act(REFILL, 1) in g.actions()


def test_seed_example_7h_plus_2s_is_9h_and_fights_as_a_heart():
    # 9H beats the enemy's 8H only as a heart (a 9 of spades would not)
    g = position(hand=("7H", "3C", "4D"), stash1=("2S",), foes=(("QS", "8H"),))
    assert hit(0, 0, 4) in g.actions()
    g.apply(hit(0, 0, 4))
    assert pile_names(g.defeated)[-1] == "QS"
    g = position(hand=("2S", "3C", "4D"), stash1=("7H",), foes=(("QS", "8H"),))
    assert hit(0, 0, 4) not in g.actions()  # 2S + 7H = 9S: no match, not a heart


def test_d3_combination_keeps_the_suit_of_the_hand_card():
    g = position(hand=("5C", "3H", "2D"), foes=(("JS", "6C"),))
    acts = g.actions()
    assert hit(0, 0, 1) in acts  # 5C + 3H = 8C beats 6C
    assert hit(0, 1, 0) not in acts  # 3H + 5C = 8H does not
    assert hit(0, 0, 2) in acts  # 5C + 2D = 7C beats 6C
    assert hit(0, 2, 0) not in acts
    assert sorted(acts) == sorted([hit(0, 0, 1), hit(0, 0, 2)])
    # 5C + 7S = 2C matches a 2
    g = position(hand=("5C", "9D", "4D"), stash1=("7S",), foes=(("JS", "2H"),))
    assert g.actions() == [hit(0, 0, 4)]


def test_d3_combining_only_when_no_single_card_wins():
    g = position(hand=("9S", "4H", "5H"), foes=(("JS", "9C"),))
    assert g.actions() == [hit(0, 0)]  # 4H + 5H = 9H would also win, but 9S alone does


def test_d2_a_combined_one_is_an_ace():
    g = position(hand=("6S", "5H", "2D"), foes=(("JS", "10S"),))
    assert hit(0, 0, 1) in g.actions()  # 6S + 5H = AS beats 10S
    g = position(hand=("6S", "5H", "2D"), foes=(("JS", "AC"),))
    acts = g.actions()
    assert hit(0, 0, 1) in acts and hit(0, 1, 0) in acts  # an Ace of any suit matches AC


def test_stash_top_only_the_top_card_combines():
    g = position(hand=("7H", "4C", "10D"), stash0=("2D", "3S"), foes=(("KC", "9S"),))
    # 7H + 3S = 10H; 7H + 2D would win but 2D is under 3S
    assert hit(0, 0, 3) not in g.actions()
    g.apply(act(RUN))
    assert g.runs == 1


# ---- drawing and placing ----

def test_place_drawn_weapon_hand_swap_or_stash():
    g = position(hand=("2S", "--", "4D"), drawn="8H", deck=("3C", "5C", "6C"))
    acts = g.actions()
    expect = [act(HAND, 1), act(SWAP, 0, 0), act(SWAP, 0, 1), act(SWAP, 2, 0), act(SWAP, 2, 1),
              act(STASH, 0), act(STASH, 1)]
    assert sorted(acts) == sorted(expect)
    g.apply(act(SWAP, 2, 1))
    assert names(g.hand) == ["2S", "--", "8H"]
    assert pile_names(g.stashes[1]) == ["4D"]
    assert g.drawn == C("3C")  # the next card is drawn at once
    g.apply(act(STASH, 0))
    assert pile_names(g.stashes[0]) == ["3C"] and g.drawn == C("5C")
    g.apply(act(HAND, 1))
    assert names(g.hand) == ["2S", "5C", "8H"] and g.drawn == C("6C")
    assert act(HAND, 0) not in g.actions()  # no empty slot


def test_d8_refill_from_a_stash_top_whenever_the_hand_is_short():
    g = position(hand=("--", "2S", "--"), stash0=("9D", "AH"), drawn="8H", deck=("3C",))
    acts = g.actions()
    assert act(REFILL, 0) in acts and act(REFILL, 1) not in acts  # stash 1 is empty
    g.apply(act(REFILL, 0))
    assert names(g.hand) == ["AH", "2S", "--"] and pile_names(g.stashes[0]) == ["9D"]
    assert g.drawn == C("8H")  # refilling draws nothing
    g.apply(act(REFILL, 0))
    assert act(REFILL, 0) not in g.actions()  # hand full


def test_d10_jqk_met_while_drawing_weapons_go_back_into_the_deck():
    # the setup and the refill after a run both draw weapons this way
    g = position(hand=("2S", "3S", "4S"), drawn="8H", deck=("JS", "KD", "4C", "9H"))
    c = g._draw_weapon_skipping_faces()
    assert cards.name(c) == "4C"
    left = sorted(pile_names(g.deck))
    assert left == ["9H", "JS", "KD"]
    assert [e[0] for e in g.events].count(rq.EV_IGNORED) >= 2


def test_drawing_a_jqk_starts_a_fight_with_its_weapon():
    g = position(hand=("2S", "3S", "4S"), deck=("JD", "8C", "5H"))
    assert g.phase == rq.FIGHT
    assert g.foe[0] == C("JD") and g.foe_weapon[0] == C("8C") and g.foe[1] == NONE
    assert g.events == [(rq.EV_ENEMY, C("JD"), 0), (rq.EV_WEAPON, C("JD"), C("8C"))]
    assert pile_names(g.deck) == ["5H"]


def test_d5_second_jqk_joins_and_weapons_go_first_to_first():
    g = position(hand=("2S", "3S", "4S"), deck=("JD", "KC", "8C", "5H", "9H"))
    assert g.foe[0] == C("JD") and g.foe[1] == C("KC")
    assert g.foe_weapon[0] == C("8C") and g.foe_weapon[2] == C("5H")
    assert pile_names(g.deck) == ["9H"]
    assert event_codes(g) == [rq.EV_ENEMY, rq.EV_ENEMY, rq.EV_WEAPON, rq.EV_WEAPON]


def test_d5_third_jqk_is_shuffled_back():
    g = position(hand=("2S", "3S", "4S"), deck=("JD", "KC", "QS", "8C", "5H", "9H", "10H"))
    g.check()
    assert g.foe[0] == C("JD") and g.foe[1] == C("KC") and g.foe[2] == NONE
    assert rq.EV_BACK in event_codes(g)
    for k in (0, 2):
        assert rq.is_weapon(g.foe_weapon[k])
    # QS is back in the deck (it may have come up again and gone back again)
    assert C("QS") in list(g.deck.cards[:g.deck.n])


def test_d6_deck_of_only_jqk_arms_from_the_discard_without_a_second_enemy():
    rest = weapons_except("2S", "3S", "4S", "4H")
    g = position(hand=("2S", "3S", "4S"), stash0=rest, discard=("4H",), deck=("JD", "KC"))
    assert g.foe[0] == C("JD") and g.foe_weapon[0] == C("4H") and g.foe[1] == NONE
    assert pile_names(g.deck) == ["KC"] and g.discard.n == 0


def test_d7_unarmed_enemy_falls_to_any_weapon():
    rest = weapons_except("2S", "3S", "4S")
    g = position(hand=("2S", "3S", "4S"), stash0=rest, deck=("JD",))
    assert g.foe[0] == C("JD") and g.foe_weapon[0] == NONE
    assert g.events[-1] == (rq.EV_WEAPON, C("JD"), NONE)
    assert sorted(g.actions()) == sorted([hit(0, 0), hit(0, 1), hit(0, 2)])


def test_defeating_an_enemy_discards_weapons_and_scores_ten():
    g = position(hand=("7H", "4H", "10D"), foes=(("KS", "3H"),), deck=("5C",))
    before = g.score
    g.apply(hit(0, 1))
    g.check()
    assert pile_names(g.defeated)[-1] == "KS"
    assert pile_names(g.discard)[-2:] == ["4H", "3H"]
    assert g.score == before + 10
    assert g.phase == rq.PLACE and g.drawn == C("5C")


def test_two_enemies_fought_one_at_a_time():
    g = position(hand=("7H", "9C", "2D"), foes=(("KS", "3H"), ("JC", "8C")), deck=("5C",))
    acts = g.actions()
    assert hit(0, 0) in acts and hit(2, 1) in acts and act(RUN) not in acts
    g.apply(hit(2, 1))
    assert g.phase == rq.FIGHT and g.foe[1] == NONE and g.foe[0] == C("KS")
    g.apply(hit(0, 0))
    assert g.phase == rq.PLACE and len(g.defeated) - 9 == 2  # 9 unnamed JQK were put there


# ---- running away ----

def test_run_only_when_nothing_wins_then_refill_from_stashes_then_deck():
    g = position(hand=("2S", "3S", "4S"), stash0=("8D",), stash1=("AC",),
                 foes=(("KD", "9H"),), deck=("QS", "5C", "2H"))
    assert g.actions() == [act(RUN)]
    g.apply(act(RUN))
    g.check()
    assert g.runs == 1 and g.events[0] == (rq.EV_FLED, 1, 1)
    assert g.fled[0] == C("KD") and g.fled_weapon[0] == C("9H") and g.foe[0] == NONE
    assert pile_names(g.discard)[-3:] == ["2S", "3S", "4S"]
    assert g.phase == rq.REFILL_AFTER_RUN
    assert sorted(g.actions()) == [act(REFILL, 0), act(REFILL, 1)]  # refilling is a must
    g.apply(act(REFILL, 1))
    assert names(g.hand) == ["AC", "--", "--"] and g.actions() == [act(REFILL, 0)]
    g.apply(act(REFILL, 0))
    g.check()
    # stashes empty: the deck fills the last slot, the QS met on the way goes back
    assert names(g.hand) == ["AC", "8D", "5C"]
    assert (rq.EV_IGNORED, C("QS"), 0) in g.events
    assert g.deck.n + (g.drawn != NONE) + (g.foe[0] != NONE) + (g.foe_weapon[0] != NONE) == 2


def test_d12_a_deck_without_weapons_leaves_the_hand_short_after_a_run():
    # Stashes empty, the deck only JC: nothing fills the hand; JC is drawn and fights, armed
    # from the discard pile (D6), and an empty hand can only run again.
    g = position(hand=("2S", "3S", "4S"), foes=(("KD", "9H"),), deck=("JC",))
    g.apply(act(RUN))
    g.check()
    assert names(g.hand) == ["--", "--", "--"]
    assert g.phase == rq.FIGHT and g.foe[0] == C("JC") and rq.is_weapon(g.foe_weapon[0])
    assert g.deck.n == 0 and g.actions() == [act(RUN)]


def test_d11_run_not_offered_while_a_refill_would_win():
    # "If you can't defeat the enemy under any circumstance, you can run away": 6D from the
    # stash beats 3D, so the enemy can be defeated and running is not offered.
    g = position(hand=("--", "--", "10C"), stash0=("6D",), foes=(("KC", "3D"),))
    assert g.actions() == [act(REFILL, 0)]
    g.apply(act(REFILL, 0))
    assert g.actions() == [hit(0, 0)]
    # a stash top that cannot help (10C: 10C, 2C, 3C against 9H) leaves running on offer
    g = position(hand=("2S", "3S", "--"), stash0=("10C",), foes=(("KD", "9H"),))
    assert sorted(g.actions()) == sorted([act(REFILL, 0), act(RUN)])


def test_d11_run_not_offered_while_an_attack_exists():
    g = position(hand=("2S", "3S", "9H"), foes=(("KD", "9D"),))
    assert act(RUN) not in g.actions()


def test_d11_two_enemies_beat_the_one_you_can_then_run_from_the_other():
    g = position(hand=("2S", "3S", "4S"), foes=(("KD", "9H"), ("JC", "3C")),
                 deck=("5C", "6C", "7C", "8D"))
    assert act(RUN) not in g.actions()
    g.apply(hit(2, 1))
    assert g.actions() == [act(RUN)]
    g.apply(act(RUN))
    assert g.runs == 1 and g.fled[0] == C("KD") and g.fled[1] == NONE


def test_d11_running_from_two_enemies_is_one_run():
    g = position(hand=("2S", "3S", "4S"), foes=(("KD", "9H"), ("JC", "8C")), deck=("5C",))
    assert g.actions() == [act(RUN)]
    g.apply(act(RUN))
    g.check()
    assert g.runs == 1 and g.events[0] == (rq.EV_FLED, 1, 2)
    # nothing in the stashes: the deck refills the hand (5C), then the deck is empty and the
    # final battle starts (lost at once if the hand cannot win)
    assert g.phase == rq.FINAL or g.over
    assert names(g.foe[:3]) == ["QH", "KD", "JC"]
    assert [cards.name(g.foe_weapon[k]) for k in (2, 4)] == ["9H", "8C"]


def test_d13_third_run_needed_loses():
    g = position(hand=("2S", "3S", "4S"), foes=(("KD", "9H"),), runs=2, deck=("5C",))
    assert g.over and not g.won and g.events[-1] == (rq.EV_LOST, rq.LOST_RUN, 0)
    assert g.actions() == []


def test_d13_after_two_runs_a_stash_card_that_wins_is_taken_not_a_losing_run():
    # 9C from the stash matches 9H: the enemy can be defeated, so no (third) run is offered.
    g = position(hand=("2S", "3S", "--"), stash0=("9C",), foes=(("KD", "9H"),), runs=2)
    assert g.actions() == [act(REFILL, 0)]
    g.apply(act(REFILL, 0))
    assert g.actions() == [hit(0, 2)]  # 9C matches 9H
    g.apply(hit(0, 2))
    assert "KD" in pile_names(g.defeated)


def test_d13_after_two_runs_stash_cards_that_cannot_help_are_not_offered():
    # 10C taken into the hand would beat nothing (10C, 2C, 3C against 9H): the third run is
    # needed at once, and 10C stays in the stash, scoring.
    g = position(hand=("2S", "3S", "--"), stash0=("10C",), foes=(("KD", "9H"),), runs=2)
    assert g.over and not g.won and g.events[-1] == (rq.EV_LOST, rq.LOST_RUN, 0)
    assert g.actions() == [] and pile_names(g.stashes[0]) == ["10C"]


# ---- the final battle ----

def test_final_battle_queen_with_two_discard_weapons_and_the_fled():
    rest = weapons_except("2S", "3S", "4S", "8S", "9H", "9D", "5C")
    g = position(hand=("2S", "3S", "4S"), stash0=rest, discard=("9H", "9D"), drawn="5C",
                 fled=(("KS", "8S"),))
    g.apply(act(STASH, 1))
    g.check()
    assert g.phase == rq.FINAL and g.queen == NONE
    assert g.foe[0] == QH and sorted(names(g.foe_weapon[:2])) == ["9D", "9H"]
    assert g.foe[1] == C("KS") and g.foe_weapon[2] == C("8S") and g.fled[0] == NONE
    assert g.events[-1] == (rq.EV_FINAL, 2, 0)
    w = g.foe_weapon
    assert g.events[:2] == [(rq.EV_WEAPON, QH, w[0]), (rq.EV_WEAPON, QH, w[1])]
    assert act(RUN) not in g.actions()


def test_d14_with_one_card_in_the_discard_pile_the_queen_holds_one_weapon():
    rest = weapons_except("2S", "3S", "9C", "9H", "5C")
    g = position(hand=("2S", "3S", "9C"), stash0=rest, discard=("9H",), drawn="5C")
    g.apply(act(STASH, 1))
    g.check()
    assert g.phase == rq.FINAL and g.foe[0] == QH
    assert g.foe_weapon[0] == C("9H") and g.foe_weapon[1] == NONE
    assert hit(0, 2) in g.actions()  # 9C matches 9H
    for a in g.actions():
        assert a >> 12 != ATTACK or (a >> 8) & 15 == 0  # no second weapon to hit
    g.apply(hit(0, 2))
    assert g.won and pile_names(g.defeated)[-1] == "QH"


def test_d14_the_queen_falls_when_both_weapons_are_beaten_and_a_win_scores():
    g = position(hand=("9S", "10H", "AD"), stash0=("AC",), stash1=("5D",),
                 foes=(("QH", "9D", "4H"),))
    assert g.phase == rq.FINAL
    g.apply(hit(0, 0))  # 9S matches 9D
    assert g.events == [(rq.EV_DISARMED, QH, C("9D"))] and g.foe[0] == QH
    assert not g.over
    # Only her second weapon is a target now (10H beats the 4H): the beaten slot is no
    # unarmed foe that any card would defeat.
    assert [a for a in g.actions() if a >> 12 == ATTACK] == [hit(1, 1)]
    g.apply(hit(1, 1))  # 10H beats 4H
    g.check()
    assert g.over and g.won and g.events[-1][0] == rq.EV_WON
    # the hand's last card (AD) goes onto the left stash
    assert pile_names(g.stashes[0]) == ["AC", "AD"]
    defeated = len(g.defeated)
    assert pile_names(g.defeated)[-1] == "QH"
    assert g.score == 20 + 20 + 5 + 10 * defeated + 80
    assert g.summary() == "WIN"


def test_d14_stuck_in_the_final_battle_loses():
    g = position(hand=("2S", "3S", "--"), foes=(("QH", "9D", "4H"),))
    assert g.over and not g.won and g.events[-1] == (rq.EV_LOST, rq.LOST_FINAL, 0)
    assert g.phase == rq.OVER and g.actions() == []


def test_d14_stuck_with_stash_cards_that_cannot_help_loses_at_once_keeping_them():
    # No attack now, and none after taking 10C into the hand (10C alone, 10C+2S = 2C,
    # 10C+3S = 3C, 2S+3S = 5S, 2S+10C = 2S, 3S+10C = 3S beat neither 9D nor 4H): the battle
    # is lost at once, with 10C still scoring in the stash (not pulled into the hand first).
    g = position(hand=("2S", "3S", "--"), stash0=("10C",), foes=(("QH", "9D", "4H"),))
    assert g.over and not g.won and g.events[-1] == (rq.EV_LOST, rq.LOST_FINAL, 0)
    assert g.actions() == [] and pile_names(g.stashes[0]) == ["10C"]
    assert g.score == 10 + 10 * len(g.defeated)


def test_d14_a_refill_that_would_win_is_offered_and_the_stash_is_left_intact():
    # No attack now (2S+9C = AS, 3S+9C = 2S), but 9C taken into the hand matches 9D.
    g = position(hand=("2S", "3S", "--"), stash0=("AD", "9C"), foes=(("QH", "9D", "4H"),))
    assert not g.over and g.actions() == [act(REFILL, 0)]
    assert pile_names(g.stashes[0]) == ["AD", "9C"] and names(g.hand) == ["2S", "3S", "--"]
    g.apply(act(REFILL, 0))
    assert hit(0, 2) in g.actions()  # 9C matches 9D
    g.check()


def test_d14_two_runs_of_two_bring_four_fled_enemies_beside_the_queen():
    # "You'll also fight every enemy you ran away from": two runs from two enemies each.
    rest = weapons_except("5C", "3S", "4S", "2S", "3D", "4D", "5D", "9H", "9D", "6C")
    g = position(hand=("5C", "3S", "4S"), stash0=rest, discard=("9H", "9D"), drawn="6C",
                 runs=2, fled=(("KS", "2S"), ("KC", "3D"), ("JD", "4D"), ("JH", "5D")))
    g.apply(act(STASH, 1))
    g.check()
    assert g.phase == rq.FINAL and g.events[-1] == (rq.EV_FINAL, 5, 0)
    assert names(g.foe) == ["QH", "KS", "KC", "JD", "JH"]
    assert [cards.name(g.foe_weapon[2 * i]) for i in range(1, 5)] == ["2S", "3D", "4D", "5D"]
    acts = g.actions()
    assert hit(8, 0) in acts and hit(6, 2) in acts and hit(4, 1) in acts  # the last three
    # Each one beaten is defeated, whoever else still stands armed.
    g.apply(hit(2, 2))  # 4S beats the KS's 2S
    assert g.events == [(rq.EV_DEFEATED, C("KS"), C("2S"))]
    g.apply(hit(4, 1))  # 3S matches the KC's 3D
    assert g.events == [(rq.EV_DEFEATED, C("KC"), C("3D"))]


def test_winning_with_all_twelve_enemies_scores_200_plus_the_stash():
    g = position(hand=("9S", "2C", "3C"), stash0=("10C",), foes=(("QH", "9D", "--"),))
    assert len(g.defeated) == 11
    g.apply(hit(0, 0))
    assert g.won and g.score == 200 + 10 + 2 + 3
    assert g.events[-1] == (rq.EV_WON, g.score, 0)  # the end screen's score is the final one


# ---- scoring, the contract ----

def test_d15_score_is_stash_points_plus_ten_per_enemy():
    g = position(hand=("2S", "3S", "4S"), stash0=("AS", "7D"), stash1=("10C",), drawn="5C")
    assert g.stash_value() == 20 + 7 + 10
    assert g.score == 37 + 10 * len(g.defeated)
    g.apply(act(STASH, 1))
    g.check()


def test_illegal_action_raises_and_changes_nothing():
    g = position(hand=("2S", "3S", "4S"), drawn="5C", deck=("6C",))
    before = (bytes(g.hand), g.drawn, g.stashes[0].n, g.deck.n, g.rng.state())
    for bad in (act(HAND, 0), act(RUN), act(REFILL, 0), hit(0, 0), 0, 65535):
        try:
            g.apply(bad)
            raise AssertionError("accepted %d" % bad)
        except IllegalAction:
            pass
    assert (bytes(g.hand), g.drawn, g.stashes[0].n, g.deck.n, g.rng.state()) == before


def test_check_catches_a_lost_card():
    g = rq.Game(3)
    g.deck.n -= 1
    try:
        g.check()
        raise AssertionError("check missed a lost card")
    except ValueError:
        pass
