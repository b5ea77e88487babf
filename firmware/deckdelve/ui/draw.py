# Everything the scenes draw with: the project's 3x5 font, card glyphs, boxes, cursors.
# Drawing goes through the framebuf.FrameBuffer API (MONO_VLSB), whose C routines are fast on
# the Pico; on the host, host_sim provides a byte-identical pure-Python FrameBuffer.
# Nothing here allocates per glyph: one 5x8 glyph buffer is reused for every character.
import framebuf

from deckdelve import cards
from deckdelve.ui.font_data import GLYPHS, WIDTHS

W = 128
H = 64
LINE = 6  # text line pitch: 5 px glyphs + 1 px gap
CARD_W = 11
CARD_H = 15
SMALL_W = 15
SMALL_H = 7

# Font codes of the symbols in assets/font3x5.txt.
STAR = "\x05"
ARROW_R = "\x06"
ARROW_U = "\x07"
ARROW_D = "\x08"
ARROW_L = "\x0b"
# Each rank as one font glyph: "\x0e" is "10" drawn 5 px wide, as narrow as a letter.
RANKS = "A23456789\x0eJQK"

_glyph_buf = bytearray(5)
_glyph = framebuf.FrameBuffer(_glyph_buf, 5, 8, framebuf.MONO_VLSB)


def _pattern(w, h):
    """A checkerboard w x h, the face-down card back."""
    buf = bytearray(w * ((h + 7) // 8))
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB)
    for y in range(h):
        for x in range(w):
            if (x + y) & 1:
                fb.pixel(x, y, 1)
    return fb


_back = _pattern(CARD_W - 4, CARD_H - 4)
_back_small = _pattern(SMALL_W - 4, SMALL_H - 4)


def char(fb, code, x, y, color=1):
    """Draw one character (an int code) at x, y; returns its advance in pixels."""
    if 97 <= code <= 122:
        code -= 32  # lowercase draws as uppercase
    if code >= 128 or WIDTHS[code] == 0:
        code = 63  # '?'
    w = WIDTHS[code]
    base = code * 5
    g = _glyph_buf
    if color:
        for i in range(5):
            g[i] = GLYPHS[base + i] if i < w else 0
        fb.blit(_glyph, x, y, 0)
    else:
        # Lit pixels become 0 and everything else 1, which the key (1) leaves untouched.
        for i in range(5):
            g[i] = ((~GLYPHS[base + i]) & 0x1F) | 0xE0 if i < w else 0xFF
        fb.blit(_glyph, x, y, 1)
    return w + 1


def text(fb, s, x, y, color=1):
    """Draw s (str) at x, y; returns the x after the last character."""
    for ch in s:
        x += char(fb, ord(ch), x, y, color)
    return x


def width(s):
    """Width of s in pixels (without the trailing gap)."""
    n = 0
    for ch in s:
        code = ord(ch)
        if 97 <= code <= 122:
            code -= 32
        if code >= 128 or WIDTHS[code] == 0:
            code = 63
        n += WIDTHS[code] + 1
    return n - 1 if n else 0


def center(fb, s, y, color=1, x0=0, w=W):
    text(fb, s, x0 + (w - width(s)) // 2, y, color)


def right(fb, s, x_end, y, color=1):
    """Draw s so that it ends at x_end (exclusive)."""
    text(fb, s, x_end - width(s), y, color)


def label(card):
    """A card as inline text: rank then suit glyph ('10' + heart), or JK for a Joker (as the
    big card says it: one name everywhere)."""
    if card == cards.NONE:
        return "--"
    if card >= 52:
        return "JK"
    return RANKS[card % 13] + cards.SUIT_CHARS[card // 13]


def _frame(fb, c, x, y, w, h, back, up, inverted):
    """The part every card size shares: an empty place, or the box, or the box with the back.
    Returns the colour to draw the face in, or -1 when there is no face to draw."""
    if c == cards.NONE:
        empty(fb, x, y, w, h, inverted)
        return -1
    fg = 0 if inverted else 1
    fb.fill_rect(x, y, w, h, 1 - fg)
    fb.rect(x, y, w, h, fg)
    if up:
        return fg
    if inverted:
        # Under the cursor a back would still look like a back (the checks are half lit
        # either way): a white card with a question mark is unmistakable.
        center(fb, "?", y + (h - 5) // 2, 0, x, w)
    else:
        fb.blit(back, x + 2, y + 2, 0)
    return -1


def card(fb, c, x, y, up=True, inverted=False):
    """A CARD_W x CARD_H card: rank at the top, suit below. Face down: a checked back.
    inverted draws it white on black for the cursor. c == NONE draws an empty place."""
    fg = _frame(fb, c, x, y, CARD_W, CARD_H, _back, up, inverted)
    if fg < 0:
        return
    if c >= 52:
        center(fb, "JK", y + 2, fg, x, CARD_W)
        char(fb, 5, x + 3, y + 8, fg)
        return
    center(fb, RANKS[c % 13], y + 2, fg, x, CARD_W)
    char(fb, 1 + c // 13, x + 3, y + 8, fg)


def card_small(fb, c, x, y, up=True, inverted=False):
    """A SMALL_W x SMALL_H card for hands and lists: the label in a box."""
    fg = _frame(fb, c, x, y, SMALL_W, SMALL_H, _back_small, up, inverted)
    if fg < 0:
        return
    if inverted:
        # No dark frame inside the lit one: it would leave the 5-pixel label no margin in a
        # 7-pixel card, a blot at 1:1.
        fb.rect(x, y, SMALL_W, SMALL_H, 1)
    s = label(c)
    text(fb, s, x + (SMALL_W - width(s)) // 2, y + 1, fg)


def empty(fb, x, y, w, h, inverted=False):
    """An empty place: a dotted outline (a solid one under the cursor)."""
    if inverted:
        fb.fill_rect(x, y, w, h, 1)
        fb.rect(x + 2, y + 2, w - 4, h - 4, 0)
        return
    for i in range(0, w, 2):
        fb.pixel(x + i, y, 1)
        fb.pixel(x + i, y + h - 1, 1)
    for i in range(0, h, 2):
        fb.pixel(x, y + i, 1)
        fb.pixel(x + w - 1, y + i, 1)


def cursor(fb, x, y, w, h):
    """Invert a rectangle of what is already drawn: the cursor over any item."""
    for yy in range(y, y + h):
        for xx in range(x, x + w):
            p = fb.pixel(xx, yy)
            if p is not None:
                fb.pixel(xx, yy, 1 - p)


def bar(fb, s, x, y, w, selected):
    """A menu line: text, white on black when selected."""
    if selected:
        fb.fill_rect(x, y - 1, w, LINE + 1, 1)
        text(fb, s, x + 2, y, 0)
    else:
        text(fb, s, x + 2, y, 1)


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
    fb.fill_rect(x + 1, y + 1, w, h, 0)
    fb.fill_rect(x, y, w, h, 0)
    fb.rect(x, y, w, h, 1)
    fb.hline(x + 2, y + h, w - 1, 1)
    fb.vline(x + w, y + 2, h - 1, 1)


def part(text, i):
    """The i-th piece of a '|'-separated text. Scenes keep their sentences in one such string:
    one object instead of a tuple of dozens saves RAM on the Pico."""
    start = 0
    while i:
        start = text.index("|", start) + 1
        i -= 1
    end = text.find("|", start)
    return text[start:] if end < 0 else text[start:end]


def wrap(s, max_width):
    """Split s into lines no wider than max_width pixels; '\\n' forces a break."""
    lines = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = word if not line else line + " " + word
            if width(trial) <= max_width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def message(fb, lines, hint="A" + ARROW_R):
    """A centered box with lines of text (already wrapped) and a hint in its corner."""
    n = len(lines)
    w = 0
    for ln in lines:
        lw = width(ln)
        if lw > w:
            w = lw
    w = max(w + 8, 40)
    h = n * LINE + 8
    hw = width(hint) if hint else 0
    # The hint sits inside the frame (over the border it would break it): beside the last
    # line, the box widened for it if the screen allows, else on a line of its own.
    if hint:
        need = width(lines[n - 1]) + 2 * hw + 16
        if need <= W - 4:
            w = max(w, need)
        elif need > w:
            h += LINE
    x = (W - w) // 2
    y = (H - h) // 2
    box(fb, x, y, w, h)
    for i in range(n):
        center(fb, lines[i], y + 4 + i * LINE, 1, x, w)
    if hint:
        text(fb, hint, x + w - hw - 3, y + h - 9)


def logo(fb):
    """DECKDELVE in big letters, where the title screen has it (boot shows it first)."""
    big_text(fb, "DECKDELVE", 11, 8, 3)


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
