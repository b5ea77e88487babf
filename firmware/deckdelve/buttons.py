# The six buttons as bit masks, and turning "which buttons are held" into presses:
# an edge when a button goes down, key repeat while a d-pad button stays down, and a short
# lock-out after every change so that a bouncing contact is not read twice.
# Time is whatever millisecond counter the caller has (time.ticks_ms on the Pico, which
# wraps at 2**30: differences are taken the same way as time.ticks_diff).

UP = 1
DOWN = 2
LEFT = 4
RIGHT = 8
A = 16
B = 32
DPAD = UP | DOWN | LEFT | RIGHT
ALL = 63
NAMES = "UDLRAB"  # NAMES[i] is the letter of bit 1 << i (host_sim --keys uses these)

DEBOUNCE_MS = 25
REPEAT_DELAY_MS = 350
REPEAT_EVERY_MS = 90

_PERIOD = 1 << 30
_HALF = 1 << 29


def ticks_diff(a, b):
    """a - b on a counter that wraps at 2**30 (same result as time.ticks_diff)."""
    return ((a - b + _HALF) & (_PERIOD - 1)) - _HALF


def from_letter(ch):
    """'U' -> UP ... 'B' -> B; 0 for anything else."""
    i = NAMES.find(ch.upper())
    return 0 if i < 0 else 1 << i


class Input:
    def __init__(self):
        self.held = 0  # the debounced state
        self.changed_at = None  # time of the last accepted change; None: none yet
        self.repeat_at = 0

    def update(self, raw, now):
        """Feed the raw held mask once a frame; returns the mask of presses this frame.
        Allocates nothing."""
        presses = 0
        if raw != self.held:
            if self.changed_at is not None and ticks_diff(now, self.changed_at) < DEBOUNCE_MS:
                return 0  # still bouncing from the last change
            presses = raw & ~self.held
            self.held = raw
            self.changed_at = now
            if presses & DPAD:
                self.repeat_at = (now + REPEAT_DELAY_MS) & (_PERIOD - 1)
            return presses
        if raw & DPAD and ticks_diff(now, self.repeat_at) >= 0:
            self.repeat_at = (now + REPEAT_EVERY_MS) & (_PERIOD - 1)
            return raw & DPAD
        return 0
