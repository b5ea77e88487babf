# The app driven by button presses, under CPython and under real MicroPython (firmware
# compiled to .mpy): menus, settings, notices, every game started, mashed and quit, save and
# continue.
# heap: 128K
# (every game's UI, its .mpy code in RAM beside the whole app; the Pico has about 190 KiB.
# Red Queen's Dungeon's own UI test keeps the 64 KiB cap.)
import gc
import sys

from deckdelve import registry
from deckdelve.rng import Rng
from helpers import Headless, exists, scratch


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
    moves = [a[0] for a in h.app.stack[-1].actions].index("new")
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
            if h.top() in ("Menu", "GameMenu", "Title"):
                break
            if h.top() == "GameHost":
                h.keys("B")  # backs out of the scene's choices, then pauses
                if h.top() == "Pause":
                    h.keys("U" + "A" + "R" + "A")  # Quit, confirm yes
            else:
                h.keys("A")
        assert h.top() in ("Menu", "GameMenu", "Title", "Scores"), h.top()
        if h.top() != "GameHost":
            assert ("deckdelve.games." + key) not in sys.modules, key
        del h
        gc.collect()


def test_save_and_quit_then_continue_once():
    for index in range(len(registry.GAMES)):
        key = registry.GAMES[index][0]
        d = scratch("app_save_" + key)
        h = Headless(d, seed=40 + index)
        host = start_game(h, index)
        if not host.game.can_save():
            continue  # this game saves only at set points (its own tests cover them)
        h.keys("AR")
        if h.top() != "GameHost" or host.game.over or not host.game.can_save():
            continue
        log = list(host.log)
        for _ in range(4):  # B backs out of whatever the scene has open, then pauses
            h.keys("B")
            if h.top() == "Pause":
                break
        assert list(host.log) == log, "B did a game action"
        pause = h.app.stack[-1]
        h.keys("D" * pause.items.index("Save and quit") + "A")
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
        del h
        gc.collect()


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
