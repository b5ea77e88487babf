"""The layering of the project's Python (issue 37): no module imports one that imports it back,
directly or around a longer circle, and the firmware imports no tool and nothing of the host's.

Imports are read from the source (ast), those inside functions included: a circle hidden in a
function still ties the two modules together. A module is named as Python imports it: tools.X
and host_sim.X from the checkout, deckdelve.X from firmware/, and the MicroPython-side tools
(tools/mp/) and the shared tests' helpers (tests/shared/) by their file names, as they are put
on sys.path."""

import ast
import os

from tools import ROOT

# (folder, prefix): each .py below folder is module prefix + its dotted path.
TREES = (
    ("tools", "tools."),
    ("host_sim", "host_sim."),
    (os.path.join("firmware", "deckdelve"), "deckdelve."),
    (os.path.join("tools", "mp"), ""),
    (os.path.join("tests", "shared"), ""),
)


def modules():
    """{module name: path} of every project module."""
    found = {}
    for folder, prefix in TREES:
        top = os.path.join(ROOT, folder)
        for where, dirs, names in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__"
                             and not (prefix and os.path.join(where, d) in
                                      (os.path.join(ROOT, "tools", "mp"),)))
            if not prefix and where != top:
                continue  # the flat folders put on sys.path: their own files only
            for name in sorted(names):
                if not name.endswith(".py"):
                    continue
                rel = os.path.relpath(os.path.join(where, name), top)[:-3].replace(os.sep, ".")
                if rel.endswith("__init__"):
                    rel = rel[:-len(".__init__")] if "." in rel else ""
                module = (prefix + rel).rstrip(".") if (prefix + rel) else prefix.rstrip(".")
                found.setdefault(module, os.path.join(where, name))
    return found


def imports(module, path, known):
    """The project modules that module's source imports, anywhere in it."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                name = alias.name
                while name and name not in known:
                    name = name.rpartition(".")[0]
                if name:
                    out.add(name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(p for p in parts + [base] if p)
            for alias in node.names:
                full = base + "." + alias.name if base else alias.name
                if full in known:
                    out.add(full)
                elif base in known:
                    out.add(base)
    out.discard(module)
    return out


def graph():
    known = modules()
    return {m: imports(m, p, known) for m, p in known.items()}


def circles(edges):
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_reader_finds_a_circle_and_the_modules():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    edges = graph()
    # a sample of what must be read, so an empty graph cannot pass
    assert "tools.ship.firmware" in edges and "tools.ship.rp2_port" in edges["tools.ship.firmware"]
    assert "deckdelve.app" in edges and "deckdelve.games.the_four" in edges
    assert "playout_core" in edges


def test_no_module_imports_one_that_imports_it_back():
    found = circles(graph())
    assert found == [], "import circles (take the shared part into a module of its own): " + \
        "; ".join(" <-> ".join(group) for group in found)


def test_the_firmware_imports_no_tool_and_nothing_of_the_host():
    bad = sorted((m, d) for m, deps in graph().items() if m.startswith("deckdelve")
                 for d in deps if not d.startswith("deckdelve"))
    assert bad == [], "the firmware imports outside itself: %s" % bad
