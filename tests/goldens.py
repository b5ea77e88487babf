"""Golden screenshots: a screen rendered 1:1 (128x64) by host_sim is compared pixel for pixel
with tests/golden/<name>.png. To accept a changed screen on purpose, run the test with
UPDATE_GOLDEN=1, look at the new PNG, and commit it.

    from goldens import screen, assert_golden
    img = screen(keys="AA", game="red_queen", seed=3)
    assert_golden("red_queen/combat", img)
"""

import os
import tempfile

from PIL import Image, ImageChops

from host_sim import render
from host_sim.sim import Sim

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")


def sim(keys="", game=None, seed=1, options=(), data=None):
    """A Sim after these keys (U D L R A B, '.' waits), in a fresh data folder unless given."""
    s = Sim(data or tempfile.mkdtemp(prefix="deckdelve-golden-"), seed=seed, game=game,
            options=options)
    # A player past the first-run how-tos (their own screens are tested apart).
    from deckdelve import registry

    s.app.settings["seen"] = "*," + ",".join(g[0] for g in registry.GAMES)
    s.keys(keys)
    return s


def screen(keys="", game=None, seed=1, options=(), data=None):
    return sim(keys, game, seed, options, data).image(1)


def assert_golden(name, img):
    path = os.path.join(GOLDEN, name + ".png")
    if os.environ.get("UPDATE_GOLDEN") == "1" or not os.path.exists(path):
        if os.environ.get("UPDATE_GOLDEN") != "1":
            raise AssertionError("no golden image %s: run with UPDATE_GOLDEN=1 to create it, "
                                 "look at it, and commit it" % path)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        img.save(path)
        return
    want = _lit(Image.open(path))
    got = _lit(img)
    assert got.size == (128, 64) and want.size == (128, 64)
    if ImageChops.difference(want, got).getbbox() is not None:
        failed = path[:-4] + ".FAILED.png"
        got.save(failed)
        raise AssertionError("%s differs from its golden image; this run's screen is in %s (to "
                             "accept it on purpose: run the test with UPDATE_GOLDEN=1, look at "
                             "the PNG, commit it)\n%s"
                             % (name, failed, render.to_ascii(render.from_image(got))))


def _lit(img):
    """Any image as 'L' with lit pixels 255 and dark 0 (a scaled or RGB image is not a
    128x64 screen and fails the size check)."""
    return img.convert("L").point(lambda v: 255 if v else 0)
