# heap: 96K (the whole campaign stack with the test: rules, words, store, campaigns, bot)
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


def play(c, g, rng, actions, keep=200):
    """Take `actions` actions with the bot, saving after each. Returns the newest `keep`
    journal lines written (oldest first), and how many lines and bytes were written."""
    lines = []
    count = 0
    size = 0
    for _ in range(actions):
        g.apply(bots.player(g, rng))
        for line in g.journal_lines():
            count += 1
            size += len(line) + 1
            lines.append(line)
            if len(lines) > keep:
                lines.pop(0)
        assert c.save(g)
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
    lines = play(c, g, Rng(7), 40)[0]
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
    campaigns.JOURNAL_MAX = 1024
    try:
        c = campaigns.Campaign(root, KEY, 0)
        g = tf.Game(6)
        c.start(g)
        lines, count, size = play(c, g, Rng(2), 200, 40)
        assert size > 4 * 1024  # the journal rolled over more than once
        for i in (0, 1):
            path = root + "/camp_%s_0.j%d" % (KEY, i)
            assert exists(path) and os.stat(path)[6] <= 1024
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
    with open(path, "rb") as f:
        before = f.read()
    g.apply(bots.player(g, Rng(5)))
    new = g.journal_lines()
    assert new and c.save(g)
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
