"""Speed and memory figures, printed (not asserted: timings flake, figures inform).

    python -m tools.bench [--games N]

For every game: play-outs a second under CPython and under real MicroPython (64 KiB heap
cap), the live heap peak under MicroPython; the .mpy flash footprint of the platform and of
each game; the heap a booted app uses under MicroPython.
"""

import argparse
import json
import os
import subprocess
import sys

from tools import mpy


def playout(game, games, micropython, options=""):
    cmd = [sys.executable, "-m", "tools.playout", "--game", game, "--games", str(games),
           "--seed", "1"]
    if options:
        cmd += ["--options", options]
    if micropython:
        cmd.append("--micropython")
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=mpy.ROOT)
    return json.loads(r.stdout.strip().splitlines()[-1])


def footprint():
    mpy.build()
    groups = {}
    base = mpy.BUILD
    for folder, _dirs, files in os.walk(base):
        rel = os.path.relpath(folder, base)
        if rel.startswith("tests_shared") or rel.startswith("tools_mp"):
            continue
        for f in files:
            size = os.path.getsize(os.path.join(folder, f))
            name = f.split(".")[0]
            key = "platform"
            for g in game_keys():
                if name == g or name.startswith(g + "_"):
                    key = g
            groups[key] = groups.get(key, 0) + size
    return groups


def game_keys():
    sys.path.insert(0, mpy.FIRMWARE)
    from deckdelve import registry

    return [g[0] for g in registry.GAMES]


BOOT = """
import gc, framebuf
gc.collect()
before = gc.mem_alloc()
from deckdelve.app import App
buf = bytearray(1024)
app = App(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB), "build/scratch/bench")
app.frame(0); app.draw()
gc.collect()
print("boot_heap", gc.mem_alloc() - before, "free", gc.mem_free())
"""


def smallest_heap(module, low=48, high=192):
    """The smallest heap (KiB, in steps of 4) under which a shared test module passes."""
    def passes(kib):
        r = mpy.run(["-m", "mprun_tests", module], heap="%dK" % kib)
        return r.returncode == 0

    if not passes(high):
        return None
    while high - low > 4:
        mid = (low + high) // 2 // 4 * 4
        if passes(mid):
            high = mid
        else:
            low = mid
    return high


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench")
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args(argv)
    print("%-16s %10s %10s %14s %8s" % ("game", "cpy g/s", "mpy g/s", "live heap (B)", "errors"))
    for g in game_keys():
        c = playout(g, args.games, False)
        m = playout(g, max(10, args.games // 10), True)
        print("%-16s %10s %10s %14s %8d" % (g, c["games_per_second"], m["games_per_second"],
                                            m.get("live_heap_peak"), c["errors"] + m["errors"]))
    print()
    total = 0
    for k, v in sorted(footprint().items()):
        print("flash .mpy %-16s %7d bytes" % (k, v))
        total += v
    print("flash .mpy %-16s %7d bytes" % ("total", total))
    os.makedirs(os.path.join(mpy.ROOT, "build", "scratch", "bench"), exist_ok=True)
    path = os.path.join(mpy.ROOT, "build", "bench_boot.py")
    with open(path, "w") as f:
        f.write(BOOT)
    r = mpy.run([path], heap="64K")
    print((r.stdout + r.stderr).strip())
    for module in ("test_ui_ram_budget", "test_red_queen_ui"):
        print("smallest MicroPython heap for %s: %s KiB" % (module, smallest_heap(module)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
