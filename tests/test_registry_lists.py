"""A game added to the registry is not skipped silently by a list (issue 37): the tours (the
emulated Pico's, the web test's), the walks (fuzz, manners, text bounds: tests named
*_each_game), the README's pictures and the mutation tool take their games from the registry,
each game choosing its own moves or pictures if it likes; what the registry cannot give (the
README's table, a golden screen) fails here with the file to edit."""

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


def test_the_tours_and_walks_take_every_game_from_the_registry():
    # (a game may choose its moves; one that does not is still toured, with the d-pad)
    import test_web_node

    assert [key for key, _moves in bench_pico.TOUR] == KEYS
    assert sorted(test_web_node.PLAYS) == sorted(KEYS)
    for path, name in (("tests/shared/test_fuzz.py", "test_fuzz_each_game"),
                       ("tests/shared/test_manners.py", "test_manners_each_game"),
                       ("tests/shared/test_text_bounds.py", "test_text_bounds_each_game")):
        assert name in _defs(path), "%s lost %s (run once a registered game)" % (path, name)


def test_the_readme_shows_every_game():
    _missing([shot.split("/")[0] for shot in screenshots.SHOTS],
             "a golden screen of its own (the game's screen tests write them)", "tests/golden/")
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        games = f.read().split("## The games", 1)[1].split("\n## ", 1)[0]
    missing = [title for title in TITLES if title not in games]
    assert missing == [], "README.md's table of games lacks %s" % ", ".join(missing)


def test_the_mutation_tool_takes_its_games_from_the_registry():
    assert list(mutate.GAMES) == KEYS
