"""Seeded play-outs of a game through its contract, with invariants checked after every action.

    python -m tools.play.playout --game red_queen --games 1000 --seed 1
    python -m tools.play.playout --game solatro --bot greedy --options campaign
    python -m tools.play.playout --game red_queen --micropython --games 50 [--heap 64K]

Prints one JSON line: games, wins, mean and max score, mean actions a game, errors and, for
the first few errors, the seed and the action list that reproduce each.
"""

import json
import re
import sys
import time

from tools import FIRMWARE, MP_TOOLS, ROOT, on_path

on_path(ROOT, FIRMWARE, MP_TOOLS)

from deckdelve import registry  # noqa: E402


def parse_args(argv):
    from host_sim.__main__ import Parser, bad_options

    ap = Parser(prog="python -m tools.play.playout", description=__doc__.split("\n")[0])
    keys = [g[0] for g in registry.GAMES]
    ap.add_argument("--game", required=True, choices=keys)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--options", default="",
                    help="comma-separated game options, e.g. campaign (none: the game's "
                         "default, as its rules module has it; Mini Rogue: normal)")
    ap.add_argument("--bot", default="",
                    help="a bot of tools/mp/bots_<game>.py, or random (default: the game's "
                         "own default bot if it has one, else random)")
    ap.add_argument("--micropython", action="store_true", help="run under real MicroPython")
    ap.add_argument("--heap", default="64K", help="MicroPython heap cap (default 64K)")
    args = ap.parse_args(argv)
    if not 1 <= args.games <= MAX_GAMES:
        ap.error("--games must be between 1 and %d" % MAX_GAMES)
    if not 0 <= args.seed < 2**30:
        ap.error("--seed must be between 0 and 2**30 - 1")
    if not re.match(r"^[1-9][0-9]{0,5}[KM]$", args.heap):
        ap.error("--heap must be a size such as 64K or 1M")
    why = bad_options(args.game, args.options)
    if why:
        ap.error(why)
    import playout_core

    try:
        playout_core.find_bot(args.game, args.bot)
    except (ValueError, ImportError) as e:
        ap.error(str(e))
    return args


MAX_GAMES = 10**7


def main(argv=None):
    args = parse_args(argv)
    options = tuple(o for o in args.options.split(",") if o)
    start = time.time()
    if args.micropython:
        from tools.ship import mpy

        r = mpy.run(["-m", "playout_main", args.game, str(args.games), str(args.seed),
                     ",".join(options), args.bot], heap=args.heap)
        lines = [ln for ln in r.stdout.splitlines() if ln.startswith("{")]
        if r.returncode or not lines:
            report = {"game": args.game, "games": args.games, "errors": args.games,
                      "interpreter": "micropython", "crash": (r.stdout + r.stderr)[-2000:]}
        else:
            report = json.loads(lines[-1])
        report["heap_cap"] = args.heap
    else:
        import playout_core

        report = playout_core.run(args.game, args.games, args.seed, options, args.bot)
        report["interpreter"] = "cpython"
    elapsed = time.time() - start
    report["seconds"] = round(elapsed, 2)
    report["games_per_second"] = round(args.games / elapsed, 1) if elapsed else None
    print(json.dumps(report))
    return 1 if report.get("errors") else 0


if __name__ == "__main__":
    sys.exit(main())
