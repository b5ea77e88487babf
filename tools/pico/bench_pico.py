"""The firmware on an emulated Raspberry Pi Pico: cycles per frame, free heap, and the frames
themselves, read off the emulated display's I2C bus.

    python -m tools.pico.bench_pico [--route mpy|frozen|both] [--firmware UF2] [--bootrom MJS]
                               [--out FILE] [--json FILE] [--games K,...] [--saves ACTIONS]
    python -m tools.pico.bench_pico --device PORT [--games K,...]

Boots, on rp2040js (npm, pinned in tools/pico/package.json; `npm ci` runs there on first use)
with the RP2040 bootrom (tools/ship/inputs.py finds it), each route of putting Deckdelve on a Pico:
- mpy: the stock MicroPython v1.28.0 RPI_PICO image (tools/ship/inputs.py: ../shared/pico-emu/, the
  cache, or built from the pinned sources) with the files `make flash BOARD=ssd1306-i2c`
  copies packed into the rp2 port's littlefs image (PyPI littlefs-python);
- frozen: the Deckdelve image of ssd1306-i2c (tools/ship/firmware.py), with nothing on flash but
  the player's files;
both with tools/pico/bench_main.py as /main.py (the frozen image runs a /main.py it finds).
It then plays TOUR (every game: enter, its first moves, idle, leave) and prints per game the
cycles of a press (median, worst; drawing alone), entering and leaving, an idle frame and the
free heap, and the cycles from reset to the first full title frame, at 125 MHz with I2C at
400 kHz: the routes side by side, then each route's own table. --out writes the same as a
markdown fragment (docs/BENCHMARKS-pico.md, which `make bench-pico` refreshes); --firmware
boots another UF2 in the route's place. With every game, it then measures on each route the
wait for every kind of save (tools/pico/save_costs.py: the emulated flash programs and erases with
the W25Q16JV's timing, typical and worst case) and plays a long The Four campaign through its
buttons (--saves ACTIONS, default 500; 0: no save figures).
Cycle counts are deterministic (same image, same script, same count) and are lower bounds:
the emulator reads flash in one cycle.
--device PORT (`make bench-device PORT=...`) plays the same tour on a real Pico that holds the
firmware and a board file (`make flash`), through mpremote, timing every redraw on the device
(tools/pico/device_bench.py), and prints milliseconds per frame. It uses its own data folder
on the device (benchdata/, removed after), so the player's saves are not touched.
"""

import json
import os
import subprocess
import sys
import tempfile

from tools import FIRMWARE, on_path
from tools.pico import save_costs
from tools.ship import inputs, mpy
from tools.pico.pico_emu import (  # noqa: F401 (the tour's names, as tests and tools use them)
    BOARD, BUSES, HERE, LETTERS, ROUTE_NAMES, ROUTES,
    SEED, Failure, build_image, check_tools, data_files, emulate,
    firmware_for, game_index, npm_ci, past_creation, charge, profile_run, sections,
)

on_path(FIRMWARE)
from deckdelve import registry  # noqa: E402

CLOCK_HZ = 125_000_000
# Goals, in cycles at 125 MHz (issues 16 and 27). Drawing alone (a frame's cycles before its
# first transfer to the display: the press handled and the screen drawn) <= DRAW_GOAL for
# every redraw of a game or the menus; so a press on I2C at 400 kHz takes at most the push's
# own time + DRAW_GOAL, and on an SPI board (whose push is ~0.1 M) at most PRESS_GOAL.
PRESS_GOAL = 2_500_000
DRAW_GOAL = 1_250_000
ENTER_GOAL = 12_500_000
IDLE_GOAL = 50_000
HEAP_GOAL = 150_000

# The tour: for each game in the registry, the presses played once it has started. They only
# move cursors, select and open the game's own views, so every game is still running after
# them and B then opens the pause menu. Per game, a few presses that show it at play; a game
# not named in MOVES is toured with the d-pad alone (moves, which spend nothing in any scene:
# HANDHELD.md's first manner).
MOVES = {
    "rogue_solitaire": "RRDLABUUL",
    "mini_rogue": "DUDABDU",
    "red_queen": "RRLAR",
    "solatro": "RRARAL",
    "the_four": "DDUDDU",
}
DPAD = "RDLURDLU"
TOUR = tuple((entry[0], MOVES.get(entry[0], DPAD)) for entry in registry.GAMES)
# A campaign game (the registry's "slots" flag: The Four) lists slots on its menu, and the
# tour continues the campaign data_files() puts in slot 1 (past its character's creation): A
# opens the slot, A continues it. Its pause menu has no Quit: "Back to menu" (its last row, U
# from the first) leaves at once (the campaign is saved after every action, so the tour plays
# no action in it: a write would vanish on the emulator). Every other game starts from its
# menu's first row and leaves by Quit and the question's YES.
SLOTS_ENTER_LEAVE = ("A", "U")  # (keys in the game's menu, from the pause menu's Resume to leave)
SLOT_GAMES = tuple(entry[0] for entry in registry.GAMES if "slots" in entry[3:4])


def tour(games=None, first_run=False):
    """The script as (label, keys) steps: keys is a string of U D L R A B, one press each;
    label tags the frames those presses cause. From the title through every game, back to
    the title. first_run: the Pico starts without settings (data_files(settings=False)), so
    the tour also reads the collection's how-to (3 pages) and each game's first-start
    message, and the settings they write are on the Pico's flash from then on."""
    steps = [("title", "")]
    howto = "AAA" if first_run else ""
    # The list of games starts on the game last started: at first the last one the data
    # folder's settings name (data_files; none on a first run: the first game), then each
    # game the tour played.
    offered = 0 if first_run else len(registry.GAMES) - 1
    rows = len(registry.GAMES) + 1  # the games and Settings
    for key, moves in TOUR:
        if games and key not in games:
            continue
        opening, quitting = SLOTS_ENTER_LEAVE if key in SLOT_GAMES else ("", "UAR")
        steps.append(("menus", "A" + howto + "D" * ((game_index(key) - offered) % rows) + "A"))
        if opening:
            steps.append((key + "/slots", opening))  # the game's slot menu opened
        howto = ""
        offered = game_index(key)
        # the game's first option (the first start of a game that is not in a slot shows a
        # message first: A closes it and starts the game)
        first = "A" if first_run and key not in SLOT_GAMES else ""
        steps.append((key + "/enter", first + "A"))
        steps.append((key + "/play", moves))
        # The pause menu, its Rules row (the second), the game's rules page opened and closed,
        # then up to the pause menu's last row (Quit, Back to menu) and out.
        steps.append((key + "/pause", "BD"))
        steps.append((key + "/rules", "A"))
        steps.append((key + "/pause", "BU" + quitting))
        steps.append((key + "/leave", "A"))
        steps.append(("menus", "BB"))  # the game's menu, the list, the title
    return steps


def script(steps):
    """The runner's script (tools/pico/run.mjs) for these steps, with a heap probe in each
    game and on the title."""
    lines = []
    for label, keys in steps:
        lines.append("label " + label)
        if label == "title":
            lines.append("wait 100")
            lines.append("probe")
        for k in keys:
            lines.append("press " + LETTERS[k])
        if label.endswith("/play"):
            lines.append("probe")
            # Idle frames in the game: nothing pressed for 200 ms. (The frames that settle a
            # press, its release debounced and its click played out, are the play's.)
            lines.append("label " + label[:-len("play")] + "idle")
            lines.append("wait 200")
    lines.append("quit")
    return "\n".join(lines) + "\n"


def run(steps, firmware=None, bootrom=None, seed=SEED, main=None, route="mpy", data=None,
        extra=None, board=BOARD, **flash):
    """Boot the firmware of route (or the UF2 firmware) in the emulator, with the flash
    build_image makes, and play steps; returns the runner's log. inputs.Missing when an
    outside input cannot be had. board: a file in boards/; flash: emulate()'s flash
    options."""
    check_tools()
    with tempfile.TemporaryDirectory(prefix="deckdelve-pico-") as work:
        image = build_image(work, seed, main, route, data, extra, board)
        return emulate(script(steps), image, board, firmware, bootrom, route, **flash)


def _stats(xs):
    xs = sorted(xs)
    return (xs[len(xs) // 2], xs[-1]) if xs else (None, None)


def without_misses(f):
    """A frame's figures less its XIP cache misses' cycles (run.mjs's `miss`): what the
    emulated Pico gave before it modelled the cache (every flash read a hit)."""
    m = f.get("miss")
    if not m:
        return f
    return dict(f, cycles=f["cycles"] - m["cycles"], draw=f["draw"] - m["draw"],
                shown=f["shown"] - m["shown"])


def summarize(log, cache=True):
    """Per game: press (median, worst), drawing alone (median of the presses, worst of every
    redraw: presses and animation frames), enter, leave, idle median, idle allocation, free
    heap; the menus' presses likewise; and the title's heap. cache=False: every figure less
    its cache misses (without_misses). `xip`: the cache's hit rate over the run and the share
    of the frames' cycles its misses took (None without the model)."""
    frames = log["frames"] if cache else [without_misses(f) for f in log["frames"]]
    by = {}
    for f in frames:
        by.setdefault(f["label"], []).append(f)
    heap = {}
    for p in log["probes"]:
        fields = dict(kv.split("=") for kv in p["line"].split()[1:])
        heap[p["label"].split("/")[0]] = (int(fields["free"]), int(fields["frame_alloc"]))
    rows = []
    for key, _moves in TOUR:
        play = by.get(key + "/play")
        if not play:
            continue
        # The frame that read a press (the answer to it); animation frames are the redraws
        # that follow without a press (dice rolling, a stat flashing).
        pushed = [f for f in play + by[key + "/pause"] if f["redrawn"] and f["press"]]
        still = by.get(key + "/idle", [])
        animation = [f for f in play + still if f["redrawn"] and not f["press"]]
        idle = [f["cycles"] for f in still if not f["redrawn"]]
        rows.append({
            "game": key,
            # (a press, entering and leaving: to the answer on screen, the end of its push; a
            # save put off until then, App.later, follows it in the same frame)
            "press": _stats([f["shown"] for f in pushed]),
            "draw": max(f["draw"] for f in pushed + animation),
            "draw_median": _stats([f["draw"] for f in pushed])[0],
            "bytes": _stats([f["bytes"] for f in pushed])[0],
            "animation": _stats([f["cycles"] for f in animation])[1],
            "enter": max(f["shown"] for f in by[key + "/enter"]),
            "leave": max(f["shown"] for f in by[key + "/leave"]),
            "rules": max((f["shown"] for f in by.get(key + "/rules", ())), default=None),
            "slots": max((f["shown"] for f in by.get(key + "/slots", ())), default=None),
            "idle": _stats(idle)[0],
            "free": heap.get(key, (None, None))[0],
            "idle_alloc": heap.get(key, (None, None))[1],
        })
    menus = [f for f in by.get("menus", []) if f["redrawn"] and f["press"]]
    # Reset to the first full title frame: the end of the first frame that pushed pixels (the
    # splash before it is the title's big word alone).
    boot = next((f.get("at") for f in log["frames"] if f["pushed"]), None)
    if not cache and boot is not None:  # (less every miss since reset: `total`)
        boot -= next(f for f in log["frames"] if f["pushed"]).get("miss", {}).get("total", 0)
    xip = log.get("xip")
    if xip:
        total = sum(f["cycles"] for f in log["frames"])
        xip = {"hit_rate": xip["hits"] / max(1, xip["accesses"]),
               "miss_share": sum(f["miss"]["cycles"] for f in log["frames"]) / max(1, total),
               "miss": xip["miss"], "fill": xip["fill"]}
    return {"games": rows, "boot": boot, "title_free": heap.get("title", (None,))[0],
            "bus": log.get("bus"), "xip": xip if cache else None,
            "menu_press": _stats([f["shown"] for f in menus]),
            "menu_draw": _stats([f["draw"] for f in menus])}


def _m(c):
    return "-" if c is None else "%.2f M" % (c / 1e6)


def _k(c):
    return "-" if c is None else "%.1f k" % (c / 1e3)


def bus_name(summary):
    """The display's bus as the runner saw it: "I2C at 400 kHz", "SPI at 10.4 MHz"."""
    bus = summary.get("bus") or {"kind": "i2c", "hz": 400000}
    hz = bus["hz"]
    return "%s at %s" % (bus["kind"].upper(),
                         "%g MHz" % round(hz / 1e6, 1) if hz >= 1e6 else "%g kHz" % (hz / 1e3))


def xip_words(summary):
    """The cache model's figures in words ("" without the model)."""
    xip = summary.get("xip")
    if not xip:
        return ""
    return ("XIP cache modelled: hit rate %.1f %%, misses %.0f %% of the frames' cycles (%d "
            "cycles a miss)" % (100 * xip["hit_rate"], 100 * xip["miss_share"], xip["miss"]))


def markdown(summary, heading="Measured now", before=None):
    """A route's table on one bus; before: the same run's summary without the cache's misses
    (summarize(log, cache=False)), shown after it for comparison."""
    xip = xip_words(summary)
    lines = [
        "### %s (emulated Pico, MicroPython 1.28.0, SSD1306 on %s, 125 MHz%s)" % (
            heading, bus_name(summary), "; " + xip if xip else ", no cache model"),
        "",
        "| game | press, median | press, worst | drawing alone, median | drawing alone, worst "
        "| bytes pushed, median | animation frame, worst | enter the game | leave it | "
        "idle frame | idle allocates | free heap |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in summary["games"]:
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s B | %s |" % (
            r["game"], _m(r["press"][0]), _m(r["press"][1]), _m(r["draw_median"]),
            _m(r["draw"]), r["bytes"], _m(r["animation"]),
            _m(r["enter"]), _m(r["leave"]), _k(r["idle"]), r["idle_alloc"],
            "-" if r["free"] is None else "%.1f KB" % (r["free"] / 1000)))
    lines.append("")
    rules = ["%s %s" % (r["game"], _m(r["rules"])) for r in summary["games"] if r["rules"]]
    slots = ["%s %s" % (r["game"], _m(r["slots"])) for r in summary["games"] if r["slots"]]
    if rules or slots:
        lines.append("Opening a game's rules page from its pause menu, to the page on screen: "
                     "%s. Opening a game's slot menu: %s." % (
                         ", ".join(rules) or "-", ", ".join(slots) or "-"))
        lines.append("")
    lines.append("Menus: a press %s median, %s worst; drawing alone %s median, %s worst; free "
                 "heap on the title %.1f KB. Drawing alone is a frame's cycles before its "
                 "first transfer to the display (the press handled and the screen drawn); the "
                 "rest of a press is the push. A press, entering and leaving a game are timed "
                 "to the end of that push, the answer on screen (a save the press asked for "
                 "is made after it, App.later: the saves' own table gives those). Goals: "
                 "drawing alone <= 1.25 M cycles (10 ms) "
                 "for every redraw (so a press <= the push's own time + 1.25 M on I2C, and "
                 "<= 2.50 M on an SPI board), entering or leaving a game <= 12.5 M, an idle "
                 "frame <= 50 k and allocating nothing, free heap >= 150 KB." % (
                     _m(summary["menu_press"][0]), _m(summary["menu_press"][1]),
                     _m(summary["menu_draw"][0]), _m(summary["menu_draw"][1]),
                     (summary["title_free"] or 0) / 1000))
    missed = goals_missed(summary)
    lines += ["", ("Goals missed on this route and bus: %s." % "; ".join(missed)) if missed
              else "Every goal above is met on this route and bus."]
    if before is not None:
        lines += ["", "The same run less its cache misses (every flash read a hit: the figures "
                  "`make bench-pico` gave before the cache model, kept for one release), with "
                  "the model / without:", "",
                  "| game | press, median | press, worst | drawing alone, worst | enter the "
                  "game | leave it | idle frame |", "|---|---|---|---|---|---|---|"]
        old = {r["game"]: r for r in before["games"]}
        for r in summary["games"]:
            o = old[r["game"]]
            lines.append("| %s | %s / %s | %s / %s | %s / %s | %s / %s | %s / %s | %s / %s |" % (
                r["game"], _m(r["press"][0]), _m(o["press"][0]), _m(r["press"][1]),
                _m(o["press"][1]), _m(r["draw"]), _m(o["draw"]), _m(r["enter"]),
                _m(o["enter"]), _m(r["leave"]), _m(o["leave"]), _k(r["idle"]), _k(o["idle"])))
        lines += ["", "Menus, drawing alone worst: %s / %s; reset to the first full title "
                  "frame: %s / %s." % (_m(summary["menu_draw"][1]), _m(before["menu_draw"][1]),
                                       _m(summary["boot"]), _m(before["boot"]))]
    return "\n".join(lines) + "\n"


# A game's steps held to ENTER_GOAL, in words.
GAME_STEPS = (("enter", "entering"), ("leave", "leaving"), ("rules", "opening its rules"),
         ("slots", "opening its slot menu"))


def causes(summary, board, top=6):
    """Where the time goes in each step of a game (entering, leaving, opening its rules or
    slot menu) that misses its goal on the Deckdelve image of board: the tour of those games
    run again with a cycle profile (pico_emu.profile_run), each step's cycles before the
    push charged to the object files of the image. Markdown ("" when every step is met)."""
    late = [(r["game"], step) for r in summary["games"] for step, _words in GAME_STEPS
            if r[step] is not None and r[step] > ENTER_GOAL]
    if not late:
        return ""
    games = sorted({g for g, _s in late}, key=game_index)
    profile, map_path = profile_run(script(tour(games)), board, "cycles")
    with open(map_path) as f:
        placed = sections(f.read())
    lines = ["Where the time goes in each step over its goal (the Deckdelve image, %s; "
             "`python -m tools.pico.profile cycles`: the step's cycles before its push, "
             "by object file of the image):" % board, ""]
    for game, step in late:
        _n, by_obj, total = charge(profile, placed, "cycles", ["%s/%s" % (game, step)])
        parts = ["%s %.2f M" % (o, n / 1e6) for o, n in
                 sorted(by_obj.items(), key=lambda kv: -kv[1])[:top]]
        lines.append("- %s, %s: %.2f M before the push; %s." % (
            game, dict(GAME_STEPS)[step], total / 1e6, ", ".join(parts)))
    return "\n".join(lines) + "\n"


def side_by_side(summaries):
    """The routes' figures in one table, each cell "mpy / frozen" (summaries: {route: summary},
    in ROUTES order, all on one bus)."""
    routes = [r for r in ROUTES if r in summaries]
    games = {}
    for route in routes:
        for row in summaries[route]["games"]:
            games.setdefault(row["game"], {})[route] = row

    def cell(fmt, values):
        return " / ".join(fmt(v) for v in values)

    def kb(b):
        return "-" if b is None else "%.1f KB" % (b / 1000)

    lines = ["### Both routes side by side, SSD1306 on %s (%s)" % (
                 bus_name(summaries[routes[0]]), " / ".join(ROUTE_NAMES[r] for r in routes)),
             "",
             "Reset to the first full title frame: %s; a press in the menus, median: %s, "
             "drawing alone worst: %s; free heap on the title: %s." % (
                 cell(_m, [summaries[r]["boot"] for r in routes]),
                 cell(_m, [summaries[r]["menu_press"][0] for r in routes]),
                 cell(_m, [summaries[r]["menu_draw"][1] for r in routes]),
                 cell(kb, [summaries[r]["title_free"] for r in routes])),
             "",
             "| game | press, median | press, worst | drawing alone, worst | enter the game | "
             "leave it | idle frame | free heap |",
             "|---|---|---|---|---|---|---|---|"]
    for game, by in games.items():
        if set(by) != set(routes):
            continue
        rows = [by[r] for r in routes]
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            game, cell(_m, [x["press"][0] for x in rows]), cell(_m, [x["press"][1] for x in rows]),
            cell(_m, [x["draw"] for x in rows]),
            cell(_m, [x["enter"] for x in rows]), cell(_m, [x["leave"] for x in rows]),
            cell(_k, [x["idle"] for x in rows]), cell(kb, [x["free"] for x in rows])))
    return "\n".join(lines) + "\n"


def goals_missed(summary):
    """The goals not met, as sentences (empty: all met). Drawing alone is held to DRAW_GOAL in
    every game and in the menus; the press itself, on the I2C display measured here, is then
    within the push's own time + DRAW_GOAL."""
    missed = []
    for r in summary["games"]:
        g = r["game"]
        if r["draw"] > DRAW_GOAL:
            missed.append("%s: drawing takes up to %s (goal 1.25 M)" % (g, _m(r["draw"])))
        for what, words in GAME_STEPS:
            if r[what] is not None and r[what] > ENTER_GOAL:
                missed.append("%s: %s takes %s (goal 12.5 M)" % (g, words, _m(r[what])))
        if r["idle"] is not None and r["idle"] > IDLE_GOAL:
            missed.append("%s: an idle frame takes %s (goal 50 k)" % (g, _k(r["idle"])))
        if r["idle_alloc"]:
            missed.append("%s: an idle frame allocates %d B" % (g, r["idle_alloc"]))
        if r["free"] is not None and r["free"] < HEAP_GOAL:
            missed.append("%s: %d B free (goal 150 KB)" % (g, r["free"]))
    worst = summary["menu_draw"][1]
    if worst is not None and worst > DRAW_GOAL:
        missed.append("menus: drawing takes up to %s (goal 1.25 M)" % _m(worst))
    if (summary.get("bus") or {}).get("kind") == "spi":
        # (on SPI the push is ~0.1 M: the press itself is held to PRESS_GOAL)
        for r in summary["games"]:
            if r["press"][1] > PRESS_GOAL:
                missed.append("%s: a press takes up to %s (goal 2.50 M on SPI)" % (
                    r["game"], _m(r["press"][1])))
        worst = summary["menu_press"][1]
        if worst is not None and worst > PRESS_GOAL:
            missed.append("menus: a press takes up to %s (goal 2.50 M on SPI)" % _m(worst))
    return missed


KEPT = "#### Earlier measurements"


def write_fragment(path, text):
    """The markdown fragment: this run's table, then whatever stood under KEPT in the old
    file (earlier figures, kept by hand for comparison)."""
    kept = ""
    if os.path.isfile(path):
        with open(path) as f:
            old = f.read()
        # (the heading at the start of a line: the comment on the first line names it too)
        at = old.find("\n" + KEPT)
        if at >= 0:
            kept = old[at:]
    with open(path, "w") as f:
        f.write("<!-- written by `make bench-pico` (python -m tools.pico.bench_pico); the part "
                "under "
                "'%s' is kept -->\n%s%s" % (KEPT, text, kept))


def device_code(steps, seed=SEED):
    """The MicroPython program for a real Pico (tools/pico/device_bench.py, filled in)."""
    with open(os.path.join(HERE, "device_bench.py")) as f:
        code = f.read()
    return (code.replace("STEPS = STEPS", "STEPS = %r" % (tuple(steps),))
            .replace("seed=SEED)", "seed=%d)" % seed))


def bench_device(port, steps):
    """Run the tour on a real Pico through mpremote (DECKDELVE_MPREMOTE replaces the command,
    as for tools/ship/deploy.py); returns {label: [(press, handle_us, draw_us, push_us), ...]},
    the free heap at the end and the XIP cache's (hits, accesses) over the tour (None where
    the device has no XIP_CTRL)."""
    tool = os.environ.get("DECKDELVE_MPREMOTE", "").split() or [mpy.tool("mpremote")]
    cmd = tool + ["connect", port, "soft-reset", "exec", device_code(steps)]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise Failure("mpremote did not run: %s" % e) from None
    frames = {}
    free = None
    xip = None
    for line in r.stdout.splitlines():
        words = line.split()
        if words[:1] == ["BENCH"] and len(words) == 6:
            frames.setdefault(words[1], []).append(
                (words[2], int(words[3]), int(words[4]), int(words[5])))
        elif words[:1] == ["BENCH-FREE"]:
            free = int(words[1])
        elif words[:1] == ["BENCH-XIP"] and len(words) == 3:
            xip = (int(words[1]), int(words[2]))
    if r.returncode or free is None:
        why = (r.stderr.strip() or r.stdout.strip() or "no output").splitlines()[-1]
        raise Failure("the benchmark did not finish on %s: %s (flash it first: make flash "
                      "BOARD=... PORT=...)" % (port, why))
    return frames, free, xip


def device_report(frames, free, xip=None):
    """Milliseconds per frame, per game: a press (median, worst), drawing and pushing alone
    (worst), entering and leaving."""
    def ms(us):
        return "%.1f ms" % (us / 1000)

    lines = ["| game | press, median | press, worst | drawing, worst | pushing, worst | "
             "enter | leave |", "|---|---|---|---|---|---|---|"]
    for key, _moves in TOUR:
        play = frames.get(key + "/play", []) + frames.get(key + "/pause", [])
        if not play:
            continue
        totals = sorted(h + d + p for _k, h, d, p in play)
        enter = max(h + d + p for _k, h, d, p in frames.get(key + "/enter", [(0, 0, 0, 0)]))
        leave = max(h + d + p for _k, h, d, p in frames.get(key + "/leave", [(0, 0, 0, 0)]))
        lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            key, ms(totals[len(totals) // 2]), ms(totals[-1]), ms(max(d for *_x, d, _p in play)),
            ms(max(p for *_x, p in play)), ms(enter), ms(leave)))
    lines.append("")
    lines.append("Free heap at the end: %.1f KB. A frame is 20 ms." % (free / 1000))
    if xip is not None:
        hits, accesses = xip
        lines.append("XIP cache over the tour (the chip's XIP_CTRL counters): %d hits of %d "
                     "accesses, hit rate %.1f %%." % (hits, accesses,
                                                      100 * hits / max(1, accesses)))
    return "\n".join(lines) + "\n"


def main(argv=None):
    sys.path.insert(0, mpy.ROOT)
    from host_sim.__main__ import Parser, bad_output

    p = Parser(prog="python -m tools.pico.bench_pico", description=__doc__.split("\n\n")[0])
    p.add_argument("--firmware", help="boot this UF2 (default: each route's, see --route)")
    p.add_argument("--bootrom", help="RP2040 bootrom JS module (default: tools/ship/inputs.py's)")
    p.add_argument("--route", choices=ROUTES + ("both",), default="both",
                   help="mpy: the stock image with the code as .mpy on flash; frozen: the "
                        "Deckdelve image of %s; both (default): side by side" % BOARD)
    p.add_argument("--bus", choices=tuple(BUSES) + ("both",), default="both",
                   help="the display's bus: i2c (%s), spi (%s) or both (default)" % (
                       BUSES["i2c"], BUSES["spi"]))
    p.add_argument("--out", help="write the markdown fragment here")
    p.add_argument("--games", help="comma-separated game keys (default: all)")
    p.add_argument("--json", help="write the summary as JSON here")
    p.add_argument("--saves", type=int, default=500, metavar="ACTIONS",
                   help="also measure, on each route, the wait for every kind of save and a "
                        "long The Four campaign of this many actions (tools/pico/save_costs.py; "
                        "0: "
                        "neither; only with every game)")
    p.add_argument("--saves-bus", choices=tuple(BUSES) + ("both",), default="both",
                   help="the bus(es) of the long campaign (default both; a flash operation "
                        "takes as long on either, the push is the difference)")
    p.add_argument("--device", metavar="PORT",
                   help="run the tour on a real Pico (flashed with `make flash`) through "
                        "mpremote instead, and print milliseconds per frame")
    a = p.parse_args(argv)
    if a.saves < 0:
        p.error("--saves must be 0 or more")
    if a.firmware and (a.bus == "both" or a.route == "both"):
        # (a Deckdelve image has its board's wiring in it: one image, one bus)
        p.error("--firmware boots one image: give --route and --bus with it")
    for flag, path in (("--out", a.out), ("--json", a.json)):
        why = path is not None and bad_output(path)
        if why:  # checked now, not after the emulated tour
            p.error("%s %s: %s" % (flag, path, why))
    for flag, path in (("--firmware", a.firmware), ("--bootrom", a.bootrom)):
        if path is not None and not os.path.isfile(path):  # now, not after building an image
            p.error("%s %s: no such file" % (flag, path))
    try:
        games = a.games.split(",") if a.games else None
        for g in games or ():
            game_index(g)
        if a.device:
            print(device_report(*bench_device(a.device, tour(games))))
            return 0
        routes = ROUTES if a.route == "both" else (a.route,)
        buses = tuple(BUSES) if a.bus == "both" else (a.bus,)
        summaries = {}  # {bus: {route: summary}}
        befores = {}  # the same, less the cache's misses (summarize(cache=False))
        for bus in buses:
            for route in routes:
                log = run(tour(games), a.firmware, a.bootrom, route=route, board=BUSES[bus])
                summaries.setdefault(bus, {})[route] = summarize(log)
                befores.setdefault(bus, {})[route] = summarize(log, cache=False)
        saves = {}
        if a.saves > 0 and not games:
            for route in routes:
                kit = {"firmware": a.firmware, "bootrom": a.bootrom, "route": route}
                # (the kinds of save on the I2C board: a flash operation takes as long on
                # either; the long campaign on each bus: there the push is the difference)
                campaigns = [("SSD1306 on %s" % bus_name(summaries[bus][route]),
                              save_costs.long_campaign(a.saves, board=BUSES[bus], **kit))
                             for bus in buses if a.saves_bus in ("both", bus)]
                saves[route] = save_costs.saves_markdown(
                    save_costs.save_waits(board=BUSES[buses[0]], **kit), campaigns,
                    ROUTE_NAMES[route])
    except (Failure, inputs.Missing) as e:
        print("bench_pico: %s" % e, file=sys.stderr)
        return 1
    parts = []
    for bus in buses:
        if len(routes) > 1:
            parts.append(side_by_side(summaries[bus]))
    for bus in buses:
        for route in routes:
            parts.append(markdown(summaries[bus][route], "Measured now, %s" % ROUTE_NAMES[route],
                                  befores[bus][route]))
            if route == "frozen" and not a.firmware:  # (the image profile_run builds)
                try:
                    parts.append(causes(summaries[bus][route], BUSES[bus]))
                except (Failure, inputs.Missing) as e:
                    print("bench_pico: %s" % e, file=sys.stderr)
                    return 1
    parts += [saves[route] for route in routes if route in saves]
    text = "\n".join(parts)
    print(text)
    for bus in buses:
        for route in routes:
            for line in goals_missed(summaries[bus][route]):
                print("goal missed (%s, %s): %s" % (route, bus, line))
    if a.out:
        write_fragment(a.out, text)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"cache_model": summaries, "without_misses": befores}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
