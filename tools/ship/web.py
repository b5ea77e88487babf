"""Build the web page: the unchanged firmware on MicroPython compiled to WebAssembly.

    python -m tools.ship.web build [--project-url URL]
                                write build/web/ (a static site: any web server)
    python -m tools.ship.web serve [--port N] [--project-url URL]
                                build, then serve build/web/ on http://localhost:N/,
                                gzip-compressed (as static hosts send it)
    python -m tools.ship.web figures write docs/WEB.md's "Measured" table of the page from the
                                browser test's measurements (build/web-metrics.json, which
                                tests/test_web_browser.py writes), kept in docs/web-metrics.json

build/web/ holds index.html, page.js and board.js (web/), micropython.mjs and
micropython.wasm (the npm package @micropython/micropython-webassembly-pyscript, pinned in
package.json and package-lock.json: `npm ci` installs it), firmware.pack: the firmware's
.mpy files and help texts (compiled by tools.ship.mpy, as `make flash` copies them to the Pico)
plus the web board (web/webboard.py), in one file the page loads with one request; the
page's icon drawn from ICON below (icon.svg, and PNGs at the sizes phones ask for, one of
them maskable); manifest.json (the web app manifest: "Add to Home Screen" and "Install");
sw.js (web/sw.js, the service worker, given this build's version, a hash of every file it
keeps, and each file's SHA-256: an installed page starts offline, and a new build is never
mixed with an old one); share.png (a shared link's picture: the firmware's title screen).
index.html gets the bytes of the files it loads (for its progress bar), given --project-url
(or PROJECT_URL to make) a link to the project, and given SITE_URL (the address the site is
served from) the shared picture's absolute address (relative without).
"""

import functools
import gzip
import html
import http.server
import io
import json
import os
import shutil
import struct
import subprocess
import sys
from email.utils import parsedate_to_datetime

from tools.ship import mpy

ROOT = mpy.ROOT
WEB_SRC = os.path.join(ROOT, "web")
OUT = os.path.join(ROOT, "build", "web")
PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE_FILES = ("index.html", "page.js", "board.js")
WASM_FILES = ("micropython.mjs", "micropython.wasm")
# The icon at the sizes phones ask for: 180 (iOS's home screen), 192 and 512 (Android's, and
# the install prompt's); a "maskable" 512 with the card inside the round crop's safe zone.
ICON_SIZES = (180, 192, 512)
ICON_FILES = ("icon.svg",) + tuple("icon-%d.png" % n for n in ICON_SIZES) + ("icon-mask-512.png",)
SHARE_FILE = "share.png"  # a shared link's picture (Open Graph, Twitter): the title screen
SHARE_SIZE = (1200, 630)
MANIFEST = "manifest.json"
WORKER = "sw.js"  # the service worker (web/sw.js with this build's version and files)
LOADED = ("micropython.mjs", "micropython.wasm", "firmware.pack")  # the progress bar's files
DEFAULT_PORT = 8017
METRICS = os.path.join(ROOT, "build", "web-metrics.json")  # tests/test_web_browser.py writes it
KEPT_METRICS = os.path.join(ROOT, "docs", "web-metrics.json")
PAGE = os.path.join(ROOT, "docs", "WEB.md")  # the page's own doc, which quotes its figures
FIGURES_BEGIN = ("<!-- The page's figures: written by `python -m tools.ship.web figures` from the "
                 "browser test's measurements (docs/web-metrics.json); not edited by hand. -->")
FIGURES_END = "<!-- end of the page's figures -->"

# The page's icon: a card with a spade, in the OLED's colours (host_sim/render.py), 16x16.
ICON = (
    "................",
    "..###########...",
    ".#############..",
    ".#############..",
    ".######.######..",
    ".#####...#####..",
    ".####.....####..",
    ".###.......###..",
    ".##.........##..",
    ".##.........##..",
    ".###..#.#..###..",
    ".######.######..",
    ".#####...#####..",
    ".#############..",
    "..###########...",
    "................",
)
ICON_LIT = (210, 235, 255)
ICON_DARK = (8, 10, 14)


def firmware_files(build_dir=mpy.BUILD):
    """(path on the page's filesystem, file on disk) for every firmware file the Pico gets,
    except main.py (the page starts the web board instead)."""
    root = os.path.join(build_dir, "deckdelve")
    files = []
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        for name in sorted(names):
            if name.endswith((".mpy", ".txt", ".bin")):
                src = os.path.join(folder, name)
                files.append(("/" + os.path.relpath(src, build_dir).replace(os.sep, "/"), src))
    return files


def pack(files):
    """The pack web/board.js unpacks: a 4-byte little-endian length, a JSON index of
    [path, size] pairs, then the files' bytes in the same order."""
    blobs = []
    index = []
    for path, src in files:
        with open(src, "rb") as f:
            data = f.read()
        blobs.append(data)
        index.append([path, len(data)])
    head = json.dumps(index, separators=(",", ":")).encode()
    return struct.pack("<I", len(head)) + head + b"".join(blobs)


def compile_board(out_dir):
    """web/webboard.py as .mpy, with the same mpy-cross as the firmware."""
    dest = os.path.join(out_dir, "webboard.mpy")
    r = subprocess.run([mpy.tool("mpy-cross"), "-o", dest, "-s", "webboard.py",
                        os.path.join(WEB_SRC, "webboard.py")], capture_output=True, text=True)
    if r.returncode:
        raise SystemExit("mpy-cross failed on web/webboard.py:\n" + r.stderr)
    return dest


def icon_svg():
    rgb = "rgb(%d,%d,%d)"
    rects = []
    for y, row in enumerate(ICON):
        x = row.find("#")
        while x >= 0:  # one rectangle for each run of lit pixels
            end = row.find(".", x)
            end = len(row) if end < 0 else end
            rects.append('<rect x="%d" y="%d" width="%d" height="1"/>' % (x, y, end - x))
            x = row.find("#", end)
    rects = "".join(rects)
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" '
            'shape-rendering="crispEdges"><rect width="16" height="16" rx="2" fill="%s"/>'
            '<g fill="%s">%s</g></svg>\n' % (rgb % ICON_DARK, rgb % ICON_LIT, rects))


def icon_png(path, size=180, share=1.0):
    """The icon at a whole number of pixels per icon pixel, centred on the dark ground, over
    `share` of its width at most (a maskable icon keeps to the middle of its square)."""
    from PIL import Image

    icon = Image.new("RGB", (16, 16), ICON_DARK)
    for y, row in enumerate(ICON):
        for x, c in enumerate(row):
            if c == "#":
                icon.putpixel((x, y), ICON_LIT)
    k = int(size * share) // 16
    image = Image.new("RGB", (size, size), ICON_DARK)
    image.paste(icon.resize((16 * k, 16 * k), Image.NEAREST), ((size - 16 * k) // 2,) * 2)
    image.save(path, optimize=True)


# A maskable icon's safe zone is the circle of 40% of its width around the middle: the
# card's square, 16 icon pixels across, fits inside it when its half-diagonal does.
MASK_SHARE = 0.8 / 2 ** 0.5


def title_frame():
    """The firmware's title screen (the simulator, on an empty data folder)."""
    import tempfile

    from host_sim.sim import Sim

    with tempfile.TemporaryDirectory(prefix="deckdelve-share-") as data:
        sim = Sim(data, seed=1)
        sim.settle()
        return bytes(sim.buf)


def share_png(path):
    """A shared link's picture: the title screen as the page shows it (host_sim's OLED look),
    as large as whole pixels allow on SHARE_SIZE, with the icon's dark ground around it."""
    from PIL import Image

    from host_sim import render

    width, height = SHARE_SIZE
    k = min((width - 80) // render.W, (height - 80) // render.H)
    screen = render.to_image(title_frame(), k).convert("RGB")
    image = Image.new("RGB", SHARE_SIZE, ICON_DARK)
    image.paste(screen, ((width - screen.width) // 2, (height - screen.height) // 2))
    image.save(path, optimize=True)


def manifest():
    """The web app manifest: what a phone's "Add to Home Screen" and a browser's "Install"
    read (a handheld of its own: standalone, either way up, the OLED's dark colours)."""
    rgb = "#%02x%02x%02x"
    icons = [{"src": "icon-%d.png" % n, "sizes": "%dx%d" % (n, n), "type": "image/png",
              "purpose": "any"} for n in ICON_SIZES]
    icons.append({"src": "icon-mask-512.png", "sizes": "512x512", "type": "image/png",
                  "purpose": "maskable"})
    icons.append({"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"})
    return {
        "name": "Deckdelve",
        "short_name": "Deckdelve",
        "description": "Five solitaire card games for a handheld you build, on its own "
                       "firmware: played here, offline too.",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "display_override": ["fullscreen", "standalone"],
        "orientation": "any",
        "background_color": rgb % (16, 19, 24),
        "theme_color": rgb % (16, 19, 24),
        "categories": ["games"],
        "icons": icons,
    }


def worker(out, names):
    """web/sw.js with this build's version (a hash of every file it keeps, so that a worker
    of an earlier build never serves this one's page) and its files with their hashes."""
    import base64
    import hashlib

    files = []
    whole = hashlib.sha256()
    for name in names:
        with open(os.path.join(out, name), "rb") as f:
            data = f.read()
        whole.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
        files.append([name, "sha256-" + base64.b64encode(hashlib.sha256(data).digest())
                      .decode()])
    with open(os.path.join(WEB_SRC, WORKER), encoding="utf-8") as f:
        text = f.read()
    text = text.replace("%VERSION%", whole.hexdigest()[:16])
    text = text.replace("%FILES%", json.dumps(files, separators=(",", ":")))
    with open(os.path.join(out, WORKER), "w", encoding="utf-8") as f:
        f.write(text)
    return whole.hexdigest()[:16]


def write_index(out, project_url, site_url=""):
    """index.html with the bytes of the files it loads, the link to the project and the
    address of the site (a shared link's picture is an absolute address; none: relative)."""
    with open(os.path.join(WEB_SRC, "index.html"), encoding="utf-8") as f:
        page = f.read()
    sizes = {name: os.path.getsize(os.path.join(out, name)) for name in LOADED}
    page = page.replace("%DOWNLOAD_BYTES%", html.escape(json.dumps(sizes, sort_keys=True)))
    link = ""
    if project_url:
        link = (' The project, to build one, read the rules or change them: <a href="%s">%s</a>.'
                % (html.escape(project_url), html.escape(project_url)))
    page = page.replace("%PROJECT_LINK%", link)
    page = page.replace("%SITE_URL%", html.escape(site_url))
    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
        f.write(page)


def build(out=OUT, project_url=None):
    """Write the site to out; returns {file name: bytes}. project_url: the page's link to the
    project (None: from the environment's PROJECT_URL; empty: no link)."""
    if project_url is None:
        project_url = os.environ.get("PROJECT_URL", "")
    missing = [f for f in WASM_FILES if not os.path.exists(os.path.join(PACKAGE, f))]
    if missing:
        raise SystemExit("%s not installed: run `npm ci` (or `make web`, which does)"
                         % os.path.relpath(PACKAGE, ROOT))
    mpy.build()
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    files = firmware_files() + [("/webboard.mpy", compile_board(out))]
    with open(os.path.join(out, "firmware.pack"), "wb") as f:
        f.write(pack(files))
    os.remove(os.path.join(out, "webboard.mpy"))
    for name in PAGE_FILES:
        if name != "index.html":
            shutil.copyfile(os.path.join(WEB_SRC, name), os.path.join(out, name))
    for name in WASM_FILES:
        shutil.copyfile(os.path.join(PACKAGE, name), os.path.join(out, name))
    with open(os.path.join(out, "icon.svg"), "w") as f:
        f.write(icon_svg())
    for n in ICON_SIZES:
        icon_png(os.path.join(out, "icon-%d.png" % n), n)
    icon_png(os.path.join(out, "icon-mask-512.png"), 512, MASK_SHARE)
    share_png(os.path.join(out, SHARE_FILE))
    with open(os.path.join(out, MANIFEST), "w") as f:
        json.dump(manifest(), f, indent=1)
        f.write("\n")
    site_url = os.environ.get("SITE_URL", "")
    if site_url and not site_url.endswith("/"):
        site_url += "/"
    write_index(out, project_url, site_url)
    # The worker keeps what the page needs to start and play (the shared picture is for
    # other sites: not kept).
    worker(out, sorted(n for n in os.listdir(out) if n not in (WORKER, SHARE_FILE)))
    return {name: os.path.getsize(os.path.join(out, name)) for name in sorted(os.listdir(out))}


COMPRESSED = (".html", ".js", ".mjs", ".wasm", ".pack", ".svg", ".json")


@functools.lru_cache(maxsize=32)
def gzipped(path, _mtime_ns, _size):
    """A file gzip-compressed, once per version of it (the arguments after path key it)."""
    with open(path, "rb") as f:
        return gzip.compress(f.read(), 9, mtime=0)


def accepts_gzip(header):
    for part in (header or "").split(","):
        coding, _, q = part.strip().partition(";")
        if coding.strip().lower() == "gzip":
            return q.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files as a web host sends them: the text and WebAssembly gzip-compressed to a
    browser that takes it, the rest as they are; revalidated on each load (no stale page
    after `make web`)."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".js": "text/javascript",
                             ".wasm": "application/wasm"})

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not (path.endswith(COMPRESSED) and os.path.isfile(path)
                and accepts_gzip(self.headers.get("Accept-Encoding"))):
            return super().send_head()
        st = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                if parsedate_to_datetime(since).timestamp() >= int(st.st_mtime):
                    self.send_response(304)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError):
                pass
        body = gzipped(path, st.st_mtime_ns, st.st_size)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, *args):
        pass  # quiet: one line at start says where to look


def serve(port, out=OUT):
    handler = functools.partial(Handler, directory=out)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
        print("serving %s on http://localhost:%d/ (Ctrl-C stops)"
              % (os.path.relpath(out, ROOT), httpd.server_address[1]), flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


def kb(n):
    return "%d KB" % round(n / 1000)


def figures_markdown(m):
    """docs/WEB.md's table of the page's figures, from the browser test's measurements."""
    files = m["files"]
    sent = m["sent"]
    parts = (("the MicroPython WebAssembly", ("micropython.wasm",)),
             ("its loader", ("micropython.mjs",)),
             ("the firmware pack", ("firmware.pack",)),
             ("the page and its icons", tuple(n for n in sorted(sent) if n not in LOADED)))
    each = ", ".join("%s %s (%s)" % (what, kb(sum(files[n] for n in names)),
                                     kb(sum(sent[n] for n in names)))
                     for what, names in parts)
    throttle = m["throttle"]
    rows = [
        ("download", "%s in %d files; %s as the local server sends them, gzip-compressed: %s"
         % (kb(sum(files[n] for n in sent)), len(sent), kb(sum(sent.values())), each)),
        ("load to title screen", "a first visit: %.2f s over localhost, %.1f s over a %.1f "
         "Mbit/s link with %d ms latency; a reload: %.2f s (from the start of navigation "
         "to the title on the canvas)" % (
             m["title_ms_first"] / 1000, m["title_ms_throttled"] / 1000,
             throttle["kbit_s"] / 1000, throttle["latency_ms"],
             min(m["title_ms_reload"]) / 1000)),
        ("installed, offline", "a start with the network cut off, from the service "
         "worker's copy of this version (%d files, %s): %.2f s" % (
             len(m["kept"]), kb(sum(m["kept"].values())), m["title_ms_offline"] / 1000)),
        ("one frame (firmware step + storage check)", "%.2f ms median, %.2f ms mean, %.1f ms "
         "at the 99th percentile, %.0f ms at worst (a game's modules loading), over %d frames"
         % (m["step_ms_median"], m["step_ms_mean"], m["step_ms_p99"], m["step_ms_max"],
            m["frames"])),
        ("one repaint of the canvas", "%.2f ms median, %.1f ms at worst"
         % (m["paint_ms_median"], m["paint_ms_max"])),
    ]
    lines = [FIGURES_BEGIN, "", "| | |", "|---|---|"]
    lines += ["| %s | %s |" % row for row in rows]
    lines += ["", "(%s, %s; one run: times vary from run to run on a shared machine.)"
              % (m["browser"], m["date"]), "", FIGURES_END]
    return "\n".join(lines)


def readme_with_figures(readme, metrics):
    """docs/WEB.md with its block of the page's figures rewritten; ValueError if it has none."""
    begin = readme.index(FIGURES_BEGIN)
    end = readme.index(FIGURES_END, begin) + len(FIGURES_END)
    return readme[:begin] + figures_markdown(metrics) + readme[end:]


def figures():
    """build/web-metrics.json -> docs/web-metrics.json and docs/WEB.md's table."""
    try:
        with open(METRICS) as f:
            metrics = json.load(f)
    except (OSError, ValueError) as e:
        print("no measurements in %s (%s): run the browser test first (python -m pytest "
              "tests/test_web_browser.py)" % (os.path.relpath(METRICS, ROOT), e),
              file=sys.stderr)
        return 1
    with open(PAGE, encoding="utf-8") as f:
        readme = f.read()
    try:
        readme = readme_with_figures(readme, metrics)
    except ValueError:
        print("docs/WEB.md has no block of the page's figures to rewrite", file=sys.stderr)
        return 1
    with open(KEPT_METRICS, "w") as f:
        json.dump(metrics, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(PAGE, "w", encoding="utf-8") as f:
        f.write(readme)
    print("docs/WEB.md: the page's figures from %s" % os.path.relpath(METRICS, ROOT))
    return 0


USAGE = ("usage: python -m tools.ship.web build [--project-url URL] | serve [--port N] "
         "[--project-url URL] | figures")


def parse(argv):
    """(command, port, project_url) or a one-line error (str)."""
    if argv == ["figures"]:
        return "figures", None, None
    if not argv or argv[0] not in ("build", "serve"):
        return USAGE
    command, rest = argv[0], argv[1:]
    port = DEFAULT_PORT
    project_url = None
    while rest:
        if rest[0] == "--port" and command == "serve" and len(rest) > 1:
            if not rest[1].isdigit() or not 0 < int(rest[1]) < 65536:
                return "--port must be a number from 1 to 65535 (%s)" % USAGE
            port = int(rest[1])
        elif rest[0] == "--project-url" and len(rest) > 1:
            if not rest[1].startswith(("https://", "http://")):
                return "--project-url must be an http(s) address (%s)" % USAGE
            project_url = rest[1]
        else:
            return USAGE
        rest = rest[2:]
    return command, port, project_url


def main(argv):
    if argv in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    parsed = parse(argv)
    if isinstance(parsed, str):
        print(parsed, file=sys.stderr)
        return 2
    command, port, project_url = parsed
    if command == "figures":
        return figures()
    sizes = build(project_url=project_url)
    print("build/web: %d files, %d bytes (%s)" % (
        len(sizes), sum(sizes.values()), ", ".join("%s %d" % kv for kv in sizes.items())))
    if command == "serve":
        try:
            return serve(port)
        except OSError as e:
            print("cannot serve on port %d: %s" % (port, e.strerror or e), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
