"""Inputs from outside the repository, found or fetched in one place, pinned and checked.

    python -m tools.ship.inputs                 where each input is found (or why it is not)
    python -m tools.ship.inputs get NAME...     find or fetch these (micropython, bootrom, stock,
                                           toolchain)

- micropython: MicroPython v1.28.0's sources for the rp2 port, with picotool 2.2.0. Looked for
  in $MICROPYTHON_SRC (a folder holding `micropython/` and `picotool/`, as the archive does);
  in ../shared/micropython-rp2/'s archive (its SHA-256 pinned), unpacked once into the cache;
  in the cache; else `git clone` of the pinned tags, each checked against its pinned commit.
- bootrom: the RP2040 B1 bootrom as a JS module exporting bootromB1 (rp2040js's
  demo/bootrom.ts). $PICO_BOOTROM; ../shared/pico-emu/bootrom.mjs; the cache; else downloaded
  from rp2040js at a pinned commit. Any copy is checked by the SHA-256 of its 16 KiB of bootrom.
- stock: the stock MicroPython v1.28.0 RPI_PICO image, as users download it. $PICO_FIRMWARE;
  ../shared/pico-emu/; the cache; else built from `micropython` with the port's own manifest
  (tools/ship/rp2_port.py).
- toolchain: the compilers the image is built with, from Debian's packages (tools/ship/toolchain.py
  holds their one list). Its preflight compiles and links a tiny C and C++ file for the Pico in
  about a second; get installs what is missing with apt-get (as root).

../shared/ is looked for beside the checkout, beside the main checkout of a git worktree and
beside the checkout a local clone came from. The cache is $DECKDELVE_CACHE, else
$XDG_CACHE_HOME/deckdelve, else ~/.cache/deckdelve.

The stock image is built rather than downloaded: micropython.org's own file for v1.28.0 is
another build of the same sources (another compiler and date) whose SHA-256 we could not take
from here, and an image built from the pinned sources is what the frozen image is built from.

An input that can be neither found nor fetched raises Missing: one sentence saying what, why,
and the command that gets it. Tests turn that into a skip with that sentence (never under
CI=true, where it is a failure: tests/outside.py).
"""

import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import urllib.request

from tools import ROOT, file_lock
from tools.ship import rp2_port, toolchain as _toolchain

MICROPYTHON_TAG = "v1.28.0"
MICROPYTHON_COMMIT = "e0e9fbb17ed6fd06bb76e266ae554784c9c80804"
MICROPYTHON_GIT = "https://github.com/micropython/micropython"
PICOTOOL_TAG = "2.2.0"
PICOTOOL_COMMIT = "a7eb3988f0645239185fadb4e25d8279478c2dbb"
PICOTOOL_GIT = "https://github.com/raspberrypi/picotool"
SOURCES_ARCHIVE = "micropython-1.28.0-rp2-src.tar.xz"
SOURCES_SHA256 = "018b8d9e55d3fe071a25ca0a8ca88c11438738b3bdb4a1e22276b5367a9e0f95"
STOCK_NAME = "micropython-v1.28.0-RPI_PICO.uf2"
BOOTROM_NAME = "bootrom.mjs"
# The rp2040js commit whose demo/bootrom.ts we pin, and the SHA-256 of the 16,384 bytes of
# bootrom it holds (B1, pico-bootrom 00a4a19): the check holds for any copy in any layout.
BOOTROM_URL = ("https://raw.githubusercontent.com/wokwi/rp2040js/"
               "8f032378586948687ed54e2309931aa3d543ba79/demo/bootrom.ts")
BOOTROM_SHA256 = "90b31e108faedfa6bbcfcc33ba05dac61e645108cfbbdc385f8dafc71fde44ae"
FETCH_TIMEOUT_S = 20
GET = "python -m tools.ship.inputs get"


class Missing(Exception):
    """An input that can be neither found nor fetched: str() is one sentence for the user."""


def cache_dir():
    base = os.environ.get("DECKDELVE_CACHE")
    if not base:
        xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(xdg, "deckdelve")
    return base


def _git(args, cwd=ROOT):
    try:
        r = subprocess.run(["git"] + args, cwd=cwd, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return r.stdout.strip() if r.returncode == 0 else ""


def shared_dir():
    """The instruments folder ../shared, or None: beside the checkout; from a git worktree,
    beside its main checkout; from a clone of a local checkout, beside that checkout."""
    roots = [ROOT]
    common = _git(["rev-parse", "--path-format=absolute", "--git-common-dir"])
    if common:
        roots.append(os.path.dirname(common))
    origin = _git(["remote", "get-url", "origin"])
    if origin and os.path.isdir(origin):
        roots.append(os.path.abspath(origin))
    for root in roots:
        shared = os.path.normpath(os.path.join(root, "..", "shared"))
        if os.path.isdir(shared):
            return shared
    return None


def _shared(*parts):
    shared = shared_dir()
    path = shared and os.path.join(shared, *parts)
    return path if path and os.path.exists(path) else None


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def fetch(url, dest, timeout=FETCH_TIMEOUT_S):
    """Download url to dest (through a temporary file, so dest is whole or absent). Raises
    OSError with the reason."""
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    fd, part = tempfile.mkstemp(dir=os.path.dirname(dest), suffix=".part")
    try:
        with os.fdopen(fd, "wb") as out, urllib.request.urlopen(url, timeout=timeout) as r:
            shutil.copyfileobj(r, out)
        os.replace(part, dest)
    except BaseException:
        os.unlink(part)
        raise


# ---- the bootrom ---------------------------------------------------------------------------

def bootrom_bytes(path):
    """The bootrom's bytes from a JS/TS module holding `bootromB1 = new Uint32Array([...])`."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    at = text.find("Uint32Array([")
    if at < 0:
        raise ValueError("%s holds no `new Uint32Array([...])`" % path)
    words = [int(w, 16) for w in re.findall(r"0x([0-9a-fA-F]{1,8})", text[at:])]
    return struct.pack("<%dI" % len(words), *words)


def _bootrom_ok(path):
    try:
        return hashlib.sha256(bootrom_bytes(path)).hexdigest() == BOOTROM_SHA256
    except (OSError, ValueError):
        return False


def bootrom(fetching=True):
    """Path of the RP2040 bootrom module (see the table at the top)."""
    setting = os.environ.get("PICO_BOOTROM")
    if setting:
        if not _bootrom_ok(setting):
            raise Missing("PICO_BOOTROM=%s is not the RP2040 B1 bootrom module (missing, or its "
                          "bootrom's SHA-256 is not %s...)" % (setting, BOOTROM_SHA256[:12]))
        return setting
    shared = _shared("pico-emu", BOOTROM_NAME)
    if shared and _bootrom_ok(shared):
        return shared
    cached = os.path.join(cache_dir(), "inputs", BOOTROM_NAME)
    if _bootrom_ok(cached):
        return cached
    if fetching:
        try:
            fetch(BOOTROM_URL, cached)
        except OSError as e:
            why = "the download failed (%s)" % _reason(e)
        else:
            if _bootrom_ok(cached):
                return cached
            os.unlink(cached)
            why = "the download's bootrom has another SHA-256 (not the pinned B1 bootrom)"
    else:
        why = "not fetched"
    raise Missing("the RP2040 bootrom module is not in ../shared/pico-emu/ nor in the cache, and "
                  "%s: get it with `%s bootrom` where %s is reachable, or set PICO_BOOTROM=FILE"
                  % (why, GET, BOOTROM_URL.split("/")[2]))


def _reason(e):
    reason = getattr(e, "reason", None) or e
    return str(reason).strip() or type(e).__name__


# ---- MicroPython's sources -----------------------------------------------------------------

def _is_sources(folder):
    return (os.path.isfile(os.path.join(folder, "micropython", "ports", "rp2", "Makefile"))
            and os.path.isfile(os.path.join(folder, "micropython", "lib", "pico-sdk",
                                            "README.md"))
            and os.path.isfile(os.path.join(folder, "picotool", "CMakeLists.txt")))


def micropython(fetching=True):
    """The folder holding MicroPython's sources as `micropython/` and picotool's as `picotool/`
    (see the table at the top)."""
    setting = os.environ.get("MICROPYTHON_SRC")
    if setting:
        if not _is_sources(setting):
            raise Missing("MICROPYTHON_SRC=%s does not hold micropython/ (with ports/rp2 and "
                          "lib/pico-sdk) and picotool/, the layout of %s"
                          % (setting, SOURCES_ARCHIVE))
        return setting
    tree = os.path.join(cache_dir(), "micropython-" + MICROPYTHON_TAG)
    done = os.path.join(tree, ".complete")
    if os.path.isfile(done):
        return tree
    with file_lock(tree + ".lock"):
        if os.path.isfile(done):
            return tree
        archive = _shared("micropython-rp2", SOURCES_ARCHIVE)
        if archive:
            got = sha256_file(archive)
            if got != SOURCES_SHA256:
                raise Missing("%s has SHA-256 %s..., not the pinned %s..." % (
                    archive, got[:12], SOURCES_SHA256[:12]))
            _unpack(archive, tree)
        elif fetching:
            _clone(tree)
        else:
            raise Missing("MicroPython's sources are not in ../shared/micropython-rp2/ nor in "
                          "the cache: get them with `%s micropython`" % GET)
        with open(done, "w") as f:
            f.write(MICROPYTHON_COMMIT + "\n")
    return tree


def _unpack(archive, tree):
    if os.path.isdir(tree):
        shutil.rmtree(tree)
    part = tree + ".part"
    if os.path.isdir(part):
        shutil.rmtree(part)
    os.makedirs(part)
    with tarfile.open(archive) as t:
        if sys.version_info >= (3, 12):
            t.extractall(part, filter="data")
        else:  # names checked by hand: nothing outside the folder
            for m in t.getmembers():
                if m.name.startswith("/") or ".." in m.name.split("/"):
                    raise Missing("%s holds an unsafe path: %s" % (archive, m.name))
            t.extractall(part)
    os.replace(part, tree)


def _run(cmd, cwd, what, timeout=1800):
    try:
        r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise Missing("%s failed: %s" % (what, e)) from None
    if r.returncode:
        last = (r.stderr.strip() or r.stdout.strip() or "no output").splitlines()[-1]
        raise Missing("%s failed: %s" % (what, last))
    return r.stdout


def git_url(name):
    """The repository a source is cloned from (a setting, so a mirror can stand in)."""
    if name == "micropython":
        return os.environ.get("DECKDELVE_MICROPYTHON_GIT", MICROPYTHON_GIT)
    return os.environ.get("DECKDELVE_PICOTOOL_GIT", PICOTOOL_GIT)


def _clone(tree):
    """git clone the pinned tags, each checked against its pinned commit, with the submodules
    the rp2 port builds with (`make submodules`, as MicroPython's own instructions say)."""
    if shutil.which("git") is None:
        raise Missing("MicroPython's sources are not in ../shared/micropython-rp2/ nor in the "
                      "cache, and git is not installed to clone them")
    part = tree + ".part"
    if os.path.isdir(part):
        shutil.rmtree(part)
    os.makedirs(part)
    how = ("MicroPython's sources are not in ../shared/micropython-rp2/ nor in the cache, and "
           "cloning them failed")
    for name, url, tag, commit in (
            ("micropython", git_url("micropython"), MICROPYTHON_TAG, MICROPYTHON_COMMIT),
            ("picotool", git_url("picotool"), PICOTOOL_TAG, PICOTOOL_COMMIT)):
        dest = os.path.join(part, name)
        try:
            _run(["git", "clone", "--quiet", "--depth", "1", "--branch", tag, url, dest], part,
                 "git clone %s" % url, timeout=900)
        except Missing as e:
            raise Missing("%s (%s): get them with `%s micropython` where %s is reachable, or "
                          "set MICROPYTHON_SRC=FOLDER" % (how, str(e), GET, url.split("/")[2])
                          ) from None
        got = _run(["git", "rev-parse", "HEAD"], dest, "git rev-parse").strip()
        if got != commit:
            raise Missing("%s's tag %s is commit %s, not the pinned %s: not used"
                          % (url, tag, got[:12], commit[:12]))
    _run(["make", "-C", "ports/rp2", "BOARD=RPI_PICO", "submodules"],
         os.path.join(part, "micropython"), "fetching the rp2 port's submodules", timeout=1800)
    if os.path.isdir(tree):
        shutil.rmtree(tree)
    os.replace(part, tree)


# ---- the stock image -------------------------------------------------------------------------

def stock(fetching=True):
    """Path of the stock MicroPython v1.28.0 RPI_PICO image (see the table at the top)."""
    setting = os.environ.get("PICO_FIRMWARE")
    if setting:
        if not os.path.isfile(setting):
            raise Missing("PICO_FIRMWARE=%s: no such file" % setting)
        return setting
    shared = _shared("pico-emu", STOCK_NAME)
    if shared:
        return shared
    cached = os.path.join(cache_dir(), "inputs", STOCK_NAME)
    if os.path.isfile(cached):
        return cached
    if not fetching:
        raise Missing("the stock MicroPython image is not in ../shared/pico-emu/ nor in the "
                      "cache: build it with `%s stock`" % GET)
    toolchain()
    tree = rp2_port.check_sources(micropython())
    return rp2_port.build_stock(tree, cached, cache_dir(), picotool_prefix())


def picotool_prefix():
    """Where picotool (the pinned tag) is built once, in the cache."""
    return os.path.join(cache_dir(), "picotool-" + PICOTOOL_TAG)


# ---- the ARM toolchain -----------------------------------------------------------------------

def toolchain(fetching=True):
    """The ARM toolchain's preflight (tools/ship/toolchain.py); fetching installs what is missing.
    Returns the compiler's path; raises Missing naming each absent package and the command."""
    try:
        _toolchain.ensure(install=fetching)
    except _toolchain.Missing as e:
        raise Missing(str(e)) from None
    return shutil.which("arm-none-eabi-gcc")


INPUTS = {"micropython": micropython, "bootrom": bootrom, "stock": stock, "toolchain": toolchain}


def main(argv=None):
    from host_sim.__main__ import Parser

    p = Parser(prog="python -m tools.ship.inputs", description=__doc__.split("\n\n")[0])
    p.add_argument("command", nargs="?", choices=("status", "get"), default="status")
    p.add_argument("names", nargs="*", metavar="NAME",
                   help="inputs to get: %s (default: all)" % ", ".join(INPUTS))
    a = p.parse_args(argv)
    for name in a.names:
        if name not in INPUTS:
            p.error("no input %r (known: %s)" % (name, ", ".join(INPUTS)))
    status = 0
    for name in a.names or INPUTS:
        try:
            path = INPUTS[name](fetching=a.command == "get")
        except Missing as e:
            print("%-12s missing: %s" % (name, e))
            status = 1
        else:
            print("%-12s %s" % (name, path))
    return status


if __name__ == "__main__":
    sys.exit(main())
