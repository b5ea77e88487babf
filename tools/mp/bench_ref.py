# The benchmarks' reference loop (MicroPython-clean): a fixed piece of interpreter work timed
# in the same run as every other figure, so that figures taken on different machines compare
# as ratios to it, and a ratio times the loop's time on the Pico estimates the Pico's time.
# Small ints only (below 2**30): the same kind of work on the Pico's 32-bit port as on the
# 64-bit unix port (a running sum of squares would turn into a big int on the Pico only).
# tools/pico/bench_pico_ref.py runs this very file on the emulated Pico.
import time

N = 10000


def loop(n):
    s = 0
    for i in range(n):
        s = (s + i * i) & 0x3FFFFF
    return s


def time_us(repeats):
    """The loop's time in microseconds, `repeats` times."""
    out = []
    for _ in range(repeats):
        t = time.ticks_us()
        loop(N)
        out.append(time.ticks_diff(time.ticks_us(), t))
    return out
