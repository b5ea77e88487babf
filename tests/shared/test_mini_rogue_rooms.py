# heap: 78K (this large test module shares the heap with the game; smallest passing 64K)
# Mini Rogue rules: start, caps, ranks, the dungeon and its rooms; a scripted scenario per rule.
# Runs under CPython and MicroPython. Dice are scripted (see test_mini_rogue_script.py).
from deckdelve.game import IllegalAction
from deckdelve.games import mini_rogue as mr
from test_mini_rogue_script import IN_ORDER, act, codes, first, new, to_column


# ---- start, caps, rank -----------------------------------------------------------------


def test_difficulties_start_stats():
    want = {"easy": (1, 5, 5, 6), "normal": (0, 5, 3, 6), "hard": (0, 4, 2, 5),
            "hell": (0, 3, 1, 3)}
    for d in want:
        g = mr.Game(7, (d,))
        assert (g.armour, g.hp, g.gold, g.food) == want[d], d
        assert g.rank == 1 and g.xp == 0 and g.area == 1 and g.item_count() == 0
        g.check()
    assert mr.Game(7, ()).difficulty == 1  # no option: normal


def test_caps_hold_when_gains_overflow():
    g = new(food=10)
    act(g, mr.CARD, 0)
    act(g, mr.REST, 1)  # search for a ration at 10 food
    assert g.food == 10 and g.food_in == 0
    g = new(layout=first(mr.EVENT), hp=19, dice=(2, 4))  # potion +2 (skill 4 fails)
    act(g, mr.CARD, 0)
    assert g.hp == 20
    g = new(layout=first(mr.EVENT), armour=5, dice=(5, 4))  # shield
    act(g, mr.CARD, 0)
    assert g.armour == 5
    g = new(layout=first(mr.EVENT), gold=9, dice=(1, 4))  # loot +2 gold
    act(g, mr.CARD, 0)
    assert g.gold == 10 and g.gold_in == 1


def test_rank_is_number_of_dice():
    for rank in (1, 2, 3, 4):
        g = new(layout=first(mr.MONSTER), rank=rank, dice=(6, 1, 2, 3, 4))
        act(g, mr.CARD, 0)
        assert [g.dice[i] for i in range(4) if g.dice[i]] == [1, 2, 3, 4][:rank]


def test_rank_up_at_six_twelve_eighteen_xp():
    # "1: 6 XP, 2: 12 XP, 3: 18 XP": at rank r the counter reaching the mark ranks up and
    # the mark comes off it.
    g = new(xp=4, dice=())
    g._xp(1)  # 5: not yet
    assert (g.rank, g.xp) == (1, 5) and g.events == []
    g._xp(2)  # 7 reaches 6: rank 2 with 1 left
    assert (g.rank, g.xp) == (2, 1)
    assert codes(g.events) == [mr.EV_RANK]
    g._xp(10)  # 11 is short of 12
    assert (g.rank, g.xp) == (2, 11)
    g._xp(1)  # 12 reaches 12: rank 3 with 0
    assert (g.rank, g.xp) == (3, 0)
    g._xp(17)
    assert (g.rank, g.xp) == (3, 17)
    g._xp(1)  # 18 reaches 18: rank 4 with 0
    assert (g.rank, g.xp) == (4, 0)
    g._xp(200)  # no rank 5; XP stops at its cap
    assert (g.rank, g.xp) == (4, mr.XP_CAP)
    g.score = g.compute_score()
    g.check()


# ---- the dungeon -------------------------------------------------------------------------


def test_levels_names_and_boss_areas():
    assert [mr.level_of(a) for a in range(1, 15)] == [1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5]
    assert [a for a in range(1, 15) if mr.is_boss_area(a)] == [2, 4, 7, 10, 14]
    assert mr.BOSS_HP == (10, 15, 20, 25, 30) and mr.BOSS_DAMAGE == (3, 5, 7, 9, 12)
    assert mr.LEVEL_NAMES[4] == "Sunken Keep of Og"


def test_deal_is_a_shuffle_of_six_rooms_then_boss_or_delve():
    for seed in range(20):
        g = mr.Game(seed, ())
        assert sorted(g.layout[:6]) == [1, 2, 3, 4, 5, 6]
        assert g.layout[6] == mr.DELVE
    g = new(area=2)
    assert g.layout[6] == mr.BOSS


def test_columns_one_two_one_two_then_delve():
    # Area 1 (no boss): rest; pick between treasure and event; merchant; pick trap or monster.
    g = new(dice=(3, 1))
    assert g.actions() == [mr.CARD << 8 | 0]
    act(g, mr.CARD, 0)
    act(g, mr.REST, 2)
    assert g.actions() == [mr.CARD << 8 | 1, mr.CARD << 8 | 2]
    act(g, mr.CARD, 1)  # treasure: chest 3, 1 gold
    assert g.actions() == [mr.CARD << 8 | 3]
    act(g, mr.CARD, 3)
    act(g, mr.LEAVE)
    assert g.actions() == [mr.CARD << 8 | 4, mr.CARD << 8 | 5]
    food = g.food
    ev = act(g, mr.CARD, 4)  # trap: skill 1 evades; the delve card follows by itself
    assert codes(ev) == [mr.EV_EVADE, mr.EV_DELVE]
    assert g.area == 2 and g.column == 0 and g.food == food - 1
    assert g.layout[6] == mr.BOSS


def test_boss_area_ends_with_the_boss_card():
    g = new(area=2, dice=(1, 2))
    to_column(g, 3)
    act(g, mr.CARD, 4)  # trap evaded
    assert g.column == 4 and g.actions() == [mr.CARD << 8 | 6]
    act(g, mr.CARD, 6)
    assert g.phase == mr.FIGHT_DICE and g.fight == mr.BOSS
    assert (g.monster_hp, g.monster_damage) == (10, 3)


def test_leaving_without_food_starves_three_hp():
    g = new(food=0, hp=5, dice=(1,))
    to_column(g, 3)
    ev = act(g, mr.CARD, 4)  # trap evaded, then the area is left
    assert (mr.EV_STARVE, 3, 2) in ev
    assert g.hp == 2 and g.food == 0 and g.area == 2 and not g.over


def test_starving_to_death_ends_the_game():
    g = new(food=0, hp=3, dice=(1,))
    to_column(g, 3)
    ev = act(g, mr.CARD, 4)
    assert g.over and not g.won and g.hp == 0 and g.area == 1
    assert (mr.EV_DEAD, mr.STARVED, 0) in ev
    assert g.actions() == []


# ---- treasure ------------------------------------------------------------------------------


def test_treasure_gold_one_or_two_after_a_kill():
    g = new(layout=first(mr.TREASURE), gold=0, dice=(4,))
    act(g, mr.CARD, 0)
    assert g.gold == 1
    g = new(layout=first(mr.MONSTER, mr.TREASURE), gold=0, rank=2,
            dice=(1, 6, 5, 4))
    act(g, mr.CARD, 0)  # monster HP 1 + 1 = 2
    act(g, mr.ATTACK)  # 6 + 5 kills it: 1 gold
    act(g, mr.CARD, 1)  # chest 4: 2 gold because a monster died in this area
    assert g.gold == 3


def test_treasure_pays_one_again_in_the_next_area():
    g = new(gold=0, dice=(1, 3))
    g.killed_here = True  # a monster died in area 1
    to_column(g, 3)
    act(g, mr.CARD, 4)  # trap evaded; on to area 2
    assert g.area == 2 and not g.killed_here
    to_column(g, 1)
    act(g, mr.CARD, 1)  # treasure, chest 3
    assert g.gold == 1


def test_treasure_second_roll_items():
    for loot, check in ((1, "fire"), (2, "ice"), (3, "poison"), (4, "healing"), (5, "armour"),
                        (6, "xp")):
        g = new(layout=first(mr.TREASURE), gold=0, dice=(5, loot))
        ev = act(g, mr.CARD, 0)
        assert (mr.EV_LOOT, loot, (0, 0, 0, 0, 1, 2)[loot - 1]) in ev  # the gain: wands 0
        assert g.gold == 1
        if loot <= 4:
            assert g.items[loot - 1] == 1, check
        elif loot == 5:
            assert g.armour == 1
        else:
            assert g.xp == 2


def test_treasure_gold_instead_of_a_wand_when_both_slots_full():
    g = new(layout=first(mr.TREASURE), gold=0, dice=(6, 2))
    g.items[0] = 2
    ev = act(g, mr.CARD, 0)
    assert (mr.EV_LOOT, 7, 2) in ev
    assert g.gold == 3 and g.item_count() == 2


# ---- traps ---------------------------------------------------------------------------------


def test_trap_evaded_with_die_at_most_rank():
    g = new(layout=first(mr.TRAP), rank=2, dice=(2,))
    before = (g.hp, g.food, g.gold, g.armour, g.xp)
    ev = act(g, mr.CARD, 0)
    assert ev[0] == (mr.EV_EVADE, 2, 2)
    assert (g.hp, g.food, g.gold, g.armour, g.xp) == before


def test_each_trap():
    # (trap die, stat, before, after)
    for trap, stat, before, after in ((1, "food", 3, 2), (2, "gold", 3, 2), (3, "armour", 2, 1),
                                      (4, "hp", 5, 4), (5, "xp", 3, 2)):
        g = new(layout=first(mr.TRAP), dice=(6, trap))
        g.setup_for_test(**{stat: before})
        ev = act(g, mr.CARD, 0)
        assert ev[0] == (mr.EV_TRAP, trap, 6)
        assert getattr(g, stat) == after, stat


def test_traps_never_push_a_stat_below_zero():
    for trap, stat in ((1, "food"), (2, "gold"), (3, "armour"), (5, "xp")):
        g = new(layout=first(mr.TRAP), dice=(6, trap))
        g.setup_for_test(**{stat: 0})
        act(g, mr.CARD, 0)
        assert getattr(g, stat) == 0, stat


def test_moving_walls_never_lowers_the_rank():
    g = new(layout=first(mr.TRAP), rank=3, xp=0, dice=(6, 5))
    act(g, mr.CARD, 0)
    assert (g.rank, g.xp) == (3, 0)


def test_pit_falls_to_the_area_below_skipping_the_boss():
    g = new(area=2, hp=5, food=2, layout=first(mr.TRAP), dice=(6, 6))
    ev = act(g, mr.CARD, 0)
    assert (mr.EV_FALL, 2, 4) in ev
    assert g.area == 4 and g.hp == 3 and g.food == 1 and g.bosses == 0
    assert g.column == 0 and g.phase == mr.MAP


def test_pit_area_below_table():
    assert [mr.FALL_TO[a - 1] for a in range(1, 11)] == [3, 4, 5, 6, 8, 9, 10, 11, 12, 13]


def test_pit_on_the_last_level_only_hurts():
    g = new(area=12, hp=5, layout=first(mr.TRAP), dice=(6, 6))
    ev = act(g, mr.CARD, 0)
    assert mr.EV_FALL not in codes(ev)
    assert g.area == 12 and g.hp == 3 and g.column == 1


def test_pit_can_kill():
    g = new(hp=2, layout=first(mr.TRAP), dice=(6, 6))
    ev = act(g, mr.CARD, 0)
    assert g.over and not g.won and (mr.EV_DEAD, mr.TRAP, 0) in ev


# ---- events and resting --------------------------------------------------------------------


def test_event_failed_check_takes_the_roll():
    # "Roll at least one five or six and you will be able to choose": 1..4 choose nothing,
    # whatever the rank.
    for skill in (1, 2, 3, 4):
        g = new(layout=first(mr.EVENT), gold=0, rank=4, dice=(1, skill))
        ev = act(g, mr.CARD, 0)
        assert ev[:2] == [(mr.EV_EVENT, 1, skill), (mr.EV_FOUND, 1, 2)]
        assert g.gold == 2 and g.phase == mr.MAP


def test_event_passed_check_offers_roll_and_neighbours():
    g = new(layout=first(mr.EVENT), dice=(3, 5))  # a 5 chooses, at rank 1
    act(g, mr.CARD, 0)
    assert g.phase == mr.EVENT_CHOICE and g.event_skill == 5
    assert g.actions() == [mr.PICK << 8 | 2, mr.PICK << 8 | 3, mr.PICK << 8 | 4]
    act(g, mr.PICK, 4)  # whetstone
    assert g.xp == 2
    g = new(layout=first(mr.EVENT), dice=(1, 6))
    act(g, mr.CARD, 0)
    assert g.actions() == [mr.PICK << 8 | 1, mr.PICK << 8 | 2]  # no face below 1
    g = new(layout=first(mr.EVENT), dice=(6, 5))
    act(g, mr.CARD, 0)
    assert g.actions() == [mr.PICK << 8 | 5, mr.PICK << 8 | 6]


def test_event_faces():
    for face, stat, gain in ((1, "gold", 2), (2, "hp", 2), (3, "food", 1), (4, "xp", 2),
                             (5, "armour", 1)):
        g = new(layout=first(mr.EVENT), dice=(face, 4))
        before = getattr(g, stat)
        act(g, mr.CARD, 0)
        assert getattr(g, stat) == before + gain, stat


def test_event_monster_fight():
    g = new(area=5, layout=first(mr.EVENT), rank=2, dice=(6, 4, 4, 6, 6))
    ev = act(g, mr.CARD, 0)
    assert g.phase == mr.FIGHT_DICE and g.fight == mr.EVENT
    assert (mr.EV_FIGHT, 7, 6) in ev  # HP level 3 + 4, damage 2 x level 3
    assert (g.dice[0], g.dice[1]) == (6, 6)


def test_event_monster_pays_two_xp_and_a_gold():
    # "You will receive 2 XP if you defeat it" (a level-5 room monster pays 3, level 1 pays 1).
    for area in (1, 5, 11):
        g = new(area=area, layout=first(mr.EVENT), rank=2, gold=0, dice=(6, 4, 4, 5, 5))
        act(g, mr.CARD, 0)
        assert g.monster_hp == mr.level_of(area) + 4
        act(g, mr.ATTACK)  # 5 + 5 = 10 kills it
        assert (g.xp, g.gold) == (2, 1) and g.phase == mr.MAP and g.killed_here


def test_resting_options():
    for option, stat, gain in ((0, "xp", 1), (1, "food", 1), (2, "hp", 2)):
        g = new(layout=IN_ORDER)
        before = getattr(g, stat)
        act(g, mr.CARD, 0)
        assert g.phase == mr.REST_CHOICE and len(g.actions()) == 3
        act(g, mr.REST, option)
        assert getattr(g, stat) == before + gain


# ---- the merchant --------------------------------------------------------------------------


def shop(**stats):
    g = new(layout=first(mr.MERCHANT), **stats)
    act(g, mr.CARD, 0)
    assert g.phase == mr.SHOP
    return g


def test_merchant_buys():
    g = shop(gold=10, hp=10, food=3, armour=0)
    act(g, mr.BUY, mr.BUY_RATION)
    assert (g.gold, g.food) == (9, 4)
    act(g, mr.BUY, mr.BUY_POTION)
    assert (g.gold, g.hp) == (8, 11)
    act(g, mr.BUY, mr.BUY_BIG_POTION)
    assert (g.gold, g.hp) == (5, 15)
    g = shop(gold=10)
    act(g, mr.BUY, mr.BUY_WAND + mr.HEALING)
    assert (g.gold, g.items[mr.HEALING]) == (2, 1)
    g = shop(gold=6, armour=1)
    act(g, mr.BUY, mr.BUY_ARMOUR)
    assert (g.gold, g.armour) == (0, 2)


def test_merchant_sells():
    g = shop(gold=2, armour=2)
    g.items[mr.FIRE] = 1
    act(g, mr.SELL, mr.FIRE)
    assert (g.gold, g.items[mr.FIRE]) == (6, 0)
    act(g, mr.SELL, mr.SELL_ARMOUR)
    assert (g.gold, g.armour) == (9, 1)


def test_merchant_refusals():
    g = shop(gold=0, hp=20, food=10, armour=5)
    assert g.buy_refusal(mr.BUY_RATION) == mr.NEED_GOLD
    assert g.sell_refusal(mr.FIRE) == mr.NONE_TO_SELL
    assert g.actions() == [mr.SELL << 8 | mr.SELL_ARMOUR, mr.LEAVE << 8]
    g.setup_for_test(gold=10)
    assert g.buy_refusal(mr.BUY_RATION) == mr.HAVE_ENOUGH
    assert g.buy_refusal(mr.BUY_POTION) == mr.HAVE_ENOUGH
    assert g.buy_refusal(mr.BUY_ARMOUR) == mr.HAVE_ENOUGH
    assert g.sell_refusal(mr.SELL_ARMOUR) == mr.PURSE_FULL
    g.items[mr.ICE] = 2
    assert g.buy_refusal(mr.BUY_WAND) == mr.HAVE_ENOUGH
    try:
        g.apply(mr.BUY << 8 | mr.BUY_RATION)
        raise AssertionError("a refused purchase went through")
    except IllegalAction:
        pass
    assert g.gold == 10 and g.food == 10
    act(g, mr.LEAVE)
    assert g.phase == mr.MAP and g.column == 1
