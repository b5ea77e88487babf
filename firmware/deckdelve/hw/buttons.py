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


SIO_GPIO_IN = 0xD0000004  # the RP2040's SIO register: every GPIO's input level, one bit each


class GpioButtons:
    """The six buttons on GPIOs, read in one go from SIO_GPIO_IN (RP2040 datasheet 2.3.1.7)
    through machine.mem32: six Pin.value() calls were most of an idle frame's cycles, and
    with none held (the idle frame) the read is one load and one comparison. The pins are
    still made as machine.Pins first, with their pull-ups (devices.buttons)."""

    def __init__(self, gpios, mem32):
        self._mem32 = mem32
        self._bits = tuple(1 << n for n in gpios)  # (GPIOs 0-29: below 2**30, small ints)
        every = 0
        for bit in self._bits:
            every |= bit
        self._every = every

    def read(self):
        """The mask of buttons held now (a held button reads 0). Allocates nothing."""
        levels = self._mem32[SIO_GPIO_IN] & self._every
        if levels == self._every:
            return 0
        held = 0
        bits = self._bits
        for i in range(6):
            if not levels & bits[i]:
                held |= MASKS[i]
        return held

