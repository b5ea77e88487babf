# Play-outs through the app with nothing measured (argv: KEY OPTIONS GAMES SEED): prints DONE
# when all of them completed. tools/measure/bench.py runs this under smaller and smaller heaps to
# find
# the least one the app needs. MicroPython-clean; kept this small on purpose, as its own RAM
# counts in what it finds.
import sys

import bench_play

key, options, games, seed = sys.argv[1:5]
options = tuple(o for o in options.split(",") if o)
app = bench_play.new_app(int(seed), "bench_fit_%s_%s" % (key, "_".join(options)))


def step(presses):
    if app.frame(presses):
        app.draw()
    app.after_show()


step(0)
for i in range(int(games)):
    bench_play.play(app, key, options, int(seed) + i, step)
print("DONE")
