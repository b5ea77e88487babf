"""Every module in tests/shared/ runs under CPython (pytest collects it directly) and here
under real MicroPython, compiled to .mpy as on the Pico, with a 64 KiB heap cap."""

import os
import re

import pytest

from tools import mpy

SHARED = os.path.join(mpy.ROOT, "tests", "shared")
MODULES = sorted(f[:-3] for f in os.listdir(SHARED) if f.startswith("test_") and f.endswith(".py"))


@pytest.mark.parametrize("module", MODULES)
def test_shared_module_under_micropython(module):
    r = mpy.run(["-m", "mprun_tests", module], heap="64K")
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    m = re.search(r"^(\d+) passed, 0 failed$", r.stdout, re.M)
    assert m and int(m.group(1)) > 0, out
