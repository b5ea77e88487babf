import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (ROOT, os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "shared"),
          os.path.join(ROOT, "tools", "mp")):
    if p not in sys.path:
        sys.path.insert(0, p)

import host_sim  # noqa: E402,F401 - installs the pure-Python framebuf for the firmware

# The shared tests use paths relative to the repo root, as they do under MicroPython.
os.chdir(ROOT)


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long-running; still part of `make test`")


def pytest_generate_tests(metafunc):
    """A shared test whose name ends in _each_game runs once for every game in the registry,
    its key the argument `game` (tools/mp/mprun_tests.py does the same under MicroPython): a
    game added to the registry is walked by it without a line changed here."""
    if metafunc.function.__name__.endswith("_each_game"):
        from deckdelve import registry

        keys = [entry[0] for entry in registry.GAMES]
        metafunc.parametrize("game", keys, ids=keys)
