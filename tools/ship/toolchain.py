"""The compilers the firmware image is built with, and the one list of Debian's packages that
brings them: the build (tools/ship/firmware.py), the README and the workflows all take it from
here.

    python -m tools.ship.toolchain check       compile and link a tiny C and C++ file for the Pico
                                          (about a second); name each missing package
    python -m tools.ship.toolchain install     the same, installing what is missing with apt-get
    python -m tools.ship.toolchain packages    the package list on one line (the workflows use it)

The preflight compiles and links for the Pico's core (cortex-m0plus) exactly what MicroPython's
rp2 build needs and a plain `arm-none-eabi-gcc --version` does not show: newlib (the C library)
and the C++ standard library (pico-sdk's new_delete.cpp includes <cstdlib>), each a package of
its own. A missing one is found here in a second, not three minutes into the build.
"""

import os
import shutil
import subprocess
import sys
import tempfile

# Debian's packages, in the order apt-get is given them, each with what the build takes from
# it. This tuple is the list: nothing else names these packages (tests/test_toolchain.py holds
# the README and the workflows to it).
PACKAGES = (
    ("gcc-arm-none-eabi", "the compilers for the Pico's ARM core (arm-none-eabi-gcc, -g++)"),
    ("libnewlib-arm-none-eabi", "newlib, the C library the Pico's code links with"),
    ("libstdc++-arm-none-eabi-newlib", "the C++ library pico-sdk's C++ files need"),
    ("build-essential", "a compiler and make for this machine (picotool, mpy-cross)"),
    ("cmake", "the build system of MicroPython's rp2 port and picotool"),
)
NAMES = tuple(name for name, _why in PACKAGES)
APT_INSTALL = "apt-get install -y " + " ".join(NAMES)
TARGET = ("-mcpu=cortex-m0plus", "-mthumb", "--specs=nosys.specs")

C_SOURCE = b"""#include <stdlib.h>
#include <string.h>
int main(void) { char *p = malloc(8); memset(p, 0, 8); free(p); return 0; }
"""
CXX_SOURCE = b"""#include <cstdlib>
#include <new>
int main() { int *p = new int(1); int r = std::abs(*p) - 1; delete p; return r; }
"""
HOST_CXX_SOURCE = b"""#include <cstdio>
int main() { std::puts("ok"); return 0; }
"""
# What a compiler or linker says when a package's files are absent -> that package.
SIGNS = (
    ("cstdlib: No such file", "libstdc++-arm-none-eabi-newlib"),
    ("new: No such file", "libstdc++-arm-none-eabi-newlib"),
    ("cannot find -lstdc++", "libstdc++-arm-none-eabi-newlib"),
    ("stdlib.h: No such file", "libnewlib-arm-none-eabi"),
    ("string.h: No such file", "libnewlib-arm-none-eabi"),
    ("nosys.specs", "libnewlib-arm-none-eabi"),
    ("cannot find -lc", "libnewlib-arm-none-eabi"),
    ("cannot find -lnosys", "libnewlib-arm-none-eabi"),
)


class Missing(Exception):
    """Packages the build needs are absent: str() is one line naming them and the command."""

    def __init__(self, packages, detail=""):
        self.packages = packages
        super().__init__("the firmware build needs Debian's %s (%s): install %s with `sudo %s`"
                         % (", ".join(packages), detail or "missing",
                            "it" if len(packages) == 1 else "them", APT_INSTALL))


def _run(args, cwd, env):
    try:
        r = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    except OSError as e:  # the compiler itself is gone between which() and here
        return 127, str(e)
    return r.returncode, r.stdout + r.stderr


def _diagnose(output, fallback):
    for sign, package in SIGNS:
        if sign in output:
            return package
    return fallback


def preflight(env=None):
    """[(package, why)] for each package whose files the build needs and cannot find, by
    compiling and linking a tiny C and C++ program for the Pico and one C++ program for this
    machine with the commands on env's PATH (default: this process's). [] when all is there."""
    env = dict(os.environ if env is None else env)
    path = env.get("PATH", os.defpath)
    found = {}

    def lack(package, why):
        found.setdefault(package, why)

    for command in ("cc", "c++", "make"):
        if shutil.which(command, path=path) is None:
            lack("build-essential", "no `%s`" % command)
    if shutil.which("cmake", path=path) is None:
        lack("cmake", "no `cmake`")
    with tempfile.TemporaryDirectory(prefix="deckdelve-preflight-") as work:
        sources = (("t.c", C_SOURCE), ("t.cpp", CXX_SOURCE), ("host.cpp", HOST_CXX_SOURCE))
        for name, data in sources:
            with open(os.path.join(work, name), "wb") as f:
                f.write(data)
        if "build-essential" not in found:
            code, out = _run(["c++", "host.cpp", "-o", "host"], work, env)
            if code:
                lack(_diagnose(out, "build-essential"), "this machine's C++ compiler failed: "
                     + _last_line(out))
        for compiler, source in (("arm-none-eabi-gcc", "t.c"), ("arm-none-eabi-g++", "t.cpp")):
            if shutil.which(compiler, path=path) is None:
                lack("gcc-arm-none-eabi", "no `%s`" % compiler)
                continue
            code, out = _run([compiler, *TARGET, source, "-o", source + ".elf"], work, env)
            if code:
                package = _diagnose(out, "gcc-arm-none-eabi")
                lack(package, "%s %s: %s" % (compiler, source, _last_line(out)))
    return sorted(found.items(), key=lambda item: NAMES.index(item[0]))


def _last_line(out):
    lines = [ln.strip() for ln in out.splitlines() if ln.strip()]
    errors = [ln for ln in lines if "error" in ln.lower()] or lines or ["no output"]
    return errors[0]


def ensure(install=True):
    """Make sure the build's compilers work: when the preflight finds packages missing and
    install is set, apt-get installs the whole list (as root; it waits for another apt-get
    to finish), then the preflight runs again. Raises Missing naming what is still absent."""
    missing = preflight()
    if not missing:
        return
    packages = [name for name, _why in missing]
    if not install:
        raise Missing(packages, "; ".join(why for _name, why in missing))
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        raise Missing(packages, "; ".join(why for _name, why in missing)
                      + "; not installed here: %s" % ("no apt-get" if shutil.which("apt-get")
                                                      is None else "not root"))
    print("toolchain: installing %s with apt-get (once)" % " ".join(packages), file=sys.stderr)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    wait = ["-o", "DPkg::Lock::Timeout=600"]
    install_cmd = ["apt-get", *wait, "install", "-y", "-q", "--no-install-recommends", *NAMES]
    code, out = _run(install_cmd, None, env)
    if code:  # most often an old or absent package index: update it, then try once more
        _run(["apt-get", *wait, "update", "-q"], None, env)
        code, out = _run(install_cmd, None, env)
    missing = preflight()
    if missing:
        raise Missing([name for name, _why in missing], "still missing after `%s`: %s"
                      % (APT_INSTALL, _last_line(out)))


COMMANDS = ("check", "install", "packages")


def main(argv=None):
    # Plain sys.argv, no argparse: the workflows run this with the runner's own Python before
    # any package is installed, and a bad word must still be one line.
    argv = sys.argv[1:] if argv is None else argv
    if argv in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    if len(argv) > 1 or (argv and argv[0] not in COMMANDS):
        print("python -m tools.ship.toolchain: expected one of %s, got %r"
              % (", ".join(COMMANDS), " ".join(argv)), file=sys.stderr)
        return 2
    command = argv[0] if argv else "check"
    if command == "packages":
        print(" ".join(NAMES))
        return 0
    try:
        ensure(install=command == "install")
    except Missing as e:
        print("toolchain: %s" % e, file=sys.stderr)
        return 1
    print("toolchain: the Pico's C and C++ compile and link (%s)" % ", ".join(NAMES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
