"""The play-out tool on Solatro: the issue's done-when figures, as checks. 2000 random games
on CPython and 100 under real MicroPython with a 64 KiB heap, 0 errors (the game's check()
after every action: 54 cards in place, round scores equal to the plays and tokens); the
greedy bot (best hand every play) survives more rounds than the random one, and the discard
bot more than the greedy one. The evaluator bench runs on both interpreters."""

import json
import subprocess
import sys

import pytest

from tools.ship import mpy


def run(*args):
    r = subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=mpy.ROOT,
                       timeout=900)
    assert r.returncode == 0, r.stdout + r.stderr
    return [json.loads(ln) for ln in r.stdout.strip().splitlines() if ln.startswith("{")]


def playout(*args):
    return run("-m", "tools.play.playout", "--game", "solatro", *args)[-1]


def mean_round(rep):
    hist = rep["progress"]
    return sum(int(k) * v for k, v in hist.items()) / sum(hist.values())


@pytest.mark.slow
def test_2000_random_games_without_error():
    rep = playout("--games", "2000", "--seed", "1")
    assert rep["errors"] == 0, rep["error_examples"]
    assert rep["games"] == 2000 and sum(rep["progress"].values()) == 2000
    assert rep["wins"] == 0  # no end but death


def test_better_bots_survive_longer():
    rand = playout("--games", "200", "--seed", "1")
    greedy = playout("--games", "200", "--seed", "1", "--bot", "greedy")
    discard = playout("--games", "100", "--seed", "1", "--bot", "discard")
    for rep in (rand, greedy, discard):
        assert rep["errors"] == 0, rep["error_examples"]
    assert mean_round(greedy) > mean_round(rand) + 2
    assert mean_round(discard) > mean_round(greedy) + 2


def test_micropython_100_games_under_a_64k_heap():
    for bot, games in (("random", "100"), ("greedy", "30")):
        rep = playout("--games", games, "--seed", "1", "--micropython", "--bot", bot)
        assert rep["errors"] == 0, rep
        assert rep["interpreter"] == "micropython" and rep["heap_cap"] == "64K"
        assert rep["live_heap_peak"] < 64 * 1024


def test_evaluator_bench_on_both_interpreters():
    cp, mp = run("-m", "tools.measure.bench_solatro", "--hands", "20000")
    assert cp["interpreter"] == "cpython" and mp["interpreter"] == "micropython"
    assert cp["checksum"] == mp["checksum"]  # the same hands scored the same
    assert cp["hands_per_second"] > 0 and mp["hands_per_second"] > 0
