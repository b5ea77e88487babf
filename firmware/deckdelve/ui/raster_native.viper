# (ptr8, ptr32 and int() of a pointer are viper's own; mypy reads raster_native.pyi instead)
#
# The work of ui/draw.py's items that every redraw draws many of, as machine code for the
# Pico: text, cards (and the empty places among them), the cursor, the visibility test and
# the putting back of a partial redraw, and clearing the screen. On the Pico draw.py uses
# these in place of its own (see its end): the same arguments, the same bytes drawn.
# Anywhere else (CPython, the web page, the unix port's tests) draw.py's own run: the twin
# these must match, byte for byte (tests/test_raster_native.py: the unix port runs this
# compiled for its own machine, as the firmware runs it for the Pico's armv6m; and every frame
# of the emulated Pico equals the simulator's, tests/test_pico_emulator.py).
#
# Why, measured on the emulated Pico: framebuf draws a pixel at a time through function
# pointers (a 5 x 8 glyph's blit ~5 k cycles, a card from its box and glyphs 60-90 k, the
# cursor over a card 190 k, clearing the screen 100 k), and a bytecode function whose frame
# is more than 11 words gets it from the heap at every call (~12 k cycles more; draw.py says
# more). These write the frame buffer's bytes themselves, and viper keeps its frame on the C
# stack. (What is drawn a few times a screen at most, a lone character, an empty place of its
# own, a menu bar, stays draw.py's: on the stock image a module's machine code is loaded into
# RAM, ~1 KB a function here.)
#
# Only viper here, no @micropython.native: MicroPython 1.28 freezes armv6m machine code at
# 2-byte alignment, and a native function reads a word at its start (the prelude's index),
# which faults when the linker leaves it unaligned (it did, on the emulated Pico). Viper
# functions read no such word. Viper functions take no default arguments: draw.py's items
# keep those and call these.
#
# This module exists only for the Pico: mpy-cross compiles it with -march=armv6m
# (tools/mpy.py; the firmware image's build does the same), and an import of it fails on
# any other MicroPython (its architecture) or on CPython (no micropython module). It is a
# .viper file, not a .py, because native code compiles only for a named machine: plain
# mpy-cross refuses it ("invalid arch"), and nothing may take it for portable bytecode.
#
# The frame buffer is the 128 x 64 screen, MONO_VLSB: byte (y >> 3) * 128 + x holds column
# x's eight rows from y & ~7, bit 0 the top one. A column's bits v with their mask m, shifted
# to the item's row, cover at most three pages. Every write is clipped to the screen as
# framebuf clips.
import micropython
from micropython import const

from deckdelve.ui.font_data import ADVANCE as _ADVANCE
from deckdelve.ui.font_data import CODE as _CODE
from deckdelve.ui.font_data import GLYPHS as _GLYPHS

# Each rank as its font glyph (draw.RANKS): A 2..9, "10" as one glyph (14), J Q K.
_RANKS = b"A23456789\x0eJQK"
_J = const(74)  # the font codes of 'J', 'K', the star and '?'
_K = const(75)
_STAR = const(5)
_QUESTION = const(63)

# The regions of a partial redraw (draw._clip, which draw.py puts here: [0] how many, then
# x0, y0, x1, y1 of each; draw.redraw fills it).
clip = bytearray(1)


@micropython.viper
def visible(x: int, y: int, w: int, h: int) -> bool:
    """draw.visible."""
    c = ptr8(clip)
    i = c[0] * 4
    if i == 0:
        return True
    while i != 0:
        if x < c[i - 1] and c[i - 3] < x + w and y < c[i] and c[i - 2] < y + h:
            return True
        i -= 4
    return False


@micropython.viper
def width(s) -> int:
    """draw.width: the width of s (a str) in pixels, without the trailing gap."""
    n = int(len(s))
    src = ptr8(s)
    code_of = ptr8(_CODE)
    advance = ptr8(_ADVANCE)
    w = 0
    j = 0
    while n > 0:
        n -= 1
        ch = src[j]
        j += 1
        if ch >= 0x80:  # a character of 2-4 bytes in UTF-8: one '?'
            if ch >= 0xF0:
                j += 3
            elif ch >= 0xE0:
                j += 2
            else:
                j += 1
            ch = _QUESTION
        w += advance[code_of[ch]]
    return w - 1 if w != 0 else 0


@micropython.viper
def text(buf, s, x: int, y: int, color: int) -> int:
    """draw._text: s (a str) at x, y, lit where color is not 0, else dark (a character >= 128
    as '?'); the x after its last character."""
    n = int(len(s))
    if ptr8(clip)[0] != 0 and not visible(x, y, 128 - x, 5):
        return x + int(width(s)) + 1 if n != 0 else x
    fb = ptr8(buf)
    src = ptr8(s)
    code_of = ptr8(_CODE)
    advance = ptr8(_ADVANCE)
    glyphs = ptr8(_GLYPHS)
    # A glyph's 5 rows shifted to y cover this page and the next: each written if on screen.
    # (while loops: viper's for-range loop costs ~12 cycles more a turn on the Pico)
    shift = y & 7
    top = (y >> 3) * 128  # the first page's first byte
    top_on = uint(y >> 3) < uint(8)
    next_on = uint((y >> 3) + 1) < uint(8)
    j = 0
    while n > 0:
        n -= 1
        ch = src[j]
        j += 1
        if ch >= 0x80:
            if ch >= 0xF0:
                j += 3
            elif ch >= 0xE0:
                j += 2
            else:
                j += 1
            ch = _QUESTION
        code = code_of[ch]
        if code != 32:  # a space draws nothing
            g = code * 5
            k = 0
            while k < 5:
                bits = glyphs[g + k] << shift
                xx = x + k
                if bits != 0 and uint(xx) < uint(128):
                    part = bits & 0xFF
                    if part != 0 and top_on:
                        at = top + xx
                        if color != 0:
                            fb[at] = fb[at] | part
                        else:
                            fb[at] = (fb[at] | part) ^ part
                    part = bits >> 8
                    if part != 0 and next_on:
                        at = top + 128 + xx
                        if color != 0:
                            fb[at] = fb[at] | part
                        else:
                            fb[at] = (fb[at] | part) ^ part
                k += 1
        x += advance[code]
    return x


@micropython.viper
def text_lit(buf, s, x: int, y: int) -> int:
    """draw._text_lit."""
    return int(text(buf, s, x, y, 1))


@micropython.viper
def text_dark(buf, s, x: int, y: int) -> int:
    """draw._text_dark."""
    return int(text(buf, s, x, y, 0))


# card's scratch: the column bits of the card being drawn, a word each (MONO_VLSB columns of
# up to 16 rows), made in a few short passes and then written to the screen in one.
_columns = bytearray(4 * 16)


@micropython.viper
def card(buf, c: int, x: int, y: int):
    """draw._card: card c & 255 at x, y as draw.card draws it, or as draw.card_small with
    c & 1024; face up with c & 256, white on black with c & 512; 255 (cards.NONE) an empty
    place at that size."""
    small = (c & 1024) != 0
    up = (c & 256) != 0
    inverted = (c & 512) != 0
    c = c & 255
    w = 15 if small else 11
    h = 7 if small else 15
    if ptr8(clip)[0] != 0 and not visible(x, y, w, h):
        return
    col = ptr32(_columns)
    glyphs = ptr8(_GLYPHS)
    advance = ptr8(_ADVANCE)
    full = (1 << h) - 1
    edge = 1 | (1 << (h - 1))
    dots = False  # an empty place's dots: set on what is there, the rest left alone
    if c == 255:
        if inverted:  # lit, with a dark frame two pixels in
            inner = ((1 << (h - 4)) - 1) << 2
            lines = (1 << 2) | (1 << (h - 3))
            i = 0
            while i < w:
                col[i] = full
                i += 1
            col[2] = full ^ inner
            col[w - 3] = full ^ inner
            i = 3
            while i < w - 3:
                col[i] = full ^ lines
                i += 1
        else:  # dots every other pixel round the edge
            dots = True
            i = 0
            while i < w:
                col[i] = edge if (i & 1) == 0 else 0
                i += 1
            col[0] = col[0] | (0x5555 & full)
            col[w - 1] = col[w - 1] | (0x5555 & full)
    else:
        # 1. The frame (none yet for the small card under the cursor: its frame stays lit).
        lit_frame = small and up and inverted
        i = 0
        while i < w:
            col[i] = 0 if lit_frame else edge
            i += 1
        if not lit_frame:
            col[0] = full
            col[w - 1] = full
        # 2. What is inside: the face's glyphs, a back's '?' under the cursor, or its checks.
        g0 = -1  # up to three glyphs: code, column, row
        g1 = -1
        g2 = -1
        x0 = 0
        y0 = 0
        x1 = 0
        y1 = 0
        if up:
            if c >= 52:
                g0 = _J
                g1 = _K
            else:
                g0 = int(ptr8(_RANKS)[c % 13])
                g1 = 1 + c // 13
            if small or c >= 52:  # a label on one line, centred: "10" + suit, or JK
                y0 = 1 if small else 2
                x0 = (w - (int(advance[g0]) + int(advance[g1]) - 1)) // 2
                x1 = x0 + int(advance[g0])
                y1 = y0
                if not small:
                    g2 = _STAR  # the big Joker's star, where a suit goes
            else:  # the rank centred at the top, the suit below it
                x0 = (w + 1 - int(advance[g0])) // 2
                y0 = 2
                x1 = 3
                y1 = 8
        elif inverted:
            g0 = _QUESTION
            x0 = (w - 3) // 2
            y0 = (h - 5) // 2
        else:  # the checked back, two pixels in
            rows = (1 << (h - 4)) - 1
            i = 2
            while i <= w - 3:
                col[i] = col[i] | ((((0x5555 if i & 1 else 0xAAAA) & rows)) << 2)
                i += 1
        if g0 >= 0:
            k = 0
            g = g0 * 5
            while k < 5:
                col[x0 + k] = col[x0 + k] | (int(glyphs[g + k]) << y0)
                k += 1
        if g1 >= 0:
            k = 0
            g = g1 * 5
            while k < 5:
                col[x1 + k] = col[x1 + k] | (int(glyphs[g + k]) << y1)
                k += 1
        if g2 >= 0:
            k = 0
            g = g2 * 5
            while k < 5:
                col[3 + k] = col[3 + k] | (int(glyphs[g + k]) << 8)
                k += 1
        if inverted:  # white on black
            i = 0
            while i < w:
                col[i] = full ^ col[i]
                i += 1
    # 3. The columns onto the screen: at most three pages each, clipped. (The pages' masks
    # worked out once: this loop is most of a card's time.)
    fb = ptr8(buf)
    shift = y & 7
    at = (y >> 3) * 128 + x  # the first column's byte on the card's first page
    m = full << shift
    m0 = m & 0xFF if uint(y >> 3) < uint(8) else 0
    m1 = (m >> 8) & 0xFF if uint((y >> 3) + 1) < uint(8) else 0
    m2 = m >> 16 if uint((y >> 3) + 2) < uint(8) else 0
    i = 0 if x >= 0 else -x
    end = w if x + w <= 128 else 128 - x
    while i < end:
        v = col[i] << shift
        k = at + i
        if dots:  # set only
            if m0:
                fb[k] = fb[k] | (v & m0)
            if m1:
                fb[k + 128] = fb[k + 128] | ((v >> 8) & m1)
            if m2:
                fb[k + 256] = fb[k + 256] | ((v >> 16) & m2)
        else:
            if m0:
                fb[k] = (fb[k] & (0xFF ^ m0)) | (v & m0)
            if m1:
                fb[k + 128] = (fb[k + 128] & (0xFF ^ m1)) | ((v >> 8) & m1)
            if m2:
                fb[k + 256] = (fb[k + 256] & (0xFF ^ m2)) | ((v >> 16) & m2)
        i += 1


@micropython.viper
def cursor(buf, x: int, y: int, w: int, h: int):
    """draw.cursor: lit and dark swapped in the w x h rectangle at x, y."""
    if ptr8(clip)[0] != 0 and not visible(x, y, w, h):
        return
    fb = ptr8(buf)
    x_end = x + w
    y_end = y + h
    if x < 0:
        x = 0
    if x_end > 128:
        x_end = 128
    if y < 0:
        y = 0
    if y_end > 64:
        y_end = 64
    if x >= x_end or y >= y_end:
        return
    p = y >> 3
    while p * 8 < y_end:
        top = p * 8
        m = 0xFF
        if y > top:
            m = (0xFF << (y - top)) & 0xFF
        if y_end < top + 8:
            m = m & ((1 << (y_end - top)) - 1)
        at = p * 128
        for xx in range(x, x_end):
            fb[at + xx] = fb[at + xx] ^ m
        p += 1


@micropython.viper
def put_back(screen, last, regions):
    """draw._put_back: every byte of screen outside the regions (as draw._clip) back from
    last, the frame before."""
    dst = ptr8(screen)
    src = ptr8(last)
    c = ptr8(regions)
    n = c[0] * 4
    for page in range(8):
        y = page * 8
        a = page * 128
        x = 0
        while x < 128:
            end = 128  # the run kept from x ends where the next region on this page begins
            inside = False
            i = 1
            while i < n:
                if c[i + 1] <= y and y < c[i + 3]:
                    if c[i] <= x and x < c[i + 2]:
                        inside = True
                        x = c[i + 2]
                        break
                    if x < c[i] and c[i] < end:
                        end = c[i]
                i += 4
            if not inside:
                for k in range(a + x, a + end):
                    dst[k] = src[k]
                x = end


@micropython.viper
def changed_pages(now, sent) -> int:
    """hw/oled.changed_pages: the pages (a bit each) where now differs from sent, both the
    1024 bytes of a frame buffer (bytearrays: on a word boundary)."""
    a = ptr32(now)
    b = ptr32(sent)
    mask = 0
    page = 0
    while page < 8:
        i = page * 32
        end = i + 32
        while i < end:
            if a[i] != b[i]:
                mask = mask | (1 << page)
                break
            i += 1
        page += 1
    return mask


@micropython.viper
def clear(buf):
    """draw.clear: every pixel of the screen dark."""
    if int(ptr8(buf)) & 3:  # (a buffer not on a word boundary: a bytearray's always is)
        b = ptr8(buf)
        for i in range(1024):
            b[i] = 0
        return
    words = ptr32(buf)
    for i in range(256):
        words[i] = 0
