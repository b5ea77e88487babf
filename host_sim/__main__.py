"""Deckdelve on a desk.

    python -m host_sim                              play (a window, or the terminal)
    python -m host_sim --game red_queen --seed 7    start straight in a game (--options:
                        its menu's choice; without, the one the menu offers first)
    python -m host_sim --game red_queen --seed 7 --keys "RRAAB..." --screenshot out.png
                        [--scale N] [--gif run.gif]   headless: no window, same pixels every run

Keys: arrows = d-pad, A, Z or J = A, B, X or K = B, Q or Esc = quit the simulator.
--keys letters: U D L R A B (one press each), '.' waits a frame.
Saves and scores go to --data DIR (default: the user's data folder; headless runs use a fresh
temporary folder unless --data is given, so that they are reproducible, and remove it when
they end).
"""

import argparse
import os
import shutil
import sys
import tempfile

import host_sim  # noqa: F401
from deckdelve import registry
from host_sim.sim import LEGEND



def default_data_dir():
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or os.path.expanduser("~")
    elif sys.platform == "darwin":
        base = os.path.expanduser("~/Library/Application Support")
    else:
        base = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    return os.path.join(base, "deckdelve")


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line in one line on stderr (no usage block)."""

    def error(self, message):
        self.exit(2, "%s: error: %s\n" % (self.prog, message))


def parse_args(argv):
    ap = Parser(prog="python -m host_sim", description="Deckdelve simulator", epilog=LEGEND)
    keys = [g[0] for g in registry.GAMES]
    ap.add_argument("--game", choices=keys, help="start straight in this game")
    ap.add_argument("--options", default="",
                    help="game options, comma-separated (e.g. hell); without it, the option "
                         "the game's menu offers first, as on the device: the one last played "
                         "(kept in the data folder), else the menu's default (Mini Rogue: normal)")
    ap.add_argument("--seed", type=int, help="deal seed (default: random)")
    ap.add_argument("--keys", help="headless: presses U D L R A B, '.' waits a frame")
    ap.add_argument("--screenshot", metavar="PNG", help="headless: write the final screen")
    ap.add_argument("--gif", metavar="GIF", help="headless: write every frame as a GIF")
    ap.add_argument("--scale", type=int, default=None,
                    help="pixels per OLED pixel (screenshots default 1, the window 5)")
    ap.add_argument("--data", metavar="DIR", help="folder for saves, scores and settings")
    ap.add_argument("--terminal", action="store_true", help="play in the terminal, not a window")
    args = ap.parse_args(argv)
    if args.scale is not None and not 1 <= args.scale <= 16:
        ap.error("--scale must be between 1 and 16")
    if args.seed is not None and not 0 <= args.seed < 2**30:
        ap.error("--seed must be between 0 and 2**30 - 1")
    if args.keys:
        from host_sim.sim import check_keys

        try:
            check_keys(args.keys)
        except ValueError as e:
            ap.error(str(e))
    if args.options and not args.game:
        ap.error("--options needs --game")
    if args.game:
        why = bad_options(args.game, args.options)
        if why:
            ap.error(why)
    for flag, path, kinds in (("--screenshot", args.screenshot, IMAGE_TYPES),
                              ("--gif", args.gif, (".gif",))):
        if path is not None:
            why = bad_output(path, kinds)
            if why:
                ap.error("%s %s: %s" % (flag, path, why))
    if args.data is not None:
        why = bad_data_dir(args.data)
        if why:
            ap.error("--data %s: %s" % (args.data, why))
    return args


IMAGE_TYPES = (".png", ".gif", ".bmp")  # what --screenshot writes (by its name's ending)


def bad_options(key, text):
    """Why --options does not fit the game (None when it does): it must be one of the
    choices the game's menu offers, or nothing (its menu's first choice, or none)."""
    entry = registry.find(key)
    offered = [",".join(opts) for _label, opts in entry[2]] if entry[2] else [""]
    wanted = ",".join(o for o in text.split(",") if o)
    if wanted in offered or not wanted:
        return None
    if offered == [""]:
        return "%s has no options" % key
    return "--options for %s: one of %s" % (key, ", ".join(o or '""' for o in offered))


def bad_output(path, kinds=("",)):
    """Why a file (an image: kinds, the endings its name may have) cannot be written at path
    (None when it can). The tools check their output files with it too, before any work."""
    if os.path.isdir(path):
        return "is a folder"
    if not path.lower().endswith(kinds):
        return "the name must end in %s" % " or ".join(kinds)
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        return "no folder %s" % folder
    if not os.access(folder, os.W_OK):
        return "cannot write in %s" % folder
    return None


def bad_data_dir(path):
    """Why path cannot hold the saves (None when it can). The folder is made if it is not
    there (the app would make it) and a file is written in it and removed, which is the only
    sure test (a read-only mount, a folder of another user, /proc...)."""
    if os.path.exists(path) and not os.path.isdir(path):
        return "not a folder"
    try:
        os.makedirs(path, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as e:
        return "cannot write there (%s)" % (e.strerror or e)
    return None


def chosen_options(args):
    """--options as a tuple, or None when none are given (the game menu's choice)."""
    options = tuple(o for o in args.options.split(",") if o)
    return options or None


def headless(args):
    if args.data:
        return _headless(args, args.data)
    data = tempfile.mkdtemp(prefix="deckdelve-")
    try:
        return _headless(args, data)
    finally:
        shutil.rmtree(data, ignore_errors=True)


def _headless(args, data):
    from host_sim.sim import Sim

    sim = Sim(data, seed=0 if args.seed is None else args.seed, game=args.game,
              options=chosen_options(args))
    scale = args.scale or 1
    frames = []
    grab = (lambda s: frames.append(s.image(max(scale, 2)))) if args.gif else None
    if grab:
        grab(sim)
    sim.keys((args.keys or "").upper(), grab)
    if args.screenshot:
        sim.image(scale).save(args.screenshot)
        print("wrote %s (%dx%d)" % (args.screenshot, 128 * scale, 64 * scale))
    if args.gif:
        frames.append(sim.image(max(scale, 2)))
        frames[0].save(args.gif, save_all=True, append_images=frames[1:], duration=150, loop=0)
        print("wrote %s (%d frames)" % (args.gif, len(frames)))
    # The run ends as a handheld left alone does: it goes to sleep (App.suspend), so that the
    # next run with the same --data comes back as the device would after a flat battery (a
    # campaign on the very screen it was left on).
    sim.app.suspend()
    return 0


def main(argv=None):
    args = parse_args(argv)
    if args.keys is not None or args.screenshot or args.gif:
        try:
            return headless(args)
        except OSError as e:  # the disk filled up, a folder went away...
            print("python -m host_sim: error: %s" % e, file=sys.stderr)
            return 1
    data = args.data or default_data_dir()
    options = chosen_options(args)
    if not args.terminal and os.environ.get("DISPLAY") or sys.platform in ("win32", "darwin"):
        try:
            from host_sim import window

            return window.run(data, args.seed, args.game, options, args.scale or 5)
        except ImportError as e:  # no Tk in this Python: fall back to the terminal
            print("no window (%s); using the terminal" % e, file=sys.stderr)
    from host_sim import terminal

    return terminal.run(data, args.seed, args.game, options)


if __name__ == "__main__":
    sys.exit(main())
