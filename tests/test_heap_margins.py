"""The RAM margins are part of the build: every shared test passes under MicroPython at least
8 KiB below its `# heap:` cap (tools/measure/heap_margins.py bisects each one), so a change that
eats a
test's headroom fails here, plainly, instead of making `make test` pass or fail by where the
project was cloned."""

from tools.measure import heap_margins


def test_every_shared_test_keeps_8_kib_under_its_cap(capsys):
    status = heap_margins.main(["--min-margin", "8"])
    out = capsys.readouterr().out
    print(out)
    assert status == 0, out
    assert out.count("\n") > 20, out  # a line per run: the tool really measured them
