# Red Queen's Dungeon: the rule text's random placements, checked over many seeds (issue 13),
# so that "always at the bottom" or "the top two, unshuffled" fails; and the run-away
# look-ahead trying both stashes. Positions: red_queen_positions.py.
# Runs under CPython and MicroPython.
from deckdelve import cards
from deckdelve.cards import NONE
from deckdelve.games import red_queen as rq
from deckdelve.games.red_queen import ATTACK, NO_PARTNER, REFILL, RUN, STASH, act
from red_queen_positions import setup_position, weapons_except

C = cards.parse
SEEDS = 48
HEARTS = ("2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H")  # a discard pile, bottom first


def at_seed(seed, **kw):
    g = rq.Game(seed)  # each seed leaves its generator in its own state
    setup_position(g, **kw)
    g.check()
    return g


def deck_index(g, card):
    """Where card lies in the deck (0 = bottom), or -1 if it is not there."""
    for i in range(g.deck.n):
        if g.deck.cards[i] == card:
            return i
    return -1


def test_a_jqk_ignored_while_refilling_after_a_run_goes_back_at_a_random_place():
    # "draw cards from the deck similar to the start of the game, ignoring any JQK": the QS on
    # top is met first and goes back "randomly" (D10, D12): not always to one place.
    deck = ("QS", "5C", "2H", "6H", "7H", "8H", "9C", "10C")
    where = bytearray(10)
    for seed in range(SEEDS):
        g = at_seed(seed, hand=("2S", "3S", "4S"), foes=(("KD", "9H"),), deck=deck)
        g.apply(act(RUN))
        g.check()
        assert (rq.EV_IGNORED, C("QS"), 0) in g.events
        i = deck_index(g, C("QS"))
        where[9 if i < 0 else i] += 1  # 9: drawn again at once (it became the next enemy)
    assert where[0] <= SEEDS // 3, list(where)  # the bottom: 1 in 8 by chance
    assert sum(1 for n in where if n) >= 5, list(where)


def test_a_third_jqk_is_shuffled_into_the_deck_not_left_on_top():
    # "If you happen to draw yet another JQK, shuffle it into your deck."
    deck = ("JD", "KC", "QS", "8C", "5H", "9H", "10H", "2C", "3C")
    where = bytearray(8)
    for seed in range(SEEDS):
        g = at_seed(seed, hand=("2S", "3S", "4S"), deck=deck)
        assert g.foe[0] == C("JD") and g.foe[1] == C("KC") and rq.EV_BACK in [
            e[0] for e in g.events]
        where[deck_index(g, C("QS"))] += 1  # five cards left: QS is one of them
    assert sum(1 for n in where if n) >= 4, list(where)
    assert max(where) <= SEEDS // 2, list(where)


def test_weapons_from_the_discard_pile_are_random_not_its_top():
    # D6: "shuffle the discard pile and choose random weapons from there".
    rest = weapons_except("2S", "3S", "4S", *HEARTS)
    got = bytearray(52)
    for seed in range(SEEDS):
        g = at_seed(seed, hand=("2S", "3S", "4S"), stash0=rest, discard=HEARTS,
                    deck=("JD", "KC"))
        assert g.foe[0] == C("JD") and g.foe[1] == NONE
        got[g.foe_weapon[0]] += 1
    assert got[C("9H")] <= SEEDS // 3, list(got)  # the pile's top: 1 in 8 by chance
    assert sum(1 for n in got if n) >= 6


def test_the_queens_two_weapons_come_from_the_shuffled_discard_pile():
    # "Shuffle your discard pile and draw two cards for the queen to hold."
    rest = weapons_except("2S", "3S", "4S", "5C", *HEARTS)
    got = bytearray(52)
    top_two = 0
    for seed in range(SEEDS):
        g = at_seed(seed, hand=("2S", "3S", "4S"), stash0=rest, discard=HEARTS, drawn="5C")
        g.apply(act(STASH, 1))
        assert g.phase == rq.FINAL and g.foe[0] == C("QH")
        a, b = g.foe_weapon[0], g.foe_weapon[1]
        assert a != b and a != NONE and b != NONE
        got[a] += 1
        got[b] += 1
        top_two += sorted((a, b)) == sorted((C("8H"), C("9H")))
    assert top_two <= SEEDS // 4, top_two  # 1 in 28 by chance
    assert sum(1 for n in got if n) == len(HEARTS)


def test_running_is_refused_when_only_the_left_stash_top_would_win():
    # "If you can't defeat the enemy under any circumstance, you can run away" (D11): the left
    # top (6D) beats the 3D once taken into the gap; the right top (2C) helps nothing.
    g = at_seed(1, hand=("--", "10C", "4S"), stash0=("6D",), stash1=("2C",),
                foes=(("KC", "3D"),))
    assert act(RUN) not in g.actions()
    assert sorted(g.actions()) == sorted([act(REFILL, 0), act(REFILL, 1)])
    g.apply(act(REFILL, 0))
    assert g.actions() == [act(ATTACK, 0, 0, NO_PARTNER)]
    # The same with the stashes the other way round: the right one matters.
    g = at_seed(1, hand=("--", "10C", "4S"), stash0=("2C",), stash1=("6D",),
                foes=(("KC", "3D"),))
    assert act(RUN) not in g.actions()
    # Neither helps: running is on offer.
    g = at_seed(1, hand=("--", "10C", "4S"), stash0=("2C",), stash1=("5H",),
                foes=(("KC", "3D"),))
    assert act(RUN) in g.actions()


def test_every_weapon_can_be_in_the_starting_hand():
    # "Draw 3 cards" from a shuffled deck: over many seeds every weapon starts in some hand
    # (an unshuffled deck, or one whose bottom card never moves, would always deal the same).
    seen = bytearray(52)
    for seed in range(200):
        g = rq.Game(seed)
        for c in g.hand:
            seen[c] = 1
    for c in range(52):
        assert seen[c] == rq.is_weapon(c), cards.name(c)


def test_a_new_game_reports_only_its_first_draw():
    # The JQK met while drawing the starting hand go back unannounced (the player has not
    # started yet): the first events are those of the first draw. (About half the seeds meet
    # a JQK while drawing the hand: 11 of the 51 cards.)
    for seed in range(40):
        g = rq.Game(seed)
        assert rq.EV_IGNORED not in [e[0] for e in g.events], seed


def test_each_action_reports_only_its_own_events():
    g = at_seed(1, hand=("9C", "3S", "--"), drawn="8H", deck=("JD", "8C", "5H"))
    g.apply(act(rq.HAND, 2))
    assert g.events == [(rq.EV_ENEMY, C("JD"), 0), (rq.EV_WEAPON, C("JD"), C("8C"))]
    g.apply(act(ATTACK, 0, 0, NO_PARTNER))  # 9C beats 8C
    assert g.events == [(rq.EV_DEFEATED, C("JD"), C("8C"))]


def test_running_is_refused_when_a_refill_uncovers_the_card_that_wins():
    # Taking the left top (2C) into the gap uncovers the 5H, and 4S + 5H = 9S matches the 9D.
    g = at_seed(1, hand=("--", "10C", "4S"), stash0=("5H", "2C"), foes=(("KC", "9D"),))
    assert act(RUN) not in g.actions()
    g.apply(act(REFILL, 0))
    assert act(ATTACK, 0, 2, 3) in g.actions()  # 4S with the left stash's top


def test_a_fled_enemy_beaten_in_the_final_is_defeated_while_the_queen_stands():
    rest = weapons_except("3C", "2S", "4S", "9H", "9D", "3D")
    g = at_seed(1, hand=("3C", "2S", "4S"), stash0=rest,
                foes=(("QH", "9H", "9D"), ("KS", "3D")))
    g.apply(act(ATTACK, 2, 0, NO_PARTNER))  # 3C matches the fled KS's 3D
    assert g.events == [(rq.EV_DEFEATED, C("KS"), C("3D"))] and g.foe[1] == NONE
    assert g.phase == rq.FINAL and g.foe[0] == C("QH")


def test_the_third_fled_enemy_beaten_is_defeated_while_the_second_stays_armed():
    rest = weapons_except("4S", "2C", "3C", "9H", "9D", "2S", "3D", "4D")
    g = at_seed(1, hand=("4S", "2C", "3C"), stash0=rest,
                foes=(("QH", "9H", "9D"), ("KS", "2S"), ("KC", "3D"), ("JD", "4D")))
    g.apply(act(ATTACK, 6, 0, NO_PARTNER))  # 4S matches the JD's 4D; the KC keeps its 3D
    assert g.events == [(rq.EV_DEFEATED, C("JD"), C("4D"))] and g.foe[3] == NONE
