# The interface of deckdelve/image.py, the module tools/ship/firmware.py makes for a firmware image
# and freezes into it (it exists nowhere else: on the .mpy route and on a desk, importing it
# fails, which is how the firmware tells where it runs: boot.in_image).
VERSION: str  # the collection's version (menus.VERSION)
MICROPYTHON: str  # the MicroPython tag the image is built from, e.g. "v1.28.0"
BOARD: str  # the board file's name, e.g. "ssd1306-i2c"
WIRING: dict  # that board file, as hw/board.load returns it (checked when the image was made)
HELP: dict[str, bytes]  # each game's rules help text (deckdelve/help/<key>.txt), by game key
# each help's layout (helpview.laid_out): its lines' starts, then their ends, 16-bit LE
HELP_LINES: dict[str, bytes]
