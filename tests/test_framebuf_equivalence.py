"""host_sim's pure-Python framebuf must draw byte-for-byte what MicroPython's C framebuf draws."""

import pytest

import host_sim  # noqa: F401 - installs the pure-Python framebuf
from host_sim import render
from tools.ship import mpy

import fb_cases


@pytest.fixture(scope="module")
def micropython_buffers():
    r = mpy.run(["-m", "fb_cases"], heap="64K")
    assert r.returncode == 0, r.stdout + r.stderr
    return dict(
        ln.split(" ", 1) for ln in r.stdout.splitlines() if ln.startswith("case_"))


@pytest.mark.parametrize("case", fb_cases.CASES)
def test_same_bytes_as_micropython(case, micropython_buffers):
    buf, fb = fb_cases.new()
    getattr(fb_cases, case)(fb)
    ours = bytes(buf).hex()
    theirs = micropython_buffers[case]
    if ours != theirs:
        diff = render.to_ascii(bytes.fromhex(theirs))
        pytest.fail("%s differs; MicroPython drew:\n%s\nhost_sim drew:\n%s"
                    % (case, diff, render.to_ascii(buf)))
    assert any(buf), "the case drew nothing"
