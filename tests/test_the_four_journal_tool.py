# tools/play/journal.py: a campaign's journal printed oldest first from a data folder (as the
# simulator keeps it, or as copied off the handheld), and one-line errors for bad input.
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from deckdelve import campaigns  # noqa: E402
from deckdelve.games import the_four as tf  # noqa: E402
from deckdelve.rng import Rng  # noqa: E402


def run(*args):
    return subprocess.run([sys.executable, "-m", "tools.play.journal", *args], cwd=ROOT,
                          capture_output=True, text=True)


def test_prints_the_journal_oldest_first_across_both_files(tmp_path, monkeypatch):
    monkeypatch.setattr(campaigns, "JOURNAL_MAX", 800)
    c = campaigns.Campaign(str(tmp_path), "the_four", 1)
    g = tf.Game(3)
    c.start(g)
    rng = Rng(1)
    while g.turn < 40:
        acts = g.actions()
        g.apply(acts[rng.below(len(acts))])
        c.save(g)
    assert c.gen >= 2  # rolled: the oldest lines are gone
    r = run(str(tmp_path), "--slot", "2", "--detail")
    assert r.returncode == 0, r.stderr
    printed = r.stdout.splitlines()
    newest_first = campaigns.journal(str(tmp_path), "the_four", 1, 0, 10000)
    assert printed == list(reversed(newest_first)) and len(printed) > 10


def test_bad_input_is_one_line_on_stderr(tmp_path):
    r = run(str(tmp_path / "nowhere"))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    r = run(str(tmp_path))
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "no journal" in r.stderr


def test_the_journal_of_a_damaged_campaign_kept_aside_is_read_with_kept(tmp_path):
    # Issue 28: a damaged snapshot is set aside with its journal; a new campaign is started in
    # the slot; --slot 1 prints the new one's journal, --kept 1 the old one's, whole.
    d = str(tmp_path)
    c = campaigns.Campaign(d, "the_four", 0)
    g = tf.Game(5)
    c.start(g)
    rng = Rng(2)
    while g.turn < 12:
        acts = g.actions()
        g.apply(acts[rng.below(len(acts))])
        c.save(g)
    old = list(reversed(campaigns.journal(d, "the_four", 0, 0, 10000)))
    with open(os.path.join(d, "camp_the_four_0.sav"), "ab") as f:
        f.write(b"x")
    c = campaigns.Campaign(d, "the_four", 0)
    assert c.load(tf.Game) is None and "camp_the_four_0.j0.bad1" in c.store.notices[0]
    g = tf.Game(7)
    c.start(g)
    while g.turn < 2:
        acts = g.actions()
        g.apply(acts[rng.below(len(acts))])
        c.save(g)
    assert run(d, "--slot", "1", "--kept", "1", "--detail").stdout.splitlines() == old and \
        len(old) > 10
    new = run(d, "--slot", "1", "--detail").stdout.splitlines()
    assert new and new != old and new[0] not in old
    r = run(d, "--slot", "1", "--kept", "2")
    assert r.returncode == 1 and "kept as .bad2" in r.stderr and r.stderr.count("\n") == 1


def test_prints_the_story_a_heading_a_scene_with_suit_signs_and_no_detail(tmp_path):
    # Issue 34, item 8: the journal read as a story: its scenes as headings, its lines without
    # their turn and their rules' detail, cards with their suit signs (never "4D").
    d = str(tmp_path)
    c = campaigns.Campaign(d, "the_four", 0)
    g = tf.Game(4)
    c.start(g)
    rng = Rng(5)
    while g.scene < 2 or g.turn < 20:
        acts = g.actions()
        scene = [a for a in acts if a >> 8 == tf.SCENE]
        a = scene[0] if scene and rng.below(12) == 0 else acts[rng.below(len(acts))]
        g.apply(a)
        c.save(g)
    r = run(d, "--slot", "1")
    assert r.returncode == 0, r.stderr
    story = r.stdout.splitlines()
    assert story[0] == "Scene 1" and "Scene 2" in story and "Scene 3" in story
    detail = run(d, "--slot", "1", "--detail").stdout.splitlines()
    assert any("[" in line for line in detail) and not any("[" in line for line in story)
    assert not any(line.startswith("T:") for line in story)
    text = "\n".join(story)
    assert any(sign in text for sign in "\u2660\u2665\u2666\u2663")
    assert not re.search(r"\b(10|[A2-9JQK])[SHDC]\b", text)  # no card as letters ("4D")
    assert re.search(r"\b(10|[A2-9JQK])[SHDC]\b", "\n".join(detail)) is None
