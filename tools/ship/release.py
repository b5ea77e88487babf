"""A release of Deckdelve in one folder: every board's firmware image, the web player as a zip,
their SHA-256 sums and release notes saying what each file is for.

    python -m tools.ship.release [--out DIR]          (make release; DIR defaults to build/release)

The images come from tools/ship/firmware.py (built, or taken from its cache), the web player from
tools/ship/web.py (build/web/ zipped). RELEASE-NOTES.md and SHA256SUMS are written from what was
made, never by hand.
"""

import hashlib
import os
import shutil
import sys
import zipfile

from tools import ROOT
from tools.ship import firmware, inputs

OUT = os.path.join(ROOT, "build", "release")


def board_line(board):
    """'display on bus' for a board, from its file."""
    wiring = firmware.boardfile().load(os.path.join(firmware.BOARDS, board + ".json"))
    return wiring.get("title", board)


def web_zip(out, name, project_url=None):
    """build/web/ (tools/ship/web.py builds it, with project_url) as out/name; returns its path."""
    from tools.ship import web

    web.build(project_url=project_url)
    path = os.path.join(out, name)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for file in sorted(os.listdir(web.OUT)):
            z.write(os.path.join(web.OUT, file), "deckdelve-web/" + file)
    return path


def notes(version, images, web):
    """RELEASE-NOTES.md for these files ({board: path}, the web zip's path)."""
    lines = [
        "# Deckdelve %s" % version,
        "",
        "Five solitaire card games for a handheld built from a Raspberry Pi Pico (RP2040), a "
        "128x64 OLED and six buttons. Each `.uf2` is MicroPython %s for the Raspberry Pi Pico "
        "with the whole collection built in, for one wiring (board):" % inputs.MICROPYTHON_TAG,
        "",
        "| file | board | flash it takes | ends at |",
        "|---|---|---|---|",
    ]
    for board, path in sorted(images.items()):
        low, high, _n = firmware.check(path)
        lines.append("| `%s` | %s (`boards/%s.json`) | %d KB | %#x |" % (
            os.path.basename(path), board_line(board), board, (high - low) // 1024,
            high))
    lines += [
        "",
        "**Install or update**: hold the Pico's BOOTSEL button while plugging it in (or while "
        "pressing RESET), release it: a drive called RPI-RP2 appears. Copy your board's `.uf2` "
        "onto it. The Pico restarts into the collection. Updating is the same; saved runs, "
        "scores, settings and campaigns stay (every block of the file lies below the flash "
        "where the Pico keeps them, %#x)." % firmware.FS_START,
        "",
        "**Rewired your handheld?** A `/board.json` on the Pico's flash (`mpremote cp "
        "boards/NAME.json :board.json`) is used instead of the board built in.",
        "",
        "**Trouble?** Hold B while the Pico starts (A on the PicoBoy, whose B is BOOTSEL): the "
        "collection is skipped and MicroPython's prompt is on the USB serial port.",
        "",
        "**Back to plain MicroPython**: copy the stock MicroPython %s `.uf2` for the Pico "
        "(https://micropython.org/download/RPI_PICO/) onto RPI-RP2 the same way; the files "
        "on flash stay." % inputs.MICROPYTHON_TAG,
        "",
        "**`%s`**: the web player, a static site (unzip it onto any web host, or serve it "
        "locally: it must be served over http(s), not opened as a file). The same games on "
        "MicroPython compiled to WebAssembly." % os.path.basename(web),
        "",
        "**`SHA256SUMS`**: `sha256sum -c SHA256SUMS` checks every file above.",
        "",
    ]
    return "\n".join(lines)


def release(out=OUT, project_url=None):
    """Make the release in out (emptied first); returns the paths made, notes first.
    project_url: the web player's link to the project (see tools/ship/web.py)."""
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    version = firmware.version()
    images = {}
    for board in firmware.known_boards():
        images[board] = firmware.build(board, out=out)
    web = web_zip(out, "deckdelve-%s-web.zip" % version, project_url)
    sums = []
    for path in sorted(images.values()) + [web]:
        with open(path, "rb") as f:
            sums.append("%s  %s\n" % (hashlib.sha256(f.read()).hexdigest(),
                                      os.path.basename(path)))
    with open(os.path.join(out, "SHA256SUMS"), "w") as f:
        f.writelines(sums)
    with open(os.path.join(out, "RELEASE-NOTES.md"), "w") as f:
        f.write(notes(version, images, web))
    return [os.path.join(out, "RELEASE-NOTES.md"), os.path.join(out, "SHA256SUMS")] + sorted(
        images.values()) + [web]


def main(argv=None):
    from host_sim.__main__ import Parser

    p = Parser(prog="python -m tools.ship.release", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default=OUT, help="the release folder (default build/release)")
    p.add_argument("--project-url", help="the web player's link to the project")
    a = p.parse_args(argv)
    folder = a.out if os.path.isdir(a.out) else os.path.dirname(os.path.abspath(a.out))
    if os.path.exists(a.out) and not os.path.isdir(a.out):
        p.error("--out %s: not a folder" % a.out)
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        p.error("--out %s: cannot write in %s" % (a.out, folder))
    try:
        made = release(a.out, a.project_url)
    except (firmware.Failure, inputs.Missing) as e:
        print("release: %s" % e, file=sys.stderr)
        return 1
    except SystemExit as e:  # tools/ship/web.py says what is missing (npm ci) this way
        print("release: %s" % e, file=sys.stderr)
        return 1
    for path in made:
        print("%-40s %8d bytes" % (os.path.relpath(path), os.path.getsize(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
