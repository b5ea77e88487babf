# Drivers for the two 128x64 OLED controllers our boards use, SSD1306 and SH1106, on I2C or
# SPI. The display IS the frame buffer: a framebuf.FrameBuffer (MONO_VLSB, one byte = eight
# pixels down a column, the layout of both controllers' RAM), so the app draws into it and
# show() pushes the pages (rows of 8 pixels) that differ from the last frame pushed: a cursor
# move changes two or three of the eight, and at 400 kHz I2C every page costs 2.9 ms. The
# controller keeps what it was sent, so an unchanged page needs nothing. show() and the other
# calls allocate nothing: every command buffer and page view is made once here.
#
# Why not micropython-lib's ssd1306 (which this follows in shape: a controller class that
# speaks commands over a small bus object): it has no SH1106, the controller of the common
# 1.3" modules; its SPI write_cmd builds a bytearray per command, so its show() allocates six
# times a frame; and it cannot be installed here to be tested (mip fetches it from
# micropython.org, out of our build machines' reach; PyPI's micropython-ssd1306 0.3, from 2021,
# is not a package pip can install).
#
# Command bytes are from the SSD1306 datasheet (Solomon Systech, rev 1.1, section 10 and the
# application note's init flow) and the SH1106 datasheet (Sino Wealth, V2.3, "Commands").

import framebuf

try:
    from micropython import const
except ImportError:  # CPython (linting, host tools)

    def const(x):
        return x


WIDTH = const(128)
HEIGHT = const(64)
PAGES = const(8)  # 8 rows of 8 pixels
# show() pushes a page's changed columns in chunks of this many: what changed is found with a
# few C compares of chunks (a Python loop over the bytes cost as much as it saved), and a
# cursor move changes a few chunks where whole pages would be 128 bytes each (2.9 k cycles a
# byte at 400 kHz).
CHUNK = const(16)
CHUNKS = const(8)  # WIDTH // CHUNK

# Commands both controllers share (same codes on both datasheets).
_CONTRAST = const(0x81)  # + 1 byte 0..255
_FOLLOW_RAM = const(0xA4)  # output follows RAM (0xA5 would light every pixel)
_NOT_INVERTED = const(0xA6)
_DISPLAY_OFF = const(0xAE)  # sleep: panel off, RAM kept
_DISPLAY_ON = const(0xAF)
_SEG_REMAP = const(0xA0)  # | 1: RAM column 0 drives the rightmost segment
_COM_SCAN = const(0xC0)  # | 8: scan COM63 -> COM0 (rows bottom to top)
_MUX_RATIO = const(0xA8)  # + 1 byte: rows - 1
_DISPLAY_OFFSET = const(0xD3)  # + 1 byte: vertical shift
_START_LINE = const(0x40)  # | line
_CLOCK = const(0xD5)  # + 1 byte: divide ratio and oscillator frequency
_PRECHARGE = const(0xD9)  # + 1 byte
_COM_PINS = const(0xDA)  # + 1 byte (SSD1306), + 0x12 alternative on SH1106 too
_VCOM_DESELECT = const(0xDB)  # + 1 byte
# SSD1306 only.
_ADDRESS_MODE = const(0x20)  # + 0x00: horizontal, the whole frame in one write
_COLUMN_RANGE = const(0x21)  # + first, last column
_PAGE_RANGE = const(0x22)  # + first, last page
_CHARGE_PUMP = const(0x8D)  # + 0x14: on (modules without an external VCC)
# SH1106 only.
_DC_DC = const(0xAD)  # + 0x8B: built-in DC-DC converter on
_PUMP_VOLTAGE = const(0x32)  # 0x30..0x33: 6.4, 7.4, 8.0, 9.0 V; 0x32 is the reset value
_PAGE_ADDRESS = const(0xB0)  # | page 0..7
_COLUMN_LOW = const(0x00)  # | low 4 bits of the column
_COLUMN_HIGH = const(0x10)  # | high 4 bits of the column


# On the Pico, native code finds the pages that changed (ui/raster_native.viper): show() asks at
# every frame, and comparing the pages in Python cost ~1.7 ms a show() that pushed nothing.
try:
    from deckdelve.ui.raster_native import changed_pages as _changed_pages
except (ImportError, ValueError):  # (not the Pico: see the end of ui/draw.py)
    _changed_pages = None


def _flip(degrees):
    # 0 degrees: RAM column 0 on the right and rows scanned bottom to top, which shows the
    # module's picture upright with its pins at the top; 180 undoes both.
    return 0 if degrees == 180 else 1


class I2CBus:
    """Commands and data over I2C. Each write is one transaction that starts with a control
    byte: 0x00 (Co=0, D/C#=0) says every byte after it is a command, 0x40 (Co=0, D/C#=1) that
    every byte after it is display data (SSD1306 datasheet 8.1.5; SH1106 the same)."""

    def __init__(self, i2c, addr=0x3C):
        self.i2c = i2c
        self.addr = addr
        self._commands = [b"\x00", None]
        self._data = [b"\x40", None]

    def command(self, buf):
        self._commands[1] = buf
        self.i2c.writevto(self.addr, self._commands)

    def data(self, buf):
        self._data[1] = buf
        self.i2c.writevto(self.addr, self._data)


class SPIBus:
    """Commands and data over 4-wire SPI: D/C low for commands, high for data; chip select is
    held low for each write. The reset line, where wired, is pulsed once here."""

    def __init__(self, spi, dc, cs, res=None, sleep_ms=None):
        self.spi = spi
        dc.init(dc.OUT, value=0)
        cs.init(cs.OUT, value=1)
        self._dc = dc.value
        self._cs = cs.value
        if res is not None:
            if sleep_ms is None:
                from time import sleep_ms
            # RES# low for at least 3 us resets the controller (both datasheets); the
            # millisecond waits are generous and happen once.
            res.init(res.OUT, value=1)
            sleep_ms(1)
            res.value(0)
            sleep_ms(1)
            res.value(1)
            sleep_ms(1)

    def command(self, buf):
        self._dc(0)
        self._cs(0)
        self.spi.write(buf)
        self._cs(1)

    def data(self, buf):
        self._dc(1)
        self._cs(0)
        self.spi.write(buf)
        self._cs(1)


class _Oled(framebuf.FrameBuffer):
    def __init__(self, bus, rotate=0, contrast=255, col_offset=0):
        self.buffer = bytearray(WIDTH * PAGES)
        super().__init__(self.buffer, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        # One view per page of 8 rows, made once, for controllers written a page at a time.
        view = memoryview(self.buffer)
        self.pages = tuple(view[p * WIDTH:(p + 1) * WIDTH] for p in range(PAGES))
        self.chunks = tuple(view[c * CHUNK:(c + 1) * CHUNK] for c in range(PAGES * CHUNKS))
        # What the controller's RAM holds: a copy of each page as last pushed. The app's
        # partial redraw (ui/draw.py: redraw) reads it as the frame before: one copy for both.
        self.sent = bytearray(WIDTH * PAGES)
        view = memoryview(self.sent)
        self._sent_pages = tuple(view[p * WIDTH:(p + 1) * WIDTH] for p in range(PAGES))
        self._sent_chunks = tuple(view[c * CHUNK:(c + 1) * CHUNK]
                                  for c in range(PAGES * CHUNKS))
        self._last = 0  # the last changed chunk _first_changed found (see there)
        self._stale = True  # the controller's RAM is unknown: push every page
        self.bus = bus
        self.col_offset = col_offset
        self._one = bytearray(1)
        self._two = bytearray(2)
        self.is_on = False
        # The panel stays dark until the first show() has filled the controller's RAM (what
        # it holds at power-on is noise): no clearing push, one frame sooner at boot.
        self.light_on_show = True
        bus.command(self.init_commands(rotate, contrast))

    def init_commands(self, rotate, contrast):
        raise NotImplementedError

    def invalidate(self):
        """Forget what the controller holds: the next show() pushes every page."""
        self._stale = True

    def _changed(self):
        """The pages (a bit each, page 0 bit 0) that differ from what was pushed: all while
        the controller's RAM is unknown. No allocation: the pages are views made once."""
        if self._stale:
            return 0xFF
        if _changed_pages is not None:
            return _changed_pages(self.buffer, self.sent)
        mask = 0
        for page in range(PAGES):
            if self.pages[page] != self._sent_pages[page]:
                mask |= 1 << page
        return mask

    def _first_changed(self, page):
        """The first chunk of the page (0..CHUNKS-1) that differs from what was pushed, or
        CHUNKS if none; self._last is then the last one. The copy is brought up to date (the
        caller pushes the chunks first.._last). No allocation: the chunks are views made
        once."""
        # (written to keep its frame within 11 words: MicroPython takes a larger one from the
        # heap at every call, and this runs for each of the eight pages of every redraw)
        now = self.pages[page]
        sent = self._sent_pages[page]
        if self._stale:
            sent[:] = now
            self._last = CHUNKS - 1
            return 0
        if now == sent:
            return CHUNKS
        chunks = self.chunks
        was = self._sent_chunks
        first = page * CHUNKS
        while chunks[first] == was[first]:
            first += 1
        page = page * CHUNKS + CHUNKS - 1  # (now the page's last chunk)
        while chunks[page] == was[page]:
            page -= 1
        sent[:] = now
        self._last = page % CHUNKS
        return first % CHUNKS

    def show(self):
        """Push what changed since the last show() (every page the first time)."""
        self.push()
        if self.light_on_show:
            self.poweron()

    def push(self):
        raise NotImplementedError

    def _send1(self, a):
        self._one[0] = a
        self.bus.command(self._one)

    def _send2(self, a, b):
        self._two[0] = a
        self._two[1] = b
        self.bus.command(self._two)

    def contrast(self, value):
        self._send2(_CONTRAST, value & 0xFF)

    def rotate(self, degrees):
        flip = _flip(degrees)
        self._send2(_SEG_REMAP | flip, _COM_SCAN | (flip << 3))

    def poweroff(self):
        self._send1(_DISPLAY_OFF)
        self.is_on = False
        self.light_on_show = False

    def poweron(self):
        self._send1(_DISPLAY_ON)
        self.is_on = True
        self.light_on_show = False


class SSD1306(_Oled):
    def __init__(self, bus, rotate=0, contrast=255, col_offset=0):
        # The window show() writes: every column (shifted by the offset, 0 on 128-wide panels)
        # and a run of changed pages (bytes 4, 5); with horizontal addressing the pages sent
        # after it fill it in order.
        self._window = bytearray(
            (_COLUMN_RANGE, col_offset, col_offset + WIDTH - 1, _PAGE_RANGE, 0, PAGES - 1)
        )
        super().__init__(bus, rotate, contrast, col_offset)

    def init_commands(self, rotate, contrast):
        flip = _flip(rotate)
        return bytes(
            (
                _DISPLAY_OFF,
                _CLOCK, 0x80,  # divide ratio 1, oscillator at its reset value
                _MUX_RATIO, HEIGHT - 1,
                _DISPLAY_OFFSET, 0,
                _START_LINE | 0,
                _CHARGE_PUMP, 0x14,
                _ADDRESS_MODE, 0x00,  # horizontal
                _SEG_REMAP | flip,
                _COM_SCAN | (flip << 3),
                _COM_PINS, 0x12,  # alternative COM pin layout: 128x64 panels
                _CONTRAST, contrast,
                _PRECHARGE, 0xF1,  # phase 1 = 1 clock, phase 2 = 15 clocks (internal VCC)
                _VCOM_DESELECT, 0x30,  # ~0.83 x VCC
                _FOLLOW_RAM,
                _NOT_INVERTED,
            )
        )

    def push(self):
        # A page changed in every chunk is written whole, and whole pages in a row share one
        # window (a whole frame: one window, eight writes); a page changed in part gets a
        # window of its changed chunks, then those chunks, one write each.
        window = self._window
        bus = self.bus
        pages = self.pages
        chunks = self.chunks
        offset = self.col_offset
        follows = -1  # the page the controller's window goes on to after the last write
        changed = self._changed()
        for page in range(PAGES):
            if not changed & (1 << page):
                continue
            first = self._first_changed(page)
            if first == CHUNKS:
                continue
            last = self._last
            if first == 0 and last == CHUNKS - 1:
                if follows != page:
                    window[1] = offset
                    window[2] = offset + WIDTH - 1
                    window[4] = page
                    window[5] = PAGES - 1
                    bus.command(window)
                bus.data(pages[page])
                follows = page + 1
                continue
            window[1] = offset + first * CHUNK
            window[2] = offset + last * CHUNK + CHUNK - 1
            window[4] = page
            window[5] = page
            bus.command(window)
            for c in range(page * CHUNKS + first, page * CHUNKS + last + 1):
                bus.data(chunks[c])
            follows = -1
        self._stale = False


class SH1106(_Oled):
    """The SH1106 has 132 columns of RAM for a 128-pixel panel (most modules wire the middle
    128: col_offset 2) and only page addressing, so show() writes each of the 8 pages: page
    address, column address, then that page's 128 bytes."""

    def __init__(self, bus, rotate=0, contrast=255, col_offset=2):
        self._page_start = bytearray(
            (_PAGE_ADDRESS, _COLUMN_LOW | (col_offset & 15), _COLUMN_HIGH | (col_offset >> 4))
        )
        super().__init__(bus, rotate, contrast, col_offset)

    def init_commands(self, rotate, contrast):
        flip = _flip(rotate)
        return bytes(
            (
                _DISPLAY_OFF,
                _CLOCK, 0x80,
                _MUX_RATIO, HEIGHT - 1,
                _DISPLAY_OFFSET, 0,
                _START_LINE | 0,
                _DC_DC, 0x8B,  # built-in DC-DC on
                _PUMP_VOLTAGE,
                _SEG_REMAP | flip,
                _COM_SCAN | (flip << 3),
                _COM_PINS, 0x12,
                _CONTRAST, contrast,
                _PRECHARGE, 0x22,  # the reset value: 2 clocks each phase
                _VCOM_DESELECT, 0x35,  # the reset value
                _FOLLOW_RAM,
                _NOT_INVERTED,
            )
        )

    def push(self):
        # Each changed page: its address and its first changed column, then its changed
        # chunks (the whole page in one write when all changed).
        start = self._page_start
        pages = self.pages
        chunks = self.chunks
        bus = self.bus
        changed = self._changed()
        for page in range(PAGES):
            if not changed & (1 << page):
                continue
            first = self._first_changed(page)
            if first == CHUNKS:
                continue
            last = self._last
            column = self.col_offset + first * CHUNK
            start[0] = _PAGE_ADDRESS | page
            start[1] = _COLUMN_LOW | (column & 15)
            start[2] = _COLUMN_HIGH | (column >> 4)
            bus.command(start)
            if first == 0 and last == CHUNKS - 1:
                bus.data(pages[page])
                continue
            for c in range(page * CHUNKS + first, page * CHUNKS + last + 1):
                bus.data(chunks[c])
        self._stale = False
