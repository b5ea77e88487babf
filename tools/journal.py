"""Print a campaign's journal, oldest line first, from a data folder: the simulator's
(~/.local/share/deckdelve) or one copied off the handheld with mpremote.

    python -m tools.journal FOLDER [--game the_four] [--slot 1]

The journal is two files, camp_<game>_<slot-1>.j0 and .j1, each starting with its generation
("#3"); the older file is printed first, then the newer (firmware/deckdelve/campaigns.py).
"""

import os
import sys


def generation(path):
    try:
        with open(path, "rb") as f:
            head = f.readline()
    except OSError:
        return -1
    if not head.startswith(b"#") or not head.endswith(b"\n"):
        return -1
    try:
        return int(head[1:-1])
    except ValueError:
        return -1


def journal_lines(folder, game, slot):
    """The journal's lines, oldest first; None if the slot has no journal there."""
    files = []
    for i in (0, 1):
        path = os.path.join(folder, "camp_%s_%d.j%d" % (game, slot, i))
        gen = generation(path)
        if gen >= 0 and gen % 2 == i:
            files.append((gen, path))
    if not files:
        return None
    files.sort()
    if len(files) == 2 and files[0][0] != files[1][0] - 1:
        files = files[1:]  # a file left from an older campaign in this slot
    out = []
    for _gen, path in files:
        with open(path, "rb") as f:
            f.readline()
            out += f.read().decode("ascii", "replace").splitlines()
    return out


def main(argv=None):
    from host_sim.__main__ import Parser

    ap = Parser(prog="python -m tools.journal", description=__doc__.split("\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--game", default="the_four")
    ap.add_argument("--slot", type=int, default=1, help="the slot as the menu numbers it, 1..3")
    args = ap.parse_args(argv)
    if not 1 <= args.slot <= 3:
        ap.error("--slot must be 1, 2 or 3")
    if not os.path.isdir(args.folder):
        print("journal: no folder %s" % args.folder, file=sys.stderr)
        return 2
    lines = journal_lines(args.folder, args.game, args.slot - 1)
    if lines is None:
        print("journal: no journal of %s slot %d in %s" % (args.game, args.slot, args.folder),
              file=sys.stderr)
        return 1
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
