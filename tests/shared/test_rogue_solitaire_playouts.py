# Seeded play-outs of Rogue Solitaire through its public actions, quick play and campaign, with
# check() after every action (54 cards each in exactly one place, the lock in the exit's
# centre, the Buffet all face cards, the score equal to its formula...), replays that rebuild
# the same position, and greedy-bot campaigns that reach the race. CPython and MicroPython.
from deckdelve.game import IllegalAction, replay
from deckdelve.games import rogue_solitaire as rs
from deckdelve.rng import Rng

try:
    import bots_rogue_solitaire as bots  # MicroPython: tools/mp is on the path
except ImportError:
    from tools.mp import bots_rogue_solitaire as bots

GAMES = 60  # per mode; tools/play/playout.py runs thousands


def random_bot(game, rng):
    acts = game.actions()
    return acts[rng.below(len(acts))]


def play(seed, options, bot):
    pick = Rng(seed ^ 0x2A5A5)  # as tools/play/playout.py, so its seeds replay here
    g = rs.Game(seed, options)
    g.check()
    log = []
    while not g.over:
        acts = g.actions()
        assert acts, "no action but not over"
        assert len(log) < 5000, "no end"
        a = bot(g, pick)
        assert a in acts
        log.append(a)
        g.apply(a)
        g.check()
        for e in g.events:
            assert len(e) == 3 and 0 < e[0] <= rs.EV_DIED
        assert g.can_save() == (not g.over)  # a floor is kept at any point (issue 33)
        # the board behind each event's message: one for each event but the last ones
        assert len(g.steps) <= len(g.events)
        for grid, down in g.steps:
            assert len(grid) == 27 and len(down) == 27
    assert g.actions() == []
    assert len(g.summary()) <= 13  # the score table's column
    return g, log


def same(a, b):
    return (a.grid == b.grid and a.down == b.down and a.hand[:a.hand_n] == b.hand[:b.hand_n]
            and a.deck[:a.deck_n] == b.deck[:b.deck_n] and a.score == b.score
            and a.won == b.won and a.earned == b.earned)


def test_random_quick_play_outs_keep_every_card_and_replay():
    for seed in range(1, GAMES + 1):
        g, log = play(seed, (), random_bot)
        assert not g.won or g.floors == 1
        assert same(g, replay(rs.Game, seed, (), log))


def test_random_campaign_play_outs_keep_every_card_and_replay():
    for seed in range(100, 100 + GAMES):
        g, log = play(seed, ("campaign",), random_bot)
        assert same(g, replay(rs.Game, seed, ("campaign",), log))


def test_greedy_campaigns_reach_the_race_and_one_escapes():
    # Seeds found with tools/play/playout.py --bot greedy: 18 dies in the race, 177 escapes it.
    g, log = play(18, ("campaign",), bots.greedy)
    assert g.floors == 10 and g.race and not g.won
    g, log = play(177, ("campaign",), bots.greedy)
    assert g.won and g.floors == 11 and g.achievements() & rs.ACH_TRUE
    assert g.score == 1100 + 10 * g.kills
    assert same(g, replay(rs.Game, 177, ("campaign",), log))


def test_greedy_quick_play_wins_some():
    wins = 0
    for seed in range(1, 11):
        g, log = play(seed, (), bots.greedy)
        wins += g.won
    assert 0 < wins < 10


def test_illegal_action_changes_nothing():
    g = rs.Game(9, ())
    before = bytes(g.grid) + bytes(g.down)
    for a in (0, rs.ATTACK << 10 | 0, rs.SWAP << 10 | 80, 0xFFFF):
        try:
            g.apply(a)
            raise AssertionError("illegal action %d accepted" % a)
        except IllegalAction:
            pass
    assert bytes(g.grid) + bytes(g.down) == before and g.phase == rs.PH_PLAY
