"""The benchmark tool on the least sample that runs every part of it: the report names every
game in every table, nothing is left "not measured", no idle frame allocates, and the heap
bisection finds the smallest heap it is given."""

import re

from deckdelve import registry
from tools.measure import bench


def test_bench_report_on_a_small_sample(tmp_path):
    assert bench.main(["--sample", "--out", str(tmp_path)]) == 0
    text = (tmp_path / "BENCHMARKS.md").read_text()
    assert "Not measured:" not in text  # the form of a part that failed
    # The saved measurements give the same report again without measuring.
    again = tmp_path / "again"
    assert bench.main(["--sample", "--from", str(tmp_path / "bench.json"),
                       "--out", str(again)]) == 0
    assert (again / "BENCHMARKS.md").read_text() == text
    for title in ("Starting a game", "Heap over play-outs through the app",
                  "Screens: busiest redraw and idle frames", "Rules actions and bots' choices",
                  "CPython play-outs", "Flash footprint", "On the emulated Pico"):
        assert "## " + title in text
    sections = text.split("\n## ")
    for entry in registry.GAMES:
        title = entry[1]
        start = [ln for ln in text.splitlines() if ln.startswith("| %s | " % title)]
        # starts (1), heap and rules (a row per mode each), CPython (a row per mode and bot)
        modes = len(bench.modes_of(entry))
        bots = len(bench.balance.bots(entry[0]))
        assert len(start) == 1 + modes + modes * len(bench.heuristic_bots(entry[0]) or [1]) \
            + modes * bots
        assert "### %s" % title in text
    heap = [s for s in sections if s.startswith("Heap over")][0]
    rows = [ln.split(" | ") for ln in heap.splitlines() if ln.startswith("| ") and "KiB" in ln]
    assert rows
    for r in rows:
        assert re.fullmatch(r"\d+ KiB", r[7]), r  # the smallest heap was found
        assert r[8].rstrip(" |") == "0"  # every play-out finished
    screens = [s for s in sections if s.startswith("Screens")][0]
    m = re.search(r"(\d+) idle frames under the heap lock: (\d+) allocated", screens)
    assert m and int(m.group(1)) > 0 and m.group(2) == "0"
    for line in screens.splitlines():
        if line.startswith("| game") and "|---" not in line and "screen |" not in line:
            cells = [c.strip() for c in line.strip("|").split("|")]
            assert re.fullmatch(r"\d+ \(\d+–\d+\)", cells[2]), line
            assert float(cells[4]) > 0  # an estimated Pico time
            assert cells[8] == "0", line  # no idle frame allocated


def test_bisection_finds_the_least_heap_that_fits(monkeypatch):
    need = 83
    monkeypatch.setattr(bench, "fits", lambda key, options, games, kib: kib >= need)
    assert bench.smallest_heap("x", (), 1, 1) == need
    found = bench.smallest_heap("x", (), 1, 8)
    assert need <= found < need + 8
    monkeypatch.setattr(bench, "fits", lambda key, options, games, kib: False)
    assert bench.smallest_heap("x", (), 1, 1) is None


def test_pico_estimate_scales_by_the_reference_loop():
    assert bench.pico_ms(1000, 1000) == bench.PICO_REF_US / 1000.0
    assert abs(bench.pico_ms(500, 1000) - bench.PICO_REF_US / 2000.0) < 1e-9
