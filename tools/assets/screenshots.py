"""The README's screenshots: chosen golden screens (tests/golden, checked pixel for pixel by
the tests) drawn at 3x with the OLED look into docs/screenshots/.

    python -m tools.assets.screenshots
"""

import os
import sys

from PIL import Image

from tools import ROOT, on_path

on_path(ROOT)

from host_sim import render  # noqa: E402

GOLDEN = os.path.join(ROOT, "tests", "golden")
OUT = os.path.join(ROOT, "docs", "screenshots")
SHOTS = (
    "platform/title", "platform/menu",
    "red_queen/combat", "red_queen/final_battle",
    "rogue_solitaire/board", "rogue_solitaire/named_message",
    "mini_rogue/map", "mini_rogue/fight",
    "solatro/hand_selected", "solatro/shop",
    "the_four/result",
)
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
