"""Mutation run for a game's rules module: small deliberate changes (a comparison flipped, an
integer constant or a table byte changed by one, `and`/`or` swapped, a `not` dropped, a
statement dropped: a shuffle, an assignment, a call), each run against that game's own shared
rules tests under CPython. A mutant is caught when some test fails (or the tests hang: a rule
broken into an endless loop); it is alive when every test passes. Prints one line per alive
mutant and the closing count line.

    python -m tools.check.mutate --game red_queen            # every mutant
    python -m tools.check.mutate --game red_queen --quick    # a handful, spread over the module
    python -m tools.check.mutate --game mini_rogue --list    # the mutants, not run

Each mutant runs in a forked child (the tests import the mutated module fresh there), so a
mutant can neither leak into the next nor hang the run.

Not mutated: integer constants between `# mutate: labels` and `# mutate: end` in the rules
module (action kinds, phases, event codes: names whose values only need to differ).
An alive mutant that cannot change play is explained in tools/check/mutants_alive.txt (one line:
game | function | change | source line | why); the run prints the reason beside it. Alive
mutants with no reason are the ones a test is missing for."""

import ast
import glob
import io
import os
import signal
import sys
import time

from tools import FIRMWARE, MP_TOOLS, ROOT, SHARED_TESTS, on_path

on_path(FIRMWARE)
from deckdelve import registry  # noqa: E402

GAMES = tuple(entry[0] for entry in registry.GAMES)
QUICK = 6  # mutants in a --quick run
KNOWN = os.path.join(ROOT, "tools", "check", "mutants_alive.txt")

_FLIP = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
_OP_TEXT = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not",
}


class Mutant:
    """One change: the index of the node in ast.walk order, what to do there, and words."""

    def __init__(self, index, kind, arg, line, func, words):
        self.index = index
        self.kind = kind
        self.arg = arg
        self.line = line
        self.func = func
        self.words = words


def _functions(tree):
    """Map each node (by id) to the name of the innermost function holding it ('' at the
    module's top level)."""
    owner = {}

    def visit(node, name):
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.ClassDef)) else name
            if isinstance(child, ast.ClassDef):
                inner = name
            owner[id(child)] = inner
            visit(child, inner)

    visit(tree, "")
    return owner


def _is_docstring(node, parents):
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str))


def label_lines(source):
    """The line numbers between `# mutate: labels` and `# mutate: end`."""
    out = set()
    inside = False
    for n, text in enumerate(source.split("\n"), 1):
        t = text.strip()
        if t.startswith("# mutate: labels"):
            inside = True
        elif t == "# mutate: end":
            inside = False
        elif inside:
            out.add(n)
    return out


def mutants(source):
    """Every mutant of a module's source, in source order."""
    labels = label_lines(source)
    tree = ast.parse(source)
    owner = _functions(tree)
    in_body = set()  # statements directly in a function body (candidates to drop)
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.If, ast.For, ast.While, ast.Try)):
            for field in ("body", "orelse", "finalbody"):
                for st in getattr(node, field, ()) or ():
                    in_body.add(id(st))
    out = []
    for i, node in enumerate(ast.walk(tree)):
        line = getattr(node, "lineno", 0)
        func = owner.get(id(node), "")
        if isinstance(node, ast.Compare):
            for k, op in enumerate(node.ops):
                new = _FLIP.get(type(op))
                if new:
                    out.append(Mutant(i, "cmp", (k, new), line, func, "`%s` -> `%s`" % (
                        _OP_TEXT[type(op)], _OP_TEXT[new])))
        elif isinstance(node, ast.Constant) and type(node.value) is int and line in labels:
            pass
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            out.append(Mutant(i, "int", node.value + 1, line, func,
                              "%d -> %d" % (node.value, node.value + 1)))
            if node.value > 0:
                out.append(Mutant(i, "int", node.value - 1, line, func,
                                  "%d -> %d" % (node.value, node.value - 1)))
        elif isinstance(node, ast.Constant) and type(node.value) is bytes:
            for k in range(len(node.value)):
                b = node.value[k]
                out.append(Mutant(i, "byte", (k, (b + 1) & 255), line, func,
                                  "byte %d of a table: %d -> %d" % (k, b, (b + 1) & 255)))
        elif isinstance(node, ast.BoolOp):
            new = "or" if isinstance(node.op, ast.And) else "and"
            out.append(Mutant(i, "bool", None, line, func, "`%s` -> `%s`" % (
                "and" if new == "or" else "or", new)))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            out.append(Mutant(i, "not", None, line, func, "`not` dropped"))
        elif (id(node) in in_body and func
              and isinstance(node, (ast.Expr, ast.Assign, ast.AugAssign))
              and not _is_docstring(node, None)):
            out.append(Mutant(i, "drop", None, line, func, "statement dropped"))
    out.sort(key=lambda m: (m.line, m.index))
    return out


def mutated_code(source, path, m):
    """The module's code object with mutant m applied."""
    tree = ast.parse(source)
    node = next(n for i, n in enumerate(ast.walk(tree)) if i == m.index)
    if m.kind == "cmp":
        k, new = m.arg
        node.ops[k] = new()
    elif m.kind == "int":
        node.value = m.arg
    elif m.kind == "byte":
        k, b = m.arg
        v = bytearray(node.value)
        v[k] = b
        node.value = bytes(v)
    elif m.kind == "bool":
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif m.kind == "not":
        _replace(tree, node, node.operand)
    elif m.kind == "drop":
        _replace(tree, node, ast.Pass(lineno=node.lineno, col_offset=node.col_offset))
    ast.fix_missing_locations(tree)
    return compile(tree, path, "exec")


def _replace(tree, old, new):
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if isinstance(value, list):
                for k in range(len(value)):
                    if value[k] is old:
                        value[k] = new
                        return
            elif value is old:
                setattr(parent, field, new)
                return
    raise ValueError("node not found")


def test_modules(game):
    """The game's shared rules tests (not its scene's), scenarios before play-outs."""
    names = []
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "shared", "test_%s*.py" % game))):
        name = os.path.basename(path)[:-3]
        if name.endswith("_ui"):
            continue
        names.append(name)
    names.sort(key=lambda n: ("playout" in n, n))
    return names


def _setup_paths():
    on_path(ROOT, FIRMWARE, SHARED_TESTS, MP_TOOLS)
    os.chdir(ROOT)  # the shared tests use paths relative to the repo root


def _run_tests(game, code):
    """In the child: put the (mutated) code in the game module, import the tests fresh and run
    every test function; exit 0 if all pass, 1 at the first failure."""
    import importlib

    import helpers  # tests/shared: each child its own scratch folder, or children running at
    # once (--jobs) clear each other's campaign files and a mutant is "caught" by the race
    helpers.SCRATCH = _scratch_of(os.getpid())
    try:
        return _run_test_modules(game, code, importlib)
    finally:
        _remove_scratch(os.getpid())


def _scratch_of(pid):
    return "build/scratch-mutant-%d" % pid


def _remove_scratch(pid):
    import helpers

    path = os.path.join(ROOT, _scratch_of(pid))
    helpers._rmtree(path)
    try:
        os.rmdir(path)
    except OSError:
        pass


def _run_test_modules(game, code, importlib):
    module = importlib.import_module("deckdelve.games." + game)
    if code is not None:
        exec(code, module.__dict__)
    for name in test_modules(game):
        sys.modules.pop(name, None)
        tests = importlib.import_module(name)
        for attr in sorted(dir(tests)):
            if attr.startswith("test_"):
                try:
                    getattr(tests, attr)()
                except Exception:  # noqa: BLE001 - any failure catches the mutant
                    return 1
    return 0


def start_one(game, code, timeout):
    """Fork a child that runs the tests against code (None: the module unchanged); its pid.
    The child ends itself a little after the timeout, should this run be killed."""
    pid = os.fork()
    if pid == 0:
        rc = 2
        try:
            signal.alarm(int(timeout) + 5)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            sys.stdout = sys.stderr = io.StringIO()
            rc = _run_tests(game, code)
        finally:
            os._exit(rc)
    return pid


def run_one(game, code, timeout):
    """'pass', 'fail' or 'hang' for the tests against code."""
    for _m, result in _run_children(game, [(None, code)], timeout, 1):
        return result


def _run_children(game, work, timeout, jobs):
    """Yield (tag, result) for each (tag, code) in work, in order, up to `jobs` children at
    once; a child past its timeout is killed and counted a hang."""
    running = {}  # pid -> (position, deadline)
    results = {}
    nxt = 0
    done = 0
    while done < len(work):
        while nxt < len(work) and len(running) < jobs:
            running[start_one(game, work[nxt][1], timeout)] = (nxt, time.time() + timeout)
            nxt += 1
        for pid in list(running):
            k, deadline = running[pid]
            finished, status = os.waitpid(pid, os.WNOHANG)
            if finished:
                results[k] = "pass" if os.waitstatus_to_exitcode(status) == 0 else "fail"
            elif time.time() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                _remove_scratch(pid)  # a killed child cannot clear its own
                results[k] = "hang"
            else:
                continue
            del running[pid]
        while done in results:
            yield work[done][0], results.pop(done)
            done += 1
        if running:
            time.sleep(0.005)


def load_known(game):
    """(function, change, source line) -> why, for this game's explained alive mutants; '*'
    in a field matches anything."""
    known = []
    try:
        f = open(KNOWN)
    except OSError:
        return known
    with f:
        for text in f:
            text = text.strip()
            if not text or text.startswith("#"):
                continue
            parts = [p.strip() for p in text.split(" | ")]
            if len(parts) != 5:
                raise ValueError("%s: not 5 fields: %s" % (KNOWN, text))
            if parts[0] == game:
                known.append(parts[1:])
    return known


def explain(known, m, source_line):
    for func, words, line, why in known:
        if func in ("*", m.func or "-") and words in ("*", m.words) and line in (
                "*", source_line):
            return why
    return None


def alive_in(path):
    """The (function, change, source line) of each ALIVE line of an earlier run's output."""
    out = set()
    with open(path) as f:
        for text in f:
            if text.startswith("ALIVE L"):
                where, rest = text[len("ALIVE "):].split(": ", 1)
                words, line = rest.split(" | ")[:2]
                out.add((where.split(" ", 1)[1], words, line.strip()))
    return out


def pick_quick(all_mutants, n):
    """n mutants spread evenly over the module (the same ones every run)."""
    if len(all_mutants) <= n:
        return all_mutants
    step = len(all_mutants) / n
    return [all_mutants[int(k * step)] for k in range(n)]


def main(argv=None):
    _setup_paths()
    from host_sim.__main__ import Parser

    ap = Parser(prog="python -m tools.check.mutate", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--quick", action="store_true", help="only %d mutants" % QUICK)
    ap.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    ap.add_argument("--jobs", type=int, default=1, help="mutants run at once (default 1)")
    ap.add_argument("--rerun", metavar="OUTPUT",
                    help="only the mutants an earlier run's output lists as alive (after new "
                         "tests: a test added never lets a caught mutant live)")
    args = ap.parse_args(argv)
    if not 1 <= args.jobs <= 64:
        ap.error("--jobs must be between 1 and 64")
    if args.game not in GAMES:
        sys.stderr.write("mutate: unknown game %r (one of %s)\n" % (args.game, ", ".join(GAMES)))
        return 2
    rel = os.path.join("firmware", "deckdelve", "games", args.game + ".py")
    path = os.path.join(ROOT, rel)
    with open(path) as f:
        source = f.read()
    lines = source.split("\n")
    todo = mutants(source)
    if args.quick:
        todo = pick_quick(todo, QUICK)
    if args.rerun:
        try:
            wanted = alive_in(args.rerun)
        except OSError as e:
            sys.stderr.write("mutate: cannot read %s: %s\n" % (args.rerun, e.strerror))
            return 2
        if not wanted:
            sys.stderr.write("mutate: %s lists no mutant as alive (not a mutate output?)\n" %
                             args.rerun)
            return 2
        todo = [m for m in todo if (m.func or "-", m.words, lines[m.line - 1].strip()) in wanted]
    if args.list:
        for m in todo:
            print("L%d %s: %s | %s" % (m.line, m.func or "-", m.words, lines[m.line - 1].strip()))
        print("%d mutants" % len(todo))
        return 0
    import host_sim  # noqa: F401 - the pure-Python framebuf, loaded once before the forks

    import importlib

    importlib.import_module("deckdelve.games." + args.game)  # shared by every child
    start = time.time()
    if run_one(args.game, None, 600) != "pass":
        sys.stderr.write("mutate: %s's tests fail on the unchanged module\n" % args.game)
        return 1
    base = time.time() - start
    timeout = max(10.0, 5 * base)
    print("mutate %s: %d mutants of %s, against %s (%.1f s a run)" % (
        args.game, len(todo), rel, " ".join(test_modules(args.game)), base))
    sys.stdout.flush()
    known = load_known(args.game)
    caught = hung = explained = 0
    alive = []
    for m, result in run_all(args.game, source, path, todo, timeout, max(1, args.jobs)):
        if result == "pass":
            alive.append(m)
            text = lines[m.line - 1].strip()
            why = explain(known, m, text)
            explained += why is not None
            print("ALIVE L%d %s: %s | %s | %s" % (m.line, m.func or "-", m.words, text,
                                                  why or "UNEXPLAINED"))
            sys.stdout.flush()
        else:
            caught += 1
            hung += result == "hang"
    print("tried %d, caught %d, alive %d (explained %d, unexplained %d); %d caught by a hang"
          % (len(todo), caught, len(alive), explained, len(alive) - explained, hung))
    return 0


def run_all(game, source, path, todo, timeout, jobs):
    """Yield (mutant, result) in order."""
    work = [(m, mutated_code(source, path, m)) for m in todo]
    yield from _run_children(game, work, timeout, jobs)


if __name__ == "__main__":
    sys.exit(main())
