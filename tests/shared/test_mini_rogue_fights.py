# Mini Rogue rules: fights, wands, bosses, the score; a scripted scenario per rule.
# Runs under CPython and MicroPython. Dice are scripted (see test_mini_rogue_script.py).
from deckdelve.game import IllegalAction
from deckdelve.games import mini_rogue as mr
from test_mini_rogue_script import IN_ORDER, act, codes, first, new, to_column


# ---- fights --------------------------------------------------------------------------------


def fight(rank=1, area=1, hp=10, armour=0, dice=(), **stats):
    g = new(area=area, layout=first(mr.MONSTER), rank=rank, hp=hp, armour=armour,
            dice=dice, **stats)
    act(g, mr.CARD, 0)
    return g


def test_monster_hp_is_level_plus_a_die():
    # "If you are on level 2, the monster could have an HP in the range of 3 to 8"
    for die in range(1, 7):
        g = fight(area=3, dice=(die, 2))
        assert (g.monster_hp, g.monster_damage) == (2 + die, 2)  # the Skeleton's printed 2
    g = fight(area=8, dice=(3, 2))
    assert (g.monster_hp, g.monster_damage) == (7, 8)  # level 4 + 3; the Serpent Knight's 8


def test_ones_miss_and_damage_sums():
    g = fight(rank=3, dice=(6, 1, 4, 2, 3, 3, 3))  # monster HP 7; dice 1, 4, 2
    act(g, mr.ATTACK)
    assert g.monster_hp == 1  # 4 + 2; the 1 misses


def test_reroll_a_six_adds_it():
    g = fight(dice=(6, 6, 5))  # monster HP 7
    assert g.actions() == [mr.REROLL << 8, mr.ATTACK << 8]
    act(g, mr.REROLL, 0)
    assert g.strike_damage() == 11
    ev = act(g, mr.ATTACK)
    assert ev[0] == (mr.EV_STRIKE, 7, 0) and g.xp == 1


def test_reroll_to_a_one_loses_the_die():
    g = fight(hp=10, dice=(6, 6, 1, 3))  # monster 7, damage 2
    act(g, mr.REROLL, 0)
    assert g.strike_damage() == 0
    ev = act(g, mr.ATTACK)  # nothing dealt; the monster hits; next round rolled (3)
    assert ev[0] == (mr.EV_STRIKE, 0, 7) and (mr.EV_HIT, 2, 8) in ev
    assert g.dice[0] == 3 and g.sixes[0] == 0
    # With two dice and more (issue 33: one die cannot tell "that die" from "every die"):
    # the 1 loses the rerolled die's 6 and itself, never the other dice.
    for rank, dice, left in ((2, (6, 5, 1, 2, 2), 5), (4, (6, 2, 3, 2, 1, 2, 2, 2, 2), 7)):
        g = fight(area=10, rank=rank, hp=20, dice=(6,) + dice)  # monster 4 + 6 = 10 HP
        act(g, mr.REROLL, 0)
        assert g.dice[0] == 1 and g.strike_damage() == left, (rank, g.strike_damage())
        ev = act(g, mr.ATTACK)
        assert ev[0] == (mr.EV_STRIKE, left, 10 - left)


def test_armour_reduces_the_blow():
    g = fight(hp=10, armour=1, dice=(6, 2, 2))
    ev = act(g, mr.ATTACK)
    assert (mr.EV_HIT, 1, 9) in ev
    g = fight(area=2, hp=10, armour=3, dice=(6, 2, 2))
    ev = act(g, mr.ATTACK)
    assert (mr.EV_HIT, 0, 10) in ev


def test_monster_kills_player():
    g = fight(area=8, hp=3, dice=(6, 2))
    ev = act(g, mr.ATTACK)
    assert g.over and not g.won and (mr.EV_DEAD, mr.MONSTER, 0) in ev
    assert g.actions() == []


def test_fire_wand():
    g = fight(dice=(6, 2, 4))
    g.items[mr.FIRE] = 1
    act(g, mr.ATTACK)
    assert g.phase == mr.FIGHT_WAND
    assert g.actions() == [mr.WAND << 8 | mr.FIRE, mr.NO_WAND << 8]
    ev = act(g, mr.WAND, mr.FIRE)  # 8 damage kills the 5 left: it took 5 (issue 33)
    assert (mr.EV_WAND, mr.FIRE, 5) in ev and g.phase == mr.MAP and g.items[mr.FIRE] == 0


def test_fire_wand_deals_eight():
    # "Fireball Spell: In combat, inflict 8 damage points to a Monster."
    g = fight(area=10, hp=20, dice=(6, 1, 3))  # monster 10, level 4 damage 8
    g.items[mr.FIRE] = 1
    act(g, mr.ATTACK)  # 1 misses: 10 left
    ev = act(g, mr.WAND, mr.FIRE)
    assert (mr.EV_WAND, mr.FIRE, 8) in ev and g.monster_hp == 2
    assert (mr.EV_HIT, 8, 12) in ev and g.phase == mr.FIGHT_DICE


def test_ice_wand_skips_the_counter_attack():
    g = fight(hp=10, dice=(6, 2, 4))
    g.items[mr.ICE] = 1
    act(g, mr.ATTACK)
    ev = act(g, mr.WAND, mr.ICE)
    assert mr.EV_HIT not in codes(ev) and mr.EV_FROZEN in codes(ev)
    assert g.hp == 10 and g.phase == mr.FIGHT_DICE and g.dice[0] == 4


def test_poison_wand_adds_five_to_later_strikes_only():
    g = fight(area=10, hp=20, dice=(6, 2, 2, 3))  # monster 10, level 4 damage 8
    g.items[mr.POISON] = 2
    act(g, mr.ATTACK)  # 2: 8 left
    act(g, mr.WAND, mr.POISON)
    assert g.monster_hp == 8 and g.hp == 12
    assert g.actions() == [mr.ATTACK << 8]
    act(g, mr.ATTACK)  # 2 + 5
    assert g.monster_hp == 1
    assert mr.WAND << 8 | mr.POISON not in g.actions()  # a second dose adds nothing


def test_no_wand_question_when_only_a_spent_poison_is_held():
    g = fight(area=10, hp=20, dice=(6, 2, 2, 3))
    g.items[mr.POISON] = 2
    act(g, mr.ATTACK)
    act(g, mr.WAND, mr.POISON)
    ev = act(g, mr.ATTACK)  # 2 + 5: the second poison could add nothing, so no question
    assert g.phase == mr.FIGHT_DICE and (mr.EV_HIT, 8, 4) in ev
    assert g.items[mr.POISON] == 1


def test_monster_pays_the_tables_xp_and_a_gold():
    # "| Level | HP | Reward |": 1XP, 1XP, 2XP, 2XP, 3XP; "rewarded with gold and XP"
    for area, xp in ((1, 1), (3, 1), (5, 2), (8, 2), (11, 3)):
        g = fight(area=area, rank=2, gold=2, dice=(1, 6, 6))  # HP level + 1
        ev = act(g, mr.ATTACK)
        assert (mr.EV_KILL, xp, 1) in ev and (g.xp, g.gold) == (xp, 3), area


def test_healing_wand():
    g = fight(hp=5, dice=(6, 2, 2))
    g.items[mr.HEALING] = 1
    act(g, mr.ATTACK)
    act(g, mr.WAND, mr.HEALING)
    assert g.hp == 5 + 8 - 2


def test_one_wand_per_round():
    g = fight(hp=10, dice=(6, 2, 2))
    g.items[mr.HEALING] = 1
    g.items[mr.FIRE] = 1
    act(g, mr.ATTACK)
    act(g, mr.WAND, mr.HEALING)
    assert g.phase == mr.FIGHT_DICE  # the monster struck back; a new round began


def test_boss_rewards():
    g = new(area=4, layout=IN_ORDER, rank=4, gold=0, xp=0, hp=20, dice=(6, 6, 6, 4, 6))
    to_column(g, 4)
    act(g, mr.CARD, 6)
    assert (g.monster_hp, g.monster_damage) == (15, 5)
    ev = act(g, mr.ATTACK)  # 18 kills; item roll 6: +2 XP
    assert (mr.EV_KILL, 3, 2) in ev and (mr.EV_LOOT, 6, 2) in ev
    assert g.bosses == 1 and g.gold == 2 and g.xp == 5
    assert g.area == 5 and g.food == 5


def test_boss_pays_three_gold_from_level_three():
    g = new(area=7, layout=IN_ORDER, rank=4, gold=0, xp=0, hp=20, food=2,
            dice=(6, 6, 6, 6, 5))
    to_column(g, 4)
    act(g, mr.CARD, 6)
    assert (g.monster_hp, g.monster_damage) == (20, 7)
    ev = act(g, mr.ATTACK)  # 24 kills; item roll 5: an armour piece
    assert (mr.EV_KILL, 4, 3) in ev and (mr.EV_LOOT, 5, 1) in ev
    assert (g.gold, g.xp, g.armour, g.bosses) == (3, 4, 1, 1)
    assert g.area == 8 and g.food == 1


def test_beating_ogs_remains_wins():
    g = new(area=14, layout=IN_ORDER, rank=4, hp=20, dice=(6, 6, 6, 6, 6, 6, 6, 6, 3))
    to_column(g, 4)
    act(g, mr.CARD, 6)
    assert (g.monster_hp, g.monster_damage) == (30, 12)
    for d in range(4):
        act(g, mr.REROLL, d)
    ev = act(g, mr.ATTACK)  # 4 x 12 = 48
    assert g.over and g.won and g.bosses == 1
    assert ev[-1] == (mr.EV_WON, g.score, 0)
    assert g.summary() == "Og slain" and g.actions() == []


# ---- score, contract ------------------------------------------------------------------------


def test_score_formula():
    g = new(difficulty="hell", area=9, rank=3, hp=7, gold=4, food=2, armour=1, bosses=3)
    g.items[0] = 1
    g.score = g.compute_score()
    assert g.score_parts() == (9, 27, 6, 6, 14, 8, 2, 1, 1)
    assert g.score == 74


def test_illegal_action_changes_nothing():
    g = mr.Game(3, ())
    before = (g.column, g.phase, g.hp, g.rng.state())
    for a in (mr.CARD << 8 | 1, mr.ATTACK << 8, mr.LEAVE << 8, 0):
        try:
            g.apply(a)
            raise AssertionError("accepted %d" % a)
        except IllegalAction:
            pass
    assert (g.column, g.phase, g.hp, g.rng.state()) == before
