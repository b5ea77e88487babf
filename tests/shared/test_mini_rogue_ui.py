# Mini Rogue played through the UI: at every decision the cursor moves one choice a press, in
# both directions and round the list, and never rests on nothing (every place is a legal
# action, or in the merchant a row whose refusal A explains); under CPython and MicroPython.
# heap: 160K
# (the whole app, this game's rules, its scene and its art sit in RAM together, as in
# test_red_queen_ui.py)
from play_helpers import new_game

from deckdelve.rng import Rng


def settle(h, host):
    """Close results with A and let the dice stop rolling, until a choice waits."""
    for _ in range(200):
        scene = host.scene
        if host.pending or scene.report is not None or scene.rolling:
            h.keys("A" if host.pending or scene.report is not None else ".")
        else:
            return


def keys_for(scene, game, action):
    """The presses that make the scene do `action` from where its cursor is now: in the
    merchant's, LEFT/RIGHT to the list it is on (buy or sell), UP or DOWN to its row, A;
    elsewhere the d-pad (UP/DOWN on the map and when resting, else LEFT/RIGHT) to it, A."""
    from deckdelve.games import mini_rogue as mr

    kind = action >> 8
    if game.phase == mr.SHOP:
        keys = ""
        cursor = scene.cursor
        if kind != mr.LEAVE and (kind == mr.SELL) != scene.selling:
            keys = "R"
            cursor = len(mr.BUY_PRICE if scene.selling else mr.SELL_PRICE)  # on Leave
        selling = scene.selling if kind == mr.LEAVE else kind == mr.SELL
        n = (len(mr.SELL_PRICE) if selling else len(mr.BUY_PRICE)) + 1
        row = n - 1 if kind == mr.LEAVE else action & 0xFF
        return keys + ("D" * (row - cursor) if row >= cursor else "U" * (cursor - row)) + "A"
    acts = game.actions()
    vertical = game.phase == mr.MAP or game.phase == mr.REST_CHOICE
    to = acts.index(action)
    if to >= scene.cursor:
        return ("D" if vertical else "R") * (to - scene.cursor) + "A"
    return ("U" if vertical else "L") * (scene.cursor - to) + "A"


def test_every_press_moves_the_cursor_one_choice():
    from deckdelve.games import mini_rogue as mr

    h, host = new_game("mr_ui_cursor", "mini_rogue", 5)
    game = host.game
    rng = Rng(5)
    checked = 0
    while not game.over and checked < 60:
        settle(h, host)
        if game.over:
            break
        scene = host.scene
        if game.phase == mr.SHOP:
            n = (len(mr.SELL_PRICE) if scene.selling else len(mr.BUY_PRICE)) + 1
            back, forward = "U", "D"
        else:
            n = len(game.actions())
            vertical = game.phase == mr.MAP or game.phase == mr.REST_CHOICE
            back, forward = ("U", "D") if vertical else ("L", "R")
        # One choice a press, the list's ends staying its ends (it does not go round: a
        # press back undoes a press, issue 33's fifth manner)
        for key in forward * n + back * n:
            before = scene.cursor
            h.keys(key)
            step = 1 if key == forward else -1
            assert scene.cursor == min(max(before + step, 0), n - 1), (game.phase, key, before)
        assert scene.cursor == 0
        checked += 1
        if game.phase == mr.SHOP:
            h.keys(forward * (n - 1) + "A")  # the last row: leave
        else:
            h.keys(forward * rng.below(n) + "A")
    assert checked >= 10

