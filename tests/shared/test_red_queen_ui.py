# Red Queen's Dungeon played through the UI: button presses -> scene -> game, on the headless
# app, under CPython and under real MicroPython (firmware compiled to .mpy, heap capped as
# below). The game's own modules are used only once the app has loaded them, as on the
# device, and the test holds no menu or game object across a screen change, so that what
# leaves RAM on the device leaves it here too.
# heap: 138K
# (lead: this module plays several games with rich checks in one interpreter; the smallest
# heap that passes is found by `python -m tools.measure.heap_margins`. test_ui_ram_budget.py plays
# a whole
# game through the buttons within the app's RAM budget.)
from play_helpers import dismiss, new_game, play_through


def keys_for(scene, action):
    """The presses that make the scene do `action` from where its cursor is now: RIGHT to the
    action's spot (one spot a press, left to right as drawn), DOWN to it, then A."""
    keys = ""
    spot = scene.spot
    choice = scene.choice
    order = scene.spots()
    while action not in scene.by_spot[spot]:
        spot = order[(order.index(spot) + 1) % len(order)]
        keys += "R"
        choice = 0
    group = scene.by_spot[spot]
    return keys + "D" * ((group.index(action) - choice) % len(group)) + "A"






def offered(scene):
    out = []
    for group in scene.by_spot:
        out.extend(group)
    for spot in scene.spots():
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
    order = scene.spots()
    n = len(order)
    first = scene.spot
    seen = []
    for _ in range(n):
        seen.append(scene.spot)
        h.keys("R")
        assert scene.spot == order[(order.index(seen[-1]) + 1) % n]  # one spot a press
    assert scene.spot == first and sorted(seen) == sorted(order)  # each once, then round
    h.keys("L")
    assert scene.spot == seen[-1]
    # On to a spot without an action (a fight soon has one): A says why and changes nothing.
    game = host.game
    rng = game.rng.__class__(5)
    for _ in range(200):
        idle = [s for s in scene.spots() if not scene.by_spot[s]]
        if idle:
            break
        acts = game.actions()
        h.keys(keys_for(scene, acts[rng.below(len(acts))]))
        dismiss(h, host)
    n = len(host.log)
    order = scene.spots()
    h.keys("R" * ((order.index(idle[0]) - order.index(scene.spot)) % len(order)) + "A")
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


# ---- issue 33's cases: A is safe to press again, RUN where it is drawn, events in order ----
# (The keys in the issue were pressed with the cursor's old defaults: the tests start from
# the actions they made.)
RUN_CASE = (8192, 8720, 20511)  # --seed 3 --keys "LLLALDAAAAA"

def _continued(name, seed, log):
    """A headless app with Red Queen's run (seed, log) continued: the scene as it is right
    after the log's last action."""
    from helpers import Headless, scratch

    h = Headless(scratch(name), seed=seed)
    h.app.start_game("red_queen", (), seed, log)
    h.frame(0)
    host = h.app.stack[-1]
    assert h.top() == "GameHost" and list(host.log) == list(log)
    return h, host


def test_a_gap_in_the_hand_in_a_fight_leaves_the_cursor_where_a_takes_no_stash_card():
    # --seed 4 --keys "$(cat rq-gapfight-seed4.keys)": the cursor was on "TAKE 8♦ INTO HAND"
    # (the L stash's top, its points lost). Now on the empty slot: A says what to do.
    from deckdelve.games import red_queen as rq

    log = (8704, 12544, 20527, 4608, 12288, 12544, 12288, 20496, 4096, 4352, 8192, 8448, 20500,
           4352, 12544, 8448, 12288, 12544, 12288, 12544, 20495, 20527)
    h, host = _continued("rq_gap", 4, log)
    g = host.game
    assert g.phase == rq.FIGHT and rq.NONE in bytes(g.hand)
    assert all(a >> 12 == rq.REFILL for a in g.actions())  # only stash cards in reach
    assert host.scene.current() is None and g.hand[host.scene.spot] == rq.NONE
    value = g.stash_value()
    h.keys("AAAA")
    assert len(host.log) == len(log) and g.stash_value() == value  # nothing taken
    h.keys("R" * 4)  # a move: the R stash's top, then A takes it
    assert host.scene.current() is not None and rq.spends(g, host.scene.current())


def test_pressing_a_again_and_again_never_spends():
    # --seed 1 --keys "AAAAAAAAAAAAA": the 13th A took the L stash's top (27 -> 18 points).
    from helpers import Headless, scratch

    from deckdelve.games import red_queen as rq

    for seed in (1, 2, 3, 4):
        h = Headless(scratch("rq_mash"), seed=seed)
        h.app.start_game("red_queen", (), seed)
        h.frame(0)
        host = h.app.stack[-1]
        for _ in range(60):
            n = len(host.log)
            spent = [rq.spends(host.game, a) for a in host.game.actions()]
            before = list(host.game.actions())
            h.keys("A")
            if h.top() != "GameHost" or host.game.over:
                break
            if len(host.log) > n:
                assert not spent[before.index(host.log[-1])], (seed, list(host.log))
        host = None


def test_run_is_the_default_when_no_card_wins_and_sits_between_hand_and_stashes():
    # --seed 3 --keys "LLLALDAAAAA": RUN offered, the cursor was on the L stash's refill;
    # "...L": LEFT reached RUN only after the R stash, though it is drawn between.
    from deckdelve.games import red_queen as rq
    h, host = _continued("rq_run", 3, RUN_CASE)
    scene = host.scene
    assert scene.current() == rq.act(rq.RUN)
    h.keys("R")
    assert scene.spot == 3  # the L stash, right of RUN
    h.keys("LL")
    assert scene.spot == 2  # the last hand slot, left of RUN
    h.keys("R")
    assert scene.current() == rq.act(rq.RUN)


def test_the_decks_refill_after_a_run_is_told_before_the_next_foe():
    # --seed 3 --keys "LLLALDAAAAALRRRAAAA": "J♠ ATTACKS" came before "YOUR HAND IS
    # REFILLED", though the refill was drawn first.
    h, host = _continued("rq_refill", 3, RUN_CASE + (24576, 16384))
    host.act(16640)  # the R stash's last card: the stashes are empty, the deck refills
    said = list(host.pending)
    assert said[0].startswith("Your hand is refilled from the deck: "), said
    assert "attacks" in said[1], said
