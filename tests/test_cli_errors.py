"""Every bad command line of `python -m host_sim` and `python -m tools.playout` ends with one
line on stderr saying what is wrong and a non-zero exit status: never a traceback, never a
silent success (issue 12)."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(module, args, tmp_path):
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=60,
                          env=dict(os.environ, DISPLAY="", HOME=str(tmp_path)))


def a_file(tmp_path):
    p = tmp_path / "a_file"
    p.write_text("x")
    return str(p)


SIM = [
    ["--screenshot", "/no/such/dir/x.png", "--keys", "A"],
    ["--screenshot", "x.xyz", "--keys", "A"],
    ["--screenshot", "{tmp}", "--keys", "A"],
    ["--gif", "{tmp}", "--keys", "A"],
    ["--gif", "x.png", "--keys", "A"],
    ["--gif", "/no/such/dir/x.gif", "--keys", "A"],
    ["--game", "red_queen", "--options", "bogus", "--keys", "A"],
    ["--game", "solatro", "--options", "hell", "--keys", "A"],
    ["--game", "mini_rogue", "--options", "bogus", "--keys", "A"],
    ["--game", "rogue_solitaire", "--options", "campaign,hell", "--keys", "A"],
    ["--options", "hell", "--keys", "A"],
    ["--data", "{file}", "--keys", "A"],
    ["--data", "{file}/below", "--keys", "A"],
    ["--data", "/proc/deckdelve", "--keys", "A"],  # cannot be made nor written (even by root)
    ["--game", "nope"],
    ["--game"],
    ["--seed", "-1", "--keys", "A"],
    ["--seed", "100000000000000000000", "--keys", "A"],
    ["--seed", "abc", "--keys", "A"],
    ["--keys", "AZ"],
    ["--scale", "0", "--keys", "A"],
    ["--scale", "17", "--keys", "A"],
    ["--scale", "x", "--keys", "A"],
    ["--bogus"],
]
PLAYOUT = [
    ["--game", "red_queen", "--bot", "nope"],
    ["--game", "red_queen", "--bot", "_best"],  # a helper of the bots module, not a bot
    ["--game", "nope"],
    [],
    ["--game", "red_queen", "--seed", "-1"],
    ["--game", "red_queen", "--seed", "100000000000000000000"],
    ["--game", "red_queen", "--seed", "x"],
    ["--game", "red_queen", "--options", "bogus"],
    ["--game", "mini_rogue", "--options", "bogus"],
    ["--game", "red_queen", "--games", "0"],
    ["--game", "red_queen", "--games", "-5"],
    ["--game", "red_queen", "--games", "100000000000"],
    ["--game", "red_queen", "--games", "x"],
    ["--game", "red_queen", "--heap", "abc", "--micropython"],
    ["--game", "red_queen", "--heap", "0K", "--micropython"],
    ["--game", "red_queen", "--bogus"],
]


def _fill(args, tmp_path):
    out = []
    for a in args:
        a = a.replace("{tmp}", str(tmp_path)).replace("{file}", a_file(tmp_path))
        out.append(a)
    return out


def _one_line_error(r):
    assert r.returncode != 0, r.stdout + r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert "error" in lines[0] and "Traceback" not in r.stderr, r.stderr


@pytest.mark.parametrize("args", SIM)
def test_host_sim_bad_command_line(args, tmp_path):
    _one_line_error(run("host_sim", _fill(args, tmp_path), tmp_path))


@pytest.mark.parametrize("args", PLAYOUT)
def test_playout_bad_command_line(args, tmp_path):
    _one_line_error(run("tools.playout", _fill(args, tmp_path), tmp_path))


def test_good_command_lines_still_work(tmp_path):
    shot = str(tmp_path / "x.png")
    r = run("host_sim", ["--game", "mini_rogue", "--options", "hell", "--keys", "A",
                         "--screenshot", shot], tmp_path)
    assert r.returncode == 0 and os.path.exists(shot), r.stderr
    r = run("tools.playout", ["--game", "rogue_solitaire", "--options", "campaign",
                              "--games", "2"], tmp_path)
    assert r.returncode == 0, r.stderr
