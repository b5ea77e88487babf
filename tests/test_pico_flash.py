"""Saves on the real firmware: the emulated Pico (tools/pico/run.mjs, driven through
tools/pico/pico_flash.py) erases and programs its flash as the rp2 port asks, so every kind of save
is made by the stock MicroPython image through the bootrom's flash functions, with the flash
chip's timing.

- The runner: what it leaves on flash is what its own log of operations rebuilds (NOR
  semantics); a power cut it makes at an instant leaves exactly the image tools/pico/pico_flash.py
  rebuilds offline for that instant and seed (so the cuts below need no emulator run each);
  the flash is programmed with interrupts off and no code fetched from flash meanwhile.
- Every board in boards/ boots its firmware on its own display model (SSD1306 or SH1106, on I2C
  or SPI, its pins, B on BOOTSEL for the PicoBoy) and draws what the simulator draws.
- Reboots: settings changed, a top-5 score entered, a game saved and quit, a campaign of The
  Four played: the Pico is reset and what it shows is the simulator's, frame for frame, from
  the files the simulator itself saved (and the Pico's files load as the simulator's).
- Power cuts: every kind of file the firmware writes, cut at 50 or more seeded instants over the
  whole window of its save; each image loads (firmware's loaders, MicroPython unix port) as
  before the save or after it; a seeded sample of them boots on the emulated Pico through the
  title and menus, frame for frame the simulator's, with no traceback and nothing set aside.
  (The long form, every distinct image booted: `make power-cuts`.)

Both routes onto a Pico where it matters (bench_pico.ROUTES): the stock MicroPython image with
the code as .mpy on flash, and the Deckdelve image (tools/ship/firmware.py, the code frozen in).
Needs what tests/test_pico_emulator.py needs (node, npm; the bootrom, the stock image and, for
the frozen route, the image's build inputs, which tools/ship/inputs.py finds or fetches: a test
that cannot have one is skipped with the command that gets it, never under CI=true). About
four minutes on one core.
"""

import os
import tempfile

import outside
import pytest

from tools.pico import bench_pico, flash_image, power_cuts, save_costs, save_scenarios
from tools.ship import deploy

BOARDS = sorted(f[:-5] for f in os.listdir(deploy.BOARDS) if f.endswith(".json"))
BOOTED = 1  # distinct cut images booted per kind here (make power-cuts boots them all)


@pytest.fixture(scope="module")
def scenarios():
    try:
        return {sc.name: sc for sc in save_scenarios.scenarios()}
    except bench_pico.Failure as e:
        pytest.fail(str(e), pytrace=False)


_recorded = {}


def recording(sc, route="mpy"):
    """Each scenario recorded once a route for this module (typical flash timing)."""
    if (sc.name, route) not in _recorded:
        try:
            _recorded[sc.name, route] = outside.need(save_scenarios.record, sc, route=route)
        except bench_pico.Failure as e:
            pytest.fail("%s (%s): %s" % (sc.name, route, e), pytrace=False)
    return _recorded[sc.name, route]


# ---- the runner ------------------------------------------------------------------------------
@pytest.mark.slow
def test_the_flash_holds_what_its_operations_wrote_and_a_cut_is_rebuilt_offline(scenarios):
    sc = scenarios["campaign"]
    rec = recording(sc)
    log = rec.log
    assert log["flash"]["erases"] >= 1 and log["flash"]["programs"] >= 10, log["flash"]
    # programmed with interrupts off, nothing run from flash meanwhile (checked: an error if so)
    assert log["flash"]["xip_off"] >= 6, log["flash"]
    assert log["flash"]["checked"] >= 10 * log["flash"]["xip_off"], log["flash"]
    assert flash_image.rebuild(rec.base, rec.ops) == rec.image
    # typical W25Q16JV timing: a page 0.4 ms + its bytes at clk_sys/6, a sector 45 ms
    for op in rec.ops:
        want = (5 + op["len"]) * 48 + 50_000 if op["kind"] == "P" else 5 * 48 + 5_625_000
        assert op["t1"] - op["t0"] == want, op
    # Power cuts by the runner itself: inside the first erase (its sector left part erased),
    # inside a page program, between two operations. The image it leaves is the offline one.
    ops = rec.ops
    erase = next(op for op in ops if op["kind"] == "E")
    program = next(op for op in ops if op["kind"] == "P" and op["t0"] > erase["t1"])
    gap = next(a for a, b in zip(ops, ops[1:])
               if a["t0"] > erase["t1"] and b["t0"] > a["t1"] + 1000)
    for cut, seed in ((erase["t0"] + 3_000_000, 7), (program["t0"] + 30_000, 11),
                      (gap["t1"] + 500, 3)):
        with tempfile.TemporaryDirectory() as work:
            path = os.path.join(work, "base.img")
            out = os.path.join(work, "cut.img")
            with open(path, "wb") as f:
                f.write(rec.base)
            cut_log = outside.need(bench_pico.emulate, save_scenarios.script(sc.steps()), path,
                                   flash_out=out, cut=cut, cut_seed=seed)
            with open(out, "rb") as f:
                image = f.read()
        assert cut_log["cut"]["at"] == cut
        expected = flash_image.rebuild(rec.base, rec.ops, cut, seed)
        assert image == expected, "cut at %d (seed %d) differs from the offline rebuild" % (
            cut, seed)
        assert expected not in (rec.base, rec.image)  # (a cut in the midst of the saves)


@pytest.mark.slow
def test_worst_case_timing_charges_the_datasheet_maximum(scenarios):
    sc = scenarios["settings"]
    typical = recording(sc)
    try:
        worst = outside.need(save_scenarios.record, sc, timing="worst")
    except bench_pico.Failure as e:
        pytest.fail(str(e), pytrace=False)
    assert worst.log["flash"]["timing"] == "worst"
    assert [op["kind"] for op in worst.ops] == [op["kind"] for op in typical.ops]
    for op in worst.ops:  # a page 3 ms, a sector 400 ms at most (W25Q16JV)
        want = (5 + op["len"]) * 48 + 375_000 if op["kind"] == "P" else 5 * 48 + 50_000_000
        assert op["t1"] - op["t0"] == want, op
    # the save's frame waits for the chip: longer by the difference (give or take an
    # interrupt handler or two: a longer wait leaves more timer ticks due)
    (kind, _s, t_wait, _b, _e), = save_costs.save_frames(typical)
    (_k, _s, w_wait, _b, _e), = save_costs.save_frames(worst)
    pages = sum(op["kind"] == "P" for op in typical.ops if op["label"] == "save")
    assert kind == "settings" and pages >= 3
    assert abs(w_wait - t_wait - pages * (375_000 - 50_000)) < 50_000, (t_wait, w_wait)


# ---- every board ------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("route", bench_pico.ROUTES)
@pytest.mark.parametrize("board", [b for b in BOARDS if b != bench_pico.BOARD])
def test_every_board_boots_and_draws_what_the_simulator_draws(board, route):
    # A Pico just flashed: the how-to (B skips it: the PicoBoy's B is BOOTSEL), a game's menu,
    # back to the title. (ssd1306-i2c: the tour, tests/test_pico_emulator.py.)
    sc = save_scenarios.Scenario("board", dict, "", (), None, None)
    steps = [("menus", "AB" + "DA" + "BB")]
    try:
        rec = outside.need(save_scenarios.record, sc, board=board, steps=steps, route=route)
    except bench_pico.Failure as e:
        pytest.fail("%s (%s): %s" % (board, route, e), pytrace=False)
    frames = rec.log["frames"]
    assert sum(1 for f in frames if f["press"]) == 6
    sim, files = save_scenarios.sim_frames(frames, {})
    why = save_scenarios.frames_differ(rec.log, sim, "board-" + board)
    assert why is None, why
    # the how-to's settings are on this board's flash too
    assert flash_image.canonical(flash_image.data_files(rec.image)) == flash_image.canonical(files)
    bus = rec.log["bus"]
    if bus["kind"] == "spi":
        # bytes at the SPI clock the firmware set (10 MHz asked, 8 MHz from the dividers):
        # from its first byte on, a frame lasts at least 8 bits a byte, 125e6 / hz cycles a bit
        assert bus["hz"] == 8_000_000, bus
        pushed = [f for f in frames if f["bytes"] >= 500]
        assert pushed
        for f in pushed:
            assert f["cycles"] - f["draw"] >= f["bytes"] * 8 * 125e6 / bus["hz"], f


# ---- reboots ------------------------------------------------------------------------------------
def reboot(sc, route):
    """The scenario played on the Pico and in the simulator; the Pico's files must load as the
    simulator's. Then the Pico is reset and plays sc.reboot; the simulator, on the files it
    saved itself, the same: frame for frame. Returns (the Pico's files after the saves, the
    reboot's recording)."""
    rec = recording(sc, route)
    assert rec.log["error"] is None
    _sim, files = save_scenarios.sim_frames(rec.log["frames"], sc.data(), bug=sc.bug)
    why = save_scenarios.frames_differ(rec.log, _sim, "%s-%s" % (sc.name, route))
    assert why is None, why
    saved = flash_image.data_files(rec.image)
    assert flash_image.canonical(saved) == flash_image.canonical(files)
    try:
        again = outside.need(save_scenarios.record, sc, image=rec.image, route=route,
                             steps=[("reboot", sc.reboot(files))])
    except bench_pico.Failure as e:
        pytest.fail("%s after a reset: %s" % (sc.name, e), pytrace=False)
    sim, _files = save_scenarios.sim_frames(again.log["frames"], files)
    why = save_scenarios.frames_differ(again.log, sim, "%s-%s-reboot" % (sc.name, route))
    assert why is None, why
    return saved, again


@pytest.mark.slow
@pytest.mark.parametrize("route", bench_pico.ROUTES)
def test_settings_changed_are_kept_after_a_reset(scenarios, route):
    saved, again = reboot(scenarios["settings"], route)
    assert flash_image.canonical(saved)["settings.dat"][3]["sound"] is False
    assert again.log["flash"]["programs"] == 0  # (leaving unchanged settings writes nothing)


@pytest.mark.slow
@pytest.mark.parametrize("route", bench_pico.ROUTES)
def test_a_top_score_and_an_achievement_are_shown_after_a_reset(scenarios, route):
    saved, _again = reboot(scenarios["rogue_end"], route)
    files = flash_image.canonical(saved)
    assert files["scores.dat"][3]["rogue_solitaire"][0][1] == "AAA"
    assert files["achieve.dat"][3]["rogue_solitaire"]
    assert "run_rogue_solitaire.sav" not in saved  # continued once: gone


@pytest.mark.slow
@pytest.mark.parametrize("route", bench_pico.ROUTES)
def test_a_game_saved_and_quit_continues_after_a_reset(scenarios, route):
    saved, again = reboot(scenarios["saved_run"], route)
    assert "run_red_queen.sav" in saved
    # continued: the run left the flash (continued once), its serial used up
    assert "run_red_queen.sav" not in flash_image.data_files(again.image)


@pytest.mark.slow
@pytest.mark.parametrize("route", bench_pico.ROUTES)
def test_a_campaign_continues_exactly_after_a_reset(scenarios, route):
    sc = scenarios["campaign"]
    saved, _again = reboot(sc, route)
    before = flash_image.canonical(sc.data())
    after = flash_image.canonical(saved)
    assert after["camp_the_four_0.sav"][3]["snap"] != before["camp_the_four_0.sav"][3]["snap"]


# ---- power cuts -------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("route", bench_pico.ROUTES)
def test_a_power_cut_at_any_instant_of_any_save_leaves_the_file_before_or_after(scenarios,
                                                                                  route):
    rows = []
    failures = []
    for sc in scenarios.values():
        rec = recording(sc, route)
        for kind, cuts in power_cuts.cut_kinds(rec).items():
            verdicts = [v for _t, _s, _img, v in cuts]
            failures += ["%s at %d (seed %d): %s" % (kind, t, s, v)
                         for t, s, _img, v in cuts if v not in ("before", "after")]
            assert len(cuts) >= power_cuts.INSTANTS, (kind, len(cuts))
            rows.append((kind, verdicts.count("before"), verdicts.count("after")))
            # a seeded sample of the distinct images boots through the title and menus
            distinct = {}
            for t, s, img, _v in cuts:
                distinct.setdefault(bytes(img), (t, s))
            picks = sorted(distinct.items(), key=lambda item: item[1])
            for img, (t, s) in picks[len(picks) // 2:len(picks) // 2 + BOOTED]:
                why = outside.need(power_cuts.boot_check, sc, img, route=route,
                                   name="cut-%s-%s" % (sc.name, route))
                if why:
                    failures.append("%s at %d (seed %d), booted: %s" % (kind, t, s, why))
    assert failures == [], failures
    assert sorted(k for k, _b, _a in rows) == sorted(power_cuts.KINDS), rows
    for kind, before, after in rows:  # both outcomes reached: the window covers the save
        assert before and after, (kind, before, after)
