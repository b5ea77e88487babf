# The buttons: pins (active low, pull-ups) into the held mask, then the platform's Input for
# debounce and key repeat, as the boot loop chains them. MicroPython only.
import micropython

import machine
import rp2
from deckdelve import buttons as keys
from deckdelve.hw import buttons, devices

GPIO = {"up": 10, "down": 11, "left": 12, "right": 13, "a": 14, "b": 15}
BOARD = {"buttons": dict(GPIO)}


def make():
    machine.clear()
    b = devices.buttons(BOARD)
    pins = {}
    for name in GPIO:
        pins[name] = machine.PINS[GPIO[name]]
    return b, pins


def test_pins_are_inputs_with_pull_ups():
    b, pins = make()
    for name in GPIO:
        assert pins[name].mode == machine.Pin.IN and pins[name].pull == machine.Pin.PULL_UP
    assert b.read() == 0


def test_each_pin_pulled_low_is_its_button():
    b, pins = make()
    masks = {"up": keys.UP, "down": keys.DOWN, "left": keys.LEFT, "right": keys.RIGHT,
             "a": keys.A, "b": keys.B}
    for name in GPIO:
        pins[name].level = 0
        assert b.read() == masks[name], name
        pins[name].level = 1
    pins["left"].level = 0
    pins["a"].level = 0
    assert b.read() == keys.LEFT | keys.A


def test_bootsel_as_b():
    machine.clear()
    board = {"buttons": {"up": 1, "down": 3, "left": 4, "right": 2, "a": 0, "b": "bootsel"}}
    b = devices.buttons(board)
    assert b.read() == 0
    rp2.PRESSED = 1
    try:
        assert b.read() == keys.B
    finally:
        rp2.PRESSED = 0
    machine.PINS[0].level = 0  # the joystick's centre is A
    assert b.read() == keys.A


def run(b, pins, inp, timeline, until):
    """Feed the pins a timeline [(ms, name, level)] frame by frame (every 5 ms); returns
    [(ms, presses)] for the frames with presses."""
    out = []
    i = 0
    for now in range(0, until + 1, 5):
        while i < len(timeline) and timeline[i][0] <= now:
            pins[timeline[i][1]].level = timeline[i][2]
            i += 1
        p = inp.update(b.read(), now)
        if p:
            out.append((now, p))
    return out


def test_a_bouncing_press_counts_once():
    b, pins = make()
    inp = keys.Input()
    # A closes at 100 ms, bounces open and shut within the debounce time, held, released.
    timeline = [(100, "a", 0), (105, "a", 1), (110, "a", 0), (115, "a", 1), (120, "a", 0),
                (600, "a", 1), (610, "a", 0), (615, "a", 1)]
    got = run(b, pins, inp, timeline, 1000)
    assert got[0] == (100, keys.A), got
    # A is not repeated while held; the bounces inside DEBOUNCE_MS after a change are not
    # presses. The release bounce at 600..615 may give one more press at most if it outlasts
    # the debounce time; here it does not (10 ms < DEBOUNCE_MS).
    assert keys.DEBOUNCE_MS > 10
    presses_of_a = [t for t, p in got if p & keys.A]
    assert len(presses_of_a) <= 2, got
    assert all(t < 130 or t >= 600 for t in presses_of_a), got


def test_dpad_repeats_after_delay_then_steadily():
    b, pins = make()
    inp = keys.Input()
    got = run(b, pins, inp, [(100, "right", 0), (1100, "right", 1)], 1300)
    times = [t for t, p in got if p == keys.RIGHT]
    assert times[0] == 100, times
    assert times[1] - times[0] >= keys.REPEAT_DELAY_MS and times[1] - times[0] < (
        keys.REPEAT_DELAY_MS + 10)
    for i in range(2, len(times)):
        gap = times[i] - times[i - 1]
        assert keys.REPEAT_EVERY_MS <= gap < keys.REPEAT_EVERY_MS + 10, times
    assert times[-1] < 1100  # stops when released
    expected = 1 + (1000 - keys.REPEAT_DELAY_MS) // keys.REPEAT_EVERY_MS
    assert abs(len(times) - expected) <= 1, times


def test_reading_allocates_nothing():
    b, pins = make()
    inp = keys.Input()
    pins["up"].level = 0
    machine.RECORD = False
    micropython.heap_lock()
    try:
        for now in range(0, 1000, 20):
            inp.update(b.read(), now)
    finally:
        micropython.heap_unlock()
        machine.RECORD = True


def test_names_cover_every_mask_once():
    total = 0
    for m in buttons.MASKS:
        assert total & m == 0
        total |= m
    assert total == keys.ALL and len(buttons.NAMES) == 6
