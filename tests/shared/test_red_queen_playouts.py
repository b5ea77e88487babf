# Red Queen's Dungeon: seeded random play-outs through the public actions, with the game's
# invariants (every card in exactly one place, score equal to its parts, ...) checked after
# every action. Runs under CPython (pytest) and real MicroPython (64 KiB heap).
from deckdelve.game import IllegalAction
from deckdelve.games import red_queen as rq
from deckdelve.rng import Rng

GAMES = 400


def play(seed, log=None):
    g = rq.Game(seed)
    g.check()
    rng = Rng(seed * 7 + 1)
    steps = 0
    while not g.over:
        acts = g.actions()
        assert acts, "no action but not over (seed %d)" % seed
        a = acts[rng.below(len(acts))]
        g.apply(a)
        g.check()
        if log is not None:
            log.append(a)
        steps += 1
        assert steps < 400, "no end (seed %d)" % seed
    assert g.actions() == []
    assert g.score == score_by_the_text(g), "seed %d" % seed
    return g


def score_by_the_text(g):
    """The score as the rule text counts it, written apart from the game's own sum (which
    check() compares the score with): stash cards (card % 13 is the rank, 0 = Ace: 20,
    else rank + 1), 10 per enemy defeated, 80 for a win."""
    total = 0
    for st in g.stashes:
        for i in range(st.n):
            r = st.cards[i] % 13
            total += 20 if r == 0 else r + 1
    return total + 10 * len(g.defeated) + (80 if g.won else 0)


def test_random_playouts_keep_every_invariant_and_end_well():
    wins = 0
    reached_final = 0
    for seed in range(GAMES):
        g = play(seed)
        assert g.runs <= 2
        assert len(g.defeated) <= 12
        if g.won:
            wins += 1
            assert len(g.defeated) == 12 and g.score >= 200
            assert g.hand == bytearray(b"\xff\xff\xff")  # the hand went to the stash
            assert g.summary() == "WIN"
        else:
            assert g.summary() == "%d/12" % len(g.defeated)
        if g.queen == rq.NONE:
            reached_final += 1
    # the random player both wins and loses, and often reaches the Queen
    assert 0 < wins < GAMES and reached_final > wins


def test_replay_of_seed_and_actions_gives_the_same_game():
    for seed in (5, 6, 7):
        log = []
        g = play(seed, log)
        again = rq.Game(seed)
        for a in log:
            again.apply(a)
        assert again.over and again.score == g.score and again.won == g.won
        assert again.discard.cards == g.discard.cards and again.stashes[0].cards == \
            g.stashes[0].cards


def test_actions_outside_the_list_are_refused_at_every_step():
    g = rq.Game(9)
    rng = Rng(3)
    while not g.over:
        acts = g.actions()
        for probe in (0, rq.act(rq.RUN), rq.act(rq.HAND, 0), rq.act(rq.ATTACK, 1, 0, 3)):
            if probe not in acts:
                try:
                    g.apply(probe)
                    raise AssertionError("illegal %d accepted" % probe)
                except IllegalAction:
                    pass
        g.apply(acts[rng.below(len(acts))])
        g.check()
