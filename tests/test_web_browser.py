"""The page in a real headless browser (Debian's Chromium through playwright-core): loaded from
localhost, played with key presses, its canvas read back and compared with the simulator for
the same seed and keys; a game finished and initials entered, a run saved, then the page
reloaded: the score and the saved run are still there. And the page as a handheld of its
own: no blanking after the power-saving delays, a reload mid-run that offers the run back,
the layouts of phones upright, 360 px wide and on their side, Enter/Space/Esc, saves
exported and imported into a fresh profile, The Four's notebook; the download's size and
the load times, fast and throttled, for docs/WEB.md (build/web-metrics.json, then
`python -m tools.ship.web figures`). Installs what it needs itself (tests/webtools.py: npm ci,
and Chromium when it is missing). DECKDELVE_PAGESHOTS=folder: the layouts' screenshots
are saved there too."""

import base64
import functools
import http.server
import io
import json
import os
import subprocess
import tempfile
import threading
import zipfile

import pytest

from host_sim import render
from host_sim.sim import Sim
from tools.ship import web
import webtools

SEED = 7
FINISH_SEED = 17  # Rogue Solitaire quick play, played by finishing_keys() to a score above 0
INITIALS = "UURUAA"  # C, B, A (the letters move up from "AAA"), then A twice: "CBA"
PAGESHOTS = os.environ.get("DECKDELVE_PAGESHOTS")
THROTTLE = {"kbit_s": 1600, "latency_ms": 150}  # a slow mobile link (Lighthouse's "slow 4G")


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

    def __init__(self, folder):
        self.folder = folder  # each browser profile's data folder is one below it
        self.data_dir = tempfile.mkdtemp(prefix="deckdelve-profile-", dir=folder)
        self.sim = None
        self.seed = None
        self.script = []
        self.want = {}

    def device(self, name):
        """A fresh browser profile (as a phone, ...): a data folder of its own."""
        self.data_dir = tempfile.mkdtemp(prefix="deckdelve-profile-", dir=self.folder)
        self.script.append({"device": name})

    def load(self, seed):
        if getattr(self, "sim", None) is not None:
            # (opening another address hides and closes the page running now, as a reload
            # does: its game is saved as the Pico saves it when its screen sleeps)
            self.sim.app.suspend()
        self.seed = seed
        self.sim = Sim(self.data_dir, seed=seed)
        self.script.append({"load": seed})

    def reload(self):
        """The browser's Reload: the page hides and closes (the run saved as the Pico saves
        it when its screen sleeps), then starts again with the same address."""
        self.sim.app.suspend()
        self.sim = Sim(self.data_dir, seed=self.seed)
        self.script.append({"reload": True})

    def found(self, plan):
        """The keys plan() presses from here on (see webtools.found_keys)."""
        return webtools.found_keys(self.data_dir, self.seed, plan)

    def play(self, plan):
        """plan(recording simulator) played on from here, its keys sent to the page."""
        s = webtools.Recording(self.sim)
        plan(s)
        self.script.append({"keys": s.pressed})

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

    def press(self, names, letters):
        """Keyboard keys by their names (Enter, " ", Escape...), the simulator given letters."""
        for ch in letters:
            self.sim.keys(ch)
        self.script.append({"press": names})

    def step(self, **step):
        self.script.append(step)

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

    # (the walk whose end makes the table, so that the initials follow: a game that ends on
    # a score of 0 asks for none; the presses' seed is tried from seed on)
    for walk in range(seed, seed + 20):
        data = tempfile.mkdtemp(prefix="deckdelve-finish-")
        shutil.rmtree(data)
        shutil.copytree(p.data_dir, data)
        sim = Sim(data, seed=seed)
        keys = webtools.start_keys(game, sim.app.settings["seen"], sim.app.settings["last"])
        sim.keys(keys)
        rng = Rng(walk)
        while type(sim.app.stack[-1]).__name__ != "GameOver" and len(keys) < 5000:
            k = "AAARRLDU"[rng.below(8)]
            sim.keys(k)
            keys += k
        shutil.rmtree(data)
        top = sim.app.stack[-1]
        if type(top).__name__ == "GameOver" and top.qualifies:
            return keys
    raise AssertionError("no walk of 20 ended on a score that makes the table")


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


def update_metrics(part):
    """The figures docs/WEB.md quotes (build/web-metrics.json; `python -m tools.ship.web figures`
    puts them there): each test adds its own."""
    try:
        with open(web.METRICS) as f:
            metrics = json.load(f)
    except (OSError, ValueError):
        metrics = {}
    metrics.update(part)
    with open(web.METRICS, "w") as f:
        json.dump(metrics, f, indent=1, sort_keys=True)


def write_metrics(got):
    steps = sorted(got["stepMs"])
    paints = sorted(got["paintMs"])
    update_metrics({
        "frames": len(steps),
        "step_ms_mean": round(sum(steps) / len(steps), 3),
        "step_ms_median": round(steps[len(steps) // 2], 3),
        "step_ms_p99": round(steps[len(steps) * 99 // 100], 3),
        "step_ms_max": round(steps[-1], 3),
        "paint_ms_median": round(paints[len(paints) // 2], 3),
        "paint_ms_max": round(paints[-1], 3),
    })
    # Loose bounds: a frame well inside the handheld's 20 ms.
    assert steps[len(steps) // 2] < 5


# -- the page as a handheld of its own (issue 26) -----------------------------------------------
def assert_fits(layout, what):
    """The screen and every pad button inside the viewport, none over the screen, nothing
    wider than the page. (A and B are turned: their boxes, not they, may overlap.)"""
    width, height = layout["viewport"]
    assert layout["scrollWidth"] <= width, "%s: the page is wider than the screen" % what
    boxes = [("screen", layout["screen"])] + sorted(layout["buttons"].items())
    for name, (left, top, right, bottom) in boxes:
        assert 0 <= left and right <= width and 0 <= top and bottom <= height, (
            "%s: %s at %s is outside the %dx%d view" % (what, name, (left, top, right, bottom),
                                                       width, height))
    a = layout["screen"]
    for name, b in boxes[1:]:
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (
            "%s: %s overlaps the screen" % (what, name))


def pageshot(p, name):
    if PAGESHOTS:
        os.makedirs(PAGESHOTS, exist_ok=True)
        p.step(pageshot=os.path.join(PAGESHOTS, name + ".png"))


def test_the_screen_never_sleeps_in_the_page(url, tmp_path):
    p = Player(str(tmp_path))
    p.step(clock=True)
    p.load(SEED)
    p.capture("title")
    # Four minutes without a press, the page's clock moved on at once: twice the default
    # Sleep setting's delay, after which the Pico's screen is dimmed, then off.
    p.step(idle=240000)
    p.step(lit="after")
    p.script.append({"capture": "after"})
    p.want["after"] = p.want["title"]
    p.keys("A")  # acts at once (on the Pico it would only wake the screen)
    p.capture("pressed")
    got = browse(url, p.script)
    assert got["lit"]["after"] == [255, True]
    for name, want in p.want.items():
        assert_screen(got["captures"][name], want, name)


def test_a_reload_mid_run_offers_the_run_back(url, tmp_path):
    p = Player(str(tmp_path))
    p.load(SEED)
    p.keys(webtools.start_keys("red_queen", p.seen(), p.last()) + "R")
    p.capture("playing")
    p.reload()  # no "Save and quit": the page saves the run as it closes, where rules allow
    p.keys(webtools.menu_keys("red_queen", p.seen(), p.last()))
    assert p.top().items[0] == "Continue saved run"
    p.capture("menu")
    p.keys("A")
    p.capture("continued")
    p.step(storage="after")
    got = browse(url, p.script)
    for name, want in p.want.items():
        assert_screen(got["captures"][name], want, name)
    assert "deckdelve:/data/run_red_queen.sav" not in got["storage"]["after"]  # used up


def test_phones_upright_narrow_and_on_their_side_and_a_desktop(url, tmp_path):
    p = Player(str(tmp_path))
    for device in ("phone", "phone-360", "phone-landscape", "desktop"):
        p.device(device)
        p.load(SEED)
        p.step(layout=device)
        pageshot(p, device)
        # Played by touch on the phones (taps), by the mouse on the desktop.
        p.keys(webtools.start_keys("solatro", p.seen(), p.last()), taps=True)
        p.capture(device)
        if device == "phone-landscape":
            # The tools in the first view; fullscreen and back leaves the page where it was
            # (the handheld in view), and so does a reload.
            p.step(scrollto="#fullscreen")
            p.step(fullscreen="landscape-fullscreen")
            p.want["landscape-fullscreen"] = p.want[device]
            p.step(unfullscreen="landscape-after")
            p.step(scrollto=".about")  # read down the page, then reload: back at the top
            p.reload()
            p.step(layout="landscape-reloaded")
            p.keys(webtools.menu_keys("the_four", p.seen(), p.last()) + "A", taps=True)
            p.step(layout="landscape-the-four")
            pageshot(p, "phone-landscape-the-four")
    p.step(fullscreen="fullscreen")
    p.want["fullscreen"] = p.want["desktop"]
    got = browse(url, p.script)
    for name, want in p.want.items():
        assert_screen(got["captures"][name], want, name)
    layouts = got["layouts"]
    for device in ("phone", "phone-360", "phone-landscape", "desktop"):
        layout = layouts[device]
        assert_fits(layout, device)
        # The keyboard's legend only where there may be a keyboard.
        assert layout["legend"] == (device == "desktop"), device
        screen = layout["screen"]
        buttons = layout["buttons"]
        if device == "phone-landscape":  # the pad beside the screen, the d-pad left
            assert buttons["R"][2] <= screen[0] and screen[2] <= buttons["B"][0]
        else:  # under it
            assert screen[3] <= min(box[1] for box in buttons.values())
        # The screen as large as fits in whole device pixels: at least 2 CSS pixels an OLED
        # pixel on a phone, more on the desktop.
        assert layout["scale"] / layout["dpr"] >= (4 if device == "desktop" else 2), device
    # A phone on its side: Fullscreen, Export and Import in the first view, with the
    # handheld; after fullscreen the page is where it was (not scrolled), after a reload too;
    # with a campaign of The Four open, a button there goes to its notebook.
    for name in ("phone-landscape", "landscape-after", "landscape-reloaded",
                 "landscape-the-four"):
        layout = layouts[name]
        assert layout["scrollY"] == 0, (name, layout["scrollY"])
        assert_fits(layout, name)
        height = layout["viewport"][1]
        for tool in ("fullscreen", "export", "import"):
            assert layout["tools"][tool][3] <= height, (name, tool, layout["tools"][tool])
    the_four = layouts["landscape-the-four"]["tools"]
    assert the_four["to-journal"][3] <= 390 and "notebook" in the_four
    assert "to-journal" not in layouts["phone-landscape"]["tools"]
    # Fullscreen: the screen alone (a mouse and keyboard), larger, whole pixels, all in view.
    full = layouts["fullscreen"]
    assert full["scale"] > layouts["desktop"]["scale"]
    assert full["canvas"] == [128 * full["scale"], 64 * full["scale"]]
    left, top, right, bottom = full["screen"]
    assert 0 <= left and right <= full["viewport"][0]
    assert 0 <= top and bottom <= full["viewport"][1]


def test_enter_space_and_esc_and_page_buttons_never_take_space(url, tmp_path):
    p = Player(str(tmp_path))
    p.load(SEED)
    # Enter opens the list (first, the how-to), Esc skips the how-to, Space opens the first
    # game's menu: the keys people try first.
    p.press(["Enter"], "A")
    p.capture("enter")
    p.press(["Escape"], "B")
    p.capture("escape")
    p.press([" "], "A")
    p.capture("space")
    # A page button clicked, then Space: A for the handheld, not that button again.
    p.step(screenshot="shot")
    p.press([" "], "A")
    p.capture("space_after_a_button")
    got = browse(url, p.script)
    names = ["enter", "escape", "space", "space_after_a_button"]
    for name in names:
        assert_screen(got["captures"][name], p.want[name], name)
    assert len({p.want[name] for name in names}) == len(names)  # each press changed it


def unzip(data, folder):
    os.makedirs(folder, exist_ok=True)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for info in z.infolist():
            assert info.filename.startswith("data/")
            with open(os.path.join(folder, info.filename[5:]), "wb") as f:
                f.write(z.read(info))
    return folder


def folder_files(folder):
    out = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as f:
            out[name] = f.read()
    return out


def test_saves_exported_then_imported_into_a_fresh_profile(url, tmp_path):
    import shutil

    p = Player(str(tmp_path))
    p.load(SEED)
    p.keys(p.found(webtools.save_run))
    p.step(download="#export", **{"as": "saves"})
    exported_from = p.data_dir
    # Another browser (a fresh profile): the zip imported, the page restarts with it, and
    # the run continues where it was saved.
    p.device("test")
    p.load(SEED + 1)
    for name, data in folder_files(exported_from).items():
        with open(os.path.join(p.data_dir, name), "wb") as f:
            f.write(data)
    p.script.append({"import": ["saves"]})
    p.sim = Sim(p.data_dir, seed=SEED + 1)
    p.keys(webtools.menu_keys("red_queen", p.seen(), p.last()))
    assert p.top().items[0] == "Continue saved run"
    p.capture("menu")
    p.keys("A")
    p.capture("continued")
    p.step(storage="after")
    got = browse(url, p.script)
    for name, want in p.want.items():
        assert_screen(got["captures"][name], want, name)
    # The zip holds the files the simulator keeps for the same play (the same names; the
    # bytes differ only in the order MicroPython writes a JSON object's keys).
    saves = got["downloads"]["saves"]
    assert saves["name"].startswith("deckdelve-saves-") and saves["name"].endswith(".zip")
    folder = unzip(base64.b64decode(saves["base64"]), str(tmp_path / "zip"))
    assert sorted(folder_files(folder)) == sorted(folder_files(exported_from))
    assert folder_files(folder) != {}
    assert "deckdelve:/data/run_red_queen.sav" not in got["storage"]["after"]
    shutil.rmtree(folder)


def test_the_four_notebook(url, tmp_path):
    from deckdelve import campaigns
    from tools.play import journal

    note = "The river rose; I kept the map."
    p = Player(str(tmp_path))
    p.device("desktop")
    p.load(SEED)
    p.step(journal="menus")
    p.keys(p.found(webtools.four_campaign))
    p.step(journal="begun")
    p.step(note=note)
    # The simulator's campaign gets the same line, as the page's board writes it.
    assert webtools.webboard().write_note(p.sim.app.stack[0], note) == 1
    # Typed as people type: accents and typographic marks become the journal's ASCII.
    p.step(note="Caf\u00e9 \u201cnoir\u201d \u2014 it\u2019s late\u2026")
    assert webtools.webboard().write_note(p.sim.app.stack[0], 'Cafe "noir" - it\'s late...') == 1
    p.step(journal="written")
    pageshot(p, "desktop-the-four")
    p.reload()
    p.keys(webtools.menu_keys("the_four", p.seen(), p.last()) + "AA")
    p.capture("continued")
    p.step(journal="reloaded")
    p.step(download="#story-text", **{"as": "text"})
    p.step(download="#story-markdown", **{"as": "markdown"})
    p.step(download="#export", **{"as": "saves"})
    newest_first = campaigns.journal(p.data_dir, "the_four", 0, 0, 10000)
    got = browse(url, p.script)
    assert_screen(got["captures"]["continued"], p.want["continued"], "continued")
    journals = got["journals"]
    assert not journals["menus"]["shown"]
    assert journals["begun"]["shown"] and note not in " ".join(journals["begun"]["lines"])
    assert journals["written"]["title"] == "The Four: journal of campaign 1"
    # Newest first, the note on top, with the game's own lines: as the simulator's journal.
    assert journals["written"]["lines"][:2] == ['T:0 > Cafe "noir" - it\'s late...',
                                                "T:0 > " + note]
    assert journals["written"]["lines"] == newest_first
    assert journals["reloaded"]["lines"] == newest_first  # kept with the campaign
    text = base64.b64decode(got["downloads"]["text"]["base64"]).decode()
    assert text == "\n".join(reversed(newest_first)) + "\n"
    markdown = base64.b64decode(got["downloads"]["markdown"]["base64"]).decode()
    assert markdown.startswith("# The Four: campaign 1\n") and "\n> " + note + "\n" in markdown
    assert "\n## Turn 0\n" in markdown
    # In the exported files: the Pico's journal tool prints it.
    folder = unzip(base64.b64decode(got["downloads"]["saves"]["base64"]), str(tmp_path / "z"))
    assert journal.journal_lines(folder, "the_four", 0) == list(reversed(newest_first))


def test_download_size_and_load_times(url):
    import datetime

    script = [{"device": "test"}, {"load": SEED}, {"sent": "fast"}, {"reload": True},
              {"reload": True},
              {"device": "test"}, {"throttle": THROTTLE}, {"load": SEED, "progress": True},
              {"sent": "slow"}]
    got = browse(url, script)
    sent = got["sent"]["fast"]
    files = {name: os.path.getsize(os.path.join(web.OUT, name)) for name in sent}
    for name in web.LOADED + ("index.html", "page.js", "board.js"):
        encoded, decoded = sent[name][:2]
        assert decoded == files[name], name
        assert encoded < decoded, "%s was not sent compressed" % name
    # The progress while loading: bytes of the three big files, of their whole.
    total = sum(files[name] for name in web.LOADED)
    assert got["progress"].endswith(" of %d KB" % round(total / 1000)), got["progress"]
    # Loaded side by side: every big file was asked for before any of them had come (on the
    # slow link, where one after another would show).
    slow = got["sent"]["slow"]
    assert max(slow[n][2] for n in web.LOADED) < min(slow[n][3] for n in web.LOADED)
    first, *reloads = got["titleMs"]
    (throttled,) = got["throttledMs"]
    update_metrics({
        "files": files,
        "sent": {name: sent[name][0] for name in sent},
        "title_ms_first": round(first),
        "title_ms_reload": sorted(round(t) for t in reloads),
        "title_ms_throttled": round(throttled),
        "throttle": THROTTLE,
        "browser": got["browser"].rsplit(".0.0.0", 1)[0],
        "date": datetime.date.today().isoformat(),
    })
    assert first < 15000 and throttled < 60000


# -- issue 35: the page loses nothing, and installs as an offline handheld ----------------------
def four_turns(s, turns, seed=3):
    """Plan: The Four played on (presses from "AAARDL", seeded) until its turn is `turns`."""
    from deckdelve.rng import Rng

    rng = Rng(seed)
    host = s.app.stack[0]
    for _ in range(3000):
        if host.game.turn >= turns:
            return
        s.keys("AAARDL"[rng.below(6)])
    raise AssertionError("The Four did not reach turn %d" % turns)


def markdown_story(lines, title, label):
    """The Markdown the page's "Story as Markdown" must give for a journal (oldest first),
    without its date: a heading per turn (the firmware's "T:<n> " prefix, webboard.TURN_MARK),
    the game's lines as a list, the player's (webboard.NOTE_MARK) as quotes."""
    import re

    board = webtools.webboard()
    mark = re.escape(board.TURN_MARK)
    out = ["# " + title, ""]
    turn = None
    quoting = False
    for line in lines:
        m = re.match("^%s(\\d+)(%s| )(.*)$" % (mark, re.escape(board.NOTE_MARK)), line)
        assert m, "a journal line without the firmware's turn prefix: %r" % line
        if int(m.group(1)) != turn:
            turn = int(m.group(1))
            out += ["", "## Turn %d" % turn, ""]
            quoting = False
        text = re.sub(r"([\\`*_[\]<>#|])", r"\\\1", m.group(3))
        if m.group(2) == board.NOTE_MARK:
            if not quoting:
                out.append("")
            out.append("> " + text)
            quoting = True
        else:
            if quoting:
                out.append("")
            out.append("- " + text)
            quoting = False
    return out


def test_the_four_markdown_story_groups_turns_and_notes_and_the_notebook_gives_the_keys_back(
        url, tmp_path):
    from deckdelve import campaigns

    p = Player(str(tmp_path))
    p.device("desktop")
    p.load(SEED)
    p.keys(p.found(webtools.four_campaign))
    board = webtools.webboard()
    for turns, note in ((2, "The mill burned; GRIT held."),
                        (4, "Two roads now. I take the *low* one.")):
        p.play(lambda s, turns=turns: four_turns(s, turns))
        p.step(note=note)
        assert board.write_note(p.sim.app.stack[0], note) == 1
        p.step(focus="after_note")
        # The keys are the game's again at once: a press moves the game as in the simulator.
        p.keys("D")
        p.capture("after_note_%d" % turns)
    # Esc in the notebook: the box gives the keys back (what is typed is not written).
    p.step(escape_note="not written")
    p.step(focus="after_escape")
    p.keys("U")
    p.capture("after_escape")
    p.step(download="#story-markdown", **{"as": "markdown"})
    oldest_first = list(reversed(campaigns.journal(p.data_dir, "the_four", 0, 0, 10000)))
    got = browse(url, p.script)
    for name, want in p.want.items():
        assert_screen(got["captures"][name], want, name)
    assert got["focus"]["after_note"] != "note" and got["focus"]["after_escape"] != "note"
    markdown = base64.b64decode(got["downloads"]["markdown"]["base64"]).decode().split("\n")
    host = p.sim.app.stack[0]
    want = markdown_story(oldest_first, "The Four: campaign 1", host.game.slot_label())
    assert markdown[:2] == want[:2] and markdown[3:-1] == want[2:], "\n".join(markdown)
    headings = [line for line in markdown if line.startswith("## Turn ")]
    assert headings == ["## Turn %d" % n for n in range(5)]
    # Each note under the heading of the turn it was written in.
    assert markdown.index("## Turn 2") < markdown.index("> The mill burned; GRIT held.") < (
        markdown.index("## Turn 3"))
    assert markdown.index("> Two roads now. I take the \\*low\\* one.") > markdown.index(
        "## Turn 4")


def test_keyboard_only_play_with_the_on_screen_pad(url, tmp_path):
    p = Player(str(tmp_path))
    p.load(SEED)
    # Tab to the pad's A, Enter: the list (its how-to first); Tab to B, Space: skipped; then
    # down and A with element.click() (what a screen reader sends).
    p.sim.keys("A")
    p.step(padkeys="A", **{"with": "Enter"})
    p.capture("enter")
    p.sim.keys("B")
    p.step(padkeys="B", **{"with": " "})
    p.capture("space")
    p.sim.keys("DD")
    p.step(padkeys="DD", **{"with": "Enter"})
    p.capture("down")
    p.sim.keys("A")
    p.step(clicks="A")
    p.capture("click")
    # The keys on the keyboard: the letter A is A (the screens say "PRESS A"), B is B.
    p.press(["b"], "B")
    p.capture("b_key")
    p.press(["a"], "A")
    p.capture("a_key")
    got = browse(url, p.script)
    names = ["enter", "space", "down", "click", "b_key", "a_key"]
    for name in names:
        assert_screen(got["captures"][name], p.want[name], name)
    assert len({p.want[name] for name in names[:4]}) == 4  # each press changed the screen
    labels = {"U": "Up", "D": "Down", "L": "Left", "R": "Right", "A": "A (confirm)",
              "B": "B (back)"}
    for letter, ring, label in got["focusRings"]:
        assert ring, "no focus ring on the pad's %s" % letter
        assert label == labels[letter]


def test_fast_taps_all_count(url, tmp_path):
    p = Player(str(tmp_path))
    p.device("phone")
    p.load(SEED)
    p.keys("AB", taps=True)  # the list of games (its how-to skipped)
    p.capture("list")
    # 29 taps on the d-pad's down at 15 a second: each one moves the cursor (the list wraps
    # round its six rows, so any count but 29 shows another row).
    p.sim.keys("D" * 29)
    p.step(burst={"letter": "D", "n": 29, "hz": 15})
    p.capture("after")
    # (row six: Settings) Its Sleep setting is the Pico's: the page says so while it shows.
    p.keys("A", taps=True)
    assert type(p.top()).__name__ == "Settings"
    p.step(status="settings")
    p.keys("B", taps=True)
    p.step(status="left")
    got = browse(url, p.script)
    assert "page never dims or switches off its screen" in got["statuses"]["settings"]["text"]
    assert got["statuses"]["left"]["text"].startswith("Ready.")
    assert got["bursts"][0]["presses"] == 29, got["bursts"]
    assert got["bursts"][0]["msEach"] < 1000 / 14, got["bursts"]  # (the taps were that fast)
    for name, want in p.want.items():
        assert_screen(got["captures"][name], want, name)
    assert p.want["list"] != p.want["after"]


def zip_of(files, damage=None):
    """A zip of data/<name> for each (name, bytes), stored; damage: a name whose bytes are
    changed inside the zip after it is written (10 bytes flipped: its CRC-32 no longer
    matches)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for name, data in files:
            z.writestr("data/" + name, data)
    raw = bytearray(out.getvalue())
    if damage is not None:
        with zipfile.ZipFile(io.BytesIO(bytes(raw))) as z:
            info = z.getinfo("data/" + damage)
        start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
        for i in range(10):
            raw[start + info.file_size // 2 + i] ^= 0x5A
    return bytes(raw)


def test_imports_are_checked_before_they_replace_anything(url, tmp_path):
    from deckdelve.store import Store

    # Good saves, made by the simulator: a score, a campaign of The Four with a note, the
    # settings; the page imports them, then every damaged import leaves them as they are.
    good = str(tmp_path / "good")
    os.makedirs(good)
    s = webtools.Recording(Sim(good, seed=SEED))
    webtools.four_campaign(s)
    four_turns(s, 2)
    webtools.webboard().write_note(s.app.stack[0], "Kept safe.")
    s.app.suspend()
    assert Store(good).add_score("rogue_solitaire", 321, "CBA", "F3") == 0
    files = sorted(folder_files(good).items())
    names = [name for name, _ in files]
    for name in ("scores.dat", "camp_the_four_0.sav", "camp_the_four_0.j0", "settings.dat"):
        assert name in names, names
    def b64(data):
        return base64.b64encode(data).decode()

    flipped = bytearray(dict(files)["scores.dat"])
    flipped[-3] ^= 0x20  # the firmware's checksum sees it (the zip's CRC is right)
    bad = {
        "scores_crc": [["saves.zip", b64(zip_of(files, damage="scores.dat"))]],
        "journal_crc": [["saves.zip", b64(zip_of(files, damage="camp_the_four_0.j0"))]],
        "snapshot_crc": [["saves.zip", b64(zip_of(files, damage="camp_the_four_0.sav"))]],
        "settings_crc": [["saves.zip", b64(zip_of(files, damage="settings.dat"))]],
        "snapshot_alone": [["camp_the_four_0.sav", b64(dict(files)["camp_the_four_0.sav"])]],
        "scores_checksum": [["scores.dat", b64(bytes(flipped))]],
        "truncated": [["saves.zip", b64(zip_of(files)[:300])]],
        "not_a_save": [["notes.txt", b64(b"my notes")]],
    }
    script = [{"device": "test"}, {"load": SEED},
              {"upload": "good", "files": [["saves.zip", b64(zip_of(files))]]},
              {"stored": "good"}]
    for name, upload in bad.items():
        script += [{"upload": name, "files": upload}, {"stored": name}]
    got = browse(url, script)
    assert got["imports"]["good"]["reloaded"]
    stored = got["stored"]
    kept = {key[len("deckdelve:/data/"):] for key in stored["good"]}
    assert kept == set(names), kept
    for name in bad:
        assert stored[name] == stored["good"], "%s changed the kept files" % name
    said = {name: got["imports"][name] for name in bad}
    # A whole export with one damaged file: the rest goes in, the question and the page name
    # what is left out and why.
    assert said["scores_crc"]["reloaded"]
    assert "scores.dat" not in said["scores_crc"]["asked"].split("?")[0]
    for where in ("asked", "status"):
        assert "scores.dat (damaged in the zip (its CRC-32 does not match))" in (
            said["scores_crc"][where]), said["scores_crc"]
    # A campaign's damaged file: the whole campaign is left out, and said so.
    for name, damaged in (("journal_crc", "camp_the_four_0.j0"),
                          ("snapshot_crc", "camp_the_four_0.sav")):
        status = said[name]["status"]
        assert damaged + " (damaged in the zip" in status, status
        other = ("camp_the_four_0.sav" if damaged.endswith(".j0") else "camp_the_four_0.j0")
        assert other + " (its campaign's " + damaged + " is left out" in status, status
        assert "camp_the_four_0" not in said[name]["asked"].split("?")[0]
    assert "settings.dat (damaged in the zip" in said["settings_crc"]["status"]
    # Nothing to take: no question, one line.
    for name, why in (("snapshot_alone", "camp_the_four_0.sav (a campaign's snapshot without "
                                         "its journal"),
                      ("scores_checksum", "scores.dat ("),
                      ("truncated", "Nothing imported: a damaged zip file"),
                      ("not_a_save", "notes.txt (not a save Deckdelve reads)")):
        assert not said[name]["reloaded"] and said[name]["asked"] is None, (name, said[name])
        assert why in said[name]["status"], (name, said[name]["status"])
    assert "checksum" in said["scores_checksum"]["status"], said["scores_checksum"]["status"]


def test_one_tab_plays_at_a_time_and_taking_over_loses_nothing(url, tmp_path):
    from deckdelve import campaigns

    p = Player(str(tmp_path))
    p.device("desktop")
    p.load(SEED)
    p.keys(p.found(webtools.four_campaign))
    board = webtools.webboard()
    p.step(note="Written in the first tab.")
    assert board.write_note(p.sim.app.stack[0], "Written in the first tab.") == 1
    # A second tab: told, not started; it takes over; the first one saves and stops.
    p.step(tab="second", seed=SEED)
    p.step(status="second_waits")
    p.step(take=True)
    p.step(to="first")
    p.step(status="first_stopped")
    p.step(to="second")
    p.step(status="second_plays")
    p.reload()  # (the second tab starts from what the first one saved)
    p.script.pop()
    p.keys(webtools.menu_keys("the_four", p.seen(), p.last()) + "AA")
    p.capture("second")
    p.step(note="Written in the second tab.")
    assert board.write_note(p.sim.app.stack[0], "Written in the second tab.") == 1
    # The first tab takes it back: both notes are there.
    p.step(to="first")
    p.step(take=True)
    p.reload()
    p.script.pop()
    p.keys(webtools.menu_keys("the_four", p.seen(), p.last()) + "AA")
    p.capture("first_again")
    p.step(journal="first_again")
    p.step(to="second")
    p.step(status="second_stopped")
    newest_first = campaigns.journal(p.data_dir, "the_four", 0, 0, 10000)
    got = browse(url, p.script)
    for name, want in p.want.items():
        assert_screen(got["captures"][name], want, name)
    statuses = got["statuses"]
    assert "open in another tab" in statuses["second_waits"]["text"]
    assert statuses["second_waits"]["playHere"] and not statuses["second_waits"]["running"]
    assert "now played in another tab" in statuses["first_stopped"]["text"]
    assert statuses["first_stopped"]["playHere"]
    assert statuses["second_plays"]["running"] and not statuses["second_plays"]["playHere"]
    assert statuses["second_stopped"]["playHere"]
    lines = got["journals"]["first_again"]["lines"]
    assert lines == newest_first
    assert "T:0 > Written in the first tab." in lines
    assert "T:0 > Written in the second tab." in lines


def readout_page(site, readout, path):
    """A picture of the manifest as Chromium read it (what its install prompt shows: name,
    icons, display), for the docs: the fields, the errors, the icons themselves."""
    import html

    rows = "".join("<tr><th>%s</th><td>%s</td></tr>" % (html.escape(k), html.escape(
        json.dumps(v))) for k, v in sorted(readout["data"].items()) if k != "icons")
    icons = ""
    for icon in readout["data"]["icons"]:
        with open(os.path.join(site, icon["src"]), "rb") as f:
            data = base64.b64encode(f.read()).decode()
        icons += ('<figure><img src="data:%s;base64,%s" width="96" height="96">'
                  "<figcaption>%s<br>%s %s</figcaption></figure>" % (
                      icon["type"], data, html.escape(icon["src"]), icon["sizes"],
                      icon.get("purpose", "")))
    page = ("<body style='font:14px system-ui;background:#fff;color:#111;margin:16px'>"
            "<h2>Web app manifest as Chromium reads it</h2><p>%s<br>Page.getAppManifest "
            "errors: %s; Page.getInstallabilityErrors: %s</p><table>%s</table>"
            "<div style='display:flex;gap:12px'>%s</div></body>" % (
                html.escape(readout["url"]), html.escape(json.dumps(readout["errors"])),
                html.escape(json.dumps(readout["installability"])), rows, icons))
    browse("about:blank", [{"device": "desktop"}, {"html": page}, {"pageshot": path}])


class Versions:
    """A server of its own for the site, with a second version of it beside the first:
    GET /__next serves the second from then on (as a host does after a deploy)."""

    def __init__(self, first, second, folder):
        self.current = os.path.join(folder, "current")
        os.symlink(first, self.current)
        versions = self

        self.sent = []  # (path, status) of every answer

        class Handler(web.Handler):
            def send_response(self, code, message=None):
                versions.sent.append((self.path.split("?")[0].lstrip("/"), int(code)))
                super().send_response(code, message)

            def do_GET(self):
                if self.path == "/__next":
                    versions.next(second)
                    self.send_response(204)
                    self.end_headers()
                    return
                super().do_GET()

        handler = functools.partial(Handler, directory=self.current)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = "http://localhost:%d/" % self.server.server_address[1]

    def next(self, second):
        link = self.current + ".new"
        os.symlink(second, link)
        os.replace(link, self.current)

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def worker_version(folder):
    import re

    with open(os.path.join(folder, web.WORKER)) as f:
        return re.search(r'const VERSION = "([0-9a-f]+)"', f.read()).group(1)


def test_installable_and_offline_and_a_new_version_on_the_next_start(tmp_path):
    import shutil

    from PIL import Image

    webtools.chromium()
    site = str(tmp_path / "site")
    shutil.copytree(webtools.site(), site)
    # The next version: another page (its title), so another worker.
    second = str(tmp_path / "second")
    shutil.copytree(site, second)
    with open(os.path.join(site, "index.html"), encoding="utf-8") as f:
        page = f.read()
    with open(os.path.join(second, "index.html"), "w", encoding="utf-8") as f:
        f.write(page.replace("<h1>DECKDELVE</h1>", "<h1>DECKDELVE 2</h1>"))
    kept = sorted(n for n in os.listdir(site) if n not in (web.WORKER, web.SHARE_FILE))
    web.worker(second, kept)
    for name in ("index.html", web.WORKER):  # (a later deploy: the server's dates say so)
        later = os.path.getmtime(os.path.join(site, name)) + 60
        os.utime(os.path.join(second, name), (later, later))
    version, new = worker_version(site), worker_version(second)
    assert new != version
    versions = Versions(site, second, str(tmp_path))
    try:
        p = Player(str(tmp_path))
        p.device("phone")
        p.load(SEED)
        p.step(manifest="phone")
        p.step(worker="first")
        # The network cut off: the page starts from the worker's copy, and plays.
        p.step(offline=True)
        p.reload()
        p.keys(webtools.start_keys("red_queen", p.seen(), p.last()), taps=True)
        p.capture("offline")
        got = browse(versions.url, p.script)
        for name, want in p.want.items():
            assert_screen(got["captures"][name], want, name)
        worker = got["workers"]["first"]
        assert worker["caches"] == ["deckdelve-" + version]
        # The worker's install did not download the big files again (the browser's cache
        # revalidated them: 304); each was sent once.
        for name in web.LOADED:
            assert versions.sent.count((name, 200)) == 1, (name, versions.sent)
        assert worker["files"] == kept
        (offline,) = got["titleMs"][1:]
        manifest = got["manifests"]["phone"]
        assert manifest["errors"] == [] and manifest["installability"] == [], manifest
        assert manifest["url"] == versions.url + "manifest.json"
        data = json.loads(manifest["data"])
        assert data["name"] == "Deckdelve" and data["display"] == "standalone"
        assert data["start_url"] == "./" and data["orientation"] == "any"
        sizes = {icon["sizes"]: icon for icon in data["icons"]}
        for size in (180, 192, 512):
            icon = sizes["%dx%d" % (size, size)]
            with Image.open(os.path.join(site, icon["src"])) as image:
                assert image.size == (size, size), icon
        mask = [icon for icon in data["icons"] if icon.get("purpose") == "maskable"]
        assert mask and os.path.exists(os.path.join(site, mask[0]["src"]))
        if PAGESHOTS:
            readout = dict(manifest, data=data)
            with open(os.path.join(PAGESHOTS, "manifest-as-chromium-reads-it.json"), "w") as f:
                json.dump(readout, f, indent=1, sort_keys=True)
                f.write("\n")
            readout_page(site, readout, os.path.join(PAGESHOTS,
                                                     "manifest-as-chromium-reads-it.png"))
        update_metrics({"title_ms_offline": round(offline),
                        "kept": {name: os.path.getsize(os.path.join(site, name))
                                 for name in kept}})

        # A new version on the server: the next start fetches it whole beside the running
        # one and says so; the start after is wholly the new one (never a mix).
        title = "document.querySelector('h1').textContent"
        script = [{"device": "test"}, {"load": SEED}, {"worker": "old"}, {"eval": title},
                  {"get": "__next"}, {"reload": True}, {"eval": title},
                  {"waitstatus": "A new version"}, {"status": "told"},
                  {"reload": True}, {"worker": "new"}, {"eval": title}]
        got = browse(versions.url, script)
        assert got["workers"]["old"]["caches"] == ["deckdelve-" + version]
        assert got["workers"]["new"]["caches"] == ["deckdelve-" + new]
        assert got["evals"] == ["DECKDELVE", "DECKDELVE", "DECKDELVE 2"]
        assert "A new version of Deckdelve is ready" in got["statuses"]["told"]["text"]
    finally:
        versions.close()
