"""Mini Rogue through the play-out tool, every difficulty, the random and the careful bot, under
CPython and (fewer games) under MicroPython with a 64 KiB heap; and the art data is what the
PNG gives."""

import json
import subprocess
import sys

import pytest

from tools.assets import make_art_mini_rogue
from tools.play import playout

DIFFICULTIES = ("easy", "normal", "hard", "hell")


def run(*args):
    out = subprocess.run([sys.executable, "-m", "tools.play.playout", "--game", "mini_rogue",
                          *args], capture_output=True, text=True, cwd=playout.ROOT)
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["errors"] == 0, report
    return report


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_playouts_cpython(difficulty):
    rnd = run("--games", "400", "--seed", "1", "--options", difficulty)
    careful = run("--games", "400", "--seed", "1", "--options", difficulty, "--bot", "greedy")
    for report in (rnd, careful):
        assert sum(report["progress"].values()) == 400
        assert all(1 <= int(area) <= 14 for area in report["progress"])
    # The careful bot wins some games on every difficulty and far more than the random one.
    assert careful["wins"] > 20 and careful["wins"] > 5 * max(rnd["wins"], 1)


@pytest.mark.slow
def test_playouts_micropython():
    for difficulty in ("easy", "hell"):
        for bot in ("random", "greedy"):
            report = run("--games", "50", "--seed", "1", "--options", difficulty, "--bot", bot,
                         "--micropython")
            assert report["interpreter"] == "micropython" and report["heap_cap"] == "64K"
            assert report["games"] == 50


def test_art_data_matches_the_png():
    assert make_art_mini_rogue.main(["--check"]) == 0
