# A greedy bot for Red Queen's Dungeon (MicroPython-clean). It looks one action ahead and
# values a position by what a player can see: how many of the 40 possible enemy weapons the
# hand beats (alone, or combined with a hand card or a stash top) and the stash points.
# Running is the last resort (and offered only when nothing can win, refills included).
# Used by `python -m tools.play.playout --game red_queen --bot greedy`.
from deckdelve import cards
from deckdelve.cards import NONE
from deckdelve.games import red_queen as rq

BOTS = ("greedy",)

COVER_WEIGHT = 20  # stash points one more beatable enemy weapon is worth (tried 1..40)

_covered = bytearray(52)
_hand = bytearray(rq.HAND_SIZE)
_tops = bytearray(2)


def _mark(value, suit):
    """Mark every weapon a (value, suit) weapon defeats: its value in any suit, and the lower
    ranks of its own suit."""
    rank = value - 1
    for s in range(4):
        _covered[s * 13 + rank] = 1
    top = rq.strength(value)
    for r in range(1, 10):  # ranks 2..10 (value r + 1)
        if r + 1 < top:
            _covered[suit * 13 + r] = 1
    if value == 1:
        _covered[suit * 13] = 1


def _coverage():
    """How many enemy weapons the hand in _hand beats, with the stash tops in _tops."""
    for i in range(52):
        _covered[i] = 0
    for h in range(rq.HAND_SIZE):
        c = _hand[h]
        if c == NONE:
            continue
        _mark(cards.value(c), cards.suit(c))
        for z in range(rq.HAND_SIZE + 2):
            p = _hand[z] if z < rq.HAND_SIZE else _tops[z - rq.HAND_SIZE]
            if z != h and p != NONE:
                _mark(rq.combined_value(c, p), cards.suit(c))
    n = 0
    for i in range(52):
        if _covered[i] and rq.is_weapon(i):
            n += 1
    return n


def _below_top(game, s):
    st = game.stashes[s]
    return st.cards[st.n - 2] if st.n >= 2 else NONE


def _value_after(game, a):
    """Coverage and stash-point change after action a (one of the place, refill and attack
    actions), without touching the game."""
    for h in range(rq.HAND_SIZE):
        _hand[h] = game.hand[h]
    for s in range(2):
        _tops[s] = game.stashes[s].top()
    kind = a >> 12
    x = (a >> 8) & 15
    y = (a >> 4) & 15
    z = a & 15
    points = 0
    d = game.drawn
    if kind == rq.HAND:
        _hand[x] = d
    elif kind == rq.SWAP:
        old = _hand[x]
        _hand[x] = d
        _tops[y] = old
        points = rq.stash_points(old)
    elif kind == rq.STASH:
        _tops[x] = d
        points = rq.stash_points(d)
    elif kind == rq.REFILL:
        c = _tops[x]
        for h in range(rq.HAND_SIZE):
            if _hand[h] == NONE:
                _hand[h] = c
                break
        _tops[x] = _below_top(game, x)
        points = -rq.stash_points(c)
    elif kind == rq.ATTACK:
        _hand[y] = NONE
        if z < rq.HAND_SIZE:
            _hand[z] = NONE
        elif z != rq.NO_PARTNER:
            s = z - rq.HAND_SIZE
            points = -rq.stash_points(_tops[s])
            _tops[s] = _below_top(game, s)
    return COVER_WEIGHT * _coverage() + points


def _best(game, acts):
    best = acts[0]
    best_value = _value_after(game, best)
    for a in acts:
        v = _value_after(game, a)
        if v > best_value:
            best = a
            best_value = v
    return best


def _top_wins(game, s):
    """Would the top card of stash s, taken into the hand, beat some enemy weapon alone?"""
    c = game.stashes[s].top()
    for t in range(2 * rq.MAX_FOES):
        w = game._target_weapon(t)
        if w != -1 and rq.beats(cards.value(c), cards.suit(c), w):
            return True
    return False


def greedy(game, rng):
    acts = game.actions()
    phase = game.phase
    if phase == rq.PLACE or phase == rq.REFILL_AFTER_RUN:
        return _best(game, acts)
    attacks = [a for a in acts if a >> 12 == rq.ATTACK]
    if attacks:
        return _best(game, attacks)
    # Nothing wins now. Running drops the hand and refills it from the stashes anyway, so
    # take a stash card first only if it wins alone, or if running is not offered (some
    # refill leads to a win, D11; after two runs and in the final battle there is no run).
    refills = [a for a in acts if a >> 12 == rq.REFILL]
    for a in refills:
        if _top_wins(game, (a >> 8) & 15):
            return a
    run = rq.act(rq.RUN)
    if run in acts:
        return run
    return _best(game, refills)
