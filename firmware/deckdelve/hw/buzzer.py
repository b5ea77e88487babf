# Short sound effects on a piezo buzzer (or a small speaker through a transistor) driven by
# PWM. play() starts an effect and returns at once; update(now), called once a frame, moves
# to the next note, so a jingle never holds up the game. The app decides whether to play
# (its "sound" setting); stop() silences a note already playing when the setting goes off.

from time import ticks_add, ticks_diff, ticks_ms

from deckdelve import sound

_DUTY = 32768  # a square wave: the loudest a piezo gets from PWM

# Each effect is a tuple of (frequency in Hz, milliseconds) notes; frequency 0 is a rest.
EFFECTS = {
    sound.CLICK: ((2093, 12),),
    sound.OK: ((1319, 40), (1760, 60)),
    sound.BAD: ((196, 140),),
    sound.WIN: ((1047, 90), (1319, 90), (1568, 90), (2093, 240)),
    sound.LOSE: ((392, 160), (0, 40), (330, 160), (0, 40), (262, 320)),
}


class Buzzer:
    def __init__(self, pwm):
        self.pwm = pwm
        self.pwm.duty_u16(0)
        self.notes = None  # the effect playing, or None
        self.index = 0
        self.note_end = 0

    def play(self, effect, now=None):
        notes = EFFECTS.get(effect)
        if notes is None:
            return
        self.notes = notes
        self.index = 0
        self._start(ticks_ms() if now is None else now)

    def _start(self, now):
        freq, ms = self.notes[self.index]
        if freq:
            self.pwm.freq(freq)
            self.pwm.duty_u16(_DUTY)
        else:
            self.pwm.duty_u16(0)
        self.note_end = ticks_add(now, ms)

    def update(self, now):
        """Once a frame: end the note whose time is up and start the next. Allocates nothing."""
        if self.notes is None or ticks_diff(now, self.note_end) < 0:
            return
        self.index += 1
        if self.index < len(self.notes):
            self._start(now)
        else:
            self.stop()

    def stop(self):
        self.pwm.duty_u16(0)
        self.notes = None
