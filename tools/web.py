"""Build the web page: the unchanged firmware on MicroPython compiled to WebAssembly.

    python -m tools.web build            write build/web/ (a static site: any web server)
    python -m tools.web serve [--port N] build, then serve build/web/ on http://localhost:N/

build/web/ holds index.html, page.js and board.js (web/), micropython.mjs and
micropython.wasm (the npm package @micropython/micropython-webassembly-pyscript, pinned in
package.json and package-lock.json: `npm ci` installs it), and firmware.pack: the firmware's
.mpy files and help texts (compiled by tools.mpy, as `make flash` copies them to the Pico)
plus the web board (web/webboard.py), in one file the page loads with one request.
"""

import functools
import http.server
import json
import os
import shutil
import struct
import subprocess
import sys

from tools import mpy

ROOT = mpy.ROOT
WEB_SRC = os.path.join(ROOT, "web")
OUT = os.path.join(ROOT, "build", "web")
PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE_FILES = ("index.html", "page.js", "board.js")
WASM_FILES = ("micropython.mjs", "micropython.wasm")
DEFAULT_PORT = 8017


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


def build(out=OUT):
    """Write the site to out; returns {file name: bytes}."""
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
        shutil.copyfile(os.path.join(WEB_SRC, name), os.path.join(out, name))
    for name in WASM_FILES:
        shutil.copyfile(os.path.join(PACKAGE, name), os.path.join(out, name))
    return {name: os.path.getsize(os.path.join(out, name)) for name in sorted(os.listdir(out))}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".js": "text/javascript",
                             ".wasm": "application/wasm"})

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


USAGE = "usage: python -m tools.web build | serve [--port N]"


def main(argv):
    port = DEFAULT_PORT
    if argv[:1] == ["serve"] and argv[1:2] == ["--port"] and len(argv) == 3:
        if not argv[2].isdigit() or not 0 < int(argv[2]) < 65536:
            print("--port must be a number from 1 to 65535 (%s)" % USAGE, file=sys.stderr)
            return 2
        port = int(argv[2])
    elif argv not in (["build"], ["serve"]):
        print(USAGE, file=sys.stderr)
        return 2
    sizes = build()
    print("build/web: %d files, %d bytes (%s)" % (
        len(sizes), sum(sizes.values()), ", ".join("%s %d" % kv for kv in sizes.items())))
    if argv[0] == "serve":
        try:
            return serve(port)
        except OSError as e:
            print("cannot serve on port %d: %s" % (port, e.strerror or e), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
