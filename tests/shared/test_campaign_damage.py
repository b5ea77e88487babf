# A campaign whose journal is damaged still loads what can be trusted (deckdelve/campaigns.py,
# "Damaged files"): the snapshot, whole, and every journal line still readable. For each damage
# (random bytes, a first line that is not a generation, the wrong generation for the file, a
# folder, a file larger than RAM, bytes that are not text inside the lines, one line longer than
# the view keeps, a file cut mid-line (in the last save's lines or before them), an empty file,
# both files gone): the campaign loads to the state it was saved in, the journal view never fails,
# a file that cannot be a journal is reported at boot (Store.check_files) and kept aside byte for
# byte, and play goes on: the next action is saved and shows in the journal. And a save that runs
# out of memory keeps what was saved before. (The snapshot's own bad forms are with every other
# kind of file in test_store_bad_files.py.)
# heap: 80K
# isolate
# (each test in a fresh interpreter, as after a boot: a boot's check loads and drops every
# part of the store beside the test, 56-68 KiB at the smallest on the 64-bit unix port)
from deckdelve import campaigns
from deckdelve.store import Store
from helpers import exists, scratch
from camp_game import CampGame
from store_cases import get, huge, put

KEY = "g"
J0 = "camp_g_0.j0"
LINES = ["act 5", "act 4", "act 3", "act 2", "act 1", "start 0"]  # the view: newest first


def _campaign(d):
    """Slot 0: started with 0, then the actions 1 to 5, each saved; one journal file."""
    c = campaigns.Campaign(d, KEY, 0)
    g = CampGame(0)
    assert c.start(g)
    for n in range(1, 6):
        g.act(n)
        assert c.save(g)
    assert campaigns.journal(d, KEY, 0, 0, 50) == LINES and not exists(d + "/camp_g_0.j1")


def _goes_on(d, view):
    """The campaign loads to action 5 with view as its journal; then action 6 is saved and is
    the journal's newest line."""
    notices = []
    c = campaigns.Campaign(d, KEY, 0, notices)
    g = c.load(CampGame)
    assert g is not None and g.n == 5
    assert campaigns.journal(d, KEY, 0, 0, 50) == view, campaigns.journal(d, KEY, 0, 0, 50)
    g.act(6)
    assert c.save(g) and not notices, notices
    assert campaigns.Campaign(d, KEY, 0).load(CampGame).n == 6
    assert campaigns.journal(d, KEY, 0, 0, 1) == ["act 6"]


def _damaged(label, make, view, reported):
    d = scratch("camp_damage")
    _campaign(d)
    make(d + "/" + J0)
    kept = get(d + "/" + J0)
    notices = []
    Store(d, notices).check_files([KEY])  # boot
    if reported:
        assert len(notices) == 1 and J0 in notices[0] and "journal of campaign 1" in \
            notices[0] and "kept as" in notices[0], (label, notices)
        assert get(d + "/" + J0 + ".bad1") == kept, label
    else:
        assert notices == [] and not exists(d + "/" + J0 + ".bad1"), (label, notices)
    _goes_on(d, view)
    if reported:
        assert get(d + "/" + J0 + ".bad1") == kept, label  # never overwritten


def _random(path):
    put(path, bytes((i * 97 + 13) % 256 for i in range(600)))


def test_random_bytes_in_place_of_the_journal():
    _damaged("random", _random, [], True)


def test_a_first_line_that_is_not_a_generation():
    _damaged("no generation", lambda p: put(p, b"#x\nact 1\n"), [], True)
    _damaged("no header", lambda p: put(p, b"start 0\nact 1\n"), [], True)


def test_the_wrong_generation_for_the_file():
    _damaged("generation 1 in .j0", lambda p: put(p, b"#1\nstart 0\n"), [], True)


def _folder(path):
    import os

    os.remove(path)
    os.mkdir(path)


def test_a_folder_in_place_of_the_journal():
    d = scratch("camp_damage")
    _campaign(d)
    _folder(d + "/" + J0)
    notices = []
    Store(d, notices).check_files([KEY])
    assert len(notices) == 1 and "a folder" in notices[0] and exists(d + "/" + J0 + ".bad1")
    _goes_on(d, [])


def test_a_journal_larger_than_ram():
    d = scratch("camp_damage")
    _campaign(d)
    huge(d + "/" + J0, 1 << 20)
    notices = []
    Store(d, notices).check_files([KEY])
    assert len(notices) == 1 and "too large" in notices[0], notices
    assert campaigns.Campaign(d, KEY, 0).load(CampGame).n == 5
    _goes_on(d, [])


def _corrupt_lines(path):
    data = bytearray(get(path))
    data[data.index(b"act 3")] = 0xC3  # not UTF-8 on its own
    data[data.index(b"act 2") + 1] = 0  # a control byte
    put(path, bytes(data))


def test_bytes_that_are_not_text_show_as_question_marks():
    view = list(LINES)
    view[2] = "?ct 3"
    view[3] = "a?t 2"
    _damaged("not text", _corrupt_lines, view, False)


def _long_line(path):
    put(path, get(path) + b"y" * 3000 + b"\n")


def test_a_line_longer_than_the_view_keeps():
    _damaged("long line", _long_line, ["y" * campaigns.LINE_MAX] + LINES, False)


def test_a_journal_cut_mid_line():
    # Within the last save's lines: they are in the snapshot, and loading writes them again.
    _damaged("cut in the last lines", lambda p: put(p, get(p)[:-3]), LINES, False)
    # Further back: the cut line shows as far as it goes, and the next line starts its own.
    _damaged("cut", lambda p: put(p, get(p)[:-9]), ["act"] + LINES[2:], False)


def test_an_empty_journal_and_no_journal():
    _damaged("empty", lambda p: put(p, b""), [], False)

    def gone(path):
        import os

        os.remove(path)

    _damaged("gone", gone, [], False)


class OutOfMemory(CampGame):
    def snapshot(self):
        raise MemoryError("memory allocation failed")


def test_a_save_out_of_memory_keeps_what_was_saved_before():
    d = scratch("camp_damage")
    _campaign(d)
    before = get(d + "/camp_g_0.sav"), get(d + "/" + J0)
    notices = []
    c = campaigns.Campaign(d, KEY, 0, notices)
    g = c.load(OutOfMemory)
    g.act(6)
    assert not c.save(g)
    assert notices and "out of memory" in notices[0] and "campaign 1" in notices[0]
    assert (get(d + "/camp_g_0.sav"), get(d + "/" + J0)) == before
    assert campaigns.Campaign(d, KEY, 0).load(CampGame).n == 5


def test_a_slot_not_read_is_never_started_afresh():
    # A snapshot from a newer firmware: the slot list shows it empty, but starting a new
    # campaign there is refused and both its files stay as they are.
    from store_cases import checked

    d = scratch("camp_damage")
    _campaign(d)
    newer = checked("campaign", campaigns.VERSION + 1, b"{}")
    put(d + "/camp_g_0.sav", newer)
    journal = get(d + "/" + J0)
    notices = []
    c = campaigns.Campaign(d, KEY, 0, notices)
    assert c.load(CampGame) is None and "newer" in notices[0]
    assert not c.start(CampGame(9)) and "newer" in notices[-1]
    g = CampGame(9)
    g.act(10)
    assert not c.save(g)
    assert get(d + "/camp_g_0.sav") == newer and get(d + "/" + J0) == journal
