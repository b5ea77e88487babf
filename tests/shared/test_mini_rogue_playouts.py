# Seeded random play-outs of Mini Rogue through its public actions, every difficulty, with the
# invariants checked after every action (check(): stats within caps, the gold, food and XP books
# balanced, area and level valid, the score equal to its formula). Runs under CPython and
# MicroPython.
from deckdelve.game import IllegalAction, replay
from deckdelve.games import mini_rogue as mr
from deckdelve.rng import Rng

GAMES = 25  # per difficulty; tools/play/playout.py runs thousands


def play(seed, options):
    pick = Rng(seed * 7 + 1)
    g = mr.Game(seed, options)
    g.check()
    log = []
    while not g.over:
        acts = g.actions()
        assert acts, "no action but not over"
        assert len(log) < 2000, "no end"
        a = acts[pick.below(len(acts))]
        log.append(a)
        g.apply(a)
        g.check()
        # Every event is a triple of small ints.
        for e in g.events:
            assert len(e) == 3 and 0 < e[0] <= mr.EV_REROLL
    assert g.actions() == []
    return g, log


def test_random_playouts_keep_the_invariants():
    for options in (("easy",), ("normal",), ("hard",), ("hell",)):
        for seed in range(1, GAMES + 1):
            g, log = play(seed, options)
            assert 1 <= g.progress() <= 14
            assert g.won == (g.bosses == 5 and g.area == 14)
            assert g.won or g.hp == 0
            assert g.score == sum(g.score_parts())


def test_replay_gives_the_same_game():
    for seed in (5, 6, 7):
        g, log = play(seed, ("normal",))
        h = replay(mr.Game, seed, ("normal",), log)
        assert h.over and (h.score, h.area, h.hp, h.gold, h.xp) == (g.score, g.area, g.hp,
                                                                     g.gold, g.xp)


def test_actions_stay_small_ints_and_others_are_refused():
    g = mr.Game(11, ("hard",))
    pick = Rng(3)
    while not g.over:
        acts = g.actions()
        for a in acts:
            assert 0 <= a < 1 << 16
        for wrong in (mr.ATTACK << 8, mr.LEAVE << 8, mr.CARD << 8 | 6, mr.REST << 8 | 3):
            if wrong not in acts:
                try:
                    g.apply(wrong)
                    raise ValueError("accepted an illegal action")
                except IllegalAction:
                    pass
        g.apply(acts[pick.below(len(acts))])


def test_different_seeds_deal_differently():
    layouts = set()
    for seed in range(10):
        layouts.add(bytes(mr.Game(seed, ()).layout))
    assert len(layouts) > 5


def test_check_catches_broken_invariants():
    # Each way a bug could show: a stat past its cap, a stat changed behind the books' back,
    # a rank-up that took the wrong XP, an impossible area, a score off its formula.
    breaks = (
        ("hp", 21), ("armour", 6), ("gold", 11), ("food", 11), ("rank", 5), ("area", 15),
        ("score", 999), ("bosses", 2),
    )
    for name, value in breaks:
        g = mr.Game(4, ())
        g.check()
        setattr(g, name, value)
        try:
            g.check()
            raise AssertionError("check() missed %s = %d" % (name, value))
        except ValueError:
            pass
    g = mr.Game(4, ())
    g.gold -= 1  # a loss that bypassed the books
    try:
        g.check()
        raise AssertionError("check() missed unbooked gold")
    except ValueError:
        pass
    g = mr.Game(4, ())
    g.rank = 2  # a rank-up that took no XP
    try:
        g.check()
        raise AssertionError("check() missed a free rank")
    except ValueError:
        pass


def test_pinned_deals_and_game():
    # The same numbers under CPython and MicroPython: a seed is the same game everywhere.
    assert list(mr.Game(1, ()).layout) == [1, 3, 4, 6, 5, 2, 8]
    assert list(mr.Game(2, ("hell",)).layout) == [5, 3, 2, 6, 4, 1, 8]
    g, log = play(9, ("easy",))
    assert (len(log), sum(log), g.area, g.score, g.gold, g.xp) == (43, 44877, 5, 50, 10, 3)
