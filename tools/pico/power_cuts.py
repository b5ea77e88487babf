"""Power cuts over every kind of save: each save split into the writes of each file, cut at
seeded instants over its whole window, every image checked with the firmware's own loaders
under the MicroPython unix port and booted on the emulated Pico (`python -m
tools.pico.pico_flash cuts`)."""

import json
import os
import random
import shutil
import tempfile

from tools.pico import pico_emu
from tools.ship import mpy
from tools.pico.flash_image import apply, data_files, rebuild
from tools.pico.save_scenarios import frames_differ, record, scenarios, sim_frames

INSTANTS = 50  # cut instants per kind of file (the "at least 50")

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
        why = (r.stderr.strip() or r.stdout.strip()).splitlines()[-1:]
        raise pico_emu.Failure("the image check failed: %s" % why)
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
                raise pico_emu.Failure("%s: the %s save changed nothing the firmware loads" %
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
             "firmware (tools/pico/save_scenarios.py), cut at %d or more seeded instants "
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


