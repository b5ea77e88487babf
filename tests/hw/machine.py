# A fake `machine` module for running the hardware drivers under the MicroPython unix port
# (tests/test_hw_micropython.py puts this folder first on the path). Everything the drivers
# do to the bus and the pins is appended, in order, to EVENTS:
#     ("i2c", addr, bytes)     one I2C transaction (writeto or writevto, START to STOP)
#     ("spi", bytes)           one SPI.write
#     ("pin", gpio, level)     an output pin driven
#     ("pwm", gpio, "freq" | "duty", value)
# Set RECORD = False to keep only the counts (for tests under micropython.heap_lock(),
# where appending to a list would allocate).
EVENTS = []
RECORD = True
PINS = {}  # gpio -> the last Pin made for it; tests set .level on inputs
HELD = set()  # gpios whose button is held down when their Pin is made (held at power-on)


class _Mem32:
    """machine.mem32: SIO_GPIO_IN (every Pin's level, as the buttons read it) and any other
    register as a plain word (the XIP counters tools/pico/device_bench.py clears and reads)."""

    def __init__(self):
        self.words = {}

    def __getitem__(self, address):
        if address != 0xD0000004:
            return self.words.get(address, 0)
        levels = 0
        for gpio in PINS:
            if PINS[gpio].level:
                levels |= 1 << gpio
        return levels

    def __setitem__(self, address, value):
        self.words[address] = value


mem32 = _Mem32()


class ResetCalled(Exception):
    pass


def clear():
    global RECORD
    RECORD = True
    while EVENTS:
        EVENTS.pop()


def reset():
    raise ResetCalled()


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = Pin.IN
        self.pull = None
        self.level = 0 if id in HELD else 1
        PINS[id] = self
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None):
        if mode != -1:
            self.mode = mode
        if pull != -1:
            self.pull = pull
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = 1 if v else 0
        if self.mode == Pin.OUT and RECORD:
            EVENTS.append(("pin", self.id, self.level))
        return None

    def __call__(self, v=None):
        return self.value(v)


class I2C:
    made = []

    def __init__(self, id, scl=None, sda=None, freq=400000, timeout=50000):
        self.id = id
        self.scl = scl
        self.sda = sda
        self.freq = freq
        self.transactions = 0
        self.bytes = 0
        I2C.made.append(self)

    def _count(self, n):
        self.transactions += 1
        self.bytes += n

    def writeto(self, addr, buf, stop=True):
        self._count(len(buf))
        if RECORD:
            EVENTS.append(("i2c", addr, bytes(buf)))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        n = 0
        for buf in vector:
            n += len(buf)
        self._count(n)
        if RECORD:
            data = bytearray(n)
            at = 0
            for buf in vector:
                data[at:at + len(buf)] = buf
                at += len(buf)
            EVENTS.append(("i2c", addr, bytes(data)))
        return n


class SPI:
    made = []

    def __init__(self, id, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=None):
        self.id = id
        self.baudrate = baudrate
        self.polarity = polarity
        self.phase = phase
        self.sck = sck
        self.mosi = mosi
        self.writes = 0
        self.bytes = 0
        SPI.made.append(self)

    def init(self, baudrate=1000000, polarity=0, phase=0, **kw):
        self.baudrate = baudrate

    def write(self, buf):
        self.writes += 1
        self.bytes += len(buf)
        if RECORD:
            EVENTS.append(("spi", bytes(buf)))


class PWM:
    made = []

    def __init__(self, pin, freq=0, duty_u16=0):
        self.pin = pin
        self._freq = freq
        self._duty = duty_u16
        PWM.made.append(self)

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f
        if RECORD:
            EVENTS.append(("pwm", self.pin.id, "freq", f))
        return None

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        self._duty = d
        if RECORD:
            EVENTS.append(("pwm", self.pin.id, "duty", d))
        return None

    def deinit(self):
        self._duty = 0
