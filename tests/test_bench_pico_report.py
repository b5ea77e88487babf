"""tools/pico/bench_pico.py's report from a runner's log, without the emulator: which frames count
as a press, as drawing, as an animation, and which goals it says are missed."""

from tools.pico import bench_pico


def frame(label, cycles, draw, press=None, redrawn=True, pushed=True, shown=None):
    # (shown: to the end of the push; the rest of the frame, a save put off until then)
    return {"n": 0, "label": label, "press": press, "cycles": cycles, "draw": draw,
            "shown": cycles if shown is None else shown,
            "redrawn": redrawn, "pushed": pushed, "bytes": 128 if pushed else 0, "at": 1}


def log(play, menus=(), pause=()):
    key = bench_pico.TOUR[0][0]
    frames = [frame("title", 3_000_000, 900_000)]
    frames += [frame("menus", c, d, "a") for c, d in menus]
    frames += [frame(key + "/enter", 10_000_000, 9_000_000, "a")]
    frames += play
    frames += [frame(key + "/pause", c, d, "b") for c, d in pause or [(3_000_000, 800_000)]]
    frames += [frame(key + "/leave", 9_000_000, 8_000_000, "a")]
    probes = [{"label": "title", "line": "PROBE free=200000 frame_alloc=0"},
              {"label": key + "/play", "line": "PROBE free=160000 frame_alloc=0"}]
    return {"frames": frames, "probes": probes}


def test_drawing_alone_counts_every_redraw_and_a_press_may_push_for_long():
    key = bench_pico.TOUR[0][0]
    play = [frame(key + "/play", 4_000_000, 1_000_000, "right"),  # a whole push on I2C
            frame(key + "/play", 1_500_000, 1_100_000, "left"),
            frame(key + "/play", 1_300_000, 1_300_000, None),  # an animation frame drawn slowly
            frame(key + "/play", 90_000, 90_000, None, redrawn=False, pushed=False),  # settling
            frame(key + "/idle", 40_000, 40_000, None, redrawn=False, pushed=False)]
    s = bench_pico.summarize(log(play, menus=[(3_000_000, 700_000)]))
    row = s["games"][0]
    # (the presses in the pause menu count as the game's: 3.0 M, drawn in 0.8 M)
    assert row["press"] == (3_000_000, 4_000_000)
    assert row["draw"] == 1_300_000 and row["draw_median"] == 1_000_000
    assert row["animation"] == 1_300_000 and row["idle"] == 40_000
    assert s["menu_draw"] == (700_000, 700_000)
    missed = bench_pico.goals_missed(s)
    # the 4.0 M press is within its push + 1.25 M: only the slow animation frame is missed
    assert missed == ["%s: drawing takes up to 1.30 M (goal 1.25 M)" % key], missed
    assert "| 1.00 M | 1.30 M |" in bench_pico.markdown(s)


def test_the_menus_drawing_is_held_to_the_goal_too():
    key = bench_pico.TOUR[0][0]
    play = [frame(key + "/play", 2_000_000, 900_000, "down")]
    s = bench_pico.summarize(log(play, menus=[(3_000_000, 700_000), (5_000_000, 2_000_000)],
                                 pause=[(4_000_000, 1_000_000)]))
    assert s["games"][0]["draw"] == 1_000_000  # (the pause menu's presses are the game's)
    assert bench_pico.goals_missed(s) == ["menus: drawing takes up to 2.00 M (goal 1.25 M)"]


def test_on_spi_the_press_itself_is_held_to_the_goal_and_the_bus_is_named():
    key = bench_pico.TOUR[0][0]
    play = [frame(key + "/play", 2_600_000, 1_100_000, "down")]
    spi = log(play, menus=[(2_000_000, 700_000)])
    spi["bus"] = {"kind": "spi", "hz": 10416666, "asked_hz": 10000000}
    s = bench_pico.summarize(spi)
    missed = bench_pico.goals_missed(s)
    # (the pause menu's 3.0 M press is the game's worst)
    assert missed == ["%s: a press takes up to 3.00 M (goal 2.50 M on SPI)" % key], missed
    assert "SSD1306 on SPI at 10.4 MHz" in bench_pico.markdown(s)
    i2c = bench_pico.summarize(log(play, menus=[(2_000_000, 700_000)]))
    assert bench_pico.goals_missed(i2c) == []  # the same presses are within the push + 1.25 M
    assert "SSD1306 on I2C at 400 kHz" in bench_pico.markdown(i2c)


def test_a_press_entering_and_leaving_count_to_the_answer_on_screen_and_rules_are_held_too():
    """A save put off until the frame is on the display (App.later) is not the wait for the
    answer; opening a rules page or a slot menu is held to the 100 ms of entering a game."""
    key = bench_pico.TOUR[0][0]
    play = [frame(key + "/play", 9_000_000, 900_000, "a", shown=2_000_000)]
    lg = log(play)
    at = [f["label"] for f in lg["frames"]].index(key + "/enter")
    lg["frames"][at] = frame(key + "/enter", 20_000_000, 8_000_000, "a", shown=11_000_000)
    lg["frames"].append(frame(key + "/rules", 14_000_000, 12_000_000, "a"))
    lg["frames"].append(frame(key + "/slots", 5_000_000, 4_000_000, "a"))
    s = bench_pico.summarize(lg)
    row = s["games"][0]
    assert row["press"][1] == 3_000_000  # (the pause menu's 3.0 M: the 9.0 M frame saved after)
    assert row["enter"] == 11_000_000 and row["rules"] == 14_000_000
    assert row["slots"] == 5_000_000
    assert bench_pico.goals_missed(s) == [
        "%s: opening its rules takes 14.00 M (goal 12.5 M)" % key]
    assert "rules page from its pause menu, to the page on screen: %s 14.00 M" % key in (
        bench_pico.markdown(s))
