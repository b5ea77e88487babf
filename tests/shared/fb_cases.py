# Drawing cases run twice, with host_sim's pure-Python framebuf under CPython and with the
# real C framebuf under MicroPython; tests/test_framebuf_equivalence.py compares the bytes.
import framebuf


def new():
    buf = bytearray(1024)
    return buf, framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)


def case_pixels(fb):
    for i in range(0, 200, 3):
        fb.pixel(i % 140 - 6, (i * 7) % 75 - 5, 1)
    fb.pixel(5, 5, 0)
    fb.pixel(-1, -1, 1)
    fb.pixel(128, 64, 1)


def case_fills(fb):
    fb.fill(1)
    fb.fill_rect(10, 10, 30, 20, 0)
    fb.fill_rect(-5, -5, 12, 9, 0)
    fb.fill_rect(120, 58, 20, 20, 0)
    fb.fill_rect(50, 50, 0, 5, 0)
    fb.hline(0, 40, 128, 0)
    fb.vline(70, -3, 80, 0)
    fb.rect(80, 5, 30, 20, 0)
    fb.rect(85, 10, 10, 5, 0, True)


def case_rects(fb):
    fb.rect(0, 0, 128, 64, 1)
    fb.rect(-3, 10, 20, 10, 1)
    fb.rect(115, 50, 20, 20, 1)
    fb.rect(40, 20, 1, 1, 1)
    fb.rect(60, 20, 2, 9, 1, True)


def case_lines(fb):
    ends = ((127, 0), (127, 63), (0, 63), (64, 70), (-10, 30), (130, 32), (70, 10), (64, 32))
    for x, y in ends:
        fb.line(64, 32, x, y, 1)
    fb.line(0, 0, 127, 63, 1)
    fb.line(127, 0, 0, 63, 1)
    fb.line(5, 60, 5, 60, 1)
    fb.line(10, 3, 40, 5, 0)


def case_blit(fb):
    sbuf = bytearray(8 * 2)
    src = framebuf.FrameBuffer(sbuf, 8, 16, framebuf.MONO_VLSB)
    for i in range(16):
        src.pixel(i % 8, i, 1)
        src.pixel(7 - i % 8, i, 1)
    fb.fill_rect(0, 0, 64, 32, 1)
    for x, y, key in ((2, 2, -1), (20, 3, 0), (40, 5, 1), (-4, 40, -1), (124, 58, 0),
                      (60, -10, 1), (200, 10, -1)):
        fb.blit(src, x, y, key)
    # through a palette (colour c drawn as palette.pixel(c, 0)), the key after the palette
    swap = framebuf.FrameBuffer(bytearray(2), 2, 1, framebuf.MONO_VLSB)
    swap.pixel(0, 0, 1)
    for x, y, key in ((70, 2, -1), (80, 20, 1), (90, 40, 0), (-3, 50, 1)):
        fb.blit(src, x, y, key, swap)
    # a source given as (buffer, width, height, format), read-only bytes included
    for x, y, key in ((100, 30, 0), (110, 50, -1), (-2, 20, 1)):
        fb.blit((bytes(sbuf), 8, 15, framebuf.MONO_VLSB), x, y, key)


def case_text(fb):
    from deckdelve.ui import draw

    draw.text(fb, "THE QUICK BROWN FOX 0123456789", 0, 0)
    draw.text(fb, "jumps over: the lazy dog!? #42", 0, 6)
    fb.fill_rect(0, 13, 128, 8, 1)
    draw.text(fb, "INVERTED \x01\x02\x03\x04\x05", 2, 14, 0)
    x = 0
    for c in range(52, 54):
        draw.card(fb, c, x, 22)
        x += 12
    for c in (0, 9, 23, 38, 51):
        draw.card(fb, c, x, 22)
        x += 12
    draw.card(fb, 5, x, 22, up=False)
    draw.card(fb, 6, x + 12, 22, inverted=True)
    draw.card(fb, 7, x + 24, 22, up=False, inverted=True)
    draw.card(fb, 255, x + 36, 22)
    draw.card_small(fb, 9, 0, 40)
    draw.card_small(fb, 40, 16, 40, inverted=True)
    draw.card_small(fb, 40, 32, 40, up=False)
    draw.message(fb, ["HELLO", "WORLD"])
    draw.big_text(fb, "AB", 100, 48, 2)
    draw.cursor(fb, 90, 40, 20, 10)
    draw.cursor(fb, 0, 0, 128, 7)  # wider than a tile, an odd height
    draw.cursor(fb, 120, 58, 20, 20)  # off the edges
    draw.cursor(fb, -5, 30, 12, 3)
    draw.empty(fb, 60, 40, draw.CARD_W, draw.CARD_H)
    draw.empty(fb, 74, 42, draw.SMALL_W, draw.SMALL_H)
    draw.empty(fb, 92, 30, 9, 6)
    draw.text(fb, "caf\xe9 \x7f", 70, 0)


CASES = ("case_pixels", "case_fills", "case_rects", "case_lines", "case_blit", "case_text")


def main():
    """Print each case's buffer as hex, one line a case: 'name hex'."""
    import binascii
    import gc

    g = globals()
    for name in CASES:
        buf, fb = new()
        g[name](fb)
        print(name, binascii.hexlify(buf).decode())
        gc.collect()


if __name__ == "__main__":
    main()
