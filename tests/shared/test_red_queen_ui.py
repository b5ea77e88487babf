# Red Queen's Dungeon played through the UI: button presses -> scene -> game, on the headless
# app, under CPython and under real MicroPython (firmware compiled to .mpy, heap capped as
# below). The game's own modules are used only once the app has loaded them, as on the
# device, and the test holds no menu or game object across a screen change, so that what
# leaves RAM on the device leaves it here too.
# heap: 132K
# (lead: this module plays several games with rich checks in one interpreter; the smallest
# heap that passes is found by `python -m tools.measure.heap_margins`. test_ui_ram_budget.py plays
# a whole
# game through the buttons within the app's RAM budget.)
from play_helpers import dismiss, new_game, play_through


def keys_for(scene, action):
    """The presses that make the scene do `action` from where its cursor is now: RIGHT to the
    action's spot (one spot a press), DOWN to it, then A."""
    keys = ""
    spot = scene.spot
    choice = scene.choice
    n = scene.spots()
    while action not in scene.by_spot[spot]:
        spot = (spot + 1) % n
        keys += "R"
        choice = 0
    group = scene.by_spot[spot]
    return keys + "D" * ((group.index(action) - choice) % len(group)) + "A"






def offered(scene):
    out = []
    for group in scene.by_spot:
        out.extend(group)
    for spot in range(scene.spots()):
        if not scene.by_spot[spot]:
            out.append(spot)  # a spot without an action (no action is so small): why(spot)
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


def test_cursor_visits_every_spot_one_a_press_and_b_pauses():
    h, host = new_game("rq_ui_cursor", "red_queen", 5)
    dismiss(h, host)
    scene = host.scene
    n = scene.spots()
    first = scene.spot
    seen = []
    for _ in range(n):
        seen.append(scene.spot)
        h.keys("R")
        assert scene.spot == (seen[-1] + 1) % n  # one spot a press
    assert scene.spot == first and sorted(seen) == list(range(n))  # each once, then round
    h.keys("L")
    assert scene.spot == seen[-1]
    # On to a spot without an action (a fight soon has one): A says why and changes nothing.
    game = host.game
    rng = game.rng.__class__(5)
    for _ in range(200):
        idle = [s for s in range(scene.spots()) if not scene.by_spot[s]]
        if idle:
            break
        acts = game.actions()
        h.keys(keys_for(scene, acts[rng.below(len(acts))]))
        dismiss(h, host)
    n = len(host.log)
    h.keys("R" * ((idle[0] - scene.spot) % scene.spots()) + "A")
    assert len(host.log) == n and host.pending and host.pending[0] == scene.why(idle[0])
    dismiss(h, host)
    while not scene.by_spot[scene.spot]:
        h.keys("R")
    n = len(scene.by_spot[scene.spot])
    h.keys("D" * n)
    assert scene.choice == 0
    h.keys("U")
    assert scene.choice == n - 1
    h.keys("B")
    assert h.top() == "Pause"
    h.keys("A")  # resume
    assert h.top() == "GameHost"


def test_a_foe_shuffled_back_twice_in_a_row_is_told_once():
    h, host = new_game("rq_ui_back", "red_queen", 7)
    from deckdelve.games import red_queen as rq

    scene = host.scene
    back = (rq.EV_BACK, 50, 0)
    again = (rq.EV_BACK, 50, 0)
    game = host.game
    game.events = [(rq.EV_ENEMY, 10, 0), back, again, (rq.EV_WEAPON, 10, 20)]
    said = [scene.event_text(e) for e in game.events]
    assert said[1] == ("A third foe, Q\x04, comes up 2 times: each time it is shuffled back "
                       "into the deck.") and said[2] is None
    game.events = [back]
    assert scene.event_text(back) == "A third foe, Q\x04, is shuffled back into the deck."


def test_a_card_drawn_starts_where_a_takes_nothing_from_the_hand():
    # A swap (the first choice at a full hand slot) sends a hand card to a stash: mashing A
    # on a draw did that. A new card starts on an empty hand slot, else on the L stash.
    from deckdelve.games import red_queen as rq

    h, host = new_game("rq_ui_draw", "red_queen", 9)
    game = host.game
    rng = game.rng.__class__(9)
    seen = set()
    for _ in range(200):
        dismiss(h, host)
        if game.over:
            break
        scene = host.scene
        if game.phase == rq.PLACE:
            a = scene.current()
            empty = rq.NONE in bytes(game.hand)
            assert a >> 12 == (rq.HAND if empty else rq.STASH), (hex(a), list(game.hand))
            seen.add(empty)
            if len(seen) == 2:
                break
        acts = game.actions()
        h.keys(keys_for(scene, acts[rng.below(len(acts))]))
    assert seen == {True, False}, seen
