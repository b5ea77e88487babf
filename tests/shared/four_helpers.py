# Positions for The Four's scenario tests (MicroPython-clean). The test helper named in the
# header of firmware/deckdelve/games/the_four.py: it builds a game past character creation by
# setting the public fields, so a test can say exactly which cards come next.
from deckdelve import cards
from deckdelve.cards import NONE
from deckdelve.game import IllegalAction
from deckdelve.games import the_four as tf
from deckdelve.games.the_four import act


def position(ratings=(2, 2, 2, 2), source=cards.SPADES, origin=tf.O_MADE, deck=(),
             threats=(), spread=("5H", "KC", "2D"), row=(), discard=(), rest="deck",
             harm=0, spark=0, pressure=6, quiet_used=False, seed=1):
    """A game in phase IDLE. Cards are names ("7H"). `deck` lists the next cards to come,
    the first named first; `threats` are card names (full Grip) or (name, grip) pairs, in
    slots 0, 1, ...; `spread` three names or () for no Spread; `row` the spades row; `discard`
    the discard pile, bottom first. Every card not named goes under the named deck cards
    (rest="deck", in card order) or onto the discard pile (rest="discard"). Scars are what the
    ratings lack of 8 dots."""
    g = tf.Game(seed)
    g.phase = tf.IDLE
    for s in range(4):
        g.ratings[s] = ratings[s]
    g.scars = tf.DOTS - g.dots()
    g.source = source
    g.origin = origin
    g.harm = harm
    g.spark = spark
    g.pressure = pressure
    g.quiet_used = quiet_used
    named = bytearray(52)

    def take(name):
        c = cards.parse(name)
        if named[c]:
            raise ValueError("card named twice: " + name)
        named[c] = 1
        return c

    for i in range(len(threats)):
        t = threats[i]
        if isinstance(t, tuple):
            g.threat[i] = take(t[0])
            g.grip[i] = t[1]
        else:
            g.threat[i] = take(t)
            g.grip[i] = tf.grip_of(g.threat[i])
    for i in range(3):
        g.spread[i] = take(spread[i]) if spread else NONE
    g.row_n = 0
    for name in row:
        g.row[g.row_n] = take(name)
        g.row_n += 1
    g.discard_n = 0
    for name in discard:
        g.discard[g.discard_n] = take(name)
        g.discard_n += 1
    top = [take(name) for name in deck]
    g.deck_n = 0
    for c in range(52):
        if not named[c]:
            if rest == "deck":
                g.deck[g.deck_n] = c
                g.deck_n += 1
            else:
                g.discard[g.discard_n] = c
                g.discard_n += 1
    for i in range(len(top) - 1, -1, -1):
        g.deck[g.deck_n] = top[i]
        g.deck_n += 1
    g.check()
    return g


def names(buf, n):
    return [cards.name(buf[i]) for i in range(n)]


def codes(g):
    return [e[0] for e in g.events]


def event(g, code):
    """The first event with this code from the last apply() (a, b), or None."""
    for e in g.events:
        if e[0] == code:
            return (e[1], e[2])
    return None


def cards_at(g, where):
    if where == "deck":
        return names(g.deck, g.deck_n)
    if where == "discard":
        return names(g.discard, g.discard_n)
    if where == "row":
        return names(g.row, g.row_n)
    if where == "flip":
        return names(g.flip, g.flip_n)
    if where == "spread":
        return names(g.spread, 3)
    raise ValueError(where)


# Actions, as a test says them.
def turn(g, suit, threat_slot=None):
    g.apply(act(tf.TURN, suit | (0 if threat_slot is None else threat_slot + 1) << 2))


def power(g, threat_slot=None):
    g.apply(act(tf.POWER, g.source | (0 if threat_slot is None else threat_slot + 1) << 2))


def keep(g, i):
    g.apply(act(tf.KEEP, i))


def accept(g):
    g.apply(act(tf.ACCEPT))


def raises_illegal(g, a):
    try:
        g.apply(a)
    except IllegalAction:
        return True
    return False
