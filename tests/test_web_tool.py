"""tools.web: the site it builds, and one line on stderr for bad arguments."""

import json
import os
import struct
import subprocess
import sys

import pytest

import webtools
from tools import mpy, web


def test_site_holds_the_page_the_wasm_and_every_firmware_file():
    site = webtools.site()
    assert sorted(os.listdir(site)) == sorted(web.PAGE_FILES + web.WASM_FILES
                                              + ("firmware.pack",))
    with open(os.path.join(site, "firmware.pack"), "rb") as f:
        data = f.read()
    (n,) = struct.unpack_from("<I", data)
    index = json.loads(data[4:4 + n])
    paths = [p for p, _size in index]
    assert 4 + n + sum(size for _p, size in index) == len(data)
    # Every .mpy and help text the Pico gets, byte for byte, plus the web board.
    at = 4 + n
    for path, size in index:
        if path != "/webboard.mpy":
            with open(os.path.join(mpy.BUILD, path[1:]), "rb") as f:
                assert f.read() == data[at:at + size], path
        at += size
    for folder, _dirs, files in os.walk(os.path.join(mpy.FIRMWARE, "deckdelve")):
        rel = os.path.relpath(folder, mpy.FIRMWARE)
        for f in files:
            if f.endswith(".py"):
                assert "/%s/%s.mpy" % (rel, f[:-3]) in paths
            elif f.endswith(".txt"):
                assert "/%s/%s" % (rel, f) in paths
    assert "/webboard.mpy" in paths


@pytest.mark.parametrize("args", [[], ["x"], ["serve", "--port", "abc"],
                                  ["serve", "--port", "99999"], ["build", "extra"]])
def test_bad_arguments_give_one_line(args):
    r = subprocess.run([sys.executable, "-m", "tools.web"] + args, capture_output=True,
                       text=True, cwd=webtools.ROOT)
    assert r.returncode == 2
    assert r.stdout == "" and len(r.stderr.strip().splitlines()) == 1
