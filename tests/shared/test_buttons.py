# buttons.Input: edges, debounce, d-pad repeat, wrap-around of the millisecond counter.
from deckdelve import buttons
from deckdelve.buttons import A, B, DOWN, UP, Input, ticks_diff


def feed(inp, raw, start, end, step=10):
    """Hold `raw` from start to end ms; the presses of each frame, in order."""
    out = []
    t = start
    while t < end:
        out.append(inp.update(raw, t))
        t += step
    return out


def test_press_is_an_edge_once():
    inp = Input()
    assert inp.update(A, 1000) == A
    assert feed(inp, A, 1010, 2000) == [0] * 99  # A does not repeat
    assert inp.update(0, 2000) == 0  # release is no press
    assert inp.update(A, 2100) == A


def test_bounce_within_the_lockout_is_ignored():
    inp = Input()
    assert inp.update(B, 1000) == B
    assert inp.update(0, 1005) == 0  # contact bounce: ignored
    assert inp.update(B, 1010) == 0
    assert inp.update(0, 1200) == 0  # a real release
    assert inp.update(B, 1205) == 0  # bounce of the release
    assert inp.update(B, 1240) == B  # after the lock-out: a new press


def test_dpad_repeats_after_delay_then_steadily():
    inp = Input()
    assert inp.update(DOWN, 0) == DOWN
    presses = feed(inp, DOWN, 10, 1000)
    times = [10 + 10 * i for i in range(len(presses)) if presses[i]]
    assert times[0] == buttons.REPEAT_DELAY_MS
    gaps = [times[i + 1] - times[i] for i in range(len(times) - 1)]
    assert all(g == buttons.REPEAT_EVERY_MS for g in gaps), gaps


def test_two_buttons_at_once():
    inp = Input()
    assert inp.update(UP | A, 0) == UP | A
    assert inp.update(UP, 100) == 0  # A released
    assert inp.update(UP | B, 200) == B


def test_counter_wraps_at_2_30():
    assert ticks_diff(5, (1 << 30) - 5) == 10
    assert ticks_diff((1 << 30) - 5, 5) == -10
    inp = Input()
    t = (1 << 30) - 100
    assert inp.update(UP, t) == UP
    presses = feed(inp, UP, t + 10, t + 1000)
    assert sum(1 for p in presses if p) > 5  # repeats carry on across the wrap
    assert 0 <= inp.repeat_at < (1 << 30)


def test_from_letter():
    assert buttons.from_letter("u") == UP and buttons.from_letter("B") == B
    assert buttons.from_letter("x") == 0
