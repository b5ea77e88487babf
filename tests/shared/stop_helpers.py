# A stop and the power-on after it, for the stops tests of the games that keep one run
# (test_mini_rogue_stops.py, test_rogue_solitaire_stops.py; The Four's slots have their own).
from helpers import Headless, open_game_menu


def continue_saved_run(folder, key):
    """A new power-on with the data folder, then game `key`'s menu and Continue saved run.
    (RAM as after a power cut: the last app's game and screens leave it first.)"""
    import gc

    from deckdelve.app import forget, unload

    unload(key)
    forget("host", "dialogs", "helpview", "menus", "results", "store", "runs", "registry")
    gc.collect()
    h = Headless(folder, seed=77)
    open_game_menu(h, key)
    assert h.app.stack[-1].items[0] == "Continue saved run"
    h.keys("A")
    assert h.top() == "GameHost", h.top()
    return h
