# Payloads with a valid checksum but the wrong shape or a wrong type in each field, for each
# kind of file in store_cases.KINDS (same order), and for the run counters (runs.dat); each
# list is built by a call, when a test needs it.
import json


def _json(value):
    return json.dumps(value).encode()


def run_meta(**fields):
    meta = {"key": "g", "seed": 5, "options": ["opt"], "n": 2, "serial": 1}
    for k in fields:
        if fields[k] is MISSING:
            del meta[k]
        else:
            meta[k] = fields[k]
    return _json(meta) + b"\n" + b"\x01\x00\x02\x00"


MISSING = object()


def settings_shapes():
    return (
        _json([]), _json(7), _json("x"), _json(None),
        _json({"sound": 1}), _json({"sound": "yes"}), _json({"idle_s": "60"}),
        _json({"idle_s": 0}), _json({"idle_s": True}), _json({"contrast": 300}),
        _json({"contrast": True}), _json({"contrast": 1.5}), _json({"initials": 5}),
        _json({"initials": "ab"}), _json({"initials": "AB?"}), _json({"bogus": 1}),
    )
def scores_shapes():
    return (
        _json([]), _json(7), _json({"g": 5}), _json({"g": [5]}), _json({"g": [[1, "AAA"]]}),
        _json({"g": [["1", "AAA", ""]]}), _json({"g": [[1.5, "AAA", ""]]}),
        _json({"g": [[True, "AAA", ""]]}), _json({"g": [[1, 5, ""]]}),
        _json({"g": [[1, "AAAA", ""]]}), _json({"g": [[1, "AAA", 5]]}),
        _json({"g": [[1, "AAA", "x" * 40]]}), _json({"g": [[1, "AAA", ""], [2, "AAA", ""]]}),
        _json({"g": [[9, "AAA", ""]] * 6}), _json({"g": [[1 << 40, "AAA", ""]]}),
        _json({"g": {"a": 1}}),
    )
def ach_shapes():
    return (
        _json([]), _json(3), _json({"g": "3"}), _json({"g": -1}), _json({"g": 1.5}),
        _json({"g": None}), _json({"g": True}), _json({"g": [1]}), _json({"g": 1 << 40}),
    )
def run_shapes():
    return (
        b"no meta line", _json([]) + b"\n", run_meta(key="h"), run_meta(key=MISSING),
        run_meta(seed="5"), run_meta(seed=-1), run_meta(seed=1 << 40), run_meta(seed=MISSING),
        run_meta(options="opt"), run_meta(options=[1]), run_meta(options=MISSING),
        run_meta(n=3), run_meta(n="2"), run_meta(n=-1), run_meta(n=MISSING),
        run_meta(serial=0), run_meta(serial="1"), run_meta(serial=MISSING),
    )


def camp(**fields):
    value = {"label": "CAMP 0", "snap": "0100", "jgen": 0, "jsize": 0, "lines": "start 0\n",
             "messages": [], "view": [], "scored": False}
    for k in fields:
        if fields[k] is MISSING:
            del value[k]
        else:
            value[k] = fields[k]
    return _json(value)


def camp_shapes():
    """(a generator: 47 forms, each made when it is tried, not all held at once)"""
    yield _json([])
    yield _json("x")
    yield _json(None)
    for k, v in (
            ("extra", 1),
            ("label", MISSING), ("label", 5), ("label", ""), ("label", "x" * 40), ("label", None),
            ("snap", MISSING), ("snap", 1), ("snap", "010"), ("snap", "zz00"), ("snap", "0200"),
            ("snap", ""), ("snap", "010203"), ("snap", ["01"]),
            ("jgen", MISSING), ("jgen", "0"), ("jgen", -1), ("jgen", True), ("jgen", 1.5),
            ("jgen", 1 << 40),
            ("jsize", MISSING), ("jsize", "0"), ("jsize", -3), ("jsize", False), ("jsize", None),
            ("lines", MISSING), ("lines", 5), ("lines", None), ("lines", ["start 0"]),
            ("messages", MISSING), ("messages", "x"), ("messages", [1]),
            ("messages", ["x" * 401]), ("messages", ["m"] * 17),
            ("view", MISSING), ("view", 5), ("view", ["1"]), ("view", [-1]),
            ("view", [1 << 16]), ("view", [0] * 17), ("view", [True]),
            ("scored", MISSING), ("scored", 0), ("scored", "yes")):
        yield camp(**{k: v})


def counter_shapes():
    return (
        _json([]), _json({"g": [1]}), _json({"g": ["1", 0]}), _json({"g": [1, -1]}),
        _json({"g": 3}),
    )

def shapes(i):
    """The wrong payloads of store_cases.KINDS[i], built when asked (held all at once they
    would take RAM the other tests need)."""
    return (settings_shapes, scores_shapes, ach_shapes, run_shapes, camp_shapes)[i]()
