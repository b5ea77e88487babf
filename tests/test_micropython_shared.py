"""Every module in tests/shared/ runs under CPython (pytest collects it directly) and here
under real MicroPython, compiled to .mpy as on the Pico, with a 64 KiB heap cap. Modules
named mp_test_*.py run only here: they need what CPython lacks (vfs, littlefs), and pytest
does not collect them.

Two lines near a module's top change how it runs here, each with its reason beside it:
- `# heap: 128K` another cap (the Pico's MicroPython has about 190 KiB of heap; the whole app
  with a game's .mpy code in RAM needs more than 64 KiB for the bigger games);
- `# isolate` each test function in its own interpreter, as on a Pico that has just booted
  (names that modules intern stay in RAM after the module is dropped, so one process that
  starts every game in turn ends up holding all their names).

Every cap keeps at least 8 KiB above the smallest heap the module passes under, so the result
does not depend on where the project is checked out: `python -m tools.measure.heap_margins`
measures
each margin by bisection."""

import re

import pytest

from tools.measure import heap_margins
from tools.ship import mpy


@pytest.mark.parametrize("module, test", heap_margins.runs())
def test_shared_module_under_micropython(module, test):
    r = mpy.run(["-m", "mprun_tests", module] + ([test] if test else []),
                heap=heap_margins.cap_of(module))
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    m = re.search(r"^(\d+) passed, 0 failed$", r.stdout, re.M)
    assert m and int(m.group(1)) > 0, out
