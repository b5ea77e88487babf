"""Saves on the emulated Pico's flash: what every kind of save writes, what a power cut at any
instant of it leaves, and how long a player waits for it.

    python -m tools.pico.pico_flash cuts [--instants N] [--boot N|all] [--kinds K,...]
                                    [--route mpy|frozen|both] [--out FILE]
    python -m tools.pico.pico_flash waits [--actions N] [--route mpy|frozen|both] [--out FILE]

The emulator (tools/pico/run.mjs, through tools.pico.pico_emu.emulate) erases and programs the
flash as the rp2 port asks, with the W25Q16JV's timing, and logs every erase and page program
with its instant. A SCENARIO boots the real firmware by either route (--route: "mpy", the stock
MicroPython image with the files `make flash` copies; "frozen", the Deckdelve image of the
board; tools/pico/bench_main.py as /main.py on both) from a data folder of its own, presses its
way to a save and makes it (frames labelled "save"; the presses that save are the ones that
change the saved files in the simulator, which plays the same presses first). From the log,
every image the flash could hold at any instant of that save is rebuilt offline (rebuild(): NOR
semantics, an operation cut part-way left part done as the runner leaves it, from a seed), so a
power cut costs no emulator run.

`cuts` records each scenario once, splits its save into the writes of each file (windows():
the operations up to each file's next visible change), cuts each kind of file's save at N
seeded instants spread over its whole window (default 50), and checks every image with the
firmware's own loaders under the MicroPython unix port (tools/mp/flash_check.py: mounted as
the Pico mounts it, the boot's check of every file, then what each file loads as): each file
must load as it was before the save or after it, nothing else, no file set aside, no notice.
Then it boots images on the emulated Pico (--boot: how many distinct ones per kind, seeded;
"all"), plays the scenario's way through the title and menus and compares every frame with
the simulator's on the same files; a boot must print no traceback and set nothing aside. It
prints the table (kind, instants cut, before, after, other) and --out writes it as markdown.

`waits` measures, for each kind of save, the cycles from the press to the next frame on the
display with typical and with worst-case flash timing, and plays a long The Four campaign
(--actions, default 500) through its buttons to count the erases (littlefs compacting a
metadata pair, or copying a file's last block to append to it) and the wait per action.
`make bench-pico` prints both in docs/BENCHMARKS-pico.md.

This module is the command; the work is in flash_image.py (the images, rebuild()),
save_scenarios.py (the scenarios, record(), the frames against the simulator's), power_cuts.py
(windows(), the cuts and their checks) and save_costs.py (the waits, the long campaign, wear).
"""

import sys

from tools.pico import pico_emu
from tools.ship import inputs, mpy
from tools.pico.power_cuts import INSTANTS, KINDS, cuts_markdown, run_cuts
from tools.pico.save_costs import long_campaign, save_waits, saves_markdown

def main(argv=None):
    sys.path.insert(0, mpy.ROOT)
    from host_sim.__main__ import Parser, bad_output

    p = Parser(prog="python -m tools.pico.pico_flash", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="what", required=True)
    c = sub.add_parser("cuts", help="power cuts over every kind of save")
    c.add_argument("--instants", type=int, default=INSTANTS, help="per kind (default 50)")
    c.add_argument("--boot", default="10",
                   help="distinct cut images booted per kind (seeded), or all (default 10)")
    c.add_argument("--kinds", help="comma-separated kinds (default: all)")
    w = sub.add_parser("waits", help="the wait for every kind of save, a long campaign")
    w.add_argument("--actions", type=int, default=500, help="The Four's (default 500)")
    for q in (c, w):
        q.add_argument("--route", choices=pico_emu.ROUTES + ("both",), default="both")
        q.add_argument("--out", help="write the markdown here")
    a = p.parse_args(argv)
    if a.out and bad_output(a.out):
        p.error("--out %s: %s" % (a.out, bad_output(a.out)))
    if a.what == "cuts":
        if a.boot != "all" and not a.boot.isdigit():
            p.error("--boot must be a number or all")
        kinds = a.kinds.split(",") if a.kinds else None
        for k in kinds or ():
            if k not in KINDS:
                p.error("--kinds: no kind %r (kinds: %s)" % (k, ", ".join(KINDS)))
    elif a.actions < 1:
        p.error("--actions must be 1 or more")
    routes = pico_emu.ROUTES if a.route == "both" else (a.route,)
    failures = []
    try:
        if a.what == "cuts":
            boot = a.boot if a.boot == "all" else int(a.boot)
            results = {}
            for route in routes:
                rows, failed = run_cuts(a.instants, boot, kinds, route=route)
                results[pico_emu.ROUTE_NAMES[route]] = rows
                failures += ["%s: %s" % (route, f) for f in failed]
            text = cuts_markdown(results, a.instants, boot)
        else:
            text = "\n".join(saves_markdown(
                save_waits(route=route),
                [("SSD1306 on I2C at 400 kHz", long_campaign(a.actions, route=route))],
                pico_emu.ROUTE_NAMES[route]) for route in routes)
    except (pico_emu.Failure, inputs.Missing) as e:
        print("pico_flash: %s" % e, file=sys.stderr)
        return 1
    print(text)
    for f in failures:
        print("FAILED: " + f)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

