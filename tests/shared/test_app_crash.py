# The crash screen (under CPython and real MicroPython): an unexpected exception inside a
# screen, while a game is played or at the menus, pressing or drawing, shows the error's
# message, is appended to the bounded error log on flash, saves the game in progress (when its
# rules allow a save now) and goes back to the menus; continuing the run brings it back.
# heap: 146K
# isolate
# (the whole app with Red Queen's code in RAM, as in test_app_store.py)
from deckdelve.errorlog import LOG_MAX
from deckdelve.store import Store
from helpers import Headless, exists, game_index, scratch


def _boom(*args):
    raise ValueError("boom in a scene")


def _log(d):
    with open(d + "/error.log") as f:
        return f.read()


def _crash_in_game(d, where):
    h = Headless(d, seed=4, crash_ok=True)
    h.keys("A" + "D" * game_index("red_queen") + "A" + "A")
    assert h.top() == "GameHost"
    h.keys("AR")
    host = h.app.stack[-1]
    log = host.log  # as it will be at the crash (a press's action is in it before drawing)
    setattr(host.scene, where, _boom)
    host = None
    h.keys("A")
    assert h.top() == "Crash", h.top()
    crash = h.app.stack[-1]
    assert "ValueError: boom in a scene" in " ".join(crash.lines)
    assert crash.kept is True
    crash = None
    assert "ValueError: boom in a scene" in _log(d)
    assert exists(d + "/run_red_queen.sav")
    h.keys("A")  # back to the game's menu, which offers the run
    assert h.top() == "GameMenu", h.top()
    assert h.app.stack[-1].items[0] == "Continue saved run"
    h.keys("A")
    assert h.top() == "GameHost" and list(h.app.stack[-1].log) == list(log)
    return h


def test_a_crash_while_pressing_in_a_game_is_shown_logged_and_the_run_kept():
    _crash_in_game(scratch("crash_press"), "press")


def test_a_crash_while_drawing_a_game_is_shown_logged_and_the_run_kept():
    _crash_in_game(scratch("crash_draw"), "draw")


def test_a_crash_at_the_menus_goes_back_to_them():
    d = scratch("crash_menu")
    h = Headless(d, crash_ok=True)
    h.keys("A")
    h.app.stack[-1].press = _boom
    h.keys("D")
    assert h.top() == "Crash" and h.app.stack[-1].kept is None
    assert "boom" in _log(d)
    h.keys("B")
    assert h.top() == "Menu", h.top()  # the list of games, working again
    h.keys("DA")
    assert h.top() == "GameMenu", h.top()


def test_the_error_log_is_bounded():
    d = scratch("crash_log")
    s = Store(d)
    for i in range(300):
        assert s.append_log("ValueError: error number %d, with some words after it" % i)
    with open(d + "/error.log") as f:
        text = f.read()
    assert LOG_MAX // 2 < len(text) <= LOG_MAX
    assert text.endswith("number 299, with some words after it\n")
    assert text.startswith("ValueError: error number ")  # whole lines only
    assert not exists(d + "/error.log.tmp")


def test_each_error_starts_a_line_of_its_own_even_after_one_cut_short():
    # A log whose last entry was cut mid-line (a power cut on a file system that keeps half
    # an append, or a log cut short by hand): the next entry is not glued onto it, neither
    # when it is appended nor when the log is rewritten with its newer half; an error's own
    # newlines do not split it.
    d = scratch("crash_log_cut")
    with open(d + "/error.log", "w") as f:
        f.write("ValueError: first\nValueError: cut sho")
    s = Store(d)
    assert s.append_log("KeyError: next\nline")
    assert _log(d) == "ValueError: first\nValueError: cut sho\nKeyError: next line\n"
    with open(d + "/error.log", "w") as f:
        f.write(("x" * 60 + "\n") * (LOG_MAX // 61) + "y" * 30)
    assert s.append_log("KeyError: after a rewrite")
    text = _log(d)
    assert len(text) <= LOG_MAX
    assert text.endswith("\n" + "y" * 30 + "\nKeyError: after a rewrite\n")
    assert text.startswith("x" * 60 + "\n")

