# Power-on: read the board chosen at flash time, put the title on the screen at once, then run
# the app one frame at a time. An unexpected error is appended to a log file on flash and
# shown on the screen with its message, instead of a frozen picture; A (any button) restarts.
# Nothing here writes to the data folder, so saved runs, scores and settings stay as they were.

import gc
import sys
import time

from deckdelve.buttons import Input

BOARD_FILE = "/board.json"  # written by `make flash BOARD=...` (tools/ship/deploy.py)
DATA_DIR = "/data"  # the app's saves, scores and settings; flashing never touches it
LOG_FILE = "/error.log"
LOG_MAX = 8192  # a longer log starts over, so errors can never fill the flash
FRAME_MS = 20  # at most 50 frames a second
ASLEEP_FRAME_MS = 100  # display off: poll the buttons 10 times a second


class Console:
    """One frame of the handheld: pins -> power saving -> debounce/repeat -> app -> display,
    then the buzzer's next note. An idle frame allocates nothing."""

    def __init__(self, display, buttons, app, power, buzzer=None):
        self.display = display
        self.buttons = buttons
        self.app = app
        self.power = power
        self.buzzer = buzzer
        self.input = Input()
        self.was_asleep = False

    def frame(self, now):
        """One frame; True if the screen was redrawn."""
        held = self.power.update(self.buttons.read(), now)
        asleep = self.power.asleep
        if asleep != self.was_asleep:
            # Save a game in progress while the screen is off (a flat battery then loses
            # nothing); the save goes again on waking (see App.suspend).
            if asleep:
                self.app.suspend()
            else:
                self.app.resume()
            self.was_asleep = asleep
        # (no button held, none held before: no presses, and no call to say so)
        redrawn = self.app.frame(
            0 if held == 0 and self.input.held == 0 else self.input.update(held, now))
        if redrawn:
            self.app.draw()
            self.display.show()
            # The save its press asked for, now that the answer is seen (App.later; a save is
            # put off only by a press that redraws, and App.frame runs one left at the latest).
            # Nothing on an idle frame, and no local added here: a frame of more than 11 words
            # is taken from the heap at every call, ~25 k cycles (tools/measure/frames.py).
            if self.app.deferred is not None:
                self.app.after_show()
        # (a buzzer, the Pico's hw.buzzer.Buzzer or the page's, says by .notes if one plays)
        if self.buzzer is not None and self.buzzer.notes is not None:
            self.buzzer.update(now)
        return redrawn


def splash(display):
    """The title's big word, before the app (the larger import) loads; the app's title
    screen then draws the same word in the same place and adds the rest."""
    from deckdelve.ui import draw

    display.fill(0)
    draw.logo(display)
    display.show()


def start(display, buttons, buzzer, data_dir, full_contrast=255, seed=None, sleeps=True):
    """The console for these devices; seed=None deals every game from os.urandom (a board
    without it, such as the web page's, passes a seed of its own). sleeps=False: the screen
    never dims nor switches off (the web page's; see hw/power.py)."""
    from deckdelve.app import App
    from deckdelve.hw.power import Power

    app = App(display, data_dir, sound_player=buzzer, seed=seed)
    power = Power(display, app.settings, time.ticks_ms(), full_contrast, sleeps)

    def settings_changed():
        power.apply_settings()
        if buzzer is not None and not app.settings["sound"]:
            buzzer.stop()

    app.settings_changed = settings_changed
    power.apply_settings()  # the player's share of the board's full contrast
    return Console(display, buttons, app, power, buzzer)


def run(console, frames=None, marker=None):
    """The frame loop, at a steady pace; frames=None runs for ever. marker, if given, is
    called with 1 before every frame and after it with 2 if the frame redrew the screen, else
    0 (a measuring harness raises pins with it: tools/pico/bench_main.py); it must not
    allocate."""
    while frames is None or frames > 0:
        began = time.ticks_ms()
        if marker is not None:
            marker(1)
        redrawn = console.frame(began)
        if marker is not None:
            marker(2 if redrawn else 0)
        if frames is not None:
            frames -= 1
        period = ASLEEP_FRAME_MS if console.power.asleep else FRAME_MS
        wait = period - time.ticks_diff(time.ticks_ms(), began)
        if wait > 0:
            time.sleep_ms(wait)


def main(board_file=BOARD_FILE, data_dir=DATA_DIR, log_file=LOG_FILE, frames=None,
         marker=None, seed=None):
    """Power-on to the frame loop. marker and seed are for measuring harnesses only: a frame
    marker (see run) and a fixed first game seed (None: a random seed every game)."""
    display = None
    buttons = None
    path = list(sys.path)
    image = in_image()
    try:
        if image:
            # The image holds all of the collection's code, so its imports look nowhere else:
            # an import of a built-in module such as time or json would otherwise look for a
            # file of that name in every folder on sys.path first (a littlefs lookup on
            # flash, about a millisecond each on a Pico).
            _set_path((".frozen",))
        from deckdelve.hw import board, devices

        wiring = board.installed(board_file)
        display = devices.display(wiring)
        buttons = devices.buttons(wiring)
        if buttons.read() & safe_key(wiring):
            skip(display)
            return
        if not image:
            # Code on flash: the app's import takes ~0.3 s, so the title's big word goes up
            # first. From an image the whole title is up sooner than a splash would be
            # (its push alone takes 23 ms at 400 kHz I2C), so none is shown.
            splash(display)
        console = start(display, buttons, devices.buzzer(wiring), data_dir,
                        wiring["display"]["contrast"], seed)
        run(console, frames, marker)
    except KeyboardInterrupt:  # Ctrl-C from the serial console (mpremote): to the REPL
        raise
    except Exception as e:  # noqa: BLE001 - anything else is shown and logged, never frozen
        fail(e, display, buttons, log_file)
    finally:
        _set_path(path)  # as it was, for the prompt that follows


def in_image():
    """True when the collection runs from a firmware image (tools/ship/firmware.py adds the
    module deckdelve.image to it), False for code on flash (.mpy) or on a desk."""
    try:
        from deckdelve import image  # noqa: F401
    except ImportError:
        return False
    return True


def _set_path(entries):
    sys.path.clear()
    for entry in entries:
        sys.path.append(entry)


def safe_key(wiring):
    """The button that, held while the Pico starts, skips the collection: B, or A on a board
    whose B is BOOTSEL (held at power-on, BOOTSEL opens the Pico's USB drive instead)."""
    from deckdelve.buttons import A, B

    return A if wiring["buttons"]["b"] == "bootsel" else B


def skip(display):
    """The safe way out for a Pico that misbehaves: say so, and return to main.py, which
    ends, leaving MicroPython's prompt on the USB serial port. Nothing is loaded or written."""
    print("Deckdelve: skipped (a button held at start); this is MicroPython's prompt")
    try:
        from deckdelve.ui import draw

        display.fill(0)
        y = 4
        for line in ("SKIPPED: A BUTTON WAS HELD", "AS THE PICO STARTED.", "",
                     "MICROPYTHON'S PROMPT IS ON", "THE USB SERIAL PORT.", "",
                     "TO PLAY, LET GO AND RESTART", "THE PICO (RESET OR POWER)."):
            draw.text(display, line, 2, y)
            y += 7
        display.show()
    except Exception:  # noqa: BLE001 - the console has the message; the screen was a bonus
        pass


def fail(error, display, buttons, log_file):
    gc.collect()  # a MemoryError leaves little room for the screen and the log
    message = "%s: %s" % (type(error).__name__, error)
    log(error, log_file)
    sys.print_exception(error)  # and to the serial console, for a connected computer
    if display is not None:
        try:
            error_screen(display, message)
        except Exception:  # noqa: BLE001 - the log has it; the screen was a bonus
            pass
    if buttons is None:
        halt()  # no buttons to restart with: the log and the console have the message
        return
    wait_for_press(buttons)
    restart()


def log(error, log_file):
    import os

    try:
        try:
            size = os.stat(log_file)[6]
        except OSError:
            size = 0
        # An entry cut short (a power cut mid-append on a file system that keeps half of
        # one) must not have the next one glued onto its last line.
        head = "--- %d ms after power-on\n" % time.ticks_ms()
        if 0 < size < LOG_MAX:
            with open(log_file, "rb") as f:
                f.seek(size - 1)
                if f.read(1) != b"\n":
                    head = "\n" + head
        with open(log_file, "a" if size < LOG_MAX else "w") as f:
            f.write(head)
            sys.print_exception(error, f)
    except OSError:
        pass  # a full or broken flash must not hide the error screen


def error_screen(fb, message):
    fb.fill(0)
    try:
        from deckdelve.ui import draw

        draw.text(fb, "SORRY, AN ERROR:", 0, 0)
        y = 8
        for line in draw.wrap(message, 128)[:7]:
            draw.text(fb, line, 0, y)
            y += draw.LINE
        draw.text(fb, "SAVED IN ERROR.LOG. A: RESTART", 0, 58)
    except Exception:  # noqa: BLE001 - the font itself failed: framebuf's own 8x8 font
        fb.fill(0)
        fb.text("ERROR", 0, 0)
        for i in range(6):
            fb.text(message[i * 16:(i + 1) * 16], 0, 10 + i * 9)
    fb.show()


def wait_for_press(buttons):
    """Wait for every button to be up, then for one to go down."""
    while buttons.read():
        time.sleep_ms(20)
    while not buttons.read():
        time.sleep_ms(20)


def restart():
    import machine

    machine.reset()


def halt():
    while True:
        time.sleep_ms(1000)
