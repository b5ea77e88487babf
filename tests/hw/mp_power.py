# Dimming, sleeping and waking. MicroPython only.
import time

import micropython

from deckdelve import buttons as keys
from deckdelve.hw import power


class Display:
    """Records the calls Power makes (preallocated: no allocation when locked)."""

    def __init__(self):
        self.contrast_value = 255
        self.is_on = True
        self.calls = 0

    def contrast(self, v):
        self.contrast_value = v
        self.calls += 1

    def poweroff(self):
        self.is_on = False
        self.calls += 1

    def poweron(self):
        self.is_on = True
        self.calls += 1


def make(idle_s=60, contrast=200, now=1000, full=255, sleeps=True):
    d = Display()
    settings = {"sound": True, "idle_s": idle_s, "contrast": contrast, "initials": "AAA"}
    p = power.Power(d, settings, now, full, sleeps)
    p.apply_settings()
    d.calls = 0
    return p, d, settings


def test_dims_at_idle_time_then_sleeps_at_twice_it():
    p, d, s = make()
    assert p.update(0, 1000 + 59999) == 0 and d.calls == 0
    p.update(0, 1000 + 60000)
    assert p.state == power.DIM and d.contrast_value == power.DIM_CONTRAST and d.is_on
    p.update(0, 1000 + 119999)
    assert d.is_on
    p.update(0, 1000 + 120000)
    assert p.state == power.OFF and not d.is_on and p.asleep


def test_a_press_resets_the_idle_time():
    p, d, s = make()
    assert p.update(keys.A, 50000) == keys.A
    p.update(0, 50020)
    p.update(0, 50000 + 59999)
    assert p.state == power.AWAKE
    p.update(0, 50000 + 60000)
    assert p.state == power.DIM


def test_waking_press_is_swallowed_until_all_buttons_are_up():
    p, d, s = make()
    p.update(0, 200000)
    assert p.asleep
    assert p.update(keys.A, 200100) == 0  # wakes, not passed on
    assert d.is_on and d.contrast_value == 200 and p.state == power.AWAKE
    assert p.update(keys.A, 200120) == 0  # still the waking press
    assert p.update(keys.A | keys.RIGHT, 200140) == 0
    assert p.update(0, 200160) == 0
    assert p.update(keys.RIGHT, 200180) == keys.RIGHT  # a fresh press acts


def test_waking_from_dim_is_swallowed_too():
    p, d, s = make()
    p.update(0, 70000)
    assert p.state == power.DIM
    assert p.update(keys.UP, 70010) == 0
    assert d.contrast_value == 200 and p.state == power.AWAKE
    assert p.update(0, 70030) == 0
    assert p.update(keys.UP, 70050) == keys.UP


def test_held_input_reaches_input_debounce_only_after_release():
    # Chained with the platform's Input, the waking press makes no press at all.
    p, d, s = make()
    inp = keys.Input()
    p.update(0, 500000)
    presses = 0
    for now in range(500000, 500400, 20):
        presses |= inp.update(p.update(keys.A, now), now)
    for now in range(500400, 500500, 20):
        presses |= inp.update(p.update(0, now), now)
    assert presses == 0
    assert inp.update(p.update(keys.A, 500520), 500520) == keys.A


def test_idle_zero_never_dims():
    p, d, s = make(idle_s=0)
    p.update(0, 10 ** 8)
    assert p.state == power.AWAKE and d.calls == 0


def test_a_board_that_never_sleeps_keeps_the_screen_on_and_every_press():
    # The web page's board (sleeps=False): however long the wait, the screen stays lit at
    # the player's contrast, and the first press after it acts (nothing wakes, nothing is
    # swallowed). The setting itself is untouched, for the Pico.
    p, d, s = make(sleeps=False)
    for t in (60000, 120000, 10 ** 7):
        assert p.update(0, 1000 + t) == 0
    assert p.state == power.AWAKE and d.is_on and d.calls == 0 and not p.asleep
    assert p.update(keys.A, 1000 + 10 ** 7 + 20) == keys.A
    assert s["idle_s"] == 60


def test_a_long_wait_keeps_sleeping_across_the_tick_wrap_and_wakes():
    # time.ticks_add wraps as the port's counter does (at 2**30 ms on the Pico).
    now = time.ticks_add(0, -5000)
    p, d, s = make(now=now)
    for _ in range(200):  # about 11 days in 80-minute steps, the counter wrapping
        now = time.ticks_add(now, 4800000)
        assert p.update(0, now) == 0
    assert p.asleep
    assert p.update(keys.B, now) == 0 and d.is_on and p.state == power.AWAKE


def test_contrast_setting_applies_now_or_on_wake():
    p, d, s = make()
    s["contrast"] = 32
    p.apply_settings()
    assert d.contrast_value == 32
    p.update(0, 1000 + 60000)
    s["contrast"] = 128
    p.apply_settings()
    assert d.contrast_value == power.DIM_CONTRAST  # dimmed stays dim
    p.update(keys.A, 1000 + 61000)
    assert d.contrast_value == 128


def test_huge_idle_setting_is_capped():
    p, d, s = make(idle_s=10 ** 6)
    p.update(0, 1000 + power.MAX_IDLE_S * 1000)
    assert p.state == power.DIM


def test_update_allocates_nothing():
    p, d, s = make()
    micropython.heap_lock()
    try:
        for now in range(1000, 200000, 997):
            p.update(0, now)
        p.update(keys.A, 200000)
        p.update(0, 200020)
    finally:
        micropython.heap_unlock()
    assert p.state == power.AWAKE


def test_the_setting_is_a_share_of_the_boards_full_contrast():
    p, d, s = make(contrast=255, full=200)
    assert p.contrast == 200
    s["contrast"] = 128
    p.apply_settings()
    assert d.contrast_value == 128 * 200 // 255
    s["contrast"] = 0
    p.apply_settings()
    assert d.contrast_value == 0
