# Drawing cases for draw.py's native items (ui/raster_native.viper) and their portable twins:
# tests/test_raster_native.py runs this under the unix port twice, once with the build (the
# native module is compiled for the Pico there and does not load: draw.py's own items draw)
# and once with a build for this machine (mpy-cross -march=host, as the Pico's is for armv6m:
# the native items draw), and compares the two. Each case draws one item
# over a screen of dark, lit or random bytes; prints "raster native" or "raster twin", then
# one line per case: its number, the CRC-32 of the 1024 bytes after it, what it drew.
import binascii

import framebuf

from deckdelve import cards
from deckdelve.hw import oled
from deckdelve.ui import draw

SEED = 12345


class Lcg:
    """A small random source of our own (the same under every interpreter)."""

    def __init__(self, seed):
        self.s = seed

    def below(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n

    def between(self, lo, hi):
        return lo + self.below(hi - lo + 1)


# Characters the scenes draw, and what the font does not have (drawn as '?'): every code
# below 128, letters with accents, symbols of three and four bytes in UTF-8.
ALPHABET = "".join(chr(i) for i in range(1, 128)) + "é♥€𝄞ß"


def cases(rng):
    """(description, draw function) pairs, one at a time."""
    for _ in range(400):
        n = rng.below(12)
        s = "".join(ALPHABET[rng.below(len(ALPHABET))] for _ in range(n))
        x = rng.between(-30, 135)
        y = rng.between(-9, 66)
        color = rng.below(3)
        yield (("text %r at %d,%d color %d" % (s, x, y, color),
                    lambda fb, s=s, x=x, y=y, color=color: draw.text(fb, s, x, y, color)))
    for _ in range(150):  # centred, right-aligned, as a menu's bar
        n = rng.below(12)
        s = "".join(ALPHABET[rng.below(len(ALPHABET))] for _ in range(n))
        x = rng.between(-30, 135)
        y = rng.between(-9, 66)
        w = rng.between(0, 128)
        color = rng.below(2)
        yield ("center %r y %d color %d x0 %d w %d" % (s, y, color, x, w),
               lambda fb, s=s, x=x, y=y, w=w, color=color: draw.center(fb, s, y, color, x, w))
        yield ("center %r y %d" % (s, y), lambda fb, s=s, y=y: draw.center(fb, s, y))
        yield ("right %r to %d, %d color %d" % (s, x, y, color),
               lambda fb, s=s, x=x, y=y, color=color: draw.right(fb, s, x, y, color))
        yield ("bar %r at %d,%d w %d selected %d" % (s, x, y, w, color),
               lambda fb, s=s, x=x, y=y, w=w, color=color: draw.bar(fb, s, x, y, w, color == 1))
    for _ in range(200):
        n = rng.below(20)
        s = "".join(ALPHABET[rng.below(len(ALPHABET))] for _ in range(n))
        yield ("width %r" % s, lambda fb, s=s: draw.width(s))
    for code in range(140):
        x = rng.between(-6, 130)
        y = rng.between(-7, 65)
        color = rng.below(2)
        yield (("char %d at %d,%d color %d" % (code, x, y, color),
                    lambda fb, c=code, x=x, y=y, color=color: draw.char(fb, c, x, y, color)))
    for c in list(range(54)) + [cards.NONE, 60]:
        for flags in range(4):
            for small in (False, True):
                for _ in range(3):
                    x = rng.between(-16, 130)
                    y = rng.between(-16, 66)
                    up = bool(flags & 1)
                    inverted = bool(flags & 2)
                    f = draw.card_small if small else draw.card
                    yield (("%s %d up=%s inverted=%s at %d,%d" % (
                        f.__name__, c, up, inverted, x, y),
                        lambda fb, f=f, c=c, x=x, y=y, up=up, inverted=inverted:
                        f(fb, c, x, y, up, inverted)))
    sizes = [(draw.CARD_W, draw.CARD_H), (draw.SMALL_W, draw.SMALL_H), (9, 5), (30, 9)]
    sizes += [(rng.below(8), rng.below(8)) for _ in range(6)]  # down to nothing
    for w, h in sizes:
        for inverted in (False, True):
            for _ in range(8):
                x = rng.between(-16, 130)
                y = rng.between(-16, 66)
                yield (("empty %dx%d inverted=%s at %d,%d" % (w, h, inverted, x, y),
                            lambda fb, w=w, h=h, x=x, y=y, inverted=inverted:
                            draw.empty(fb, x, y, w, h, inverted)))
    for _ in range(200):
        x = rng.between(-40, 135)
        y = rng.between(-20, 70)
        w = rng.between(-2, 140)
        h = rng.between(-2, 70)
        yield (("cursor %d,%d %dx%d" % (x, y, w, h),
                    lambda fb, x=x, y=y, w=w, h=h: draw.cursor(fb, x, y, w, h)))
    for _ in range(300):  # (what visible answers: every other case is in a partial redraw)
        x = rng.between(-20, 130)
        y = rng.between(-10, 66)
        w = rng.between(0, 40)
        h = rng.between(0, 20)
        yield ("visible %d,%d %dx%d" % (x, y, w, h),
               lambda fb, x=x, y=y, w=w, h=h: draw.visible(x, y, w, h))
    yield ("clear", draw.clear)
    display = oled.SSD1306(_Bus())
    for k in range(40):  # (what differs from what was pushed: one byte, a few, none)
        def changed(fb, k=k):
            display.buffer[:] = _screen[0]
            display.sent[:] = _screen[0]
            display._stale = False
            for _ in range(k % 4):
                i = rng.below(1024)
                display.sent[i] = (display.sent[i] + 1 + rng.below(255)) & 255
            return display._changed()
        yield ("the display's changed pages %d" % k, changed)


class _Bus:
    """A display bus that takes what it is sent."""

    def command(self, buf):
        pass

    def data(self, buf):
        pass

_screen = []  # the buffer main() draws in (the display's cases copy it)


def main():
    print("raster", "twin" if draw.raster_native is None else "native")
    rng = Lcg(SEED)
    buf = bytearray(1024)
    _screen.append(buf)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    n = 0
    for what, f in cases(rng):
        kind = rng.below(4)  # what is under the item: dark, lit, or noise
        for i in range(1024):
            buf[i] = 0 if kind == 0 else 255 if kind == 1 else rng.below(256)
        # Every other case as part of a partial redraw (draw.redraw: the item is skipped
        # where it lies outside the regions, and every byte outside them is put back; what
        # it returns is the same either way).
        k = rng.below(3) if n & 1 else 0
        regions = bytearray(4 * k)
        for i in range(0, 4 * k, 4):
            regions[i] = rng.between(0, 120)
            regions[i + 1] = rng.between(0, 60)
            regions[i + 2] = rng.between(regions[i], 128)
            regions[i + 3] = rng.between(regions[i + 1], 64)
        answers = []
        if k:
            draw.redraw(fb, regions, k, lambda fb, f=f, answers=answers: answers.append(f(fb)))
        else:
            answers.append(f(fb))
        clip_shown = "in %s" % list(regions) if k else ""
        answer = answers[0] if answers else None
        print(n, binascii.crc32(buf), answer, what, clip_shown)
        n += 1


main()
