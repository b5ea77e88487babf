# Entry point of the play-outs under MicroPython (argv: key games seed options bot).
# Reports live_heap_peak: the most heap in use right after a collection, at any action (what
# the game really needs). MicroPython's micropython.mem_peak() is not reported: on the unix
# port it counts every allocation ever made, garbage included, so it only grows.
import sys
import gc
import json
import playout_core

live = [0]


def probe():
    gc.collect()
    used = gc.mem_alloc()
    if used > live[0]:
        live[0] = used


key, games, seed, options, bot = sys.argv[1:6]
options = tuple(o for o in options.split(",") if o)
gc.collect()
baseline = gc.mem_alloc()
playout_core.heap_probe = probe
report = playout_core.run(key, int(games), int(seed), options, bot)
report["interpreter"] = "micropython"
report["live_heap_peak"] = live[0]
report["heap_before_games"] = baseline
print(json.dumps(report))
