# Red Queen's Dungeon played through the UI: button presses -> scene -> game, on the headless
# app, under CPython and under real MicroPython (firmware compiled to .mpy, heap capped as
# below). The game's own modules are used only once the app has loaded them, as on the
# device, and the test holds no menu or game object across a screen change, so that what
# leaves RAM on the device leaves it here too.
# heap: 128K
# (lead: this module plays several games with rich checks in one interpreter; the smallest
# heap that passes is found by `python -m tools.heap_margins`. test_ui_ram_budget.py plays a whole
# game through the buttons within the app's RAM budget.)
from play_helpers import dismiss, new_game, play_through


def keys_for(scene, action):
    """The presses that make the scene do `action` from where its cursor is now: RIGHT to the
    action's spot (RIGHT skips spots without actions), DOWN to it, then A."""
    keys = ""
    spot = scene.spot
    choice = scene.choice
    n = len(scene.by_spot)
    while action not in scene.by_spot[spot]:
        spot = (spot + 1) % n
        if scene.by_spot[spot]:
            keys += "R"
            choice = 0
    group = scene.by_spot[spot]
    return keys + "D" * ((group.index(action) - choice) % len(group)) + "A"






def offered(scene):
    out = []
    for group in scene.by_spot:
        out.extend(group)
    return out


def play_a_whole_game(seed):
    """Random legal choices, each made with the presses a player would use."""
    h, host = new_game("rq_ui", "red_queen", seed)
    rng = host.game.rng.__class__(seed)
    play_through(h, host, offered, keys_for, lambda game, acts: acts[rng.below(len(acts))])


def test_a_whole_game_through_the_buttons():
    play_a_whole_game(3)


def test_another_whole_game_through_the_buttons():
    play_a_whole_game(11)


def test_cursor_visits_only_spots_with_actions_and_b_pauses():
    h, host = new_game("rq_ui_cursor", "red_queen", 5)
    dismiss(h, host)
    scene = host.scene
    with_actions = [s for s in range(len(scene.by_spot)) if scene.by_spot[s]]
    first = scene.spot
    seen = []
    for _ in with_actions:
        seen.append(scene.spot)
        h.keys("R")
    assert scene.spot == first and sorted(seen) == with_actions  # each once, then round
    h.keys("L")
    assert scene.spot == seen[-1]
    n = len(scene.by_spot[scene.spot])
    h.keys("D" * n)
    assert scene.choice == 0
    h.keys("U")
    assert scene.choice == n - 1
    h.keys("B")
    assert h.top() == "Pause"
    h.keys("A")  # resume
    assert h.top() == "GameHost"
