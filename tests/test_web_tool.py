"""tools.ship.web: the site it builds, its server (gzip), the README's figures of the page, and one
line on stderr for bad arguments."""

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
    # The icon: the same picture as SVG and PNG.
    from PIL import Image

    png = Image.open(os.path.join(out, "icon-180.png")).convert("RGB")
    k = 180 // 16
    at = (180 - 16 * k) // 2
    for y, row in enumerate(web.ICON):
        for x, c in enumerate(row):
            pixel = png.getpixel((at + x * k + k // 2, at + y * k + k // 2))
            assert pixel == (web.ICON_LIT if c == "#" else web.ICON_DARK)
    with open(os.path.join(out, "icon.svg")) as f:
        svg = f.read()
    lit = sum(int(w) for w in re.findall(r'<rect x="\d+" y="\d+" width="(\d+)"', svg))
    assert lit == sum(row.count("#") for row in web.ICON)


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
    """The README's table is what `python -m tools.ship.web figures` makes of the kept
    measurements, and their download sizes are within 10% of the site built now (run the
    browser test and the tool again when they are not)."""
    with open(web.KEPT_METRICS) as f:
        metrics = json.load(f)
    with open(web.README, encoding="utf-8") as f:
        readme = f.read()
    assert web.readme_with_figures(readme, metrics) == readme
    site = webtools.site()
    for name, size in metrics["files"].items():
        now = os.path.getsize(os.path.join(site, name))
        assert abs(now - size) <= 0.1 * size + 2000, (
            "%s is %d bytes, the README says %d: stale (python -m pytest "
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
