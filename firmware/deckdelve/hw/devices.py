# Builds the display, buttons and buzzer a board file describes, from `machine`.

import machine

from deckdelve.hw import oled
from deckdelve.hw.board import BOOTSEL
from deckdelve.hw.buttons import NAMES, BootselPin, Buttons, GpioButtons
from deckdelve.hw.buzzer import Buzzer


def display(board):
    d = board["display"]
    Pin = machine.Pin
    if d["bus"] == "i2c":
        i2c = machine.I2C(d["id"], scl=Pin(d["scl"]), sda=Pin(d["sda"]), freq=d["freq"])
        bus = oled.I2CBus(i2c, d["addr"])
    else:
        # MISO is not wired (the displays are write-only); the port still claims its default
        # MISO pin (GP16 on SPI0, GP12 on SPI1), so boards leave that pin free.
        spi = machine.SPI(d["id"], baudrate=d["freq"], polarity=0, phase=0,
                          sck=Pin(d["sck"]), mosi=Pin(d["mosi"]))
        res = Pin(d["res"]) if d.get("res") is not None else None
        bus = oled.SPIBus(spi, Pin(d["dc"]), Pin(d["cs"]), res)
    controller = oled.SSD1306 if d["controller"] == "ssd1306" else oled.SH1106
    return controller(bus, rotate=d["rotate"], contrast=d["contrast"], col_offset=d["col_offset"])


def buttons(board):
    pins = {}
    for name in NAMES:
        n = board["buttons"][name]
        if n == BOOTSEL:
            import rp2

            pins[name] = BootselPin(rp2)
        else:
            pins[name] = machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP)
    if BOOTSEL in board["buttons"].values():
        return Buttons(pins)  # (BOOTSEL is no GPIO: read through the bootrom, pin by pin)
    return GpioButtons([board["buttons"][name] for name in NAMES], machine.mem32)


def buzzer(board):
    """A Buzzer on the board's buzzer pin, or None if the board has none."""
    n = board.get("buzzer")
    if n is None:
        return None
    return Buzzer(machine.PWM(machine.Pin(n)))
