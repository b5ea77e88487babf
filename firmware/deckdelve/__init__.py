# Deckdelve: five solitaire card games for a 128x64 handheld (RP2040 + MicroPython).
# The same tree runs unchanged under CPython in host_sim/.
