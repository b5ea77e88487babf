"""The 128x64 MONO_VLSB buffer as a Pillow image: exactly 1:1 for tests, or scaled with an
OLED look (lit pixels pale blue-white with a faint grid between them) for people."""

from PIL import Image

W = 128
H = 64
LIT = (210, 235, 255)
DARK = (8, 10, 14)
GRID = (20, 24, 30)


def to_image(buf, scale=1):
    """An image of the frame buffer: mode '1' at scale 1, RGB with the OLED look above."""
    img = Image.new("1", (W, H), 0)
    px = img.load()
    for page in range(H // 8):
        row = page * W
        for x in range(W):
            b = buf[row + x]
            if b:
                for bit in range(8):
                    if b & (1 << bit):
                        px[x, page * 8 + bit] = 255
    if scale == 1:
        return img
    big = img.convert("L").resize((W * scale, H * scale), Image.NEAREST)
    out = Image.new("RGB", big.size, DARK)
    lit = Image.new("RGB", big.size, LIT)
    out.paste(lit, mask=big)
    if scale >= 3:
        # A dark line between pixels, as on a real panel.
        grid = Image.new("L", big.size, 0)
        gp = grid.load()
        for x in range(0, W * scale, scale):
            for y in range(H * scale):
                gp[x, y] = 255
        for y in range(0, H * scale, scale):
            for x in range(W * scale):
                gp[x, y] = 255
        out.paste(Image.new("RGB", big.size, GRID), mask=grid)
    return out


def from_image(img):
    """A 128x64 image (any mode; nonzero = lit) back into a MONO_VLSB buffer."""
    px = img.convert("L").load()
    buf = bytearray(W * H // 8)
    for y in range(H):
        for x in range(W):
            if px[x, y]:
                buf[(y >> 3) * W + x] |= 1 << (y & 7)
    return buf


def to_ascii(buf):
    """The frame as text, '#' lit and '.' dark, one line a pixel row (for test failures)."""
    lines = []
    for y in range(H):
        page = (y >> 3) * W
        bit = 1 << (y & 7)
        lines.append("".join("#" if buf[page + x] & bit else "." for x in range(W)))
    return "\n".join(lines)
