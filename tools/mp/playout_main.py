# Entry point of the play-outs under MicroPython (argv: key games seed options bot).
import sys
import json
import micropython
import playout_core

key, games, seed, options, bot = sys.argv[1:6]
report = playout_core.run(key, int(games), int(seed), tuple(o for o in options.split(",") if o), bot)
report["interpreter"] = "micropython"
report["mem_peak"] = micropython.mem_peak()
print(json.dumps(report))
