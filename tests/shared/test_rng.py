# Runs under CPython (pytest) and under MicroPython (tests/test_micropython_shared.py).
from deckdelve.rng import Rng
from deckdelve import cards



def test_pinned_sequence():
    r = Rng(1)
    got = [r.next15() for _ in range(8)]
    assert got == [29335, 11254, 13253, 14839, 32425, 8173, 5498, 25535], got


def test_below_in_range_and_all_values_seen():
    r = Rng(7)
    seen = bytearray(6)
    for _ in range(600):
        v = r.below(6)
        assert 0 <= v < 6
        seen[v] = 1
    assert sum(seen) == 6


def test_shuffle_is_permutation_and_deterministic():
    a = cards.deck(True)
    b = cards.deck(True)
    Rng(42).shuffle(a)
    Rng(42).shuffle(b)
    assert a == b
    assert sorted(a) == list(range(54))
    assert a != cards.deck(True)


def test_shuffle_subrange():
    a = bytearray(range(10))
    Rng(3).shuffle(a, 2, 6)
    assert a[:2] == bytearray((0, 1)) and a[6:] == bytearray(range(6, 10))
    assert sorted(a[2:6]) == [2, 3, 4, 5]


def test_state_below_2_30_and_restorable():
    r = Rng(123456789)
    for _ in range(1000):
        r.next15()
        assert 0 <= r.state() < (1 << 30)
    s = r.state()
    x = [r.next15() for _ in range(5)]
    r.set_state(s)
    assert [r.next15() for _ in range(5)] == x


def test_rough_uniformity():
    r = Rng(99)
    counts = [0] * 13
    for _ in range(13000):
        counts[r.below(13)] += 1
    for c in counts:
        assert 850 < c < 1150, counts


def test_cards_names_roundtrip():
    for c in range(54):
        n = cards.name(c)
        if c < 52:
            assert cards.parse(n) == c
    assert cards.name(cards.parse("10H")) == "10H"
    assert cards.value(cards.parse("KC")) == 13
    assert cards.is_red(cards.parse("5D")) and not cards.is_red(cards.parse("5S"))
