"""What the web tests need, installed by the tests themselves: the npm packages pinned in
package-lock.json (`npm ci`), the site in build/web (tools.ship.web), and for the browser test
Debian's Chromium (`apt-get install chromium`, as root, when /usr/bin/chromium is missing: CI
runs as root on the same kind of machine)."""

import os
import shutil
import subprocess
import sys

from host_sim.sim import Sim
from tools.ship import web

from deckdelve import registry  # (on the path: host_sim puts firmware/ there)

ROOT = web.ROOT
CHROMIUM = "/usr/bin/chromium"
NODE_MODULES = os.path.join(ROOT, "node_modules")
LOCK = os.path.join(ROOT, "package-lock.json")
INSTALLED = os.path.join(NODE_MODULES, ".package-lock.json")  # npm writes it on install

GAMES = tuple(entry[0] for entry in registry.GAMES)  # menu order
SLOT_GAMES = tuple(entry[0] for entry in registry.GAMES
                   if len(entry) > 3 and "slots" in entry[3])


def menu_keys(game, seen="", last=""):
    """From the title to `game`'s menu, as a player presses, given the how-tos already seen
    (the "seen" setting: "*" for the collection's) and the "last" setting: A opens the list
    (on a first run over the how-to, which B skips), on the game last played (the last entry
    of "last"; else the first), D moves down to the game, A opens its menu."""
    played = last[last.rfind(",") + 1:].partition("=")[0]
    offered = GAMES.index(played) if played in GAMES else 0
    moves = (GAMES.index(game) - offered) % (len(GAMES) + 1)  # (Settings closes the list)
    return "A" + ("" if "*" in seen.split(",") else "B") + "D" * moves + "A"


def menu_keys_in(folder, game):
    """menu_keys for the app whose data folder is folder (its settings say what is seen and
    which game the list opens on)."""
    from deckdelve.store import Store

    settings = Store(folder).load_settings()
    return menu_keys(game, settings["seen"], settings["last"])


def start_keys(game, seen="", last=""):
    """From the title to a new game of `game` (see menu_keys): then A starts the option under
    the cursor (on a game's first start a message says where its rules are: A; a slot game's
    first row starts a campaign in slot 1 at once)."""
    shown = seen.split(",")
    return menu_keys(game, seen, last) + "A" + (
        "" if game in shown or game in SLOT_GAMES else "A")


# The same from a fresh data folder (a first visit: nothing seen yet).
START = {game: start_keys(game) for game in GAMES}


def run(cmd, timeout):
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    if r.returncode:
        raise RuntimeError("%s failed:\n%s%s" % (" ".join(cmd), r.stdout[-2000:],
                                                 r.stderr[-2000:]))
    return r


def npm_ci():
    """node_modules as package-lock.json pins it (again only when the lock changed)."""
    if not shutil.which("node") or not shutil.which("npm"):
        raise RuntimeError("the web tests need Node.js 20 or newer and npm (playwright-core "
                           "asks for 20)")
    if (os.path.exists(INSTALLED)
            and os.path.getmtime(INSTALLED) >= os.path.getmtime(LOCK)):
        return
    run(["npm", "ci", "--no-audit", "--no-fund"], timeout=600)


def chromium():
    """Debian's Chromium, installed when missing (playwright-core downloads no browser)."""
    if not os.path.exists(CHROMIUM):
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        for cmd in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"]):
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env)
            if r.returncode:
                raise RuntimeError("%s failed (it needs root):\n%s" % (" ".join(cmd),
                                                                      r.stderr[-2000:]))
    return CHROMIUM


def site():
    """build/web, built now from the current sources."""
    npm_ci()
    web.build()
    return web.OUT


def held_steps(keys):
    """The buttons held in each frame for these keys (U D L R A B, '.' a frame with none).
    A key is down for two frames and up for the next two: at 20 ms a frame, the firmware's
    25 ms debounce then takes every change, so each key is exactly one press, in the frame
    it goes down."""
    from deckdelve import buttons

    steps = []
    for ch in keys:
        if ch == ".":
            steps.append(0)
        else:
            mask = buttons.from_letter(ch)
            steps += [mask, mask, 0, 0]
    return steps


def sim_frames(data_dir, seed, steps):
    """The simulator's frame after each step (steps[0] is the frame it runs on starting), and
    after it settles: what the web board must show, byte for byte, for the same held
    buttons. The simulator is handed the presses directly: a button in the frame it goes
    down (held_steps() makes the web board's debounce see them so)."""
    sim = Sim(data_dir, seed=seed)
    frames = [bytes(sim.buf)]
    for held, before in zip(steps[1:], steps):
        sim.step(held & ~before)
        frames.append(bytes(sim.buf))
    sim.settle()
    return frames, bytes(sim.buf)


class Recording:
    """A simulator that notes the keys it is given (press: one frame; keys: then settles),
    for the page to be sent exactly those."""

    def __init__(self, sim):
        self.sim = sim
        self.pressed = ""

    def keys(self, keys):
        self.sim.keys(keys)
        self.pressed += keys

    def press(self, key):
        self.sim.press(key)
        self.pressed += key

    def __getattr__(self, name):
        return getattr(self.sim, name)


def found_keys(data_dir, seed, plan):
    """The keys plan(recording simulator) presses, found on a copy of data_dir (the page's
    data folder as the simulator playing along keeps it) so that data_dir is left as it is."""
    import tempfile

    data = tempfile.mkdtemp(prefix="deckdelve-keys-")
    shutil.rmtree(data)
    if os.path.isdir(data_dir):
        shutil.copytree(data_dir, data)
    try:
        s = Recording(Sim(data, seed=seed))
        plan(s)
        return s.pressed
    finally:
        shutil.rmtree(data, ignore_errors=True)


def save_run(s, game="red_queen", moves="R"):
    """Plan: a new game of `game`, a move, then Save and quit from the pause menu."""
    s.keys(start_keys(game, s.app.settings["seen"], s.app.settings["last"]) + moves + "B")
    s.keys("D" * s.app.stack[-1].items.index("Save and quit") + "A")
    assert s.app.store().has_run(game)


def four_campaign(s):
    """Plan: a new campaign of The Four in slot 1, to its first turn (the character made as
    tools/bench_pico.past_creation makes it)."""
    from tools.pico import bench_pico

    s.keys(start_keys("the_four", s.app.settings["seen"], s.app.settings["last"]))
    assert bench_pico.past_creation(s)


def webboard():
    """web/webboard.py under CPython (its notes, for the simulator playing along)."""
    import importlib

    path = os.path.join(ROOT, "web")
    if path not in sys.path:
        sys.path.insert(0, path)
    return importlib.import_module("webboard")
