"""Print a campaign's journal, oldest line first, from a data folder: the simulator's
(~/.local/share/deckdelve) or one copied off the handheld with mpremote.

    python -m tools.play.journal FOLDER [--game the_four] [--slot 1] [--kept N] [--detail]

It prints the story: a heading a scene and a sentence a thing that happened, the rules'
detail (every card flipped, Spark spent, the Pressure Die) left out, as the handheld's
story view shows it; --detail prints the journal's lines whole, each with its turn ("T:<n>").

The journal is two files, camp_<game>_<slot-1>.j0 and .j1, each starting with its generation
("#3"); the older file is printed first, then the newer (firmware/deckdelve/campaigns.py).
A campaign whose snapshot was damaged is kept aside with its journal, as .j0.badN and
.j1.badN beside .sav.badN (the slot's row in the game's menu says which N): --kept N reads it.
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


def journal_lines(folder, game, slot, kept=0):
    """The journal's lines, oldest first; None if the slot has no journal there. kept: the N
    of a campaign kept aside as .badN (0: the slot's own)."""
    files = []
    for i in (0, 1):
        path = os.path.join(folder, "camp_%s_%d.j%d" % (game, slot, i))
        if kept:
            path += ".bad%d" % kept
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
            out += f.read().decode("utf-8", "replace").splitlines()  # (suit signs: UTF-8)
    return out


def story(lines, game):
    """The story of the journal's lines (oldest first): a heading a scene, then its lines as
    the game's story view words them (games/<game>_words.story), each a paragraph."""
    import host_sim  # noqa: F401 - the firmware's path

    try:
        words = __import__("deckdelve.games.%s_words" % game, None, None, ("story",))
        tell = words.story
    except (ImportError, AttributeError):
        return lines  # (a game without a story view: its lines as they are)
    out = ["Scene 1", ""]
    for line in lines:
        text, heading = tell(line)
        if heading:
            out += ["", text, ""]
        else:
            out.append(text)
    return out


def main(argv=None):
    from host_sim.__main__ import Parser

    ap = Parser(prog="python -m tools.play.journal", description=__doc__.split("\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--game", default="the_four")
    ap.add_argument("--slot", type=int, default=1, help="the slot as the menu numbers it, 1..3")
    ap.add_argument("--kept", type=int, default=0, metavar="N",
                    help="the campaign of that slot kept aside as .badN (damaged)")
    ap.add_argument("--detail", action="store_true",
                    help="the journal's lines whole (each turn's cards, Spark, the die)")
    args = ap.parse_args(argv)
    if not 1 <= args.slot <= 3:
        ap.error("--slot must be 1, 2 or 3")
    if args.kept < 0:
        ap.error("--kept must be 1 or more")
    if not os.path.isdir(args.folder):
        print("journal: no folder %s" % args.folder, file=sys.stderr)
        return 2
    lines = journal_lines(args.folder, args.game, args.slot - 1, args.kept)
    if lines is None:
        what = " kept as .bad%d" % args.kept if args.kept else ""
        print("journal: no journal of %s slot %d%s in %s" % (args.game, args.slot, what,
                                                          args.folder), file=sys.stderr)
        return 1
    for line in lines if args.detail else story(lines, args.game):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
