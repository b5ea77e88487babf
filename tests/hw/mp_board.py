# Every board file in boards/ loads and builds its devices under MicroPython, with the fake
# machine; a broken board file fails with a message naming the mistake.
import json
import os

import machine
from deckdelve.hw import board, devices

BOARDS = "boards"  # the tests run from the repository root


def board_files():
    return sorted(BOARDS + "/" + f for f in os.listdir(BOARDS) if f.endswith(".json"))


def test_every_board_file_loads_and_builds():
    files = board_files()
    assert len(files) >= 4, files
    for path in files:
        b = board.load(path)
        machine.clear()
        d = devices.display(b)
        assert not d.is_on, path  # dark until its first frame is pushed
        d.show()
        assert d.is_on, path
        buttons = devices.buttons(b)
        assert buttons.read() == 0, path
        bz = devices.buzzer(b)
        assert (bz is None) == (b.get("buzzer") is None)
        spec = b["display"]
        if spec["bus"] == "i2c":
            i2c = machine.I2C.made[-1]
            assert i2c.freq == spec["freq"] and i2c.scl.id == spec["scl"], path
            assert all(e[1] == spec["addr"] for e in machine.EVENTS if e[0] == "i2c")
        else:
            spi = machine.SPI.made[-1]
            assert spi.baudrate == spec["freq"] and spi.sck.id == spec["sck"], path
            assert spi.mosi.id == spec["mosi"], path
        d = buttons = bz = None  # a device builds one board: this one goes before the next


def expect_error(b, words):
    try:
        board.check(b)
    except ValueError as e:
        assert words in str(e), (words, str(e))
        return
    raise AssertionError("accepted: %s" % words)


def good():
    return json.loads(open(BOARDS + "/ssd1306-i2c.json").read())


def test_mistakes_are_named():
    b = good()
    b["display"]["controller"] = "st7735"
    expect_error(b, "display.controller")
    b = good()
    b["display"]["bus"] = "uart"
    expect_error(b, "display.bus")
    b = good()
    b["buttons"]["a"] = b["buttons"]["b"]
    expect_error(b, "already used")
    b = good()
    b["buttons"]["a"] = 30
    expect_error(b, "buttons.a")
    b = good()
    del b["buttons"]["left"]
    expect_error(b, "buttons.left is missing")
    b = good()
    b["buttons"]["start"] = 16
    expect_error(b, "buttons.start is not a button")
    b = good()
    b["display"]["rotate"] = 90
    expect_error(b, "display.rotate")
    b = good()
    b["display"]["contrast"] = 300
    expect_error(b, "display.contrast")
    b = good()
    b["buzzer"] = b["display"]["sda"]
    expect_error(b, "already used")
    b = good()
    b["display"]["addr"] = True
    expect_error(b, "display.addr")
    expect_error([], "one JSON object")


def test_bootsel_only_for_buttons():
    b = good()
    b["buttons"]["b"] = "bootsel"
    board.check(b)
    b["buzzer"] = "bootsel"
    expect_error(b, "buzzer")
