"""Golden screens of the platform (title, menus, settings, help, pause, game over, initials,
scores) and the headless CLI's promises."""

import os
import subprocess
import sys

import pytest
from PIL import Image

from goldens import assert_golden, screen, sim

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_title():
    assert_golden("platform/title", screen(""))


def test_main_menu():
    assert_golden("platform/menu", screen("A"))


def test_settings():
    assert_golden("platform/settings", screen("AUA"))


def test_game_menu_and_rules_help():
    assert_golden("platform/game_menu", screen("AA"))
    s = sim("AA")
    gm = s.app.stack[-1]
    s.keys("D" * (gm.items.index("Rules") - gm.index) + "A")
    assert type(s.app.stack[-1]).__name__ == "Help"
    assert_golden("platform/help", s.image(1))


def test_achievements_screen():
    s = sim("")
    s.app.store().add_achievements("rogue_solitaire", 0b000101)
    s.keys("AA")  # the menu, Rogue Solitaire
    s.keys("D" * (s.app.stack[-1].items.index("Achievements") - s.app.stack[-1].index) + "A")
    screen = s.app.stack[-1]
    assert type(screen).__name__ == "Achievements" and screen.mask == 0b101
    assert_golden("platform/achievements", s.image(1))


def test_pause_menu_over_a_game():
    s = sim("B", game="red_queen", seed=3)
    assert type(s.app.stack[-1]).__name__ == "Pause"
    assert_golden("platform/pause", s.image(1))
    assert s.app.stack[-1].items[2] == "Sound: on"
    s.keys("DDDDA")  # Quit asks first; NO is the answer A gives unless moved
    assert type(s.app.stack[-1]).__name__ == "Confirm"
    assert_golden("platform/quit_confirm", s.image(1))
    s.keys("A")
    assert type(s.app.stack[-1]).__name__ == "Pause"
    s.keys("ARA")  # Quit, YES
    assert type(s.app.stack[-1]).__name__ == "GameMenu"


def test_game_over_initials_and_scores():
    from deckdelve.results import GameOver

    s = sim("")
    app = s.app
    app.push(GameOver(app, "Red Queen", "red_queen", 212, "WIN", True))
    s.keys(".")
    assert_golden("platform/game_over", s.image(1))
    s.keys("A")  # qualifies: initials
    assert_golden("platform/initials", s.image(1))
    s.keys("UURUAA")  # C, B, A -> "CBA"... letters move up from the last initials "AAA"
    top = app.stack[-1]
    assert type(top).__name__ == "Scores"
    assert app.store().scores("red_queen") == [[212, "CBA", "WIN"]]
    assert app.settings["initials"] == "CBA"
    assert_golden("platform/scores", s.image(1))


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "host_sim", *args], capture_output=True,
                          text=True, cwd=ROOT)


def test_cli_screenshot_is_128x64_and_identical_every_run(tmp_path):
    outs = []
    for i in range(2):
        out = tmp_path / ("a%d.png" % i)
        r = run_cli("--game", "red_queen", "--seed", "3", "--keys", "AAAA", "--screenshot",
                    str(out), "--scale", "1")
        assert r.returncode == 0, r.stderr
        outs.append(out.read_bytes())
        assert Image.open(out).size == (128, 64)
    assert outs[0] == outs[1]


def test_cli_scale_and_gif(tmp_path):
    png = tmp_path / "big.png"
    gif = tmp_path / "run.gif"
    # (a fresh data folder: the first A shows the how-to, B skips it)
    r = run_cli("--keys", "ABD", "--screenshot", str(png), "--scale", "3", "--gif", str(gif))
    assert r.returncode == 0, r.stderr
    assert Image.open(png).size == (384, 192)
    assert Image.open(gif).n_frames >= 3


@pytest.mark.parametrize("args, message", [
    (("--game", "nope"), "invalid choice"),
    (("--keys", "AXZ"), "'X', 'Z'"),
    (("--scale", "0", "--keys", "A"), "--scale must be"),
    (("--options", "hell"), "--options needs --game"),
    (("--bogus",), "unrecognized arguments"),
])
def test_cli_bad_flags_say_what_is_wrong(args, message):
    r = run_cli(*args)
    assert r.returncode == 2
    assert message in r.stderr


def test_score_not_saved_and_crash_screens():
    # A top-5 score the flash did not take says so under the table (issue 12).
    from deckdelve.results import Scores

    s = sim("")
    s.app.push(Scores(s.app, "Red Queen", "red_queen", -2, 212))
    s.keys(".")
    assert_golden("platform/score_not_saved", s.image(1))
    # An unexpected error inside a scene: the crash screen over the menus, the run saved.
    s = sim("", game="red_queen", seed=3)
    host = s.app.stack[-1]

    def boom(button):
        raise ValueError("a bug in a scene: card 77 has no suit")

    host.scene.press = boom
    host = None
    s.keys("A")
    assert type(s.app.stack[-1]).__name__ == "Crash"
    assert_golden("platform/crash", s.image(1))
