# The buzzer's PWM calls for each effect, note by note. MicroPython only.
import micropython

import machine
from deckdelve import sound
from deckdelve.hw import buzzer, devices


def make():
    machine.clear()
    bz = devices.buzzer({"buzzer": 22})
    machine.clear()
    return bz


def pwm_events():
    return [e[2:] for e in machine.EVENTS if e[0] == "pwm" and e[1] == 22]


def test_silent_at_start_and_no_buzzer_without_pin():
    machine.clear()
    devices.buzzer({"buzzer": 22})
    assert pwm_events() == [("duty", 0)]
    assert devices.buzzer({"buzzer": None}) is None
    assert devices.buzzer({}) is None


def test_ok_plays_two_notes_then_stops():
    bz = make()
    bz.play(sound.OK, 1000)
    assert pwm_events() == [("freq", 1319), ("duty", 32768)]
    bz.update(1039)
    assert len(pwm_events()) == 2  # first note still playing
    bz.update(1040)
    assert pwm_events()[2:] == [("freq", 1760), ("duty", 32768)]
    bz.update(1099)
    assert len(pwm_events()) == 4
    bz.update(1100)
    assert pwm_events()[4:] == [("duty", 0)]
    assert bz.notes is None
    bz.update(2000)
    assert len(pwm_events()) == 5


def test_every_effect_ends_silent_and_rests_are_silent():
    for effect in (sound.CLICK, sound.OK, sound.BAD, sound.WIN, sound.LOSE):
        bz = make()
        now = 0
        bz.play(effect, now)
        total = 0
        for freq, ms in buzzer.EFFECTS[effect]:
            assert 0 <= freq <= 5000 and 0 < ms <= 500
            total += ms
        while bz.notes is not None and now < 5000:
            now += 10
            bz.update(now)
        assert bz.notes is None and total <= now <= total + 10, (effect, now, total)
        ev = pwm_events()
        assert ev[-1] == ("duty", 0)
        if effect == sound.LOSE:
            # a rest is the duty going to 0 without a new frequency
            assert ("duty", 0) in ev[:-1]


def test_a_new_effect_replaces_the_one_playing_and_stop_silences():
    bz = make()
    bz.play(sound.WIN, 0)
    bz.update(100)
    bz.play(sound.BAD, 120)
    assert pwm_events()[-2:] == [("freq", 196), ("duty", 32768)]
    bz.stop()
    assert pwm_events()[-1] == ("duty", 0) and bz.notes is None


def test_unknown_effect_is_ignored():
    bz = make()
    bz.play(99, 0)
    assert pwm_events() == [] and bz.notes is None


def test_update_allocates_nothing():
    bz = make()
    bz.play(sound.WIN, 0)
    machine.RECORD = False
    micropython.heap_lock()
    try:
        for now in range(0, 1000, 20):
            bz.update(now)
    finally:
        micropython.heap_unlock()
        machine.RECORD = True
    assert bz.notes is None
