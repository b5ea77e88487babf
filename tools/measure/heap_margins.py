"""The RAM margin of every shared test under real MicroPython: for each module (or each test
of an `# isolate` module) the smallest `-X heapsize` under which it passes, found by
bisection in 2 KiB steps, beside the cap its `# heap:` line sets.

    python -m tools.measure.heap_margins [--min-margin KIB] [MODULE ...]

Prints one line per run and exits 1 if any margin (cap minus smallest passing heap) is under
--min-margin (default 8 KiB), or if the run fails at its cap less that margin (a run whose heap
is fragmented can pass under a small heap and fail under a larger one). The shared tests run
at their caps in `make test` (tests/test_micropython_shared.py); this tool shows how far from
the edge each one is.
"""

import os
import re
import sys

from tools import FIRMWARE, on_path
from tools.ship import mpy

on_path(FIRMWARE)
from deckdelve import registry  # noqa: E402

SHARED = os.path.join(mpy.ROOT, "tests", "shared")
GAME_KEYS = [entry[0] for entry in registry.GAMES]
DEFAULT_CAP = "64K"


def modules():
    """The shared test modules: test_*.py (both interpreters) and mp_test_*.py (MicroPython
    only: they need what CPython lacks, such as vfs and littlefs; pytest does not collect
    them, tests/test_micropython_shared.py runs them)."""
    return sorted(f[:-3] for f in os.listdir(SHARED)
                  if f.startswith(("test_", "mp_test_")) and f.endswith(".py"))


def header(module):
    with open(os.path.join(SHARED, module + ".py")) as f:
        return f.read().splitlines()[:12]


def cap_of(module):
    """The heap cap a shared module runs under: its `# heap: NK` line, else 64K."""
    for line in header(module):
        m = re.match(r"# heap: (\d+K)\b", line)
        if m:
            return m.group(1)
    return DEFAULT_CAP


def runs(names=None):
    """(module, test) pairs: test is None for a whole module, a name for an isolated test."""
    out = []
    for module in names or modules():
        if "# isolate" in header(module):
            with open(os.path.join(SHARED, module + ".py")) as f:
                tests = re.findall(r"^def (test_\w+)", f.read(), re.M)
            for t in tests:
                if t.endswith("_each_game"):  # once a game (tools/mp/mprun_tests.py)
                    out += [(module, "%s[%s]" % (t, key)) for key in GAME_KEYS]
                else:
                    out.append((module, t))
        else:
            out.append((module, None))
    return out


def run(module, test, heap):
    return mpy.run(["-m", "mprun_tests", module] + ([test] if test else []), heap=heap)


def smallest_heap(module, test, high_kib, low_kib=16, step=2):
    """The smallest heap (KiB, to `step`) under which the run passes; None if not at high."""
    if run(module, test, "%dK" % high_kib).returncode:
        return None
    while high_kib - low_kib > step:
        mid = (low_kib + high_kib) // 2 // step * step
        if mid <= low_kib:
            break
        if run(module, test, "%dK" % mid).returncode == 0:
            high_kib = mid
        else:
            low_kib = mid
    return high_kib


def main(argv=None):
    from host_sim.__main__ import Parser

    ap = Parser(prog="python -m tools.measure.heap_margins")
    ap.add_argument("--min-margin", type=int, default=8, metavar="KIB")
    ap.add_argument("module", nargs="*")
    args = ap.parse_args(argv)
    if not 0 <= args.min_margin <= 1024:
        ap.error("--min-margin must be between 0 and 1024 KiB")
    unknown = [m for m in args.module if m not in modules()]
    if unknown:
        print("heap_margins: no shared test module %s" % ", ".join(unknown), file=sys.stderr)
        return 2
    thin = 0
    print("%-52s %6s %9s %7s" % ("shared test", "cap", "smallest", "margin"))
    for module, test in runs(args.module):
        cap = int(cap_of(module)[:-1])
        low = smallest_heap(module, test, cap)
        name = module + ("::" + test if test else "")
        if low is None:
            print("%-52s %5dK %9s %7s" % (name, cap, "FAILS", "-"))
            thin += 1
            continue
        margin = cap - low
        flag = "" if margin >= args.min_margin else "  < %d KiB" % args.min_margin
        # The bisection takes a run to pass under any heap above its smallest; a fragmented
        # one need not (it can pass at 204K and fail at 216K). So the margin is also run.
        edge = cap - args.min_margin
        if not flag and edge > low and run(module, test, "%dK" % edge).returncode:
            flag = "  fails at %dK: not monotonic" % edge
        print("%-52s %5dK %8dK %6dK%s" % (name, cap, low, margin, flag))
        thin += margin < args.min_margin
    return 1 if thin else 0


if __name__ == "__main__":
    sys.exit(main())
