"""Speed of the Solatro hand evaluator, best_hand(), in hands per second, on CPython and on
real MicroPython (the unix port, .mpy build, 64 KiB heap).

    python -m tools.measure.bench_solatro [--hands N]

Both interpreters score the same seeded hands: 5-card hands from a shuffled 54-card deck
(Jokers included, as in play). Prints one JSON line per interpreter.
"""

import argparse
import json
import os
import sys

from tools import ROOT

# The timed part runs unchanged under both interpreters: it is written to a temporary file
# and given to each. It must stay MicroPython-clean.
BENCH = """
import sys, time, json
from deckdelve.rng import Rng
from deckdelve import cards
from deckdelve.games.solatro import best_hand

def ticks():
    try:
        return time.ticks_us()
    except AttributeError:
        return int(time.perf_counter() * 1000000)

n = int(sys.argv[1])
rng = Rng(5)
deck = cards.deck(True)
hands = []
for i in range(200):
    rng.shuffle(deck)
    hands.append(bytes(deck[:5]))
t0 = ticks()
total = 0
for i in range(n):
    total += best_hand(hands[i % 200])[1]
us = ticks() - t0
print(json.dumps({"hands": n, "microseconds": us, "hands_per_second": n * 1000000 // us,
                  "checksum": total}))
"""


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.measure.bench_solatro")
    ap.add_argument("--hands", type=int, default=100000)
    args = ap.parse_args(argv)
    import subprocess
    import tempfile

    from tools.ship import mpy

    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(BENCH)
        path = f.name
    try:
        env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "firmware"))
        r = subprocess.run([sys.executable, path, str(args.hands)], capture_output=True,
                           text=True, env=env)
        cp = json.loads(r.stdout.strip().splitlines()[-1]) if r.returncode == 0 else {
            "error": r.stderr[-500:]}
        cp["interpreter"] = "cpython"
        print(json.dumps(cp))
        r = mpy.run([path, str(args.hands)], heap="64K")
        mp = json.loads(r.stdout.strip().splitlines()[-1]) if r.returncode == 0 else {
            "error": (r.stdout + r.stderr)[-500:]}
        mp["interpreter"] = "micropython"
        print(json.dumps(mp))
    finally:
        os.unlink(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
