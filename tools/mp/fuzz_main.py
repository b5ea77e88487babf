# Entry point of the long button fuzz under MicroPython (argv: key seed presses): prints one
# JSON line with the presses made and those made in a game; a failure prints the seed and the
# keys that reproduce it (see tests/shared/fuzz.py) and exits 1.
import sys
import json
from fuzz import FuzzFailure, fuzz

key, seed, presses = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
try:
    n, in_game = fuzz(key, seed, presses)
except FuzzFailure as e:
    print(str(e))
    sys.exit(1)
print(json.dumps({"game": key, "seed": seed, "presses": n, "in_game": in_game,
                  "interpreter": "micropython"}))
