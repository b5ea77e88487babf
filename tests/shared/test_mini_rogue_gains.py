# Mini Rogue: events report the gain that actually came in; a gain a cap cut has CAPPED set.
# Runs under CPython and MicroPython. Dice are scripted (see test_mini_rogue_script.py).
from deckdelve.games import mini_rogue as mr
from test_mini_rogue_script import IN_ORDER, act, first, new, to_column

CUT = mr.CAPPED


def test_treasure_gold_is_what_the_purse_took():
    g = new(layout=first(mr.TREASURE), gold=0, killed_here=True, dice=(3,))
    assert (mr.EV_TREASURE, 3, 2) in act(g, mr.CARD, 0)
    g = new(layout=first(mr.TREASURE), gold=9, killed_here=True, dice=(3,))
    assert (mr.EV_TREASURE, 3, 1 | CUT) in act(g, mr.CARD, 0) and g.gold == 10
    g = new(layout=first(mr.TREASURE), gold=9, dice=(3,))  # 1 fits: not cut
    assert (mr.EV_TREASURE, 3, 1) in act(g, mr.CARD, 0) and g.gold == 10
    g = new(layout=first(mr.TREASURE), gold=10, dice=(3,))
    assert (mr.EV_TREASURE, 3, CUT) in act(g, mr.CARD, 0) and g.gold == 10


def test_event_faces_report_their_gain():
    # Skill 4 fails at any rank (only a 5 or 6 chooses): the rolled face is taken.
    cases = (  # face, stats, the gain reported
        (1, dict(gold=9), 1 | CUT), (1, dict(gold=3), 2),
        (2, dict(hp=19), 1 | CUT), (2, dict(hp=20), CUT), (2, dict(hp=10), 2),
        (3, dict(food=10), CUT), (3, dict(food=4), 1),
        (4, dict(rank=4, xp=98), 1 | CUT), (4, dict(rank=4, xp=99), CUT), (4, dict(xp=0), 2),
        (5, dict(armour=5), CUT), (5, dict(armour=4), 1),
    )
    for face, stats, told in cases:
        g = new(layout=first(mr.EVENT), dice=(face, 4), **stats)
        ev = act(g, mr.CARD, 0)
        assert ev[1] == (mr.EV_FOUND, face, told), (face, stats, ev)


def test_a_gain_comes_before_the_rank_ups_it_brings():
    g = new(layout=first(mr.EVENT), rank=1, xp=5, dice=(4, 4))  # whetstone: 7 XP, rank 2
    ev = act(g, mr.CARD, 0)
    assert ev[1:3] == [(mr.EV_FOUND, 4, 2), (mr.EV_RANK, 2, 0)]
    g = new(rank=1, xp=5)
    act(g, mr.CARD, 0)
    ev = act(g, mr.REST, 0)
    assert ev[:2] == [(mr.EV_REST, 0, 1), (mr.EV_RANK, 2, 0)]


def test_rest_reports_its_gain():
    for option, stats, told in ((0, dict(rank=4, xp=99), CUT), (1, dict(food=10), CUT),
                                (1, dict(food=9), 1), (2, dict(hp=19), 1 | CUT),
                                (2, dict(hp=20), CUT), (2, dict(hp=18), 2)):
        g = new(**stats)
        act(g, mr.CARD, 0)  # resting is card 0
        ev = act(g, mr.REST, option)
        assert ev[0] == (mr.EV_REST, option, told), (option, stats, ev)


def test_loot_reports_its_gain():
    g = new(layout=first(mr.TREASURE), armour=5, dice=(5, 5))
    assert (mr.EV_LOOT, 5, CUT) in act(g, mr.CARD, 0)
    g = new(layout=first(mr.TREASURE), rank=4, xp=98, dice=(6, 6))
    assert (mr.EV_LOOT, 6, 1 | CUT) in act(g, mr.CARD, 0) and g.xp == 99
    g = new(layout=first(mr.TREASURE), gold=8, dice=(6, 2))  # chest: 9; a wand: 2 gold
    g.items[0] = 2
    ev = act(g, mr.CARD, 0)
    assert (mr.EV_TREASURE, 6, 1) in ev and (mr.EV_LOOT, 7, 1 | CUT) in ev and g.gold == 10
    g = new(layout=first(mr.TREASURE), dice=(6, 1))
    assert (mr.EV_LOOT, 1, 0) in act(g, mr.CARD, 0)  # a wand gains no stat


def test_healing_wand_reports_the_hp_gained():
    for hp, told in ((5, 8), (15, 5 | CUT), (20, CUT)):
        g = new(layout=first(mr.MONSTER), hp=hp, dice=(6, 2, 2))  # monster 7, damage 2
        g.items[mr.HEALING] = 1
        act(g, mr.CARD, 0)
        act(g, mr.ATTACK)
        ev = act(g, mr.WAND, mr.HEALING)
        assert ev[0] == (mr.EV_WAND, mr.HEALING, told), (hp, ev)


def test_kills_report_xp_and_gold_gained():
    g = new(layout=first(mr.MONSTER), rank=4, xp=99, gold=10,
            dice=(1, 6, 6, 6, 6))  # monster HP 2
    act(g, mr.CARD, 0)
    assert (mr.EV_KILL, CUT, CUT) in act(g, mr.ATTACK)
    g = new(layout=first(mr.MONSTER), gold=3, dice=(1, 6))  # a room monster: 1 XP, 1 gold
    act(g, mr.CARD, 0)
    assert (mr.EV_KILL, 1, 1) in act(g, mr.ATTACK) and g.gold == 4
    for gold, told in ((9, 1 | CUT), (10, CUT), (8, 2)):
        g = new(area=4, layout=IN_ORDER, rank=4, gold=gold, xp=0, hp=20,
                dice=(6, 6, 6, 4, 6))
        to_column(g, 4)
        act(g, mr.CARD, 6)
        ev = act(g, mr.ATTACK)  # 18 kills the boss (HP 15): 3 XP, 2 gold; loot: +2 XP
        assert (mr.EV_KILL, 3, told) in ev and g.gold == 10, (gold, ev)
