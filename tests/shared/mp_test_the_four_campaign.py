# heap: 132K (the campaign stack, a littlefs flash in RAM and a copy of it to go back to)
# isolate
# The Four's campaigns under power cuts, on real littlefs (MicroPython only; pytest does not
# collect mp_test_*.py). An action's save (snapshot, then journal) is cut at every block write
# or erase in turn; after each cut the same bytes are mounted again, as at the next boot, and
# the campaign loads to exactly the state before the action or exactly the state after it, its
# journal then holds exactly the lines of that state (never a line of an action the snapshot
# lacks, never one lost), and play goes on. And a 300-turn campaign with a full journal resumes
# and shows a journal page in the same heap as a new campaign.
import gc

from cutflash import CutFlash
from deckdelve import campaigns, store
from deckdelve.games import the_four as tf
from deckdelve.rng import Rng

try:
    import bots_the_four as bots  # MicroPython: tools/mp is on the path
except ImportError:
    from tools.mp import bots_the_four as bots

POINT = "/cut"
KEY = "the_four"


def journal_digest(slot=0):
    """The whole journal, read a page at a time, as (lines, a checksum of every character in
    order): equal digests, equal journals (without holding a whole journal in RAM)."""
    n = 0
    a = 1
    b = 0
    while True:
        page = campaigns.journal(POINT, KEY, slot, n, 10)
        for line in page:
            for ch in line + "\n":
                a = (a + ord(ch)) % 65521
                b = (b + a) % 65521
        n += len(page)
        if len(page) < 10:
            return n, a, b


def loaded(slot=0):
    """What the next boot finds: the game in the slot (None: empty) and its journal."""
    game = campaigns.Campaign(POINT, KEY, slot).load(tf.Game)
    return (None if game is None else game.snapshot()), journal_digest(slot)


def cut_every_write_point(dev, do):
    """Run do() (an action and its save) with the power cut at its 1st, 2nd, ... block write
    or erase, each time from the same flash bytes, until a run completes uncut. Returns how
    many cut runs left the state (snapshot, journal) before and after, the runs, and whether
    the journal grew."""
    start = dev.spare
    start[:] = dev.data
    before = loaded()
    dev.data[:] = start
    dev.power_up(POINT)
    do()
    after = loaded()
    assert after != before
    olds = news = 0
    n = 1
    while True:
        dev.data[:] = start
        dev.power_up(POINT)
        dev.cut_at(n)
        do()  # the store and the journal turn every write error into a False, or retry later
        cut = dev.dead
        dev.power_up(POINT)
        raw = journal_digest()  # as found, before loading brings it up to date
        got = loaded()
        assert got == before or got == after, "cut at write %d: neither before nor after" % n
        # The journal never held a line of an action the snapshot lacks.
        assert raw == before[1] or (got == after and raw == after[1]), "cut at write %d" % n
        # Play goes on from there (the next save writes over whatever the cut left).
        c = campaigns.Campaign(POINT, KEY, 0)
        g = c.load(tf.Game)
        if g is not None and not g.over:
            g.apply(g.actions()[0])
            assert c.save(g)
            assert loaded()[0] == g.snapshot()
        if not cut:
            assert got == after
            return olds, news, n, after[1] != before[1]
        olds += got == before
        news += got == after
        n += 1


def play(c, g, actions, seed):
    rng = Rng(seed)
    for _ in range(actions):
        g.apply(bots.player(g, rng))
        assert c.save(g)


def next_action(g, seed):
    return bots.player(g, Rng(seed))


def act_and_save(a):
    """An action on the campaign in slot 0 as the game's host does it: load, apply, save."""
    def do():
        c = campaigns.Campaign(POINT, KEY, 0)
        g = c.load(tf.Game)
        g.apply(a)
        c.save(g)

    return do


def flash():
    """A power-cut flash of 40 blocks of 256 bytes, with room for a copy of its bytes
    (allocated first, while the heap is still in one piece)."""
    spare = bytearray(40 * 256)
    dev = CutFlash(block_size=256, blocks=40)
    dev.spare = spare
    return dev


def test_a_cut_at_any_write_point_of_an_action_loads_before_or_after():
    old_max = campaigns.JOURNAL_MAX
    campaigns.JOURNAL_MAX = 700  # so that the journal starts its other file during the test
    dev = flash()
    dev.mount(POINT)
    try:
        c = campaigns.Campaign(POINT, KEY, 0)
        g = tf.Game(11)
        assert c.start(g)
        play(c, g, 30, 1)
        rolls = 0
        total_cuts = 0
        grew = 0
        for k in range(12):  # a dozen actions in a row, each cut at every write point
            a = next_action(g, k)
            gen = c.gen

            olds, news, n, journal_grew = cut_every_write_point(dev, act_and_save(a))
            # Early cuts keep the old state; cuts in the journal's append come after the
            # snapshot's rename, and keep the new one (an action that only adds to a Turn's
            # line in progress appends nothing: its snapshot's rename is its last write).
            assert olds > 0 and (news > 0 or not journal_grew)
            grew += journal_grew
            total_cuts += n
            # The uncut run is on flash now: go on from it.
            dev.power_up(POINT)
            c = campaigns.Campaign(POINT, KEY, 0)
            g = c.load(tf.Game)
            rolls += c.gen != gen
        print("12 actions, %d cut runs, the journal started its other file %d times" %
              (total_cuts, rolls))
        assert rolls >= 1 and total_cuts > 12 * 4 and grew >= 4
    finally:
        campaigns.JOURNAL_MAX = old_max
        dev.umount(POINT)


def test_a_cut_at_any_write_point_of_an_in_place_save_loads_before_or_after():
    # As the Pico saves (store.IN_PLACE: on littlefs the slot file is rewritten in place, which
    # littlefs commits whole at its close or not at all): the same cuts, the same guarantees.
    store.IN_PLACE = True
    try:
        test_a_cut_at_any_write_point_of_an_action_loads_before_or_after()
    finally:
        store.IN_PLACE = False


def test_a_cut_while_starting_a_campaign_leaves_the_slot_empty_or_started():
    dev = flash()
    dev.mount(POINT)
    try:
        def do():
            campaigns.Campaign(POINT, KEY, 0).start(tf.Game(5))

        olds, news, n, _grew = cut_every_write_point(dev, do)
        # The snapshot's rename is a new campaign's last write (no journal line yet): every
        # cut before it leaves the slot empty.
        assert olds == n - 1 and news == 0
    finally:
        dev.umount(POINT)


def test_a_cut_while_deleting_never_leaves_a_journal_without_its_campaign():
    # DELETE removes the journal first, then the snapshot: at every write point, a cut leaves
    # the campaign in its slot (it loads; the player deletes it again) or nothing at all,
    # never a journal whose campaign is gone (a new campaign would then set it aside).
    import os

    old_max = campaigns.JOURNAL_MAX
    campaigns.JOURNAL_MAX = 700  # both journal files in use
    dev = flash()
    dev.mount(POINT)
    try:
        c = campaigns.Campaign(POINT, KEY, 0)
        g = tf.Game(11)
        assert c.start(g)
        play(c, g, 40, 1)
        assert c.gen >= 1
        start = dev.spare
        start[:] = dev.data
        n = 1
        kept = 0
        while True:
            dev.data[:] = start
            dev.power_up(POINT)
            dev.cut_at(n)
            campaigns.delete(POINT, KEY, 0)
            cut = dev.dead
            dev.power_up(POINT)
            names = os.listdir(POINT)
            if "camp_the_four_0.sav" in names:
                assert campaigns.Campaign(POINT, KEY, 0).load(tf.Game) is not None
                kept += 1
            else:
                assert names == [], "cut at write %d: %s" % (n, names)
            if not cut:
                break
            n += 1
        assert names == [] and kept >= 1
    finally:
        campaigns.JOURNAL_MAX = old_max
        dev.umount(POINT)


def heap_now():
    gc.collect()
    return gc.mem_alloc()


def test_a_300_turn_campaign_resumes_in_the_same_heap_as_a_new_one():
    # On the host's files (a full journal is two 16 KiB files: more than a RAM flash holds).
    # Heap in use (after a collection) with the game, its campaign and a journal page alive,
    # above what the loaded modules hold: for a new campaign, and for the 300-turn one resumed.
    # Reading the journal a page at a time keeps the two the same, whatever the journal's size.
    from deckdelve.games import the_four_words  # noqa: F401 - loaded by the first journal line
    from helpers import scratch

    root = scratch("four_300")
    rng = Rng(3)
    base = heap_now()

    c = campaigns.Campaign(root, KEY, 1)
    g = tf.Game(4)
    c.start(g)
    for _ in range(60):  # enough for a full page of journal
        g.apply(bots.player(g, rng))
        c.save(g)
    page = campaigns.journal(root, KEY, 1, 0, 10)
    assert len(page) == 10
    new_peak = heap_now() - base
    del c, g, page

    c = campaigns.Campaign(root, KEY, 0)
    g = tf.Game(22)  # a careful campaign (not one in three played recklessly): 300 turns
    c.start(g)
    while g.turn < 300 and not g.over:
        g.apply(bots.player(g, rng))
        c.save(g)
    assert c.gen >= 1  # the journal filled a file and went on in the other
    del c, g
    heap_now()

    c = campaigns.Campaign(root, KEY, 0)
    g = c.load(tf.Game)
    page = campaigns.journal(root, KEY, 0, 0, 10)
    # an older page, 120 lines back (the journal's two 16 KiB files hold some 150 to 310 of
    # the story's lines, ~104 bytes each, depending on where the newer file stands)
    page = campaigns.journal(root, KEY, 0, 120, 10)
    resume_peak = heap_now() - base
    assert g.turn >= 300 and len(page) == 10
    print("heap in use: new campaign %d bytes, 300-turn campaign resumed %d bytes" %
          (new_peak, resume_peak))
    assert resume_peak <= new_peak + 256 and new_peak < 6144  # (a page: 10 lines of ~100 B)
