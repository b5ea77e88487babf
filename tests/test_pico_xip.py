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

from tools.pico import pico_emu


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


def test_the_report_gives_each_figure_with_the_cache_and_the_same_run_less_its_misses():
    # bench_pico's tables from a runner's log whose frames carry their misses (run.mjs `miss`):
    # with the model, every figure as measured; without, the same frames less their misses.
    from tools.pico import bench_pico

    key = bench_pico.TOUR[0][0]

    def frame(n, label, cycles, draw, miss, press=None, redrawn=True):
        return {"n": n, "label": label, "press": press, "cycles": cycles, "draw": draw,
                "shown": cycles, "redrawn": redrawn, "pushed": redrawn,
                "bytes": 128 if redrawn else 0, "at": 9_000_000 * n,
                "miss": {"cycles": miss, "draw": miss // 2, "shown": miss, "total": 1_000_000 * n}}

    frames = [frame(1, "title", 3_000_000, 900_000, 300_000),
              frame(2, key + "/enter", 10_000_000, 9_000_000, 4_000_000, "a"),
              frame(3, key + "/play", 2_000_000, 1_500_000, 800_000, "right"),
              frame(4, key + "/idle", 80_000, 80_000, 32_000, None, redrawn=False),
              frame(5, key + "/pause", 3_000_000, 800_000, 400_000, "b"),
              frame(6, key + "/leave", 9_000_000, 8_000_000, 3_000_000, "a")]
    log = {"frames": frames, "probes": [], "xip": {
        "hits": 980, "accesses": 1000, "misses": 20, "miss_cycles": 900, "miss": 45,
        "fill": "word"}}
    cached = bench_pico.summarize(log)
    bare = bench_pico.summarize(log, cache=False)
    row, old = cached["games"][0], bare["games"][0]
    assert (row["enter"], old["enter"]) == (10_000_000, 6_000_000)
    assert (row["idle"], old["idle"]) == (80_000, 48_000)
    assert (row["draw"], old["draw"]) == (1_500_000, 1_100_000)
    assert (cached["boot"], bare["boot"]) == (9_000_000, 8_000_000)
    assert cached["xip"]["hit_rate"] == 0.98 and bare["xip"] is None
    text = bench_pico.markdown(cached, "Measured now", bare)
    assert "hit rate 98.0 %" in text and "45 cycles a miss" in text
    assert "| 10.00 M / 6.00 M |" in text and "| 80.0 k / 48.0 k |" in text
    assert any("an idle frame takes 80.0 k" in m for m in bench_pico.goals_missed(cached))
    assert not any("idle" in m for m in bench_pico.goals_missed(bare))
