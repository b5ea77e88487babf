# Payloads with a valid checksum but the wrong shape or a wrong type in each field, for each
# kind of file in store_cases.KINDS (same order), and for the run counters (runs.dat).
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

SETTINGS_SHAPES = (
    _json([]), _json(7), _json("x"), _json(None),
    _json({"sound": 1}), _json({"sound": "yes"}), _json({"idle_s": "60"}),
    _json({"idle_s": 0}), _json({"idle_s": True}), _json({"contrast": 300}),
    _json({"contrast": True}), _json({"contrast": 1.5}), _json({"initials": 5}),
    _json({"initials": "ab"}), _json({"initials": "AB?"}), _json({"bogus": 1}),
)
SCORES_SHAPES = (
    _json([]), _json(7), _json({"g": 5}), _json({"g": [5]}), _json({"g": [[1, "AAA"]]}),
    _json({"g": [["1", "AAA", ""]]}), _json({"g": [[1.5, "AAA", ""]]}),
    _json({"g": [[True, "AAA", ""]]}), _json({"g": [[1, 5, ""]]}),
    _json({"g": [[1, "AAAA", ""]]}), _json({"g": [[1, "AAA", 5]]}),
    _json({"g": [[1, "AAA", "x" * 40]]}), _json({"g": [[1, "AAA", ""], [2, "AAA", ""]]}),
    _json({"g": [[9, "AAA", ""]] * 6}), _json({"g": [[1 << 40, "AAA", ""]]}),
    _json({"g": {"a": 1}}),
)
ACH_SHAPES = (
    _json([]), _json(3), _json({"g": "3"}), _json({"g": -1}), _json({"g": 1.5}),
    _json({"g": None}), _json({"g": True}), _json({"g": [1]}), _json({"g": 1 << 40}),
)
RUN_SHAPES = (
    b"no meta line", _json([]) + b"\n", run_meta(key="h"), run_meta(key=MISSING),
    run_meta(seed="5"), run_meta(seed=-1), run_meta(seed=1 << 40), run_meta(seed=MISSING),
    run_meta(options="opt"), run_meta(options=[1]), run_meta(options=MISSING),
    run_meta(n=3), run_meta(n="2"), run_meta(n=-1), run_meta(n=MISSING),
    run_meta(serial=0), run_meta(serial="1"), run_meta(serial=MISSING),
)
COUNTER_SHAPES = (
    _json([]), _json({"g": [1]}), _json({"g": ["1", 0]}), _json({"g": [1, -1]}),
    _json({"g": 3}),
)

SHAPES = (SETTINGS_SHAPES, SCORES_SHAPES, ACH_SHAPES, RUN_SHAPES)
