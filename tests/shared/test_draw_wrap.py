# draw.wrap breaks lines exactly as the word-by-word rule it is defined by (below, kept here as
# the reference): each word joins the line if the line with it, a space between, is no wider
# than the width, else it starts the next line; a first word always fits; '\n' forces a break.
# draw.wrap itself sums the words' widths and makes each line once (a str per word cost an
# allocation each on the Pico), and keeps the lines of the last short text.
from deckdelve.ui import draw

ALPHABET = "ab cdEFG  HIJK lm\n,.!\u00e9\u2665x"


def reference(s, max_width):
    lines = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = word if not line else line + " " + word
            if draw.width(trial) <= max_width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def test_wrap_breaks_as_the_word_by_word_rule():
    seed = 1
    for _ in range(1500):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        n = (seed >> 8) % 70
        chars = []
        for _ in range(n):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            chars.append(ALPHABET[(seed >> 8) % len(ALPHABET)])
        s = "".join(chars)
        w = seed % 130
        assert list(draw.wrap(s, w)) == reference(s, w), (s, w)
        assert list(draw.wrap(s, w)) == reference(s, w), (s, w)  # (the second: kept lines)


def test_wrap_keeps_the_lines_of_a_short_text_only():
    short = "A short message to keep"
    assert draw.wrap(short, 40) is draw.wrap(short, 40)
    assert draw.wrap(short, 60) != draw.wrap(short, 40)
    long = "word " * (draw.WRAP_KEPT // 5 + 1)
    assert draw.wrap(long, 100) is not draw.wrap(long, 100)
    assert draw.wrap(long, 100) == draw.wrap(long, 100)
