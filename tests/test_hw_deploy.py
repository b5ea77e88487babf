"""tools/ship/deploy.py: the exact mpremote commands for every board, the unknown-board error, and
a whole flash onto a fake device (a folder behind a stand-in mpremote) that checks the
version gate, the files that land, and that the player's data is never touched."""

import json
import os
import shlex
import subprocess
import sys

import pytest

from tools.ship import deploy, mpy

BOARDS = deploy.known_boards()
FAKE = os.path.join(mpy.ROOT, "tests", "hw", "fake_mpremote.py")


def run_deploy(*args, env=None):
    return subprocess.run([sys.executable, "-m", "tools.ship.deploy"] + list(args), cwd=mpy.ROOT,
                          capture_output=True, text=True, env=env, timeout=600)


def test_at_least_the_four_diy_wirings_and_a_ready_made_board():
    assert {"ssd1306-i2c", "ssd1306-spi", "sh1106-i2c", "sh1106-spi", "picoboy"} <= set(BOARDS)


@pytest.mark.parametrize("board", BOARDS)
def test_flash_dry_lists_the_exact_commands(board):
    r = run_deploy("flash-dry", "--board", board)
    assert r.returncode == 0, r.stderr
    commands = [ln.split("    #")[0] for ln in r.stdout.splitlines() if ln.startswith("mpremote")]
    assert commands == [
        "mpremote connect auto exec %s" % shlex.quote(deploy.PROBE),
        "mpremote connect auto rm -r :deckdelve",
        "mpremote connect auto cp -r build/flash/deckdelve :",
        "mpremote connect auto cp build/flash/main.py :main.py",
        "mpremote connect auto cp boards/%s.json :board.json" % board,
        "mpremote connect auto reset",
    ]
    assert "python -m tools.ship.mpy build" in r.stdout


def test_flash_dry_with_a_port():
    r = run_deploy("flash-dry", "--board", "sh1106-i2c", "--port", "/dev/ttyACM0")
    assert r.returncode == 0, r.stderr
    lines = [ln.split("    #")[0] for ln in r.stdout.splitlines() if ln.startswith("mpremote")]
    assert len(lines) == 6
    assert all(ln.startswith("mpremote connect /dev/ttyACM0 ") for ln in lines)


def test_the_probe_tells_plain_micropython_from_the_image():
    # The probe as the device runs it, under the MicroPython unix port: no image here.
    r = subprocess.run([mpy.tool("micropython"), "-c", deploy.PROBE], capture_output=True,
                       text=True, timeout=60)
    version, word, _present, image = deploy.parse_probe(r.stdout)
    assert version >= (1, 23, 0) and word & 0xFF == 6 and image == "-", r.stdout + r.stderr
    assert deploy.check_device((1, 28, 0), word, image="0.1").startswith(
        "the device runs the Deckdelve firmware image 0.1")


@pytest.mark.parametrize("name", ["nope", "", "../boards/picoboy"])
def test_unknown_board_exits_2_with_the_known_ones(name):
    r = run_deploy("flash-dry", "--board", name)
    assert r.returncode == 2
    for board in BOARDS:
        assert board in r.stderr
    assert "mpremote" not in r.stdout


def test_every_board_file_passes_the_checker_on_cpython():
    for name in BOARDS:
        b = deploy.boardfile.load(deploy.board_path(name))
        assert b["title"]


def test_broken_board_file_exits_2(tmp_path, monkeypatch, capsys):
    with open(deploy.board_path("ssd1306-i2c")) as f:
        b = json.load(f)
    b["buttons"]["a"] = b["buttons"]["b"]
    (tmp_path / "twice.json").write_text(json.dumps(b))
    monkeypatch.setattr(deploy, "BOARDS", str(tmp_path))
    assert deploy.main(["flash-dry", "--board", "twice"]) == 2
    assert "already used" in capsys.readouterr().err


def test_device_check():
    pico = 6 | (3 | 4 << 2) << 8  # .mpy 6.3, armv6m: MicroPython 1.23+ on the RP2040
    assert deploy.check_device((1, 24, 1), pico) is None
    assert deploy.check_device((1, 23, 0), pico) is None
    assert "1.23 or later" in deploy.check_device((1, 22, 2), 6 | (2 | 4 << 2) << 8)
    assert "format 5" in deploy.check_device((1, 18, 0), 5 | 4 << 10)


def fake_device(tmp_path, version="1.24.1", mpy_word=None):
    device = tmp_path / "device"
    (device / "data").mkdir(parents=True)
    (device / "data" / "run_klondike.bin").write_bytes(b"saved run \x00\x01")
    (device / "deckdelve").mkdir()
    (device / "deckdelve" / "stale.py").write_text("raise RuntimeError('old code')\n")
    env = dict(os.environ)
    env["DECKDELVE_MPREMOTE"] = "%s %s" % (sys.executable, FAKE)
    env["FAKE_DEVICE_DIR"] = str(device)
    env["FAKE_DEVICE_VERSION"] = version
    if mpy_word is not None:
        env["FAKE_DEVICE_MPY"] = str(mpy_word)
    return device, env


def test_flash_onto_a_fake_device(tmp_path):
    device, env = fake_device(tmp_path)
    r = run_deploy("flash", "--board", "picoboy", env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "device: MicroPython 1.24.1, .mpy 6.3; build: .mpy 6 bytecode" in r.stdout
    log = (tmp_path / "mpremote.log").read_text().splitlines()
    assert [ln.split()[2] for ln in log] == ["exec", "rm", "cp", "cp", "cp", "reset"]
    assert not (device / "deckdelve" / "stale.py").exists()  # old code removed
    assert (device / "deckdelve" / "app.mpy").read_bytes()[:2] == b"M\x06"
    assert (device / "deckdelve" / "hw" / "oled.mpy").exists()
    assert [p.name for p in device.rglob("*.py")] == ["main.py"]  # the rest is .mpy
    assert (device / "main.py").read_text() == open(
        os.path.join(mpy.FIRMWARE, "main.py")).read()
    assert json.loads((device / "board.json").read_text()) == json.load(
        open(deploy.board_path("picoboy")))
    assert (device / "data" / "run_klondike.bin").read_bytes() == b"saved run \x00\x01"
    assert not (device / "manifest.mpy").exists() and not (device / "tests_shared").exists()


def test_first_flash_skips_the_rm(tmp_path):
    device, env = fake_device(tmp_path)
    (device / "deckdelve" / "stale.py").unlink()
    (device / "deckdelve").rmdir()
    r = run_deploy("flash", "--board", "ssd1306-spi", env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    log = (tmp_path / "mpremote.log").read_text().splitlines()
    assert [ln.split()[2] for ln in log] == ["exec", "cp", "cp", "cp", "reset"]
    assert (device / "deckdelve" / "boot.mpy").exists()


@pytest.mark.parametrize("version,word,image,words", [
    ("1.22.2", 6 | (2 | 4 << 2) << 8, None, "1.23 or later"),
    ("1.18.0", 5 | 4 << 10, None, ".mpy format 5"),
    ("1.28.0", 6 | (3 | 4 << 2) << 8, "0.1", "runs the Deckdelve firmware image 0.1"),
])
def test_flash_refuses_a_device_it_cannot_run_on(tmp_path, version, word, image, words):
    device, env = fake_device(tmp_path, version, word)
    if image:
        env["FAKE_DEVICE_IMAGE"] = image
    r = run_deploy("flash", "--board", "sh1106-i2c", env=env)
    assert r.returncode != 0
    assert words in r.stderr and "micropython.org/download/RPI_PICO" in r.stderr
    log = (tmp_path / "mpremote.log").read_text().splitlines()
    assert len(log) == 1  # only the probe: nothing copied, nothing removed
    assert (device / "deckdelve" / "stale.py").exists()


def test_the_flashed_files_boot_and_start_every_game(tmp_path):
    """What `make flash` copies is complete: the device folder alone (with the fake machine)
    boots and starts each game from its .mpy files, and every help text is there."""
    device, env = fake_device(tmp_path)
    (device / "deckdelve" / "stale.py").unlink()
    r = run_deploy("flash", "--board", "sh1106-spi", env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    menv = dict(os.environ)
    menv["MICROPYPATH"] = "%s:%s" % (device, os.path.join(mpy.ROOT, "tests", "hw"))
    script = os.path.join(mpy.ROOT, "tests", "hw", "device_boot.py")
    # 216K: the whole app with The Four's code on the 64-bit unix port, whose objects are up
    # to 1.4 times the Pico's (passes from 200K; the RAM itself is held by the heap-capped
    # shared tests: tests/test_heap_margins.py)
    p = subprocess.run([mpy.tool("micropython"), "-X", "heapsize=216K", script, str(device)],
                       capture_output=True, text=True, env=menv, cwd=str(tmp_path), timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "booted from %s/deckdelve/boot.mpy" % device in p.stdout, p.stdout
    started = [ln.split() for ln in p.stdout.splitlines() if ln.startswith("started")]
    assert len(started) >= 4, p.stdout
    for _, key, _, path in started:
        assert path == "%s/deckdelve/games/%s.mpy" % (device, key), p.stdout
        source_help = os.path.join(mpy.FIRMWARE, "deckdelve", "help", key + ".txt")
        if os.path.exists(source_help):
            assert (device / "deckdelve" / "help" / (key + ".txt")).exists(), key
    assert not (device / "error.log").exists()
