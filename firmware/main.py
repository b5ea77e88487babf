# MicroPython runs this file at power-on. It stays source; everything it imports is compiled
# .mpy in deckdelve/ (see deckdelve/boot.py).
from deckdelve import boot

boot.main()
