"""The emulated Pico's XIP cache (tools/pico/xip.mjs): its self-test on a bare emulated core
(tools/pico/xip_selftest.mjs, a third of a second): a loop in RAM costs no miss; 8 KiB of
straight code in flash misses once per 4-byte word on its first pass and never on the second;
a miss costs 40 cycles of QSPI (boot2's SSI registers) plus the stated overhead; two ways with
the least recently used line evicted; the aliases (0x11 no allocate, 0x12 no lookup, 0x13
bypass), CTRL.EN, FLUSH, and the CTR_HIT and CTR_ACC counters as the firmware reads them.
Needs node and npm (`npm ci` of tools/pico/package.json on first use)."""

import json
import os
import subprocess

import pytest

from tools import pico_emu


def test_the_xip_cache_model_passes_its_self_test():
    try:
        pico_emu.check_tools()
        pico_emu.npm_ci()
    except pico_emu.Failure as e:
        pytest.fail("the emulated Pico cannot run: %s" % e, pytrace=False)
    r = subprocess.run(["node", os.path.join(pico_emu.HERE, "xip_selftest.mjs")],
                       capture_output=True, text=True, timeout=120)
    assert r.stdout.strip(), r.stderr
    result = json.loads(r.stdout.strip().splitlines()[-1])
    assert result["failed"] == [], result
    assert r.returncode == 0, r.stderr
    assert result["ram_loop"]["misses"] == 0
    assert result["first_pass"]["misses"] == 8 * 1024 // 4
    assert result["second_pass"]["misses"] == 0
