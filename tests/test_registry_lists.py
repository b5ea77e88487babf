"""A game added to the registry is not skipped silently by a hand-kept list (issue 37). Each
list that is a choice per game (a tour's keys, the README's pictures, a test function per game
because the MicroPython runner has no parametrize) must name every registered game; a missing
one fails here with the file to edit. Lists that need no choice are made from the registry
itself (tools/check/mutate.py's GAMES)."""

import ast
import os

from deckdelve import registry

from tools import ROOT
from tools.assets import screenshots
from tools.check import mutate
from tools.pico import bench_pico

KEYS = [entry[0] for entry in registry.GAMES]
TITLES = [entry[1] for entry in registry.GAMES]


def _defs(path):
    with open(os.path.join(ROOT, path)) as f:
        tree = ast.parse(f.read())
    return [n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]


def _missing(have, what, where):
    missing = [key for key in KEYS if not any(key in h for h in have)]
    assert missing == [], "%s has nothing for %s: add %s in %s" % (
        where, ", ".join(missing), what, where)


def test_the_emulated_pico_tour_plays_every_game():
    _missing([key for key, _moves in bench_pico.TOUR], "its first moves (TOUR)",
             "tools/pico/bench_pico.py")


def test_the_web_test_plays_every_game():
    import test_web_node

    _missing(list(test_web_node.PLAYS), "its first moves (PLAYS)", "tests/test_web_node.py")


def test_the_fuzz_and_the_text_check_walk_every_game():
    _missing(_defs("tests/shared/test_fuzz.py"), "def test_fuzz_<key>()",
             "tests/shared/test_fuzz.py")
    _missing(_defs("tests/shared/test_text_bounds.py")
             + _defs("tests/shared/test_text_bounds_the_four.py"),
             "def test_<key>...() walking it", "tests/shared/test_text_bounds.py")


def test_the_readme_shows_every_game():
    _missing([shot.split("/")[0] for shot in screenshots.SHOTS], "a golden screen (SHOTS)",
             "tools/assets/screenshots.py")
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        games = f.read().split("## The games", 1)[1].split("\n## ", 1)[0]
    missing = [title for title in TITLES if title not in games]
    assert missing == [], "README.md's table of games lacks %s" % ", ".join(missing)


def test_the_mutation_tool_takes_its_games_from_the_registry():
    assert list(mutate.GAMES) == KEYS
