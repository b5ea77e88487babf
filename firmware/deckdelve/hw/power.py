# Power saving. After settings["idle_s"] seconds with no button held the display dims; after
# as long again it switches off (the controller keeps its RAM, so the picture comes back
# as it was). The first press that wakes it is swallowed: the wake buttons are hidden from the
# app until every button is up again, so waking never moves a card. Nothing here ends or
# changes a game, however long the wait: the run stays in RAM as it was.
#
# A board whose screen must stay on (the web page: a page gone black looks like a crash) makes
# its Power with sleeps=False: the Sleep setting is kept, for the Pico, but never applied.
#
# Contrast: the board file's contrast is the panel's full brightness (some panels want less
# than 255); the player's Contrast setting (0..255) is a share of it.
#
# update() sits between the pins and deckdelve.buttons.Input:
#     held = power.update(buttons.read(), now)
#     presses = input.update(held, now)

try:
    from time import ticks_diff
except ImportError:  # CPython: the same arithmetic as the platform's Input
    from deckdelve.buttons import ticks_diff

AWAKE = 0
DIM = 1
OFF = 2
DIM_CONTRAST = 0  # the lowest the controllers go; still readable in a dark room
MAX_IDLE_S = 3600  # keeps idle milliseconds x 2 far below ticks_diff's 2**29 range


class Power:
    def __init__(self, display, settings, now, full_contrast=255, sleeps=True):
        self.display = display
        self.sleeps = sleeps
        self.settings = settings  # the app's settings dict: "idle_s", "contrast"
        self.full_contrast = full_contrast  # the board file's contrast
        self.state = AWAKE
        self.asleep = False  # state == OFF (read every frame: an attribute, not a call)
        self.last_activity = now
        self.swallowing = False  # a wake press is still held
        self.contrast = full_contrast
        self.idle_ms = 0
        self._idle()

    def _idle(self):
        """The wait before dimming, in ms, from the settings (0: never), worked out when they
        change rather than in every frame."""
        idle_s = self.settings["idle_s"]
        self.idle_ms = min(idle_s, MAX_IDLE_S) * 1000 if idle_s > 0 and self.sleeps else 0

    def apply_settings(self):
        """Push a changed contrast to the display at once, and take a changed Sleep setting
        (the app calls this from its settings screen through app.settings_changed)."""
        self._idle()
        self.contrast = self.settings["contrast"] * self.full_contrast // 255
        if self.state == AWAKE:
            self.display.contrast(self.contrast)

    def update(self, held, now):
        """The held mask the app may see this frame. Allocates nothing."""
        if held:
            self.last_activity = now
            if self.state != AWAKE:
                self.wake()
                self.swallowing = True
            return 0 if self.swallowing else held
        self.swallowing = False
        idle_ms = self.idle_ms
        if idle_ms == 0 or self.asleep:
            return 0  # 0: never dim
        waited = ticks_diff(now, self.last_activity)
        if waited < idle_ms:
            return 0  # (the idle frame: awake, not yet due to dim)
        if self.state == AWAKE:
            self.state = DIM
            self.display.contrast(DIM_CONTRAST)
        if self.state == DIM and waited >= 2 * idle_ms:
            self.state = OFF
            self.asleep = True
            self.display.poweroff()
        return 0

    def wake(self):
        if self.state == OFF:
            self.display.poweron()
        self.display.contrast(self.contrast)
        self.state = AWAKE
        self.asleep = False
