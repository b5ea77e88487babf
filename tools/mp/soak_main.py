# Entry point of the soak under MicroPython (argv: games seed): one process plays the games
# through the app (tests/shared/soak.py) and prints one JSON line with the heap at the menu
# after the first round of games, its lowest and highest value after that, and the drift.
import sys
import json
from soak import soak

games, seed = int(sys.argv[1]), int(sys.argv[2])


def report(i, key, heap):
    if i % 50 == 0:
        print("game %d %s heap %d" % (i, key, heap))


first, low, high, actions = soak(games, seed, report)
print(json.dumps({"games": games, "seed": seed, "actions": actions, "heap_first": first,
                  "heap_low": low, "heap_high": high,
                  "drift": high - first}))  # growth: the leak looked for (see test_soak.py)
