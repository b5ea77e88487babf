"""The project's tools, each run from the checkout as `python -m tools.NAME`.

ROOT is the checkout; on_path() puts its code folders on sys.path for the tools that import
the firmware (and the shared test helpers or MicroPython-side tools) under CPython."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
SHARED_TESTS = os.path.join(ROOT, "tests", "shared")
MP_TOOLS = os.path.join(ROOT, "tools", "mp")


def on_path(*folders):
    """Put each folder first on sys.path (once): the firmware's deckdelve package, the shared
    tests' helpers, tools/mp's player and bots."""
    for folder in folders:
        if folder not in sys.path:
            sys.path.insert(0, folder)


def file_lock(path):
    """An exclusive lock on path (a file), held until the returned file is closed: two builds
    or unpackings of the same folder never run at once (two checkouts share the cache)."""
    import fcntl

    os.makedirs(os.path.dirname(path), exist_ok=True)
    f = open(path, "a")
    fcntl.flock(f, fcntl.LOCK_EX)
    return f
