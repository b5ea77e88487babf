"""The Deckdelve firmware image (tools/ship/firmware.py, `make firmware BOARD=...`) and the inputs
from outside the repository it is built from (tools/ship/inputs.py).

- Every board's .uf2: RP2040 blocks that all lie below the rp2 port's filesystem (writing it
  can never touch the player's files), with that board's wiring and the collection frozen in;
  a second build of the same inputs comes from the cache.
- The image's own module (deckdelve/image.py) read by the firmware under real MicroPython:
  the rules help from it equals the help files, page for page on screen; its board is used
  when no /board.json is on flash.
- On the emulated Pico: the image written over a Pico that `make flash` had set up, with a
  saved run, scores and a campaign on its flash: its own code runs (not the old copy left on
  flash), and the title's menus offer that run, those scores and that campaign, frame for
  frame as the simulator shows them.
- tools/ship/inputs.py: a download is checked by SHA-256 and cached; a wrong one is refused and
  not kept; a missing input says what and how to get it; tests skip on it, but not under CI.

Building needs MicroPython's sources and the ARM toolchain (tools/ship/inputs.py and
tools/ship/firmware.py find, fetch or install them); where they can be neither found nor fetched
the tests that need them are skipped with the command that gets them (never under CI=true).
"""

import hashlib
import http.server
import os
import struct
import subprocess
import sys
import threading

import outside
import pytest

from tools.pico import bench_pico
from tools.ship import firmware, inputs, mpy, rp2_port

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture(scope="module")
def images():
    """{board: path} of every board's image (built once for the module, cached after)."""
    return {board: outside.need(firmware.build, board) for board in firmware.known_boards()}


def test_every_boards_image_lies_below_the_filesystem_with_its_wiring(images):
    from deckdelve.hw import board as boardfile

    assert set(images) == {"ssd1306-i2c", "ssd1306-spi", "sh1106-i2c", "sh1106-spi", "picoboy"}
    for board, path in images.items():
        assert os.path.basename(path) == "deckdelve-%s-%s.uf2" % (firmware.version(), board)
        low, high, count = firmware.check(path)
        assert low == firmware.XIP_BASE and high <= firmware.FS_START == 0x100A0000, (board, high)
        assert count * 256 >= high - low  # no gap left unwritten in between
        payload = b"".join(p for _a, p in firmware.blocks(path))
        # the collection, its main.py and the image's module are frozen in
        for name in (b"deckdelve/boot.py", b"deckdelve/games/the_four.py", b"main.py",
                     b"deckdelve/image.py"):
            assert name in payload, (board, name)
        wiring = boardfile.load(os.path.join(firmware.BOARDS, board + ".json"))
        assert wiring["title"].encode() in payload, board
        module = {}
        exec(firmware.image_module(board).decode(), module)
        assert module["WIRING"] == wiring and module["BOARD"] == board
        assert module["MICROPYTHON"] == inputs.MICROPYTHON_TAG
        assert set(module["HELP"]) == {f[:-4] for f in os.listdir(firmware.HELP)}
    # a board changes only its own module: the images differ, the code in them does not
    a = firmware.blocks(images["ssd1306-i2c"])
    b = firmware.blocks(images["picoboy"])
    # (a board's wiring is a few bytes of the image's own module: enough to tip the image over
    # a 256-byte block)
    assert a != b and abs(len(a) - len(b)) <= 1


def test_the_images_hot_runtime_runs_from_ram(images):
    """tools/ship/ram_code.py: every function of RAM_OBJECTS is linked in the RP2040's SRAM
    (where no XIP cache miss can happen), the VM's opcode table too; the rest of the runtime
    stays in flash. (The rp2 port's own script meant vm.c for RAM, and matched nothing.)"""
    from tools.pico.pico_emu import sections
    from tools.ship import ram_code

    with open(firmware.linker_map("ssd1306-i2c")) as f:
        placed = sections(f.read())
    def where(path, kind):
        """The top hex digit of each address of the object's .text or .rodata sections."""
        return {start >> 28 for start, _size, name, obj in placed
                if obj.endswith("/" + path) and name.split(".")[1] == kind}

    for path in ram_code.RAM_OBJECTS:
        assert where(path, "text") == {2}, (path, where(path, "text"))
    # (py/runtime.c.o in RAM, not the SDK's pico_runtime/runtime.c.o)
    assert where("pico_runtime/runtime.c.o", "text") == {1}
    assert where("py/vm.c.o", "rodata") == {2}
    # the frozen bytecode and the rest of the runtime stay in flash
    assert where("frozen_content.c.o", "rodata") == {1}
    for path in ("py/parse.c.o", "py/objstr.c.o", "littlefs/lfs2.c.o", "py/modbuiltins.c.o"):
        assert where(path, "text") == {1}, path


def test_the_linker_script_is_made_from_the_ports_own(tmp_path):
    from tools.ship import ram_code

    tree = outside.need(inputs.micropython)
    text = ram_code.linker_script(tree)
    assert ram_code.PORT_TEXT not in text and "*/py/vm.c.o */py/bc.c.o" in text
    assert text.count("*/extmod/modframebuf.c.o") == 1
    # a script that is not the one it knows: the build says so, it does not guess
    port = tmp_path / "micropython" / "ports" / "rp2"
    port.mkdir(parents=True)
    (port / ram_code.PORT_SCRIPT).write_text("SECTIONS { .text : { *(.text*) } }\n")
    with pytest.raises(rp2_port.Failure, match="the pinned sources changed"):
        ram_code.linker_script(str(tmp_path))


def test_a_second_build_of_the_same_inputs_comes_from_the_cache(images, monkeypatch, tmp_path):
    def no_build(*_args):
        raise AssertionError("built again: the cache was not used")

    monkeypatch.setattr(rp2_port, "build", no_build)
    again = firmware.build("ssd1306-i2c", out=str(tmp_path))
    with open(again, "rb") as f, open(images["ssd1306-i2c"], "rb") as g:
        assert f.read() == g.read()


def test_a_uf2_reaching_the_filesystem_is_refused(tmp_path):
    # One block at the filesystem's first address: writing it would damage the player's files.
    block = struct.pack("<8I", firmware.UF2_MAGIC[0], firmware.UF2_MAGIC[1],
                        firmware.UF2_FAMILY_FLAG, firmware.FS_START - 128, 256, 0, 1,
                        firmware.RP2040_FAMILY) + bytes(476) + struct.pack(
                            "<I", firmware.UF2_MAGIC[2])
    path = tmp_path / "bad.uf2"
    path.write_bytes(block)
    with pytest.raises(firmware.Failure, match="reaches the filesystem"):
        firmware.check(str(path))
    path.write_bytes(block[:100])
    with pytest.raises(firmware.Failure, match="not a UF2 file"):
        firmware.check(str(path))


def test_firmware_command_line_errors(tmp_path):
    def run(*args):
        return subprocess.run([sys.executable, "-m", "tools.ship.firmware", *args], cwd=mpy.ROOT,
                              capture_output=True, text=True, timeout=60)

    for args, words in ((("build",), "which board?"),
                        (("build", "--board", "nope"), "unknown board 'nope'"),
                        (("check", str(tmp_path / "none.uf2")), "No such file"),
                        (("boards", "--bogus"), "unrecognized arguments")):
        r = run(*args)
        assert r.returncode != 0, args
        assert len(r.stderr.strip().splitlines()) == 1 and words in r.stderr, (args, r.stderr)
        assert "Traceback" not in r.stderr


IMAGE_CHECK = """
# The firmware reading the image's module (made by tools/ship/firmware.py), under MicroPython.
import hashlib
import sys

import framebuf
import frozen_image
from deckdelve import boot, registry
from deckdelve.helpview import RIGHT, Help, help_path, help_source, laid_out, layout, open_help
from deckdelve.hw import board


def pages(key):
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    h = Help(None, key, "RULES")
    out = []
    while True:
        fb.fill(0)
        h.draw(fb)
        out.append(hashlib.sha256(buf).digest())  # each page, in a few bytes
        top = h.top
        h.press(RIGHT)
        if h.top == top:
            return out, top


def earned():
    # every achievement's "how earned", read from the help text (achievements.py)
    from deckdelve.achievements import how_earned
    from deckdelve.games import rogue_solitaire

    return [how_earned("rogue_solitaire", name) for name in rogue_solitaire.ACHIEVEMENTS]


from_files = {}
assert not boot.in_image()
for entry in registry.GAMES:
    from_files[entry[0]] = pages(entry[0])
hows = earned()
assert all(hows), hows
sys.modules["deckdelve.image"] = frozen_image  # as frozen in the image
assert boot.in_image()
files_at = help_path("red_queen")
import deckdelve

deckdelve.__file__ = "no/such/folder/__init__.py"  # and no help files beside the package
assert not help_path("red_queen").startswith(files_at[:-len("red_queen.txt")])
assert board.installed("no/board.json") == board.load("boards/ssd1306-i2c.json")
assert earned() == hows
for entry in registry.GAMES:
    key = entry[0]
    assert help_source(key) is frozen_image.HELP[key]  # read in place, not copied
    with open_help(help_source(key)) as f:
        text = f.read()
    with open(files_at[:-len("red_queen.txt")] + key + ".txt", "rb") as f:
        assert f.read() == text, key
    with open_help(help_source(key)) as f, open(files_at[:-len("red_queen.txt")] + key + ".txt",
                                                "rb") as g:
        assert bytes(layout(f, 124)[0]) == bytes(layout(g, 124)[0]), key
    # the layout the image carries (made on the desk) is the one the Pico would make
    with open(files_at[:-len("red_queen.txt")] + key + ".txt", "rb") as g:
        starts, ends = layout(g, 124)
    assert laid_out(key) == (starts, ends) and len(starts) > 50, key
    got = pages(key)
    assert got == from_files[key], key
    print("HELP", key, len(got[0]), "pages")
try:
    open_help(help_source("no_such_game"))
    raise AssertionError("no help for an unknown game")
except OSError:
    pass
print("IMAGE OK")
"""


def test_the_images_help_and_board_as_the_firmware_reads_them(tmp_path):
    # Under real MicroPython with the generated module on the path as deckdelve.image: the
    # help read in place from its bytes draws every page as the files do; its board stands in
    # for a missing /board.json. (On the Pico the module is frozen; here it is compiled.)
    # (RAM is not what this checks: the help texts are in RAM here, in flash on a Pico)
    source = tmp_path / "frozen_image.py"
    source.write_bytes(firmware.image_module("ssd1306-i2c"))
    r = subprocess.run([mpy.tool("mpy-cross"), str(source)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    source.unlink()
    (tmp_path / "check.py").write_text(IMAGE_CHECK)
    r = mpy.run([str(tmp_path / "check.py")], heap="256K", path_extra=[str(tmp_path)])
    assert r.returncode == 0 and "IMAGE OK" in r.stdout, r.stdout + r.stderr
    assert r.stdout.count("HELP ") == len(os.listdir(firmware.HELP))


def _old_install_with_saves():
    """The data folder of a Pico `make flash` had set up and played on: bench_pico's (settings,
    a The Four campaign in slot 1), a saved Red Queen run and a Red Queen score, all made by
    the simulator. {name: bytes}."""
    import tempfile

    from host_sim.sim import Sim

    from deckdelve.store import Store

    folder = tempfile.mkdtemp(prefix="deckdelve-upgrade-")
    for name, content in bench_pico.data_files().items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(content)
    s = Sim(folder, seed=3, game="red_queen")
    s.keys("RARR" + "BUU" + "A")  # a few moves, then the pause menu's "Save and quit"
    assert Store(folder).add_score("red_queen", 77, "ZED", "fled") == 0
    files = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as f:
            files[name] = f.read()
    assert {"run_red_queen.sav", "scores.dat", "camp_the_four_0.sav"} <= set(files), files
    return files


def upgrade_steps(files):
    """The Red Queen game menu, its scores, then The Four's slots and slot 1, from the title
    (the list of games opens on the game last played, as the data folder's settings say)."""
    import tempfile

    from host_sim.sim import Sim

    from deckdelve import registry

    folder = tempfile.mkdtemp(prefix="deckdelve-upgrade-keys-")
    for name, content in files.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(content)
    s = Sim(folder, seed=bench_pico.SEED)
    s.keys("A")
    games = s.app.stack[-1]
    down = (bench_pico.game_index("red_queen") - games.index) % len(games.items)
    to_four = bench_pico.game_index("the_four") - bench_pico.game_index("red_queen")
    assert len(games.items) == len(registry.GAMES) + 1 and to_four > 0
    return [("title", ""), ("menus", "A" + "D" * down + "A"), ("menus", "DDA"),
            ("menus", "BB" + "D" * to_four + "A"), ("menus", "A")]


@pytest.mark.slow
def test_the_image_over_a_make_flash_install_runs_itself_and_keeps_the_saves(images):
    from test_pico_emulator import assert_frames_are_the_simulators

    # What `make flash` left on the Pico: its main.py, its board file, the code as .mpy, with
    # the package's __init__ replaced by one that stops the boot: if the old copy on flash
    # were imported in place of the image's code, the run would fail here.
    poisoned = os.path.join(mpy.ROOT, "build", "poisoned_init.py")
    os.makedirs(os.path.dirname(poisoned), exist_ok=True)
    with open(poisoned, "w") as f:
        f.write("raise ImportError('the old deckdelve/ on flash ran, not the image')\n")
    r = subprocess.run([mpy.tool("mpy-cross"), "-o", poisoned[:-3] + ".mpy", poisoned],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    with open(poisoned[:-3] + ".mpy", "rb") as f:
        extra = {"/deckdelve/__init__.mpy": f.read()}
    files = _old_install_with_saves()
    steps = upgrade_steps(files)
    try:
        log = outside.need(bench_pico.run, steps, firmware=images["ssd1306-i2c"],
                           route="mpy", data=files, extra=extra)
    except bench_pico.Failure as e:
        pytest.fail("the emulated Pico could not run: %s" % e, pytrace=False)
    pico = assert_frames_are_the_simulators(log, steps, files)
    assert len(pico) >= 5
    # What those frames show, as the simulator's menus hold it: the run, the score, the slot.
    from host_sim.sim import Sim

    import tempfile

    folder = tempfile.mkdtemp(prefix="deckdelve-upgrade-sim-")
    for name, content in files.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(content)
    s = Sim(folder, seed=bench_pico.SEED)
    s.keys(steps[1][1])
    assert s.app.stack[-1].items[0] == "Continue saved run"
    s.keys(steps[2][1])
    assert s.app.stack[-1].entries == [[77, "ZED", "fled"]]
    s.keys(steps[3][1])
    assert s.app.stack[-1].items[0].startswith("1 ") and "empty" not in s.app.stack[-1].items[0]
    s.keys(steps[4][1])
    assert s.app.stack[-1].items == ["Continue", "Delete"]


# ---- tools/ship/inputs.py ---------------------------------------------------------------------

FAKE_ROM = "// a stand-in bootrom\nexport const bootromB1 = new Uint32Array([\n  0x12345678,\n  0x9abcdef0,\n]);\n"  # noqa: E501


class _Server:
    """A local web server for one folder (stands in for the real download sites)."""

    def __init__(self, folder):
        handler = lambda *a: http.server.SimpleHTTPRequestHandler(*a, directory=folder)
        http.server.SimpleHTTPRequestHandler.log_message = lambda *_a: None
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = "http://127.0.0.1:%d/" % self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()


@pytest.fixture
def no_shared(monkeypatch, tmp_path):
    """inputs as on a public clone: no ../shared anywhere, an empty cache, no settings."""
    monkeypatch.setattr(inputs, "shared_dir", lambda: None)
    monkeypatch.setenv("DECKDELVE_CACHE", str(tmp_path / "cache"))
    for name in ("PICO_BOOTROM", "PICO_FIRMWARE", "MICROPYTHON_SRC"):
        monkeypatch.delenv(name, raising=False)


def test_a_download_is_checked_by_sha256_and_cached(no_shared, monkeypatch, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "bootrom.ts").write_text(FAKE_ROM)
    words = struct.pack("<2I", 0x12345678, 0x9ABCDEF0)
    monkeypatch.setattr(inputs, "BOOTROM_SHA256", hashlib.sha256(words).hexdigest())
    server = _Server(str(site))
    try:
        monkeypatch.setattr(inputs, "BOOTROM_URL", server.url + "bootrom.ts")
        path = inputs.bootrom()
        assert path.startswith(str(tmp_path / "cache")) and inputs.bootrom_bytes(path) == words
        # a second time from the cache: the site is gone
        server.close()
        assert inputs.bootrom() == path
        # not fetched when the status is only asked for
        os.unlink(path)
        with pytest.raises(inputs.Missing, match="not fetched"):
            inputs.bootrom(fetching=False)
    finally:
        server.close()


def test_a_wrong_download_is_refused_and_not_kept(no_shared, monkeypatch, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "bootrom.ts").write_text(FAKE_ROM.replace("0x12345678", "0x12345679"))
    monkeypatch.setattr(inputs, "BOOTROM_SHA256",
                        hashlib.sha256(struct.pack("<2I", 0x12345678, 0x9ABCDEF0)).hexdigest())
    server = _Server(str(site))
    try:
        monkeypatch.setattr(inputs, "BOOTROM_URL", server.url + "bootrom.ts")
        with pytest.raises(inputs.Missing, match="another SHA-256"):
            inputs.bootrom()
        assert not os.path.exists(tmp_path / "cache" / "inputs" / inputs.BOOTROM_NAME)
    finally:
        server.close()


def test_an_input_neither_found_nor_fetched_says_how_to_get_it(no_shared, monkeypatch):
    monkeypatch.setattr(inputs, "BOOTROM_URL", "http://127.0.0.1:9/bootrom.ts")  # refused
    with pytest.raises(inputs.Missing) as e:
        inputs.bootrom()
    assert "download failed" in str(e.value) and "python -m tools.ship.inputs get bootrom" in str(
        e.value)
    monkeypatch.setenv("PICO_BOOTROM", "/no/such/bootrom.mjs")
    with pytest.raises(inputs.Missing, match="PICO_BOOTROM=/no/such/bootrom.mjs"):
        inputs.bootrom()
    monkeypatch.setenv("MICROPYTHON_SRC", "/no/such/folder")
    with pytest.raises(inputs.Missing, match="does not hold micropython/"):
        inputs.micropython()


def test_sources_from_git_must_be_the_pinned_commit(no_shared, monkeypatch, tmp_path):
    # A repository whose tag v1.28.0 is another commit: cloned, checked, refused, not kept.
    repo = tmp_path / "mirror"
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t")
    for cmd in (["git", "init", "-q", str(repo)],
                ["git", "-C", str(repo), "commit", "-q", "--allow-empty", "-m", "x"],
                ["git", "-C", str(repo), "tag", inputs.MICROPYTHON_TAG]):
        subprocess.run(cmd, check=True, env=env, capture_output=True)
    monkeypatch.setenv("DECKDELVE_MICROPYTHON_GIT", str(repo))
    with pytest.raises(inputs.Missing, match="not the pinned e0e9fbb17ed6"):
        inputs.micropython()
    assert not os.path.exists(tmp_path / "cache" / ("micropython-" + inputs.MICROPYTHON_TAG))


def test_the_archive_in_shared_must_be_the_pinned_one(no_shared, monkeypatch, tmp_path):
    fake = tmp_path / inputs.SOURCES_ARCHIVE
    fake.write_bytes(b"not the sources")
    monkeypatch.setattr(inputs, "_shared", lambda *parts: str(fake))
    with pytest.raises(inputs.Missing, match="not the pinned 018b8d9e55d3"):
        inputs.micropython()


def test_a_missing_input_skips_a_test_but_fails_it_under_ci(monkeypatch):
    def missing():
        raise inputs.Missing("the thing is not here: get it with `make thing`")

    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="get it with `make thing`"):
        outside.need(missing)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true and an input is missing"):
        outside.need(missing)
    assert outside.need(lambda x: x + 1, 1) == 2


def test_inputs_command_line(monkeypatch):
    r = subprocess.run([sys.executable, "-m", "tools.ship.inputs", "get", "nothing"], cwd=mpy.ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "no input 'nothing'" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_make_release_holds_every_image_the_web_player_and_their_sums(images, tmp_path):
    import webtools

    from tools.ship import release

    webtools.npm_ci()
    made = release.release(str(tmp_path / "release"))
    names = sorted(os.path.basename(p) for p in made)
    version = firmware.version()
    assert names == sorted(["RELEASE-NOTES.md", "SHA256SUMS", "deckdelve-%s-web.zip" % version]
                           + [os.path.basename(p) for p in images.values()])
    folder = tmp_path / "release"
    sums = (folder / "SHA256SUMS").read_text().splitlines()
    assert len(sums) == len(images) + 1
    for line in sums:
        digest, name = line.split("  ")
        assert hashlib.sha256((folder / name).read_bytes()).hexdigest() == digest, name
    notes = (folder / "RELEASE-NOTES.md").read_text()
    for name in names:
        if name != "RELEASE-NOTES.md":
            assert "`%s`" % name in notes, name
    assert inputs.MICROPYTHON_TAG in notes and "BOOTSEL" in notes
    import zipfile

    with zipfile.ZipFile(folder / ("deckdelve-%s-web.zip" % version)) as z:
        inside = {os.path.basename(n) for n in z.namelist()}
    assert {"index.html", "firmware.pack", "micropython.wasm"} <= inside
