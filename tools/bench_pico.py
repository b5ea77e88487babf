"""The firmware on an emulated Raspberry Pi Pico: cycles per frame, free heap, and the frames
themselves, read off the emulated display's I2C bus.

    python -m tools.bench_pico [--firmware UF2] [--bootrom MJS] [--out FILE] [--games K,...]
    python -m tools.bench_pico --device PORT [--games K,...]

Boots the stock MicroPython RPI_PICO firmware (--firmware, or $PICO_FIRMWARE; default
../shared/pico-emu/micropython-v1.28.0-RPI_PICO.uf2 beside the checkout: the image users
download from https://micropython.org/download/RPI_PICO/) in rp2040js (npm, pinned in
tools/pico/package.json; `npm ci` runs there on first use) with the RP2040 bootrom (--bootrom,
or $PICO_BOOTROM; default ../shared/pico-emu/bootrom.mjs: rp2040js's demo/bootrom.ts as a JS
module exporting bootromB1), with the files `make flash BOARD=ssd1306-i2c` copies packed into
the rp2 port's littlefs image (PyPI littlefs-python) and tools/pico/bench_main.py as main.py.
It then plays TOUR (every game: enter, its first moves, idle, leave) and prints per game the
cycles of a press (median, worst; drawing alone), entering and leaving, an idle frame and the
free heap, at 125 MHz with I2C at 400 kHz. --out writes the same as a markdown fragment
(docs/BENCHMARKS-pico.md, which `make bench-pico` refreshes).
Cycle counts are deterministic (same image, same script, same count) and are lower bounds:
the emulator reads flash in one cycle.
--device PORT (`make bench-device PORT=...`) plays the same tour on a real Pico that holds the
firmware and a board file (`make flash`), through mpremote, timing every redraw on the device
(tools/pico/device_bench.py), and prints milliseconds per frame. It uses its own data folder
on the device (benchdata/, removed after), so the player's saves are not touched.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

from tools import mpy

HERE = os.path.join(mpy.ROOT, "tools", "pico")


def _kit():
    """../shared/pico-emu beside the checkout; from a git worktree, beside its main checkout;
    from a clone of a local checkout, beside that checkout."""
    roots = [mpy.ROOT]
    try:
        common = subprocess.run(["git", "rev-parse", "--path-format=absolute",
                                 "--git-common-dir"], cwd=mpy.ROOT, capture_output=True,
                                text=True).stdout.strip()
        if common:
            roots.append(os.path.dirname(common))
        # A clone of a local checkout (`git clone . /tmp/x`): beside the checkout it came from.
        origin = subprocess.run(["git", "remote", "get-url", "origin"], cwd=mpy.ROOT,
                                capture_output=True, text=True).stdout.strip()
        if origin and os.path.isdir(origin):
            roots.append(os.path.abspath(origin))
    except OSError:  # no git: the checkout's own neighbour only
        pass
    for root in roots:
        kit = os.path.normpath(os.path.join(root, "..", "shared", "pico-emu"))
        if os.path.isdir(kit):
            return kit
    return os.path.normpath(os.path.join(mpy.ROOT, "..", "shared", "pico-emu"))


KIT = _kit()
FIRMWARE = os.environ.get("PICO_FIRMWARE") or os.path.join(
    KIT, "micropython-v1.28.0-RPI_PICO.uf2")
BOOTROM = os.environ.get("PICO_BOOTROM") or os.path.join(KIT, "bootrom.mjs")
BOARD = "ssd1306-i2c"  # the board the tour runs on (the runner models every one in boards/)
SEED = 1  # the first game's seed; each game after it takes the next
CLOCK_HZ = 125_000_000
# Goals of issue 16, in cycles at 125 MHz.
PRESS_GOAL = 2_500_000
DRAW_GOAL = 1_250_000
ENTER_GOAL = 12_500_000
IDLE_GOAL = 50_000
HEAP_GOAL = 150_000

# The tour: for each game (registry key), the presses played once it has started. They only
# move cursors, select and open the game's own views, so every game is still running after
# them and B then opens the pause menu.
# The Four is a campaign game: its menu lists slots, and the tour continues the campaign
# data_files() puts in slot 1 (past its character's creation): A opens the slot, A continues
# it. Its pause menu has no Quit: "Back to menu" leaves at once (the campaign is saved after
# every action, so the tour plays no action in it: a write would vanish on the emulator).
TOUR = (
    ("rogue_solitaire", "RRDLABUUL"),
    ("mini_rogue", "DUDABDU"),
    ("red_queen", "RRLAR"),
    ("solatro", "RRARAL"),
    ("the_four", "DDUDDU"),
)
# Per game, where it differs from the others: (keys from its menu's first row to the press
# that starts it, keys from the pause menu's opening to the press that leaves).
ENTER_LEAVE = {"the_four": ("A", "BU")}

LETTERS = {"U": "up", "D": "down", "L": "left", "R": "right", "A": "a", "B": "b"}


class Failure(Exception):
    """A missing tool or a broken run: one line for the user."""


def game_index(key):
    sys.path.insert(0, mpy.FIRMWARE)
    from deckdelve import registry

    for i, entry in enumerate(registry.GAMES):
        if entry[0] == key:
            return i
    raise Failure("no game %r in the registry" % key)


def tour(games=None, first_run=False):
    """The script as (label, keys) steps: keys is a string of U D L R A B, one press each;
    label tags the frames those presses cause. From the title through every game, back to
    the title. first_run: the Pico starts without settings (data_files(settings=False)), so
    the tour also reads the collection's how-to (3 pages) and each game's first-start
    message, and the settings they write are on the Pico's flash from then on."""
    steps = [("title", "")]
    howto = "AAA" if first_run else ""
    for key, moves in TOUR:
        if games and key not in games:
            continue
        opening, pausing = ENTER_LEAVE.get(key, ("", "BUAR"))  # pause menu, Quit, confirm: yes
        steps.append(("menus", "A" + howto + "D" * game_index(key) + "A" + opening))
        howto = ""
        # the game's first option (the first start of a game that is not in a slot shows a
        # message first: A closes it and starts the game)
        first = "A" if first_run and key not in ENTER_LEAVE else ""
        steps.append((key + "/enter", first + "A"))
        steps.append((key + "/play", moves))
        steps.append((key + "/pause", pausing))
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
            lines.append("wait 200")  # idle frames in the game
    lines.append("quit")
    return "\n".join(lines) + "\n"


def check_tools(firmware=FIRMWARE, bootrom=BOOTROM):
    for path, what in ((firmware, "the MicroPython RPI_PICO firmware image (--firmware)"),
                       (bootrom, "the RP2040 bootrom module (--bootrom)")):
        if not os.path.isfile(path):
            raise Failure("%s not found: %s" % (what, path))
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            raise Failure("%s is not installed (the emulator runs on Node.js 18 or later)" % tool)


def npm_ci():
    """Install the pinned rp2040js into tools/pico/node_modules (once)."""
    marker = os.path.join(HERE, "node_modules", ".package-lock.json")
    lock = os.path.join(HERE, "package-lock.json")
    if os.path.isfile(marker) and os.path.getmtime(marker) >= os.path.getmtime(lock):
        return
    r = subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=HERE,
                       capture_output=True, text=True)
    if r.returncode:
        raise Failure("npm ci in tools/pico failed: " + (r.stderr.strip() or r.stdout.strip())
                      .splitlines()[-1])


def build_image(work, seed=SEED, main=None, board=BOARD, data=None):
    """The littlefs image `make flash BOARD=board` would leave on a Pico, with the bench
    main.py (or main, the text of another) and data ({name: bytes}, the data folder's files;
    None: data_files()). Returns its path."""
    try:
        from littlefs import LittleFS
    except ImportError:
        raise Failure("PyPI littlefs-python is missing: run `make venv`") from None
    from tools import deploy

    deploy.stage()
    if main is None:
        with open(os.path.join(HERE, "bench_main.py")) as f:
            main = f.read().replace("seed=SEED)", "seed=%d)" % seed)
    with open(deploy.board_path(board), "rb") as f:
        files = {"/main.py": main.encode(), "/board.json": f.read()}
    for name, content in (data_files() if data is None else data).items():
        files["/data/" + name] = content
    stage = os.path.join(deploy.STAGE, "deckdelve")
    for folder, _dirs, names in os.walk(stage):
        for name in names:
            src = os.path.join(folder, name)
            with open(src, "rb") as f:
                files["/" + os.path.relpath(src, deploy.STAGE).replace(os.sep, "/")] = f.read()
    # The rp2 port's filesystem on a 2 MiB RPI_PICO: 352 blocks of 4 KiB at flash 0xA0000,
    # mounted as VfsLfs2(rp2.Flash(), progsize=256): read 32, prog 256, cache 1024,
    # lookahead 32 (extmod/vfs_lfsx.c). /data is made here, as `make flash` makes it.
    fs = LittleFS(block_size=4096, block_count=352, read_size=32, prog_size=256,
                  cache_size=1024, lookahead_size=32, block_cycles=100)
    made = set()
    for path in sorted(files) + ["/data/"]:
        parts = path.strip("/").split("/")
        for i in range(1, len(parts) if not path.endswith("/") else len(parts) + 1):
            d = "/" + "/".join(parts[:i])
            if d not in made:
                fs.mkdir(d)
                made.add(d)
        if not path.endswith("/"):
            with fs.open(path, "wb") as h:
                h.write(files[path])
    image = os.path.join(work, "fs.img")
    with open(image, "wb") as f:
        f.write(fs.context.buffer)
    return image


def past_creation(s):
    """Play The Four's character creation in the simulator s (a page of its own) through its
    buttons, as tests/test_the_four_screens.py does, up to the game's first idle turn.
    Returns whether the game got there."""
    from deckdelve.games import the_four

    s.keys("AADADA" + "DDAA" + "DDDDDADDA")  # the character: what, origin, ratings
    host = s.app.stack[-1]
    while host.scene.current() != the_four.act(the_four.BEGIN):
        s.press("D")
    s.press("A")
    while host.pending:
        s.press("A")
    return host.game.phase == the_four.IDLE


def data_files(settings=True):
    """The data folder the tour starts with, {name: bytes}: settings.dat with every how-to seen
    and each game's menu on the option the tour starts (settings=False: none, as on a Pico
    just flashed: see tour(first_run)), and a campaign of The Four in slot 1, past its
    character's creation (made here by the simulator through the game's buttons:
    past_creation(), so that the tour's presses in The Four measure its play, not its
    creation screens)."""
    sys.path.insert(0, mpy.ROOT)
    from host_sim.sim import Sim

    from deckdelve import registry
    from deckdelve.store import DEFAULT_SETTINGS, Store

    keys = [g[0] for g in registry.GAMES]
    if settings:
        settings = dict(DEFAULT_SETTINGS)
        settings["seen"] = ",".join(["*"] + keys)
        settings["last"] = ",".join("%s=%d" % (k, 1 if k == "mini_rogue" else 0) for k in keys)
    folder = tempfile.mkdtemp(prefix="deckdelve-pico-data-")
    try:
        if settings:
            Store(folder).save_settings(settings)
        s = Sim(folder, seed=SEED, game="the_four")  # slot 1: a slot game runs in a slot
        if not past_creation(s):
            raise Failure("The Four's campaign for the tour is not past its creation")
        files = {}
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name), "rb") as f:
                files[name] = f.read()
        return files
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run(steps, firmware=FIRMWARE, bootrom=BOOTROM, seed=SEED, main=None, board=BOARD,
        data=None, **flash):
    """Boot the firmware in the emulator and play steps; returns the runner's log. board: a
    file in boards/; data: the data folder to start with (see build_image); flash: emulate()'s
    flash options."""
    check_tools(firmware, bootrom)
    with tempfile.TemporaryDirectory(prefix="deckdelve-pico-") as work:
        image = build_image(work, seed, main, board, data)
        return emulate(script(steps), image, board, firmware, bootrom, **flash)


def emulate(text, image, board=BOARD, firmware=FIRMWARE, bootrom=BOOTROM, timing="typical",
            flash_out=None, flash_log=None, cut=None, cut_seed=0, check=True):
    """Boot the firmware on the emulated Pico with the filesystem image (a file: the rp2
    port's littlefs area) and play the runner's script text; returns its log. timing: the
    flash chip's, "typical" or "worst"; flash_out: a file to save the filesystem area in at
    the end (boot it again as image); flash_log: a file for every erase and page program;
    cut: the instant (cycles of emulated time) of a power cut, an operation under way then
    left part done as cut_seed makes it (see tools/pico/run.mjs). check=False returns a log
    with an error instead of raising."""
    check_tools(firmware, bootrom)
    npm_ci()
    from tools import deploy

    with tempfile.TemporaryDirectory(prefix="deckdelve-pico-run-") as work:
        path = os.path.join(work, "script.txt")
        with open(path, "w") as f:
            f.write(text)
        out = os.path.join(work, "log.json")
        cmd = ["node", os.path.join(HERE, "run.mjs"), os.path.abspath(firmware),
               os.path.abspath(bootrom), image, path, out, "--board", deploy.board_path(board),
               "--timing", timing]
        for flag, value in (("--flash-out", flash_out), ("--flash-log", flash_log),
                            ("--cut", cut), ("--seed", cut_seed if cut is not None else None)):
            if value is not None:
                cmd += [flag, str(value)]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode or not os.path.isfile(out):
            why = (r.stderr.strip() or "no log").splitlines()[-1]
            raise Failure("the emulator failed: " + why)
        with open(out) as f:
            log = json.load(f)
    if log["error"] and check:
        tail = log["serial"].strip().splitlines()[-3:]
        raise Failure("the emulated Pico: %s %s" % (log["error"], " / ".join(tail)))
    return log


def _stats(xs):
    xs = sorted(xs)
    return (xs[len(xs) // 2], xs[-1]) if xs else (None, None)


def summarize(log):
    """Per game: press (median, worst, worst drawing alone), enter, leave, idle median, idle
    allocation, free heap; and the title's heap."""
    by = {}
    for f in log["frames"]:
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
        animation = [f["cycles"] for f in play if f["redrawn"] and not f["press"]]
        idle = [f["cycles"] for f in play if not f["redrawn"]]
        rows.append({
            "game": key,
            "press": _stats([f["cycles"] for f in pushed]),
            "draw": max(f["draw"] for f in pushed),
            "bytes": _stats([f["bytes"] for f in pushed])[0],
            "animation": _stats(animation)[1],
            "enter": max(f["cycles"] for f in by[key + "/enter"]),
            "leave": max(f["cycles"] for f in by[key + "/leave"]),
            "idle": _stats(idle)[0],
            "free": heap.get(key, (None, None))[0],
            "idle_alloc": heap.get(key, (None, None))[1],
        })
    menus = [f for f in by.get("menus", []) if f["redrawn"] and f["press"]]
    return {"games": rows, "title_free": heap.get("title", (None,))[0],
            "menu_press": _stats([f["cycles"] for f in menus])}


def _m(c):
    return "-" if c is None else "%.2f M" % (c / 1e6)


def _k(c):
    return "-" if c is None else "%.1f k" % (c / 1e3)


def markdown(summary, heading="Measured now"):
    lines = [
        "### %s (emulated Pico, MicroPython 1.28.0, SSD1306 on I2C at 400 kHz, 125 MHz)" % heading,
        "",
        "| game | press, median | press, worst | drawing alone, worst | bytes pushed, median | "
        "animation frame, worst | enter the game | leave it | idle frame | idle allocates | "
        "free heap |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in summary["games"]:
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s B | %s |" % (
            r["game"], _m(r["press"][0]), _m(r["press"][1]), _m(r["draw"]), r["bytes"],
            _m(r["animation"]),
            _m(r["enter"]), _m(r["leave"]), _k(r["idle"]), r["idle_alloc"],
            "-" if r["free"] is None else "%.1f KB" % (r["free"] / 1000)))
    lines.append("")
    lines.append("Menus: a press %s median, %s worst; free heap on the title %.1f KB. "
                 "Goals: a press <= 2.50 M cycles (20 ms) with the push, drawing <= 1.25 M, "
                 "entering or leaving a game <= 12.5 M, an idle frame <= 50 k and "
                 "allocating nothing, free heap >= 150 KB." % (
                     _m(summary["menu_press"][0]), _m(summary["menu_press"][1]),
                     (summary["title_free"] or 0) / 1000))
    return "\n".join(lines) + "\n"


def goals_missed(summary):
    """The goals of issue 16 not met, as sentences (empty: all met)."""
    missed = []
    for r in summary["games"]:
        g = r["game"]
        if r["press"][1] > PRESS_GOAL:
            missed.append("%s: a press takes up to %s (goal 2.50 M)" % (g, _m(r["press"][1])))
        if r["draw"] > DRAW_GOAL:
            missed.append("%s: drawing takes up to %s (goal 1.25 M)" % (g, _m(r["draw"])))
        for what in ("enter", "leave"):
            if r[what] > ENTER_GOAL:
                missed.append("%s: %s takes %s (goal 12.5 M)" % (g, what, _m(r[what])))
        if r["idle"] is not None and r["idle"] > IDLE_GOAL:
            missed.append("%s: an idle frame takes %s (goal 50 k)" % (g, _k(r["idle"])))
        if r["idle_alloc"]:
            missed.append("%s: an idle frame allocates %d B" % (g, r["idle_alloc"]))
        if r["free"] is not None and r["free"] < HEAP_GOAL:
            missed.append("%s: %d B free (goal 150 KB)" % (g, r["free"]))
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
        f.write("<!-- written by `make bench-pico` (python -m tools.bench_pico); the part under "
                "'%s' is kept -->\n%s%s" % (KEPT, text, kept))


def device_code(steps, seed=SEED):
    """The MicroPython program for a real Pico (tools/pico/device_bench.py, filled in)."""
    with open(os.path.join(HERE, "device_bench.py")) as f:
        code = f.read()
    return (code.replace("STEPS = STEPS", "STEPS = %r" % (tuple(steps),))
            .replace("seed=SEED)", "seed=%d)" % seed))


def bench_device(port, steps):
    """Run the tour on a real Pico through mpremote (DECKDELVE_MPREMOTE replaces the command,
    as for tools/deploy.py); returns {label: [(press, handle_us, draw_us, push_us), ...]} and
    the free heap at the end."""
    tool = os.environ.get("DECKDELVE_MPREMOTE", "").split() or [mpy.tool("mpremote")]
    cmd = tool + ["connect", port, "soft-reset", "exec", device_code(steps)]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise Failure("mpremote did not run: %s" % e) from None
    frames = {}
    free = None
    for line in r.stdout.splitlines():
        words = line.split()
        if words[:1] == ["BENCH"] and len(words) == 6:
            frames.setdefault(words[1], []).append(
                (words[2], int(words[3]), int(words[4]), int(words[5])))
        elif words[:1] == ["BENCH-FREE"]:
            free = int(words[1])
    if r.returncode or free is None:
        why = (r.stderr.strip() or r.stdout.strip() or "no output").splitlines()[-1]
        raise Failure("the benchmark did not finish on %s: %s (flash it first: make flash "
                      "BOARD=... PORT=...)" % (port, why))
    return frames, free


def device_report(frames, free):
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
    return "\n".join(lines) + "\n"


def main(argv=None):
    sys.path.insert(0, mpy.ROOT)
    from host_sim.__main__ import Parser, bad_output

    p = Parser(prog="python -m tools.bench_pico", description=__doc__.split("\n\n")[0])
    p.add_argument("--firmware", default=FIRMWARE, help="MicroPython RPI_PICO .uf2")
    p.add_argument("--bootrom", default=BOOTROM, help="RP2040 bootrom JS module")
    p.add_argument("--out", help="write the markdown fragment here")
    p.add_argument("--games", help="comma-separated game keys (default: all)")
    p.add_argument("--json", help="write the summary as JSON here")
    p.add_argument("--saves", type=int, default=500, metavar="ACTIONS",
                   help="also measure the wait for every kind of save, and play a long The "
                        "Four campaign of this many actions (tools/pico_flash.py; 0: neither)")
    p.add_argument("--device", metavar="PORT",
                   help="run the tour on a real Pico (flashed with `make flash`) through "
                        "mpremote instead, and print milliseconds per frame")
    a = p.parse_args(argv)
    for flag, path in (("--out", a.out), ("--json", a.json)):
        why = path is not None and bad_output(path)
        if why:  # checked now, not after the emulated tour
            p.error("%s %s: %s" % (flag, path, why))
    try:
        games = a.games.split(",") if a.games else None
        for g in games or ():
            game_index(g)
        if a.device:
            print(device_report(*bench_device(a.device, tour(games))))
            return 0
        summary = summarize(run(tour(games), a.firmware, a.bootrom))
        text = markdown(summary)
        if a.saves > 0 and not games:
            from tools import pico_flash

            kit = {"firmware": a.firmware, "bootrom": a.bootrom}
            text += "\n" + pico_flash.saves_markdown(*pico_flash.save_waits(**kit),
                                                     pico_flash.long_campaign(a.saves, **kit))
    except Failure as e:
        print("bench_pico: %s" % e, file=sys.stderr)
        return 1
    print(text)
    for line in goals_missed(summary):
        print("goal missed: " + line)
    if a.out:
        write_fragment(a.out, text)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(summary, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
