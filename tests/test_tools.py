"""The project's own tools: the firmware lint catches what the Pico cannot load; the font data
is what the asset says; the play-out tool reports errors with a reproduction."""

import json
import os
import subprocess
import sys

from tools.assets import make_font
from tools.check import lint_firmware
from tools.ship import mpy


def test_lint_flags_non_rp2_imports_and_big_ints(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import typing\nimport random\nfrom deckdelve import cards\nX = 1 << 31\n"
                   "Y = 2147483648\nZ = 1073741823\n"
                   "def f(m):\n    return m[3489660932] + m[Y]\n")
    problems = lint_firmware.check_source(str(bad))
    text = "\n".join(problems)
    assert "import typing: not a module of MicroPython's rp2 port" in text
    assert "import random: use deckdelve.rng" in text
    # a big literal in code is one; a module's named constant (made once, at import) is not
    assert "bad.py:8: integer 3489660932 is not below 2**30" in text
    assert "1073741823" not in text and "2147483648" not in text
    assert len(problems) == 3


def test_firmware_passes_its_lint():
    problems = []
    for path in lint_firmware.firmware_files():
        problems += lint_firmware.check_source(path)
    assert problems == []


def test_font_data_matches_the_asset():
    with open(make_font.OUT) as f:
        assert f.read() == make_font.render(make_font.parse())


def test_every_firmware_file_compiles_with_mpy_cross():
    size = mpy.build()
    assert size > 10000
    for path in lint_firmware.firmware_files():
        rel = os.path.relpath(path, mpy.FIRMWARE)
        if rel in ("main.py", "boot.py", "manifest.py", "frozen_main.py"):
            continue  # main.py runs as source; the image's manifest and main.py are frozen
        stem, ext = os.path.splitext(rel)
        if ext == mpy.NATIVE_SUFFIX:
            # native code: the firmware image's alone (tools/ship/mpy.py), compiled for the Pico
            assert not os.path.exists(os.path.join(mpy.BUILD, stem + ".mpy")), rel
            continue
        assert os.path.exists(os.path.join(mpy.BUILD, rel[:-3] + ".mpy")), rel
    assert lint_firmware.compile_native() == []  # every .viper compiles for the Pico's armv6m


def playout(*args):
    r = subprocess.run([sys.executable, "-m", "tools.play.playout", *args], capture_output=True,
                       text=True, cwd=mpy.ROOT)
    return r


def test_playout_bad_flags():
    r = playout("--game", "nope")
    assert r.returncode == 2 and "invalid choice" in r.stderr
    r = playout("--game", "red_queen", "--games", "0")
    assert r.returncode == 2 and "--games must be between 1 and" in r.stderr


def test_playout_reports_a_reproducible_error(tmp_path):
    # A bot that picks an illegal action is an error with seed and actions to reproduce it.
    sys.path.insert(0, os.path.join(mpy.ROOT, "tools", "mp"))
    import playout_core

    def bad_bot(game, rng):
        return 65535

    old = playout_core.find_bot
    playout_core.find_bot = lambda key, name: bad_bot
    try:
        report = playout_core.run("red_queen", 3, 5, (), "bad")
    finally:
        playout_core.find_bot = old
    assert report["errors"] == 3
    ex = report["error_examples"][0]
    assert ex["seed"] == 5 and "not among the legal actions" in ex["error"]
    json.dumps(report)
