"""The play-out tool on Rogue Solitaire: the figures issue 3 asks for, as checks. 1000 random
games in quick play and in the campaign on CPython, 30 of each under real MicroPython with a
64 KiB heap, 0 errors (check() after every action: 54 cards each in one place...); the greedy
bot escapes floors, clears floors of the campaign, and reaches the race."""

import json
import subprocess
import sys

from tools.ship import mpy


def playout(*args):
    r = subprocess.run([sys.executable, "-m", "tools.play.playout", "--game", "rogue_solitaire",
                        *args], capture_output=True, text=True, cwd=mpy.ROOT, timeout=600)
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_1000_random_games_without_error_quick_and_campaign():
    for options in ("", "campaign"):
        rep = playout("--games", "1000", "--seed", "1", "--options", options)
        assert rep["errors"] == 0, rep["error_examples"]
        assert rep["games"] == 1000 and rep["mean_actions"] > 5


def test_greedy_escapes_and_reaches_the_race():
    quick = playout("--games", "300", "--seed", "1", "--bot", "greedy")
    assert quick["errors"] == 0, quick["error_examples"]
    assert 60 < quick["wins"] < 300
    camp = playout("--games", "300", "--seed", "1", "--bot", "greedy", "--options", "campaign")
    assert camp["errors"] == 0, camp["error_examples"]
    # progress() = floors escaped: some runs reach the race (10) and some escape it (11).
    assert camp["wins"] > 0 and camp["progress"].get("10", 0) > 0
    assert camp["wins"] == camp["progress"]["11"]


def test_micropython_30_games_under_a_64k_heap():
    for options in ("", "campaign"):
        for bot in ("random", "greedy"):
            rep = playout("--games", "30", "--seed", "1", "--micropython", "--bot", bot,
                          "--options", options)
            assert rep["errors"] == 0, rep
            assert rep["interpreter"] == "micropython" and rep["heap_cap"] == "64K"
            assert rep["live_heap_peak"] < 64 * 1024
