# Seeded random button presses through the whole app, for one game at a time (MicroPython-
# clean: run by test_fuzz.py in both interpreters and, long, by `make soak`). The walk starts
# at the title and is steered towards the game under test whenever it reaches the list of
# games, so it passes through the title, the menus, the game's options, the game, its pause
# menu and help, game over, initials, the score tables and the achievements, and now and
# then the settings. After every press: no crash screen, a screen on the stack, and the
# running game's invariants (check()). Every PROBE presses what is shown must let itself be
# left with B or A (a few presses of B, else of A, change the top screen or close one of the
# game's event messages). A failure raises FuzzFailure with the seed and the keys that
# reproduce it with `python -m host_sim --seed <seed> --keys <keys>`.
from deckdelve.buttons import from_letter
from deckdelve.rng import Rng
from helpers import Headless, game_index, scratch

PROBE = 200
LETTERS = "UDLRUDLRAAAAB."  # B less often than A, so that the walk goes deeper
STUCK = 5  # presses of B, then of A, that must change the top screen
KEYS = "UDLRAB."  # what keys holds: the index of each letter pressed, two to a byte


class FuzzFailure(AssertionError):
    pass


class Fuzz:
    """draw_every: draw the screen on every n-th frame that needs it (and whenever the top
    screen changed). 1 under MicroPython; CPython's framebuf is pure Python, where drawing is
    most of the time, so its long runs draw less often."""

    def __init__(self, key, seed, presses, draw_every=1):
        self.key = key
        self.seed = seed
        self.draw_every = draw_every
        # The top screen at the last draw, by id(): a reference would keep a game that is
        # being left (and its modules) in RAM while the menus load, which no device does.
        self.shown = None
        self.rng = Rng(seed)
        # Every letter pressed, for the reproduction, two to a byte (half the RAM of one a
        # byte: 5 KB of 10,000 presses): allocated whole at the start, while the heap is empty
        # (a growing one would need ever larger free blocks). The last step may press 5 keys
        # (to a game and A) and a probe 2 * STUCK after `presses`.
        self.keys = bytearray((presses + 2 * STUCK + 6) // 2)
        self.n = 0
        self.h = Headless(scratch("fuzz_%s_%d" % (key, seed)), seed=seed)
        self.index = game_index(key)
        self.games = 0  # games reached (a GameHost on top)

    def press(self, letter):
        self.keys[self.n >> 1] |= KEYS.index(letter) << (4 * (self.n & 1))
        self.n += 1
        app = self.h.app
        try:
            if app.frame(0 if letter == "." else from_letter(letter)):
                if self.shown != id(app.stack[-1]) or self.n % self.draw_every == 0:
                    app.draw()
                    self.shown = id(app.stack[-1])
            stack = app.stack
            assert stack, "no screen on the stack"
            if type(stack[-1]).__name__ == "Crash":
                raise AssertionError("crash screen: " + " ".join(stack[-1].lines))
            game = getattr(stack[0], "game", None)
            if game is not None:
                game.check()
        except Exception as e:  # noqa: BLE001 - reported with what reproduces it
            self.fail("%s: %s" % (type(e).__name__, e))

    def fail(self, why):
        raise FuzzFailure("fuzz %s seed %d after %d presses: %s\n  reproduce: python -m "
                          "host_sim --seed %d --keys %s" % (self.key, self.seed, self.n, why,
                                                            self.seed,
                                                            self.pressed()))

    def pressed(self):
        """The letters pressed so far, as host_sim's --keys takes them."""
        return "".join(KEYS[self.keys[i >> 1] >> (4 * (i & 1)) & 15] for i in range(self.n))

    def top(self):
        return self.h.app.stack[-1]

    def step(self):
        # No reference to a screen is held while pressing: one would keep a game that a
        # press leaves (its modules, its scene) in RAM while the menus load, which no device
        # does, and the heap this test needs would measure the harness.
        name, moves, other_game = self.look()
        if name == "Menu" and moves >= 0 and self.rng.below(10):
            # The list of games: mostly on to the game under test (else wander: settings...)
            for _ in range(moves):
                self.press("D")
            self.press("A")
            return
        if name == "GameMenu" and other_game:
            self.press("B")
            return
        self.press(LETTERS[self.rng.below(len(LETTERS))])

    def look(self):
        """The top screen's kind; on the list of games, the presses of DOWN to the game under
        test (else -1); on a game's menu, whether it is another game's."""
        top = self.top()
        moves = -1
        if getattr(top, "title", "") == "DECKDELVE" and hasattr(top, "items"):
            moves = (self.index - top.index) % len(top.items)
        other = hasattr(top, "entry") and top.entry[0] != self.key
        return type(top).__name__, moves, other

    def face(self):
        """What the player sees: the top screen and, over a game, how many of its event
        messages are still to read (each press of A or B closes one). The screen by id(),
        kind and depth, not by reference: a reference held across the presses of a probe
        would keep a game being left in RAM while the menus load."""
        top = self.top()
        return (id(top), type(top).__name__, len(self.h.app.stack),
                len(getattr(top, "pending", ())))

    def probe(self):
        """What is shown can be left: B (up to STUCK times), else A, changes it."""
        for letter in "BA":
            face = self.face()
            for _ in range(STUCK):
                self.press(letter)
                if self.face() != face:
                    return
        self.fail("stuck on %s: neither B nor A leaves it" % type(self.top()).__name__)

    def run(self, presses):
        done = 0
        while self.n < presses:
            self.step()
            if type(self.top()).__name__ == "GameHost":
                self.games += 1
            done += 1
            if done % PROBE == 0:
                self.probe()
        return self.n


def fuzz(key, seed, presses, draw_every=1):
    """Run one fuzz; returns (presses made, presses made in a game)."""
    f = Fuzz(key, seed, presses, draw_every)
    n = f.run(presses)
    games = f.games
    f = None
    return n, games
