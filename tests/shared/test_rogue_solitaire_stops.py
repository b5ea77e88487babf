# Rogue Solitaire across a stop (issue 33, manner 2): a floor, quick play or a campaign's, is
# kept at any point, not only between floors; the run comes back on the very screen it was
# left on (the same frame, pixel for pixel: the messages still to read, the cursor, the card
# picked first, SKIP's question, the Buffet's view). Seeded presses play each run; at many of
# its steps the run is stopped as the power saving does (App.suspend, then the battery runs
# flat: a new power-on) or with the pause menu's Save and quit, continued from the game's
# menu, and the frame compared.
# heap: 152K
# (as test_rogue_solitaire_ui: the whole app, this game's rules and its scene together)
from helpers import Headless, open_game_menu, scratch
from play_helpers import new_game

from deckdelve.rng import Rng

KEY = "rogue_solitaire"


def _continue(folder):
    """A new power-on with the data folder, then the game's menu and Continue saved run."""
    h = Headless(folder, seed=77)
    open_game_menu(h, KEY)
    assert h.app.stack[-1].items[0] == "Continue saved run"
    h.keys("A")
    assert h.top() == "GameHost", h.top()
    return h


def _play_and_stop(name, option, seed, presses, stop_every):
    """Play seeded random presses; every stop_every presses stop and continue (power saving
    and Save and quit by turns) and check the frame. Returns how many stops of each kind."""
    folder = scratch(name)
    h, host = new_game(name, KEY, seed, option)
    host = None
    rng = Rng(seed)
    stops = [0, 0]
    for i in range(presses):
        h.keys("UDLRAAA"[rng.below(7)])
        top = h.top()
        if top != "GameHost" or h.app.stack[-1].game.over:
            break
        if i % stop_every != stop_every - 1:
            continue
        host = h.app.stack[-1]
        frame = bytes(h.buf)
        log = list(host.log)
        pending = list(host.pending)
        view = host.view()
        can_pause = not pending and host.scene.chosen < 0 and not host.scene.viewing \
            and not host.scene.skip_asked
        host = None
        if stops[1] <= stops[0] and can_pause:
            h.keys("B")  # the pause menu: Resume, Rules, Sound, Save and quit, Quit
            assert h.app.stack[-1].items[3] == "Save and quit"
            h.keys("DDDA")
            assert h.top() == "Message"  # "Run saved."
            h.keys("A")
            h.keys("A")  # the game's menu: Continue saved run
            stops[1] += 1
        else:
            h.app.suspend()  # the display goes to sleep: the run is saved...
            h = None  # ...and the battery runs flat
            h = _continue(folder)
            stops[0] += 1
        host = h.app.stack[-1]
        assert host.key == KEY and list(host.log) == log
        assert host.pending == pending, (i, host.pending, pending)
        assert tuple(host.view()) == tuple(view), (i, host.view(), view)
        assert bytes(h.buf) == frame, i  # the very screen
        assert not h.app.store().has_run(KEY)  # continued once: the save is gone
        host = None
    return stops


def test_a_quick_play_floor_is_kept_at_any_step():
    stops = _play_and_stop("rs_stop_quick", 0, 5, 240, 9)
    assert stops[0] >= 5 and stops[1] >= 3, stops


def test_a_campaign_floor_is_kept_at_any_step():
    stops = _play_and_stop("rs_stop_camp", 1, 8, 240, 9)
    assert stops[0] >= 5 and stops[1] >= 3, stops


def test_a_stop_with_messages_waiting_comes_back_on_each_of_them():
    # seed 42: "RADALA" attacks, is named, loses, and the critical attack teleports the exit:
    # four messages, each drawn over the board its event left (the redealt exit behind the
    # last). A stop on each brings that message back over that board.
    folder = scratch("rs_stop_msgs")
    h = Headless(folder, seed=42)
    h.app.start_game(KEY, (), 42)
    h.keys(".RADALA")
    host = h.app.stack[-1]
    n = len(host.pending)
    assert n >= 3, host.pending
    host = None
    for k in range(n):
        frame = bytes(h.buf)
        h.app.suspend()
        h = None
        h = _continue(folder)
        assert bytes(h.buf) == frame, k
        assert len(h.app.stack[-1].pending) == n - k
        h.keys("A")  # the next message
    assert not h.app.stack[-1].pending
