"""A pure-Python twin of MicroPython's `framebuf` module for the methods the firmware uses,
MONO_VLSB only (the SSD1306/SH1106 layout). tests/test_framebuf_equivalence.py draws the
same things here and under real MicroPython and requires byte-identical buffers; the
algorithms follow MicroPython's extmod/modframebuf.c (clipping, Bresenham lines, blit keys).

host_sim installs this module as `framebuf` when the firmware runs under CPython.
"""

MONO_VLSB = 0
MONO_HLSB = 3
MONO_HMSB = 4


class FrameBuffer:
    def __init__(self, buffer, width, height, format=MONO_VLSB, stride=None):
        if format != MONO_VLSB:
            raise ValueError("host_sim framebuf supports MONO_VLSB only")
        self.buf = buffer
        self.width = width
        self.height = height
        self.stride = width if stride is None else stride
        if len(buffer) < ((height + 7) // 8) * self.stride:
            raise ValueError("buffer too small")

    # -- pixels -------------------------------------------------------------------------
    def _set(self, x, y, c):
        i = (y >> 3) * self.stride + x
        bit = 1 << (y & 7)
        if c & 1:
            self.buf[i] |= bit
        else:
            self.buf[i] &= ~bit & 0xFF

    def _get(self, x, y):
        return (self.buf[(y >> 3) * self.stride + x] >> (y & 7)) & 1

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        if c is None:
            return self._get(x, y)
        self._set(x, y, c)
        return None

    # -- fills ----------------------------------------------------------------------------
    def fill(self, c):
        v = 0xFF if c & 1 else 0
        for i in range(((self.height + 7) // 8) * self.stride):
            self.buf[i] = v

    def fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend = min(self.width, x + w)
        yend = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        for yy in range(y, yend):
            for xx in range(x, xend):
                self._set(xx, yy, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
        else:
            self.fill_rect(x, y, w, 1, c)
            self.fill_rect(x, y + h - 1, w, 1, c)
            self.fill_rect(x, y, 1, h, c)
            self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx = -dx
            sx = -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < self.width and 0 <= x1 < self.height:
                    self._set(y1, x1, c)
            elif 0 <= x1 < self.width and 0 <= y1 < self.height:
                self._set(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < self.width and 0 <= y2 < self.height:
            self._set(x2, y2, c)

    # -- blit ----------------------------------------------------------------
    def blit(self, source, x, y, key=-1, palette=None):
        # As MicroPython's: a source colour c becomes palette.pixel(c, 0), and the key is
        # compared with the colour after that. The source may also be a tuple (buffer,
        # width, height, format[, stride]), whose buffer need not be writable.
        if isinstance(source, (tuple, list)):
            source = FrameBuffer(bytearray(source[0]), *source[1:])
        if x >= self.width or y >= self.height or -x >= source.width or -y >= source.height:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self.width, x + source.width)
        y0end = min(self.height, y + source.height)
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = source._get(cx1, y1)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y0 += 1
            y1 += 1
