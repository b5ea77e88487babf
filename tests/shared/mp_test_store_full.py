# A full flash at every kind of write, on real littlefs (MicroPython only: see cutflash.py).
# The flash is filled until a little room is left (from none to a few blocks, so that a save
# fails at each of its steps in turn); then a save of new content fails, the old content is
# what loads, the notice says what was not kept, and once room is made the save works.
# heap: 72K (a campaign's save beside a 12 KiB RAM flash: 58K at the smallest)
# isolate
# (each kind in a fresh interpreter, beside a 12 KiB RAM flash)
import os

from cutflash import CutFlash
from deckdelve.store import Store
from store_cases import KINDS

POINT = "/full"
D = POINT + "/data"
WHAT = ("the settings", "the high scores", "the new achievements", "the run", "campaign 1")


def _fill(leave_blocks):
    """Fill the flash with 256-byte files until it refuses, then free leave_blocks of them
    (small files: a failed write to one big file would be dropped whole and free its room).
    Returns the fillers left."""
    n = 0
    chunk = bytearray(256)
    try:
        while n < 200:
            with open(POINT + "/fill%d" % n, "wb") as f:
                f.write(chunk)
            n += 1
    except OSError:
        pass
    assert n < 200
    for _ in range(leave_blocks):
        n -= 1
        os.remove(POINT + "/fill%d" % n)
    return n


def _empty(n):
    for i in range(n + 1):
        try:
            os.remove(POINT + "/fill%d" % i)
        except OSError:
            pass


def _full_of(i):
    name, kind, version, write, load, expected, default = KINDS[i]
    dev = CutFlash(256, 48)
    dev.mount(POINT)
    failed = 0
    try:
        for leave in range(4):
            Store(D)
            for f in os.listdir(D):
                os.remove(D + "/" + f)
            assert write(Store(D), 0)
            old = load(Store(D))
            fillers = _fill(leave)
            notices = []
            ok = write(Store(D, notices), 1)
            if ok:  # there was room after all: the new content is whole
                assert load(Store(D)) != old
            else:
                failed += 1
                assert load(Store(D)) == old, (name, leave)
                assert notices and "flash full" in notices[-1], notices
                # ...and says what was not kept (the score, the run, the settings)
                assert "your score" in notices[-1] or WHAT[i] in notices[-1], notices
                assert name + ".tmp" not in os.listdir(D)
            _empty(fillers)
            if not ok:
                assert write(Store(D), 1)  # room again: the save works
        assert failed > 0
        print("full flash: %s failed %d of 4 fill levels" % (name, failed))
    finally:
        dev.umount(POINT)


def test_full_flash_settings():
    _full_of(0)


def test_full_flash_scores():
    _full_of(1)


def test_full_flash_achievements():
    _full_of(2)


def test_full_flash_saved_run():
    _full_of(3)


def test_full_flash_campaign():
    _full_of(4)
