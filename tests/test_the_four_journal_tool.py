# tools/journal.py: a campaign's journal printed oldest first from a data folder (as the
# simulator keeps it, or as copied off the handheld), and one-line errors for bad input.
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from deckdelve import campaigns  # noqa: E402
from deckdelve.games import the_four as tf  # noqa: E402
from deckdelve.rng import Rng  # noqa: E402


def run(*args):
    return subprocess.run([sys.executable, "-m", "tools.journal", *args], cwd=ROOT,
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
    r = run(str(tmp_path), "--slot", "2")
    assert r.returncode == 0, r.stderr
    printed = r.stdout.splitlines()
    newest_first = campaigns.journal(str(tmp_path), "the_four", 1, 0, 10000)
    assert printed == list(reversed(newest_first)) and len(printed) > 10


def test_bad_input_is_one_line_on_stderr(tmp_path):
    r = run(str(tmp_path / "nowhere"))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    r = run(str(tmp_path))
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "no journal" in r.stderr
