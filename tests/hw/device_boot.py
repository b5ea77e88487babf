# Boots from a flashed device folder (what the fake mpremote received from `make flash`) and
# starts every game in the registry, so that a module or data file missing from what the
# flash copies shows up. Only the device folder and the fakes are on the path.
# usage: micropython -X heapsize=216K device_boot.py DEVICE_DIR
import gc
import sys
import time

import machine
from deckdelve import boot, registry
from deckdelve.hw import board, devices

device = sys.argv[1]
machine.RECORD = False
wiring = board.load(device + "/board.json")
display = devices.display(wiring)
buttons = devices.buttons(wiring)
buzzer = devices.buzzer(wiring)
console = boot.start(display, buttons, buzzer, device + "/data")
now = time.ticks_ms()
for _ in range(3):
    now = time.ticks_add(now, 20)
    console.frame(now)
print("booted from", boot.__file__)
for entry in registry.GAMES:
    key = entry[0]
    options = entry[2][0][1] if entry[2] else ()
    console = None  # one app at a time, as on the device (a new one is a power-on)
    gc.collect()
    console = boot.start(display, buttons, buzzer, device + "/data")
    console.app.start_game(key, options, 1)
    for _ in range(5):
        now = time.ticks_add(now, 20)
        console.frame(now)
    module = sys.modules.get("deckdelve.games." + key)
    print("started", key, "from", module.__file__ if module else None)
    module = None
    # Leave it, as the player would before starting another: its modules leave RAM (the four
    # games' code together no longer fits the Pico's heap, and never has to).
    console.app.leave_game(key)
    now = time.ticks_add(now, 20)
    console.frame(now)
