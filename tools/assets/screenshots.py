"""The README's screenshots: chosen golden screens (tests/golden, checked pixel for pixel by
the tests) drawn at 3x with the OLED look into docs/screenshots/.

    python -m tools.assets.screenshots
"""

import os
import sys

from PIL import Image

from tools import FIRMWARE, ROOT, on_path

on_path(ROOT)

from host_sim import render  # noqa: E402

GOLDEN = os.path.join(ROOT, "tests", "golden")
OUT = os.path.join(ROOT, "docs", "screenshots")
# The pictures the README shows: the platform's two, then each game's chosen golden screens;
# a game that chooses none shows its first golden screen by name.
CHOSEN = {
    "red_queen": ("combat", "final_battle"),
    "rogue_solitaire": ("board", "named_message"),
    "mini_rogue": ("map", "fight"),
    "solatro": ("hand_selected", "shop"),
    "the_four": ("result",),
}


def _shots():
    on_path(FIRMWARE)
    from deckdelve import registry

    shots = ["platform/title", "platform/menu"]
    for entry in registry.GAMES:
        key = entry[0]
        folder = os.path.join(GOLDEN, key)
        names = CHOSEN.get(key) or sorted(
            f[:-4] for f in (os.listdir(folder) if os.path.isdir(folder) else ())
            if f.endswith(".png"))[:1]
        shots += [key + "/" + name for name in names]
    return tuple(shots)


SHOTS = _shots()
SCALE = 3


def main(argv=None):
    from host_sim.__main__ import Parser

    Parser(prog="python -m tools.assets.screenshots",
           description=__doc__.split("\n")[0]).parse_args(argv)  # no arguments: any is refused
    os.makedirs(OUT, exist_ok=True)
    made = 0
    for name in SHOTS:
        src = os.path.join(GOLDEN, name + ".png")
        if not os.path.exists(src):
            print("missing golden:", name)
            continue
        dest = os.path.join(OUT, name.replace("/", "-") + ".png")
        render.to_image(render.from_image(Image.open(src)), SCALE).save(dest)
        made += 1
    print("wrote %d screenshots to %s" % (made, OUT))
    return 0 if made == len(SHOTS) else 1


if __name__ == "__main__":
    sys.exit(main())
