"""The Pico numbers we can measure without a Pico:

- flash footprint: the bytes `make flash` puts on the device (.mpy code, help texts, main.py);
- heap after boot: the app booted on each board file under the MicroPython unix port with the
  fake machine (tests/hw), with a 192 KiB heap like the Pico's. The unix port is 64-bit: its
  objects are up to twice their size on the 32-bit RP2040, so the used figure is an upper
  bound and the free figure a lower one;
- frame push time: the bytes one show() puts on the bus (counted by the fake machine),
  turned into time by the bus timing at the board's clock and at the other common clocks.

    python -m tools.measure.bench_hw
"""

import os
import re
import shutil
import sys

from tools.ship import deploy, mpy

HW = os.path.join(mpy.ROOT, "tests", "hw")
WORK = os.path.join(mpy.ROOT, "build", "bench_hw")
HEAP = "192K"
I2C_CLOCKS = (100000, 400000, 1000000)
SPI_CLOCKS = (2000000, 10000000)


def footprint():
    total = deploy.stage()
    groups = {}
    for folder, _dirs, files in os.walk(deploy.STAGE):
        for f in files:
            path = os.path.join(folder, f)
            part = os.path.relpath(folder, deploy.STAGE).replace(os.sep, "/")
            kind = "help texts" if f.endswith(".txt") else ("main.py" if part == "." else part)
            groups[kind] = groups.get(kind, 0) + os.path.getsize(path)
    return total, groups


def i2c_push_us(transactions, data_bytes, freq):
    """Each byte is 9 clocks (8 bits and the ACK); each transaction adds its address byte and
    about one clock each for START and STOP."""
    clocks = 9 * (data_bytes + transactions) + 2 * transactions
    return clocks * 1000000 // freq


def spi_push_us(data_bytes, freq):
    """8 clocks a byte; chip-select and D/C changes are GPIO writes between transfers and are
    left out (on the Pico each SPI.write call also costs tens of microseconds of Python)."""
    return data_bytes * 8 * 1000000 // freq


def boot_figures(board):
    data = os.path.join(WORK, board)
    if os.path.isdir(data):
        shutil.rmtree(data)
    os.makedirs(data)
    r = mpy.run([os.path.join(HW, "bench_boot.py"), deploy.rel(deploy.board_path(board)),
                 deploy.rel(data)], heap=HEAP, path_extra=(HW,))
    if r.returncode:
        raise SystemExit("bench_boot failed on %s:\n%s%s" % (board, r.stdout, r.stderr))
    return {k: int(v) for k, v in re.findall(r"^(\w+) (\d+)$", r.stdout, re.M)}


def main():
    total, groups = footprint()
    print("Flash footprint (what `make flash` copies):")
    for kind in sorted(groups):
        if kind.startswith("deckdelve"):
            print("  %-22s %7d bytes" % (kind + "/*.mpy", groups[kind]))
    code = sum(n for kind, n in groups.items() if kind.startswith("deckdelve"))
    print("  %-22s %7d bytes" % ("all .mpy code", code))
    for kind in ("help texts", "main.py"):
        print("  %-22s %7d bytes" % (kind, groups.get(kind, 0)))
    print("  %-22s %7d bytes" % ("total", total))
    print()
    print("Boot under the MicroPython unix port (64-bit), heap %s, fake machine:" % HEAP)
    print("  %-12s %9s %9s %9s %9s %8s %8s" % ("board", "used", "free", "by boot", "mem_peak",
                                              "splash", "title"))
    pushes = []
    for board in deploy.known_boards():
        f = boot_figures(board)
        print("  %-12s %9d %9d %9d %9d %6dus %6dus" % (
            board, f["heap_used_after_boot"], f["heap_free_after_boot"], f["heap_used_by_boot"],
            f["mem_peak"], f["splash_us"], f["title_us"]))
        pushes.append((board, f))
    print()
    print("Frame push time from bus timing (one show(): every byte of the 128x64 frame):")
    for board, f in pushes:
        spec = deploy.boardfile.load(deploy.board_path(board))["display"]
        n, t = f["push_bytes"], f["push_transactions"]
        if spec["bus"] == "i2c":
            times = ", ".join("%.1f ms at %d kHz" % (i2c_push_us(t, n, c) / 1000, c // 1000)
                              for c in I2C_CLOCKS)
            what = "%d transactions, %d bytes" % (t, n)
        else:
            times = ", ".join("%.2f ms at %d MHz" % (spi_push_us(n, c) / 1000, c // 1000000)
                              for c in SPI_CLOCKS)
            what = "%d writes, %d bytes" % (t, n)
        print("  %-12s %-28s %s (board: %s Hz)" % (board, what, times, spec["freq"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
