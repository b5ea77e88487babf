# The only code that touches `machine`: board files, display drivers, buttons, buzzer, power
# saving. devices.py builds them from a board file; the rest take ready-made bus and pin
# objects, so tests drive them with a fake `machine` (tests/hw/machine.py).
