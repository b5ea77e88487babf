# Power cuts at every write point of every kind of file, on real littlefs (MicroPython only:
# see cutflash.py). For each kind: the old content is on flash; a save of the new content is
# cut at its 1st block write or erase, then (the old content written again) at its 2nd, and so on
# until a save completes; after every cut the flash is mounted afresh and what loads is
# exactly the old content or exactly the new one. Then the same while a bad file is set
# aside: it is at its name or aside, whole, never lost.
# heap: 84K (a campaign's save and its load beside a mounted RAM flash: 70K at the
# smallest on the 64-bit unix port)
# isolate
# (each kind in a fresh interpreter: a mounted RAM flash of 12 KiB beside the store
# modules that load and go for every write)
import gc
from array import array

from cutflash import CutFlash
from deckdelve.store import Store
from store_cases import KINDS, get, put, remove_all

POINT = "/cut"
D = POINT + "/data"


def report(name, n):
    print("cut points tried: %s %d" % (name, n))  # for the report of issue 12


def _fresh(write, n):
    """Only content n on flash (written uncut)."""
    Store(D)
    remove_all(D)
    assert write(Store(D), n)


def _cuts_of(i):
    name, kind, version, write, load, expected, default = KINDS[i]
    dev = CutFlash(256, 48)
    dev.mount(POINT)
    try:
        _fresh(write, 0)
        old = load(Store(D))
        assert write(Store(D), 1)  # the new content, uncut
        new = load(Store(D))
        assert new != old
        n = 1
        olds = 0
        while True:
            _fresh(write, 0)
            dev.cut_at(n)
            notices = []
            try:
                write(Store(D, notices), 1)
            except OSError:
                pass  # a failure outside the store's writes (none expected)
            done = not dev.dead
            dev.power_up(POINT)
            got = load(Store(D))
            assert got == old or got == new, (name, n, got)
            if done:
                assert got == new, (name, n)
                break
            olds += got == old
            if got == old:
                assert notices, (name, n)  # the player was told it was not kept
            n += 1
        assert olds > 0
        report(name, n - 1)
    finally:
        dev.umount(POINT)
        gc.collect()


def test_cut_settings():
    _cuts_of(0)


def test_cut_scores():
    _cuts_of(1)


def test_cut_achievements():
    _cuts_of(2)


def test_cut_saved_run():
    _cuts_of(3)


def test_cut_campaign():
    # The snapshot's write, then the journal's append (what loads: the state and the journal).
    _cuts_of(4)


def test_cut_campaign_as_its_journal_starts_its_other_file():
    from deckdelve import campaigns

    old_max = campaigns.JOURNAL_MAX
    campaigns.JOURNAL_MAX = 16  # every append starts the other journal file
    try:
        _cuts_of(4)
    finally:
        campaigns.JOURNAL_MAX = old_max


def _long_write(s, n):
    # 700 actions: 1,400 bytes of log, over several 256-byte blocks (not inlined by littlefs)
    log = array("H", range(700))
    log[0] = n
    return s.save_run("g", n, (), log)


def _long_load(s):
    got = s.read_run("g")
    return None if got is None else (got[0], sum(got[2]))


def test_cut_long_saved_run():
    KINDS.append(("long run", None, None, _long_write, _long_load, None, None))
    try:
        _cuts_of(len(KINDS) - 1)
    finally:
        KINDS.pop()


def _log_write(s, n):
    # Content n: n + 1 errors in the log of 96 bytes each; the 43rd would pass LOG_MAX, so
    # the log is rewritten (its newer half and the new line) when content 42 is written.
    return s.append_log("E%d: %s" % (n, "x" * 90))


def _digest(path):
    """(size, Adler-32) of a file read in small pieces (the log is up to 4 KiB), or None."""
    try:
        f = open(path, "rb")
    except OSError:
        return None
    buf = bytearray(64)
    a = 1
    b = 0
    n = 0
    with f:
        while True:
            k = f.readinto(buf)
            if not k:
                break
            for i in range(k):
                a = (a + buf[i]) % 65521
                b = (b + a) % 65521
            n += k
    return n, (b << 16) | a


def _log_load(s):
    return _digest(D + "/error.log")


def _log_fresh_to(n):
    Store(D)
    remove_all(D)
    s = Store(D)
    for i in range(n + 1):
        assert _log_write(s, i)


def test_cut_error_log():
    # The error log is appended to, not rewritten: "old" is the log with n errors, "new"
    # with n + 1. Cut at every write point of an append, and of the append that starts over.
    dev = CutFlash(256, 48)
    dev.mount(POINT)
    try:
        total = 0
        for n in (3, 42):
            _log_fresh_to(n - 1)
            old = _log_load(Store(D))
            _log_write(Store(D), n)
            new = _log_load(Store(D))
            assert new != old
            assert (new[0] < old[0]) == (n == 42)  # the log was cut down to its newer half
            k = 1
            while True:
                _log_fresh_to(n - 1)
                dev.cut_at(k)
                _log_write(Store(D), n)
                done = not dev.dead
                dev.power_up(POINT)
                got = _log_load(Store(D))
                assert got == old or got == new, (n, k)
                if done:
                    break
                k += 1
            total += k - 1
        report("error.log", total)
    finally:
        dev.umount(POINT)


def test_cut_while_a_bad_file_is_set_aside():
    dev = CutFlash(256, 48)
    dev.mount(POINT)
    try:
        Store(D)
        bad = b"DECKDELVE scores 1 5 0\nhello"
        n = 1
        while True:
            remove_all(D)
            put(D + "/scores.dat", bad)
            dev.cut_at(n)
            Store(D).scores("g")
            done = not dev.dead
            dev.power_up(POINT)
            here = get(D + "/scores.dat")
            aside = get(D + "/scores.dat.bad1")
            assert (here == bad and aside is None) or (here is None and aside == bad), n
            s = Store(D)
            assert s.scores("g") == []  # the next boot: defaults, and the file aside
            assert get(D + "/scores.dat.bad1") == bad and get(D + "/scores.dat") is None
            if done:
                break
            n += 1
        report("set aside", n - 1)
    finally:
        dev.umount(POINT)

