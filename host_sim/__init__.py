"""The host simulator: runs the unchanged firmware under CPython.

Importing host_sim puts firmware/ on sys.path and installs host_sim.framebuf as `framebuf`
(the Pico's C module has no CPython build)."""

import os
import sys

from host_sim import framebuf as _framebuf

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")

if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)
sys.modules.setdefault("framebuf", _framebuf)
