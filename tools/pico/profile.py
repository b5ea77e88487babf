"""Where the cycles, the XIP cache's misses or the flash's reads go on the emulated Pico: the
tour of `make bench-pico` on the Deckdelve image, each instruction's cycles (each miss, each
read) charged to the function or constant its address lies in (the linker's map of that
image), summed by name and by object file.

    python -m tools.pico.profile [cycles|misses|reads] [--bus i2c|spi] [--games a,b]
                                 [--labels enter,idle] [--top N]

A label is a part of the tour (a game's `enter`, `play`, `idle`, `leave`; `menus`): --labels
keeps the frames of labels ending so. What it is for: choosing the runtime's code that goes in
RAM (tools/ship/ram_code.py), where a miss cannot happen (misses), and seeing what a slow frame
spends its time on (cycles; code in the bootrom is "(bootrom)"), and which Python functions ran
(reads: the frozen bytecode read, in `.rodata.fun_data_<module>_<function>`).
"""

import sys

from tools.pico.bench_pico import BUSES, Failure, game_index, script, tour
from tools.pico.pico_emu import PROFILES, charge, profile_run, sections
from tools.ship import inputs, mpy

def main(argv=None):
    sys.path.insert(0, mpy.ROOT)
    from host_sim.__main__ import Parser

    p = Parser(prog="python -m tools.pico.profile", description=__doc__.split("\n\n")[0])
    p.add_argument("kind", nargs="?", choices=tuple(PROFILES), default="cycles",
                   help="what to charge to the functions (default cycles)")
    p.add_argument("--bus", choices=tuple(BUSES), default="i2c",
                   help="the board's bus (default i2c)")
    p.add_argument("--games", help="comma-separated game keys (default: all)")
    p.add_argument("--labels", help="comma-separated label endings to keep (default: every frame)")
    p.add_argument("--top", type=int, default=30, help="how many rows of each table (default 30)")
    a = p.parse_args(argv)
    try:
        games = a.games.split(",") if a.games else None
        for g in games or ():
            game_index(g)
        profile, map_path = profile_run(script(tour(games)), BUSES[a.bus], a.kind)
    except (Failure, inputs.Missing) as e:
        print("profile: %s" % e, file=sys.stderr)
        return 1
    with open(map_path) as f:
        placed = sections(f.read())
    labels = a.labels.split(",") if a.labels else None
    by_name, by_obj, total = charge(profile, placed, a.kind, labels)
    print("%d %s in the frames%s" % (total, a.kind, " labelled *" + ", *".join(labels)
                                     if labels else ""))
    for title, table in (("object file", by_obj), ("section", by_name)):
        print("\n| %s | %s | share |\n|---|---|---|" % (title, a.kind))
        for name, n in sorted(table.items(), key=lambda kv: -kv[1])[:a.top]:
            print("| %s | %d | %.1f %% |" % (name, n, 100 * n / max(1, total)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
