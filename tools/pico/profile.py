"""Where the cycles or the XIP cache's misses go on the emulated Pico: the tour of `make
bench-pico` on the Deckdelve image, each instruction's cycles (or each miss) charged to the
function or constant its address lies in (the linker's map of that image), summed by name and
by object file.

    python -m tools.pico.profile [cycles|misses] [--bus i2c|spi] [--games a,b]
                                 [--labels enter,idle] [--top N]

A label is a part of the tour (a game's `enter`, `play`, `idle`, `leave`; `menus`): --labels
keeps the frames of labels ending so. What it is for: choosing the runtime's code that goes in
RAM (tools/ship/ram_code.py), where a miss cannot happen (misses), and seeing what a slow frame
spends its time on (cycles; code in the bootrom is "(bootrom)").
"""

import bisect
import json
import os
import re
import sys
import tempfile

from tools.pico import pico_emu
from tools.pico.bench_pico import (BUSES, Failure, build_image, check_tools, game_index, script,
                                   tour)
from tools.ship import inputs, mpy

SECTION = re.compile(r"^ (\.(?:text|rodata|data|time_critical)[^\s]*)\s*(?:\n\s+)?(0x[0-9a-f]+)\s+"
                     r"(0x[0-9a-f]+)\s+(\S+)", re.M)
KINDS = {"misses": "--miss-profile", "cycles": "--cycle-profile"}


def sections(map_text):
    """[(start, size, section, object file as the map names it)] of every input section the
    linker placed in flash (0x10000000 on) or RAM (0x20000000 on), by address."""
    out = []
    for name, addr, size, obj in SECTION.findall(map_text):
        a, n = int(addr, 16), int(size, 16)
        if n and (0x10000000 <= a < 0x11000000 or 0x20000000 <= a < 0x20042000):
            out.append((a, n, name, obj))
    out.sort()
    return out


def charge(profile, placed, labels=None):
    """Misses (or cycles) by section and by object file: ({section: n}, {object: n}, total).
    A profile's addresses: a word of flash without its alias bits (misses), or an
    instruction's own (cycles)."""
    starts = [p[0] for p in placed]
    by_name, by_obj, total = {}, {}, 0
    for label, words in profile.items():
        if labels and not any(label.endswith(x) for x in labels):
            continue
        for addr, n in words:
            a = addr if addr >= 0x10000000 else 0x10000000 | addr if addr >= 0x4000 else addr
            i = bisect.bisect_right(starts, a) - 1
            if i >= 0 and a < placed[i][0] + placed[i][1]:
                _s, _n, name, obj = placed[i]
                obj = os.path.basename(obj)
            elif a < 0x4000:
                name, obj = "(bootrom)", "(bootrom)"
            else:
                name, obj = "(outside any section: the filesystem, boot2)", "-"
            by_name[name] = by_name.get(name, 0) + n
            by_obj[obj] = by_obj.get(obj, 0) + n
            total += n
    return by_name, by_obj, total


def profile_tour(bus, games, kind="misses"):
    """Run the tour on the Deckdelve image of bus's board with a profile of kind (KINDS);
    returns (the profile, the image's linker map path)."""
    from tools.ship import firmware

    board = BUSES[bus]
    check_tools()
    with tempfile.TemporaryDirectory(prefix="deckdelve-misses-") as work:
        image = build_image(work, route="frozen", board=board)
        out = os.path.join(work, "profile.json")
        pico_emu.emulate(script(tour(games)), image, board, route="frozen",
                         profile=(KINDS[kind], out))
        with open(out) as f:
            profile = json.load(f)
    return profile, firmware.linker_map(board)


def main(argv=None):
    sys.path.insert(0, mpy.ROOT)
    from host_sim.__main__ import Parser

    p = Parser(prog="python -m tools.pico.profile", description=__doc__.split("\n\n")[0])
    p.add_argument("kind", nargs="?", choices=tuple(KINDS), default="cycles",
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
        profile, map_path = profile_tour(a.bus, games, a.kind)
    except (Failure, inputs.Missing) as e:
        print("profile: %s" % e, file=sys.stderr)
        return 1
    with open(map_path) as f:
        placed = sections(f.read())
    labels = a.labels.split(",") if a.labels else None
    by_name, by_obj, total = charge(profile, placed, labels)
    print("%d %s in the frames%s" % (total, a.kind, " labelled *" + ", *".join(labels)
                                     if labels else ""))
    for title, table in (("object file", by_obj), ("section", by_name)):
        print("\n| %s | %s | share |\n|---|---|---|" % (title, a.kind))
        for name, n in sorted(table.items(), key=lambda kv: -kv[1])[:a.top]:
            print("| %s | %d | %.1f %% |" % (name, n, 100 * n / max(1, total)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
