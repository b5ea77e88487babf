"""The saves the emulated Pico is made to do, one of each kind (a SCENARIO: a data folder, the
presses that reach the save, the save), recorded on the emulator with every flash operation
and frame; and the Pico's frames compared with the simulator's on the same files."""

import copy
import functools
import json
import os
import random
import shutil
import sys
import tempfile

from tools.pico import pico_emu
from tools.ship import mpy

SEED = pico_emu.SEED  # the first game's seed on the Pico and in the simulator
LETTERS = pico_emu.LETTERS
OUT = os.path.join(mpy.ROOT, "out", "pico")

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
        raise pico_emu.Failure("the presses change none of %s in the simulator" %
                      ", ".join(sorted(set(names) - changed)))
    return steps


def _menu_keys(key, files):
    """Presses from the title to the menu of game key ("settings": the Settings screen), the
    list of games opening on the game that files' settings say was last started (found by
    opening it in the simulator). A top score that files keep for its initials comes back at
    power-on (results.resume_score): its initials are entered first (A), then back to the
    title (B)."""
    s, folder = sim_at(files)
    first = ""
    try:
        while type(s.app.stack[-1]).__name__ in ("GameOver", "Initials", "Scores"):
            s.press("A")
            first += "A"
        while first and type(s.app.stack[-1]).__name__ != "Title":
            s.press("B")
            first += "B"
        s.press("A")
        menu = s.app.stack[-1]
        offered, rows = menu.index, len(menu.items)
    finally:
        shutil.rmtree(folder)
    target = rows - 1 if key == "settings" else pico_emu.game_index(key)
    return first + "A" + "D" * ((target - offered) % rows) + "A"


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
            raise pico_emu.Failure("the greedy bot's Rogue Solitaire (seed 3) earns no "
                                   "achievement")
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
                        raise pico_emu.Failure("Rogue Solitaire's escape (seed 3) put no score on "
                                      "the table")
                    n = len(getattr(c.app.stack[-1], "log", ()))
                    state = (bytes(c.buf), n)
                    if n == len(log) - 1 and state not in seen:
                        seen.add(state)
                        grown.append((path + k, c))
            frontier = grown
    finally:
        shutil.rmtree(folder)
    raise pico_emu.Failure("no presses after Continue earn Rogue Solitaire's achievement")


def four_actions(n, data, start, rseed=0):
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
                raise pico_emu.Failure("The Four's campaign ended after %d actions" % len(saves))
            k = r.choice("UDAAA")
            keys += k
            s.press(k)
    finally:
        shutil.rmtree(folder)
    return keys, saves


def four_start(files):
    return _menu_keys("the_four", files) + "AA"  # slot 1 in use: its menu, Continue


def four_data():
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
    four, _ = four_actions(actions, four_data(), four_start(four_data()))

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
        Scenario("campaign", four_data, four_start(four_data()) + four,
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


