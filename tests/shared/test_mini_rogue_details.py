# Mini Rogue rules that only the mutation run (tools/check/mutate.py) showed no test was watching:
# each price, the bottom level's pits, a wand next to a spent poison, the events a scene words,
# the ration of the last food, an event's top face, poison ending with its fight, the CAPPED bit.
# Runs under CPython and MicroPython. Dice are scripted (see test_mini_rogue_script.py).
from deckdelve.games import mini_rogue as mr
from test_mini_rogue_script import act, codes, first, new, to_column


def shop(**stats):
    g = new(layout=first(mr.MERCHANT), **stats)
    act(g, mr.CARD, 0)
    return g


def test_every_wand_costs_eight_and_sells_for_four():
    # "Any 1 Spell | 8 Gold | 4 Gold"
    for w in range(4):
        g = shop(gold=8)
        ev = act(g, mr.BUY, mr.BUY_WAND + w)
        assert g.items[w] == 1 and g.gold == 0 and ev == [(mr.EV_BUY, mr.BUY_WAND + w, 0)]
        g = shop(gold=7)
        assert g.buy_refusal(mr.BUY_WAND + w) == mr.NEED_GOLD
        g = shop(gold=1)
        g.items[w] = 1
        ev = act(g, mr.SELL, w)
        assert g.items[w] == 0 and g.gold == 5 and ev == [(mr.EV_SELL, w, 5)]
    g = shop(gold=6, armour=0)
    act(g, mr.BUY, mr.BUY_ARMOUR)
    assert (g.gold, g.armour) == (0, 1)


def test_no_pit_on_the_bottom_level_drops_anywhere():
    # The Sunken Keep (areas 11-14) has no level below: the pit only hurts.
    for area in (11, 12, 13, 14):
        g = new(area=area, hp=5, layout=first(mr.TRAP), dice=(6, 6))
        ev = act(g, mr.CARD, 0)
        assert mr.EV_FALL not in codes(ev) and g.area == area and g.hp == 3, area


def test_a_spent_poison_leaves_the_other_wands_on_offer():
    g = new(area=10, layout=first(mr.MONSTER), hp=20, dice=(6, 2, 2, 3))  # monster 10
    g.items[mr.POISON] = 1
    g.items[mr.FIRE] = 1
    act(g, mr.CARD, 0)
    act(g, mr.ATTACK)
    act(g, mr.WAND, mr.POISON)
    act(g, mr.ATTACK)
    assert g.actions() == [mr.WAND << 8 | mr.FIRE, mr.NO_WAND << 8]


def test_a_reroll_reports_the_new_value():
    g = new(layout=first(mr.MONSTER), dice=(6, 6, 5))
    act(g, mr.CARD, 0)
    assert act(g, mr.REROLL, 0) == [(mr.EV_REROLL, 0, 5)]


def test_with_both_slots_full_every_wand_roll_is_two_gold():
    for roll in (1, 2, 3, 4):
        g = new(layout=first(mr.TREASURE), gold=0, dice=(5, roll))
        g.items[mr.ICE] = 2
        ev = act(g, mr.CARD, 0)
        assert (mr.EV_LOOT, 7, 2) in ev and g.gold == 3 and g.item_count() == 2, roll
    g = new(layout=first(mr.TREASURE), armour=0, dice=(5, 5))
    g.items[mr.ICE] = 2
    act(g, mr.CARD, 0)
    assert g.armour == 1


def test_the_last_ration_is_eaten_not_starved_for():
    g = new(food=1, hp=5, dice=(1,))
    to_column(g, 3)
    ev = act(g, mr.CARD, 4)  # trap evaded; leaving the area eats the last ration
    assert (g.food, g.hp, g.area) == (0, 5, 2)
    assert ev[-1] == (mr.EV_DELVE, 2, 1) and mr.EV_STARVE not in codes(ev)
    g = new(food=0, hp=5, dice=(1,))
    to_column(g, 3)
    ev = act(g, mr.CARD, 4)
    assert ev[-2:] == [(mr.EV_STARVE, 3, 2), (mr.EV_DELVE, 2, 0)]


def test_an_event_five_offers_four_five_six():
    g = new(layout=first(mr.EVENT), dice=(5, 6))
    act(g, mr.CARD, 0)
    assert g.actions() == [mr.PICK << 8 | 4, mr.PICK << 8 | 5, mr.PICK << 8 | 6]


def test_the_events_monster_is_announced():
    g = new(layout=first(mr.EVENT), dice=(6, 4, 3, 2))
    ev = act(g, mr.CARD, 0)
    assert ev[:3] == [(mr.EV_EVENT, 6, 4), (mr.EV_FOUND, 6, 0), (mr.EV_FIGHT, 4, 2)]


def test_poison_ends_with_its_fight():
    g = new(layout=first(mr.MONSTER, mr.TREASURE, mr.EVENT, mr.MERCHANT, mr.TRAP, mr.RESTING),
            hp=20, dice=(6, 2, 2, 6, 4, 6, 2, 1))
    g.items[mr.POISON] = 1
    act(g, mr.CARD, 0)  # monster 7
    act(g, mr.ATTACK)  # 2: 5 left
    act(g, mr.WAND, mr.POISON)
    act(g, mr.ATTACK)  # 2 + 5 kills it
    assert g.phase == mr.MAP and g.killed_here
    act(g, mr.CARD, 2)  # event: face 6, skill 4: the event's monster (HP 1 + 6)
    assert g.fight == mr.EVENT and not g.poisoned and g.monster_hp == 7
    act(g, mr.ATTACK)  # a 2: no poison now
    assert g.monster_hp == 5


def test_a_cut_gain_decodes_to_what_came_in():
    g = new(layout=first(mr.EVENT), gold=9, dice=(1, 4))  # loot +2 gold, 1 fits
    told = act(g, mr.CARD, 0)[1][2]
    assert told & mr.CAPPED and told & ~mr.CAPPED == 1
    g = new(layout=first(mr.EVENT), gold=3, dice=(1, 4))
    told = act(g, mr.CARD, 0)[1][2]
    assert not told & mr.CAPPED and told == 2
