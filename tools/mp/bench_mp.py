# The benchmarks that run under real MicroPython (tools/measure/bench.py starts each in its own
# process, firmware as .mpy or, for comparison, as .py). MicroPython-clean. argv:
#   start KEY OPTION_INDEX            start a game from its menu: heap kept, time of that frame
#   app KEY OPTIONS GAMES SEED        play-outs through the app's buttons (scene, host, game,
#                                     results; see play_app):
#                                     every redraw timed and weighed per screen, every idle
#                                     frame run under heap_lock(), the live heap after every
#                                     action, mem_peak() at the end
#   rules KEY OPTIONS BOT GAMES SEED  the rules alone: the time of every apply() and of every
#                                     choice of the bot
# bench_fit.py plays the same play-outs with nothing measured. Each command prints one JSON
# line, with the reference loop timed in the same process.
import gc
import sys
import time
from array import array

import bench_play
import bench_ref

try:
    from micropython import heap_lock, heap_unlock, mem_peak
except ImportError:  # CPython (the tool's test imports this module to check its shape)
    heap_lock = heap_unlock = mem_peak = None

REDRAW_REPEATS = 11  # as tools/measure/bench.py
IDLE_FRAMES = 3
IDLE_SAMPLES = 2000


def ref():
    return bench_ref.time_us(9)


def quantiles(values):
    """(median, 10th percentile, 90th percentile, max) of an array of ints."""
    v = sorted(values)
    n = len(v)
    if n == 0:
        return [0, 0, 0, 0]
    return [v[n // 2], v[n // 10], v[(n * 9) // 10], v[-1]]


def cmd_start(key, option_index):
    """From the title to the game's menu by its buttons, then the one press on "new game"
    (with option option_index) that starts the game: its modules load, it deals and draws."""
    from deckdelve import registry
    from deckdelve.buttons import A, DOWN

    index = [g[0] for g in registry.GAMES].index(key)
    registry = None
    app = bench_play.new_app(1, "bench")

    def press(b):
        if app.frame(b):
            app.draw()

    press(0)
    press(A)
    for _ in range(index):
        press(DOWN)
    press(A)
    menu = app.stack[-1]
    kinds = [a[0] for a in menu.actions]
    first = kinds.index("new") if "new" in kinds else kinds.index("slot")  # (slots: The Four)
    moves = (first + option_index - menu.index) % len(menu.items)  # from where the cursor is
    menu = None
    for _ in range(moves):
        press(DOWN)
    r = ref()
    gc.collect()
    before = gc.mem_alloc()
    t = time.ticks_us()
    press(A)
    dt = time.ticks_diff(time.ticks_us(), t)
    transient = gc.mem_alloc() - before
    gc.collect()
    kept = gc.mem_alloc() - before
    top = type(app.stack[-1]).__name__
    import json

    print(json.dumps({"key": key, "us": dt, "kept": kept, "transient": transient, "top": top,
                      "ref_us": r}))


def screen_name(app):
    top = app.stack[-1]
    name = type(top).__name__
    if name == "GameHost":
        name = "game"
        phase = getattr(top.game, "phase", None)
        if phase is not None:
            name += " phase %d" % phase
        if top.pending:
            name += " + message"
    return name


def play_app(key, options, games, seed):
    """Play-outs through the app's buttons (bench_play.py), measured."""
    app = bench_play.new_app(seed, "bench")
    app.frame(0)
    app.draw()
    # name: [redraws, slowest single us, most bytes, then the busiest redraw: median us, min
    # us, max us of REDRAW_REPEATS draws, bytes it allocated]
    screens = {}
    idle = {}  # name: [idle frames, frames that pushed, frames that allocated]
    # The first IDLE_SAMPLES idle frames' times, in a buffer made before the heap baseline.
    idle_us = array("I", bytes(4 * IDLE_SAMPLES))
    idle_n = [0]
    live = [0]

    def redraw():
        name = screen_name(app)
        gc.collect()
        a = gc.mem_alloc()
        t = time.ticks_us()
        app.draw()
        dt = time.ticks_diff(time.ticks_us(), t)
        nbytes = gc.mem_alloc() - a
        s = screens.get(name)
        if s is None:
            s = screens[name] = [0, 0, 0, 0, 0, 0, 0]
        s[0] += 1
        if nbytes > s[2]:
            s[2] = nbytes
        if dt > s[4]:
            # Maybe the busiest redraw of this screen so far, or a time slice lost to another
            # process: the same redraw again. The fastest of the repeats decides (the work is
            # the same each time; other processes only ever add to it).
            reps = array("I", (dt,))
            for _ in range(REDRAW_REPEATS - 1):
                t = time.ticks_us()
                app.draw()
                reps.append(time.ticks_diff(time.ticks_us(), t))
            q = sorted(reps)
            if q[0] > s[4]:
                s[3], s[4], s[5], s[6] = q[len(q) // 2], q[0], q[-1], nbytes
        if dt > s[1]:
            s[1] = dt

    def idle_frames():
        name = screen_name(app)
        s = idle.get(name)
        if s is None:
            s = idle[name] = [0, 0, 0]
        for _ in range(IDLE_FRAMES):
            s[0] += 1
            pushed = False
            t = time.ticks_us()
            heap_lock()
            try:
                pushed = app.frame(0)
            except MemoryError:
                s[2] += 1
            heap_unlock()
            dt = time.ticks_diff(time.ticks_us(), t)
            if pushed:
                s[1] += 1  # an animation: this frame is drawn and pushed
                redraw()
            elif idle_n[0] < IDLE_SAMPLES:
                idle_us[idle_n[0]] = dt
                idle_n[0] += 1

    def step(presses):
        if app.frame(presses):
            redraw()
            app.after_show()  # (as the Pico's loop: the save put off until the frame is shown)
            idle_frames()

    def probe():
        gc.collect()
        used = gc.mem_alloc()
        if used > live[0]:
            live[0] = used

    gc.collect()
    baseline = gc.mem_alloc()
    actions = 0
    presses = 0
    unfinished = 0
    for i in range(games):
        n, taken, finished = bench_play.play(app, key, options, seed + i, step, probe)
        presses += n
        actions += taken
        unfinished += 0 if finished else 1
    import json

    print(json.dumps({
        "key": key, "options": list(options), "games": games, "actions": actions,
        "presses": presses, "unfinished": unfinished, "live_peak": live[0],
        "baseline": baseline, "mem_peak": mem_peak() if mem_peak else None,
        "screens": screens, "idle": idle, "idle_us": quantiles(idle_us[:idle_n[0]]),
        "ref_us": ref()}))


def play_rules(key, options, bot_name, games, seed):
    import playout_core
    from deckdelve.registry import load
    from deckdelve.rng import Rng

    cls = load(key).Game
    bot = playout_core.find_bot(key, bot_name)
    turns = playout_core.turn_cap(cls)
    apply_us = array("I")
    choose_us = array("I")
    for i in range(games):
        s = seed + i
        rng = Rng(s ^ 0x2A5A5)
        game = cls(s, options)
        while not playout_core.finished(game, turns):
            t = time.ticks_us()
            a = bot(game, rng)
            t1 = time.ticks_us()
            game.apply(a)
            t2 = time.ticks_us()
            choose_us.append(time.ticks_diff(t1, t))
            apply_us.append(time.ticks_diff(t2, t1))
        game = None
        gc.collect()
    import json

    print(json.dumps({"key": key, "options": list(options), "bot": bot_name, "games": games,
                      "actions": len(apply_us), "apply_us": quantiles(apply_us),
                      "choose_us": quantiles(choose_us), "ref_us": ref()}))


def main(argv):
    cmd = argv[0]
    if cmd == "start":
        cmd_start(argv[1], int(argv[2]))
        return
    if cmd == "rules":
        key, options, bot, games, seed = argv[1:6]
        play_rules(key, tuple(o for o in options.split(",") if o), bot, int(games), int(seed))
    else:
        key, options, games, seed = argv[1:5]
        play_app(key, tuple(o for o in options.split(",") if o), int(games), int(seed))


if __name__ == "__main__":
    main(sys.argv[1:])
