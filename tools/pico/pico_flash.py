"""Saves on the emulated Pico's flash: what every kind of save writes, what a power cut at any
instant of it leaves, and how long a player waits for it.

    python -m tools.pico.pico_flash cuts [--instants N] [--boot N|all] [--kinds K,...]
                                    [--route mpy|frozen|both] [--out FILE]
    python -m tools.pico.pico_flash waits [--actions N] [--route mpy|frozen|both] [--out FILE]

The emulator (tools/pico/run.mjs, through tools.pico.pico_emu.emulate) erases and programs the
flash as the rp2 port asks, with the W25Q16JV's timing, and logs every erase and page program
with its instant. A SCENARIO boots the real firmware by either route (--route: "mpy", the stock
MicroPython image with the files `make flash` copies; "frozen", the Deckdelve image of the
board; tools/pico/bench_main.py as /main.py on both) from a data folder of its own, presses its
way to a save and makes it (frames labelled "save"; the presses that save are the ones that
change the saved files in the simulator, which plays the same presses first). From the log,
every image the flash could hold at any instant of that save is rebuilt offline (rebuild(): NOR
semantics, an operation cut part-way left part done as the runner leaves it, from a seed), so a
power cut costs no emulator run.

`cuts` records each scenario once, splits its save into the writes of each file (windows():
the operations up to each file's next visible change), cuts each kind of file's save at N
seeded instants spread over its whole window (default 50), and checks every image with the
firmware's own loaders under the MicroPython unix port (tools/mp/flash_check.py: mounted as
the Pico mounts it, the boot's check of every file, then what each file loads as): each file
must load as it was before the save or after it, nothing else, no file set aside, no notice.
Then it boots images on the emulated Pico (--boot: how many distinct ones per kind, seeded;
"all"), plays the scenario's way through the title and menus and compares every frame with
the simulator's on the same files; a boot must print no traceback and set nothing aside. It
prints the table (kind, instants cut, before, after, other) and --out writes it as markdown.

`waits` measures, for each kind of save, the cycles from the press to the next frame on the
display with typical and with worst-case flash timing, and plays a long The Four campaign
(--actions, default 500) through its buttons to count the erases (littlefs compacting a
metadata pair, or copying a file's last block to append to it) and the wait per action.
`make bench-pico` prints both in docs/BENCHMARKS-pico.md.
"""

import copy
import functools
import json
import os
import random
import shutil
import sys
import tempfile

from tools.pico import pico_emu
from tools.ship import inputs, mpy

SEED = pico_emu.SEED  # the first game's seed on the Pico and in the simulator
INSTANTS = 50  # cut instants per kind of file (the "at least 50")
# The rp2 port's littlefs on a 2 MiB RPI_PICO (pico_emu.build_image makes it the same way)
GEOMETRY = dict(block_size=4096, block_count=352, read_size=32, prog_size=256, cache_size=1024,
                lookahead_size=32, block_cycles=100)
LETTERS = pico_emu.LETTERS
OUT = os.path.join(mpy.ROOT, "out", "pico")


class Failure(pico_emu.Failure):
    pass


# ---- images -----------------------------------------------------------------------------------
def mount(image):
    """littlefs-python over the image's bytes (a copy)."""
    from littlefs import LittleFS

    fs = LittleFS(mount=False, **GEOMETRY)
    fs.context.buffer = bytearray(image)
    fs.mount()
    return fs


def data_files(image):
    """{name: bytes} of the image's data folder."""
    fs = mount(image)
    out = {}
    try:
        names = fs.listdir("/data")
    except Exception:  # noqa: BLE001 - littlefs-python raises its own errors
        return out
    for name in names:
        try:
            with fs.open("/data/" + name, "rb") as f:
                out[name] = f.read()
        except Exception:  # noqa: BLE001 - a folder: listed with no bytes
            out[name] = None
    return out


def rng(seed):
    """mulberry32, as tools/pico/run.mjs draws a cut operation's partial state."""
    a = seed & 0xFFFFFFFF

    def nxt():
        nonlocal a
        a = (a + 0x6D2B79F5) & 0xFFFFFFFF
        t = a
        t = ((t ^ (t >> 15)) * (t | 1)) & 0xFFFFFFFF
        t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF)) & 0xFFFFFFFF
        return (t ^ (t >> 14)) & 0xFFFFFFFF

    return nxt


def apply(img, op):
    a, n = op["addr"], op["len"]
    if op["kind"] == "E":
        img[a:a + n] = b"\xff" * n
    else:
        data = bytes.fromhex(op["data"])
        img[a:a + n] = bytes(x & y for x, y in zip(img[a:a + n], data))


def partial(img, op, seed):
    """An operation cut part-way (run.mjs's partial()): a page program's first k bytes written,
    byte k in part; an erase's first k bytes erased, every later byte with bits raised."""
    r = rng(seed)
    a, n = op["addr"], op["len"]
    k = r() % (n + 1)
    if op["kind"] == "P":
        data = bytes.fromhex(op["data"])
        for i in range(k):
            img[a + i] &= data[i]
        if k < n:
            img[a + k] &= data[k] | (r() & 0xFF)
    else:
        img[a:a + k] = b"\xff" * k
        for i in range(k, n):
            img[a + i] |= r() & 0xFF


def rebuild(base, ops, cut=None, seed=0):
    """The image at instant cut (None: after every operation): the operations that ended by
    then applied, the one under way then left part done (from seed)."""
    img = bytearray(base)
    for op in ops:
        if cut is not None and op["t1"] > cut:
            if op["t0"] <= cut:
                partial(img, op, seed)
            break
        apply(img, op)
    return img


# ---- the scenarios: one save of each kind ------------------------------------------------------
def _settings_only():
    return {"settings.dat": _tour_data()["settings.dat"]}


@functools.lru_cache(maxsize=1)
def _tour_data():
    return pico_emu.data_files()


def sim_at(data, keys="", seed=SEED, patch=None):
    """host_sim on a temporary copy of data ({name: bytes}) after keys. Returns (sim, folder)."""
    from host_sim.sim import Sim

    folder = tempfile.mkdtemp(prefix="deckdelve-flash-sim-")
    for name, content in data.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(content)
    with patched(patch):
        s = Sim(folder, seed=seed)
        for k in keys:
            s.press(k)
    return s, folder


class patched:
    """A scenario's bug on purpose, in the simulator too (see Scenario.bug)."""

    def __init__(self, bug):
        self.bug = bug

    def __enter__(self):
        if self.bug:
            from deckdelve import menus

            self.was = menus.Title.press
            menus.Title.press = _buggy(self.was)

    def __exit__(self, *exc):
        if self.bug:
            from deckdelve import menus

            menus.Title.press = self.was


def _buggy(press):
    def buggy(self, button):
        if button == 1:  # UP on the title
            raise RuntimeError("a bug on purpose")
        press(self, button)

    return buggy


# The same on the Pico: prepended to bench_main.py (the menus module is imported once and kept:
# the scenario starts no game, so nothing forgets it).
BUG_MAIN = """from deckdelve import menus as _menus

_press = _menus.Title.press


def _buggy(self, button):
    if button == 1:  # UP on the title
        raise RuntimeError("a bug on purpose")
    _press(self, button)


_menus.Title.press = _buggy
"""


class Scenario:
    """Saves on the Pico: data (a function giving the data folder it starts from, {name:
    bytes}), keys (the presses from the title on), saves (the files the saves write: the
    presses that change them in the simulator are labelled "save"; none: the save is made at
    boot, before the first press), reboot (a function of the data folder's files after the
    saves giving the presses after a reset, to where the saved thing shows), menus (a function
    of a cut image's files giving the presses through the title and menus that a boot from it
    must pass), bug (UP on the title raises: the app logs an error), aside (files the boot sets
    aside on purpose)."""

    def __init__(self, name, data, keys, saves, reboot, menus, bug=False, aside=()):
        self.name = name
        self.data = data
        self.keys = keys
        self.saves = saves
        self.reboot = reboot
        self.menus = menus
        self.bug = bug
        self.aside = aside
        self._steps = None

    def main(self):
        """The /main.py text: None (bench_pico's harness) unless the scenario has its bug."""
        if not self.bug:
            return None
        with open(os.path.join(pico_emu.HERE, "bench_main.py")) as f:
            return BUG_MAIN + f.read().replace("seed=SEED)", "seed=%d)" % SEED)

    def steps(self):
        """[(label, keys)]: the presses that change a file of saves (in the simulator) are
        "save", the others "play"."""
        if self._steps is None:
            self._steps = _label_saves(self.data(), self.keys, self.saves, self.bug)
        return self._steps

    def in_window(self, op):
        """An operation of the saves (none: of the boot, up to the first press: the boot check
        of every file runs in the frame after the title is up)."""
        if self.saves:
            return op["label"] == "save"
        return op["frame"] is None or op["label"] == "title"


def _label_saves(data, keys, names, bug):
    s, folder = sim_at(data, "", patch=bug)
    try:
        def now():
            out = {}
            for n in names:
                try:
                    with open(os.path.join(folder, n), "rb") as f:
                        out[n] = f.read()
                except OSError:
                    out[n] = None
            return out

        was = now()
        steps = []
        changed = set()
        with patched(bug):
            for k in keys:
                s.press(k)
                got = now()
                label = "save" if got != was else "play"
                changed.update(n for n in names if got[n] != was[n])
                was = got
                if steps and steps[-1][0] == label:
                    steps[-1] = (label, steps[-1][1] + k)
                else:
                    steps.append((label, k))
    finally:
        shutil.rmtree(folder)
    if set(names) - changed:
        raise Failure("the presses change none of %s in the simulator" %
                      ", ".join(sorted(set(names) - changed)))
    return steps


def _menu_keys(key, files):
    """Presses from the title to the menu of game key ("settings": the Settings screen), the
    list of games opening on the game that files' settings say was last started (found by
    opening it in the simulator)."""
    s, folder = sim_at(files, "A")
    try:
        menu = s.app.stack[-1]
        offered, rows = menu.index, len(menu.items)
    finally:
        shutil.rmtree(folder)
    target = rows - 1 if key == "settings" else pico_emu.game_index(key)
    return "A" + "D" * ((target - offered) % rows) + "A"


def _achievement_run():
    """A saved Rogue Solitaire run (quick play, seed 3) one action before it earns an
    achievement, as the greedy bot plays it: {name: bytes} (the run and runs.dat, beside the
    settings), the presses that continue it, and the presses after them that make that action
    (a search in the simulator: breadth first, a screen seen once). That action also ends the
    run (the escape): then A until its score is on the table."""
    import host_sim  # noqa: F401 - the firmware on the path (and framebuf)

    sys.path.insert(0, os.path.join(mpy.ROOT, "tools", "mp"))
    from array import array

    import playout_core

    from deckdelve.games import rogue_solitaire
    from deckdelve.rng import Rng
    from deckdelve.store import Store

    seed = 3
    bot = playout_core.find_bot("rogue_solitaire", "greedy")
    game = rogue_solitaire.Game(seed, ())
    r = Rng(seed ^ 0x2A5A5)
    log = array("H")
    while not game.achievements():
        if game.over:
            raise Failure("the greedy bot's Rogue Solitaire (seed 3) earns no achievement")
        a = bot(game, r)
        game.apply(a)
        log.append(a)
    folder = tempfile.mkdtemp(prefix="deckdelve-flash-run-")
    try:
        Store(folder).save_run("rogue_solitaire", seed, (), log[:-1])
        data = dict(_settings_only())
        for name in os.listdir(folder):
            with open(os.path.join(folder, name), "rb") as f:
                data[name] = f.read()
    finally:
        shutil.rmtree(folder)
    start = _menu_keys("rogue_solitaire", data) + "A"  # "Continue saved run": the first row
    s, folder = sim_at(data, start)
    try:
        # Breadth first over presses, a screen (with the run's length) seen once: each node a
        # copy of the simulator (its modules shared, not copied), so nothing is replayed.
        modules = {id(m): m for m in list(sys.modules.values())}
        seen = set()
        frontier = [("", s)]
        for _depth in range(10):
            grown = []
            for path, node in frontier:
                for k in "UDLRA":
                    c = copy.deepcopy(node, dict(modules))
                    c.press(k)
                    if os.path.exists(os.path.join(folder, "achieve.dat")):
                        # then A until the score is on the table (the last messages, the
                        # game-over screen, the initials: kept as they are)
                        for more in range(1, 20):
                            c.press("A")
                            if os.path.exists(os.path.join(folder, "scores.dat")):
                                return data, start, path + k + "A" * more
                        raise Failure("Rogue Solitaire's escape (seed 3) put no score on "
                                      "the table")
                    n = len(getattr(c.app.stack[-1], "log", ()))
                    state = (bytes(c.buf), n)
                    if n == len(log) - 1 and state not in seen:
                        seen.add(state)
                        grown.append((path + k, c))
            frontier = grown
    finally:
        shutil.rmtree(folder)
    raise Failure("no presses after Continue earn Rogue Solitaire's achievement")


def _four_actions(n, data, start, rseed=0):
    """Presses that play n actions of the campaign in data (The Four, continued by start), at
    random among U, D and A (a player trying things; B would pause, L and R turn pages), found
    in the simulator. Returns (keys, the press index of each action)."""
    s, folder = sim_at(data, start)
    try:
        host = s.app.stack[-1]
        saves = []
        note = host.campaign.note  # (an action's lines, taken at the action: GameHost.act)

        def counted(*args):
            saves.append(len(keys) - 1)  # (the press being handled is keys' last)
            return note(*args)

        host.campaign.note = counted
        r = random.Random(rseed)
        keys = ""
        while len(saves) < n:
            if host.game.over or len(keys) > 20 * n + 100:
                raise Failure("The Four's campaign ended after %d actions" % len(saves))
            k = r.choice("UDAAA")
            keys += k
            s.press(k)
    finally:
        shutil.rmtree(folder)
    return keys, saves


def _four_start(files):
    return _menu_keys("the_four", files) + "AA"  # slot 1 in use: its menu, Continue


def _four_data():
    data = _tour_data()
    return {k: v for k, v in data.items()}


def _damaged_scores():
    data = dict(_settings_only())
    data["scores.dat"] = b"DECKDELVE scores 1 17 12345\n{\"mini_rogue\": []}"
    return data


def _error_log():
    data = dict(_settings_only())
    data["error.log"] = b"RuntimeError: an earlier error\n"
    return data


@functools.lru_cache(maxsize=None)
def scenarios(actions=3):
    """Every kind of save the firmware makes (see Scenario). actions: the campaign's actions."""
    rs_data, rs_start, rs_keys = _achievement_run()
    four, _ = _four_actions(actions, _four_data(), _four_start(_four_data()))

    def menu(key, then):
        return lambda files: _menu_keys(key, files) + then

    return (
        # Settings: sound off, leave (B saves); after a reset the settings say so.
        Scenario("settings", _settings_only, _menu_keys("settings", _settings_only()) + "AB",
                 ("settings.dat",), menu("settings", "B"), menu("settings", "BB")),
        # A saved run continued one action before it earns an achievement and ends: then the
        # score, the initials kept (A on each letter). After a reset the game's menu lists
        # the score (Scores: Quick play, two rows under the option offered, Quick play, with
        # no saved run) and the achievement (two rows further).
        Scenario("rogue_end", lambda: rs_data, rs_start + rs_keys,
                 ("achieve.dat", "scores.dat"), menu("rogue_solitaire", "DDA" + "B" + "DDA"),
                 menu("rogue_solitaire", "BB")),
        # A saved run (and runs.dat, its serial issued first): Red Queen, a few moves, pause,
        # Save and quit; after a reset: Continue (the first row), and a move.
        Scenario("saved_run", _settings_only,
                 _menu_keys("red_queen", _settings_only()) + "A" + "RRLAR" + "B" + "DDDA",
                 ("runs.dat", "run_red_queen.sav"), menu("red_queen", "AR"),
                 menu("red_queen", "BB")),
        # The Four: a campaign continued, actions played (snapshot and journal after each);
        # after a reset: continued again, a move.
        Scenario("campaign", _four_data, _four_start(_four_data()) + four,
                 ("camp_the_four_0.sav", "camp_the_four_0.j0"), menu("the_four", "AAD"),
                 menu("the_four", "BB")),
        # error.log: an error in a screen (on purpose), logged (appended to an earlier one).
        Scenario("error_log", _error_log, "U", ("error.log",), lambda files: "A",
                 lambda files: "AA" + "BB", bug=True),
        # A damaged scores.dat, set aside by the boot check (renamed scores.dat.bad1, with a
        # notice over the title: A closes it).
        Scenario("set_aside", _damaged_scores, "", (), lambda files: "AA",
                 lambda files: "AA" + "BB", aside=("scores.dat.bad1",)),
    )


def script(steps):
    """The runner's script: the title (long enough for the boot check, in the frame after
    the title is up, when no press follows: the stock route's title is up ~0.55 s after
    reset with the XIP cache modelled), then each (label, keys)."""
    lines = ["label title", "wait %d" % (100 if any(keys for _l, keys in steps) else 1500)]
    for label, keys in steps:
        lines.append("label " + label)
        for k in keys:
            lines.append("press " + LETTERS[k])
    lines.append("quit")
    return "\n".join(lines) + "\n"


class Recording:
    """One emulated run of a scenario: base (the image it booted), image (the flash after),
    log (the runner's), ops (every erase and page program)."""

    def __init__(self, scenario, base, image, log, ops):
        self.scenario = scenario
        self.base = base
        self.image = image
        self.log = log
        self.ops = ops


def record(sc, timing="typical", board=pico_emu.BOARD, firmware=None, bootrom=None,
           route="mpy", image=None, steps=None):
    """Run a scenario on the emulated Pico (route "mpy": the stock image and the code on
    flash; "frozen": the Deckdelve image of the board; firmware: another UF2), or steps from
    image (its bytes); returns the Recording."""
    with tempfile.TemporaryDirectory(prefix="deckdelve-flash-") as work:
        if image is None:
            path = pico_emu.build_image(work, SEED, sc.main(), route, sc.data(), None, board)
        else:
            path = os.path.join(work, "boot.img")
            with open(path, "wb") as f:
                f.write(image)
        with open(path, "rb") as f:
            base = f.read()
        if steps is None:
            steps = sc.steps()
        out = os.path.join(work, "out.img")
        ops_path = os.path.join(work, "ops.json")
        log = pico_emu.emulate(script(steps), path, board, firmware, bootrom, route, timing,
                                 flash_out=out, flash_log=ops_path)
        with open(out, "rb") as f:
            after = f.read()
        with open(ops_path) as f:
            ops = json.load(f)["ops"]
    return Recording(sc, base, after, log, ops)


# ---- frames: the Pico's against the simulator's ----------------------------------------------
def sim_frames(pico_frames, data, seed=SEED, bug=False):
    """host_sim's frames, frame for frame with the Pico's (each gets the press the Pico's frame
    read), from the data folder data ({name: bytes}). Returns ([(label, redrawn, buffer)],
    {name: bytes} of the data folder after)."""
    import host_sim  # noqa: F401 - installs framebuf and the firmware path
    import framebuf

    from deckdelve import buttons
    from deckdelve.app import App

    letter = {name: k for k, name in LETTERS.items()}
    buf = bytearray(1024)
    folder = tempfile.mkdtemp(prefix="deckdelve-flash-sim-")
    try:
        for name, content in data.items():
            if content is not None:
                with open(os.path.join(folder, name), "wb") as f:
                    f.write(content)
        out = []
        with patched(bug):
            app = App(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB), folder, seed=seed)
            for f in pico_frames:
                press = buttons.from_letter(letter[f["press"]]) if f["press"] else 0
                redrawn = app.frame(press)
                if redrawn:
                    app.draw()
                app.after_show()
                out.append((f["label"], redrawn, bytes(buf)))
        files = {}
        for name in os.listdir(folder):
            with open(os.path.join(folder, name), "rb") as f:
                files[name] = f.read()
        return out, files
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def distinct(frames):
    """Drop a frame equal to the one before it (a redraw that changed nothing pushes nothing
    to the display)."""
    out = []
    for label, buf in frames:
        if not out or out[-1][1] != buf:
            out.append((label, buf))
    return out


def _png(name, buf):
    from host_sim import render

    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, name + ".png")
    render.to_image(bytearray(buf), 4).save(path)
    return os.path.relpath(path, mpy.ROOT)


def frames_differ(log, sim, name="flash"):
    """None if the Pico's frames (the runner's log) are the simulator's (sim_frames), else
    what differs (the first differing pair saved as PNGs under out/pico/)."""
    frames = log["frames"]
    apart = [(i, frames[i]["label"]) for i in range(len(frames))
             if frames[i]["redrawn"] != sim[i][1]]
    if apart:
        return "frames redrawn on one side only: %s" % apart[:5]
    pico = distinct([(f["label"], bytes.fromhex(f["ram"])) for f in frames if "ram" in f])
    other = distinct([(label, buf) for label, r, buf in sim if r])
    for i in range(min(len(pico), len(other))):
        if pico[i][1] != other[i][1]:
            return "frame %d (%s) differs: the Pico's is %s, the simulator's %s" % (
                i, pico[i][0], _png("%s-pico-%d" % (name, i), pico[i][1]),
                _png("%s-sim-%d" % (name, i), other[i][1]))
    if len(pico) != len(other):
        return "%d distinct frames on the Pico, %d in the simulator" % (len(pico), len(other))
    return None


def canonical(files):
    """The data folder as the firmware reads it, {name: value}: a checked file's kind,
    version and payload (its JSON parsed; a run's meta parsed and its actions in hex), where
    the interpreters' bytes may differ (dict order) but the contents may not; other files as
    bytes."""
    from deckdelve.store import checksum

    out = {}
    for name, content in files.items():
        if content and content.startswith(b"DECKDELVE "):
            head, _nl, payload = content.partition(b"\n")
            kind, version, length, total = head.decode().split(" ")[1:]
            ok = int(length) == len(payload) and checksum(payload) == int(total)
            if kind == "run":
                meta, _nl, log = payload.partition(b"\n")
                value = [json.loads(meta), log.hex()]
            else:
                value = json.loads(payload)
            out[name] = [kind, version, ok, value]
        else:
            out[name] = content
    return out


# ---- the cuts ---------------------------------------------------------------------------------
def kind_of(name):
    """The kind of save a file's change belongs to (the table's rows)."""
    if ".bad" in name:
        return "bad file set aside"
    name = name[:-4] if name.endswith(".tmp") else name
    if name.startswith("run_"):
        return "saved run"
    if name.startswith("camp_"):
        return "campaign snapshot" if name.endswith(".sav") else "campaign journal"
    return {"settings.dat": "settings", "scores.dat": "scores", "achieve.dat": "achievements",
            "runs.dat": "runs.dat", "error.log": "error.log"}.get(name, name)


KINDS = ("settings", "scores", "achievements", "saved run", "runs.dat", "error.log",
         "campaign snapshot", "campaign journal", "bad file set aside")


def windows(rec):
    """The scenario's saves split into the writes of each kind of file: [(kind, [op, ...],
    start, end)], in order. Each operation belongs to the next visible change of the data folder at
    or after it (read with littlefs-python after every operation), so a compaction that a
    write needs counts in that write's window; a write's changes in a row (its .tmp, then the
    file) are one save. A window runs from the start of the frame that made it (the press
    read; power-on for a save at boot), or the end of the last operation of the window before
    it in that frame, to the next window's first operation, or to the end of the frame it ends
    in (a save at boot: to the first frame), when the player sees what follows it. (Two
    windows in a frame share the time between them: one file saved, the next not yet.)"""
    ops = [op for op in rec.ops if rec.scenario.in_window(op)]
    if not ops:
        return []
    first = rec.ops.index(ops[0])
    img = rebuild(rec.base, rec.ops[:first])
    was = data_files(img)
    found = []
    pending = []
    for op in ops:
        apply(img, op)
        pending.append(op)
        now = data_files(img)
        changed = sorted(n for n in set(was) | set(now) if was.get(n) != now.get(n))
        if changed:
            kinds = {kind_of(n) for n in changed}
            kind = "bad file set aside" if "bad file set aside" in kinds else kinds.pop()
            names = tuple(sorted({n[:-4] if n.endswith(".tmp") else n for n in changed}))
            if found and found[-1][0] == kind and found[-1][2] == names and \
                    found[-1][1][-1]["frame"] == op["frame"]:
                found[-1][1].extend(pending)
            else:
                found.append((kind, pending, names))
            pending = []
            was = now
    if pending and found:
        found[-1][1].extend(pending)
    frames = {f["n"]: f for f in rec.log["frames"]}
    out = []
    for i, (kind, wops, _names) in enumerate(found):
        n = wops[0]["frame"]
        if i and found[i - 1][1][-1]["frame"] == n:
            start = found[i - 1][1][-1]["t1"]
        else:
            start = frames[n]["t0"] if n is not None else 0
        n = wops[-1]["frame"]
        end = frames[n]["t1"] if n is not None else rec.log["frames"][0]["t0"]
        if i + 1 < len(found) and found[i + 1][1][0]["frame"] == n:
            end = found[i + 1][1][0]["t0"]
        out.append((kind, wops, start, end))
    return out


def instants(wops, start, end, n, seed):
    """At least n seeded instants over a save's window (start to end): one in each of n equal
    stretches, and one inside every operation and every gap between two, so that every write
    point is cut at least once."""
    r = random.Random(seed)
    span = end - start
    out = {start + (i * span) // n + r.randrange(max(1, span // n)) for i in range(n)}
    for i, op in enumerate(wops):
        out.add(r.randrange(op["t0"], op["t1"]))
        gap_end = wops[i + 1]["t0"] if i + 1 < len(wops) else end
        if gap_end > op["t1"]:
            out.add(r.randrange(op["t1"], gap_end))
    return sorted(t for t in out if start <= t < end)


def check_images(images, work):
    """What the firmware loads from each image (tools/mp/flash_check.py under the MicroPython
    unix port): a list of its JSON results, in order."""
    listing = os.path.join(work, "images.txt")
    paths = []
    for i, img in enumerate(images):
        p = os.path.join(work, "img%d.bin" % i)
        with open(p, "wb") as f:
            f.write(img)
        paths.append(p)
    with open(listing, "w") as f:
        f.write("\n".join(paths) + "\n")
    r = mpy.run([os.path.join(mpy.ROOT, "tools", "mp", "flash_check.py"), listing],
                heap="6M", cwd=work)
    lines = [line for line in r.stdout.splitlines() if line.startswith("{")]
    if r.returncode or len(lines) != len(paths):
        raise Failure("the image check failed: %s" % (r.stderr.strip() or r.stdout.strip())
                      .splitlines()[-1:])
    for p in paths:
        os.remove(p)
    return [json.loads(line) for line in lines]


def files_of(kind, state):
    """The loaded files a kind of save is about."""
    out = {}
    for name, value in state["files"].items():
        k = kind_of(name[:-8] + ".j0" if name.endswith(".journal") else name)
        if k == kind:
            out[name] = value
    if kind == "bad file set aside":  # the file renamed, the notice given at boot
        out["listing"] = state["listing"]
        out["notices"] = state["notices"]
    return out


def verdict(kind, cut, before, after, aside=()):
    """"before", "after" or what else the cut image loads as (see the top of the module)."""
    if not cut["mount"]:
        return "other: the flash does not mount (the Pico would format it)"
    for name in set(cut["files"]) | set(before["files"]) | set(after["files"]):
        v = cut["files"].get(name)
        if v != before["files"].get(name) and v != after["files"].get(name):
            return "other: %s loads as %r" % (name, v)
    if cut["notices"] not in (before["notices"], after["notices"]):
        return "other: notices %s" % cut["notices"]
    bad = [n for n in cut["listing"] if ".bad" in n and n not in aside]
    if bad:
        return "other: set aside %s" % bad
    mine = files_of(kind, cut)
    if mine == files_of(kind, before):
        return "before"
    if mine == files_of(kind, after):
        return "after"
    return "other: %r" % (mine,)


def cut_kinds(rec, n=INSTANTS, seed=1, work=None):
    """Cut every kind of file's save in the recording at n instants or more: {kind: [(instant,
    op seed, image bytes, verdict)]}. A kind saved more than once (The Four's snapshot and
    journal, after every action) is cut in its save that erased the most (a compaction), else
    its first."""
    sc = rec.scenario
    chosen = {}
    for w, (kind, wops, start, end) in enumerate(windows(rec)):
        erases = sum(op["kind"] == "E" for op in wops)
        if kind not in chosen or erases > chosen[kind][0]:
            chosen[kind] = (erases, w, wops, start, end)
    out = {}
    own = work is None
    work = work or tempfile.mkdtemp(prefix="deckdelve-cuts-")
    try:
        for kind, (_erases, w, wops, start, end) in chosen.items():
            first = rec.ops.index(wops[0])
            last = rec.ops.index(wops[-1])
            before = rebuild(rec.base, rec.ops[:first])
            after = rebuild(rec.base, rec.ops[:last + 1])
            cuts = instants(wops, start, end, n, seed * 1000 + w)
            seeds = [seed * 100000 + w * 1000 + i for i in range(len(cuts))]
            images = [rebuild(before, wops, t, s) for t, s in zip(cuts, seeds)]
            states = check_images([before, after] + images, work)
            b, a = states[0], states[1]
            if files_of(kind, b) == files_of(kind, a):
                raise Failure("%s: the %s save changed nothing the firmware loads" %
                              (sc.name, kind))
            out[kind] = [(t, s, images[i], verdict(kind, states[2 + i], b, a, sc.aside))
                         for i, (t, s) in enumerate(zip(cuts, seeds))]
    finally:
        if own:
            shutil.rmtree(work, ignore_errors=True)
    return out


def boot_check(sc, image, board=pico_emu.BOARD, name="boot", **kit):
    """Boot an image on the emulated Pico and play the scenario's way through the title and
    menus: None, or what went wrong (a traceback, a frame unlike the simulator's, a file set
    aside)."""
    files = data_files(image)
    rec = record(sc, image=image, steps=[("menus", sc.menus(files))], board=board, **kit)
    if rec.log["error"]:
        return rec.log["error"]
    sim, _after = sim_frames(rec.log["frames"], files)
    why = frames_differ(rec.log, sim, name)
    if why:
        return why
    bad = [n for n in data_files(rec.image) if ".bad" in n and n not in sc.aside]
    if bad:
        return "the boot set aside %s" % bad
    return None


def table(rows):
    """The markdown table of (kind, instants, before, after, other, booted)."""
    lines = ["| kind of file | instants cut | before | after | other | booted on the Pico |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        lines.append("| %s | %d | %d | %d | %d | %s |" % r)
    return "\n".join(lines) + "\n"


def cuts_markdown(results, n, boot):
    """docs/POWER-CUTS-pico.md: {route name: rows} as tables, with what was done."""
    lines = ["<!-- written by `make power-cuts` (python -m tools.pico.pico_flash cuts) -->",
             "# Power cuts on the emulated Pico", "",
             "Every kind of file the firmware writes, saved on the emulated Pico (with its XIP "
             "cache modelled: docs/BENCHMARKS-pico.md) by the real "
             "firmware (tools/pico/pico_flash.py's scenarios), cut at %d or more seeded instants "
             "spread over the whole window of its save; every image rebuilt from the save's "
             "flash operations and loaded by the firmware's own loaders (MicroPython unix port): "
             "before = it loads as before the save, after = as after it, other = anything else "
             "(a file changed otherwise, set aside, a notice, a flash that does not mount). "
             "%s distinct images per kind then booted on the emulated Pico through the title "
             "and menus, frame for frame the simulator's, with no traceback and nothing set "
             "aside." % (n, "Every one of the" if boot == "all" else "A seeded sample of %s "
                         "of the" % boot), ""]
    for route, rows in results.items():
        lines += ["## %s" % route, "", table(rows)]
    return "\n".join(lines)


def run_cuts(n=INSTANTS, boot=2, kinds=None, seed=1, report=print, **kit):
    """Record every scenario, cut every kind, check and boot (kit: record()'s route,
    firmware, bootrom). Returns (rows, failures)."""
    rows = {}
    failures = []
    for sc in scenarios():
        rec = record(sc, **kit)
        got = cut_kinds(rec, n, seed)
        for kind, cuts in got.items():
            if kinds and kind not in kinds:
                continue
            verdicts = [v for _t, _s, _img, v in cuts]
            for (t, s, _img, v) in cuts:
                if v not in ("before", "after"):
                    failures.append("%s, cut at %d (seed %d): %s" % (kind, t, s, v))
            distinct = {}
            for t, s, img, _v in cuts:
                distinct.setdefault(bytes(img), (t, s))
            picks = list(distinct.items())
            random.Random(kind).shuffle(picks)
            if boot != "all":
                picks = picks[:boot]
            booted = 0
            for img, (t, s) in picks:
                why = boot_check(sc, img, name="cut-%s-%d" % (kind.replace(" ", "_"), t), **kit)
                if why:
                    failures.append("%s, cut at %d (seed %d), booted: %s" % (kind, t, s, why))
                booted += 1
            rows[kind] = (kind, len(cuts), verdicts.count("before"), verdicts.count("after"),
                          len(cuts) - verdicts.count("before") - verdicts.count("after"),
                          "%d of %d distinct" % (booted, len(distinct)))
            report("%s: %s" % (sc.name, rows[kind]))
    missing = [k for k in (kinds or KINDS) if k not in rows]
    if missing:
        failures.append("no save of these kinds was cut: %s" % ", ".join(missing))
    return [rows[k] for k in KINDS if k in rows], failures


# ---- the wait per save ------------------------------------------------------------------------
def save_frames(rec):
    """For each window of the recording's saves: (kind,) + _wait() from the frame of its last
    write (the press's frame: a save is put off until its frame is on the display, and made
    in that same frame: App.later)."""
    frames = {f["n"]: f for f in rec.log["frames"]}
    return [(kind,) + _wait(frames, wops[-1]["frame"]) for kind, wops, _s, _e in windows(rec)]


def _wait(frames, n):
    """From frame n's start: (cycles to the end of the first push to the display from it: the
    answer on screen; cycles to the end of that frame: the save done, the next press read;
    flash-busy cycles and erases in those frames)."""
    shown = done = busy = erases = 0
    while n in frames:
        f = frames[n]
        flash = f.get("flash", {})
        busy += flash.get("busy", 0)
        erases += flash.get("erases", 0)
        if f["pushed"]:
            shown = done + f.get("shown", f["cycles"])
            done += f["cycles"]
            break
        done += f["cycles"]
    return shown or done, done, busy, erases


# Goals of issue 23, in cycles at 125 MHz.
ACTION_GOAL = 2_500_000  # a The Four action, its save included, on screen (9 of 10 actions)
SAVE_GOAL = 12_500_000  # any save, at most


def save_waits(timings=("typical", "worst"), board=pico_emu.BOARD, **kit):
    """Every scenario recorded with each flash timing (kit: record()'s route, firmware,
    bootrom): {kind: {timing: [(wait, busy, erases)]}}."""
    out = {}
    for timing in timings:
        for sc in scenarios():
            rec = record(sc, timing, board, **kit)
            for kind, shown, done, busy, erases in save_frames(rec):
                out.setdefault(kind, {}).setdefault(timing, []).append(
                    (shown, done, busy, erases))
    return out


def long_campaign(actions=500, timing="typical", board=pico_emu.BOARD, **kit):
    """The Four played for `actions` actions through its buttons (random presses among U, D,
    A, found in the simulator) from the tour's campaign: a dict with the presses, every
    action's wait (cycles from its press to the display), erases and flash-busy cycles, the
    same for the other presses that wrote the campaign (a message read: the screen kept), and
    the erases by the kind of file whose save made them."""
    start = _four_start(_four_data())
    keys, at = _four_actions(actions, _four_data(), start)
    sc = Scenario("long_campaign", _four_data, start + keys, ("camp_the_four_0.sav",), None,
                  None)
    rec = record(sc, timing, board, **kit)
    frames = {f["n"]: f for f in rec.log["frames"]}
    pressed = [f for f in rec.log["frames"] if f["press"]]
    if len(pressed) != len(start) + len(keys):
        raise Failure("the long campaign: %d presses answered of %d" % (
            len(pressed), len(start) + len(keys)))
    acts = [pressed[len(start) + i] for i in at]
    numbers = {f["n"] for f in acts}
    others = [f for f in pressed if f["label"] == "save" and f["n"] not in numbers]
    by_kind = {}
    for kind, wops, _start, _end in windows(rec):
        by_kind[kind] = by_kind.get(kind, 0) + sum(op["kind"] == "E" for op in wops)
    got = [_wait(frames, f["n"]) for f in acts]
    kept = [_wait(frames, f["n"]) for f in others]
    return {"actions": len(acts), "presses": len(keys), "waits": [w[0] for w in got],
            "done": [w[1] for w in got], "busy": [w[2] for w in got],
            "erases": [w[3] for w in got], "kept": [w[0] for w in kept],
            "kept_done": [w[1] for w in kept], "kept_erases": sum(w[3] for w in kept),
            "by_kind": by_kind, "timing": timing}


def _m(c):
    return "-" if c is None else "%.2f M" % (c / 1e6)


def saves_markdown(waits, campaigns, route="stock MicroPython + .mpy on flash"):
    """The save figures for docs/BENCHMARKS-pico.md: waits (save_waits) and campaigns, a
    list of (the display it ran on, long_campaign())."""
    lines = [
        "### Saves, %s: the wait from the press to the next frame on the display, and to "
        "the save done (emulated flash: W25Q16JV, typical and worst-case timing)" % route,
        "",
        "| kind of save | on screen, typical | on screen, worst-case flash | saved, typical | "
        "saved, worst-case flash | flash busy, typical | erases | goal (on screen, 12.50 M) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for kind in KINDS:
        if kind not in waits:
            continue
        typ = waits[kind].get("typical", [])
        worst = waits[kind].get("worst", [])
        shown, done, busy, erases = max(typ, key=lambda r: r[1])
        w_shown = max(r[0] for r in worst)
        w_done = max(r[1] for r in worst)
        met = "met" if w_shown <= SAVE_GOAL else (
            "typical only" if shown <= SAVE_GOAL else "missed")
        lines.append("| %s | %s | %s | %s | %s | %s | %d | %s |" % (
            kind, _m(shown), _m(w_shown), _m(done), _m(w_done), _m(busy), erases, met))
    lines += [
        "",
        "On screen: from the start of the frame that read the press to the end of its push "
        "to the display. Saved: to the end of that frame, when the save is done and the next "
        "press can be read: a save is made once the frame that answers its press is on the "
        "display (App.later), so a press's answer never waits for the flash. A kind saved "
        "more than once in its scenario (The Four's snapshot and journal, after each action) "
        "shows its longest; a saved run and runs.dat are one press (Save and quit), so are "
        "The Four's snapshot and journal (an action); a bad file is set aside by the boot "
        "check, in the frame after the title is up (from that frame to its notice on screen).",
        "",
    ]
    for display, c in campaigns:
        lines += [campaign_paragraph(c, display), ""]
    if campaigns:
        lines += [wear_paragraph(waits, campaigns[0][1]), ""]
    lines += [
        "Goals (issue 23): a The Four action, its save included, on screen within 2.50 M "
        "cycles (20 ms) in 9 of 10 actions with typical timing and never over 12.50 M (100 "
        "ms); no other save over 12.50 M. Timing (tools/pico/run.mjs): a 256-byte page "
        "program 0.4 ms typical, 3 ms worst; a 4 KiB sector erase 45 ms, 400 ms; nothing runs "
        "meanwhile.",
    ]
    return "\n".join(lines) + "\n"


# Flash wear: the W25Q16JV's sectors take 100,000 erase cycles (datasheet); littlefs levels
# its erases over the filesystem's blocks. Assumptions, stated where the figures are given: a
# press a second in The Four, and in the other games a run finished every ten minutes.
WEAR_CYCLES = 100_000
PRESS_S = 1.0
RUN_MINUTES = 10
HOURS_A_DAY = 2


def wear_paragraph(waits, c):
    """Erases per hour of play for each game and the years at HOURS_A_DAY before a block
    reaches WEAR_CYCLES with littlefs's wear levelling over GEOMETRY's blocks: The Four from
    the long campaign c (its erases a press, at PRESS_S a press), the others from the kinds of
    save a finished run writes (waits: save_waits(), their erases with typical timing)."""
    blocks = GEOMETRY["block_count"]

    def years(per_hour):
        return WEAR_CYCLES * blocks / max(per_hour * HOURS_A_DAY * 365, 1e-9)

    four = (sum(c["erases"]) + c["kept_erases"]) / (c["presses"] * PRESS_S) * 3600
    run_kinds = ("scores", "achievements", "runs.dat", "saved run")
    per_run = sum(max(r[3] for r in waits[k]["typical"]) for k in run_kinds
                  if k in waits and waits[k].get("typical"))
    # (a save's commit erases nothing until the metadata block it fills is compacted: with
    # none in these saves, one erase a run is counted, above what they cost)
    counted = max(per_run, 1)
    others = counted * 60 / RUN_MINUTES
    return (
        "Flash wear (W25Q16JV: %d erase cycles a sector; littlefs levels its erases over the "
        "filesystem's %d blocks): The Four, from the campaign above at a press a second, %.0f "
        "erases an hour of play, %.0f years at %d hours a day before a block reaches %d; "
        "Rogue Solitaire, Mini Rogue, Red Queen and Solatro, a run finished every %d minutes "
        "writing its score, achievements, runs.dat and a saved run (%d erases at most, typical "
        "timing, above; counted as %d a run), %.0f erases an hour, %.0f years." % (
            WEAR_CYCLES, blocks, four, years(four), HOURS_A_DAY, WEAR_CYCLES, RUN_MINUTES,
            per_run, counted, others, years(others)))


def campaign_paragraph(c, display):
    """A long_campaign()'s figures in words (display: the one it ran on)."""
    waits_sorted = sorted(c["waits"])
    done_sorted = sorted(c["done"])
    n = len(waits_sorted)
    within = sum(1 for w in waits_sorted if w <= ACTION_GOAL)
    erases = sum(c["erases"])
    kept = sorted(c["kept"])
    kept_done = sorted(c["kept_done"])
    return (
        "The Four, a long campaign from the tour's campaign, %s, %s flash timing: %d actions (%d "
        "presses at random among up, down and A, found in the simulator). A press that acts "
        "is on screen in %s median, %s in 9 of 10, %s at most: %d of %d within %s, %d over "
        "%s; its save is done %s median, %s in 9 of 10, %s at most after the press. The "
        "flash was busy %s per action on average; littlefs erased %d blocks in the actions' "
        "frames (%.2f an action; actions with none: %d, one: %d, two or more: %d). %d other "
        "presses wrote the campaign (a message read: the screen kept): on screen in %s "
        "median, %s at most, saved %s median, %s at most, %d erases. Erases by the save that "
        "made them: %s." % (
            display, c["timing"], c["actions"], c["presses"], _m(waits_sorted[n // 2]),
            _m(waits_sorted[(9 * n) // 10 - 1]), _m(waits_sorted[-1]), within, n,
            _m(ACTION_GOAL), sum(1 for w in waits_sorted if w > SAVE_GOAL), _m(SAVE_GOAL),
            _m(done_sorted[n // 2]), _m(done_sorted[(9 * n) // 10 - 1]), _m(done_sorted[-1]),
            _m(sum(c["busy"]) / n), erases, erases / n,
            sum(1 for e in c["erases"] if e == 0), sum(1 for e in c["erases"] if e == 1),
            sum(1 for e in c["erases"] if e >= 2), len(kept),
            _m(kept[len(kept) // 2] if kept else None), _m(kept[-1] if kept else None),
            _m(kept_done[len(kept_done) // 2] if kept else None),
            _m(kept_done[-1] if kept else None), c["kept_erases"],
            ", ".join("%s %d" % (k, v) for k, v in sorted(c["by_kind"].items()))))


def main(argv=None):
    sys.path.insert(0, mpy.ROOT)
    from host_sim.__main__ import Parser, bad_output

    p = Parser(prog="python -m tools.pico.pico_flash", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="what", required=True)
    c = sub.add_parser("cuts", help="power cuts over every kind of save")
    c.add_argument("--instants", type=int, default=INSTANTS, help="per kind (default 50)")
    c.add_argument("--boot", default="10",
                   help="distinct cut images booted per kind (seeded), or all (default 10)")
    c.add_argument("--kinds", help="comma-separated kinds (default: all)")
    w = sub.add_parser("waits", help="the wait for every kind of save, a long campaign")
    w.add_argument("--actions", type=int, default=500, help="The Four's (default 500)")
    for q in (c, w):
        q.add_argument("--route", choices=pico_emu.ROUTES + ("both",), default="both")
        q.add_argument("--out", help="write the markdown here")
    a = p.parse_args(argv)
    if a.out and bad_output(a.out):
        p.error("--out %s: %s" % (a.out, bad_output(a.out)))
    if a.what == "cuts":
        if a.boot != "all" and not a.boot.isdigit():
            p.error("--boot must be a number or all")
        kinds = a.kinds.split(",") if a.kinds else None
        for k in kinds or ():
            if k not in KINDS:
                p.error("--kinds: no kind %r (kinds: %s)" % (k, ", ".join(KINDS)))
    elif a.actions < 1:
        p.error("--actions must be 1 or more")
    routes = pico_emu.ROUTES if a.route == "both" else (a.route,)
    failures = []
    try:
        if a.what == "cuts":
            boot = a.boot if a.boot == "all" else int(a.boot)
            results = {}
            for route in routes:
                rows, failed = run_cuts(a.instants, boot, kinds, route=route)
                results[pico_emu.ROUTE_NAMES[route]] = rows
                failures += ["%s: %s" % (route, f) for f in failed]
            text = cuts_markdown(results, a.instants, boot)
        else:
            text = "\n".join(saves_markdown(
                save_waits(route=route),
                [("SSD1306 on I2C at 400 kHz", long_campaign(a.actions, route=route))],
                pico_emu.ROUTE_NAMES[route]) for route in routes)
    except (pico_emu.Failure, inputs.Missing) as e:
        print("pico_flash: %s" % e, file=sys.stderr)
        return 1
    print(text)
    for f in failures:
        print("FAILED: " + f)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
