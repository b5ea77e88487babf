"""host_sim pieces that the golden screens do not cover: the terminal's half-block picture,
the OLED-look scaling, the data folder default."""

import os

from host_sim import render, terminal
from host_sim.__main__ import default_data_dir, parse_args
from host_sim.sim import Sim


def test_terminal_half_blocks_match_the_pixels():
    buf = bytearray(1024)
    buf[0] = 0b01  # (0,0) lit, (0,1) dark
    buf[1] = 0b10  # (1,0) dark, (1,1) lit
    buf[2] = 0b11
    lines = terminal.frame_lines(buf)
    assert len(lines) == 32 and all(len(ln) == 128 for ln in lines)
    assert lines[0][:4] == "\u2580\u2584\u2588 "


def test_scaled_image_has_oled_look_and_exact_size(tmp_path):
    sim = Sim(str(tmp_path), seed=1)
    big = sim.image(4)
    assert big.size == (512, 256) and big.mode == "RGB"
    one = sim.image(1)
    # every lit 1:1 pixel is lit (pale) in the middle of its 4x4 block
    px1, px4 = one.load(), big.load()
    for y in range(64):
        for x in range(128):
            r, g, b = px4[x * 4 + 2, y * 4 + 2]
            assert (px1[x, y] != 0) == (r > 100), (x, y)


def test_ascii_dump_matches_image(tmp_path):
    sim = Sim(str(tmp_path), seed=1)
    text = sim.ascii().splitlines()
    px = sim.image(1).load()
    assert all((text[y][x] == "#") == (px[x, y] != 0) for y in range(64) for x in range(128))
    assert render.to_ascii(bytes(1024)).count("#") == 0


def test_default_data_dir_is_per_user(monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", "/tmp/xdg-test")
    mac = os.path.expanduser("~/Library/Application Support/deckdelve")
    if os.name == "posix":
        assert default_data_dir() in ("/tmp/xdg-test/deckdelve", mac)


def test_headless_flags_parse():
    a = parse_args(["--game", "red_queen", "--seed", "7", "--keys", "rraab..", "--scale", "2"])
    assert a.game == "red_queen" and a.seed == 7 and a.scale == 2


def test_a_headless_run_removes_its_temporary_data_folder(tmp_path, monkeypatch):
    import tempfile

    from host_sim.__main__ import main

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    shot = tmp_path / "shot.png"
    assert main(["--game", "solatro", "--seed", "1", "--keys", "A", "--screenshot",
                 str(shot)]) == 0
    assert shot.exists() and os.listdir(str(tmp_path)) == ["shot.png"]
    kept = tmp_path / "kept"
    assert main(["--keys", "A", "--data", str(kept)]) == 0
    assert kept.is_dir()  # a folder given with --data is the player's: it stays


def test_the_key_map_and_legend_have_one_home():
    from host_sim import __main__ as cli
    from host_sim import sim

    assert terminal.KEYMAP is sim.KEYMAP and cli.LEGEND is sim.LEGEND
    assert terminal.LEGEND is sim.LEGEND and sim.KEYMAP["z"] == "A"
    # the A and B keys press A and B (every screen says PRESS A); only arrows move
    assert sim.KEYMAP["a"] == "A" and sim.KEYMAP["b"] == "B"
    assert {k for k, v in sim.KEYMAP.items() if v in "UDLR"} == {"Up", "Down", "Left", "Right"}


def test_a_game_with_options_starts_on_its_menus_choice_without_options(tmp_path, capsys):
    # As on the device: the option the game's menu offers first, the one last played (kept in
    # --data's settings), else its default (Mini Rogue's port: Normal); --help says so.
    import pytest

    from deckdelve import menus
    from host_sim.__main__ import main

    assert parse_args(["--game", "mini_rogue"]).options == ""
    sim = Sim(str(tmp_path / "fresh"), seed=1, game="mini_rogue", options=None)
    assert sim.app.stack[-1].options == ("normal",)
    sim = Sim(str(tmp_path / "fresh"), seed=1, game="rogue_solitaire", options=None)
    assert sim.app.stack[-1].options == ()  # Quick play, its first
    played = Sim(str(tmp_path / "played"), seed=1)
    menus.remember(played.app, "mini_rogue", 3)  # Hell, as the menu keeps it
    played.app.after_show()  # (written once the frame is on the display, as the loop does)
    sim = Sim(str(tmp_path / "played"), seed=1, game="mini_rogue", options=None)
    assert sim.app.stack[-1].options == ("hell",)
    assert main(["--game", "mini_rogue", "--seed", "9", "--keys", "A", "--screenshot",
                 str(tmp_path / "x.png")]) == 0
    with pytest.raises(SystemExit):
        parse_args(["--help"])
    assert "last played" in " ".join(capsys.readouterr().out.split())


def test_a_game_started_with_game_is_recorded_as_played(tmp_path):
    # Issue 33: --game plays the game as its menu would start it: the next start offers it
    # first in the list of games, its menu the options it was started with, and its
    # first-start message ("First game of ...?") is not shown again.
    from deckdelve import registry

    data = str(tmp_path / "d")
    Sim(data, seed=1, game="mini_rogue", options=("hard",))
    sim = Sim(data, seed=2)  # the next power-on, at the title
    sim.keys("A")  # the list of games, under the collection's how-to (never seen: read it)
    for _ in range(4):
        if type(sim.app.stack[-1]).__name__ == "Menu":
            break
        sim.keys("A")
    games = sim.app.stack[-1]
    keys = [g[0] for g in registry.GAMES]
    assert type(games).__name__ == "Menu" and games.index == keys.index("mini_rogue")
    sim.keys("A")  # its menu: on Hard, as started
    menu = sim.app.stack[-1]
    assert menu.items[menu.index] == "Hard", menu.items[menu.index]
    sim.keys("A")  # a new game at once: no first-start message
    assert type(sim.app.stack[-1]).__name__ == "GameHost"
    assert sim.app.stack[-1].options == ("hard",)
