"""What the simulator shows is what the Pico shows, by either route onto a Pico: the real
firmware boots on an emulated Raspberry Pi Pico (tools/pico/bench_pico.py: rp2040js, an SSD1306
modelled on I2C0), as the stock MicroPython RPI_PICO image with the files `make flash` copies
(.mpy), and as the Deckdelve image `make firmware` builds (the code frozen in), plays every
game's first seeded moves through its buttons (bench_pico.TOUR), and every frame read off the
emulated display's I2C bus must equal, pixel for pixel, the frame host_sim draws for the same
seed and presses.

Needs node and npm (`npm ci` of tools/pico/package.json runs on first use; without them the
test fails and says so), and inputs from outside the repository that tools/ship/inputs.py finds or
fetches: the RP2040 bootrom module, the stock MicroPython image, and for the frozen route
MicroPython's sources and the ARM toolchain to build the Deckdelve image. Where one can be
neither found nor fetched, the test is skipped with the command that gets it (never under
CI=true: tests/outside.py). About a minute a route on one core.
"""

import os

import outside
import pytest

from tools.pico import bench_pico, save_scenarios


@pytest.mark.slow
@pytest.mark.parametrize("route", bench_pico.ROUTES)
def test_every_frame_on_the_emulated_pico_is_the_simulators(route):
    # Both routes onto a Pico: the stock image with the code as .mpy on flash, and the
    # Deckdelve image (tools/ship/firmware.py) with nothing on flash but the player's files. No
    # settings to start with (a Pico just flashed): the tour goes through the first-run how-to
    # and each game's first start, and the settings they write on the Pico's flash.
    steps = bench_pico.tour(first_run=True)
    files = bench_pico.data_files(settings=False)
    try:
        log = outside.need(bench_pico.run, steps, route=route, data=files)
    except bench_pico.Failure as e:
        pytest.fail("the emulated Pico could not run: %s" % e, pytrace=False)
    pico = assert_frames_are_the_simulators(log, steps, files)
    assert len(pico) > 40  # the tour went through every game
    assert {label for label, _buf in pico} >= {key + "/play" for key, _moves in bench_pico.TOUR}


def assert_frames_are_the_simulators(log, steps, files=None):
    """Every frame the emulated Pico pushed while it played steps equals the simulator's,
    with the data folder files (default: the Pico image's, bench_pico.data_files()): the same
    frames redrawn on both (every animation counts frames, none the clock), the same distinct
    frames pushed (save_scenarios.frames_differ; the first differing pair saved as PNGs under
    out/pico/). Returns the Pico's distinct frames."""
    frames = log["frames"]
    # every press of the tour was answered (a missed press would shift every frame after it)
    assert sum(1 for f in frames if f["press"]) == sum(len(keys) for _label, keys in steps)
    sim, _after = save_scenarios.sim_frames(
        frames, bench_pico.data_files() if files is None else files, bench_pico.SEED)
    why = save_scenarios.frames_differ(log, sim, "tour")
    assert why is None, why
    return save_scenarios.distinct([(f["label"], bytes.fromhex(f["ram"])) for f in frames
                                if "ram" in f])


def test_bench_device_through_mpremote_on_a_fake_device(tmp_path):
    # `make bench-device PORT=...` against a stand-in mpremote whose "device" is a folder and
    # whose exec runs the code under the MicroPython unix port with the fake machine: flash it
    # as `make flash` does, then the benchmark plays the tour there and prints a row a game.
    import subprocess
    import sys

    from tools.ship import mpy

    device = tmp_path / "device"
    (device / "data").mkdir(parents=True)
    (device / "data" / "run_red_queen.sav").write_bytes(b"a saved run")
    env = dict(os.environ)
    env["DECKDELVE_MPREMOTE"] = "%s %s" % (
        sys.executable, os.path.join(mpy.ROOT, "tests", "hw", "fake_mpremote.py"))
    env["FAKE_DEVICE_DIR"] = str(device)
    env["FAKE_DEVICE_MICROPYTHON"] = mpy.tool("micropython")
    r = subprocess.run([sys.executable, "-m", "tools.ship.deploy", "flash", "--board",
                        "ssd1306-i2c", "--port", "fake"], cwd=mpy.ROOT, env=env,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    r = subprocess.run([sys.executable, "-m", "tools.pico.bench_pico", "--device", "fake",
                        "--games", "rogue_solitaire,solatro"], cwd=mpy.ROOT, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    rows = [ln.split("|")[1].strip() for ln in r.stdout.splitlines() if ln.startswith("| ")]
    assert rows == ["game", "rogue_solitaire", "solatro"], r.stdout
    for ln in r.stdout.splitlines():
        if ln.startswith("| rogue_solitaire") or ln.startswith("| solatro"):
            assert ln.count(" ms") == 6, ln
    assert "connect fake soft-reset exec" in (tmp_path / "mpremote.log").read_text()
    assert (device / "data" / "run_red_queen.sav").read_bytes() == b"a saved run"
    assert not (device / "benchdata").exists()


def test_bench_device_without_a_device_says_so(tmp_path):
    import subprocess
    import sys

    env = dict(os.environ)
    env["DECKDELVE_MPREMOTE"] = "false"  # mpremote failing, as with no Pico on the port
    r = subprocess.run([sys.executable, "-m", "tools.pico.bench_pico", "--device", "/dev/nothing"],
                       env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert r.stderr.startswith("bench_pico: the benchmark did not finish on /dev/nothing")
    assert len(r.stderr.splitlines()) == 1


def test_bench_fragment_keeps_the_earlier_part_once(tmp_path):
    # The first line's comment names the kept heading too: the part kept starts at the
    # heading itself, so that a rewrite never copies the old table under it.
    path = str(tmp_path / "bench.md")
    bench_pico.write_fragment(path, "### Measured now\nold table\n")
    with open(path, "a") as f:
        f.write("\n%s\nnotes\n" % bench_pico.KEPT)
    for _ in range(2):
        bench_pico.write_fragment(path, "### Measured now\nnew table\n")
    with open(path) as f:
        text = f.read()
    assert text.count("### Measured now") == 1 and "old table" not in text, text
    assert text.count("\n" + bench_pico.KEPT + "\n") == 1 and text.endswith("notes\n"), text
