# Rogue Solitaire played through the UI: button presses -> scene -> game, on the headless app,
# under CPython and under real MicroPython (firmware compiled to .mpy). At every step the
# cursor must offer every legal action (a place it rests on that has none says why), and each
# action is made with the presses a player would use (the d-pad to the place, A; a play is
# two places; SKIP is confirmed with a second A).
# heap: 164K
# (the whole app, this game's rules and its scene sit in RAM together, as in
# test_red_queen_ui.py; the rules' play-outs alone keep the 64 KiB cap.)
import sys

from helpers import Headless, scratch
from play_helpers import dismiss, new_game

from deckdelve.rng import Rng

_DIRS = ("U", 1, "D", 2, "L", 4, "R", 8)


def path(scene, goal):
    """The d-pad letters from the cursor to goal, breadth first over scene.step (the cursor's
    place and the moves it remembers: each place is reached once, with the moves of the
    shortest way there, so the search stays as small as the screen's places)."""
    seen = {scene.place: ""}
    todo = [(scene.place, scene.came)]
    i = 0
    while i < len(todo):
        state = todo[i]
        i += 1
        if state[0] == goal:
            return seen[state[0]]
        for k in range(0, 8, 2):
            q = scene.step(state[0], state[1], _DIRS[k + 1])
            if q[0] not in seen:
                seen[q[0]] = seen[state[0]] + _DIRS[k]
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
    out = []
    for t in scene.targets:
        a = scene.action_at(t)
        if a is None:
            assert t == 101 or scene.why(t), t  # INFO opens the Buffet's view
        else:
            out.append(a)
    return sorted(out)


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
        if first == second:  # SKIP asks first (and a face-down card is chosen, then turned)
            h.keys("A")
        elif n == len(host.log):
            h.keys(path(scene, second) + "A")
    else:
        for t in scene.targets:
            if scene.action_at(t) == a:
                break
        h.keys(path(scene, t) + "A")
        for _ in range(3):
            if len(host.log) > n:
                break
            if host.pending:  # the key Joker's warning: closed, then A again
                h.keys("AA")
            if scene.give:
                assert not scene.give_yes and len(host.log) == n  # asked: NO under the cursor
                h.keys("RA")  # YES
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
    assert h.top() == "GameHost", h.top()  # the final board, in view
    h.keys("A")
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
    from deckdelve.games import rogue_solitaire as rs

    while game.phase != rs.PH_DESCEND:  # between floors (the text's own save point)
        assert not game.over
        dismiss(h, host)
        do(h, host, bots.greedy(game, rng))
    dismiss(h, host)
    del bots
    for name in ("bots_rogue_solitaire", "tools.mp.bots_rogue_solitaire"):
        sys.modules.pop(name, None)
    log = list(host.log)
    h.keys("B")  # pause: "Save and quit" (offered on every screen of a floor: see the stops test)
    menu = h.app.stack[-1]
    assert "Save and quit" in menu.items
    del game, host, menu
    h.keys("D" * 3 + "A")  # Resume, Rules, Sound, Save and quit
    assert h.app.store().has_run("rogue_solitaire")
    h.keys("A")  # the notice
    h.keys("A")  # the game's menu: "Continue saved run" is first
    host = h.app.stack[-1]
    assert host.key == "rogue_solitaire" and list(host.log) == log
    assert host.game.phase == rs.PH_DESCEND and host.scene.hint() == "A: go down"
    assert not h.app.store().has_run("rogue_solitaire")  # loading destroyed the save
    assert not host.pending
    h.keys("A")  # down to floor 2
    assert host.game.floor() == 2 and host.game.can_save()
    rs = None
    h.keys("B")
    assert h.app.stack[-1].items[3] == "Save and quit"  # (the rows stay where they were)


def test_the_pause_menu_turns_the_sound_off_and_keeps_it():
    h, host = new_game("rs_ui_sound", "rogue_solitaire", 2, 0)
    dismiss(h, host)
    assert h.app.settings["sound"] is True
    h.keys("B")
    pause = h.app.stack[-1]
    assert pause.items[2] == "Sound: on"
    h.keys("DDA")
    assert h.app.settings["sound"] is False and pause.items[2] == "Sound: off"
    del pause
    h.keys("B")  # resume: saved
    assert h.top() == "GameHost"
    assert h.app.store().load_settings()["sound"] is False


def test_cursor_moves_one_spot_a_press_and_names_the_play():
    # Played on until a spot of your grid is empty: the cursor still stops on it, one spot a
    # press, and the line names exactly what A does there.
    from deckdelve.games import rogue_solitaire as rs

    h, host = new_game("rs_ui_cursor", "rogue_solitaire", 11, 0)
    dismiss(h, host)
    scene = host.scene
    game = host.game
    rng = Rng(11)
    for _ in range(60):
        if game.phase == rs.PH_PLAY and rs.NONE in list(game.grid[rs.P:rs.P + 9]):
            break
        acts = game.actions()
        take = [a for a in acts if a >> 10 == rs.TAKE]
        do(h, host, take[0] if take else acts[rng.below(len(acts))])
        dismiss(h, host)
    h.keys(path(scene, rs.P + 4))
    for key, step in (("R", 1), ("L", -1), ("L", -1), ("R", 1), ("D", 3), ("U", -3),
                      ("U", -3), ("D", 3)):
        before = scene.place
        h.keys(key)
        assert scene.place == before + step, (key, before, scene.place)
    empty = [p for p in range(9) if game.grid[rs.P + p] == rs.NONE]
    assert empty and not game.over
    h.keys(path(scene, rs.P + empty[0]))
    assert scene.place == rs.P + empty[0]
    # A grid card chosen, then A on the empty spot: no play, a reason, the pick kept.
    full = [p for p in range(9) if game.grid[rs.P + p] != rs.NONE and not game.down[rs.P + p]]
    n = len(host.log)
    h.keys(path(scene, rs.P + full[0]) + "A")
    assert scene.chosen == rs.P + full[0]
    h.keys(path(scene, rs.P + empty[0]))
    assert scene.hint() == "No play there. B: cancel"
    h.keys("A")
    assert host.pending and "empty spot" in host.pending[0] and len(host.log) == n
    h.keys("A")
    assert scene.chosen == rs.P + full[0] and not host.pending
    other = [p for p in full if p != full[0]][0]
    h.keys(path(scene, rs.P + other))
    assert scene.hint() == "A: swap %s with %s" % (
        _label(game.grid[rs.P + full[0]]), _label(game.grid[rs.P + other]))
    h.keys("B")
    assert scene.chosen == -1 and scene.place == rs.P + full[0]


def _label(c):
    from deckdelve.ui import draw

    return draw.label(c)


def test_skip_asks_first_and_the_cursor_leaves_it():
    from deckdelve.games import rogue_solitaire as rs

    h, host = new_game("rs_ui_skip", "rogue_solitaire", 3, 0)
    dismiss(h, host)
    scene = host.scene
    h.keys(path(scene, 100) + "A")  # SKIP
    assert not host.log and scene.skip_asked and scene.hint() == "SKIP? A: yes, B: no"
    h.keys("UL")  # the d-pad does nothing while it asks (the question stays)
    assert scene.skip_asked and scene.place == 100 and not host.log
    h.keys("B")  # no: the turn is kept, and B did not open the pause menu
    assert not scene.skip_asked and not host.log and h.top() == "GameHost"
    h.keys("AA")
    assert list(host.log) == [rs.SKIP << 10]
    assert scene.place != 100  # after an action the cursor is never on SKIP
    dismiss(h, host)
    assert scene.place != 100


def test_up_and_down_never_jump_over_a_row():
    # Issue 33 (seed 1): UP from the second hand card went to your middle row, over the bottom
    # one (its nearest card is further across than up). At every play of a play-out, UP from
    # each hand card lands on your bottom row, and up or down within your grid one row.
    plays = 0
    seed = 0
    while plays < 25:
        seed += 1
        plays += _rows_checked(seed)


def _rows_checked(seed):
    """Play seed's quick game at random through the buttons, checking the rows at each play
    (see above); the number of plays checked."""
    from deckdelve.games import rogue_solitaire as rs

    h, host = new_game("rs_ui_rows", "rogue_solitaire", seed, 0)
    scene = host.scene
    game = host.game
    rng = Rng(seed)
    plays = 0
    while not game.over and plays < 25:
        dismiss(h, host)
        if game.over:
            break
        if game.phase == rs.PH_PLAY:
            plays += 1
            for i in range(game.hand_n + 1):  # the hand and the take slot after it
                place = 32 + i
                assert scene.neighbour(place, 1) in (rs.P + 6, rs.P + 7, rs.P + 8), (i, plays)
            for p in range(9):
                if p >= 3:
                    assert scene.neighbour(rs.P + p, 1) == rs.P + p - 3
                if p < 6:
                    assert scene.neighbour(rs.P + p, 2) == rs.P + p + 3
        acts = game.actions()
        do(h, host, acts[rng.below(len(acts))])
    return plays


def test_a_kill_of_one_card_says_card():
    # Issue 33 (campaign seed 4253): "Monster slain! 1 cards to your hand."
    log = (2065, 8193, 11266, 2054, 8194, 2069, 8192, 11267, 3075, 8195, 5460, 8195, 4548,
           8193, 4198, 8194, 5243, 8198, 2119, 8200)  # its keys' actions
    h = Headless(scratch("rs_ui_one_card"), seed=4253)
    h.app.start_game("rogue_solitaire", ("campaign",), 4253, log[:-1])
    h.keys(".")
    host = h.app.stack[-1]
    host.act(log[-1])
    assert "Monster slain! 1 card to your hand." in host.pending, host.pending
