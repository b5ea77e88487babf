"""Measuring on this machine: speed, memory, the display bus, balance, soaks, RAM margins."""
