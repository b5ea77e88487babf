"""tools.ship.web: the site it builds, its server (gzip), docs/WEB.md's figures of the page, and
one line on stderr for bad arguments."""

import functools
import gzip
import http.server
import json
import os
import re
import struct
import subprocess
import sys
import threading
import urllib.request

import pytest

import webtools
from tools.ship import mpy, web


def test_site_holds_the_page_the_wasm_and_every_firmware_file():
    site = webtools.site()
    assert sorted(os.listdir(site)) == sorted(web.PAGE_FILES + web.WASM_FILES + web.ICON_FILES
                                              + ("firmware.pack", web.MANIFEST, web.WORKER,
                                                 web.SHARE_FILE))
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
            elif f.endswith(mpy.NATIVE_SUFFIX):  # the Pico's machine code: not for the page
                assert "/%s/%s.mpy" % (rel, f[:-len(mpy.NATIVE_SUFFIX)]) not in paths
            elif f.endswith(".txt"):
                assert "/%s/%s" % (rel, f) in paths
    assert "/webboard.mpy" in paths


def test_index_gets_the_bytes_it_loads_and_the_link_to_the_project(tmp_path):
    webtools.npm_ci()
    out = str(tmp_path / "site")
    web.build(out, project_url="https://example.org/deckdelve?a=1&b=2")
    with open(os.path.join(out, "index.html"), encoding="utf-8") as f:
        page = f.read()
    assert "%" + "DOWNLOAD_BYTES%" not in page and "%" + "PROJECT_LINK%" not in page
    sizes = json.loads(re.search(r'name="deckdelve-bytes" content="([^"]*)"', page).group(1)
                       .replace("&quot;", '"'))
    assert sizes == {name: os.path.getsize(os.path.join(out, name)) for name in web.LOADED}
    assert '<a href="https://example.org/deckdelve?a=1&amp;b=2">' in page
    web.build(out, project_url="")
    with open(os.path.join(out, "index.html"), encoding="utf-8") as f:
        assert "<a href=\"http" not in f.read()  # no address given: no link
    # The icon: the same picture as SVG and PNG, at every size phones ask for.
    from PIL import Image

    for name, size, share in [("icon-%d.png" % n, n, 1.0) for n in web.ICON_SIZES] + [
            ("icon-mask-512.png", 512, web.MASK_SHARE)]:
        png = Image.open(os.path.join(out, name)).convert("RGB")
        assert png.size == (size, size)
        k = int(size * share) // 16
        at = (size - 16 * k) // 2
        for y, row in enumerate(web.ICON):
            for x, c in enumerate(row):
                pixel = png.getpixel((at + x * k + k // 2, at + y * k + k // 2))
                assert pixel == (web.ICON_LIT if c == "#" else web.ICON_DARK), name
        if share < 1:  # the whole card inside the maskable icon's safe circle (40%)
            assert (16 * k / 2) * 2 ** 0.5 <= 0.4 * size
    with open(os.path.join(out, "icon.svg")) as f:
        svg = f.read()
    lit = sum(int(w) for w in re.findall(r'<rect x="\d+" y="\d+" width="(\d+)"', svg))
    assert lit == sum(row.count("#") for row in web.ICON)


def test_the_manifest_the_worker_and_the_shared_picture(tmp_path):
    import base64
    import hashlib

    from PIL import Image

    from host_sim import render

    webtools.npm_ci()
    out = str(tmp_path / "site")
    web.build(out, project_url="")
    with open(os.path.join(out, web.MANIFEST)) as f:
        manifest = json.load(f)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    for icon in manifest["icons"]:
        assert os.path.exists(os.path.join(out, icon["src"])), icon
    # The worker keeps every file the page needs, each with its hash; its version is a hash
    # of them all: another build, another cache.
    with open(os.path.join(out, web.WORKER)) as f:
        worker = f.read()
    files = json.loads(re.search(r"JSON\.parse\('(.*)'\)", worker).group(1))
    assert [name for name, _ in files] == sorted(
        n for n in os.listdir(out) if n not in (web.WORKER, web.SHARE_FILE))
    for name, integrity in files:
        with open(os.path.join(out, name), "rb") as f:
            digest = base64.b64encode(hashlib.sha256(f.read()).digest()).decode()
        assert integrity == "sha256-" + digest, name
    version = re.search(r'const VERSION = "([0-9a-f]{16})"', worker).group(1)
    with open(os.path.join(out, "page.js"), "a") as f:
        f.write("\n")
    assert web.worker(out, [name for name, _ in files]) != version
    # A shared link's picture: the firmware's title screen, whole pixels, on SHARE_SIZE.
    share = Image.open(os.path.join(out, web.SHARE_FILE)).convert("RGB")
    assert share.size == web.SHARE_SIZE
    k = min((web.SHARE_SIZE[0] - 80) // 128, (web.SHARE_SIZE[1] - 80) // 64)
    left, top = (web.SHARE_SIZE[0] - 128 * k) // 2, (web.SHARE_SIZE[1] - 64 * k) // 2
    lit = Image.new("L", (128, 64))
    for y in range(64):
        for x in range(128):  # the middle of each OLED pixel's square: lit or dark
            pixel = share.getpixel((left + x * k + k // 2, top + y * k + k // 2))
            lit.putpixel((x, y), 255 if pixel[0] > 60 else 0)
    assert render.from_image(lit) == web.title_frame()
    with open(os.path.join(out, "index.html"), encoding="utf-8") as f:
        page = f.read()
    assert '<meta property="og:image" content="share.png">' in page
    assert '<link rel="manifest" href="manifest.json">' in page


def test_the_four_journal_lines_carry_the_turn_the_page_groups_by():
    """The page's Markdown story groups a journal by webboard.TURN_MARK: every line The Four
    writes starts with it and the turn it was written in (a change to the firmware's format
    must change the page's too)."""
    from host_sim.sim import Sim

    from deckdelve import campaigns
    from deckdelve.rng import Rng

    board = webtools.webboard()
    import tempfile

    with tempfile.TemporaryDirectory() as data:
        s = webtools.Recording(Sim(data, seed=5))
        webtools.four_campaign(s)
        host = s.app.stack[0]
        rng = Rng(11)
        seen = 0
        turns = set()
        for _ in range(400):
            s.keys("AAARDL"[rng.below(6)])
            lines = list(reversed(campaigns.journal(data, "the_four", 0, 0, 10000)))
            for line in lines[seen:]:
                assert line.startswith(board.TURN_MARK), line
                number = line[len(board.TURN_MARK):].split(" ", 1)[0]
                assert number.isdigit() and int(number) <= host.game.turn, line
                turns.add(int(number))
            seen = len(lines)
        assert turns == set(range(max(turns) + 1)) and max(turns) >= 3, turns
        # The player's own lines, as webboard writes them, read the same way.
        (note,) = board.note_lines(host.game.turn, "Mine.")
        assert note == "%s%d%sMine." % (board.TURN_MARK, host.game.turn, board.NOTE_MARK)


def test_the_server_sends_text_and_wasm_gzip_compressed(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("<p>hello</p>" * 100)
    (out / "x.wasm").write_bytes(bytes(range(256)) * 10)
    (out / "icon-180.png").write_bytes(b"\x89PNG" + bytes(100))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(web.Handler, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d/" % server.server_address[1]

    def get(path, coding="gzip", since=None):
        request = urllib.request.Request(base + path, headers={"Accept-Encoding": coding})
        if since:
            request.add_header("If-Modified-Since", since)
        try:
            with urllib.request.urlopen(request) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), b""

    try:
        status, headers, body = get("")
        assert status == 200 and headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(body) == (out / "index.html").read_bytes()
        assert int(headers["Content-Length"]) == len(body) < 200
        status, headers, body = get("x.wasm")
        assert headers["Content-Type"] == "application/wasm"
        assert gzip.decompress(body) == (out / "x.wasm").read_bytes()
        # Not to a client that does not take it, nor for a PNG (compressed already).
        status, headers, body = get("x.wasm", "identity")
        assert "Content-Encoding" not in headers and body == (out / "x.wasm").read_bytes()
        assert get("x.wasm", "gzip;q=0")[2] == (out / "x.wasm").read_bytes()
        status, headers, body = get("icon-180.png")
        assert "Content-Encoding" not in headers
        # Revalidated on each load: unchanged, nothing is sent again.
        status, headers, body = get("x.wasm")
        assert headers["Cache-Control"] == "no-cache"
        assert get("x.wasm", since=headers["Last-Modified"])[0] == 304
    finally:
        server.shutdown()
        server.server_close()


def test_readme_figures_of_the_page_are_the_tools_and_not_stale():
    """docs/WEB.md's table is what `python -m tools.ship.web figures` makes of the kept
    measurements, and their download sizes are within 10% of the site built now (run the
    browser test and the tool again when they are not)."""
    with open(web.KEPT_METRICS) as f:
        metrics = json.load(f)
    with open(web.PAGE, encoding="utf-8") as f:
        readme = f.read()
    assert web.readme_with_figures(readme, metrics) == readme
    site = webtools.site()
    for name, size in metrics["files"].items():
        now = os.path.getsize(os.path.join(site, name))
        assert abs(now - size) <= 0.1 * size + 2000, (
            "%s is %d bytes, docs/WEB.md says %d: stale (python -m pytest "
            "tests/test_web_browser.py, then python -m tools.ship.web figures)"
            % (name, now, size))


def test_figures_without_measurements_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr(web, "METRICS", str(tmp_path / "none.json"))
    assert web.main(["figures"]) == 1


@pytest.mark.parametrize("args", [[], ["x"], ["serve", "--port", "abc"],
                                  ["serve", "--port", "99999"], ["build", "extra"],
                                  ["build", "--port", "1"], ["build", "--project-url"],
                                  ["build", "--project-url", "example.org"],
                                  ["figures", "x"]])
def test_bad_arguments_give_one_line(args):
    r = subprocess.run([sys.executable, "-m", "tools.ship.web"] + args, capture_output=True,
                       text=True, cwd=webtools.ROOT)
    assert r.returncode == 2
    assert r.stdout == "" and len(r.stderr.strip().splitlines()) == 1


def test_the_page_gets_no_machine_code_for_the_pico():
    # The native module (raster_native.viper) is the firmware image's alone (tools/ship/mpy.py):
    # the page's MicroPython could not load armv6m code; draw.py draws with its twin there.
    from tools.ship import mpy, web

    mpy.build()
    names = [path for path, _src in web.firmware_files()]
    assert "/deckdelve/ui/draw.mpy" in names
    assert not [n for n in names if "raster_native" in n], names
    for _path, src in web.firmware_files():  # nothing in the pack is machine code
        if src.endswith(".mpy"):
            with open(src, "rb") as f:
                assert f.read(3)[2] >> 2 == 0, src
