# The help viewer's layout (line offsets into the file) wraps exactly as draw.wrap does, and
# every help file is ASCII with only characters the font has.
# heap: 112K
# (the reference, draw.wrap over a whole text, is what the viewer avoids keeping in RAM)
import io

from deckdelve import registry
from deckdelve.helpview import help_path, layout
from deckdelve.ui import draw
from deckdelve.ui.font_data import WIDTHS


def lines_via_layout(text):
    starts, ends = layout(io.BytesIO(text), 124)
    return [text[starts[i]:ends[i]].decode().replace("\n", " ") for i in range(len(starts))]


def lines_via_wrap(text):
    out = []
    for para in text.decode().split("\n\n"):
        para = para.strip("\n")
        if not para:
            continue
        out.extend(draw.wrap(" ".join(w for w in para.replace("\n", " ").split(" ") if w), 124))
        out.append("")
    return out


def test_layout_matches_wrap_on_every_help_file():
    import gc

    for entry in registry.GAMES:
        with open(help_path(entry[0]), "rb") as f:
            text = f.read()
        got = lines_via_layout(text)
        want = lines_via_wrap(text)
        assert got == want, entry[0]
        assert len(got) > 20
        got = want = text = None
        gc.collect()


def test_help_files_are_ascii_in_the_font():
    for entry in registry.GAMES:
        with open(help_path(entry[0]), "rb") as f:
            text = f.read()
        for c in text:
            assert c == 10 or (32 <= c < 127 and WIDTHS[c if c < 97 or c > 122 else c - 32]), (
                entry[0], c)


def test_layout_long_word_and_blank_lines():
    text = b"A " + b"W" * 40 + b" B\n\n\n\nC"
    got = lines_via_layout(text)
    assert got[0] == "A" and got[1] == "W" * 40 and got[2] == "B" and got[3] == ""
    assert got[4] == "C"


def test_layout_blank_lines_at_the_ends():
    # Read a line at a time, the layout still sees a blank line only after a newline: a text
    # that opens with one blank line has an empty first paragraph, one that opens with a
    # lone newline has none; blank lines at the end add nothing; spaces open a paragraph.
    assert lines_via_layout(b"\n\nA") == ["", "A", ""]
    assert lines_via_layout(b"\nA") == ["A", ""]
    assert lines_via_layout(b"A\n\n\n") == ["A", ""]
    assert lines_via_layout(b"A\n\n  ") == ["A", "", ""]
    assert lines_via_layout(b"") == []
    starts, ends = layout(io.BytesIO(b"AB CD\nEF\n\nG"), 124)
    assert list(starts) == [0, 8, 10, 11] and list(ends) == [8, 8, 11, 11]


def test_headings_are_the_capitals_that_open_a_paragraph():
    from deckdelve.helpview import heading

    assert heading("THE EXIT. You stand on the exit") == len("THE EXIT.")
    assert heading("DUELS. High card stays") == len("DUELS.")
    assert heading("HEARTS heal: one card") == len("HEARTS")
    assert heading("Descend the dungeon") == 0  # a capitalised word
    assert heading("A picks a card") == 0  # a single capital
    assert heading("FL: the floor") == 0  # too short to be a heading
