"""The Deckdelve firmware image: MicroPython v1.28.0 for the RP2040 with the collection frozen in,
one `.uf2` per board, that installs and updates by drag-and-drop and never touches the saves.

    python -m tools.ship.firmware build --board NAME [--rebuild]   (make firmware BOARD=NAME)
    python -m tools.ship.firmware check FILE.uf2...                where each file's blocks lie
    python -m tools.ship.firmware boards                           the board names

build writes build/firmware/deckdelve-<version>-<board>.uf2: MicroPython v1.28.0 (RPI_PICO)
with firmware/manifest.py's contents frozen in: the deckdelve package (bytecode that runs in
place from flash), the image's main.py (firmware/frozen_main.py: it starts the collection), and
a module made here, deckdelve/image.py, holding the board file, the rules help texts as bytes
(read in place from flash, never copied to RAM) and the version. Every block of the image lies
below the rp2 port's filesystem (flash offset 0xA0000 on RPI_PICO), so writing it leaves every
file on the Pico's flash as it was.

Inputs: MicroPython's sources and picotool (tools/ship/inputs.py: ../shared/, the cache, or git at
the pinned tags), the ARM toolchain from Debian's packages (tools/ship/toolchain.py: its preflight
compiles a tiny C and C++ file for the Pico first, and apt-get installs what is missing when run
as root; otherwise the command to install it is printed). The build happens in the
cache folder and is cached on the hash of everything that goes into it: a second build of the
same inputs copies the cached image (0.1 s); a first build takes about a minute on 2 cores.
"""

import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import time

from tools import FIRMWARE, ROOT, file_lock
from tools.ship import inputs, mpy, ram_code, rp2_port
from tools.ship.rp2_port import FS_BYTES, FS_START, XIP_BASE, Failure  # noqa: F401 (this tool's API)

OUT = os.path.join(ROOT, "build", "firmware")
BOARDS = os.path.join(ROOT, "boards")
HELP = os.path.join(FIRMWARE, "deckdelve", "help")
MANIFEST = os.path.join(FIRMWARE, "manifest.py")
FROZEN_MAIN = os.path.join(FIRMWARE, "frozen_main.py")
RP2040_FAMILY = 0xE48BFF56


def boardfile():
    """The board checker the Pico runs (firmware/deckdelve/hw/board.py)."""
    from tools.ship import deploy

    return deploy.boardfile


def version():
    """The collection's version, as the title screen shows it (deckdelve/menus.py)."""
    with open(os.path.join(FIRMWARE, "deckdelve", "menus.py")) as f:
        m = re.search(r'^VERSION = "([^"]+)"', f.read(), re.M)
    return m.group(1)


def known_boards():
    return sorted(f[:-5] for f in os.listdir(BOARDS) if f.endswith(".json"))


def uf2_name(board):
    return "deckdelve-%s-%s.uf2" % (version(), board)


def _write_if_changed(path, data):
    """Write data unless the file already holds it (an unchanged file keeps its time, so
    MicroPython's build does not compile it again)."""
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return
    except OSError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def frozen_files(board):
    """{path in the stage: bytes}: what firmware/manifest.py freezes, as the stage holds it."""
    files = {"manifest.py": _read(MANIFEST), "main.py": _read(FROZEN_MAIN)}
    package = os.path.join(FIRMWARE, "deckdelve")
    for folder, _dirs, names in os.walk(package):
        for name in sorted(names):
            stem, ext = os.path.splitext(name)
            if ext in (".py", mpy.NATIVE_SUFFIX):
                # (a .viper module goes in as .py: the port's build compiles frozen code with
                # -march=armv6m, so its viper becomes the Pico's machine code, in flash)
                path = os.path.relpath(os.path.join(folder, stem), FIRMWARE)
                files[path.replace(os.sep, "/") + ".py"] = _read(os.path.join(folder, name))
    files["deckdelve/image.py"] = image_module(board)
    return files


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def image_module(board):
    """deckdelve/image.py as the image freezes it: what the image carries that the .mpy route
    keeps in files (the board file, the help texts), and the versions."""
    lines = [
        "# Made by tools/ship/firmware.py for %s; frozen into the firmware image only (never on "
        "flash," % uf2_name(board),
        "# never in the repository). Its bytes constants stay in flash: reading them costs no "
        "RAM.",
        "VERSION = %r" % version(),
        "MICROPYTHON = %r" % inputs.MICROPYTHON_TAG,
        "BOARD = %r" % board,
        "# The board file, checked by the same checker when this module was made (a literal:",
        "# no JSON to parse at power-on).",
        "WIRING = %r" % boardfile().load(os.path.join(BOARDS, board + ".json")),
        "HELP = {",
    ]
    names = sorted(n for n in os.listdir(HELP) if n.endswith(".txt"))
    for name in names:
        lines.append("    %r: %r," % (name[:-4], _read(os.path.join(HELP, name))))
    lines += ["}", "# Each help's lines as the help screen lays them out (deckdelve/helpview.py): "
              "their start", "# offsets then their end offsets, 16-bit little-endian. Laid out "
              "at the Pico, a", "# help took 16-25 M cycles to open (issue 36).", "HELP_LINES = {"]
    for name in names:
        lines.append("    %r: %r," % (name[:-4], help_lines(_read(os.path.join(HELP, name)))))
    lines.append("}")
    return ("\n".join(lines) + "\n").encode()


def help_lines(text):
    """The help text's layout as the image keeps it: deckdelve/helpview.py's line starts, then
    its line ends, as 16-bit little-endian numbers."""
    import io
    from array import array

    import host_sim  # noqa: F401 (the firmware's package importable here, framebuf with it)
    from deckdelve import helpview

    starts, ends = helpview.layout(io.BytesIO(text), helpview.WIDTH)
    both = array("H", list(starts) + list(ends))
    if sys.byteorder != "little":
        both.byteswap()
    return both.tobytes()


def _sync_stage(stage, files):
    """Make the stage folder hold exactly files."""
    for path, data in files.items():
        _write_if_changed(os.path.join(stage, path), data)
    for folder, _dirs, names in os.walk(stage, topdown=False):
        for name in names:
            rel = os.path.relpath(os.path.join(folder, name), stage).replace(os.sep, "/")
            if rel not in files:
                os.unlink(os.path.join(folder, name))
        if folder != stage and not os.listdir(folder):
            os.rmdir(folder)


def _gcc_version():
    r = subprocess.run(["arm-none-eabi-gcc", "--version"], capture_output=True, text=True)
    return r.stdout.splitlines()[0] if r.stdout else "?"


def inputs_hash(board, tree, files):
    """The hash of everything that makes the image: the sources' pinned commit (and folder, for
    a tree the user named), the compiler, this tool and the port's build, the staged files."""
    h = hashlib.sha256()
    for part in (inputs.MICROPYTHON_COMMIT, inputs.PICOTOOL_COMMIT, _gcc_version(), board,
                 os.path.realpath(tree) if os.environ.get("MICROPYTHON_SRC") else ""):
        h.update(part.encode() + b"\0")
    for tool in (os.path.abspath(__file__), rp2_port.__file__, ram_code.__file__):
        h.update(_read(tool))
    for path in sorted(files):
        h.update(path.encode() + b"\0" + hashlib.sha256(files[path]).digest())
    return h.hexdigest()


def _sources():
    inputs.toolchain()
    return rp2_port.check_sources(inputs.micropython())


LINKER_SCRIPT = "memmap_deckdelve.ld"  # in the stage folder: tools/ship/ram_code.py's


def staged_files(board, tree):
    """Everything the build reads from the stage folder: the frozen files and the linker
    script."""
    files = frozen_files(board)
    files[LINKER_SCRIPT] = ram_code.linker_script(tree).encode()
    return files


def linker_map(board):
    """The linker's map of board's image (built again when the cache has the image only)."""
    build(board)
    tree = _sources()
    key = inputs_hash(board, tree, staged_files(board, tree))
    path = os.path.join(inputs.cache_dir(), "firmware", key + ".map")
    if not os.path.isfile(path):
        build(board, rebuild=True)
    return path


def build(board, rebuild=False, out=OUT):
    """Build (or take from the cache) the image for board; returns its path in out."""
    if board not in known_boards():
        raise Failure("unknown board %r; known boards: %s" % (board, ", ".join(known_boards())))
    try:
        boardfile().load(os.path.join(BOARDS, board + ".json"))
    except ValueError as e:
        raise Failure("boards/%s.json: %s" % (board, e)) from None
    tree = _sources()
    files = staged_files(board, tree)
    key = inputs_hash(board, tree, files)
    cached = os.path.join(inputs.cache_dir(), "firmware", key + ".uf2")
    dest = os.path.join(out, uf2_name(board))
    os.makedirs(out, exist_ok=True)
    if not rebuild and os.path.isfile(cached):
        shutil.copyfile(cached, dest)
        return dest
    # One build folder per source tree, shared by every board (a board changes only the
    # frozen modules, so switching boards recompiles little), and never two builds in it at
    # once.
    build_dir = rp2_port.build_folder(tree, inputs.cache_dir(), "firmware")
    with file_lock(build_dir + ".lock"):
        stage = os.path.join(build_dir, "stage")
        _sync_stage(stage, files)
        log = os.path.join(build_dir, "build.log")
        os.makedirs(build_dir, exist_ok=True)
        with open(log, "w") as f:
            f.write("deckdelve firmware %s for %s, inputs %s\n" % (version(), board, key))
        made = rp2_port.build(tree, os.path.join(build_dir, "rp2"),
                              os.path.join(stage, "manifest.py"), log, inputs.picotool_prefix(),
                              os.path.join(stage, LINKER_SCRIPT))
        check(made)
        os.makedirs(os.path.dirname(cached), exist_ok=True)
        # (the linker's map beside it, first: where each function and constant lies in the
        # image, for tools/pico/profile.py)
        shutil.copyfile(os.path.join(os.path.dirname(made), "firmware.elf.map"),
                        cached[:-4] + ".map")
        shutil.copyfile(made, cached + ".part")
        os.replace(cached + ".part", cached)
    shutil.copyfile(cached, dest)
    return dest


# ---- UF2 -------------------------------------------------------------------------------------

UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
UF2_FAMILY_FLAG = 0x00002000


def blocks(path):
    """[(address, payload bytes)] of a UF2 file, each block checked; raises Failure."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise Failure("%s: %s" % (path, e.strerror or e)) from None
    if not data or len(data) % 512:
        raise Failure("%s is not a UF2 file (its size is not a multiple of 512)" % path)
    out = []
    total = len(data) // 512
    for i in range(total):
        b = data[i * 512:(i + 1) * 512]
        m0, m1, flags, addr, size, n, count, family = struct.unpack("<8I", b[:32])
        (end,) = struct.unpack("<I", b[508:])
        if (m0, m1, end) != UF2_MAGIC:
            raise Failure("%s: block %d is not a UF2 block" % (path, i))
        if not flags & UF2_FAMILY_FLAG or family != RP2040_FAMILY:
            raise Failure("%s: block %d is not for the RP2040 (family %#x)" % (path, i, family))
        if n != i or count != total or size > 476:
            raise Failure("%s: block %d says it is %d of %d" % (path, i, n, count))
        out.append((addr, b[32:32 + size]))
    return out


def check(path):
    """Every block of the image lies in flash below the filesystem. Returns (lowest address,
    end of the highest block, number of blocks); raises Failure otherwise."""
    bs = blocks(path)
    low = min(a for a, _p in bs)
    high = max(a + len(p) for a, p in bs)
    if low < XIP_BASE or high > FS_START:
        raise Failure("%s: its blocks span %#x..%#x, which reaches the filesystem at %#x: "
                      "writing it would damage the player's files" % (path, low, high, FS_START))
    return low, high, len(bs)


def apply(flash, path):
    """Write a UF2's blocks into flash (a bytearray of the whole flash, from XIP_BASE), as the
    RP2040's bootloader does when the file is dragged onto it."""
    for addr, payload in blocks(path):
        at = addr - XIP_BASE
        flash[at:at + len(payload)] = payload
    return flash


def main(argv=None):
    from host_sim.__main__ import Parser

    p = Parser(prog="python -m tools.ship.firmware", description=__doc__.split("\n\n")[0])
    p.add_argument("command", choices=("build", "check", "boards"))
    p.add_argument("files", nargs="*", metavar="FILE", help="UF2 files (check)")
    p.add_argument("--board", help="a board file name from boards/ (without .json)")
    p.add_argument("--rebuild", action="store_true", help="build even if the cache has it")
    a = p.parse_args(argv)
    try:
        if a.command == "boards":
            print("\n".join(known_boards()))
        elif a.command == "check":
            if not a.files:
                p.error("check needs one or more .uf2 files")
            for path in a.files:
                low, high, n = check(path)
                print("%s: %d blocks, %#x..%#x, %d KB below the filesystem at %#x" % (
                    path, n, low, high, (FS_START - high) // 1024, FS_START))
        else:
            if not a.board:
                p.error("which board? give BOARD=<name> (make) or --board NAME; known boards: "
                        + ", ".join(known_boards()))
            began = time.time()
            path = build(a.board, a.rebuild)
            low, high, n = check(path)
            print("%s: %d bytes, ends at %#x (%d KB below the filesystem); %.1f s" % (
                os.path.relpath(path), os.path.getsize(path), high, (FS_START - high) // 1024,
                time.time() - began))
    except (Failure, inputs.Missing) as e:
        print("firmware: %s" % e, file=sys.stderr)
        return 1
    except OSError as e:  # the build folder or the cache cannot be written
        print("firmware: %s: %s" % (e.filename or "", e.strerror or e), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
