"""A press that says which parts of the screen it changed (App.changed) has only those parts
redrawn (draw.redraw): the frame must still be exactly the one a whole redraw gives. Every
game is played with seeded random presses through host_sim; after every frame, the screen is
compared pixel for pixel with the same screen drawn whole on a cleared buffer."""

import random

import framebuf
import pytest
from goldens import sim

from deckdelve import buttons, registry
from deckdelve.ui import draw
from tools.pico import bench_pico

KEYS = "UDLRUDLRUDLRAAB"  # mostly the d-pad (the moves that redraw in parts), A, now and then B
PRESSES = 400


def whole(app):
    """The top screen drawn whole on a cleared buffer, as App.draw does without regions."""
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    app.stack[-1].draw(fb)
    return bytes(buf)


class Partial(list):
    """The region counts of every partial redraw made while the test runs; `own` counts those
    made with a game's own scene on top of app (set by the test): its pause menu's and
    dialogs' redraws are not the game's."""

    app = None
    own = 0


@pytest.fixture
def partial(monkeypatch):
    counts = Partial()
    redraw = draw.redraw

    def counted(fb, regions, n, draw_all):
        counts.append(n)
        # (by name: the app loads deckdelve.host afresh after it forgot it)
        if counts.app is not None and type(counts.app.stack[-1]).__name__ == "GameHost":
            counts.own += 1
        redraw(fb, regions, n, draw_all)

    monkeypatch.setattr(draw, "redraw", counted)
    return counts


@pytest.mark.parametrize("key", [g[0] for g in registry.GAMES])
def test_a_partial_redraw_is_the_whole_redraw(key, partial):
    s = sim(game=key, seed=7)
    partial.app = s.app
    if key == "the_four":  # its creation pages are drawn whole: the play after them
        assert bench_pico.past_creation(s)
    rng = random.Random(key)
    for i in range(PRESSES):
        letter = rng.choice(KEYS)
        s.step(buttons.from_letter(letter))
        shown = bytes(s.buf)
        assert shown == whole(s.app), "press %d (%s) of %s: %s" % (i, letter, key, s.ascii())
    # every game's cursor moves redraw its own scene in parts (20 to 130 of these presses;
    # the pause menu's partial redraws do not count: a scene always redrawn whole would pass)
    assert partial.own >= 20, (key, partial.own, len(partial))


def test_a_partial_redraw_of_the_menus_is_the_whole_redraw(partial):
    # From the title: the game list, the games' menus (a slot list among them), settings,
    # rules, a game now and then with its pause menu and its quit question.
    s = sim(seed=7)
    rng = random.Random("menus")
    # first through the settings and The Four's slot list, then at random
    script = "ADDDDDA" + "DDUUD" + "B" + "UA" + "DDUUDD" + "BB"
    for i in range(PRESSES):
        letter = script[i] if i < len(script) else rng.choice("UDDDUDDLRAB")
        s.step(buttons.from_letter(letter))
        shown = bytes(s.buf)
        assert shown == whole(s.app), "press %d (%s): %s" % (i, letter, s.ascii())
    assert len(partial) >= 40, len(partial)



