# Rules help: a game's text file, wrapped to the screen and scrolled. Loaded only while shown.
# RAM matters here (the help opens over a running game): the text is not kept. Opening it
# lays it out once into line offsets; each page then reads just its lines from the file.
# Help files are ASCII (a test checks), so byte offsets are character offsets.
from array import array

from deckdelve.app import Screen, forget
from deckdelve.buttons import A, B, DOWN, LEFT, RIGHT, UP
from deckdelve.ui import draw
from deckdelve.ui.font_data import WIDTHS

WIDTH = 124  # pixels of text a line (the scroll bar takes the rest)
_SPACE = 4  # what a space adds between two words: its glyph (2) and two gaps


class Help(Screen):
    """Rules help: the game's text file, wrapped and scrolled with up/down."""

    ROWS = 9

    def __init__(self, app, key, title):
        super().__init__(app)
        self.title = title
        self.top = 0
        self.source = help_source(key)
        laid = laid_out(key)
        if laid is not None:
            self.starts, self.ends = laid
            return
        try:
            with open_help(self.source) as f:
                self.starts, self.ends = layout(f, WIDTH)
        except OSError:
            self.source = None
            self.starts = self.ends = array("H")

    def press(self, button):
        last = max(0, len(self.starts) - self.ROWS)
        if button == DOWN:
            self.top = min(last, self.top + 1)
        elif button == UP:
            self.top = max(0, self.top - 1)
        elif button == RIGHT:
            self.top = min(last, self.top + self.ROWS)
        elif button == LEFT:
            self.top = max(0, self.top - self.ROWS)
        elif button == B or button == A:
            self.app.pop()
            # (out of RAM once the screen below is on the display: the collection took ~0.6 M
            # cycles of the press's answer)
            self.app.later(_forget)

    def draw(self, fb):
        fb.fill_rect(0, 0, 128, 7, 1)
        draw.text(fb, self.title.upper(), 1, 1, 0)
        # L/R turn a page: said in the title bar, where it is always in view.
        draw.right(fb, draw.ARROW_L + draw.ARROW_R + " PAGE", 127, 1, 0)
        n = len(self.starts)
        if self.source is None:
            draw.text(fb, "NO RULES HELP FOR THIS GAME.", 1, 9)
            return
        with open_help(self.source) as f:
            for row in range(self.ROWS):
                i = self.top + row
                if i >= n:
                    break
                f.seek(self.starts[i])
                line = f.read(self.ends[i] - self.starts[i]).decode().replace("\n", " ")
                y = 9 + row * 6
                n_head = 0
                if i == 0 or self.starts[i - 1] == self.ends[i - 1]:
                    n_head = heading(line)  # a paragraph's first line may open with one
                if n_head:
                    # A heading ("THE EXIT.") is drawn dark on a lit bar, apart from the text.
                    w = draw.width(line[:n_head])
                    fb.fill_rect(0, y - 1, w + 2, 7, 1)
                    x = draw.text(fb, line[:n_head], 1, y, 0)
                    draw.text(fb, line[n_head:], x + 1, y)
                else:
                    draw.text(fb, line, 1, y)
        # Scroll bar: where this page sits in the text.
        draw.scrollbar(fb, 126, 8, 56, self.top, self.ROWS, n)


def _forget():
    forget("helpview")


def heading(line):
    """How many characters of a paragraph's first line are its heading: the words in capitals
    that open it ("THE EXIT." "HEARTS"), with their full stop; 0 when it opens otherwise. A
    single capital ("A picks") or a capitalised word ("Descend") is no heading."""
    n = 0
    while n < len(line) and (("A" <= line[n] <= "Z") or line[n] in " '!?"):
        n += 1
    end = n
    while end and line[end - 1] == " ":
        end -= 1
    if end < 3 or (n < len(line) and "a" <= line[n] <= "z" and end == n):
        return 0  # too short, or a word that goes on in lower case
    if end < len(line) and line[end] == ".":
        end += 1
    return end


def glyph_width(c):
    """Pixel width of one character code, as draw.width counts it (lowercase as upper)."""
    if 97 <= c <= 122:
        c -= 32
    if c >= 128 or WIDTHS[c] == 0:
        c = 63
    return WIDTHS[c]


def layout(f, max_width):
    """Wrap the text of the open file f (bytes) the way draw.wrap would, into two arrays of
    line start and end offsets. Paragraphs are separated by a blank line, which stays as an
    empty line; single newlines inside a paragraph are spaces. The file is read a line at a
    time: the whole text is never in RAM (the help opens over a running game)."""
    starts = array("H")
    ends = array("H")
    pos = 0  # offset of the line being read
    in_para = True  # a paragraph is open (the text opens one, even with a blank line)
    line_start = line_end = 0
    line_w = -1  # -1: nothing on the screen line yet
    while True:
        text = f.readline()
        if not text:
            break
        n = len(text)
        if text == b"\n":
            # A blank line after a newline (not the text's first byte) ends the paragraph at
            # that newline.
            if in_para and pos > 0:
                if line_w >= 0:
                    starts.append(line_start)
                    ends.append(line_end)
                starts.append(pos - 1)  # the blank line after a paragraph
                ends.append(pos - 1)
                line_w = -1
                in_para = False
            pos += n
            continue
        in_para = True
        i = 0
        while i < n:
            while i < n and text[i] in b" \n":
                i += 1
            if i >= n:
                break
            j = i
            w = -1
            while j < n and text[j] not in b" \n":
                w += glyph_width(text[j]) + 1
                j += 1
            if line_w < 0:
                line_start, line_w = pos + i, w
            elif line_w + _SPACE + w <= max_width:
                line_w += _SPACE + w
            else:
                starts.append(line_start)
                ends.append(line_end)
                line_start, line_w = pos + i, w
            line_end = pos + j
            i = j
        pos += n
    if in_para and pos > 0:
        if line_w >= 0:
            starts.append(line_start)
            ends.append(line_end)
        starts.append(pos)
        ends.append(pos)
    return starts, ends


def laid_out(key):
    """(starts, ends) of the help's lines as a firmware image carries them, laid out when it
    was made (deckdelve/image.py's HELP_LINES: layout() run over the text, 16-25 M cycles on
    the Pico); None elsewhere (the .mpy route and the simulator lay the text out here)."""
    try:
        from deckdelve.image import HELP_LINES
    except ImportError:
        return None
    both = HELP_LINES.get(key)
    if both is None:
        return None
    half = len(both) // 2
    return array("H", both[:half]), array("H", both[half:])


def help_source(key):
    """Where the game's rules help is: in a firmware image, its frozen bytes (deckdelve/image.py,
    made by tools/ship/firmware.py: read in place from flash, no RAM); else the path of
    deckdelve/help/<key>.txt beside the package."""
    try:
        from deckdelve.image import HELP
    except ImportError:
        return help_path(key)
    return HELP.get(key, help_path(key))


def open_help(source):
    """help_source()'s help as an open binary stream. OSError when there is none."""
    if isinstance(source, str):
        return open(source, "rb")
    import io

    return io.BytesIO(source)


def help_path(key):
    """deckdelve/help/<key>.txt beside the package (the .mpy route and the simulator)."""
    import deckdelve

    base = getattr(deckdelve, "__file__", None)
    folder = base[: base.rfind("/")] if base and "/" in base else "deckdelve"
    return folder + "/help/" + key + ".txt"
