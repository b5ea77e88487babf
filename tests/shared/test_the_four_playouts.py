# The Four: seeded play-outs through the public actions, random and by the player bot, with
# every invariant (52 cards each in one place, dots, Harm, Pressure, Spark) checked after
# every action and the journal's lines put together as campaigns.py writes them, each whole
# one with its turn and within what the journal's view keeps. Runs under CPython (pytest) and real
# MicroPython (64 KiB heap).
from deckdelve.games import the_four as tf
from deckdelve.rng import Rng

try:
    import bots_the_four as bots  # MicroPython: tools/mp is on the path
except ImportError:
    from tools.mp import bots_the_four as bots

TURNS = 150
# What the journal's view keeps of a line: campaigns.LINE_MAX (not imported: the store it
# brings would not fit this test's heap; test_the_four_campaign checks its lines against it).
LINE_MAX = 400


def play(seed, bot, seen):
    g = tf.Game(seed)
    g.check()
    rng = Rng(seed * 7 + 3)
    steps = 0
    held = ""  # the journal's line in progress (campaigns.py: "+" adds to it, "=" ends it)
    while not g.over and g.turn < TURNS:
        acts = g.actions()
        assert acts, "no action but not over (seed %d)" % seed
        a = bot(g, rng) if bot else acts[rng.below(len(acts))]
        assert a in acts
        g.apply(a)
        g.check()
        for ev in g.events:
            seen[ev[0]] = 1
        for text in g.journal_lines():
            assert text, g.events
            if text[0] == "+":
                assert not held or text[1:3] != "T:", (held, text)  # one line at a time
                held += text[1:]
                continue
            if text[0] == "=":
                text = held + text[1:]
                held = ""
            # A whole line: the turn first, and short enough for the journal's view.
            assert text[:2] == "T:" and " " in text and len(text.encode()) <= LINE_MAX, text
            assert int(text[2:text.index(" ")]) == g.turn, text
        steps += 1
        assert steps < 20 * TURNS, "stuck (seed %d)" % seed
    if g.over:
        assert g.actions() == [] and g.dots() == tf.MIN_DOTS and g.scars == 4
    assert g.score == g.turn
    return g


def test_random_playouts_keep_every_invariant():
    # Random play fights every threat with any rating and rests only by chance: some stories
    # end within the turns played.
    seen = bytearray(40)
    ended = 0
    for seed in range(12):
        ended += play(seed, None, seen).over
    assert ended >= 2
    for code in (tf.EV_SHUFFLE, tf.EV_SPREAD, tf.EV_FLIP, tf.EV_TICK, tf.EV_KEPT,
                 tf.EV_RESULT, tf.EV_THREAT, tf.EV_ORACLE, tf.EV_ROLL, tf.EV_SCENE,
                 tf.EV_LANDING, tf.EV_RESET, tf.EV_SPARK, tf.EV_CREATED, tf.EV_OUT,
                 tf.EV_SCAR, tf.EV_END, tf.EV_OVERRULE, tf.EV_BUMP, tf.EV_QUIET):
        assert seen[code], code


def test_player_bot_campaigns_meet_threats_and_take_scars():
    seen = bytearray(40)
    scars = 0
    met = 0
    for seed in range(24):
        g = play(seed, bots.player, seen)
        scars += g.scars
        met += g.met
    assert scars >= 10 and met >= 24 * 10
    for code in (tf.EV_STRIP, tf.EV_COST, tf.EV_DONE, tf.EV_HARM, tf.EV_HOW, tf.EV_OUT,
                 tf.EV_SCAR, tf.EV_ARRIVAL, tf.EV_WORSENS, tf.EV_QUIET,
                 tf.EV_MORE, tf.EV_BUMP):  # (it overrules rarely: random play does, above)
        assert seen[code], code


def test_same_seed_and_actions_give_the_same_campaign():
    digests = []
    for _ in range(2):
        g = tf.Game(77)
        rng = Rng(5)
        digest = 0
        while not g.over and g.turn < 60:
            acts = g.actions()
            a = acts[rng.below(len(acts))]
            g.apply(a)
            for v in (a, g.turn, g.deck[g.deck_n - 1], g.pressure, g.harm, g.spark):
                digest = (digest * 31 + v) % 1000003
        digests.append(digest)
    assert digests[0] == digests[1]
