"""The mutation tool (tools/check/mutate.py) in its short form: a handful of mutants of one rules
module, run against that game's shared rules tests; its output must be well formed and add up.
The full runs (every mutant, every game) are in docs/rules/mutation.md."""

import re
import subprocess
import sys

from tools.check import mutate

FIRST = re.compile(r"^mutate mini_rogue: (\d+) mutants of firmware/deckdelve/games/"
                   r"mini_rogue\.py, against (test_mini_rogue\w* ?)+ \([\d.]+ s a run\)$")
ALIVE = re.compile(r"^ALIVE L\d+ [\w-]+: .+ \| .* \| .+$")
LAST = re.compile(r"^tried (\d+), caught (\d+), alive (\d+) \(explained (\d+), unexplained "
                  r"(\d+)\); (\d+) caught by a hang$")


def run(*args):
    return subprocess.run([sys.executable, "-m", "tools.check.mutate", *args], capture_output=True,
                          text=True, timeout=300)


def test_quick_run_output_is_well_formed_and_adds_up():
    out = run("--game", "mini_rogue", "--quick")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().split("\n")
    first = FIRST.match(lines[0])
    assert first, lines[0]
    last = LAST.match(lines[-1])
    assert last, lines[-1]
    tried, caught, alive, explained, unexplained, hung = map(int, last.groups())
    assert tried == int(first.group(1)) == mutate.QUICK
    assert caught + alive == tried and explained + unexplained == alive and hung <= caught
    assert len(lines) == 2 + alive and all(ALIVE.match(line) for line in lines[1:-1])


def test_mutants_are_the_promised_kinds_and_labels_are_left_alone():
    source = open("firmware/deckdelve/games/red_queen.py").read()
    ms = mutate.mutants(source)
    kinds = {m.kind for m in ms}
    assert {"cmp", "int", "bool", "not", "drop"} <= kinds
    labels = mutate.label_lines(source)
    assert labels and not [m for m in ms if m.kind == "int" and m.line in labels]
    # The deck's shuffle after setup can be dropped: "drop a shuffle" is among the mutants.
    shuffles = [m for m in ms if m.kind == "drop" and "shuffle" in source.split("\n")[
        m.line - 1]]
    assert len(shuffles) >= 4
    # Every mutant compiles.
    for m in ms[::25]:
        mutate.mutated_code(source, "red_queen.py", m)


def test_bad_game_is_one_line_and_nonzero():
    out = run("--game", "chess")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and "unknown game" in out.stderr
