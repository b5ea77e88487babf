# The app driven by button presses, under CPython and under real MicroPython (firmware
# compiled to .mpy): menus, settings, notices, every game started, mashed and quit, save and
# continue.
# heap: 216K
# isolate
# (every game's UI, its .mpy code in RAM beside the whole app, on the 64-bit unix port; the
# Pico has about 190 KiB. test_ui_ram_budget.py checks the app's RAM budget. The tests that
# start every game in one interpreter need the most, 190-192K at the smallest after issues
# 33-34, and not monotonic in the heap (one passes at 190K and fails at 192K): every game's
# names stay interned once it has run.)
import gc
import sys

from deckdelve import registry
from deckdelve.app import unload
from deckdelve.rng import Rng
from helpers import Headless, exists, game_index, scratch
from play_helpers import first_start


def to_menu(h):
    h.keys("A")
    assert h.top() == "Menu", h.top()


def test_title_then_menu_lists_every_game_and_settings():
    h = Headless(scratch("app_menu"))
    assert h.top() == "Title" and h.lit() > 200
    to_menu(h)
    menu = h.app.stack[-1]
    assert menu.items == [g[1] for g in registry.GAMES] + ["Settings"]
    h.keys("U")  # wraps to the last item
    assert menu.index == len(menu.items) - 1


def test_settings_toggle_is_saved_on_leaving():
    d = scratch("app_settings")
    h = Headless(d)
    to_menu(h)
    h.keys("U" + "A")  # Settings
    assert h.top() == "Settings"
    h.keys("A")  # sound off
    assert h.app.settings["sound"] is False
    assert not exists(d + "/settings.dat")
    h.keys("B")
    assert exists(d + "/settings.dat") and h.top() == "Menu"
    assert Headless(d).app.settings["sound"] is False


def test_damaged_scores_file_gives_a_notice_at_boot():
    d = scratch("app_notice")
    with open(d + "/settings.dat", "w") as f:
        f.write("DECKDELVE settings 1 5 0\nhello")
    h = Headless(d)
    assert h.top() == "Message"
    assert exists(d + "/settings.dat.bad1")
    h.keys("A")
    assert h.top() == "Title"


def start_game(h, index):
    """From the title: menu, the game at `index`, its first 'new game' item."""
    to_menu(h)
    h.keys("D" * index + "A")
    assert h.top() == "GameMenu", h.top()
    menu = h.app.stack[-1]
    moves = (first_start(menu.actions) - menu.index) % len(menu.items)
    menu = None
    h.keys("D" * moves + "A")  # (holding no menu object: the menus leave RAM for the game)
    assert h.top() == "GameHost", h.top()
    return h.app.stack[-1]


def test_every_game_starts_is_mashed_and_frees_its_modules():
    for index in range(len(registry.GAMES)):
        key = registry.GAMES[index][0]
        h = Headless(scratch("app_mash_" + key), seed=index + 1)
        start_game(h, index)
        rng = Rng(index)
        letters = "UDLRAAAAAAUDLRB"
        for _ in range(300):
            h.keys(letters[rng.below(len(letters) - 1 if rng.below(20) else len(letters))])
            assert h.app.stack, "empty screen stack"
        # Leave whatever screen we are on; back at the menus the game's modules are gone.
        for _ in range(12):
            if h.top() in ("Menu", "GameMenu", "Title", "SlotMenu"):
                break
            if h.top() == "GameHost" and h.app.stack[-1].game.over:
                h.keys("A")  # the mashing ended the game: its final board, then its score
            elif h.top() == "GameHost":
                h.keys("B")  # backs out of the scene's choices, then pauses
                if h.top() == "Pause":
                    h.keys("U" + "A" + "R" + "A")  # Quit, confirm yes
            else:
                h.keys("A")
        assert h.top() in ("Menu", "GameMenu", "Title", "Scores", "SlotMenu"), h.top()
        if h.top() != "GameHost":
            assert ("deckdelve.games." + key) not in sys.modules, key
        del h
        gc.collect()


def test_save_and_quit_then_continue_once():
    saved = 0
    for index in range(len(registry.GAMES)):
        key = registry.GAMES[index][0]
        if save_and_continue(key, index):
            saved += 1
        unload(key)  # as quitting would: the next game gets the RAM
    assert saved >= 3  # every game but Rogue Solitaire may be saved at any time


def save_and_continue(key, index):
    """Play a little, save and quit, continue. False if the game may not be saved now."""
    h = Headless(scratch("app_save_" + key), seed=40 + index)
    host = start_game(h, index)
    h.keys("AR")
    if getattr(host, "slot", None) is not None:
        return False  # a campaign is saved after every action (test_the_four_ui.py)
    if h.top() != "GameHost" or host.game.over or not host.game.can_save():
        return False  # this game saves only at set points (its own tests cover them)
    log = list(host.log)
    for _ in range(4):  # B backs out of whatever the scene has open, then pauses
        h.keys("B")
        if h.top() == "Pause":
            break
    assert list(host.log) == log, "B did a game action"
    del host
    moves = h.app.stack[-1].items.index("Save and quit")
    h.keys("D" * moves + "A")
    assert h.top() == "Message", h.top()  # "Run saved"
    assert h.app.store().has_run(key)
    h.keys("A")
    gm = h.app.stack[-1]
    assert type(gm).__name__ == "GameMenu" and gm.items[0] == "Continue saved run"
    assert gm.index == 0
    del gm
    h.keys("A")
    assert h.top() == "GameHost"
    assert list(h.app.stack[-1].log) == log
    assert not h.app.store().has_run(key)  # continued once: the save is gone
    return True


def test_idle_frames_allocate_nothing():
    # MicroPython only (CPython has no heap lock): with the heap locked, any allocation
    # raises MemoryError. An idle frame (no press) on the title, the menus and every game
    # must not allocate.
    try:
        from micropython import heap_lock, heap_unlock
    except ImportError:
        return
    h = Headless(scratch("app_idle"))

    def idle(where):
        h.app.draw()
        h.app.dirty = False
        heap_lock()
        try:
            for _ in range(20):
                h.app.frame(0)
        except MemoryError:
            heap_unlock()
            raise AssertionError("an idle frame allocates: " + where)
        heap_unlock()

    idle("title")
    to_menu(h)
    idle("menu")
    for index in range(len(registry.GAMES)):
        key = registry.GAMES[index][0]
        del h
        gc.collect()
        h = Headless(scratch("app_idle_" + key), seed=3)
        start_game(h, index)
        idle(key)
        unload(key)

def test_failed_save_brings_the_game_back():
    # The data folder becomes unwritable (here: a file where the folder was) while a game
    # runs. "Save and quit" then fails: the game comes back, replayed from its log, with a
    # message; nothing is lost.
    import os

    index = [g[0] for g in registry.GAMES].index("red_queen")
    d = scratch("app_savefail")
    h = Headless(d, seed=9)
    host = start_game(h, index)
    h.keys("AR")
    log = list(host.log)
    del host
    os.rename(d, d + "_away")
    with open(d, "w") as f:
        f.write("not a folder")
    try:
        for _ in range(4):
            h.keys("B")
            if h.top() == "Pause":
                break
        pause = h.app.stack[-1]
        moves = pause.items.index("Save and quit")
        del pause
        h.keys("D" * moves + "A")
        h.keys(".")  # the game restarts at the end of the frame
        assert h.app.stack[0].__class__.__name__ == "GameHost"
        assert list(h.app.stack[0].log) == log
        assert h.top() == "Message" and "Could not save" in " ".join(h.app.stack[-1].lines)
    finally:
        os.remove(d)
        os.rename(d + "_away", d)


def test_sleeping_saves_the_game_and_waking_deletes_the_save():
    # A battery that runs flat while the screen is off must not lose the game; a save that
    # outlived the wake-up would let a player replay a position, so it goes on waking.
    d = scratch("app_sleep")
    h = Headless(d, seed=21)
    start_game(h, game_index("red_queen"))
    h.keys("AR")
    host = h.app.stack[0]
    log = list(host.log)
    del host
    h.app.suspend()
    assert h.app.store().has_run("red_queen")
    seed, options, saved = h.app.store().read_run("red_queen")
    assert list(saved) == log and seed == 21
    del saved
    h.app.resume()
    assert not h.app.store().has_run("red_queen")
    assert h.top() == "GameHost"  # the game went on in RAM all along
    h.app.resume()  # a second wake-up is harmless
    # On the title (no game) sleeping saves nothing.
    h2 = Headless(scratch("app_sleep_title"))
    h2.app.suspend()
    assert h2.app.suspended is None


def test_rules_help_over_a_running_game():
    h = Headless(scratch("app_help"), seed=4)
    start_game(h, game_index("red_queen"))
    for _ in range(4):
        h.keys("B")
        if h.top() == "Pause":
            break
    h.keys("DA")  # Rules: the help text over the running game
    assert h.top() == "Help" and len(h.app.stack[-1].starts) > 20
    before = bytes(h.buf)
    h.keys("RR")  # two pages on
    assert h.app.stack[-1].top == 2 * h.app.stack[-1].ROWS and bytes(h.buf) != before
    h.keys("BUA")  # back to the pause menu, up to Resume
    assert h.top() == "GameHost", h.top()
    assert "deckdelve.helpview" not in sys.modules
    del h
    unload("red_queen")


def test_no_frame_allocates_while_a_game_is_played():
    # MicroPython only (CPython has no heap lock). Every game played with random presses; after
    # each press the next frames (scene animations included: dice rolling, flashing stats)
    # run with the heap locked. Drawing, which happens only when something changed, is not
    # locked.
    try:
        from micropython import heap_lock, heap_unlock
    except ImportError:
        return
    from play_helpers import new_game

    for index in range(len(registry.GAMES)):
        key = registry.GAMES[index][0]
        played = 0
        seed = 1
        while played < 150:
            h = new_game("app_ticks_" + key, key, seed)[0]  # holding no game object
            rng = Rng(seed)
            while h.top() == "GameHost" and played < 150:
                h.keys("UDLRAAAA"[rng.below(8)])
                played += 1
                if h.app.dirty:
                    h.app.draw()
                heap_lock()
                try:
                    for _ in range(3):
                        h.app.frame(0)
                        h.app.dirty = False  # the redraw it asks for is not under test
                except MemoryError:
                    heap_unlock()
                    raise AssertionError("a frame allocates in %s (seed %d)" % (key, seed))
                heap_unlock()
            h = None
            unload(key)
            seed += 1
