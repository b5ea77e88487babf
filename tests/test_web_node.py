"""The web board under Node: the page's WebAssembly MicroPython, the page's firmware.pack and
board.js, played frame by frame from the title into each game; every frame must equal the
simulator's byte for byte (same seed, same buttons). Also: the buzzer reaches the page's
audio, the files the firmware writes reach the browser's storage and come back, the screen
never sleeps, a hidden page saves the run as the Pico's sleep does, the saves travel between
the page and a data folder (the simulator's, the Pico's) both ways, and The Four's notebook
writes the player's lines into the campaign's journal."""

import base64
import io
import json
import os
import shutil
import subprocess
import zipfile

import pytest

from host_sim import render
import webtools

SEED = 7
# From the title into each game in the registry, then a few moves in it (cursor, select, back
# to pause...); a game not named in MOVES plays the d-pad and A ('.': a frame with no press).
MOVES = {
    "rogue_solitaire": "RRDA.LLA",
    "mini_rogue": "A.RA.A",
    "red_queen": "RARA.B",
    "solatro": "ARARDA",
    "the_four": "DDADA",  # a new campaign: creation's first rows
}
PLAYS = {game: webtools.START[game] + MOVES.get(game, "RD.LU.A") for game in webtools.GAMES}


@pytest.fixture(scope="module")
def site():
    return webtools.site()


def play(site, steps, storage=None, seed=SEED, python=None, quota=None, elapsed=20, calls=(),
         import_zip=None, export=False):
    spec = {"seed": seed, "steps": steps, "elapsed": elapsed, "storage": storage or {},
            "python": python, "quota": quota, "calls": list(calls), "exportZip": export,
            "importZip": None if import_zip is None else base64.b64encode(import_zip).decode()}
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


# -- the page as a handheld of its own (issue 26) -----------------------------------------------
RUN = "deckdelve:/data/run_red_queen.sav"


def after_last(steps, call, arg=None):
    return {"after": len(steps) - 1, "call": call, "arg": arg}


def play_along(data_dir, seed, keys):
    """The simulator plays these keys from a fresh start on data_dir, which keeps what they
    save. Returns its settled screen."""
    from host_sim.sim import Sim

    sim = Sim(str(data_dir), seed=seed)
    sim.keys(keys)
    return bytes(sim.buf)


def sim_keys(data_dir, seed, keys):
    """The simulator's settled screen after these keys, from a fresh start on a copy of
    data_dir (left as it is: each comparison starts from the same files, as the page does)."""
    import tempfile

    copy = os.path.join(tempfile.mkdtemp(prefix="deckdelve-sim-keys-"), "data")
    shutil.copytree(str(data_dir), copy)
    try:
        return play_along(copy, seed, keys)
    finally:
        shutil.rmtree(os.path.dirname(copy), ignore_errors=True)


def unzip_data(data, folder):
    """An exported zip's files into folder, as `unzip` and `mpremote cp data/* :/data/` put
    them on a Pico. Returns their names."""
    os.makedirs(folder, exist_ok=True)
    names = []
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for info in z.infolist():
            assert info.filename.startswith("data/"), info.filename
            name = info.filename[len("data/"):]
            with open(os.path.join(folder, name), "wb") as f:
                f.write(z.read(info))
            names.append(name)
    return sorted(names)


def zip_folder(folder, extra=()):
    """A data folder as a zip tool makes one (deflated, in a data/ folder): what a player
    zips after `mpremote cp -r :/data .`."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(os.listdir(folder)):
            z.write(os.path.join(folder, name), "data/" + name)
        for name, data in extra:
            z.writestr("data/" + name, data)
    return out.getvalue()


def test_the_screen_never_sleeps_on_the_page(site, tmp_path):
    # Four minutes without a press in one step (twice the default Sleep setting's delay: on
    # the Pico the screen dims at 60 s and is off at 120 s): on the page the screen stays
    # lit at full contrast, and the next press acts at once (on the Pico it would only wake
    # the screen).
    steps = [0, 0] + webtools.held_steps("A")
    got = play(site, steps, elapsed=[20, 240000] + [20] * 4)
    assert got["lit"] == [255, True]
    _frames, settled = webtools.sim_frames(str(tmp_path), SEED, steps)
    assert_same(got["settled"], settled, "the first press after four idle minutes")


def test_a_hidden_page_saves_the_run_as_the_picos_sleep_does(site, tmp_path):
    from host_sim.sim import Sim

    keys = webtools.START["red_queen"] + "R"
    steps = [0] + webtools.held_steps(keys)
    assert RUN not in play(site, steps)["storage"]
    # Hidden (another tab, the phone locked) or closing: the run is saved...
    hidden = play(site, steps, calls=[after_last(steps, "suspend")])
    assert RUN in hidden["storage"]
    # ...and shown again, the game still in RAM, the save goes: never a position to replay.
    shown = play(site, steps, calls=[after_last(steps, "suspend"), after_last(steps, "resume")])
    assert RUN not in shown["storage"]
    # Closed while hidden: the next visit offers the run, and it continues where it was, as
    # on a Pico whose battery ran out while it slept; continued, it is gone.
    sim = Sim(str(tmp_path), seed=SEED)
    sim.keys(keys)
    sim.app.suspend()
    menu = webtools.menu_keys_in(str(tmp_path), "red_queen")
    again = Sim(str(tmp_path), seed=SEED + 1)
    again.keys(menu)
    assert again.app.stack[-1].items[0] == "Continue saved run"
    again.keys("A")
    back = play(site, [0] + webtools.held_steps(menu + "A"),
                storage=hidden["storage"], seed=SEED + 1)
    assert_same(back["settled"], bytes(again.buf), "the run continued after the page closed")
    assert RUN not in back["storage"]
    # A campaign is on flash after every action already: hiding the page adds nothing.
    four = webtools.found_keys(str(tmp_path / "four"), SEED, webtools.four_campaign)
    steps = [0] + webtools.held_steps(four)
    plain = play(site, steps)["storage"]
    assert play(site, steps, calls=[after_last(steps, "suspend")])["storage"] == plain


def test_saves_travel_from_the_page_to_a_data_folder(site, tmp_path):
    from deckdelve.ui import draw
    from tools.play import journal

    # The simulator plays along on its own data folder (ref), which never travels: it finds
    # the keys, and shows what the page's saves must continue to.
    ref = str(tmp_path / "ref")
    run_keys = webtools.found_keys(ref, SEED, webtools.save_run)
    play_along(ref, SEED, run_keys)
    first = play(site, [0] + webtools.held_steps(run_keys))
    assert RUN in first["storage"]
    four_keys = webtools.found_keys(ref, SEED + 1, webtools.four_campaign)
    play_along(ref, SEED + 1, four_keys)
    # The Four begun on the page, two notes in its notebook (the second as long as a note
    # gets, one word longer than a line), then "Export saves".
    steps = [0] + webtools.held_steps(four_keys)
    long_note = "W" * 30 + " " + "wide words " * 95
    second = play(site, steps, storage=first["storage"], seed=SEED + 1, export=True,
                  calls=[after_last(steps, "note", "The river rose; I kept the map."),
                         after_last(steps, "note", long_note),
                         after_last(steps, "journal")])
    wrote_short, wrote_long, newest_first = second["calls"]
    assert wrote_short == 1 and wrote_long > 5
    exported = str(tmp_path / "pico")
    names = unzip_data(base64.b64decode(second["zip"]), exported)
    assert {"run_red_queen.sav", "runs.dat", "settings.dat", "camp_the_four_0.sav",
            "camp_the_four_0.j0"} <= set(names)
    # Byte for byte the files the page keeps.
    for name in names:
        with open(os.path.join(exported, name), "rb") as f:
            assert base64.b64encode(f.read()).decode() == second["storage"][
                "deckdelve:/data/" + name]
    # The notes are the journal's lines: tools/play/journal.py (the Pico's) prints them, oldest
    # first, with the game's own lines, as the page's notebook shows them newest first.
    printed = journal.journal_lines(exported, "the_four", 0)
    assert printed == list(reversed(newest_first))
    # The game's own lines as the simulator's (which had no notes), once each: the notes
    # added lines and nothing else.
    assert [line for line in printed if " > " not in line] == journal.journal_lines(
        ref, "the_four", 0)
    assert "T:0 > The river rose; I kept the map." in printed  # (turn 0: just made)
    notes = [line for line in printed if " > " in line]
    assert len(notes) == 1 + wrote_long
    for line in notes:  # each fits the device's journal view (9 rows) with room to spare
        assert len(draw.wrap(line, 116)) <= 7 and len(line) <= 160
    # The run, continued by the simulator from the exported folder, is the run as it was:
    # the same screen as the simulator that never left, and as the page continuing it, and
    # so after two more moves.
    keys = webtools.menu_keys_in(ref, "red_queen") + "A" + "RA"
    assert keys == webtools.menu_keys_in(exported, "red_queen") + "A" + "RA"
    want = sim_keys(ref, SEED + 2, keys)
    assert sim_keys(exported, SEED + 2, keys) == want
    got = play(site, [0] + webtools.held_steps(keys), storage=second["storage"], seed=SEED + 2)
    assert_same(got["settled"], want, "the run continued from the exported saves")
    # The campaign likewise, its journal (LEFT once: the device's own story page) with the notes.
    keys = webtools.menu_keys_in(exported, "the_four") + "AA" + "L"
    want = sim_keys(exported, SEED + 3, keys)
    got = play(site, [0] + webtools.held_steps(keys), storage=second["storage"], seed=SEED + 3)
    assert_same(got["settled"], want, "the campaign's journal from the exported saves")
    keys = webtools.menu_keys_in(exported, "the_four") + "AA" + "AA"
    want = sim_keys(exported, SEED + 3, keys)
    assert want == sim_keys(ref, SEED + 3, keys)  # (notes change no play)
    got = play(site, [0] + webtools.held_steps(keys), storage=second["storage"], seed=SEED + 3)
    assert_same(got["settled"], want, "the campaign continued from the exported saves")


def test_saves_travel_from_a_data_folder_to_the_page(site, tmp_path):
    # A Pico's data folder (the simulator's here: the same files), copied off with mpremote
    # and zipped: a Red Queen run saved and quit, a campaign of The Four begun.
    pico = str(tmp_path / "pico")
    play_along(pico, SEED, webtools.found_keys(pico, SEED, webtools.save_run))
    play_along(pico, SEED + 1, webtools.found_keys(pico, SEED + 1, webtools.four_campaign))
    # "Import saves" on a page whose own slot 1 held another campaign's journal file: the
    # imported campaign replaces the slot's files as a set, so that journal goes.
    stale = "deckdelve:/data/camp_the_four_0.j1"
    imported = play(site, [0], import_zip=zip_folder(pico),
                    storage={stale: base64.b64encode(b"#1\nT9 not this campaign\n").decode()})
    assert sorted(imported["imported"]["taken"]) == sorted(os.listdir(pico))
    assert imported["imported"]["refused"] == []
    assert stale not in imported["storage"]
    for keys, what in ((webtools.menu_keys_in(pico, "red_queen") + "A" + "RA", "the run"),
                       (webtools.menu_keys_in(pico, "the_four") + "AA" + "AA", "the campaign"),
                       (webtools.menu_keys_in(pico, "the_four") + "AA" + "L", "the journal")):
        kept = str(tmp_path / what.replace(" ", "_"))
        shutil.copytree(pico, kept)  # the Pico's own, continued there
        want = sim_keys(kept, SEED + 2, keys)
        got = play(site, [0] + webtools.held_steps(keys), storage=imported["storage"],
                   seed=SEED + 2)
        assert_same(got["settled"], want, what + " continued from the Pico's saves")


def test_an_import_is_checked_as_the_firmware_checks_files_at_power_on(site, tmp_path):
    from deckdelve.runs import RUN_LIMIT
    from deckdelve.store import Store

    folder = str(tmp_path / "pico")
    store = Store(folder)
    store.add_score("red_queen", 40, "ABC", "")
    with open(os.path.join(folder, "scores.dat"), "r+b") as f:
        f.seek(-1, 2)
        last = f.read(1)
        f.seek(-1, 2)
        f.write(bytes([last[0] ^ 1]))  # one bit of the payload: the checksum fails
    # Not a file Deckdelve keeps, a saved run larger than any it reads, and the damaged
    # scores (the firmware's own check, run on the import before anything is replaced):
    # all refused, each with why; nothing reaches the storage.
    got = play(site, [0], import_zip=zip_folder(folder, (("photo.jpg", b"\xff\xd8"),
                                                         ("run_solatro.sav",
                                                          b"x" * (RUN_LIMIT + 1)))))
    assert got["imported"]["taken"] == []
    assert dict(got["imported"]["refused"]) == {
        "photo.jpg": "not a save Deckdelve reads",
        "run_solatro.sav": "too large: %d bytes" % (RUN_LIMIT + 1),
        "scores.dat": "damaged (checksum)"}
    assert not [key for key in got["storage"] if "scores.dat" in key]
    os.makedirs(str(tmp_path / "empty"))
    started = play(site, [0], storage=got["storage"])
    assert_same(started["settled"], sim_keys(str(tmp_path / "empty"), SEED, ""),
                "the start after an import that took nothing: no notice")
    # Not a zip at all: a plain message, nothing changed.
    r = subprocess.run(["node", "tests/web/frames.mjs", site], input=json.dumps(
        {"seed": SEED, "steps": [0], "elapsed": 20, "storage": {},
         "importZip": base64.b64encode(b"not a zip").decode()}),
        capture_output=True, text=True, timeout=120, cwd=webtools.ROOT)
    assert r.returncode != 0 and "not a zip file" in r.stderr


def test_a_notes_lines_fit_the_journal():
    # The board's Python half, under CPython: how a note becomes journal lines.
    note_lines = webtools.webboard().note_lines
    board = webtools.webboard()
    assert note_lines(3, "  ") == []
    assert note_lines(3, "I ran.\n\nThen I hid.") == ["T:3 > I ran.", "T:3 > Then I hid."]
    assert note_lines(0, "caf\u00e9 \u201cso\u201d") == ["T:0 > caf? ?so?"]  # (the page makes
    # them ASCII first; anything left is "?", as the journal view shows a stray byte)
    words = note_lines(12, "x" * 60 + " " + "word " * 300)
    assert all(line.startswith("T:12 > ") for line in words)
    assert max(len(line) - len("T:12 > ") for line in words) <= board.NOTE_LINE
    assert words[0] == "T:12 > " + "x" * 24 + " " + "x" * 24 + " " + "x" * 12 + " word" * 7
    kept = "".join(line[len("T:12 > "):].replace(" ", "") for line in words)
    assert kept == ("x" * 60 + "word" * 300)[:len(kept)] and 800 < len(kept) <= board.NOTE_MAX
    assert set(" ".join(words)) <= set("T:12>x word")


def test_a_note_written_while_a_message_waits_keeps_the_message():
    # The notebook's save carries the screen the host is on: a note written after the
    # pressure lands (the rules' "write it down") must not drop the message still to read
    # from the slot, so a reload comes back on it, with the note in the journal.
    import four_ui_helpers as four
    from helpers import Headless

    from tools.mp import bots_the_four

    h = four.start_in_slot("web_note_message", seed=4)
    four.play(h, 30, check_offer=False)
    host = h.app.stack[-1]
    rng = host.game.rng.__class__(5)
    while not host.pending:  # an action that leaves a message
        host.act(bots_the_four.player(host.game, rng))
    waiting = list(host.pending)
    assert webtools.webboard().write_note(host, "I hide in the ditch.") == 1
    host = None
    h = Headless(h.app.data_dir, seed=99)  # the page reloaded
    four.open_menu(h)
    four.slot_row(h, 0)
    h.keys("A")  # Continue
    assert h.app.stack[-1].pending == waiting
    from deckdelve import campaigns

    lines = campaigns.journal(h.app.data_dir, "the_four", 0, 0, 1 << 20)
    assert any(line.endswith("> I hide in the ditch.") for line in lines), lines[:3]
