"""Every module in tests/shared/ runs under CPython (pytest collects it directly) and here
under real MicroPython, compiled to .mpy as on the Pico, with a 64 KiB heap cap.

Two lines near a module's top change how it runs here, each with its reason beside it:
- `# heap: 128K` another cap (the Pico's MicroPython has about 190 KiB of heap; the whole app
  with a game's .mpy code in RAM needs more than 64 KiB for the bigger games);
- `# isolate` each test function in its own interpreter, as on a Pico that has just booted
  (names that modules intern stay in RAM after the module is dropped, so one process that
  starts every game in turn ends up holding all their names)."""

import os
import re

import pytest

from tools import mpy

SHARED = os.path.join(mpy.ROOT, "tests", "shared")
MODULES = sorted(f[:-3] for f in os.listdir(SHARED) if f.startswith("test_") and f.endswith(".py"))


def header(module):
    with open(os.path.join(SHARED, module + ".py")) as f:
        return f.read().splitlines()[:12]


def heap_of(module):
    for line in header(module):
        m = re.match(r"# heap: (\d+K)\b", line)
        if m:
            return m.group(1)
    return "64K"


def runs():
    """(module, test) pairs: test is None for a whole module, a name for an isolated test."""
    out = []
    for module in MODULES:
        if "# isolate" in header(module):
            with open(os.path.join(SHARED, module + ".py")) as f:
                names = re.findall(r"^def (test_\w+)", f.read(), re.M)
            out += [(module, name) for name in names]
        else:
            out.append((module, None))
    return out


@pytest.mark.parametrize("module, test", runs())
def test_shared_module_under_micropython(module, test):
    r = mpy.run(["-m", "mprun_tests", module] + ([test] if test else []), heap=heap_of(module))
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    m = re.search(r"^(\d+) passed, 0 failed$", r.stdout, re.M)
    assert m and int(m.group(1)) > 0, out
