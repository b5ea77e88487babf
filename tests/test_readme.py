"""The README does not rot: every picture it shows exists and is a current golden screen's
screenshot, and every file it links to exists."""

import os
import re

from PIL import Image

from host_sim import render
from tools import screenshots

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def readme():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        return f.read()


def test_linked_files_exist():
    links = re.findall(r"\]\(([^)#]+)\)", readme())
    local = [link for link in links if not link.startswith("http")]
    assert len(local) >= 8
    for link in local:
        assert os.path.exists(os.path.join(ROOT, link)), link


def test_screenshots_match_their_golden_screens():
    for name in screenshots.SHOTS:
        shot = os.path.join(screenshots.OUT, name.replace("/", "-") + ".png")
        golden = os.path.join(screenshots.GOLDEN, name + ".png")
        want = render.to_image(render.from_image(Image.open(golden)), screenshots.SCALE)
        assert Image.open(shot).convert("RGB").tobytes() == want.tobytes(), (
            "%s is stale: run python -m tools.screenshots" % shot)
