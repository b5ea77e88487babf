"""The play-out tool on Red Queen's Dungeon: the figures the issue asks for, as checks.
1000 random games on CPython and 50 under real MicroPython with a 64 KiB heap, 0 errors;
the greedy bot wins more often and scores more than the random one."""

import json
import subprocess
import sys

from tools.ship import mpy


def playout(*args):
    r = subprocess.run([sys.executable, "-m", "tools.play.playout", "--game", "red_queen", *args],
                       capture_output=True, text=True, cwd=mpy.ROOT, timeout=600)
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_1000_random_games_without_error():
    rep = playout("--games", "1000", "--seed", "1")
    assert rep["errors"] == 0, rep["error_examples"]
    assert rep["games"] == 1000 and 0 < rep["wins"] < 1000


def test_greedy_beats_random():
    rand = playout("--games", "300", "--seed", "1")
    greedy = playout("--games", "300", "--seed", "1", "--bot", "greedy")
    assert rand["errors"] == 0 and greedy["errors"] == 0, greedy["error_examples"]
    assert greedy["wins"] > rand["wins"] + 30
    assert greedy["mean_score"] > rand["mean_score"]


def test_micropython_50_games_under_a_64k_heap():
    for bot in ("random", "greedy"):
        rep = playout("--games", "50", "--seed", "1", "--micropython", "--bot", bot)
        assert rep["errors"] == 0, rep
        assert rep["interpreter"] == "micropython" and rep["heap_cap"] == "64K"
        assert rep["live_heap_peak"] < 64 * 1024
