"""The play-out tool on The Four: campaigns played by the game's default bot (it makes a
character, takes turns, deals and fights threats, uses Spark, Power, the Quiet and the
Oracle) until the story ends or 300 turns pass, with every invariant checked after every
action, on CPython and under real MicroPython with a 64 KiB heap. (The issue's figures, 500
campaigns and 30 under MicroPython, take a minute: the lead's note has them.)"""

import json
import subprocess
import sys

from tools.ship import mpy


def playout(*args):
    r = subprocess.run([sys.executable, "-m", "tools.play.playout", "--game", "the_four", *args],
                       capture_output=True, text=True, cwd=mpy.ROOT, timeout=600)
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_campaigns_by_the_player_bot_without_error():
    rep = playout("--games", "60", "--seed", "1")
    assert rep["errors"] == 0, rep["error_examples"]
    assert rep["bot"] == "player" and rep["wins"] == 0  # a campaign has no win
    assert 250 < rep["mean_turns"] <= 300 and rep["max_score"] == 300
    assert rep["mean_threats_met"] > 30 and rep["mean_scars"] > 0.5
    assert sum(rep["progress"].values()) == 60


def test_random_play_ends_stories():
    rep = playout("--games", "40", "--seed", "1", "--bot", "random")
    assert rep["errors"] == 0, rep["error_examples"]
    assert rep["progress"].get("5", 0) > 20  # the fifth defeat ended most of them


def test_micropython_campaigns_under_a_64k_heap():
    rep = playout("--games", "8", "--seed", "1", "--micropython")
    assert rep["errors"] == 0, rep
    assert rep["interpreter"] == "micropython" and rep["heap_cap"] == "64K"
    assert rep["live_heap_peak"] < 64 * 1024 and rep["mean_turns"] == 300
