# heap: 114K (the whole campaign stack with the test: rules, words, store, campaigns, bot)
# The Four's campaign slots and journal on flash (deckdelve/campaigns.py): saved after every
# action as a snapshot, loaded without being consumed, a journal read newest first a page at
# a time and bounded in size. Runs under CPython and real MicroPython (on the host's files;
# mp_test_the_four_campaign.py cuts the power on littlefs).
import os

from deckdelve import campaigns
from deckdelve.games import the_four as tf
from deckdelve.rng import Rng
from helpers import exists, scratch

try:
    import bots_the_four as bots  # MicroPython: tools/mp is on the path
except ImportError:
    from tools.mp import bots_the_four as bots

KEY = "the_four"


def whole(texts, held):
    """The whole journal lines of one action's journal_lines() texts, as campaigns.py writes
    them ("+" adds to the line in progress, held, "=" ends it), and what is still held."""
    out = []
    for text in texts:
        if text[0] == "+":
            held += text[1:]
            continue
        if text[0] == "=":
            text = held + text[1:]
            held = ""
        out.append(text)
    return out, held


def play(c, g, rng, actions, keep=200):
    """Take `actions` actions with the bot, saving after each. Returns the newest `keep`
    journal lines written (oldest first), and how many lines and bytes were written."""
    lines = []
    count = 0
    size = 0
    held = c.held
    for _ in range(actions):
        g.apply(bots.player(g, rng))
        new, held = whole(g.journal_lines(), held)
        for line in new:
            assert len(line) <= campaigns.LINE_MAX, line  # the view shows it whole
            count += 1
            size += len(line) + 1
            lines.append(line)
            if len(lines) > keep:
                lines.pop(0)
        assert c.save(g)
        assert c.held == held
    return lines, count, size


def count_lines(root, slot):
    """All the journal's lines, counted a page at a time."""
    n = 0
    while True:
        got = len(campaigns.journal(root, KEY, slot, n, 20))
        n += got
        if got < 20:
            return n


def test_slots_start_empty_then_list_the_campaign_and_delete_it():
    root = scratch("four_slots")
    assert campaigns.slots(root, KEY) == [None, None, None]
    c = campaigns.Campaign(root, KEY, 1)
    g = tf.Game(4)
    assert c.start(g)
    assert campaigns.slots(root, KEY) == [None, "NEW CHARACTER", None]
    play(c, g, Rng(1), 30, 0)
    label = campaigns.slots(root, KEY)[1]
    assert label == g.slot_label() and label.startswith(
        "%s/" % ("FORCE", "VOICE", "MATTER", "WORLD")[g.source]) or label.startswith("END")
    campaigns.delete(root, KEY, 1)
    assert campaigns.slots(root, KEY) == [None, None, None]
    assert os.listdir(root) == []


def test_loading_restores_exactly_and_never_consumes_the_campaign():
    root = scratch("four_load")
    c = campaigns.Campaign(root, KEY, 0)
    g = tf.Game(8)
    c.start(g)
    play(c, g, Rng(3), 60, 0)
    want = g.snapshot()
    for _ in range(2):  # loading twice gives the same game: nothing is consumed
        h = campaigns.Campaign(root, KEY, 0).load(tf.Game)
        assert h is not None and h.snapshot() == want
    assert campaigns.Campaign(root, KEY, 2).load(tf.Game) is None  # an empty slot


def test_journal_newest_first_page_by_page():
    root = scratch("four_journal")
    c = campaigns.Campaign(root, KEY, 0)
    g = tf.Game(5)
    c.start(g)
    lines = play(c, g, Rng(7), 100)[0]
    assert len(lines) > 30
    newest = campaigns.journal(root, KEY, 0, 0, 5)
    assert newest == [lines[-1], lines[-2], lines[-3], lines[-4], lines[-5]]
    page = campaigns.journal(root, KEY, 0, 5, 5)
    assert page == [lines[-6], lines[-7], lines[-8], lines[-9], lines[-10]]
    assert count_lines(root, 0) == len(lines)
    assert campaigns.journal(root, KEY, 0, len(lines) - 1, 5) == [lines[0]]
    assert campaigns.journal(root, KEY, 0, len(lines), 5) == []


def test_journal_is_two_files_of_bounded_size_the_oldest_rolled_off():
    root = scratch("four_roll")
    old = campaigns.JOURNAL_MAX
    campaigns.JOURNAL_MAX = 2048
    try:
        c = campaigns.Campaign(root, KEY, 0)
        g = tf.Game(6)
        c.start(g)
        # (the older file is full: it holds at least 7 lines of at most LINE_MAX bytes)
        lines, count, size = play(c, g, Rng(2), 400, 8)
        assert size > 4 * 2048  # the journal rolled over more than once
        for i in (0, 1):
            path = root + "/camp_%s_0.j%d" % (KEY, i)
            assert exists(path) and os.stat(path)[6] <= 2048
        # The newest lines are all there, in order; the oldest have rolled off.
        kept = campaigns.journal(root, KEY, 0, 0, len(lines))
        for i in range(len(lines)):
            assert kept[i] == lines[len(lines) - 1 - i]
        assert len(lines) < count_lines(root, 0) < count
    finally:
        campaigns.JOURNAL_MAX = old


def test_reopening_writes_journal_lines_the_snapshot_has_and_the_journal_lacks():
    # As after a power cut between the snapshot's rename and the journal's append: the
    # snapshot is the new one, the journal still the old one.
    root = scratch("four_recover")
    c = campaigns.Campaign(root, KEY, 0)
    g = tf.Game(9)
    c.start(g)
    lines = play(c, g, Rng(4), 20)[0]
    path = root + "/camp_%s_0.j0" % KEY
    rng = Rng(5)
    while True:  # (an action that ends a line: a Turn's parts are held until its result)
        g.apply(bots.player(g, rng))
        new = whole(g.journal_lines(), c.held)[0]
        if new:
            break
        assert c.save(g)
    with open(path, "rb") as f:
        before = f.read()
    assert c.save(g)
    with open(path, "wb") as f:  # undo the append
        f.write(before)
    assert campaigns.journal(root, KEY, 0, 0, 1) == [lines[-1]]
    h = campaigns.Campaign(root, KEY, 0).load(tf.Game)
    assert h.snapshot() == g.snapshot()
    got = campaigns.journal(root, KEY, 0, 0, len(new) + 1)
    assert got[:len(new)] == list(reversed(new)) and got[len(new)] == lines[-1]
    # Opened again: nothing is written twice.
    campaigns.Campaign(root, KEY, 0).load(tf.Game)
    assert campaigns.journal(root, KEY, 0, 0, len(new) + 1) == got


# A campaign as the firmware before the screen was kept wrote it (slot file version 1, its
# snapshot version 1: seed 3, created and one turn played; the journal in the old words).
OLD_SNAPSHOT = bytes.fromhex(
    "0101000102000006ff0101ff00010100ff0000000100000000000000001abf2c19030000002f0e29022a2b10"
    "1524282d33070f1b132f0105251231090d301c1f23201d3219081a0b26160c0411182c1e030a272206021421"
    "000002142100ffffffffffffffffffffffff00000000000000000000000000172e02020202")
OLD_JOURNAL = (b"#0\nT0 GRIT 2 HEART 2 CRAFT 2 WITS 2, Source Voice, TAKEN\nT0 shuffle: 52 cards\n"
               b"T1 HEART: flip 2\nT1 flip 2D 8H, kept 8H: YES-BUT, PEOPLE\n"
               b"T1 result: YES-BUT, PEOPLE\n")


def test_a_campaign_saved_by_an_older_firmware_still_loads():
    # A campaign lives for days and survives an update: a version 1 slot file (no screen
    # kept: it comes back on the main screen, no message) with a version 1 snapshot inside
    # loads as it was, its journal goes on in the new words after the old ones, and the next
    # save writes version 2.
    from binascii import hexlify

    from deckdelve.store import Store

    root = scratch("four_v1")
    old = {"label": "VOICE/TAKEN T1 H0 THR0", "snap": hexlify(OLD_SNAPSHOT).decode(),
           "jgen": 0, "jsize": len(OLD_JOURNAL), "lines": ""}
    assert Store(root).write_json("camp_the_four_0.sav", "campaign", 1, old)
    with open(root + "/camp_the_four_0.j0", "wb") as f:
        f.write(OLD_JOURNAL)
    assert campaigns.slots(root, KEY) == ["VOICE/TAKEN T1 H0 THR0", None, None]
    c = campaigns.Campaign(root, KEY, 0)
    g = c.load(tf.Game)
    assert g is not None and not c.store.notices
    assert g.turn == 1 and g.source == 1 and tf.Game.restore(g.snapshot()).turn == 1
    assert (c.messages, c.view, c.scored, c.held) == ([], [], False, "")
    lines = play(c, g, Rng(5), 12)[0]
    with open(root + "/camp_the_four_0.sav", "rb") as f:
        assert f.readline().startswith(b"DECKDELVE campaign 2 ")
    got = campaigns.journal(root, KEY, 0, 0, 100)
    assert got[:len(lines)] == list(reversed(lines)) and lines[0].startswith("T:")
    assert got[len(lines):] == ["T1 result: YES-BUT, PEOPLE", "T1 flip 2D 8H, kept 8H: YES-BUT, "
                                "PEOPLE", "T1 HEART: flip 2", "T0 shuffle: 52 cards",
                                "T0 GRIT 2 HEART 2 CRAFT 2 WITS 2, Source Voice, TAKEN"]
    assert campaigns.Campaign(root, KEY, 0).load(tf.Game).snapshot() == g.snapshot()


def test_a_snapshot_no_firmware_reads_is_refused_with_its_reason_and_kept():
    # A snapshot of a version the rules do not know (0, or one newer than theirs) is set
    # aside with its journal, and the notice says why.
    from binascii import unhexlify

    from deckdelve.store import Store

    root = scratch("four_snap_version")
    c = campaigns.Campaign(root, KEY, 0)
    g = tf.Game(8)
    c.start(g)
    play(c, g, Rng(3), 30)
    store = Store(root)
    value = store.read_json("camp_the_four_0.sav", "campaign", 2, lambda v, n: True,
                            campaigns.SNAPSHOT_LIMIT)[1]
    value["snap"] = "09" + value["snap"][2:]
    assert store.write_json("camp_the_four_0.sav", "campaign", 2, value)
    c = campaigns.Campaign(root, KEY, 0)
    assert c.load(tf.Game) is None
    note = c.store.notices[0]
    assert "not restored: not a snapshot of version 1 to" in note, note
    assert "camp_the_four_0.sav.bad1" in note and "camp_the_four_0.j0.bad1" in note
    assert unhexlify(value["snap"])[0] == 9 and exists(root + "/camp_the_four_0.j0.bad1")
