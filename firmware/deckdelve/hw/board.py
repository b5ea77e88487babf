# A board file says how one handheld is wired: the display (controller, bus, pins, frequency,
# column offset, rotation, contrast), the six buttons (active low, internal pull-ups) and an
# optional buzzer. Board files are JSON (boards/<name>.json in the repository; the chosen one is
# copied to /board.json on the Pico at flash time), so the flasher on CPython and the boot code
# on the device read the same file through this one checker.
#
# {"title": "...",
#  "display": {"controller": "ssd1306" | "sh1106", "bus": "i2c" | "spi", "id": 0,
#              i2c: "sda", "scl", "addr"      spi: "sck", "mosi", "cs", "dc", "res" (optional)
#              "freq": Hz, "col_offset": 0..4, "rotate": 0 | 180, "contrast": 0..255},
#  "buttons": {"up": pin, "down": pin, "left": pin, "right": pin, "a": pin, "b": pin},
#  "buzzer": pin or null}
#
# A pin is a GPIO number 0..29, or (buttons only) "bootsel": the RP2040's BOOTSEL button, read
# through rp2.bootsel_button(), for boards with only five free buttons.

import json

BUTTONS = ("up", "down", "left", "right", "a", "b")
CONTROLLERS = ("ssd1306", "sh1106")
BUS_PINS = {"i2c": ("sda", "scl"), "spi": ("sck", "mosi", "cs", "dc")}
BOOTSEL = "bootsel"
MAX_GPIO = 29


def load(path):
    """Read and check a board file; returns the board dict. Raises ValueError on any mistake,
    OSError if the file cannot be read."""
    with open(path) as f:
        text = f.read()
    try:
        board = json.loads(text)
    except ValueError:
        raise ValueError("%s: not valid JSON" % path)
    check(board)
    return board


def installed(path):
    """The handheld's wiring: the board file at path (`make flash` writes it; a person who
    rewires a handheld may write one over a firmware image's), else the board built into the
    firmware image (tools/ship/firmware.py). OSError when there is neither."""
    try:
        return load(path)
    except OSError as missing:
        try:
            from deckdelve.image import WIRING  # checked when the image was made
        except ImportError:
            raise missing
        return WIRING


def _pin(where, value, used, allow_bootsel=False):
    if allow_bootsel and value == BOOTSEL:
        return
    if type(value) is not int or not 0 <= value <= MAX_GPIO:
        raise ValueError("%s: pin must be a GPIO number 0..%d, not %r" % (where, MAX_GPIO, value))
    if value in used:
        raise ValueError("%s: GP%d is already used by %s" % (where, value, used[value]))
    used[value] = where


def _int(display, key, low, high):
    value = display.get(key)
    if type(value) is not int or not low <= value <= high:
        raise ValueError("display.%s must be an integer %d..%d, not %r" % (key, low, high, value))


def check(board):
    """Raise ValueError naming the first mistake in a board dict."""
    if type(board) is not dict:
        raise ValueError("a board file holds one JSON object")
    display = board.get("display")
    if type(display) is not dict:
        raise ValueError("missing \"display\" object")
    if display.get("controller") not in CONTROLLERS:
        raise ValueError("display.controller must be one of %s" % ", ".join(CONTROLLERS))
    bus = display.get("bus")
    if bus not in BUS_PINS:
        raise ValueError("display.bus must be \"i2c\" or \"spi\"")
    used = {}
    for key in BUS_PINS[bus]:
        _pin("display." + key, display.get(key), used)
    if bus == "spi" and display.get("res") is not None:
        _pin("display.res", display["res"], used)
    if bus == "i2c":
        _int(display, "addr", 0x08, 0x77)
        _int(display, "freq", 10000, 1000000)
    else:
        _int(display, "freq", 100000, 62500000)
    _int(display, "id", 0, 1)
    _int(display, "col_offset", 0, 4)
    _int(display, "contrast", 0, 255)
    if display.get("rotate") not in (0, 180):
        raise ValueError("display.rotate must be 0 or 180")
    buttons = board.get("buttons")
    if type(buttons) is not dict:
        raise ValueError("missing \"buttons\" object")
    for name in BUTTONS:
        if name not in buttons:
            raise ValueError("buttons.%s is missing" % name)
        _pin("buttons." + name, buttons[name], used, allow_bootsel=True)
    for name in buttons:
        if name not in BUTTONS:
            raise ValueError("buttons.%s is not a button (%s)" % (name, ", ".join(BUTTONS)))
    if board.get("buzzer") is not None:
        _pin("buzzer", board["buzzer"], used)
