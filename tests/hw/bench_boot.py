# Boots the app on one board file under the unix port with the fake machine and prints what
# tools/measure/bench_hw.py reports: heap after boot, time to the title, bus traffic of one show().
# usage: micropython -X heapsize=192K bench_boot.py BOARD_FILE DATA_DIR
import gc
import sys
import time

import micropython

import machine

board_file = sys.argv[1]
data_dir = sys.argv[2]
machine.RECORD = False  # count bus bytes only: a recording would count as the app's heap
gc.collect()
heap_before = gc.mem_alloc()
began = time.ticks_us()
from deckdelve import boot  # noqa: E402 - timed from before the first import
from deckdelve.hw import board, devices  # noqa: E402

wiring = board.load(board_file)
display = devices.display(wiring)
boot.splash(display)
splash_us = time.ticks_diff(time.ticks_us(), began)
console = boot.start(display, devices.buttons(wiring), devices.buzzer(wiring), data_dir,
                     wiring["display"]["contrast"])
console.frame(time.ticks_ms())
title_us = time.ticks_diff(time.ticks_us(), began)
boot.run(console, 10)
gc.collect()
print("heap_used_after_boot %d" % gc.mem_alloc())
print("heap_free_after_boot %d" % gc.mem_free())
print("heap_used_by_boot %d" % (gc.mem_alloc() - heap_before))
print("mem_peak %d" % micropython.mem_peak())
print("splash_us %d" % splash_us)
print("title_us %d" % title_us)
if wiring["display"]["bus"] == "i2c":
    bus = machine.I2C.made[-1]
    t, n = bus.transactions, bus.bytes
    display.invalidate()  # a whole frame (show() pushes only changed pages)
    display.show()
    print("push_transactions %d" % (bus.transactions - t))
    print("push_bytes %d" % (bus.bytes - n))
else:
    bus = machine.SPI.made[-1]
    t, n = bus.writes, bus.bytes
    display.invalidate()
    display.show()
    print("push_transactions %d" % (bus.writes - t))
    print("push_bytes %d" % (bus.bytes - n))
t0 = time.ticks_us()
for _ in range(100):
    console.frame(time.ticks_ms())
print("idle_frame_us %d" % (time.ticks_diff(time.ticks_us(), t0) // 100))
