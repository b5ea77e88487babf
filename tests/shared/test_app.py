# The app driven by button presses, under CPython and under real MicroPython (firmware
# compiled to .mpy): menus, settings, notices, every game started, mashed and quit, save and
# continue.
# heap: 128K
# (every game's UI, its .mpy code in RAM beside the whole app; the Pico has about 190 KiB.
# Red Queen's Dungeon's own UI test keeps the 64 KiB cap.)
import gc
import sys

from deckdelve import games as registry
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
                h.keys("B")  # pause
                pause = h.app.stack[-1]
                if type(pause).__name__ == "Pause":
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
        h.keys("B")
        pause = h.app.stack[-1]
        h.keys("D" * pause.items.index("Save and quit") + "A")
        assert h.top() == "Message", h.top()  # "Run saved"
        assert h.app.store.has_run(key)
        h.keys("AAAA")  # mashing A after the save neither crashes nor loses the save
        assert h.app.store.has_run(key)
        gm = h.app.stack[-1]
        assert type(gm).__name__ == "GameMenu" and gm.items[0] == "Continue saved run"
        gm.index = 0
        h.keys("A")
        assert h.top() == "GameHost"
        assert list(h.app.stack[-1].log) == log
        assert not h.app.store.has_run(key)  # continued once: the save is gone
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
