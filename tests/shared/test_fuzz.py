# Button fuzzing through the whole app, short form (the long form, 100,000 presses a game
# under CPython and 10,000 under MicroPython, is `make soak`): for every game, seeded random
# presses from the title through the menus, the game, pause, help, game over, initials and
# the tables, with the game's check() after every press and a probe that every screen can be
# left with B or A (see fuzz.py).
# heap: 176K
# isolate
# (every game's UI beside the whole app, as in test_app.py; one interpreter a game; The Four
# needs the most: 160K at the smallest for its 600 presses, seed 15)
import sys

from fuzz import fuzz

PRESSES = 600
# CPython's framebuf is pure Python: there every 4th frame is drawn (and every new screen),
# under MicroPython every frame (see fuzz.Fuzz).
DRAW_EVERY = 1 if sys.implementation.name == "micropython" else 4


def test_fuzz_each_game(game):
    # (once a game in the registry, each in its own interpreter under MicroPython: see
    # tools/mp/mprun_tests.py; the seeds 11, 12, ... in the registry's order)
    from deckdelve import registry

    seed = 11 + [entry[0] for entry in registry.GAMES].index(game)
    n, in_game = fuzz(game, seed, PRESSES, DRAW_EVERY)
    assert n >= PRESSES and in_game > PRESSES // 10, (n, in_game)  # the game was played


def test_the_keys_kept_reproduce_the_walk():
    # A failure's message gives the letters pressed (kept two to a byte): played again from
    # the title with the same seed, they lead to the same screen, game and score.
    from fuzz import Fuzz
    from helpers import Headless, scratch

    f = Fuzz("red_queen", 5, 150, DRAW_EVERY)
    f.run(150)
    letters = f.pressed()
    assert len(letters) == f.n >= 150 and "A" in letters and "." in letters
    h = Headless(scratch("fuzz_replay"), seed=5)
    h.keys(letters)
    want, got = f.h.app.stack, h.app.stack
    assert [type(s).__name__ for s in got] == [type(s).__name__ for s in want]
    game, again = getattr(want[0], "game", None), getattr(got[0], "game", None)
    assert (game is None) == (again is None)
    if game is not None:
        assert again.score == game.score and again.events == game.events
