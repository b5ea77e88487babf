"""The wait for every kind of save on the emulated Pico, with typical and worst-case flash
timing, a long The Four campaign's erases per action, and the flash's wear in years of play
(`python -m tools.pico.pico_flash waits`)."""


from tools.pico import pico_emu
from tools.pico.flash_image import GEOMETRY
from tools.pico.power_cuts import KINDS, windows
from tools.pico.save_scenarios import (
    Scenario, four_actions, four_data, four_start, record, scenarios,
)

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
    start = four_start(four_data())
    keys, at = four_actions(actions, four_data(), start)
    sc = Scenario("long_campaign", four_data, start + keys, ("camp_the_four_0.sav",), None,
                  None)
    rec = record(sc, timing, board, **kit)
    frames = {f["n"]: f for f in rec.log["frames"]}
    pressed = [f for f in rec.log["frames"] if f["press"]]
    if len(pressed) != len(start) + len(keys):
        raise pico_emu.Failure("the long campaign: %d presses answered of %d" % (
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


