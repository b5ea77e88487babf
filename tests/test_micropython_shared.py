"""Every module in tests/shared/ runs under CPython (pytest collects it directly) and here
under real MicroPython, compiled to .mpy as on the Pico, with a 64 KiB heap cap.

A module may ask for another cap with a line `# heap: 128K` near its top, saying why (the
Pico's MicroPython has about 190 KiB of heap; the whole app with a game's .mpy code in RAM
needs more than 64 KiB for the bigger games)."""

import os
import re

import pytest

from tools import mpy

SHARED = os.path.join(mpy.ROOT, "tests", "shared")
MODULES = sorted(f[:-3] for f in os.listdir(SHARED) if f.startswith("test_") and f.endswith(".py"))


def heap_of(module):
    with open(os.path.join(SHARED, module + ".py")) as f:
        for line in f.read().splitlines()[:10]:
            m = re.match(r"# heap: (\d+K)\b", line)
            if m:
                return m.group(1)
    return "64K"


@pytest.mark.parametrize("module", MODULES)
def test_shared_module_under_micropython(module):
    r = mpy.run(["-m", "mprun_tests", module], heap=heap_of(module))
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    m = re.search(r"^(\d+) passed, 0 failed$", r.stdout, re.M)
    assert m and int(m.group(1)) > 0, out
