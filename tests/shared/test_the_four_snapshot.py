# The Four's snapshots: the whole state as a few bytes, restored exactly (the campaign saved
# after every action is one of these, not an action log). Runs under CPython and MicroPython.
from deckdelve.games import the_four as tf
from deckdelve.rng import Rng

try:
    import bots_the_four as bots  # MicroPython: tools/mp is on the path
except ImportError:
    from tools.mp import bots_the_four as bots


def test_snapshot_restores_every_position_exactly_and_play_goes_on_the_same():
    biggest = 0
    for seed in range(4):
        g = tf.Game(seed)
        rng = Rng(seed)
        while not g.over and g.turn < 120:
            g.apply(bots.player(g, rng))
            data = g.snapshot()
            biggest = max(biggest, len(data))
            h = tf.Game.restore(data)
            assert h.snapshot() == data
            assert h.actions() == g.actions() and h.turn == g.turn and h.score == g.score
        # The restored game draws the same cards as the original (the rng state is saved).
        if not g.over:
            h = tf.Game.restore(g.snapshot())
            a = g.actions()[0]
            g.apply(a)
            h.apply(a)
            assert h.snapshot() == g.snapshot() and h.events == g.events
    assert data[0] == tf.SNAPSHOT_VERSION and biggest < 160


def test_a_snapshot_in_the_middle_of_a_choice():
    g = tf.Game(9)
    rng = Rng(2)
    phases = bytearray(8)
    while g.turn < 80:
        g.apply(bots.player(g, rng))
        phases[g.phase] = 1
        h = tf.Game.restore(g.snapshot())
        assert h.phase == g.phase and h.flip_n == g.flip_n and h.kept_i == g.kept_i
    assert phases[tf.KEEP_PHASE] and phases[tf.RESULT] and phases[tf.SPREAD_PHASE]


def test_damaged_snapshots_are_refused():
    g = tf.Game(3)
    for a in (tf.act(tf.DOT, 0), tf.act(tf.DOT, 0), tf.act(tf.DOT, 1), tf.act(tf.DOT, 2),
              tf.act(tf.SOURCE, 1), tf.act(tf.ORIGIN, 0), tf.act(tf.BEGIN)):
        g.apply(a)
    data = g.snapshot()
    bad = (b"", bytes([tf.SNAPSHOT_VERSION + 1]) + data[1:], bytes([0]) + data[1:], data[:-1],
           data + b"\x00", data[:40])
    dup = bytearray(data)
    deck_at = data.index(bytes([g.deck_n]) + bytes(g.deck[0:3]))  # the deck's count byte
    dup[deck_at + 2] = dup[deck_at + 1]  # a card in two places
    for d in bad + (bytes(dup),):
        try:
            tf.Game.restore(d)
            raise AssertionError("restored a damaged snapshot")
        except ValueError:
            pass
