# Boot: the board file to a running frame loop with the title on screen; an idle frame that
# allocates nothing; an unexpected error shown, logged and survived with the saves intact.
# MicroPython only; runs from the repository root with the fake machine.
import os
import time

import micropython

import machine
from deckdelve import boot
from deckdelve import buttons as keys
from deckdelve.hw import board, devices
from helpers import exists

WORK = "build/hw_test"
DATA = WORK + "/data"
LOG = WORK + "/error.log"


def remove_tree(path):
    try:
        entries = os.listdir(path)
    except OSError:
        try:
            os.remove(path)
        except OSError:
            pass
        return
    for name in entries:
        remove_tree(path + "/" + name)
    os.rmdir(path)


def fresh():
    remove_tree(WORK)
    os.mkdir(WORK)
    machine.clear()


def pushed_frames():
    """The SSD1306's RAM after each show(), replayed from the fake machine's events. A show()
    writes, for each run of changed pages, a window command (0x21 columns, 0x22 pages) and one
    data write a page; any other event (a command, a pin, the buzzer) ends it."""
    ram = bytearray(1024)
    frames = []
    page = 0
    in_show = False
    for e in machine.EVENTS:
        w = e[2] if e[0] == "i2c" else b""
        if w[:1] == b"\x40":  # display data: one page
            ram[page * 128:(page + 1) * 128] = w[1:]
            page += 1
            in_show = True
        elif len(w) == 7 and w[1] == 0x21 and w[4] == 0x22:  # a window: pages w[5]..w[6]
            page = w[5]
            in_show = True
        elif in_show:
            frames.append(bytes(ram))
            in_show = False
    if in_show:
        frames.append(bytes(ram))
    return frames


def last_frame():
    """The controller's RAM as the last show() left it."""
    frames = pushed_frames()
    return frames[-1] if frames else None


def lit(frame):
    return sum(1 for b in frame if b)


def test_boot_shows_the_title_within_a_second_and_runs_frames():
    fresh()
    began = time.ticks_ms()
    boot.main("boards/ssd1306-i2c.json", DATA, LOG, frames=1)
    title_ms = time.ticks_diff(time.ticks_ms(), began)
    pushes = pushed_frames()
    # the splash (code not in an image: the title's big word first), then the app's first
    # frame (its title screen); no clearing push: the panel lights after the first frame
    assert len(pushes) == 2, len(pushes)
    assert lit(pushes[0]) > 50 and lit(pushes[1]) > lit(pushes[0])
    assert title_ms < 1000, title_ms
    assert not exists(LOG)
    print("boot: title on screen %d ms after main() (unix port)" % title_ms)
    boot.main("boards/ssd1306-i2c.json", DATA, LOG, frames=5)
    assert not exists(LOG)



def make_console(path="boards/ssd1306-i2c.json"):
    fresh()
    wiring = board.load(path)
    display = devices.display(wiring)
    buttons = devices.buttons(wiring)
    buzzer = devices.buzzer(wiring)
    return boot.start(display, buttons, buzzer, DATA, wiring["display"]["contrast"]), wiring


def test_idle_frame_allocates_nothing():
    for path in ("boards/ssd1306-i2c.json", "boards/sh1106-spi.json", "boards/picoboy.json"):
        console, wiring = make_console(path)
        now = time.ticks_ms()
        for _ in range(3):  # the first frame draws the title
            now = time.ticks_add(now, 20)
            console.frame(now)
        machine.RECORD = False
        micropython.heap_lock()
        try:
            for _ in range(50):
                now = time.ticks_add(now, 20)
                console.frame(now)
            console.display.show()
        finally:
            micropython.heap_unlock()
            machine.RECORD = True


def test_a_press_goes_through_to_the_app_and_redraws():
    console, wiring = make_console()
    now = time.ticks_ms()
    console.frame(now)
    title = last_frame()
    machine.clear()
    machine.PINS[wiring["buttons"]["a"]].level = 0  # A on the title: the game menu
    for _ in range(3):
        now = time.ticks_add(now, 40)
        console.frame(now)
    menu = last_frame()
    assert title is not None and menu is not None and menu != title


def test_settings_change_sets_contrast_and_silences():
    console, wiring = make_console()
    app = console.app
    machine.clear()
    app.settings["contrast"] = 255
    console.buzzer.play(1)
    app.settings["sound"] = False
    app.settings_changed()
    # the setting's full scale is the board file's contrast (200 on this board)
    assert wiring["display"]["contrast"] == 200
    assert ("i2c", 0x3C, bytes((0x00, 0x81, 200))) in machine.EVENTS
    assert console.buzzer.notes is None
    assert machine.EVENTS[-1] == ("pwm", 22, "duty", 0)


def test_unexpected_error_is_shown_logged_and_restarts_with_saves_intact():
    fresh()
    os.mkdir(DATA)
    saved = b"a saved run \x00\x01\x02"
    with open(DATA + "/run_test.bin", "wb") as f:
        f.write(saved)
    original_start = boot.start
    original_wait = boot.wait_for_press

    def broken_start(*args):
        raise RuntimeError("boom in the app")

    waited = []
    boot.start = broken_start
    boot.wait_for_press = waited.append
    try:
        boot.main("boards/ssd1306-i2c.json", DATA, LOG)
        raise AssertionError("did not restart")
    except machine.ResetCalled:
        pass
    finally:
        boot.start = original_start
        boot.wait_for_press = original_wait
    assert len(waited) == 1  # waited for a button before the reset
    text = open(LOG).read()
    assert "RuntimeError: boom in the app" in text, text
    assert "ms after power-on" in text
    frame = last_frame()
    assert lit(frame) > 100  # the error screen
    with open(DATA + "/run_test.bin", "rb") as f:
        assert f.read() == saved


def boot_holding(path, gpio=None, bootsel=0):
    """boot.main on the board file path with a button held as it starts (a GPIO, or BOOTSEL);
    returns whether the app was started."""
    import rp2

    fresh()
    started = []
    original = boot.start

    def start(*args):
        started.append(1)
        return original(*args)

    boot.start = start
    if gpio is not None:
        machine.HELD.add(gpio)
    rp2.PRESSED = bootsel
    try:
        boot.main(path, DATA, LOG, frames=1)
    finally:
        machine.HELD.clear()
        rp2.PRESSED = 0
        boot.start = original
    return started == [1]


def test_a_button_held_at_start_skips_the_collection():
    # The safe way out (README): B held as the Pico starts: boot.main returns at once (main.py
    # ends: MicroPython's prompt) with a note on the screen; nothing started, nothing written.
    assert not boot_holding("boards/ssd1306-i2c.json", 15)  # B
    assert lit(last_frame()) > 100
    assert not exists(DATA) and not exists(LOG)
    # The PicoBoy's B is BOOTSEL (held at power-on, the Pico's USB drive opens instead): A.
    assert not boot_holding("boards/picoboy.json", 0)
    assert not exists(DATA)
    assert boot_holding("boards/picoboy.json", bootsel=1)
    # Any other button held, or none: the collection starts as always.
    assert boot_holding("boards/ssd1306-i2c.json", 14)  # A
    assert boot_holding("boards/ssd1306-i2c.json")


def test_missing_board_file_is_logged_and_halts():
    fresh()
    halted = []
    original = boot.halt
    boot.halt = lambda: halted.append(1)
    try:
        boot.main(WORK + "/no-board.json", DATA, LOG)
    finally:
        boot.halt = original
    assert halted == [1]
    assert "OSError" in open(LOG).read()


def test_log_starts_over_when_too_long():
    fresh()
    with open(LOG, "w") as f:
        for _ in range(boot.LOG_MAX // 512):
            f.write("x" * 512)
    boot.log(ValueError("fresh"), LOG)
    text = open(LOG).read()
    assert len(text) < 1000 and "ValueError: fresh" in text


def test_error_screen_fits_a_long_message():
    console, wiring = make_console()
    machine.clear()
    boot.error_screen(console.display, "MemoryError: " + "memory allocation failed " * 10)
    assert lit(last_frame()) > 100
    assert keys.A  # the restart hint names A
