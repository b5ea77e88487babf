# Issue 34, item 1: a stop anywhere in The Four comes back to the very screen. Seeded walks of
# presses from character creation on (every list and its cursor, the rating and AGAINST lists,
# the Oracle's and the Quiet's pages, the Quiet's question with a threat live, the overrule
# list, the card cursor, the journal's page and view, The Four table, the pause menu and the
# rules opened from it): after each press the handheld goes to sleep and its battery runs
# flat (App.suspend, then a new app on the same data folder: the title, the game's menu, the
# slot), and the frame it comes back to is the one left, pixel for pixel, with the same
# cursor: the walk goes on from the app that came back. Under CPython and real MicroPython.
# heap: 272K
# (one process boots the app some 300 times: the names each boot's modules intern stay in RAM,
# some 36 KiB more than a Pico holds after a real power-on (CI measured 258K); that the game
# fits the Pico's heap after a power-on is test_the_four_ui's (200K cap)
from four_ui_helpers import open_menu, slot_row
from helpers import Headless, scratch

# The walk's presses, drawn from these (DOWN and A more often: into lists and choices).
PRESSES = "UDDDDAAAAAALRBB"


def power_on(folder):
    """The next power-on: the title, The Four's menu, slot 1 (Continue: its screen as left).
    Whatever the app before it had loaded has left RAM first, as it does when the battery
    runs flat."""
    import gc

    from deckdelve.app import forget, unload

    unload("the_four")
    forget("host", "dialogs", "helpview", "campaigns", "slotmenu", "menus", "store")
    gc.collect()
    h = Headless(folder, seed=99)
    open_menu(h)
    slot_row(h, 0)
    if h.top() == "SlotMenu":
        h.keys("A")  # Continue
    return h


def walk(name, seed, presses, every=1):
    """A campaign in slot 1 walked by seeded presses, stopped after each (every: after every
    n-th); returns the names of the screens stopped on."""
    from deckdelve.rng import Rng

    folder = scratch(name)
    h = Headless(folder, seed=seed)
    open_menu(h)
    slot_row(h, 0)
    rng = Rng(seed)
    seen = set()
    for step in range(presses):
        h.keys(PRESSES[rng.below(len(PRESSES))])
        if h.top() in ("GameMenu", "SlotMenu"):  # left by the pause menu's "Back to menu"
            h = None  # (one app in RAM at a time, as on the handheld)
            h = power_on(folder)
        host = h.app.stack[0]
        if host.game.over:
            break  # (an ended story reopens on its story: "Read the story")
        if step % every:
            continue
        top = h.top()
        seen.add(top if top != "GameHost" else "page %d" % host.scene.page)
        keys = (host.game.phase, host.scene.menu, host.scene.index, len(host.pending))
        host = None
        frame = bytes(h.buf)
        h.app.suspend()
        h = None  # the battery runs flat
        h = power_on(folder)
        host = h.app.stack[0]
        assert h.top() == top, (step, top, h.top(), getattr(h.app.stack[-1], "lines", ""))
        assert (host.game.phase, host.scene.menu, host.scene.index, len(host.pending)) == keys
        assert bytes(h.buf) == frame, (name, step, top)
        host = None
    return seen


def test_a_stop_after_any_press_comes_back_to_the_very_screen():
    seen = set()
    for seed in (4, 5):
        seen |= walk("four_stop_anywhere_%d" % seed, seed, 140)
    for screen in ("page 0", "page 1", "page 2", "Pause"):
        assert screen in seen, (screen, seen)
