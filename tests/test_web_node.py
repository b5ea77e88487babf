"""The web board under Node: the page's WebAssembly MicroPython, the page's firmware.pack and
board.js, played frame by frame from the title into each game; every frame must equal the
simulator's byte for byte (same seed, same buttons). Also: the buzzer reaches the page's
audio, and the files the firmware writes reach the browser's storage and come back."""

import json
import subprocess

import pytest

from host_sim import render
import webtools

SEED = 7
# From the title into each game, then a few moves in it (cursor, select, back to pause...).
PLAYS = {
    "rogue_solitaire": webtools.START["rogue_solitaire"] + "RRDA.LLA",
    "mini_rogue": webtools.START["mini_rogue"] + "A.RA.A",
    "red_queen": webtools.START["red_queen"] + "RARA.B",
    "solatro": webtools.START["solatro"] + "ARARDA",
}


@pytest.fixture(scope="module")
def site():
    return webtools.site()


def play(site, steps, storage=None, seed=SEED, python=None, quota=None):
    spec = {"seed": seed, "steps": steps, "elapsed": 20, "storage": storage or {},
            "python": python, "quota": quota}
    r = subprocess.run(["node", "tests/web/frames.mjs", site], input=json.dumps(spec),
                       capture_output=True, text=True, timeout=120, cwd=webtools.ROOT)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout)


def assert_same(got_hex, want, what):
    got = bytes.fromhex(got_hex)
    if got != want:
        raise AssertionError("%s differs from the simulator.\nweb:\n%s\nsimulator:\n%s" % (
            what, render.to_ascii(got), render.to_ascii(want)))


@pytest.mark.parametrize("game", sorted(PLAYS))
def test_frames_equal_the_simulator(site, tmp_path, game):
    steps = [0] + webtools.held_steps(PLAYS[game])
    got = play(site, steps)
    want, settled = webtools.sim_frames(str(tmp_path), SEED, steps)
    assert len(got["frames"]) == len(want)
    for i, (g, w) in enumerate(zip(got["frames"], want)):
        assert_same(g, w, "%s frame %d of %d" % (game, i, len(want)))
    assert_same(got["settled"], settled, game + " settled")
    assert len(set(got["frames"])) > 5  # the screens did change: title, menus, the game


def test_buzzer_plays_the_jingles_on_the_page(site):
    # A on the title, then frames enough for the whole OK jingle: its two notes
    # ((1319, 40 ms), (1760, 60 ms) in deckdelve/hw/buzzer.py), then silence.
    # Real time running ahead of the frames' clock (a slow machine) changes nothing: the
    # notes are timed on the board's clock, 20 ms a frame here.
    got = play(site, [0, 16, 16] + [0] * 8, python="import time\ntime.sleep_ms(300)")
    assert got["sounds"] == [["duty_u16", 0],  # the buzzer starts silent
                             ["freq", 1319], ["duty_u16", 32768],
                             ["freq", 1760], ["duty_u16", 32768],
                             ["duty_u16", 0]]


def test_saved_files_reach_the_storage_and_come_back(site, tmp_path):
    from host_sim.sim import Sim

    run = "deckdelve:/data/run_red_queen.sav"
    # Red Queen, a move, B (the pause menu), down to "Save and quit", A: the run goes to /data
    # and, in the same frame, to the browser's storage.
    keys = webtools.START["red_queen"] + "RB"
    sim = Sim(str(tmp_path), seed=SEED)
    sim.keys(keys)
    keys += "D" * sim.app.stack[-1].items.index("Save and quit") + "A"
    sim.keys(keys[len(webtools.START["red_queen"]) + 2:])
    assert run not in play(site, [0] + webtools.held_steps(keys[:-1]))["storage"]
    stored = play(site, [0] + webtools.held_steps(keys))["storage"]
    assert run in stored
    # A new visit: the storage goes back into the filesystem before the firmware starts, so
    # the game's menu offers the saved run, as the simulator's does from its data folder.
    again = Sim(str(tmp_path), seed=SEED + 1)
    menu = webtools.menu_keys("red_queen", again.app.settings["seen"],
                              again.app.settings["last"])  # (the list opens on Red Queen)
    back = play(site, [0] + webtools.held_steps(menu), storage=stored)
    again.keys(menu)
    assert again.app.stack[-1].items[0] == "Continue saved run"
    assert_same(back["settled"], bytes(again.buf), "the game's menu on the next visit")
    # Continuing brings the game back where it was saved, and deletes the save, in the
    # storage too (a run is never continued twice).
    gone = play(site, [0] + webtools.held_steps(menu + "A"), storage=stored)
    again.keys("A")
    assert_same(gone["settled"], bytes(again.buf), "the continued run")
    assert run not in gone["storage"]


def test_a_full_storage_loses_no_game(site, tmp_path):
    # The browser refuses every write (its quota is used up): saving a run still works on the
    # firmware's side, the page learns why nothing was kept, and the frames go on as always.
    from host_sim.sim import Sim

    sim = Sim(str(tmp_path), seed=SEED)
    sim.keys(webtools.START["red_queen"] + "B")
    keys = webtools.START["red_queen"] + "B" + "D" * sim.app.stack[-1].items.index(
        "Save and quit") + "A"
    steps = [0] + webtools.held_steps(keys)
    got = play(site, steps, quota=0)
    assert got["storage"] == {}
    assert got["storageError"] == "QuotaExceededError"
    want, settled = webtools.sim_frames(str(tmp_path / "again"), SEED, steps)
    assert_same(got["settled"], settled, "the screen after a refused save")


def test_an_error_is_shown_and_logged_and_a_press_restarts(site):
    import framebuf

    from deckdelve import boot

    class Panel(framebuf.FrameBuffer):
        def show(self):
            pass

    # A bug planted where the app cannot catch it: its own frame step raises once A is
    # pressed. (A bug inside a screen shows the app's own crash screen and play goes on:
    # tests/shared/test_app_crash.py.)
    bug = ("import deckdelve.app\n"
           "frame = deckdelve.app.App.frame\n"
           "def broken(self, presses):\n"
           "    if presses:\n"
           "        raise ValueError('planted')\n"
           "    return frame(self, presses)\n"
           "deckdelve.app.App.frame = broken\n")
    got = play(site, [0, 16, 16, 0, 0, 0, 32, 32], python=bug)
    # As boot.fail on the Pico: the message on the screen...
    want = bytearray(1024)
    boot.error_screen(Panel(want, 128, 64, framebuf.MONO_VLSB), "ValueError: planted")
    assert_same(got["frames"][1], bytes(want), "the error screen")
    # ...in the log (kept by the browser like a save)...
    import base64

    log = base64.b64decode(got["storage"]["deckdelve:/data/error.log"]).decode()
    assert "ValueError: planted" in log
    # ...and once every button is up, the next press restarts (the page reloads).
    assert got["returns"][:6] == [got["returns"][0]] + [got["returns"][1]] * 5
    assert got["returns"][6] == -1
