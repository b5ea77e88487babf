# Power cuts on real littlefs (MicroPython only: CPython has no vfs; pytest does not collect
# mp_test_*.py, tests/test_micropython_shared.py runs it under MicroPython). A file is
# rewritten with a power cut at each block write or erase in turn until a rewrite completes;
# after every cut the same bytes are mounted again and the file holds exactly the old text or
# exactly the new one, never a mix, never nothing.
import os

from cutflash import CutFlash

POINT = "/cut"


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _write_then_rename(path, data):
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.rename(path + ".tmp", path)


def test_every_cut_leaves_old_or_new_and_a_later_write_completes():
    dev = CutFlash()
    dev.mount(POINT)
    try:
        path = POINT + "/f.dat"
        old = b"old " * 100
        new = b"NEW " * 150
        _write_then_rename(path, old)
        olds = news = 0
        n = 1
        while True:
            dev.cut_at(n)
            try:
                _write_then_rename(path, new)
                done = not dev.dead
            except OSError:
                done = False
            dev.power_up(POINT)
            got = _read(path)
            assert got == old or got == new, "cut %d: %r" % (n, got and got[:12])
            if done:
                break
            olds += got == old
            news += got == new
            # Back to the old content for the next cut.
            if got == new:
                _write_then_rename(path, old)
            n += 1
        assert got == new
        assert n > 3 and olds > 0  # several write points were cut, the early ones kept old
        # A stray .tmp from a cut does not stop a later write.
        dev.cut_at(0)
        _write_then_rename(path, old)
        assert _read(path) == old
    finally:
        dev.umount(POINT)


def test_a_cut_flash_stays_failed_until_powered_up():
    dev = CutFlash()
    dev.mount(POINT)
    try:
        dev.cut_at(1)
        failed = 0
        for i in range(3):
            try:
                with open(POINT + "/x%d" % i, "wb") as f:
                    f.write(b"x" * 600)
            except OSError:
                failed += 1
        assert failed == 3 and dev.dead
        dev.power_up(POINT)
        with open(POINT + "/y", "wb") as f:
            f.write(b"y" * 600)
        assert _read(POINT + "/y") == b"y" * 600
    finally:
        dev.umount(POINT)
