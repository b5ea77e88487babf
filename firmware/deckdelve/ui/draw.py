# Everything the scenes draw with: the project's 3x5 font, card glyphs, boxes, cursors.
# Drawing goes through the framebuf.FrameBuffer API (MONO_VLSB); on the host, host_sim provides
# a byte-identical pure-Python FrameBuffer. Every frame buffer drawn into is the 128 x 64
# screen. Nothing here allocates per glyph.
# On the Pico the work of the items every redraw draws many of (text, cards, the cursor, the
# visibility test, a partial redraw's putting back, clearing) is native code instead, from
# ui/raster_native.viper (see the end of this file): what is written here is then its twin, byte
# for byte, and what runs everywhere else (CPython, the web page, the unix port).
import framebuf

from deckdelve import cards
from deckdelve.ui.font_data import ADVANCE as _ADVANCE
from deckdelve.ui.font_data import CODE as _CODE
from deckdelve.ui.font_data import GLYPHS, WIDTHS
from deckdelve.ui.font_data import INVERSE as _INVERSE
from deckdelve.ui.font_data import LOGO, LOGO_W

W = 128
H = 64
LINE = 6  # text line pitch: 5 px glyphs + 1 px gap
CARD_W = 11
CARD_H = 15
SMALL_W = 15
SMALL_H = 7

# The text-bounds check (tests/shared/textcheck.py) sets `record` to a function told of every
# text, dialog box and cursor drawn: record(kind, x, y, a, b). None on the device, where it
# costs one test of a global a call (and the Pico's native items, ui/raster_native.viper, make
# none: the check runs where draw.py's own items draw).
record = None
TEXT = 0  # a: the text (a str, or one glyph's code, an int), b: its colour
BOX = 1  # a, b: the box's width and height (its shadow is one more each way)
CURSOR = 2  # a, b: the inverted rectangle's width and height
SELECTED = 3  # a, b: the width and height of a place drawn selected (a card, a menu's bar)

# Font codes of the symbols in assets/font3x5.txt.
STAR = "\x05"
ARROW_R = "\x06"
ARROW_U = "\x07"
ARROW_D = "\x08"
ARROW_L = "\x0b"
# Each rank as one font glyph: "\x0e" is "10" drawn 5 px wide, as narrow as a letter.
RANKS = "A23456789\x0eJQK"
_RANK_CODES = bytes(ord(r) for r in RANKS)

_LOGO = (LOGO, LOGO_W, 15, framebuf.MONO_VLSB)  # read in place: no copy in RAM

# -- redrawing only what changed (see redraw) --
REGIONS = 8  # the parts of the screen a partial redraw takes at most (App.changed: more, all)
# The regions being redrawn: _clip[0] how many (0 while the whole screen is drawn), then
# x0, y0, x1, y1 of each (x1, y1 exclusive). The costly items below (text, cards, places, the
# cursor) are skipped when they lie outside every region: that skipping is where a partial
# redraw saves its time. (Bytes, filled in place: the native items read the same ones.)
_clip = bytearray(1 + 4 * REGIONS)
# The frame as it was before a partial redraw, for a frame buffer that keeps none itself: the
# Pico's display keeps what it last pushed (hw/oled.py: sent), the same bytes, so on the Pico
# this is never made (1 KB of RAM).
_own_last = None


def visible(x, y, w, h):
    """True unless a partial redraw is under way and the w x h item at x, y lies outside
    every region it redraws (then drawing the item would change nothing kept)."""
    c = _clip
    i = 4 * c[0]
    if i == 0:
        return True
    while i:
        if x < c[i - 1] and c[i - 3] < x + w and y < c[i] and c[i - 2] < y + h:
            return True
        i -= 4
    return False


def _pixels(fb):
    """The bytes of a frame buffer. MicroPython's FrameBuffer has the buffer protocol; the
    simulator's pure-Python one (CPython 3.11 classes cannot offer it) keeps them in .buf."""
    try:
        return memoryview(fb)
    except TypeError:
        return fb.buf


def redraw(fb, regions, n, draw_all):
    """Redraw only some regions of fb, which holds the last frame drawn: the first n of
    regions (x0, y0, x1, y1 each, on the screen, x1 and y1 exclusive; n <= REGIONS), each
    widened to whole pages of 8 rows, get exactly the pixels draw_all(fb) (a screen's whole
    drawing on a cleared screen) would give them, and every pixel outside them stays as it was.
    draw_all runs with the items outside every region skipped (see visible). An item that
    crosses a region's edge, and the screen's own fb calls, draw outside the regions too:
    those bytes are put back from the last frame, which is fb.sent where fb keeps it (the
    display: what it last pushed, and every frame drawn is pushed before the next) or a copy
    made here. Whole pages make that a copy of byte runs (C memcpy, a page is a run of 128
    bytes, one a column); a blit goes pixel by pixel, ten times slower on the Pico. Regions
    that are all empty redraw nothing."""
    global _own_last
    clip = _clip
    k = 0
    for i in range(0, 4 * n, 4):
        x0 = regions[i]
        x1 = regions[i + 2]
        top = regions[i + 1] & ~7
        bottom = min((regions[i + 3] + 7) & ~7, H)
        if x0 < x1 and top < bottom:
            clip[k + 1] = x0
            clip[k + 2] = top
            clip[k + 3] = x1
            clip[k + 4] = bottom
            k += 4
    if k == 0:
        return  # every region empty: the press changed nothing (see App.changed)
    screen = _pixels(fb)
    last = getattr(fb, "sent", None)
    if last is None:
        if _own_last is None:
            _own_last = bytearray(W * H // 8)
        last = _own_last
        last[:] = screen
    last = memoryview(last)  # (a slice of a view is a view, not a copy)
    for i in range(1, k, 4):
        fb.fill_rect(clip[i], clip[i + 1], clip[i + 2] - clip[i], clip[i + 3] - clip[i + 1], 0)
    clip[0] = k // 4
    try:
        draw_all(fb)
        _put_back(screen, last, clip)
    finally:
        clip[0] = 0


def _put_back(screen, last, clip):
    """Every byte of screen outside the regions in clip (as _clip) back from last (the frame
    before): on each page, the runs between the regions that cover it."""
    n = 4 * clip[0]
    for y in range(0, H, 8):
        a = y * W >> 3
        x = 0
        while x < W:
            end = W  # the run kept from x ends where the next region on this page begins
            for i in range(1, n, 4):
                if clip[i + 1] <= y < clip[i + 3]:
                    if clip[i] <= x < clip[i + 2]:
                        end = -1
                        x = clip[i + 2]
                        break
                    if x < clip[i] < end:
                        end = clip[i]
            if end > x:
                screen[a + x:a + end] = last[a + x:a + end]
                x = end


# -- the items every redraw draws many of --
# The functions the scenes call (text, char, center, right, card, card_small, empty) are small
# on purpose: MicroPython allocates the frame of a function with more than 11 words of it
# (arguments, locals, the value stack; a call of five arguments takes seven) from the heap at
# every call, ~12 k cycles on the Pico (tools/frames.py). Their work is done by the functions
# after them (_text, _char, _card, _empty; cursor, width, visible and clear themselves), most
# of which the Pico replaces with native code (ui/raster_native.viper, see the end of this file).


def text(fb, s, x, y, color=1):
    """Draw s (str) at x, y; returns the x after the last character."""
    return _text(fb, s, x, y, color)


def char(fb, code, x, y, color=1):
    """Draw one character (an int code) at x, y; returns its advance in pixels."""
    return _char(fb, code, x, y, color)


def center(fb, s, y, color=1, x0=0, w=W):
    x0 = x0 + (w - width(s)) // 2
    (_text_lit if color else _text_dark)(fb, s, x0, y)


def right(fb, s, x_end, y, color=1):
    """Draw s so that it ends at x_end (exclusive)."""
    _text(fb, s, x_end - width(s), y, color)


def card(fb, c, x, y, up=True, inverted=False):
    """A CARD_W x CARD_H card: rank at the top, suit below. Face down: a checked back.
    inverted draws it white on black for the cursor. c == NONE draws an empty place."""
    _card(fb, c + 256 * up + 512 * inverted, x, y)


def card_small(fb, c, x, y, up=True, inverted=False):
    """A SMALL_W x SMALL_H card for hands and lists: the label in a box."""
    _card(fb, c + 1024 + 256 * up + 512 * inverted, x, y)


def empty(fb, x, y, w, h, inverted=False):
    """An empty place: a dotted outline (a solid one under the cursor)."""
    w = w + 256 * h + 65536 * inverted
    _empty(fb, x, y, w)


def label(card):
    """A card as inline text: rank then suit glyph ('10' + heart), or JK for a Joker (as the
    big card says it: one name everywhere)."""
    if card == cards.NONE:
        return "--"
    if card >= 52:
        return "JK"
    return RANKS[card % 13] + cards.SUIT_CHARS[card // 13]


# -- how they are drawn where there is no native code (the Pico: ui/raster_native.viper) --
# (What they draw with is made at the end of this file.)
_glyph_buf: bytearray
_glyph: framebuf.FrameBuffer
_back: framebuf.FrameBuffer
_back_small: framebuf.FrameBuffer
_dotted_big: framebuf.FrameBuffer
_dotted_small: framebuf.FrameBuffer
_tile: framebuf.FrameBuffer
_swap: framebuf.FrameBuffer

def clear(fb):
    """Every pixel of the screen dark."""
    fb.fill(0)


def _codes(s):
    """The character codes of s, fast: MicroPython steps through a str by looking each
    character up as an interned string, through bytes by reading ints (3.5 times faster, one
    small allocation). A str with a character >= 128 (not in our font: drawn as '?') stays a
    str, so that each such character is still one '?'."""
    b = s.encode()
    return b if len(b) == len(s) else s


def _text(fb, s, x, y, color):
    """text(): lit where color is not 0, else dark."""
    if _clip[0] and not visible(x, y, W - x, 5):
        return x + width(s) + 1 if s else x  # the x after it, as if drawn
    if record is not None:
        record(TEXT, x, y, s, color)
    table = _CODE
    advance = _ADVANCE
    g = _glyph_buf
    glyph = _glyph
    blit = fb.blit
    src = GLYPHS if color else _INVERSE
    key = 0 if color else 1
    codes = _codes(s)
    if codes is s:  # a character >= 128: the slow way, one '?' for it
        codes = bytes(ord(ch) if ord(ch) < 128 else 63 for ch in s)
    for code in codes:
        code = table[code]
        if code != 32:  # a space draws nothing
            b = code * 5
            g[0] = src[b]
            g[1] = src[b + 1]
            g[2] = src[b + 2]
            g[3] = src[b + 3]
            g[4] = src[b + 4]
            blit(glyph, x, y, key)
        x += advance[code]
    return x


def _text_lit(fb, s, x, y):
    return _text(fb, s, x, y, 1)


def _text_dark(fb, s, x, y):
    return _text(fb, s, x, y, 0)


def _char(fb, code, x, y, color):
    """char()."""
    if code >= 128:
        code = 63  # '?'
    code = _CODE[code]
    if _clip[0] and not visible(x, y, 5, 5):
        return WIDTHS[code] + 1
    if record is not None:
        record(TEXT, x, y, code, color)
    g = _glyph_buf
    src = GLYPHS if color else _INVERSE
    b = code * 5
    g[0] = src[b]
    g[1] = src[b + 1]
    g[2] = src[b + 2]
    g[3] = src[b + 3]
    g[4] = src[b + 4]
    fb.blit(_glyph, x, y, 0 if color else 1)
    return WIDTHS[code] + 1


def width(s):
    """Width of s in pixels (without the trailing gap)."""
    advance = _ADVANCE
    codes = _codes(s)
    n = 0
    if codes is s:
        for ch in s:
            code = ord(ch)
            n += advance[code] if code < 128 else advance[63]
    else:
        for code in codes:
            n += advance[code]
    return n - 1 if n else 0


def _card(fb, c, x, y):
    """card() (c: the card + 256 if up + 512 if inverted), card_small() (+ 1024)."""
    up = c & 256
    inverted = (c & 512) != 0
    small = c & 1024
    c &= 255
    w = SMALL_W if small else CARD_W
    h = SMALL_H if small else CARD_H
    if _clip[0] and not visible(x, y, w, h):
        return
    if c == cards.NONE:
        empty(fb, x, y, w, h, inverted)
        return
    if inverted and record is not None:
        record(SELECTED, x, y, w, h)
    fg = 0 if inverted else 1
    fb.fill_rect(x, y, w, h, 1 - fg)
    fb.rect(x, y, w, h, fg)
    if not up:
        if inverted:
            # Under the cursor a back would still look like a back (the checks are half lit
            # either way): a white card with a question mark is unmistakable.
            center(fb, "?", y + (h - 5) // 2, 0, x, w)
        else:
            fb.blit(_back_small if small else _back, x + 2, y + 2, 0)
        return
    if small:
        if inverted:
            # No dark frame inside the lit one: it would leave the 5-pixel label no margin in
            # a 7-pixel card, a blot at 1:1.
            fb.rect(x, y, SMALL_W, SMALL_H, 1)
        s = label(c)
        text(fb, s, x + (SMALL_W - width(s)) // 2, y + 1, fg)
    elif c >= 52:
        center(fb, "JK", y + 2, fg, x, CARD_W)
        char(fb, 5, x + 3, y + 8, fg)
    else:
        rank = _RANK_CODES[c % 13]
        char(fb, rank, x + (CARD_W + 1 - _ADVANCE[rank]) // 2, y + 2, fg)  # centred
        char(fb, 1 + c // 13, x + 3, y + 8, fg)


def _empty(fb, x, y, w):
    """empty() (w: the width + 256 * the height + 65536 if inverted)."""
    inverted = w >> 16
    h = (w >> 8) & 255
    w &= 255
    if _clip[0] and not visible(x, y, w, h):
        return
    if inverted:
        if record is not None:
            record(SELECTED, x, y, w, h)
        fb.fill_rect(x, y, w, h, 1)
        fb.rect(x + 2, y + 2, w - 4, h - 4, 0)
    elif w == CARD_W and h == CARD_H:
        fb.blit(_dotted_big, x, y, 0)  # the dots drawn once (key 0: only the dots are set)
    elif w == SMALL_W and h == SMALL_H:
        fb.blit(_dotted_small, x, y, 0)
    else:
        _dots(fb, x, y, w, h)


def cursor(fb, x, y, w, h):
    """Invert a rectangle of what is already drawn: the cursor over any item."""
    if _clip[0] and not visible(x, y, w, h):
        return
    if record is not None:
        record(CURSOR, x, y, w, h)
    # In tiles of 32 x 8, in C: copy the tile out, blank the tile's part outside the
    # rectangle, light the rectangle, then blit the copy back through the 0 <-> 1 palette with
    # key 1, which puts 0 where a pixel was lit and leaves the rest lit (the blanked part maps
    # to 1 too, the key: left alone).
    tile = _tile
    for ty in range(y, y + h, 8):
        th = min(8, y + h - ty)
        for tx in range(x, x + w, _TILE_W):
            tw = min(_TILE_W, x + w - tx)
            tile.fill(0)
            tile.blit(fb, -tx, -ty)
            if tw < _TILE_W:
                tile.fill_rect(tw, 0, _TILE_W - tw, 8, 0)
            if th < 8:
                tile.fill_rect(0, th, _TILE_W, 8 - th, 0)
            fb.fill_rect(tx, ty, tw, th, 1)
            fb.blit(tile, tx, ty, 1, _swap)


def bar(fb, s, x, y, w, selected):
    """A menu line: text, white on black when selected."""
    # (a frame within 11 words, as text's: a menu draws a bar a row)
    if selected:
        if record is not None:
            record(SELECTED, x, y - 1, w, LINE + 1)
        _lit_bar(fb, x, y, w)
        _text_dark(fb, s, x + 2, y)
    else:
        _text_lit(fb, s, x + 2, y)


def _lit_bar(fb, x, y, w):
    fb.fill_rect(x, y - 1, w, LINE + 1, 1)


def _pattern(w, h):
    """A checkerboard w x h, the face-down card back."""
    buf = bytearray(w * ((h + 7) // 8))
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB)
    for y in range(h):
        for x in range(w):
            if (x + y) & 1:
                fb.pixel(x, y, 1)
    return fb


def _dotted(w, h):
    """The dotted outline of an empty place w x h (see empty), drawn once, blitted after."""
    buf = bytearray(w * ((h + 7) // 8))
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB)
    _dots(fb, 0, 0, w, h)
    return fb


def _dots(fb, x, y, w, h):
    for i in range(0, w, 2):
        fb.pixel(x + i, y, 1)
        fb.pixel(x + i, y + h - 1, 1)
    for i in range(0, h, 2):
        fb.pixel(x, y + i, 1)
        fb.pixel(x + w - 1, y + i, 1)


def scrollbar(fb, x, y, h, top, shown, total):
    """A scroll bar 2 px wide at x, y, h high for a list of `total` rows showing `shown` from
    row `top`: a dotted track and a solid thumb, so that a list that scrolls says so. Draws
    nothing when everything is shown."""
    if total <= shown:
        return
    for yy in range(y, y + h, 2):
        fb.pixel(x + 1, yy, 1)
    thumb = max(4, h * shown // total)
    ty = y + (h - thumb) * top // (total - shown)
    fb.fill_rect(x, ty, 2, thumb, 1)


def box(fb, x, y, w, h):
    """A dialog frame: black inside, white border, a shadow so it stands off the scene."""
    if record is not None:
        record(BOX, x, y, w, h)
    fb.fill_rect(x + 1, y + 1, w, h, 0)
    fb.fill_rect(x, y, w, h, 0)
    fb.rect(x, y, w, h, 1)
    fb.hline(x + 2, y + h, w - 1, 1)
    fb.vline(x + w, y + 2, h - 1, 1)


_parts_text = ""  # the last text given to part()
_parts_starts = [0, 1]  # where each of its pieces starts (and one past its end + 1)
_parts_view = None  # its bytes, for a text of ASCII on MicroPython (see part)


def part(text, i):
    """The i-th piece of a '|'-separated text. Scenes keep their sentences in one such string:
    one object instead of a tuple of dozens saves RAM on the Pico."""
    if _parts_text is not text:
        _find_parts(text)
    starts = _parts_starts
    if _parts_view is not None:
        return str(_parts_view[starts[i]:starts[i + 1] - 1], "ascii")
    return text[starts[i]:starts[i + 1] - 1]


def _find_parts(text):
    """Where the pieces of text start (for part)."""
    # MicroPython finds a str's character index by walking it from the start, so searching
    # for the i-th '|' (str.index from a start) cost 3 walks per '|': 5 M cycles on the Pico
    # for a late sentence of a 1.5 KB text. The starts are found once per text instead (one
    # walk, kept with the text). A piece of an ASCII text is then made from the text's bytes
    # (its buffer, viewed in place): slicing the str itself walks it twice again, 40 k cycles
    # on the Pico for a late piece of a 1.5 KB text.
    global _parts_text, _parts_starts, _parts_view
    starts = [0] * (text.count("|") + 2)  # made at its size: no growing list
    codes = _codes(text)
    k = 1
    view = None
    if codes is text:  # a character >= 128: character by character
        n = 0
        for ch in text:
            n += 1
            if ch == "|":
                starts[k] = n
                k += 1
    else:  # ASCII: a byte offset is a character offset, and bytes.find walks in C
        n = codes.find(b"|") + 1
        while n:
            starts[k] = n
            k += 1
            n = codes.find(b"|", n) + 1
        n = len(codes)
        try:
            view = memoryview(text)  # MicroPython's str has the buffer protocol
        except TypeError:  # CPython's has not, and slices a str without a walk
            pass
    starts[k] = n + 1
    _parts_text = text
    _parts_starts = starts
    _parts_view = view


_wrapped = (None, 0, ())  # the last short text wrapped: it, its width and its lines
WRAP_KEPT = 240  # the longest text whose lines are kept (a message, a line of help)


def wrap(s, max_width):
    """Split s into lines no wider than max_width pixels; '\\n' forces a break. Returns a
    tuple of the lines."""
    # Scenes wrap their texts on every redraw, and the same text again and again (a message
    # over a game, a sentence of a page): the last short one is kept, as wrapping allocates
    # and measures a line for every word (~1 M cycles for a long message on the Pico). A long
    # text (a help file's paragraph) is not: its lines would stay in RAM.
    global _wrapped
    last = _wrapped
    if max_width == last[1] and s == last[0]:
        return last[2]
    lines = []
    space = _ADVANCE[32]
    for para in s.split("\n"):
        words = para.split(" ")
        # The line so far is words[first:i] joined by spaces (made into a str only when it is
        # done: a str a word cost an allocation each); `taken` is the sum of its characters'
        # advances (0: the line is empty), so that its width with the next word is a sum.
        first = 0
        taken = 0
        for i in range(len(words)):
            w = width(words[i]) + 1 if words[i] else 0  # the word's advances
            trial = taken + space + w if taken else w
            if not taken:
                first = i  # (an empty line so far: the word starts it)
                taken = trial
            elif trial - 1 <= max_width:
                taken = trial
            else:
                lines.append(" ".join(words[first:i]))
                first = i
                taken = w
        lines.append(" ".join(words[first:]))
    lines = tuple(lines)
    if len(s) <= WRAP_KEPT:
        _wrapped = (s, max_width, lines)
    return lines


def message_box(lines, hint="A" + ARROW_R):
    """Where message() draws its box for these lines and hint: (x, y, w, h) of the frame (its
    shadow is one more pixel to the right and below)."""
    n = len(lines)
    w = 0
    for ln in lines:
        lw = width(ln)
        if lw > w:
            w = lw
    w = max(w + 8, 40)
    h = n * LINE + 8
    # The hint sits inside the frame (over the border it would break it): beside the last
    # line, the box widened for it if the screen allows, else on a line of its own.
    if hint:
        need = width(lines[n - 1]) + 2 * width(hint) + 16
        if need <= W - 4:
            w = max(w, need)
        elif need > w:
            h += LINE
    return (W - w) // 2, (H - h) // 2, w, h


def message(fb, lines, hint="A" + ARROW_R):
    """A centered box with lines of text (already wrapped) and a hint in its corner."""
    x, y, w, h = message_box(lines, hint)
    box(fb, x, y, w, h)
    for i in range(len(lines)):
        center(fb, lines[i], y + 4 + i * LINE, 1, x, w)
    if hint:
        text(fb, hint, x + w - width(hint) - 3, y + h - 9)


def logo(fb):
    """DECKDELVE in big letters, where the title screen has it (boot shows it first)."""
    fb.blit(_LOGO, 11, 8, 0)


def big_text(fb, s, x, y, scale=2, color=1):
    """Text at scale x scale pixels a font pixel (titles only: slow, per pixel)."""
    for ch in s:
        code = ord(ch)
        if 97 <= code <= 122:
            code -= 32
        w = WIDTHS[code] if code < 128 else 0
        if w == 0:
            code = 63
            w = WIDTHS[63]
        for cx in range(w):
            bits = GLYPHS[code * 5 + cx]
            for cy in range(5):
                if bits & (1 << cy):
                    fb.fill_rect(x + cx * scale, y + cy * scale, scale, scale, color)
        x += (w + 1) * scale
    return x


# The Pico: the items every redraw draws many of as native code, in place of the ones above
# (the same bytes drawn; why, and how they are held to these: ui/raster_native.viper). A .mpy of
# machine code loads only on the Pico: anywhere else the import fails and the ones above draw.
try:
    from deckdelve.ui import raster_native
except (ImportError, ValueError):  # CPython (no micropython), another MicroPython (its arch)
    raster_native = None
if raster_native is not None:
    raster_native.clip = _clip  # (the same bytes: redraw fills them for both)
    _text = raster_native.text
    _text_lit = raster_native.text_lit
    _text_dark = raster_native.text_dark
    _card = raster_native.card
    _put_back = raster_native.put_back
    clear = raster_native.clear
    cursor = raster_native.cursor
    visible = raster_native.visible
    width = raster_native.width
# What the portable items draw with (on the Pico too: a lone character, an empty place): one
# 5x8 glyph buffer reused for every character, the card backs and empty places drawn once,
# and for the cursor a tile of what is under it and a palette that swaps 0 and 1.
_glyph_buf = bytearray(5)
_glyph = framebuf.FrameBuffer(_glyph_buf, 5, 8, framebuf.MONO_VLSB)
_dotted_big = _dotted(CARD_W, CARD_H)
_dotted_small = _dotted(SMALL_W, SMALL_H)
if raster_native is None:
    _back = _pattern(CARD_W - 4, CARD_H - 4)
    _back_small = _pattern(SMALL_W - 4, SMALL_H - 4)
    _TILE_W = 32
    _tile = framebuf.FrameBuffer(bytearray(_TILE_W), _TILE_W, 8, framebuf.MONO_VLSB)
    _swap = framebuf.FrameBuffer(bytearray(2), 2, 1, framebuf.MONO_VLSB)
    _swap.pixel(0, 0, 1)  # 0 -> 1, 1 -> 0
