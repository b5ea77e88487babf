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
