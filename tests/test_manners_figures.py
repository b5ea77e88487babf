# Manner 4's other half (HANDHELD.md, issue 33): a message's numbers come from the rules module,
# never typed again in a screen file. Every registered game's scene modules
# (firmware/deckdelve/ui/<key>*.py) are read as source: no string in them (docstrings aside)
# holds a figure; a number a scene shows is formatted in (%d) from the rules module's names.
# (CPython only: it reads the source with ast, which MicroPython does not have; the rest of the
# manners is checked in both, tests/shared/test_manners.py.)
import ast
import glob
import os
import re

import pytest

from deckdelve import registry

UI = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware",
                  "deckdelve", "ui")
FIGURE = re.compile(r"(?<![%\\\w.])\d+(?![\w])")  # a number, not a %d, \x05 or a name's part


def figures(path):
    """(line, string) of each string literal in the module at path, docstrings aside, that
    holds a figure."""
    with open(path) as f:
        tree = ast.parse(f.read())
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                id(node) not in docs and FIGURE.search(node.value):
            out.append((node.lineno, node.value))
    return out


@pytest.mark.parametrize("key", [g[0] for g in registry.GAMES])
def test_no_figure_is_typed_in_a_screen_file(key):
    found = []
    for path in sorted(glob.glob(os.path.join(UI, key + "*.py"))):
        for line, s in figures(path):
            found.append("%s:%d: %r" % (os.path.basename(path), line, s[:60]))
    assert not found, "figures typed in %s's screen files (take them from the rules " \
        "module):\n%s" % (key, "\n".join(found))


def test_the_check_finds_a_figure_and_passes_format_codes(tmp_path):
    p = tmp_path / "scene.py"
    p.write_text('"""A doc with 12 in it."""\nA = "Heal: +2 HP"\nB = "%d of %d, \\x05"\n'
                 'C = "ROUND %d"\n')
    assert [s for _line, s in figures(str(p))] == ["Heal: +2 HP"]
