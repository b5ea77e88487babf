# Rogue Solitaire played through the UI: button presses -> scene -> game, on the headless app,
# under CPython and under real MicroPython (firmware compiled to .mpy). At every step the
# cursor must offer exactly the legal actions, and each action is made with the presses a
# player would use (the d-pad to the place, A; a play is two places).
# heap: 128K
# (the whole app, this game's rules and its scene sit in RAM together, as in
# test_red_queen_ui.py; the rules' play-outs alone keep the 64 KiB cap.)
import sys

from play_helpers import dismiss, new_game

from deckdelve.rng import Rng

_DIRS = ("U", 1, "D", 2, "L", 4, "R", 8)


def path(scene, goal):
    """The d-pad letters from the cursor to goal, breadth first over scene.neighbour."""
    seen = {scene.place: ""}
    todo = [scene.place]
    i = 0
    while i < len(todo):
        p = todo[i]
        i += 1
        if p == goal:
            return seen[p]
        for k in range(0, 8, 2):
            q = scene.neighbour(p, _DIRS[k + 1])
            if q not in seen:
                seen[q] = seen[p] + _DIRS[k]
                todo.append(q)
    raise AssertionError("place %d cannot be reached" % goal)


def offered(scene, game):
    """The actions the cursor offers now, sorted."""
    from deckdelve.games import rogue_solitaire as rs

    if game.phase == rs.PH_PLAY:
        acts = [a for _f, _s, a in scene.pairs]
        unique = []
        for a in acts:
            if a not in unique:
                unique.append(a)
        return sorted(unique)
    return sorted(scene.action_at(t) for t in scene.targets)


def do(h, host, a):
    """Make action a with the buttons."""
    from deckdelve.games import rogue_solitaire as rs

    scene = host.scene
    n = len(host.log)
    if host.game.phase == rs.PH_PLAY:
        i = 0
        while scene.pairs[i][2] != a:
            i += 1
        first, second, _a = scene.pairs[i]
        h.keys(path(scene, first) + "A")
        if n == len(host.log):
            h.keys(path(scene, second) + "A")
    else:
        for t in scene.targets:
            if scene.action_at(t) == a:
                break
        h.keys(path(scene, t) + "A")
    assert len(host.log) == n + 1 and host.log[-1] == a






def test_a_whole_quick_game_through_the_buttons():
    h, host = new_game("rs_ui", "rogue_solitaire", 4, 0)
    game = host.game
    rng = Rng(4)
    while not game.over:
        acts = game.actions()
        assert offered(host.scene, game) == sorted(acts)
        do(h, host, acts[rng.below(len(acts))])
        game.check()
        if not game.over:
            dismiss(h, host)
    del game
    dismiss(h, host)
    assert h.top() == "GameOver", h.top()


def test_campaign_saves_between_floors_and_continues_once():
    # The bot imports the rules module: it is loaded here only while the game runs and let go
    # before the save, so that the rules leave RAM with the game as on the device.
    try:
        import bots_rogue_solitaire as bots  # MicroPython: tools/mp is on the path
    except ImportError:
        from tools.mp import bots_rogue_solitaire as bots
    h, host = new_game("rs_ui_save", "rogue_solitaire", 18, 1)
    game = host.game
    rng = Rng(18 ^ 0x2A5A5)  # the greedy bot's seed-18 campaign clears floor 1
    while not game.can_save():
        assert not game.over
        dismiss(h, host)
        do(h, host, bots.greedy(game, rng))
    dismiss(h, host)
    del bots
    for name in ("bots_rogue_solitaire", "tools.mp.bots_rogue_solitaire"):
        sys.modules.pop(name, None)
    log = list(host.log)
    h.keys("B")  # pause: the menu offers "Save and quit" only here
    menu = h.app.stack[-1]
    assert "Save and quit" in menu.items
    del game, host, menu
    h.keys("D" * 2 + "A")  # Resume, Rules, Save and quit
    assert h.app.store().has_run("rogue_solitaire")
    h.keys("A")  # the notice
    h.keys("A")  # the game's menu: "Continue saved run" is first
    host = h.app.stack[-1]
    assert host.key == "rogue_solitaire" and list(host.log) == log
    assert host.game.can_save() and host.scene.hint() == "A: go down"
    assert not h.app.store().has_run("rogue_solitaire")  # loading destroyed the save
    assert not host.pending
    h.keys("A")  # down to floor 2
    assert host.game.floor() == 2 and not host.game.can_save()
    h.keys("B")
    assert "Save and quit" not in h.app.stack[-1].items
