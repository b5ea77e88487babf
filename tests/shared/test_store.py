# The store under CPython and MicroPython: atomic writes, versioned files, damaged files set
# aside with a notice, saved runs, and (MicroPython only: it has vfs) littlefs on a small
# RAM flash that fills up.
import os

from deckdelve import store
from deckdelve.store import Store, checksum
from helpers import exists, scratch


def test_settings_default_then_roundtrip():
    d = scratch("store_settings")
    s = Store(d)
    settings = s.load_settings()
    assert settings["sound"] is True and settings["idle_s"] == 60
    assert s.notices == []
    settings["sound"] = False
    assert s.save_settings(settings)
    assert Store(d).load_settings()["sound"] is False
    assert not exists(d + "/settings.dat.tmp")


def test_scores_top5_sorted_and_placed():
    s = Store(scratch("store_scores"))
    for score in (50, 10, 70, 30, 90, 20):
        s.add_score("red_queen", score, "ABC", str(score))
    got = [e[0] for e in s.scores("red_queen")]
    assert got == [90, 70, 50, 30, 20]
    assert not s.qualifies("red_queen", 20)
    assert s.qualifies("red_queen", 21)
    assert s.add_score("red_queen", 5, "XYZ", "") == -1
    assert s.add_score("red_queen", 80, "XYZ", "") == 1
    assert s.scores("solatro") == []


def test_damaged_file_is_set_aside_not_overwritten():
    d = scratch("store_damaged")
    s = Store(d)
    s.add_score("g", 10, "AAA", "")
    with open(d + "/scores.dat", "rb") as f:
        data = bytearray(f.read())
    data[-3] ^= 0x55  # flip bits in the payload: the checksum no longer matches
    with open(d + "/scores.dat", "wb") as f:
        f.write(data)
    s2 = Store(d)
    assert s2.scores("g") == []
    assert len(s2.notices) == 1 and "scores.dat" in s2.notices[0] and "bad1" in s2.notices[0]
    assert exists(d + "/scores.dat.bad1") and not exists(d + "/scores.dat")
    # A second damaged file does not overwrite the first one set aside.
    with open(d + "/scores.dat", "w") as f:
        f.write("garbage")
    Store(d).scores("g")
    assert exists(d + "/scores.dat.bad2")


def test_old_or_foreign_version_is_set_aside():
    d = scratch("store_version")
    payload = b'{"sound": false}'
    with open(d + "/settings.dat", "wb") as f:
        f.write(b"DECKDELVE settings 0 %d %d\n" % (len(payload), checksum(payload)))
        f.write(payload)
    s = Store(d)
    assert s.load_settings()["sound"] is True  # defaults
    assert "version 0" in s.notices[0]
    assert exists(d + "/settings.dat.bad1")


def test_wrong_types_in_settings_fall_back_per_key():
    d = scratch("store_types")
    s = Store(d)
    s.write("settings.dat", "settings", 1, {"sound": "yes", "idle_s": 30})
    got = Store(d).load_settings()
    assert got["sound"] is True and got["idle_s"] == 30


def test_saved_run_roundtrip_and_drop():
    s = Store(scratch("store_run"))
    assert not s.has_run("rogue_solitaire")
    log = [0, 1, 65535, 258, 7]
    assert s.save_run("rogue_solitaire", 12345, ("campaign",), log)
    seed, options, got = s.read_run("rogue_solitaire")
    assert seed == 12345 and options == ("campaign",) and list(got) == log
    s.drop_run("rogue_solitaire")
    assert not s.has_run("rogue_solitaire") and s.read_run("rogue_solitaire") is None


def test_interrupted_write_keeps_the_old_file():
    # A power cut after the temporary file was written but before the rename: the old file
    # is what a later boot reads, and the stray .tmp does no harm.
    d = scratch("store_powercut")
    s = Store(d)
    s.add_score("g", 10, "OLD", "")
    real_rename = store.rename

    def cut(a, b):
        raise OSError(5)

    store.rename = cut
    try:
        assert s.add_score("g", 99, "NEW", "") == 0  # placed, but the write failed
    finally:
        store.rename = real_rename
    assert s.notices and "Old data kept" in s.notices[-1]
    assert [e[1] for e in Store(d).scores("g")] == ["OLD"]


def test_achievements_bits_accumulate():
    s = Store(scratch("store_ach"))
    assert s.add_achievements("rogue_solitaire", 0b101) == 0b101
    assert s.add_achievements("rogue_solitaire", 0b111) == 0b010
    assert s.add_achievements("rogue_solitaire", 0b001) == 0
    assert s.achievements("rogue_solitaire") == 0b111


class RAMFlash:
    """A block device in RAM, as in MicroPython's docs, for littlefs."""

    def __init__(self, block_size, blocks):
        self.block_size = block_size
        self.data = bytearray(block_size * blocks)

    def readblocks(self, n, buf, offset=0):
        a = n * self.block_size + offset
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, n, buf, offset=None):
        if offset is None:
            offset = 0
        a = n * self.block_size + offset
        self.data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return len(self.data) // self.block_size
        if op == 5:
            return self.block_size
        if op == 6:
            return 0
        return None


def test_littlefs_full_flash_keeps_old_file():
    try:
        import vfs
    except ImportError:
        return  # CPython has no littlefs; this test is for the MicroPython run
    dev = RAMFlash(512, 48)
    vfs.VfsLfs2.mkfs(dev)
    vfs.mount(vfs.VfsLfs2(dev), "/flash")
    try:
        s = Store("/flash/data")
        assert s.add_score("g", 10, "OLD", "") == 0
        # Fill the flash with small files until it refuses (a failed write to one big file
        # would be dropped whole by littlefs and free its blocks again).
        chunk = bytearray(256)
        fillers = 0
        try:
            while fillers < 200:
                with open("/flash/fill%d" % fillers, "wb") as f:
                    f.write(chunk)
                fillers += 1
        except OSError:
            pass
        assert fillers < 200
        for i in range(20):  # a bigger table than fits now
            s.add_score("h%d" % i, 100 + i, "NEW", "x" * 40)
        assert s.notices and "flash full" in s.notices[-1]
        assert Store("/flash/data").scores("g")[0][1] == "OLD"
        assert not exists("/flash/data/scores.dat.tmp")
        for i in range(fillers + 1):
            try:
                os.remove("/flash/fill%d" % i)
            except OSError:
                pass
        assert s.add_score("g", 20, "NEW", "") == 0
        assert Store("/flash/data").scores("g")[0][1] == "NEW"
    finally:
        vfs.umount("/flash")
