# Red Queen's Dungeon positions for the scenario tests (test_red_queen*.py), kept apart so a
# module that needs only them does not load every scenario into a 64 KiB heap.
from deckdelve import cards
from deckdelve.cards import NONE
from deckdelve.games import red_queen as rq

QH = cards.parse("QH")


def setup_position(g, hand=(), stash0=(), stash1=(), deck=(), foes=(), drawn=None,
                   discard=None, runs=0, fled=()):
    """Build a position for a scenario by setting the game's state fields (described at the
    top of red_queen.py). Cards are names ("7H"). deck lists the top card first; stashes and
    discard list the bottom first; foes and fled are (enemy, weapon, ...) tuples, "--" for no
    weapon. Every card not named goes to the discard pile if it is a weapon and to the
    defeated pile if it is a JQK (the Queen of Hearts stays aside unless named). A fight (the
    final battle if the Queen is the first foe) starts when foes are given; else `drawn`
    waits to be placed; else the next card is drawn. Automatic steps then run as after an
    action."""
    g.events = []
    g.over = g.won = False
    g.runs = runs
    g._clear()
    named = bytearray(52)
    piles = (g.deck, g.stashes[0], g.stashes[1], g.discard, g.defeated)
    for p in piles:
        p.n = 0

    def take(name):
        c = cards.parse(name)
        if c == NONE:
            return NONE
        if named[c]:
            raise ValueError("card named twice: " + name)
        named[c] = 1
        return c

    for i in range(len(hand)):
        g.hand[i] = take(hand[i])
    for name in stash0:
        g.stashes[0].push(take(name))
    for name in stash1:
        g.stashes[1].push(take(name))
    for k in range(len(deck) - 1, -1, -1):
        g.deck.push(take(deck[k]))
    for name in discard or ():
        g.discard.push(take(name))
    for k in range(len(fled)):
        g.fled[k] = take(fled[k][0])
        g.fled_weapon[k] = NONE if fled[k][1] == "--" else take(fled[k][1])
    for i in range(len(foes)):
        f = foes[i]
        g.foe[i] = take(f[0])
        for j in range(1, len(f)):
            if f[j] != "--":
                g.foe_weapon[2 * i + j - 1] = take(f[j])
    g.drawn = NONE if drawn is None else take(drawn)
    g.queen = NONE if named[QH] else QH
    named[QH] = 1
    for c in range(52):
        if not named[c]:
            (g.discard if rq.is_weapon(c) else g.defeated).push(c)
    if foes:
        g.phase = rq.FINAL if cards.parse(foes[0][0]) == QH else rq.FIGHT
    else:
        g.phase = rq.PLACE
    g._advance()
    g._update_score()


def weapons_except(*named):
    """Every weapon card not in `named`, as names (for positions with an empty discard)."""
    out = []
    for c in range(52):
        n = cards.name(c)
        if rq.is_weapon(c) and n not in named:
            out.append(n)
    return out
