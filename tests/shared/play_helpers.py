# Taking a headless app to a new game through the menus, for the games' UI tests. Apart from
# helpers.py so that a test that needs only Headless (test_ui_heap64.py, under a 64 KiB
# heap) does not carry these functions in RAM too.
from helpers import Headless, game_index, scratch


def new_game(name, key, seed, option=0):
    """A headless app (data in scratch folder `name`) taken from the title through the menus
    to a new game of `key`, with the game menu's option-th "new game" item. Returns
    (headless, host). Nothing of the menus is held, so they leave RAM as on the device."""
    h = Headless(scratch(name), seed=seed)
    h.keys("A" + "D" * game_index(key) + "A")
    moves = [a[0] for a in h.app.stack[-1].actions].index("new") + option
    h.keys("D" * moves + "A")
    host = h.app.stack[-1]
    assert type(host).__name__ == "GameHost" and host.key == key, type(host).__name__
    return h, host


def dismiss(h, host):
    """Close the game's event messages with A (each press closes one)."""
    h.keys("A" * len(host.pending))
    assert not host.pending
