"""Every bad command line of `python -m host_sim`, `python -m tools.playout` and the other tools
a user runs (bench, balance, mutate, bench_pico, screenshots, soak, journal, heap_margins,
deploy, web, the art converters) ends with one line on stderr saying what is wrong and a
non-zero exit status: never a traceback, never a silent success, never a long run that fails
only at its end (issue 12)."""

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


# (module, arguments): each must end in one line on stderr and a non-zero exit status.
BAD = [
    ("host_sim", ["--screenshot", "/no/such/dir/x.png", "--keys", "A"]),
    ("host_sim", ["--screenshot", "x.xyz", "--keys", "A"]),
    ("host_sim", ["--screenshot", "{tmp}", "--keys", "A"]),
    ("host_sim", ["--gif", "{tmp}", "--keys", "A"]),
    ("host_sim", ["--gif", "x.png", "--keys", "A"]),
    ("host_sim", ["--gif", "/no/such/dir/x.gif", "--keys", "A"]),
    ("host_sim", ["--game", "red_queen", "--options", "bogus", "--keys", "A"]),
    ("host_sim", ["--game", "solatro", "--options", "hell", "--keys", "A"]),
    ("host_sim", ["--game", "mini_rogue", "--options", "bogus", "--keys", "A"]),
    ("host_sim", ["--game", "rogue_solitaire", "--options", "campaign,hell", "--keys", "A"]),
    ("host_sim", ["--options", "hell", "--keys", "A"]),
    ("host_sim", ["--data", "{file}", "--keys", "A"]),
    ("host_sim", ["--data", "{file}/below", "--keys", "A"]),
    ("host_sim", ["--data", "/proc/deckdelve", "--keys", "A"]),  # not even root can write
    ("host_sim", ["--game", "nope"]),
    ("host_sim", ["--game"]),
    ("host_sim", ["--seed", "-1", "--keys", "A"]),
    ("host_sim", ["--seed", "100000000000000000000", "--keys", "A"]),
    ("host_sim", ["--seed", "abc", "--keys", "A"]),
    ("host_sim", ["--keys", "AZ"]),
    ("host_sim", ["--scale", "0", "--keys", "A"]),
    ("host_sim", ["--scale", "17", "--keys", "A"]),
    ("host_sim", ["--scale", "x", "--keys", "A"]),
    ("host_sim", ["--bogus"]),
    ("tools.playout", ["--game", "red_queen", "--bot", "nope"]),
    ("tools.playout", ["--game", "red_queen", "--bot", "_best"]),  # a helper, not a bot
    ("tools.playout", ["--game", "nope"]),
    ("tools.playout", []),
    ("tools.playout", ["--game", "red_queen", "--seed", "-1"]),
    ("tools.playout", ["--game", "red_queen", "--seed", "100000000000000000000"]),
    ("tools.playout", ["--game", "red_queen", "--seed", "x"]),
    ("tools.playout", ["--game", "red_queen", "--options", "bogus"]),
    ("tools.playout", ["--game", "mini_rogue", "--options", "bogus"]),
    ("tools.playout", ["--game", "red_queen", "--games", "0"]),
    ("tools.playout", ["--game", "red_queen", "--games", "-5"]),
    ("tools.playout", ["--game", "red_queen", "--games", "100000000000"]),
    ("tools.playout", ["--game", "red_queen", "--games", "x"]),
    ("tools.playout", ["--game", "red_queen", "--heap", "abc", "--micropython"]),
    ("tools.playout", ["--game", "red_queen", "--heap", "0K", "--micropython"]),
    ("tools.playout", ["--game", "red_queen", "--bogus"]),
    ("tools.bench", ["--out", "{file}"]),
    ("tools.bench", ["--out", "{file}/below"]),
    ("tools.bench", ["--out", "/proc/deckdelve"]),
    ("tools.bench", ["--from", "/no/such.json"]),
    ("tools.bench", ["--from", "{file}"]),
    ("tools.bench", ["--only", "nope"]),
    ("tools.bench", ["--bogus"]),
    ("tools.balance", ["--games", "0"]),
    ("tools.balance", ["--games", "-5"]),
    ("tools.balance", ["--games", "100000000000"]),
    ("tools.balance", ["--games", "x"]),
    ("tools.balance", ["--budget", "-1"]),
    ("tools.balance", ["--budget", "nan"]),
    ("tools.balance", ["--budget", "x"]),
    ("tools.balance", ["--workers", "0"]),
    ("tools.balance", ["--workers", "x"]),
    ("tools.balance", ["--out", "{file}"]),
    ("tools.balance", ["--out", "{file}/below", "--quick"]),
    ("tools.balance", ["--from", "/no/such.json"]),
    ("tools.balance", ["--from", "{file}"]),
    ("tools.balance", ["--bogus"]),
    ("tools.mutate", []),
    ("tools.mutate", ["--game", "nope"]),
    ("tools.mutate", ["--game", "red_queen", "--jobs", "0"]),
    ("tools.mutate", ["--game", "red_queen", "--jobs", "x"]),
    ("tools.mutate", ["--game", "red_queen", "--rerun", "/no/such"]),
    ("tools.mutate", ["--game", "red_queen", "--rerun", "{file}"]),  # not a mutate output
    ("tools.bench_pico", ["--games", "nope"]),
    ("tools.bench_pico", ["--firmware", "/no/such.uf2", "--route", "mpy", "--bus", "i2c"]),
    ("tools.bench_pico", ["--firmware", "/no/such.uf2"]),  # one image, but both buses
    ("tools.bench_pico", ["--bus", "usb"]),
    ("tools.bench_pico", ["--bootrom", "/no/such.js"]),
    ("tools.bench_pico", ["--out", "{file}/x.md"]),
    ("tools.bench_pico", ["--out", "{tmp}"]),
    ("tools.bench_pico", ["--json", "{file}/x.json"]),
    ("tools.bench_pico", ["--bogus"]),
    ("tools.bench_pico", ["--saves", "-1"]),
    ("tools.pico_flash", []),
    ("tools.pico_flash", ["cuts", "--boot", "x"]),
    ("tools.pico_flash", ["cuts", "--kinds", "nope"]),
    ("tools.pico_flash", ["cuts", "--out", "{file}/x.md"]),
    ("tools.pico_flash", ["waits", "--actions", "0"]),
    ("tools.screenshots", ["bogus"]),
    ("tools.soak", ["--presses", "-1"]),
    ("tools.soak", ["--mp-presses", "100000000"]),
    ("tools.soak", ["--games", "x"]),
    ("tools.soak", ["--seed", "-1"]),
    ("tools.soak", ["--bogus"]),
    ("tools.journal", []),
    ("tools.journal", ["/no/such"]),
    ("tools.journal", ["{file}"]),
    ("tools.journal", ["{tmp}"]),  # no journal there
    ("tools.journal", ["{tmp}", "--slot", "0"]),
    ("tools.journal", ["{tmp}", "--slot", "x"]),
    ("tools.make_font", ["--bogus"]),  # before the fix: ignored, and the font file rewritten
    ("tools.make_art_mini_rogue", ["--chek"]),
    ("tools.heap_margins", ["nope"]),
    ("tools.heap_margins", ["--min-margin", "-1"]),
    ("tools.heap_margins", ["--min-margin", "x"]),
    ("tools.deploy", ["bogus"]),
    ("tools.deploy", ["flash-dry"]),  # which board?
    ("tools.deploy", ["flash-dry", "--board", "nope"]),
    ("tools.web", ["bogus"]),
    ("tools.web", ["serve", "--port", "0"]),
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
    assert len(lines) == 1 and lines[0].strip(), r.stderr
    assert "Traceback" not in r.stderr, r.stderr


@pytest.mark.parametrize("module, args", BAD)
def test_bad_command_line(module, args, tmp_path):
    _one_line_error(run(module, _fill(args, tmp_path), tmp_path))


def test_good_command_lines_still_work(tmp_path):
    shot = str(tmp_path / "x.png")
    r = run("host_sim", ["--game", "mini_rogue", "--options", "hell", "--keys", "A",
                         "--screenshot", shot], tmp_path)
    assert r.returncode == 0 and os.path.exists(shot), r.stderr
    r = run("tools.playout", ["--game", "rogue_solitaire", "--options", "campaign",
                              "--games", "2"], tmp_path)
    assert r.returncode == 0, r.stderr
