"""Speed and memory of every game, under real MicroPython, written to docs/BENCHMARKS.md.

    python -m tools.measure.bench               the full report (make bench), docs/BENCHMARKS.md
    python -m tools.measure.bench --quick       fewer repeats and play-outs (under two minutes), to
                                        build/quick/BENCHMARKS.md
    python -m tools.measure.bench --out DIR     the report into DIR

Every game of deckdelve.registry.GAMES, every mode its registry line offers. Under the
MicroPython unix port (tools/mp/bench_mp.py, firmware as .mpy): starting a game from its menu
(also from .py), the heap over seeded play-outs through the app's buttons and the smallest
heap they all complete under (bisection), the busiest redraw and the idle frames of every
screen, the time of a rules action and of a bot's choice. Under CPython: play-outs a second
per game and bot. Every time is a median with its spread and a ratio to the reference loop
(tools/mp/bench_ref.py) timed in the same process, turned into estimated Pico milliseconds
with the loop's time on the emulated Pico. The report says what it could not measure; the
tool never fails the build (exit 0 unless its arguments are wrong).
"""

import json
import os
import re
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from tools.measure import balance  # balance puts firmware/ and tools/mp/ on sys.path
from tools.ship import mpy

from deckdelve import registry
from host_sim.__main__ import Parser, bad_data_dir

ROOT = balance.ROOT

# The reference loop (tools/mp/bench_ref.py) on the emulated Pico: stock MicroPython v1.28.0
# for RPI_PICO on rp2040js at 125 MHz, measured with `python -m tools.pico.bench_pico_ref` on
# 2026-12-03 (9 runs, all within 2 us). The emulator counts no flash-cache misses, so real
# hardware is a little slower: Pico estimates here are lower bounds.
PICO_REF_US = 75626
# One full frame on the display's bus (tools/measure/bench_hw.py, README "Frame push time").
I2C_400K_MS = 23.3
SPI_10M_MS = 0.82
BIG_HEAP = "256K"
RULES_HEAP = "8M"  # the rules timings keep every action's time: no cap is under test there
PARTS = ("mp_version", "flash", "starts", "app", "rules", "cpython", "fit")
REDRAW_REPEATS = 11  # as tools/mp/bench_mp.py
IDLE_FRAMES = 3  # as tools/mp/bench_mp.py
FIT_LOW_KIB = 16
FIT_HIGH_KIB = 256


class Plan:
    """How much each measurement plays: the full report, --quick, or --sample (the least
    that exercises every part, for the tool's own test)."""

    def __init__(self, quick=False, sample=False):
        self.quick = quick or sample
        self.start_repeats = 1 if sample else 3 if quick else 7
        self.app_games = 1 if sample else 5 if quick else 50
        self.fit_step_kib = 64 if sample else 8 if quick else 1
        self.rules_games = 2 if sample else 20 if quick else 200
        self.cpython_games = 1 if sample else 10 if quick else 100
        self.cpython_repeats = 1 if sample else 3


# -- running MicroPython ---------------------------------------------------------------------
def mp(args, heap=BIG_HEAP, use_build=True):
    """Run tools/mp/bench_mp.py under MicroPython; its JSON line, or raise with its error."""
    r = mpy.run(["-m", "bench_mp"] + list(args), heap=heap, use_build=use_build)
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("{")]
    if r.returncode or not lines:
        tail = (r.stderr or r.stdout).strip().splitlines()
        raise RuntimeError(tail[-1] if tail else "exit %d" % r.returncode)
    return json.loads(lines[-1])


def fits(key, options, games, kib):
    r = mpy.run(["-m", "bench_fit", key, ",".join(options), str(games), "1"],
                heap="%dK" % kib)
    return r.returncode == 0 and r.stdout.startswith("DONE")


def smallest_heap(key, options, games, step):
    """The smallest heap (KiB, to `step`) under which all the play-outs complete; None if
    not even FIT_HIGH_KIB is enough."""
    low, high = FIT_LOW_KIB, FIT_HIGH_KIB
    if not fits(key, options, games, high):
        return None
    if fits(key, options, games, low):
        return low
    while high - low > step:
        mid = (low + high) // 2
        if fits(key, options, games, mid):
            high = mid
        else:
            low = mid
    return high


# -- figures -----------------------------------------------------------------------------------
def med(values):
    return statistics.median(values)


def pico_ms(us, ref_us):
    """A unix-port time as estimated Pico milliseconds, through the reference loop."""
    return us / ref_us * PICO_REF_US / 1000.0


def ratio(us, ref_us):
    return us / ref_us


def spread(values, unit=""):
    return "%s (%s–%s)%s" % (fmt(med(values)), fmt(min(values)), fmt(max(values)), unit)


def fmt(x):
    if isinstance(x, float) and not x.is_integer():
        return "%.1f" % x if x < 100 else "%d" % round(x)
    return "%d" % x


def kib(n):
    return "%.1f KiB" % (n / 1024.0)


def modes_of(entry):
    return [(label or "-", tuple(options)) for label, options in balance.modes(entry)]


def heuristic_bots(key):
    return [b for b in balance.bots(key) if b != "random"]


def phase_names(key):
    """{phase value: name} from the rules module's own constants: the names its source
    compares or sets `phase` with (PH_ATTACK -> "attack"). Unknown values stay numbers."""
    path = os.path.join(ROOT, "firmware", "deckdelve", "games", key + ".py")
    try:
        with open(path) as f:
            names = set(re.findall(r"phase\s*(?:==|!=|=)\s*([A-Z][A-Z0-9_]*)", f.read()))
        module = registry.load(key)
    except (OSError, ImportError):
        return {}
    out = {}
    for n in sorted(names):
        v = getattr(module, n, None)
        if isinstance(v, int) and v not in out:
            out[v] = n[3:].lower() if n.startswith("PH_") else n.lower()
    return out


def screen_label(key, name, names):
    m = re.match(r"game phase (\d+)(.*)", name)
    if m:
        return "game: %s%s" % (names.get(int(m.group(1)), "phase " + m.group(1)), m.group(2))
    return name


# -- the measurements --------------------------------------------------------------------------
def measure_starts(plan, log):
    """{key: {"mpy": [results], "py": [results]}} of starting each game from its menu."""
    out = {}
    for entry in registry.GAMES:
        key = entry[0]
        out[key] = {}
        for form, use_build in (("mpy", True), ("py", False)):
            runs = []
            for _ in range(plan.start_repeats):
                runs.append(mp(["start", key, "0"], use_build=use_build))
            out[key][form] = runs
        log("start %s: %s us (.mpy)" % (key, [r["us"] for r in out[key]["mpy"]]))
    return out


def app_games(plan, entry):
    """Play-outs through the app for one game: a campaign (The Four) plays about 1,700 actions
    and 10,000 presses a play-out, twenty times and more another game's, so a tenth as many."""
    if len(entry) > 3 and "slots" in entry[3]:
        return max(1, plan.app_games // 10)
    return plan.app_games


def measure_app(plan, log):
    out = {}
    for entry in registry.GAMES:
        for label, options in modes_of(entry):
            r = mp(["app", entry[0], ",".join(options), str(app_games(plan, entry)), "1"])
            out[(entry[0], label)] = r
            log("app %s %s: live peak %d" % (entry[0], label, r["live_peak"]))
    return out


def measure_fits(plan, log):
    confs = [(e[0], label, options, app_games(plan, e))
             for e in registry.GAMES for label, options in modes_of(e)]

    def one(conf):
        k = smallest_heap(conf[0], conf[2], conf[3], plan.fit_step_kib)
        log("fit %s %s: %s KiB" % (conf[0], conf[1], k))
        return k

    with ThreadPoolExecutor(max_workers=max(1, min(2, os.cpu_count() or 1))) as pool:
        found = list(pool.map(one, confs))
    return {(c[0], c[1]): k for c, k in zip(confs, found)}


def measure_rules(plan, log):
    out = {}
    for entry in registry.GAMES:
        key = entry[0]
        for label, options in modes_of(entry):
            for bot in heuristic_bots(key) or ["random"]:
                r = mp(["rules", key, ",".join(options), bot, str(plan.rules_games), "1"],
                       heap=RULES_HEAP)
                out[(key, label, bot)] = r
        log("rules %s" % key)
    return out


def cpython_ref_us(repeats=9):
    import bench_ref

    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        bench_ref.loop(bench_ref.N)
        times.append((time.perf_counter() - t) * 1e6)
    return min(times)


def measure_cpython(plan, log):
    out = {}
    for entry in registry.GAMES:
        key = entry[0]
        for label, options in modes_of(entry):
            for bot in balance.bots(key):
                fn = balance.find_bot(key, bot)
                rates = []
                for _ in range(plan.cpython_repeats):
                    t = time.perf_counter()
                    for s in range(1, plan.cpython_games + 1):
                        balance.play(key, s, options, fn)
                    rates.append(plan.cpython_games / (time.perf_counter() - t))
                out[(key, label, bot)] = (rates, cpython_ref_us())
        log("cpython %s" % key)
    return out


def footprint():
    """.mpy bytes on flash: the platform, and each game's own modules."""
    mpy.build()
    keys = [g[0] for g in registry.GAMES]
    groups = {}
    for folder, _dirs, files in os.walk(mpy.BUILD):
        rel = os.path.relpath(folder, mpy.BUILD)
        if rel.startswith("tests_shared") or rel.startswith("tools_mp"):
            continue
        for f in files:
            name = f.split(".")[0]
            group = "platform"
            for k in keys:
                if name == k or name.startswith(k + "_"):
                    group = k
            groups[group] = groups.get(group, 0) + os.path.getsize(os.path.join(folder, f))
    return groups


# -- the report --------------------------------------------------------------------------------
def micropython_version():
    r = mpy.run(["-c", "import sys; print(sys.implementation.version, "
                 "sys.implementation._machine)"], use_build=False)
    return r.stdout.strip() or "unknown"


def section(lines, title, body):
    """Run body(lines) under a heading; a failure is written into the report, not raised."""
    lines += ["## " + title, ""]
    try:
        body(lines)
    except Exception as e:  # noqa: BLE001 - the benchmark reports, it never fails the build
        lines += ["Not measured: %s: %s" % (type(e).__name__, e), ""]
    lines.append("")


def write_report(path, plan, data, seconds):
    refs = data.get("refs", [])
    lines = ["# Benchmarks", ""]
    lines.append("Made by `python -m tools.measure.bench%s` (`make bench`) in %.0f s on %s, "
                 "with the "
                 "MicroPython unix port %s (64-bit), the firmware as `.mpy`." % (
                     " --quick" if plan.quick else "", seconds, balance.machine(),
                     data.get("mp_version", "?")))
    if plan.quick:
        lines += ["", "**A quick run: fewer repeats and play-outs than `make bench`.**"]
    lines += [
        "",
        "**How to read the times.** Every MicroPython process times the reference loop "
        "(`tools/mp/bench_ref.py`: 10,000 turns of a small-int sum of squares) beside its "
        "own figures; a time is also given as a ratio to that loop (×ref), which compares "
        "across machines, and as estimated Pico milliseconds: the ratio times the loop's "
        "%.1f ms on the emulated Pico (stock MicroPython 1.28 at 125 MHz, "
        "`python -m tools.pico.bench_pico_ref`; a lower bound, as the emulator has no flash-cache "
        "misses). A ratio divides an undisturbed figure (the fastest of a few repeats, or "
        "a median over thousands of actions) by the fastest reference run of the same "
        "process: on this shared machine other processes take time slices at random, and "
        "only ever add time. The unix port is 64-bit: objects take up to twice the Pico's "
        "bytes, so heap figures here are upper bounds for the Pico. Medians, with (min–max) or "
        "(10th–90th percentile) as stated." % (PICO_REF_US / 1000.0),
        ""]
    if refs:
        lines += ["Reference loop on this machine: median %s µs over %d runs in %d processes "
                  "(fastest %s, slowest %s); on the emulated Pico %.1f ms, %.0f× this "
                  "machine's fastest." % (
                      fmt(med(refs)), len(refs), data.get("ref_processes", 0), fmt(min(refs)),
                      fmt(max(refs)), PICO_REF_US / 1000.0, PICO_REF_US / min(refs)), ""]

    def starts(lines):
        st = data["starts"]
        lines += ["One press on the game menu's first *new game* item: the game's rules and "
                  "scene modules load, it deals and the first frame is drawn. *Kept*: heap "
                  "still in use after `gc.collect()`; *passing*: the most in use during the "
                  "press, garbage included. %d fresh processes each." % plan.start_repeats, "",
                  "| game | .mpy time µs | ×ref (fastest) | est. Pico ms | kept | passing | "
                  ".py time µs "
                  "| .py kept | .py passing |", "|---|---|---|---|---|---|---|---|---|"]
        for entry in registry.GAMES:
            m, p = st[entry[0]]["mpy"], st[entry[0]]["py"]
            fastest = min(x["us"] / min(x["ref_us"]) for x in m)
            lines.append("| %s | %s | %.1f | %.0f | %s | %s | %s | %s | %s |" % (
                entry[1], spread([x["us"] for x in m]), fastest,
                fastest * PICO_REF_US / 1000.0, kib(med([x["kept"] for x in m])),
                kib(max(x["transient"] for x in m)), spread([x["us"] for x in p]),
                kib(med([x["kept"] for x in p])), kib(max(x["transient"] for x in p))))
        lines += ["", "From `.py` the Pico compiles every module as it loads: the *passing* "
                  "column shows what that costs in RAM, and why the Pico gets `.mpy`."]

    def heap(lines):
        app, fit = data["app"], data.get("fit", {})
        lines += ["%d seeded play-outs per game and mode through the app (`tools/mp/bench_mp.py"
                  "`): seeds 1..%d, a player who presses the buttons at random (A four times "
                  "as often as the others; B in the pause menu, so never quits), through the "
                  "scene, the host, the game, the game-over, initials and score screens, as on "
                  "the device. A campaign (The Four) plays a tenth as many, each in a new "
                  "campaign, left after its PLAYOUT_TURNS turns if its story has not ended "
                  "(its play-outs are twenty times and more as long). *Live peak*: the most "
                  "heap in use right after a `gc.collect()` at any action, whole process "
                  "(the app at its title screen and the bench "
                  "harness are *at start*). *Smallest heap*: the least `-X heapsize` under "
                  "which all of them complete, by bisection to %d KiB." % (
                      plan.app_games, plan.app_games, plan.fit_step_kib), "",
                  "| game | mode | actions | presses | live peak | at start | game's share | "
                  "smallest heap | unfinished |", "|---|---|---|---|---|---|---|---|---|"]
        peaks = []
        unmeasured = False
        for entry in registry.GAMES:
            for label, _o in modes_of(entry):
                r = app[(entry[0], label)]
                k = fit.get((entry[0], label), "not measured")
                if k is None:
                    k = "over %d KiB" % FIT_HIGH_KIB
                elif k != "not measured":
                    k = "%d KiB" % k
                if r["actions"]:
                    peak, share = kib(r["live_peak"]), kib(r["live_peak"] - r["baseline"])
                else:  # no action seen: no heap sample in play
                    peak = share = "not measured (*)"
                    unmeasured = True
                lines.append("| %s | %s | %d | %d | %s | %s | %s | %s | %d |" % (
                    entry[1], label, r["actions"], r["presses"], peak,
                    kib(r["baseline"]), share, k, r["unfinished"]))
                peaks.append(r.get("mem_peak") or 0)
        if unmeasured:
            lines += ["", "(*) No action was taken in these play-outs: the player "
                      "(`tools/mp/bench_play.py`) samples the heap at each action the game "
                      "applies. The smallest heap is still measured."]
        lines += ["", "`micropython.mem_peak()` read %s to %s at the end of these runs (256 KiB "
                  "heap): on the unix port it counts every allocation not explicitly freed, "
                  "garbage the collector reclaimed included, so it only grows; the live peak "
                  "and the smallest heap are the figures to trust. A random player loses "
                  "early, so a campaign's later floors are not reached here; the rules "
                  "timings below use the heuristic bots, which go deeper. The smallest heap "
                  "counts the player's own few KiB too (`tools/mp/bench_fit.py`, kept small for "
                  "that)." % (kib(min(peaks)), kib(max(peaks)))]

    def screens(lines):
        app = data["app"]
        lines += ["Every redraw during the play-outs above was timed and weighed (heap "
                  "allocated by the draw, after a `gc.collect()`). The busiest redraw of each "
                  "screen, chosen by the fastest of %d repeats (other processes can only add "
                  "to a time), is given as the median of those repeats (min–max). The ×ref "
                  "and Pico columns divide the fastest repeat by the fastest reference run of "
                  "the same process: on this shared machine other processes often took over "
                  "half of a repeat's time slices, and the fastest run is the one they "
                  "disturbed least (on a quiet machine the median and the fastest agree). "
                  "After every redraw, %d frames with no press ran under "
                  "`micropython.heap_lock()`: an idle frame that allocated would raise "
                  "MemoryError (*allocating*); one that asks to be redrawn (an animation) is "
                  "drawn and pushed (*pushing*). The game's screens are named by the rules' "
                  "`phase`; *+ message* is a message box over it." % (
                      REDRAW_REPEATS, IDLE_FRAMES), ""]
        busiest = []
        for entry in registry.GAMES:
            key = entry[0]
            names = phase_names(key)
            merged = {}
            idle = {}
            for label, _o in modes_of(entry):
                r = app[(key, label)]
                ref = min(r["ref_us"])
                for name, s in r["screens"].items():
                    m = merged.get(name)
                    if m is None or s[4] / ref > m[0][4] / m[1]:
                        draws = s[0] + (m[2] if m else 0)
                        most = max(s[2], m[3] if m else 0)
                        merged[name] = (s, ref, draws, most)
                    else:
                        merged[name] = (m[0], m[1], m[2] + s[0], max(m[3], s[2]))
                for name, s in r["idle"].items():
                    i = idle.setdefault(name, [0, 0, 0])
                    for j in range(3):
                        i[j] += s[j]
            lines += ["### %s" % entry[1], "",
                      "| screen | redraws | busiest redraw µs | ×ref | est. Pico ms | its heap "
                      "bytes | most bytes a redraw | idle frames | allocating | pushing |",
                      "|---|---|---|---|---|---|---|---|---|---|"]
            for name in sorted(merged, key=lambda n: -merged[n][0][4] / merged[n][1]):
                s, ref, draws, most = merged[name]
                i = idle.get(name, [0, 0, 0])
                lines.append("| %s | %d | %d (%d–%d) | %.2f | %.1f | %d | %d | %d | %d | %d |" % (
                    screen_label(key, name, names), draws, s[3], s[4], s[5], s[4] / ref,
                    pico_ms(s[4], ref), s[6], most, i[0], i[2], i[1]))
                busiest.append((pico_ms(s[4], ref), entry[1], screen_label(key, name, names),
                                s[6], i[1]))
            lines.append("")
        if busiest:
            top = max(busiest)
            idle_total = sum(sum(v[0] for v in app[k]["idle"].values()) for k in app)
            idle_alloc = sum(sum(v[2] for v in app[k]["idle"].values()) for k in app)
            idle_push = sum(sum(v[1] for v in app[k]["idle"].values()) for k in app)
            idle_us = [app[k]["idle_us"][0] for k in app]
            share = ("the drawing is the larger share of a press's response on either bus"
                     if top[0] > I2C_400K_MS else
                     "on I2C the bus is the larger share of a press's response, on SPI the "
                     "drawing")
            pushing = sorted(set("%s's *%s*" % (b[1], b[2]) for b in busiest if b[4]))
            lines += ["**Against the display.** The busiest redraw of all, %s's *%s*, is "
                      "about %.1f ms on the Pico (estimated) and allocates %d bytes; pushing "
                      "the frame then takes about %.1f ms on I2C at 400 kHz or %.2f ms on SPI "
                      "at 10 MHz (a full 1 KiB frame): %s." % (
                          top[1], top[2], top[0], top[3], I2C_400K_MS, SPI_10M_MS, share), "",
                      "**Idle frames.** %d idle frames under the heap lock: %d allocated, %d "
                      "asked for a redraw and push: %s. These are short animations (the "
                      "scene's tick() asks for a redraw in the few frames after a change); "
                      "every other idle frame pushes nothing. An idle frame takes %s µs "
                      "(median per game and mode) on this machine." % (
                          idle_total, idle_alloc, idle_push, ", ".join(pushing) or "none",
                          ", ".join(str(x) for x in idle_us))]

    def rules(lines):
        rl = data["rules"]
        lines += ["The rules alone (no scene): %d seeded games per game, mode and bot, seeds "
                  "1..%d; every `apply()` and every choice of the bot timed. Median (10th–90th "
                  "percentile), and the slowest; the slowest single figures include collections "
                  "and time slices lost to other processes." % (
                      plan.rules_games, plan.rules_games), "",
                  "| game | mode | bot | actions | apply µs | ×ref | est. Pico ms | slowest "
                  "apply µs | bot's choice µs | ×ref | est. Pico ms | slowest choice µs |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for entry in registry.GAMES:
            for label, _o in modes_of(entry):
                for bot in heuristic_bots(entry[0]) or ["random"]:
                    r = rl[(entry[0], label, bot)]
                    ref = min(r["ref_us"])
                    a, c = r["apply_us"], r["choose_us"]
                    lines.append("| %s | %s | %s | %d | %d (%d–%d) | %.3f | %.2f | %d | %d "
                                 "(%d–%d) | %.3f | %.2f | %d |" % (
                                     entry[1], label, bot, r["actions"], a[0], a[1], a[2],
                                     a[0] / ref, pico_ms(a[0], ref), a[3], c[0], c[1], c[2],
                                     c[0] / ref, pico_ms(c[0], ref), c[3]))
        missing = [e[1] for e in registry.GAMES if not heuristic_bots(e[0])]
        if missing:
            lines += ["", "No heuristic bot for %s: the random bot's choice is timed." %
                      ", ".join(missing)]

    def cpython(lines):
        cp = data["cpython"]
        lines += ["Play-outs through the rules with each bot, seeds 1..%d, %d repeats: "
                  "games a second, median (min–max), and one game's time as a multiple of the "
                  "reference loop under CPython (%s µs here)." % (
                      plan.cpython_games, plan.cpython_repeats,
                      fmt(med([v[1] for v in cp.values()]))), "",
                  "| game | mode | bot | games/s | one game ×ref |", "|---|---|---|---|---|"]
        for entry in registry.GAMES:
            for label, _o in modes_of(entry):
                for bot in balance.bots(entry[0]):
                    rates, ref = cp[(entry[0], label, bot)]
                    lines.append("| %s | %s | %s | %s | %.1f |" % (
                        entry[1], label, bot, spread(rates), 1e6 / max(rates) / ref))

    def flash(lines):
        groups = data["flash"]
        lines += ["| part | .mpy bytes |", "|---|---|"]
        for k in sorted(groups):
            lines.append("| %s | %d |" % (k, groups[k]))
        lines.append("| total | %d |" % sum(groups.values()))

    def pico(lines):
        path = os.path.join(ROOT, "docs", "BENCHMARKS-pico.md")
        if os.path.exists(path):
            with open(path) as f:
                lines += ["From `docs/BENCHMARKS-pico.md` (`make bench-pico`, cycle counts on "
                          "the emulated RP2040):", "", f.read().strip()]
        else:
            lines.append("Not measured yet: `make bench-pico` (cycle counts on the emulated "
                         "RP2040) writes `docs/BENCHMARKS-pico.md`, which this report then "
                         "includes.")

    section(lines, "Starting a game", starts)
    section(lines, "Heap over play-outs through the app", heap)
    section(lines, "Screens: busiest redraw and idle frames", screens)
    section(lines, "Rules actions and bots' choices", rules)
    section(lines, "CPython play-outs", cpython)
    section(lines, "Flash footprint", flash)
    section(lines, "On the emulated Pico", pico)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(lines).rstrip() + "\n")


def save(data, path):
    """The measurements as JSON (tuple keys joined with '|'), for --from."""
    out = {}
    for name, part in data.items():
        if isinstance(part, dict):
            part = {"|".join(k) if isinstance(k, tuple) else k: v for k, v in part.items()}
        out[name] = part
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(out, f)


def load(path):
    with open(path) as f:
        raw = json.load(f)
    data = {}
    for name, part in raw.items():
        if isinstance(part, dict) and name not in ("flash", "starts"):
            part = {tuple(k.split("|")): v for k, v in part.items()}
        data[name] = part
    return data


def collect_refs(data):
    refs = []
    procs = 0
    for part in ("app", "rules"):
        for r in data.get(part, {}).values():
            refs += r["ref_us"]
            procs += 1
    for runs in data.get("starts", {}).values():
        for r in runs["mpy"]:
            refs += r["ref_us"]
            procs += 1
    data["refs"] = refs
    data["ref_processes"] = procs


def measure(plan, log, data=None, only=None):
    """Measure every part (or the parts named in only) into data."""
    data = {} if data is None else data
    steps = (("mp_version", micropython_version),
             ("flash", footprint),
             ("starts", lambda: measure_starts(plan, log)),
             ("app", lambda: measure_app(plan, log)),
             ("rules", lambda: measure_rules(plan, log)),
             ("cpython", lambda: measure_cpython(plan, log)),
             ("fit", lambda: measure_fits(plan, log)))
    for name, step in steps:
        if only and name not in only:
            continue
        try:
            data[name] = step()
        except (Exception, SystemExit) as e:  # noqa: BLE001 - reported, never fatal
            log("%s not measured: %s: %s" % (name, type(e).__name__, e))
    return data


def main(argv=None):
    ap = Parser(prog="python -m tools.measure.bench", description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer repeats (under two minutes)")
    ap.add_argument("--sample", action="store_true",
                    help="the least that runs every part (the tool's own test)")
    ap.add_argument("--out", help="folder of BENCHMARKS.md (default docs; --quick build/quick)")
    ap.add_argument("--from", dest="data", metavar="JSON",
                    help="write the report from a run's saved measurements (build/bench*.json) "
                    "instead of measuring")
    ap.add_argument("--only", nargs="+", choices=PARTS, metavar="PART",
                    help="measure only these parts (%s) again, the others from the last "
                    "run's saved measurements" % ", ".join(PARTS))
    args = ap.parse_args(argv)
    if args.out is not None:  # checked now, not after a quarter of an hour of measuring
        why = bad_data_dir(args.out)
        if why:
            ap.error("--out %s: %s" % (args.out, why))
    plan = Plan(args.quick, args.sample)
    out_dir = args.out or (os.path.join(ROOT, "build", "quick") if plan.quick
                           else os.path.join(ROOT, "docs"))
    try:
        os.nice(10)  # the machine is shared; the processes this starts inherit it
    except OSError:
        pass
    start = time.time()

    def log(msg):
        print("[%4.0f s] %s" % (time.time() - start, msg), flush=True)

    # Beside a report asked for elsewhere (--out), else in build/ (not beside docs/).
    saved = (os.path.join(args.out, "bench.json") if args.out else
             os.path.join(ROOT, "build", "bench%s.json" % ("-quick" if plan.quick else "")))
    if args.data:
        try:
            data = load(args.data)
        except (OSError, ValueError) as e:
            print("cannot read %s: %s" % (args.data, e), file=sys.stderr)
            return 2
        seconds = data.pop("seconds", 0)
    else:
        data = None
        earlier = 0
        if args.only:
            try:
                data = load(saved)
            except (OSError, ValueError) as e:
                print("--only needs a whole run first: cannot read %s: %s" % (saved, e),
                      file=sys.stderr)
                return 2
            earlier = data.pop("seconds", 0)
        data = measure(plan, log, data, args.only)
        seconds = earlier + time.time() - start
        data["seconds"] = seconds
        save(data, saved)
        data.pop("seconds")
        log("measurements saved in %s" % os.path.relpath(saved, ROOT))
    collect_refs(data)
    path = os.path.join(out_dir, "BENCHMARKS.md")
    write_report(path, plan, data, seconds)
    log("wrote %s" % os.path.relpath(path, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
