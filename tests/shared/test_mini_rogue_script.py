# Scripted dice and position helpers for the Mini Rogue scenario tests (test_mini_rogue_*.py).
# The rules call only rng.die() and rng.shuffle(), so a Dice object in g.rng scripts a game.
from deckdelve.games import mini_rogue as mr


class Dice:
    """Scripted dice: die() returns the given rolls in order; shuffle() leaves the order."""

    def __init__(self, *rolls):
        self.rolls = list(rolls)

    def die(self, sides=6):
        if sides != 6:
            raise AssertionError("Mini Rogue rolls only six-sided dice, not a d%d" % sides)
        if not self.rolls:
            raise AssertionError("the rules rolled more dice than scripted")
        return self.rolls.pop(0)

    def shuffle(self, buf, start=0, end=-1):
        pass


# Layout cards 0..5; the areas dealt after a scripted deal keep this order.
IN_ORDER = (mr.RESTING, mr.TREASURE, mr.EVENT, mr.MERCHANT, mr.TRAP, mr.MONSTER)


def first(*kinds):
    """A layout with the given room kinds on cards 0, 1, ... and the others after, in order."""
    return tuple(kinds) + tuple(k for k in IN_ORDER if k not in kinds)


def new(difficulty="normal", layout=None, dice=(), area=None, **stats):
    g = mr.Game(1, (difficulty,))
    g.rng = Dice()
    g.setup_for_test(area=area, layout=layout or IN_ORDER, **stats)
    g.rng = Dice(*dice)
    g.check()
    return g


def act(g, kind, arg=0):
    g.apply(kind << 8 | arg)
    g.check()
    return g.events


def codes(events):
    return [e[0] for e in events]


def to_column(g, column):
    """Set the area's progress so that `column` is the next one to play."""
    for c in range(column):
        g.taken[c] = mr.COLUMN_CARDS[c][0]
    g.column = column




def test_scripted_dice_refuse_to_run_dry():
    g = new(layout=first(mr.TREASURE), dice=(4,))
    act(g, mr.CARD, 0)
    assert g.gold == 4
    g = new(layout=first(mr.TREASURE), dice=())
    try:
        g.apply(mr.CARD << 8)
        raise ValueError("a die came from nowhere")
    except AssertionError:
        pass


def test_first_builds_a_full_layout():
    assert first(mr.TRAP, mr.EVENT) == (mr.TRAP, mr.EVENT, mr.RESTING, mr.TREASURE, mr.MERCHANT,
                                         mr.MONSTER)
