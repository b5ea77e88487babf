"""Every bad command line of `python -m host_sim`, `python -m tools.play.playout` and the other
tools
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
    ("tools.play.playout", ["--game", "red_queen", "--bot", "nope"]),
    ("tools.play.playout", ["--game", "red_queen", "--bot", "_best"]),  # a helper, not a bot
    ("tools.play.playout", ["--game", "nope"]),
    ("tools.play.playout", []),
    ("tools.play.playout", ["--game", "red_queen", "--seed", "-1"]),
    ("tools.play.playout", ["--game", "red_queen", "--seed", "100000000000000000000"]),
    ("tools.play.playout", ["--game", "red_queen", "--seed", "x"]),
    ("tools.play.playout", ["--game", "red_queen", "--options", "bogus"]),
    ("tools.play.playout", ["--game", "mini_rogue", "--options", "bogus"]),
    ("tools.play.playout", ["--game", "red_queen", "--games", "0"]),
    ("tools.play.playout", ["--game", "red_queen", "--games", "-5"]),
    ("tools.play.playout", ["--game", "red_queen", "--games", "100000000000"]),
    ("tools.play.playout", ["--game", "red_queen", "--games", "x"]),
    ("tools.play.playout", ["--game", "red_queen", "--heap", "abc", "--micropython"]),
    ("tools.play.playout", ["--game", "red_queen", "--heap", "0K", "--micropython"]),
    ("tools.play.playout", ["--game", "red_queen", "--bogus"]),
    ("tools.measure.bench", ["--out", "{file}"]),
    ("tools.measure.bench", ["--out", "{file}/below"]),
    ("tools.measure.bench", ["--out", "/proc/deckdelve"]),
    ("tools.measure.bench", ["--from", "/no/such.json"]),
    ("tools.measure.bench", ["--from", "{file}"]),
    ("tools.measure.bench", ["--only", "nope"]),
    ("tools.measure.bench", ["--bogus"]),
    ("tools.measure.balance", ["--games", "0"]),
    ("tools.measure.balance", ["--games", "-5"]),
    ("tools.measure.balance", ["--games", "100000000000"]),
    ("tools.measure.balance", ["--games", "x"]),
    ("tools.measure.balance", ["--budget", "-1"]),
    ("tools.measure.balance", ["--budget", "nan"]),
    ("tools.measure.balance", ["--budget", "x"]),
    ("tools.measure.balance", ["--workers", "0"]),
    ("tools.measure.balance", ["--workers", "x"]),
    ("tools.measure.balance", ["--out", "{file}"]),
    ("tools.measure.balance", ["--out", "{file}/below", "--quick"]),
    ("tools.measure.balance", ["--from", "/no/such.json"]),
    ("tools.measure.balance", ["--from", "{file}"]),
    ("tools.measure.balance", ["--bogus"]),
    ("tools.check.mutate", []),
    ("tools.check.mutate", ["--game", "nope"]),
    ("tools.check.mutate", ["--game", "red_queen", "--jobs", "0"]),
    ("tools.check.mutate", ["--game", "red_queen", "--jobs", "x"]),
    ("tools.check.mutate", ["--game", "red_queen", "--rerun", "/no/such"]),
    ("tools.check.mutate", ["--game", "red_queen", "--rerun", "{file}"]),  # not a mutate output
    ("tools.pico.bench_pico", ["--games", "nope"]),
    ("tools.pico.bench_pico", ["--firmware", "/no/such.uf2", "--route", "mpy", "--bus", "i2c"]),
    ("tools.pico.bench_pico", ["--firmware", "/no/such.uf2"]),  # one image, but both buses
    ("tools.pico.bench_pico", ["--bus", "usb"]),
    ("tools.pico.bench_pico", ["--bootrom", "/no/such.js"]),
    ("tools.pico.bench_pico", ["--out", "{file}/x.md"]),
    ("tools.pico.bench_pico", ["--out", "{tmp}"]),
    ("tools.pico.bench_pico", ["--json", "{file}/x.json"]),
    ("tools.pico.bench_pico", ["--bogus"]),
    ("tools.pico.bench_pico", ["--saves", "-1"]),
    ("tools.pico.pico_flash", []),
    ("tools.pico.pico_flash", ["cuts", "--boot", "x"]),
    ("tools.pico.pico_flash", ["cuts", "--kinds", "nope"]),
    ("tools.pico.pico_flash", ["cuts", "--out", "{file}/x.md"]),
    ("tools.pico.pico_flash", ["waits", "--actions", "0"]),
    ("tools.assets.screenshots", ["bogus"]),
    ("tools.measure.soak", ["--presses", "-1"]),
    ("tools.measure.soak", ["--mp-presses", "100000000"]),
    ("tools.measure.soak", ["--games", "x"]),
    ("tools.measure.soak", ["--seed", "-1"]),
    ("tools.measure.soak", ["--bogus"]),
    ("tools.play.journal", []),
    ("tools.play.journal", ["/no/such"]),
    ("tools.play.journal", ["{file}"]),
    ("tools.play.journal", ["{tmp}"]),  # no journal there
    ("tools.play.journal", ["{tmp}", "--slot", "0"]),
    ("tools.play.journal", ["{tmp}", "--slot", "x"]),
    # (before the fix: ignored, and the font file rewritten)
    ("tools.assets.make_font", ["--bogus"]),
    ("tools.assets.make_art_mini_rogue", ["--chek"]),
    ("tools.measure.heap_margins", ["nope"]),
    ("tools.measure.heap_margins", ["--min-margin", "-1"]),
    ("tools.measure.heap_margins", ["--min-margin", "x"]),
    ("tools.ship.deploy", ["bogus"]),
    ("tools.ship.deploy", ["flash-dry"]),  # which board?
    ("tools.ship.deploy", ["flash-dry", "--board", "nope"]),
    ("tools.ship.web", ["bogus"]),
    ("tools.ship.mpy", ["bogus"]),
    ("tools.ship.web", ["serve", "--port", "0"]),
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
    r = run("tools.play.playout", ["--game", "rogue_solitaire", "--options", "campaign",
                              "--games", "2"], tmp_path)
    assert r.returncode == 0, r.stderr
