# The suit glyphs can be told apart at 1:1: every pair of the four suits and the Joker's star
# differs in enough pixels, normal and inverted (under the cursor), in every form the games draw
# a card in: inline text (messages, Solatro's hand, the panels), the small boxed card (hands and
# lists) and the big card (the grids and the fights).
import framebuf

from deckdelve import cards
from deckdelve.ui import draw

MIN_DIFF = 7  # of the 25 pixels of a 5x5 glyph: a shape apart, not a pixel or two
W = 16
H = 16

_buf_a = bytearray(W * H // 8)
_buf_b = bytearray(W * H // 8)
_fb_a = framebuf.FrameBuffer(_buf_a, W, H, framebuf.MONO_VLSB)
_fb_b = framebuf.FrameBuffer(_buf_b, W, H, framebuf.MONO_VLSB)
# The same rank in each suit, then a Joker (its star stands where a suit does).
FACES = (cards.make(cards.ACE, cards.SPADES), cards.make(cards.ACE, cards.HEARTS),
         cards.make(cards.ACE, cards.DIAMONDS), cards.make(cards.ACE, cards.CLUBS),
         cards.JOKER_A)


def _inline(fb, c, inverted):
    # Inline text under a cursor is drawn dark on a lit bar, as draw.bar and the scenes do.
    if inverted:
        fb.fill(1)
    draw.text(fb, draw.label(c), 1, 1, 0 if inverted else 1)


def _small(fb, c, inverted):
    draw.card_small(fb, c, 0, 0, True, inverted)


def _big(fb, c, inverted):
    draw.card(fb, c, 0, 0, True, inverted)


FORMS = (("inline", _inline), ("small card", _small), ("big card", _big))


def diff(form, a, b, inverted):
    _fb_a.fill(0)
    _fb_b.fill(0)
    form(_fb_a, a, inverted)
    form(_fb_b, b, inverted)
    n = 0
    for y in range(H):
        for x in range(W):
            if _fb_a.pixel(x, y) != _fb_b.pixel(x, y):
                n += 1
    return n


def test_every_suit_pair_differs_clearly_in_every_form():
    for name, form in FORMS:
        for inverted in (False, True):
            for i in range(len(FACES)):
                for j in range(i + 1, len(FACES)):
                    n = diff(form, FACES[i], FACES[j], inverted)
                    assert n >= MIN_DIFF, (name, inverted, FACES[i], FACES[j], n)


def test_suit_glyphs_themselves_differ_by_the_minimum():
    # The glyphs alone, cell against cell, so that no frame or rank pads the count.
    for inverted in (False, True):
        for a in range(1, 6):
            for b in range(a + 1, 6):
                _fb_a.fill(1 if inverted else 0)
                _fb_b.fill(1 if inverted else 0)
                draw.char(_fb_a, a, 0, 0, 0 if inverted else 1)
                draw.char(_fb_b, b, 0, 0, 0 if inverted else 1)
                n = 0
                for y in range(5):
                    for x in range(5):
                        if _fb_a.pixel(x, y) != _fb_b.pixel(x, y):
                            n += 1
                assert n >= MIN_DIFF, (inverted, a, b, n)


def test_the_measure_sees_a_one_pixel_change():
    # The old spade and club differed by two pixels of their top row: the test must fail that.
    _fb_a.fill(0)
    _fb_b.fill(0)
    draw.char(_fb_a, 1, 0, 0)
    draw.char(_fb_b, 1, 0, 0)
    _fb_b.pixel(1, 0, 1)
    _fb_b.pixel(3, 0, 1)
    n = 0
    for y in range(5):
        for x in range(5):
            if _fb_a.pixel(x, y) != _fb_b.pixel(x, y):
                n += 1
    assert n == 2 < MIN_DIFF
