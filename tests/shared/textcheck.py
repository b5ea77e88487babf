# No text outside its place (issue 24): a check of every screen drawn, for any text drawn past
# the area its screen gives it (over a divider, another text, a card, the screen's edge) and
# for any glyph cut. MicroPython-clean: test_text_bounds.py runs it in both interpreters.
#
# How: draw.record (None on the device) is set to a Recorder while a screen is drawn whole;
# it is told of every text (draw.text, and draw.char: a card's rank and suit too), every
# dialog box and every cursor, in the order drawn. Once the screen is drawn, each text must
# still be exactly itself on the screen:
# - its box (from its first ink column to its last, its 5 rows; spaces at its ends left out)
#   lies inside the screen;
# - every pixel of its box is its glyphs' ink in its colour and every other pixel the
#   background (the other colour): a line, a card edge, a dot or another glyph in the box,
#   drawn before or after it, fails, and so does a glyph cut by anything drawn later; a
#   cursor drawn over it after it is allowed for (it inverts what it covers);
# - no other text's box overlaps or touches its box (one pixel between texts at least);
# except a text that a dialog box drawn after it covers, even in part: it is under the
# dialog, which is drawn to hide what it covers.
# The check reads the frame buffer's bytes (MONO_VLSB) and the font's tables: no drawing.
from deckdelve.ui import draw
from deckdelve.ui.font_data import GLYPHS, WIDTHS

W = 128
H = 64


def _glyphs(s):
    """The glyph codes a recorded text draws (draw.text's mapping; an int is one glyph)."""
    if isinstance(s, int):
        return (s,)
    code = draw._CODE
    return bytes(code[ord(ch)] if ord(ch) < 128 else code[63] for ch in s)


# The font's symbols, as a report names them.
SYMBOLS = {1: "\u2660", 2: "\u2665", 3: "\u2666", 4: "\u2663", 5: "*", 6: "->", 7: "^", 8: "v",
           11: "<-", 14: "10"}


def readable(s):
    """A recorded text as a report shows it: the font's symbols as their characters."""
    out = []
    for g in (s,) if isinstance(s, int) else (ord(ch) for ch in s):
        out.append(SYMBOLS.get(g, "?") if g < 32 else chr(g))
    return "".join(out)


def _bounds(glyphs, x):
    """(x0, x1): the columns of the ink of these glyphs drawn from x (x1 exclusive; spaces at
    either end left out); x0 == x1 when there is none."""
    x0 = x1 = x
    for g in glyphs:
        w = WIDTHS[g]
        if g != 32:
            if x0 == x1:
                x0 = x
            x1 = x + w
        x += w + 1
    return x0, x1


def _meets(x0, y0, x1, y1, a0, b0, a1, b1):
    """Do the rectangles [x0, x1) x [y0, y1) and [a0, a1) x [b0, b1) overlap?"""
    return x0 < a1 and a0 < x1 and y0 < b1 and b0 < y1


class Problem:
    """A text out of its place: the text (as drawn: a str, or a glyph's code), its box and
    what is wrong."""

    def __init__(self, s, x0, y, x1, why):
        self.s = s
        self.x0 = x0
        self.y = y
        self.x1 = x1
        self.why = why

    def name(self):
        return readable(self.s)

    def box(self):
        return _box(self.x0, self.y, self.x1)


def _box(x0, y, x1):
    return "(%d,%d)-(%d,%d)" % (x0, y, x1 - 1, y + 4)


class Recorder:
    """Told of what a screen draws (as draw.record), then checks the screen (problems()).
    Everything is kept as small tuples, worked out again when checked: MicroPython's heap
    holds one frame's texts as tuples, not as objects with lists of their columns."""

    def __init__(self):
        # air: also a pixel of the background all round each text (manners.py, manner 6)
        self.air = False
        self.clear()

    def clear(self):
        self.texts = []  # (seq, x, y, text, colour)
        self.boxes = []  # (seq, x, y, w, h), the shadow included
        self.cursors = []  # (seq, x, y, w, h)
        self.selected = []  # (x, y, w, h) of each place drawn selected (a cursor's too)
        self.seq = 0

    def __call__(self, kind, x, y, a, b):
        self.seq += 1
        if kind == draw.TEXT:
            self.texts.append((self.seq, x, y, a, b))
        elif kind == draw.BOX:
            self.boxes.append((self.seq, x, y, a + 1, b + 1))
        elif kind == draw.SELECTED:
            self.selected.append((x, y, a, b))
        else:
            self.cursors.append((self.seq, x, y, a, b))
            self.selected.append((x, y, a, b))

    def problems(self, buf):
        """What is wrong on the screen in buf (the frame buffer's bytes) just drawn: a list of
        Problems, each text's first."""
        shown = []  # (seq, x, y, text, colour, glyphs, x0, x1) of the texts not covered
        for seq, x, y, s, color in self.texts:
            glyphs = _glyphs(s)
            x0, x1 = _bounds(glyphs, x)
            if x0 == x1:
                continue  # nothing but spaces
            covered = False
            for bseq, bx, by, bw, bh in self.boxes:
                if bseq > seq and _meets(x0, y, x1, y + 5, bx, by, bx + bw, by + bh):
                    covered = True
            if not covered:
                shown.append((seq, x, y, s, color, glyphs, x0, x1))
        out = []
        for i in range(len(shown)):
            t = shown[i]
            x0, y, x1 = t[6], t[2], t[7]
            if x0 < 0 or x1 > W or y < 0 or y + 5 > H:
                why = "runs past the screen's edge"
            else:
                why = self._pixels(t, buf)
                if not why and self.air:
                    why = self._air(t, buf)
            if not why:
                for j in range(len(shown)):
                    u = shown[j]
                    if j != i and _meets(x0, y, x1 + 1, y + 6, u[6], u[2], u[7] + 1, u[2] + 6):
                        if u[3] == t[3] and u[6] == x0 and u[2] == y:
                            continue  # the same text drawn twice in the same place
                        why = "touches or overlaps the text '%s' at %s" % (
                            readable(u[3]), _box(u[6], u[2], u[7]))
                        break
            if why:
                out.append(Problem(t[3], x0, y, x1, why))
        return out

    def _air(self, t, buf):
        """A pixel of the background beside the text's box, left and right (the screen's edge
        is air), and for a dark text (on a highlight bar) above and below it too: the bar
        reaches a pixel past it all round. A cursor drawn after it inverts what it covers;
        a dialog drawn after it has its own edge. Above and below a lit text are not checked:
        a small card's label has its frame there, one pixel away by design.)"""
        seq, x, y, _s, color, _glyphs, x0, x1 = t
        for cx in range(x0 - 1, x1 + 1):
            if not 0 <= cx < W:
                continue
            if x0 <= cx < x1:
                if color:
                    continue  # (lit text: its sides; a card's label has its frame above)
                rows = (y - 1, y + 5)  # dark text: the highlight bar above and below it
            else:
                rows = range(y - 1, y + 6)
            for cy in rows:
                if not 0 <= cy < H or (cx in (x0 - 1, x1) and cy in (y - 1, y + 5)):
                    continue  # (off the screen; the ring's corners: a bar's are not lit)
                under = False
                for bseq, bx, by, bw, bh in self.boxes:
                    if bseq > seq and bx <= cx < bx + bw and by <= cy < by + bh:
                        under = True  # a dialog drawn over it: its own edge
                if under:
                    continue
                want = 0 if color else 1
                for cseq, rx, ry, rw, rh in self.cursors:
                    if cseq > seq and rx <= cx < rx + rw and ry <= cy < ry + rh:
                        want ^= 1
                if (buf[(cy >> 3) * W + cx] >> (cy & 7)) & 1 != want:
                    return "no pixel of air around it at (%d,%d)" % (cx, cy)
        return ""

    def _pixels(self, t, buf):
        seq, x, y, _s, color, glyphs, x0, x1 = t
        page = y >> 3
        shift = y & 7
        for g in glyphs:
            w = WIDTHS[g]
            for k in range(w + 1):  # the glyph's columns and the gap after it
                cx = x + k
                if not x0 <= cx < x1:
                    continue  # (spaces at its ends, the gap after it)
                ink = GLYPHS[g * 5 + k] if k < w and g != 32 else 0
                want = ink if color else ~ink & 31
                for cseq, rx, ry, rw, rh in self.cursors:
                    if cseq > seq and rx <= cx < rx + rw:
                        for r in range(5):
                            if ry <= y + r < ry + rh:
                                want ^= 1 << r
                i = page * W + cx
                got = buf[i] >> shift
                if shift > 3 and page < 7:
                    got |= buf[i + W] << (8 - shift)
                got &= 31
                if got != want:
                    r = 0
                    while not (got ^ want) & (1 << r):
                        r += 1
                    if (ink >> r) & 1:
                        return "a glyph is cut at (%d,%d)" % (cx, y + r)
                    return "something else is drawn in it at (%d,%d)" % (cx, y + r)
            x += w + 1
        return ""


# ---- the app with every screen checked --------------------------------------------------

LETTERS = "UDLRAB."  # what a press is kept as (host_sim --keys): its index, two to a byte
MAX_PRESSES = 6000  # a run longer than this keeps checking but cannot be reproduced
REPORTED = 12  # problems kept with their keys; more are only counted


class Known:
    """Problems known and allowed for now, each (name, game key, a part of the text, a part of
    what is wrong); unseen(key) names those of a game that never showed (fixed: their entries
    must go)."""

    def __init__(self, cases):
        self.cases = cases
        self.shown = bytearray(len(cases))

    def allows(self, key, text, why):
        for i in range(len(self.cases)):
            _name, k, part, what = self.cases[i]
            if k == key and part in text and what in why:
                self.shown[i] = 1
                return True
        return False

    def unseen(self, key):
        return [self.cases[i][0] for i in range(len(self.cases))
                if self.cases[i][1] == key and not self.shown[i]]


class Checked:
    """The headless app as `python -m host_sim --seed SEED` starts it (a fresh data folder),
    with a game started as `--game KEY --options ...` starts one (key None: at the title),
    and every screen it draws checked: each
    drawing that changes the screen is done whole with a Recorder listening. Presses go
    through keys() (U D L R A B, '.' a frame with none), like helpers.Headless; the presses
    made since the start are kept so that every problem comes with the keys that reproduce
    it. known: the problems allowed (a Known), if any; report() fails on any other."""

    def __init__(self, name, key, options=(), seed=1, known=None):
        from helpers import Headless, scratch

        self.rec = Recorder()
        self.key = key
        self.options = options
        self.seed = seed
        self.known = known
        self.presses = bytearray(MAX_PRESSES // 2)
        self.n = 0
        self.found = []  # (screen, text, box, why, presses) of the first REPORTED problems
        self.seen = []  # (screen kind, text, why) of every problem found, each once
        self.screens = 0  # screens checked
        self.started = False
        self.h = Headless(scratch(name), seed=seed, howtos_seen=False)
        self.buf = self.h.buf
        self.app = self.h.app
        self.started = True
        if key is not None:
            self.app.start_game(key, options, seed)
            self.frame(6)  # the first frame, which starts the game

    def top(self):
        return self.h.top()

    def keys(self, letters):
        for ch in letters:
            self.frame(LETTERS.index(ch.upper()))

    def frame(self, i):
        """One frame with the press LETTERS[i] (6: none)."""
        if self.started and self.n < 2 * len(self.presses):
            self.presses[self.n >> 1] |= i << (4 * (self.n & 1))
            self.n += 1
        app = self.app
        if app.frame(0 if i == 6 else 1 << i):
            app.dirty = True  # drawn whole, as the check needs, whatever changed
            rec = self.rec
            rec.clear()
            draw.record = rec
            try:
                app.draw()
            finally:
                draw.record = None
            self.screens += 1
            for p in rec.problems(self.buf):
                self._found(p, p.why)
            rec.clear()
        if self.top() == "Crash":
            raise AssertionError("crash screen: " + " ".join(app.stack[-1].lines))

    def pressed(self):
        """The presses since the game started, as host_sim's --keys takes them."""
        out = []
        for i in range(min(self.n, 2 * len(self.presses))):
            out.append(LETTERS[self.presses[i >> 1] >> (4 * (i & 1)) & 15])
        return "".join(out)

    def screen(self):
        """The screen on top, in words: its kind, and for a game its phase and any message
        up."""
        top = self.app.stack[-1]
        name = type(top).__name__
        game = getattr(top, "game", None)
        if game is None:
            return name
        s = "%s scene, phase %s" % (top.key, getattr(game, "phase", "?"))
        if top.pending:
            s += ", message up"
        return s

    def _found(self, t, why):
        where = self.screen()
        if self.known is not None and self.known.allows(self.key, t.name(), why):
            return
        kind = (where.split(",")[0], t.x0, t.y, why.split(" at ")[0])
        if kind in self.seen:
            return
        self.seen.append(kind)
        if len(self.found) < REPORTED:
            self.found.append((where, t.name(), t.box(), why, self.n))

    def report(self):
        """Fails with every problem found (each with the keys that reproduce it) and every
        known problem that did not show; says what was checked otherwise."""
        lines = []
        keys = self.pressed() if self.found else ""
        start = ""
        if self.key is not None:
            start = " --game " + self.key
            if self.options:
                start += " --options " + ",".join(self.options)
        for where, text, box, why, n in self.found:
            lines.append("'%s' at %s on the %s: %s\n  reproduce: python -m host_sim%s "
                         "--seed %d --keys %s --screenshot x.png"
                         % (text, box, where, why, start, self.seed, keys[:n] or "''"))
        if len(self.seen) > len(self.found):
            lines.append("... and %d more" % (len(self.seen) - len(self.found)))
        if lines:
            raise AssertionError("text outside its place (%d screens checked):\n%s"
                                 % (self.screens, "\n".join(lines)))
        return self.screens


# ---- what the tests share ---------------------------------------------------------------

# Problems known and allowed for now: each (the item, game, a part of the text, a
# part of what is wrong). Nothing else is allowed, and an entry that no longer shows fails the
# test: it must go.
KNOWN = Known(())  # none left: The Four's were fixed with issue 24 (branch four)


def finish(c):
    """After the game: its end (A), the game-over screen, the initials if asked (A A A), the
    score table, back to the game's menu; then c's report. Returns the screens checked."""
    for _ in range(16):
        if c.top() == "GameMenu":
            break
        c.keys("A")
    assert c.top() == "GameMenu", c.top()
    return c.report()


def unseen(key):
    """Fails if a known problem of game `key` did not show in this interpreter's runs."""
    missing = KNOWN.unseen(key)
    assert not missing, "known problems that did not show (fixed? take them off): %r" % missing
