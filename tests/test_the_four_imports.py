# Issue 37: no module imports one that imports it back. The Four's rules load its words (for
# the journal and the slot label); the words read the codes they share with the rules from
# the_four_events, never the rules module itself.
import ast
import os

GAMES = os.path.join(os.path.dirname(__file__), "..", "firmware", "deckdelve", "games")


def imports(path):
    """Every deckdelve module a file imports, at its top or inside a function."""
    out = set()
    for node in ast.walk(ast.parse(open(path).read())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(node.module + "." + a.name for a in node.names)
    return out


def test_no_module_of_the_four_imports_one_that_imports_it_back():
    graph = {}
    for name in os.listdir(GAMES):
        if name.startswith("the_four") and name.endswith(".py"):
            graph["deckdelve.games." + name[:-3]] = imports(os.path.join(GAMES, name))
    assert len(graph) == 3, sorted(graph)
    for a, uses in graph.items():
        for b in uses:
            assert a not in graph.get(b, ()), "%s and %s import each other" % (a, b)
    assert "deckdelve.games.the_four_events" in graph["deckdelve.games.the_four_words"]
