"""The emulated Raspberry Pi Pico (tools/pico/run.mjs on rp2040js): the firmware a route boots,
the littlefs image it boots with, the data folder the tours start with, and one run of the
runner. Shared by tools/pico/bench_pico.py (the tour's figures) and the flash tools
(tools/pico/pico_flash.py and its parts: saves and power cuts), which import this module and
never each other's back.
"""

import bisect
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from tools.ship import inputs, mpy

HERE = os.path.join(mpy.ROOT, "tools", "pico")


def firmware_for(route, board=None):
    """The UF2 a route boots: "mpy" the stock MicroPython image (its code then goes on flash as
    .mpy, as `make flash` puts it), "frozen" the Deckdelve image of board (default BOARD;
    tools/ship/firmware.py: the code frozen in, nothing but the player's files on flash). Raises
    inputs.Missing when the image can be neither found nor made."""
    if route == "frozen":
        from tools.ship import firmware

        try:
            return firmware.build(board or BOARD)
        except firmware.Failure as e:
            raise Failure(str(e)) from None
    return inputs.stock()


ROUTES = ("mpy", "frozen")
BOARD = "ssd1306-i2c"  # the board the tour runs on (the runner models every one in boards/)
# The buses measured (--bus): a board of each, the same SSD1306 and buttons. On I2C at 400 kHz
# a whole frame's push costs 2.8 M cycles, on SPI at 10 MHz ~0.1 M: there drawing is the press.
BUSES = {"i2c": BOARD, "spi": "ssd1306-spi"}
SEED = 1  # the first game's seed; each game after it takes the next


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


def check_tools():
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


def build_image(work, seed=SEED, main=None, route="mpy", data=None, extra=None, board=BOARD):
    """The littlefs image `make flash BOARD=board` would leave on a Pico (route "mpy"), or
    that the Deckdelve image's own first start leaves (route "frozen": no code, no board
    file), with data (default data_files()) in /data, the bench main.py (or main, the text of
    another) and extra ({path: bytes}, put in last). Returns its path."""
    try:
        from littlefs import LittleFS
    except ImportError:
        raise Failure("PyPI littlefs-python is missing: run `make venv`") from None
    from tools.ship import deploy

    deploy.stage()
    files = {}
    if main is None:
        # The harness as .mpy, imported by a one-line main.py: the device compiles only that
        # line, so what is measured from reset is the firmware's own start.
        with open(os.path.join(HERE, "bench_main.py")) as f:
            harness = f.read().replace("seed=SEED)", "seed=%d)" % seed)
        source = os.path.join(work, "bench_main.py")
        with open(source, "w") as f:
            f.write(harness)
        compiled = os.path.join(work, "bench_main.mpy")
        r = subprocess.run([mpy.tool("mpy-cross"), "-o", compiled, source],
                           capture_output=True, text=True)
        if r.returncode:
            raise Failure("mpy-cross failed on the bench harness: " + r.stderr.strip())
        with open(compiled, "rb") as f:
            files["/bench_main.mpy"] = f.read()
        main = "import bench_main\n"
    files["/main.py"] = main.encode()
    if route == "mpy":
        with open(deploy.board_path(board), "rb") as f:
            files["/board.json"] = f.read()
    for name, content in (data_files() if data is None else data).items():
        files["/data/" + name] = content
    stage = os.path.join(deploy.STAGE, "deckdelve")
    for folder, _dirs, names in os.walk(stage if route == "mpy" else os.devnull):
        for name in names:
            src = os.path.join(folder, name)
            with open(src, "rb") as f:
                files["/" + os.path.relpath(src, deploy.STAGE).replace(os.sep, "/")] = f.read()
    files.update(extra or {})
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
    buttons, the game's own bot choosing what a player would (its cursor moved to each choice
    as tests/shared/four_ui_helpers.py's route finds it: key strings broke whenever creation's
    cursor changed), up to the game's first idle turn. Returns whether the game got there."""
    from tools import MP_TOOLS, SHARED_TESTS, on_path

    on_path(SHARED_TESTS, MP_TOOLS)
    import bots_the_four
    from four_ui_helpers import route

    from deckdelve.games import the_four as F
    from deckdelve.rng import Rng
    from deckdelve.ui import the_four as S

    rng = Rng(SEED)
    host = s.app.stack[-1]
    for _ in range(200):  # a character takes a few dozen presses; never loop for ever
        if host.pending:
            s.press("A")
            continue
        if host.game.phase != F.CREATE:
            break
        item = route(host.scene, bots_the_four.player(host.game, rng), F, S)
        moves = (host.scene.items.index(item) - host.scene.index) % len(host.scene.items)
        s.keys("D" * moves + "A")
        if host.scene.asking:
            s.press("A")
    return host.game.phase == F.IDLE and not host.pending


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
        # (each game's option as its menu offers it; the last, the game last started)
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


def emulate(text, image, board=BOARD, firmware=None, bootrom=None, route="mpy",
            timing="typical", flash_out=None, flash_log=None, cut=None, cut_seed=0,
            check=True, profile=None):
    """Boot the firmware of route (or the UF2 firmware) on the emulated Pico with the
    filesystem image (a file: the rp2 port's littlefs area) and play the runner's script text;
    returns its log. timing: the flash chip's, "typical" or "worst"; flash_out: a file to save
    the filesystem area in at the end (boot it again as image); flash_log: a file for every
    erase and page program; cut: the instant (cycles of emulated time) of a power cut, an
    operation under way then left part done as cut_seed makes it (see tools/pico/run.mjs);
    profile: (run.mjs's flag, a file): where the cycles or the cache's misses went
    (tools/pico/profile.py).
    check=False returns a log with an error instead of raising."""
    check_tools()
    firmware = firmware or firmware_for(route, board)
    bootrom = bootrom or inputs.bootrom()
    npm_ci()
    from tools.ship import deploy

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
        if profile is not None:
            cmd += list(profile)
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


ROUTE_NAMES = {"mpy": "stock MicroPython + .mpy on flash", "frozen": "Deckdelve image (frozen)"}


# ---- profiles: where a run's cycles or XIP cache misses went (tools/pico/profile.py) ----
SECTION = re.compile(r"^ (\.(?:text|rodata|data|time_critical)[^\s]*)\s*(?:\n\s+)?(0x[0-9a-f]+)\s+"
                     r"(0x[0-9a-f]+)\s+(\S+)", re.M)
# (run.mjs's flags; reads: every read of flash, the frozen bytecode's naming the Python
# functions that ran)
PROFILES = {"misses": "--miss-profile", "cycles": "--cycle-profile", "reads": "--read-profile"}


def sections(map_text):
    """[(start, size, section, object file as the map names it)] of every input section the
    linker placed in flash (0x10000000 on) or RAM (0x20000000 on), by address."""
    out = []
    for name, addr, size, obj in SECTION.findall(map_text):
        a, n = int(addr, 16), int(size, 16)
        if n and (0x10000000 <= a < 0x11000000 or 0x20000000 <= a < 0x20042000):
            out.append((a, n, name, obj))
    out.sort()
    return out


def charge(profile, placed, kind, labels=None):
    """A profile's misses or cycles (kind) by section and by object file of the image's
    linker map placed (sections()): ({section: n}, {object: n}, total), over the labels
    ending as one of labels (None: all). A profile's addresses: a word of flash without its
    alias bits (misses), or an instruction's own (cycles)."""
    starts = [p[0] for p in placed]
    by_name, by_obj, total = {}, {}, 0
    for label, words in profile.items():
        if labels and not any(label.endswith(x) for x in labels):
            continue
        for addr, n in words:
            a = addr if kind == "cycles" else 0x10000000 | addr
            i = bisect.bisect_right(starts, a) - 1
            if i >= 0 and a < placed[i][0] + placed[i][1]:
                _s, _n, name, obj = placed[i]
                obj = os.path.basename(obj)
            elif a < 0x4000:
                name, obj = "(bootrom)", "(bootrom)"
            else:
                name, obj = "(outside any section: the filesystem, boot2)", "-"
            by_name[name] = by_name.get(name, 0) + n
            by_obj[obj] = by_obj.get(obj, 0) + n
            total += n
    return by_name, by_obj, total


def profile_run(text, board, kind):
    """Run the script text on the Deckdelve image of board with a profile of kind (PROFILES):
    returns (the profile, the path of the image's linker map)."""
    from tools.ship import firmware

    check_tools()
    with tempfile.TemporaryDirectory(prefix="deckdelve-profile-") as work:
        image = build_image(work, route="frozen", board=board)
        out = os.path.join(work, "profile.json")
        emulate(text, image, board, route="frozen", profile=(PROFILES[kind], out))
        with open(out) as f:
            profile = json.load(f)
    return profile, firmware.linker_map(board)
