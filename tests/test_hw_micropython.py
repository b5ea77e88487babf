"""The hardware drivers under real MicroPython (the unix port), with the fake `machine` and
`rp2` of tests/hw on the path: every tests/hw/mp_*.py module runs through the shared test
runner (tools/mp/mprun_tests.py) with the firmware compiled to .mpy and a 64 KiB heap, except
mp_boot, which loads the whole app beside the fakes and its own source: 128 KiB, about half the
Pico's heap (objects on the 64-bit unix port are nearly twice their size on the Pico)."""

import os
import re

import pytest

from tools.ship import mpy

HW = os.path.join(mpy.ROOT, "tests", "hw")
HEAP = {"mp_boot": "160K"}  # the whole app booted on the fake board (passes from 144K)
MODULES = sorted(f[:-3] for f in os.listdir(HW) if f.startswith("mp_") and f.endswith(".py"))


def test_every_hw_module_found():
    assert {"mp_oled", "mp_buttons", "mp_buzzer", "mp_power", "mp_boot", "mp_board"} <= set(
        MODULES
    )


@pytest.mark.parametrize("module", MODULES)
def test_hw_module_under_micropython(module):
    r = mpy.run(["-m", "mprun_tests", module], heap=HEAP.get(module, "64K"), path_extra=(HW,))
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    m = re.search(r"^(\d+) passed, 0 failed$", r.stdout, re.M)
    assert m and int(m.group(1)) > 0, out
