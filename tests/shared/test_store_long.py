# The longest run saves and loads under MicroPython's 64 KiB heap: saving streams the log
# from the game's array("H") to the file (nothing in proportion to the run is built), loading
# reads it straight into one array. 5,000 actions is longer than any game's run (the longest
# seen in bot play-outs are in the report of issue 12).
import gc
from array import array

from deckdelve.store import Store
from helpers import scratch

LONG = 5000


def _long_log(n):
    log = array("H", range(n))
    for i in range(n):
        log[i] = (i * 7919) & 0xFFFF
    return log


def _spent(fn):
    """(fn's result, bytes it allocated: MicroPython, no collection meanwhile; else 0)."""
    gc.collect()
    mem_alloc = getattr(gc, "mem_alloc", None)
    if not mem_alloc:
        return fn(), 0
    gc.disable()
    before = mem_alloc()
    try:
        got = fn()
    finally:
        spent = mem_alloc() - before
        gc.enable()
    return got, spent


def test_a_long_run_saves_and_loads_without_ram_in_proportion():
    d = scratch("store_long")
    s = Store(d)
    assert s.save_run("g", 1, (), [1])  # the store's modules load: not part of the cost
    short = _long_log(1)
    ok, save_short = _spent(lambda: s.save_run("g", 3, ("x",), short))
    assert ok
    got, load_short = _spent(lambda: Store(d).read_run("g"))
    assert list(got[2]) == list(short)
    log = _long_log(LONG)
    ok, save_long = _spent(lambda: s.save_run("g", 3, ("x",), log))
    assert ok
    log = got = None
    got, load_long = _spent(lambda: Store(d).read_run("g"))
    print("save: 1 action %d bytes, %d actions %d bytes; load: %d and %d bytes" %
          (save_short, LONG, save_long, load_short, load_long))
    assert save_long - save_short < 200, (save_short, save_long)  # the log is 10,000 bytes
    assert load_long - load_short < 2 * LONG + 200, (load_short, load_long)  # its array
    seed, options, got = got
    assert seed == 3 and options == ("x",) and got == _long_log(LONG)
