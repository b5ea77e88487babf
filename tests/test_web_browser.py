"""The page in a real headless browser (Debian's Chromium through playwright-core): loaded from
localhost, played with key presses, its canvas read back and compared with the simulator for
the same seed and keys; a game finished and initials entered, a run saved, then the page
reloaded: the score and the saved run are still there. Installs what it needs itself
(tests/webtools.py: npm ci, and Chromium when it is missing)."""

import functools
import http.server
import json
import os
import subprocess
import threading

import pytest

from host_sim import render
from host_sim.sim import Sim
from tools import web
import webtools

SEED = 7
FINISH_SEED = 17  # Rogue Solitaire quick play, played by finishing_keys() to a score above 0
INITIALS = "UURUAA"  # C, B, A (the letters move up from "AAA"), then A twice: "CBA"
METRICS = os.path.join(webtools.ROOT, "build", "web-metrics.json")


@pytest.fixture(scope="module")
def url():
    webtools.chromium()
    site = webtools.site()
    handler = functools.partial(web.Handler, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://localhost:%d/" % server.server_address[1]
    server.shutdown()
    server.server_close()


def browse(url, script):
    r = subprocess.run(["node", "tests/web/browser.mjs", url], input=json.dumps(script),
                       capture_output=True, text=True, timeout=300, cwd=webtools.ROOT)
    assert r.returncode == 0, r.stderr[-3000:]
    result = json.loads(r.stdout)
    assert result["errors"] == []
    return result


class Player:
    """The simulator playing along: the same loads (a fresh app on the same data folder)
    and the same keys as the browser's script, and the screens it expects."""

    def __init__(self, data_dir):
        self.data_dir = data_dir
        self.sim = None
        self.script = []
        self.want = {}

    def load(self, seed):
        self.sim = Sim(self.data_dir, seed=seed)
        self.script.append({"load": seed})

    def seen(self):
        """The how-tos the page has shown so far (its data folder is the simulator's)."""
        return self.sim.app.settings["seen"]

    def last(self):
        """The options and the game last played (the list of games opens on that game)."""
        return self.sim.app.settings["last"]

    def keys(self, keys, taps=False):
        """Keys on the keyboard, or taps on the page's on-screen buttons."""
        for ch in keys:  # one key at a time, settling after each, as the browser does
            self.sim.keys(ch)
        self.script.append({"taps" if taps else "keys": keys})

    def capture(self, name):
        self.want[name] = bytes(self.sim.buf)
        self.script.append({"capture": name})

    def top(self):
        return self.sim.app.stack[-1]


def assert_screen(got, want, name):
    assert got["whole"] and got["scale"] >= 1, "the canvas is not a whole-number scale"
    assert len(got["colours"]) <= 2, "more than lit and dark in the pixels' middles"
    frame = bytes.fromhex(got["hex"])
    if frame != want:
        raise AssertionError("%s: the canvas differs from the simulator.\npage:\n%s\n"
                             "simulator:\n%s" % (name, render.to_ascii(frame),
                                                 render.to_ascii(want)))


def finishing_keys(p, game, seed):
    """Keys from the title through a whole game to its game-over screen: random presses, found
    on a copy of the page's data folder in the simulator (the same deal, the same how-tos
    seen), so that the page is then sent exactly those keys."""
    import shutil
    import tempfile

    from deckdelve.rng import Rng

    data = tempfile.mkdtemp(prefix="deckdelve-finish-")
    shutil.rmtree(data)
    shutil.copytree(p.data_dir, data)
    sim = Sim(data, seed=seed)
    keys = webtools.start_keys(game, sim.app.settings["seen"], sim.app.settings["last"])
    sim.keys(keys)
    rng = Rng(seed)
    while type(sim.app.stack[-1]).__name__ != "GameOver" and len(keys) < 5000:
        k = "AAARRLDU"[rng.below(8)]
        sim.keys(k)
        keys += k
    shutil.rmtree(data)
    assert type(sim.app.stack[-1]).__name__ == "GameOver", "no end in 5000 presses"
    return keys


def test_page_plays_saves_and_remembers(url, tmp_path):
    p = Player(str(tmp_path))
    # Each game, started with key presses from the title (a fresh load for each); the last
    # one with the on-screen buttons, as on a phone.
    games = sorted(webtools.START)
    for game in games:
        p.load(SEED)
        if game == games[0]:
            p.capture("title")
        p.keys(webtools.start_keys(game, p.seen(), p.last()), taps=game == games[-1])
        assert type(p.top()).__name__ == "GameHost", game
        p.capture(game)
    # A whole game: Rogue Solitaire to its end, the initials, the score table.
    p.load(FINISH_SEED)
    p.keys(finishing_keys(p, "rogue_solitaire", FINISH_SEED))
    assert type(p.top()).__name__ == "GameOver"
    p.capture("game_over")
    p.keys("A")
    assert type(p.top()).__name__ == "Initials"
    p.keys(INITIALS)
    assert type(p.top()).__name__ == "Scores"
    p.capture("scores")
    # A run saved from the pause menu.
    p.load(SEED)
    p.keys(webtools.start_keys("red_queen", p.seen(), p.last()) + "RB")
    p.keys("D" * p.top().items.index("Save and quit") + "A")
    p.capture("run_saved")
    p.script.append({"storage": "before_reload"})
    p.script.append({"screenshot": "screenshot"})
    # The next visit: the score and the saved run are still there.
    p.load(SEED)
    p.keys(webtools.menu_keys("rogue_solitaire", p.seen(), p.last()))
    p.keys("D" * p.top().items.index("Scores: Quick play") + "A")
    assert p.sim.app.store().scores("rogue_solitaire")[0][1] == "CBA"
    p.capture("scores_after_reload")
    p.load(SEED)
    p.keys(webtools.menu_keys("red_queen", p.seen(), p.last()))
    assert p.top().items[0] == "Continue saved run"
    p.capture("saved_run_after_reload")
    p.keys("A")
    p.capture("continued")
    p.script.append({"storage": "after_continue"})
    p.script.append({"clear": True})
    p.script.append({"storage": "after_clear"})

    got = browse(url, p.script)
    for name, want in p.want.items():
        assert_screen(got["captures"][name], want, name)
    stored = got["storage"]
    assert "deckdelve:/data/run_red_queen.sav" in stored["before_reload"]
    assert "deckdelve:/data/scores.dat" in stored["before_reload"]
    assert "deckdelve:/data/run_red_queen.sav" not in stored["after_continue"]
    assert stored["after_clear"] == []
    scale = got["captures"]["title"]["scale"]
    assert got["screenshots"]["screenshot"] == [128 * scale, 64 * scale]
    write_metrics(got)


def write_metrics(got):
    """The figures the README quotes, for this run (build/web-metrics.json)."""
    steps = sorted(got["stepMs"])
    paints = sorted(got["paintMs"])
    sizes = {name: os.path.getsize(os.path.join(web.OUT, name))
             for name in sorted(os.listdir(web.OUT))}
    metrics = {
        "page_bytes": sum(sizes.values()),
        "files": sizes,
        "title_ms_first_load": round(got["titleMs"][0]),
        "title_ms_later_loads": sorted(round(t) for t in got["titleMs"][1:]),
        "frames": len(steps),
        "step_ms_mean": round(sum(steps) / len(steps), 3),
        "step_ms_median": steps[len(steps) // 2],
        "step_ms_p99": steps[len(steps) * 99 // 100],
        "step_ms_max": steps[-1],
        "paint_ms_median": paints[len(paints) // 2],
        "paint_ms_max": paints[-1],
    }
    with open(METRICS, "w") as f:
        json.dump(metrics, f, indent=1)
    # Loose bounds: a frame well inside the handheld's 20 ms, the title within seconds.
    assert metrics["step_ms_median"] < 5
    assert metrics["title_ms_first_load"] < 15000
