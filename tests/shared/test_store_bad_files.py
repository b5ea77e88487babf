# Every bad form of every kind of file the store keeps (settings, scores, achievements, a
# saved run, a campaign's snapshot, the run counters; a campaign's journal: see
# test_campaign_damage.py): truncated, random bytes, a bad checksum, a valid checksum
# around the wrong shape or a wrong type in each field, an unknown older version, a newer
# version, empty, a folder in its place, a file larger than RAM. Each gives the defaults and
# a notice, is kept aside byte for byte (never deleted, never overwritten) or, when newer,
# left where it is, and a save after it works.
# heap: 80K
# isolate
# (each kind's cases in a fresh interpreter: the store's modules load and go again for
# every case, and the holes they leave add up within one process; the cap is above 64K
# for the test's own tables, every bad form of a file held at once beside the store)
import os

from deckdelve.store import Store
from helpers import exists, scratch
from store_cases import KINDS, bad_files, checked, get, huge, put, remove_all



def report(name, n):
    print("bad-file cases tried: %s %d" % (name, n))  # for the report of issue 12


def _bad_cases_of(i):
    name, kind, version, write, load, expected, default = KINDS[i]
    from store_shapes import shapes as shapes_of

    shapes = shapes_of(i)
    d = scratch("store_bad%d" % i)
    path = d + "/" + name
    assert write(Store(d), 0)
    good = get(path)
    n = 0
    for label, data in bad_files(name, kind, version, good, shapes):
        remove_all(d)
        put(path, data)
        notices = []
        got = load(Store(d, notices))
        assert got == default, (name, label, got)
        assert len(notices) == 1 and name in notices[0] and "kept as" in notices[0], (
            name, label, notices)
        assert get(path + ".bad1") == data and not exists(path), (name, label)
        # Play goes on: a save works, and the file set aside stays as it was.
        s = Store(d)
        assert write(s, 1) and load(s) == expected(1), (name, label, s.notices)
        assert get(path + ".bad1") == data, (name, label)
        n += 1
    report(name, n)


def test_bad_settings():
    _bad_cases_of(0)


def test_bad_scores():
    _bad_cases_of(1)


def test_bad_achievements():
    _bad_cases_of(2)


def test_bad_saved_run():
    _bad_cases_of(3)


def test_bad_campaign_snapshot():
    _bad_cases_of(4)


def test_bad_run_counters():
    from store_shapes import counter_shapes

    counters = counter_shapes()
    d = scratch("store_bad_counters")
    n = 0
    for i in range(len(counters)):
        remove_all(d)
        put(d + "/runs.dat", checked("runs", 1, counters[i]))
        s = Store(d)
        assert s.save_run("g", 1, (), [1, 2])  # counters start over; the run is saved
        assert s.notices and "runs.dat" in s.notices[0]
        assert get(d + "/runs.dat.bad1") == checked("runs", 1, counters[i])
        assert list(Store(d).read_run("g")[2]) == [1, 2]
        n += 1
    report("runs.dat", n)


def test_folder_where_a_file_should_be():
    for i in range(len(KINDS)):
        name, kind, version, write, load, expected, default = KINDS[i]
        d = scratch("store_folder")
        os.mkdir(d + "/" + name)
        s = Store(d)
        assert load(s) == default
        assert s.notices and "a folder" in s.notices[0], s.notices
        assert exists(d + "/" + name + ".bad1")
        s = Store(d)
        assert write(s, 2), s.notices  # not "flash full?": the folder is out of the way
        assert load(Store(d)) == expected(2)


def test_saved_run_folder_is_not_offered_to_continue():
    d = scratch("store_run_folder")
    os.mkdir(d + "/run_g.sav")
    s = Store(d)
    assert not s.has_run("g")
    s.check_files(["g"])
    assert s.notices and exists(d + "/run_g.sav.bad1")


def test_file_larger_than_ram_is_not_read():
    for i in range(len(KINDS)):
        name, kind, version, write, load, expected, default = KINDS[i]
        d = scratch("store_huge")
        huge(d + "/" + name, 1 << 20)  # 1 MiB: far more than the heap
        s = Store(d)
        assert load(s) == default
        assert s.notices and "too large" in s.notices[0], s.notices
        assert os.stat(d + "/" + name + ".bad1")[6] == 1 << 20
        assert write(Store(d), 3)


def test_newer_version_is_refused_and_left_untouched():
    for i in range(len(KINDS)):
        name, kind, version, write, load, expected, default = KINDS[i]
        d = scratch("store_newer")
        newer = checked(kind, version + 1, b"{\"from\": \"the future\"}")
        put(d + "/" + name, newer)
        s = Store(d)
        assert load(s) == default
        assert s.notices and "newer" in s.notices[0], s.notices
        assert not write(s, 1)  # not replaced by a save either
        assert "newer" in s.notices[-1]
        assert get(d + "/" + name) == newer and not exists(d + "/" + name + ".bad1")
        assert not exists(d + "/" + name + ".tmp")



# Issue 28: what is set aside, and what belongs with it, is never deleted nor overwritten by
# the file that replaces it.
def _journal_of(d):
    return get(d + "/camp_g_0.j0")


def test_bad_campaign_snapshot_takes_its_journal_and_a_new_campaign_keeps_both():
    # Every bad form of a campaign's snapshot (the store's checks at boot, and restore()'s
    # when the slot is opened), each with a journal of three lines: the snapshot is set aside
    # with its journal beside it (the same N), the slot says where it went, and a new
    # campaign started in the slot leaves both as they were.
    from deckdelve import campaigns
    from store_shapes import shapes as shapes_of

    name, kind, version, write, load, expected, default = KINDS[4]
    d = scratch("store_bad_snapshot_journal")
    path = d + "/" + name
    assert write(Store(d), 0)
    good = get(path)
    n = 0
    for label, data in bad_files(name, kind, version, good, shapes_of(4)):
        remove_all(d)
        s = Store(d)
        assert write(s, 0) and write(s, 1) and write(s, 2), label
        journal = _journal_of(d)
        assert campaigns.journal(d, "g", 0, 0, 9) == ["act 2", "act 1", "start 0"]
        put(path, data)
        notices = []
        campaigns.check(Store(d, notices), "g")  # at boot (Store.check_files)
        assert load(Store(d, notices)) is None, label  # opening the slot
        assert len(notices) == 1 and "kept as " + name + ".bad1" in notices[0] and \
            "camp_g_0.j0.bad1" in notices[0], (label, notices)
        assert get(path + ".bad1") == data and get(d + "/camp_g_0.j0.bad1") == journal
        assert not exists(path) and not exists(d + "/camp_g_0.j0")
        assert campaigns.slots(d, "g") == [None, None, None]
        assert campaigns.kept(d, "g", 0) == 1 and campaigns.kept(d, "g", 1) == 0
        # A new campaign in the slot: the old one and its journal stay, byte for byte.
        s = Store(d)
        assert write(s, 7) and load(s) == (7, ["start 7"]), (label, s.notices)
        assert get(path + ".bad1") == data and get(d + "/camp_g_0.j0.bad1") == journal, label
        n += 1
    report("camp_g_0.sav with its journal", n)


def test_a_second_bad_file_never_overwrites_the_first():
    # Each kind: damaged twice, each time after a good save: .bad1 and .bad2, both kept.
    for i in range(len(KINDS)):
        name, kind, version, write, load, expected, default = KINDS[i]
        d = scratch("store_bad_twice")
        path = d + "/" + name
        for k in (1, 2):
            assert write(Store(d), k), name
            put(path, b"damaged %d" % k)
            assert load(Store(d)) == default, name
        assert get(path + ".bad1") == b"damaged 1" and get(path + ".bad2") == b"damaged 2"


def test_a_campaign_set_aside_shares_one_n_with_a_journal_set_aside_before():
    # The journal was damaged once (kept as .j0.bad1, the campaign went on); then the
    # snapshot is damaged: snapshot and journal both go to .bad2, and .j0.bad1 stays.
    from deckdelve import campaigns

    name, kind, version, write, load, expected, default = KINDS[4]
    d = scratch("store_bad_n")
    s = Store(d)
    assert write(s, 0) and write(s, 1)
    put(d + "/camp_g_0.j0", b"#x\nnot a journal\n")
    Store(d).check_files(["g"])
    assert get(d + "/camp_g_0.j0.bad1") == b"#x\nnot a journal\n"
    s = Store(d)
    assert write(s, 2) and write(s, 3)  # the campaign goes on, with a new journal
    journal = _journal_of(d)
    put(d + "/" + name, b"damaged")
    notices = []
    assert load(Store(d, notices)) is None
    assert get(d + "/" + name + ".bad2") == b"damaged" and get(d + "/camp_g_0.j0.bad2") == journal
    assert get(d + "/camp_g_0.j0.bad1") == b"#x\nnot a journal\n"
    assert not exists(d + "/" + name + ".bad1") and campaigns.kept(d, "g", 0) == 2


def test_a_journal_without_its_campaign_is_kept_aside_not_deleted():
    # (e.g. its snapshot removed by hand, or an older firmware's DELETE cut halfway): a new
    # campaign in the slot sets it aside with a notice; only DELETE deletes.
    from deckdelve import campaigns

    name, kind, version, write, load, expected, default = KINDS[4]
    d = scratch("store_orphan_journal")
    s = Store(d)
    assert write(s, 0) and write(s, 1)
    journal = _journal_of(d)
    os.remove(d + "/" + name)
    notices = []
    assert write(Store(d, notices), 5) and "kept as camp_g_0.j0.bad1" in notices[0], notices
    assert get(d + "/camp_g_0.j0.bad1") == journal and load(Store(d)) == (5, ["start 5"])
    # DELETE: the campaign and its journal go; what was kept aside stays until its own
    # delete (the slot's menu asks for each).
    campaigns.delete(d, "g", 0)
    assert sorted(os.listdir(d)) == ["camp_g_0.j0.bad1"]
    assert campaigns.kept(d, "g", 0) == 1
    campaigns.delete_kept(d, "g", 0)
    assert os.listdir(d) == [] and campaigns.kept(d, "g", 0) == 0


def test_a_damaged_run_counter_file_costs_no_saved_run():
    # runs.dat set aside: the saved run it belongs with is still continued, once.
    d = scratch("store_bad_counters_run")
    assert Store(d).save_run("g", 5, (), [3, 4, 5])
    put(d + "/runs.dat", b"damaged")
    s = Store(d)
    got = s.read_run("g")
    assert got is not None and list(got[2]) == [3, 4, 5], s.notices
    assert get(d + "/runs.dat.bad1") == b"damaged"
