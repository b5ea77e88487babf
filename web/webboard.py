# The web page's board: the devices of the handheld for the firmware running on MicroPython
# compiled to WebAssembly (web/board.js loads it; web/page.js is the page). Like a board file
# for the Pico, this changes only the hardware: the app, the frame loop (deckdelve.boot's
# Console), the power saving, the buzzer's jingles and the store are the firmware's own.
#
#   display  a framebuf over a 1024-byte bytearray that the page reads straight out of the
#            WebAssembly memory (at `address`) whenever `changes` moves on
#   buttons  the held mask the page sets from its keys and touch buttons, once a frame
#   buzzer   deckdelve.hw.buzzer.Buzzer on a "PWM" whose freq/duty the page plays (WebAudio)
#   flash    MicroPython's in-memory filesystem; the page copies /data and the error log to
#            the browser's storage after every frame and writes them back before start
#   clock    milliseconds that the page advances every step (real time on the page, fixed
#            steps in the tests), so the same presses at the same times give the same pixels
#
# The page drives the frames (requestAnimationFrame calls step()): a loop here would freeze it.
import sys
import time

import framebuf
import uctypes

from deckdelve import boot

WIDTH = 128
HEIGHT = 64
DATA_DIR = "/data"
LOG_FILE = "/data/error.log"  # in the data folder, so that the page keeps it like a save
RESTART = -1  # step()'s answer when the player asks to restart after an error


class Display(framebuf.FrameBuffer):
    """The OLED: the same methods as deckdelve.hw.oled's drivers. `changes` counts what the
    page must repaint for: a frame shown, the contrast set, the panel switched off or on."""

    def __init__(self):
        self.buf = bytearray(WIDTH * HEIGHT // 8)
        super().__init__(self.buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self.address = uctypes.addressof(self.buf)
        self.level = 255  # the contrast last set, 0..255
        self.on = True
        self.changes = 0

    def show(self):
        self.changes += 1

    def contrast(self, level):
        self.level = level
        self.changes += 1

    def poweroff(self):
        self.on = False
        self.changes += 1

    def poweron(self):
        self.on = True
        self.changes += 1

    def rotate(self, degrees):
        pass  # the page is never mounted upside down


class Buttons:
    def __init__(self):
        self.held = 0  # deckdelve.buttons bits, set by the page before each frame

    def read(self):
        return self.held


class PWM:
    """The buzzer pin as the page's sound: `audio` is a JavaScript object with freq(hz) and
    duty_u16(duty) (a square-wave oscillator; duty 0 is silence)."""

    def __init__(self, audio):
        self.audio = audio

    def freq(self, hz):
        self.audio.freq(hz)

    def duty_u16(self, duty):
        self.audio.duty_u16(duty)


class Sound:
    """The buzzer on the board's clock: the app's play(effect) gives no time, and the Pico's
    Buzzer then reads time.ticks_ms(), which here is not the clock the frames run on."""

    def __init__(self, buzzer, board):
        self.buzzer = buzzer
        self.board = board

    def play(self, effect):
        self.buzzer.play(effect, self.board.now)

    def update(self, now):
        self.buzzer.update(now)

    def stop(self):
        self.buzzer.stop()


class Board:
    def __init__(self, seed, audio=None):
        from deckdelve.hw.buzzer import Buzzer

        self.display = Display()
        self.buttons = Buttons()
        self.now = time.ticks_ms()  # the power-saving timer starts from the same clock
        boot.splash(self.display)
        buzzer = None if audio is None else Sound(Buzzer(PWM(audio)), self)
        self.console = boot.start(self.display, self.buttons, buzzer, DATA_DIR, seed=seed)
        self.failed = False  # an error is on the screen: the next press restarts
        self.waiting_release = False

    def step(self, held, elapsed_ms):
        """One frame of the handheld with these buttons held, elapsed_ms after the last one.
        Returns the display's change count (or RESTART). Allocates nothing on an idle frame."""
        self.now = time.ticks_add(self.now, elapsed_ms)
        if self.failed:
            return self.after_error(held)
        self.buttons.held = held
        try:
            self.console.frame(self.now)
        except Exception as e:  # noqa: BLE001 - shown and logged as on the Pico, never frozen
            self.fail(e)
        return self.display.changes

    def fail(self, error):
        """As deckdelve.boot.fail on the Pico, without blocking: log the error, print it (the
        browser's console), show it; the next press restarts (the page reloads)."""
        boot.log(error, LOG_FILE)
        sys.print_exception(error)
        boot.error_screen(self.display, "%s: %s" % (type(error).__name__, error))
        self.failed = True
        self.waiting_release = True

    def after_error(self, held):
        if self.waiting_release:
            self.waiting_release = held != 0
            return self.display.changes
        return RESTART if held else self.display.changes


def start(seed, audio=None):
    """The board the page steps; seed deals the first game (the next ones count up from it)."""
    return Board(seed, audio)
