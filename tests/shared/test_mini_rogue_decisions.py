# Mini Rogue, the decisions of issue 25 (docs/rules/mini_rogue.md), each a scenario from the
# manual's text: the monster card's damage as printed (level 2's "2" too) and the event card's
# "Level x 2" for its own monster, Og's Remains paying the Og's Blood and a random treasure, a
# 1 on a reroll losing that die alone at any rank, one chest die and one skill die at any
# rank. Runs under CPython and MicroPython. Dice are scripted (see test_mini_rogue_script.py).
from deckdelve.games import mini_rogue as mr
from test_mini_rogue_script import act, codes, first, new, to_column


def fight(area, rank=1, dice=(), **stats):
    g = new(area=area, layout=first(mr.MONSTER), rank=rank, dice=dice, **stats)
    act(g, mr.CARD, 0)
    return g


def test_each_levels_monster_deals_the_monster_cards_figure():
    # "| 1 Undead Soldier | 2 | 1XP | 2 Skeleton | 2 | 1XP | 3 Undead Knight | 6 | 2XP |
    # 4 Serpent Knight | 8 | 2XP | 5 OG's Sanctum Guard | 10 | 3XP |": the Skeleton's 2 is
    # legible, so it is what level 2's monster deals.
    for area, damage in ((1, 2), (2, 2), (3, 2), (4, 2), (5, 6), (8, 8), (11, 10)):
        g = fight(area, hp=20, dice=(3, 2, 1))  # (1: the next round's die)
        assert g.monster_damage == damage, area
        assert g.monster_hp == mr.level_of(area) + 3
        ev = act(g, mr.ATTACK)  # 2 leaves it alive: it strikes back
        assert (mr.EV_HIT, damage, 20 - damage) in ev, area


def test_the_events_monster_deals_level_times_two():
    # "Monster Fight! The monster will inflict damage to the value of the current Level x 2."
    # (the event card's own figure: at level 2 it is 4, where the Skeleton deals 2)
    for area, damage in ((1, 2), (3, 4), (5, 6), (8, 8), (11, 10)):
        g = new(area=area, layout=first(mr.EVENT), hp=20, dice=(6, 4, 3, 2, 1))
        ev = act(g, mr.CARD, 0)
        assert g.fight == mr.EVENT and (mr.EV_FIGHT, mr.level_of(area) + 3, damage) in ev
        ev = act(g, mr.ATTACK)
        assert (mr.EV_HIT, damage, 20 - damage) in ev, area


def test_ogs_remains_pays_the_ogs_blood_and_a_random_treasure():
    # "| 5 OG's Remains | 30 | 12 | Og's Blood |" -- no gold, no XP -- and "In addition to
    # these perks, you will receive a random treasure (see Treasure Card above) as well."
    for loot in (1, 5, 6):
        g = new(area=14, layout=first(mr.MONSTER), rank=4, hp=20, gold=4, xp=3,
                dice=(6, 6, 6, 6, 6, 6, 6, 6, loot))
        to_column(g, 4)
        act(g, mr.CARD, 6)
        for d in range(4):
            act(g, mr.REROLL, d)
        ev = act(g, mr.ATTACK)  # 4 x 12 = 48 against 30
        assert g.won and g.bosses == 1
        assert (mr.EV_KILL, 0, 0) in ev and ev[-1] == (mr.EV_WON, g.score, 0)
        assert codes(ev).index(mr.EV_KILL) < codes(ev).index(mr.EV_LOOT)
        assert g.gold == 4, loot  # the boss table's gold is for the other four
        if loot == 1:
            assert g.items[mr.FIRE] == 1 and g.xp == 3
        elif loot == 5:
            assert g.armour == 1 and g.xp == 3
        else:
            assert g.xp == 5  # the treasure's better weapon, +2 XP; the boss gave none


def test_the_other_bosses_still_pay_gold_xp_and_an_item():
    # "| 4 Serpent Demon | 25 | 9 | 3 Gold + 5 XP + Item |"
    g = new(area=10, layout=first(mr.MONSTER), rank=4, hp=20, gold=0, xp=0, food=2,
            dice=(6, 6, 6, 6, 6, 6, 6, 6, 5))
    to_column(g, 4)
    act(g, mr.CARD, 6)
    for d in range(4):
        act(g, mr.REROLL, d)
    ev = act(g, mr.ATTACK)  # 48 against 25
    assert (mr.EV_KILL, 5, 3) in ev and (mr.EV_LOOT, 5, 1) in ev and g.armour == 1


def test_a_one_on_a_reroll_loses_that_die_alone():
    # "If you roll a 6, you may re-roll the dice and combine the newly rolled value and the
    # original 6 together ... if you happen to roll a 1 you have lost everything. To re-roll
    # a dice, highlight it": the reroll is one die's, and so is what a 1 loses.
    g = fight(1, rank=3, hp=20, dice=(6, 6, 4, 3, 1))  # monster HP 7; dice 6, 4, 3
    act(g, mr.REROLL, 0)
    assert g.dice[0] == 1 and g.strike_damage() == 7  # the 4 and the 3 still count
    ev = act(g, mr.ATTACK)
    assert ev[0] == (mr.EV_STRIKE, 7, 0)
    # A die rerolled twice loses both its sixes, the other die still counts.
    g = fight(8, rank=2, hp=20, dice=(6, 6, 5, 6, 1, 2, 2))  # monster HP 4 + 6 = 10; dice 6, 5
    act(g, mr.REROLL, 0)
    act(g, mr.REROLL, 0)
    assert g.strike_damage() == 5
    ev = act(g, mr.ATTACK)
    assert ev[0] == (mr.EV_STRIKE, 5, 5)


def test_one_chest_die_and_one_skill_die_at_any_rank():
    # "If you roll a five or above, you are rewarded a random treasure": one chest die, and
    # one skill die for an event, at rank 4 as at rank 1 (the scripted dice would run dry if
    # the rules rolled one a rank).
    g = new(layout=first(mr.TREASURE), rank=4, gold=0, dice=(5, 6))
    ev = act(g, mr.CARD, 0)
    assert ev[0] == (mr.EV_TREASURE, 5, 1) and (mr.EV_LOOT, 6, 2) in ev and g.phase == mr.MAP
    g = new(layout=first(mr.TREASURE), rank=4, gold=0, dice=(4,))
    ev = act(g, mr.CARD, 0)
    assert ev == [(mr.EV_TREASURE, 4, 1)]
    g = new(layout=first(mr.EVENT), rank=4, dice=(2, 6))
    ev = act(g, mr.CARD, 0)
    assert ev == [(mr.EV_EVENT, 2, 6)] and g.phase == mr.EVENT_CHOICE
