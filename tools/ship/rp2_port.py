"""MicroPython's rp2 port for the RPI_PICO board, built from the pinned sources: the flash
layout the images keep to, picotool, and the build that both the stock image (tools/ship/inputs.py)
and the Deckdelve image (tools/ship/firmware.py) come from.

Below inputs and firmware: it imports neither. The caller gives the sources' folder (from
tools/ship/inputs.py) and the cache folder, and has checked the compilers
(tools/ship/toolchain.py).
"""

import hashlib
import os
import re
import shutil
import subprocess

from tools import file_lock

# RPI_PICO: 2 MiB of flash, the last 1408 KiB of it littlefs (ports/rp2/mpconfigport.h,
# MICROPY_HW_FLASH_STORAGE_BYTES; checked against the sources at every build).
XIP_BASE = 0x10000000
FLASH_BYTES = 2 * 1024 * 1024
FS_BYTES = 1408 * 1024
FS_START = XIP_BASE + FLASH_BYTES - FS_BYTES  # 0x100A0000


class Failure(Exception):
    """A build that could not be made: str() is one line for the user."""


def make(args, cwd, what, log):
    """Run a build step with its output appended to log; Failure names the first error."""
    with open(log, "a") as f:
        f.write("\n$ %s\n" % " ".join(args))
        f.flush()
        r = subprocess.run(args, cwd=cwd, stdout=f, stderr=subprocess.STDOUT)
    if r.returncode:
        with open(log, errors="replace") as f:
            tail = [ln.rstrip() for ln in f.read().splitlines()[-400:]]
        errors = [ln for ln in tail if "error" in ln.lower()] or tail
        raise Failure("%s failed: %s (the whole log: %s)" % (what, errors[-1].strip(), log))


def picotool(tree, prefix):
    """picotool built once from tree/picotool into prefix (pico-sdk 2 makes the .uf2 with it
    and would otherwise fetch it from the internet). Returns the folder cmake's
    find_package(picotool) wants."""
    found = os.path.join(prefix, "picotool")
    if os.path.isfile(os.path.join(found, "picotoolConfig.cmake")):
        return found
    with file_lock(prefix + ".lock"):
        if os.path.isfile(os.path.join(found, "picotoolConfig.cmake")):
            return found
        work = prefix + ".build"
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        log = os.path.join(work, "build.log")
        make(["cmake", "-S", os.path.join(tree, "picotool"), "-B", work,
              "-DPICO_SDK_PATH=" + os.path.join(tree, "micropython", "lib", "pico-sdk"),
              "-DPICOTOOL_NO_LIBUSB=1", "-DPICOTOOL_FLAT_INSTALL=1",
              "-DCMAKE_INSTALL_PREFIX=" + prefix], work, "configuring picotool", log)
        make(["make", "-j%d" % (os.cpu_count() or 1), "install"], work, "building picotool", log)
        shutil.rmtree(work, ignore_errors=True)
    return found


def fs_bytes_of(tree):
    """MICROPY_HW_FLASH_STORAGE_BYTES for RPI_PICO in these sources (in bytes)."""
    port = os.path.join(tree, "micropython", "ports", "rp2")
    for path in (os.path.join(port, "boards", "RPI_PICO", "mpconfigboard.h"),
                 os.path.join(port, "mpconfigport.h")):
        with open(path) as f:
            m = re.search(r"MICROPY_HW_FLASH_STORAGE_BYTES\s+\((\d+) \* 1024\)", f.read())
        if m:
            return int(m.group(1)) * 1024
    raise Failure("no MICROPY_HW_FLASH_STORAGE_BYTES in %s's RPI_PICO configuration" % port)


def check_sources(tree):
    """Failure unless these sources keep the flash layout FS_START is worked out from."""
    fs_bytes = fs_bytes_of(tree)
    if fs_bytes != FS_BYTES:
        raise Failure("these MicroPython sources keep %d KiB of flash for files, not %d: "
                      "FS_START here is wrong for them" % (fs_bytes // 1024, FS_BYTES // 1024))
    return tree


def build(tree, build_dir, manifest, log, picotool_prefix, linker_script=None):
    """Configure and make the rp2 port for RPI_PICO, with manifest's modules frozen in (None:
    the port's own manifest) and linked by linker_script (None: the port's own). Returns the
    .uf2's path. The build folder is configured again only when these change (a second build
    then compiles only what changed)."""
    port = os.path.join(tree, "micropython", "ports", "rp2")
    args = ["cmake", "-S", port, "-B", build_dir, "-DPICO_BUILD_DOCS=0",
            "-DMICROPY_BOARD=RPI_PICO",
            "-DMICROPY_BOARD_DIR=" + os.path.join(port, "boards", "RPI_PICO"),
            "-Dpicotool_DIR=" + picotool(tree, picotool_prefix)]
    if manifest:
        args.append("-DMICROPY_FROZEN_MANIFEST=" + manifest)
    # (an empty value: cmake forgets one an earlier configure of this folder gave)
    args.append("-DMICROPY_BOARD_LINKER_SCRIPT=" + (linker_script or ""))
    configured = os.path.join(build_dir, "deckdelve-configure.txt")
    said = "\n".join(args)
    try:
        with open(configured) as f:
            same = f.read() == said
    except OSError:
        same = False
    if not same or not os.path.isfile(os.path.join(build_dir, "Makefile")):
        make(args, tree, "configuring MicroPython's rp2 port", log)
        with open(configured, "w") as f:
            f.write(said)
    make(["make", "-j%d" % (os.cpu_count() or 1)], build_dir, "building MicroPython's rp2 port",
         log)
    return os.path.join(build_dir, "firmware.uf2")


def build_folder(tree, cache, kind):
    """One build folder per source tree and kind ('firmware', 'stock') in the cache."""
    where = hashlib.sha256(os.path.realpath(tree).encode()).hexdigest()[:10]
    return os.path.join(cache, "%s-build-%s" % (kind, where))


def build_stock(tree, dest, cache, picotool_prefix):
    """The stock RPI_PICO image (the port's own manifest), built from tree into dest."""
    build_dir = build_folder(tree, cache, "stock")
    with file_lock(build_dir + ".lock"):
        os.makedirs(build_dir, exist_ok=True)
        made = build(tree, os.path.join(build_dir, "rp2"), None,
                     os.path.join(build_dir, "build.log"), picotool_prefix)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(made, dest + ".part")
        os.replace(dest + ".part", dest)
    return dest
