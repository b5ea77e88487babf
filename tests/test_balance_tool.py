"""The balance report tool on a small sample: every game, mode and bot of the registry gets a
well-formed row, a plot, and best and worst seeds that the simulator deals the same."""

import os
import re

from PIL import Image

from deckdelve import registry
from tools.measure import balance


def test_balance_report_on_a_small_sample(tmp_path):
    assert balance.main(["--games", "4", "--budget", "0", "--workers", "1",
                         "--out", str(tmp_path)]) == 0
    text = (tmp_path / "BALANCE.md").read_text()
    row = re.compile(r"^\| (.+?) \| (\w+) \| (\d+) \| (\d+\.\d)% \((\d+\.\d)% to (\d+\.\d)%\) "
                     r"\| -?\d+\.\d \| \d+\.\d \| seed (\d+): -?\d+ \| seed (\d+): -?\d+ \|$")
    rows = [row.match(line) for line in text.splitlines() if line.startswith("| ")]
    rows = [m for m in rows if m]
    expected = sum(len(balance.modes(e)) * len(balance.bots(e[0])) for e in registry.GAMES)
    assert len(rows) == expected
    for m in rows:
        assert m.group(3) == "4"
        low, rate, high = float(m.group(5)), float(m.group(4)), float(m.group(6))
        assert low <= rate <= high
        assert 1 <= int(m.group(7)) <= 4 and 1 <= int(m.group(8)) <= 4
    for entry in registry.GAMES:
        assert "## %s (`%s`)" % (entry[1], entry[0]) in text
        png = tmp_path / "balance" / ("%s.png" % entry[0])
        with Image.open(png) as im:
            assert im.format == "PNG" and im.size[0] >= 300
        assert "--game %s" % entry[0] in text
        for label, _options in entry[2]:
            assert "| %s | random |" % label in text
    assert "MISMATCH" not in text
    assert "**No win, by the rules.**" in text and "Threats met per campaign" in text
    assert "deals another game" not in text
    # The saved games give the same report again without playing.
    again = tmp_path / "again"
    assert balance.main(["--from", str(tmp_path / "balance.json"), "--out", str(again)]) == 0
    assert (again / "BALANCE.md").read_text() == text
    assert balance.main(["--from", str(tmp_path / "nothing.json")]) == 2


def test_wilson_interval():
    low, high = balance.wilson(50, 100)
    assert abs(low - 0.4038) < 0.001 and abs(high - 0.5962) < 0.001
    assert balance.wilson(0, 10)[0] == 0.0 and balance.wilson(10, 10)[1] == 1.0


def test_seed_is_the_simulators_deal():
    key, options = "red_queen", ()
    assert balance.replays_in_simulator(key, options, 7, "greedy")


def test_a_campaign_with_no_end_stops_at_its_playout_turns():
    # Seed 56's careful campaign never ends its story (it once ran past 20,000 actions).
    game, log = balance.play("the_four", 56, (), balance.find_bot("the_four", "player"))
    assert not game.over and game.turn == balance.endless_turns("the_four") == 300
    assert balance.replays_in_simulator("the_four", (), 56, "player")
    assert balance.endless_turns("red_queen") == 0


def test_bots_of_a_game_without_a_bot_module_is_random_only():
    assert balance.bots("no_such_game") == ["random"]
    assert os.path.exists(os.path.join(balance.ROOT, "tools", "mp", "bots_solatro.py"))
    assert balance.bots("solatro")[0] == "random" and len(balance.bots("solatro")) >= 2
