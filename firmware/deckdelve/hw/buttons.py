# The six buttons read from their pins into the held mask of deckdelve.buttons (UP=1 ... B=32).
# Debounce and key repeat are deckdelve.buttons.Input's job; this only reads the pins.
# Buttons are wired from the GPIO to ground with the internal pull-up on: a pressed button
# reads 0.

from deckdelve import buttons as keys

# Board-file names of the buttons and their masks.
NAMES = ("up", "down", "left", "right", "a", "b")
MASKS = (keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT, keys.A, keys.B)


class BootselPin:
    """The RP2040's BOOTSEL button as a pin that reads 0 when pressed, like the others.
    rp2.bootsel_button() (MicroPython 1.20 and later) returns 1 when pressed; it pauses
    flash access and interrupts for about 8 microseconds while it reads, once a frame."""

    def __init__(self, rp2):
        self._pressed = rp2.bootsel_button

    def value(self):
        return 1 - self._pressed()


class Buttons:
    def __init__(self, pins):
        """pins: dict board name -> object with value() (a machine.Pin set to input with a
        pull-up, or a BootselPin)."""
        self._reads = tuple(pins[name].value for name in NAMES)

    def read(self):
        """The mask of buttons held now. Allocates nothing."""
        held = 0
        reads = self._reads
        for i in range(len(reads)):
            if not reads[i]():
                held |= MASKS[i]
        return held
