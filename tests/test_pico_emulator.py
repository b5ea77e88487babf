"""What the simulator shows is what the Pico shows: the real firmware (the files `make flash`
copies, as .mpy) boots on an emulated Raspberry Pi Pico running the stock MicroPython RPI_PICO
image (tools/bench_pico.py: rp2040js, an SSD1306 modelled on I2C0), plays every game's first
seeded moves through its buttons (bench_pico.TOUR), and every frame read off the emulated
display's I2C bus must equal, pixel for pixel, the frame host_sim draws for the same seed and
presses.

Needs node and npm (`npm ci` of tools/pico/package.json runs on first use), the MicroPython
image and the RP2040 bootrom module (by default in ../shared/pico-emu/ beside the checkout;
PICO_FIRMWARE, PICO_BOOTROM name others). If any is missing this test fails and says which:
it is never skipped. About a minute on one core.
"""

import os
import tempfile

import pytest

from tools import bench_pico

LETTER = {name: letter for letter, name in bench_pico.LETTERS.items()}  # "up" -> "U"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "out", "pico")


def simulator_frames(pico_frames, seed):
    """host_sim's frames, frame for frame with the Pico's: each frame gets the press the
    Pico's frame read (animations count frames, so the idle frames between presses matter).
    Returns (label, redrawn, frame buffer) for each."""
    import framebuf

    from deckdelve import buttons
    from deckdelve.app import App

    buf = bytearray(1024)
    app = App(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB),
              tempfile.mkdtemp(prefix="deckdelve-pico-sim-"), seed=seed)
    out = []
    for f in pico_frames:
        press = buttons.from_letter(LETTER[f["press"]]) if f["press"] else 0
        redrawn = app.frame(press)
        if redrawn:
            app.draw()
        out.append((f["label"], redrawn, bytes(buf)))
    return out


def distinct(frames):
    """Drop a frame equal to the one before it (a redraw that changed nothing pushes nothing
    to the display)."""
    out = []
    for label, buf in frames:
        if not out or out[-1][1] != buf:
            out.append((label, buf))
    return out


def save(name, buf):
    from host_sim import render

    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, name + ".png")
    render.to_image(bytearray(buf), 4).save(path)
    return os.path.relpath(path)


@pytest.mark.slow
def test_every_frame_on_the_emulated_pico_is_the_simulators():
    steps = bench_pico.tour()
    try:
        log = bench_pico.run(steps)
    except bench_pico.Failure as e:
        pytest.fail("the emulated Pico could not run: %s" % e, pytrace=False)
    frames = log["frames"]
    # every press of the tour was answered (a missed press would shift every frame after it)
    assert sum(1 for f in frames if f["press"]) == sum(len(keys) for _label, keys in steps)
    sim_frames = simulator_frames(frames, bench_pico.SEED)
    # the same frames redraw on both
    assert [f["redrawn"] for f in frames] == [r for _label, r, _buf in sim_frames]
    pico = distinct([(f["label"], bytes.fromhex(f["ram"])) for f in frames if "ram" in f])
    sim = distinct([(label, buf) for label, r, buf in sim_frames if r])
    for i in range(min(len(pico), len(sim))):
        if pico[i][1] != sim[i][1]:
            raise AssertionError(
                "frame %d (%s) differs: the Pico's is %s, the simulator's %s"
                % (i, pico[i][0], save("pico-%d" % i, pico[i][1]), save("sim-%d" % i, sim[i][1])))
    assert len(pico) == len(sim), (len(pico), len(sim))
    assert len(pico) > 40  # the tour went through every game
    assert {label for label, _buf in pico} >= {key + "/play" for key, _moves in bench_pico.TOUR}
