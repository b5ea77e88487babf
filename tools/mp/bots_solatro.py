# Solatro bots for the play-out tool (python -m tools.play.playout --game solatro --bot greedy).
# MicroPython-clean. A bot returns one action at a time: to make a play it picks the cards one
# by one (PICK), then PLAY.
#
#   greedy   plays the best hand its cards make, every time; never discards; Joker only when
#            it makes the hand better; tokens used at once (Extra Hand and Pocket Points only
#            when short of the target); in the shop buys the dearest token it can afford.
#   discard  as greedy, but first discards the cards outside its best hand while discards last
#            and that hand is below a Straight (a plain player's habit).
from deckdelve import cards
from deckdelve.games import solatro as S

BOTS = ("greedy", "discard")

_scratch = bytearray(5)
# The last answer of best_pick() and the hand and bank it was for: a bot asks again for every
# card it picks, and the hand does not change meanwhile.
_last = [b"", None]


def best_pick(game):
    """(hand mask, use Joker, category) of the best play: the best five cards (or all, when
    fewer), with the banked Joker only if it makes a better hand than the cards alone."""
    key = bytes(game.hand[:game.hand_len]) + bytes((game.bank,))
    if _last[0] != key:
        _last[0] = key
        _last[1] = _best_pick(game)
    return _last[1]


def _best_pick(game):
    n = game.hand_len
    size = n if n < 5 else 5
    best_mask, best_cat = _best_subset(game, size, 0)
    joker = False
    if game.bank != cards.NONE:
        m, c = _best_subset(game, size - 1 if size == 5 else size, 1)
        if c > best_cat:
            best_mask, best_cat, joker = m, c, True
    return best_mask, joker, best_cat


def _best_subset(game, size, jokers):
    """(mask, category) of the best choice of `size` hand cards, plus the Joker if jokers."""
    hand = game.hand
    n = game.hand_len
    best_mask = 0
    best_cat = -1
    if size < 1 or size > n:
        return best_mask, best_cat
    idx = list(range(size))  # the chosen positions, rising; walked in lexicographic order
    view = _scratch[:size + jokers] if size + jokers < 5 else _scratch
    while True:
        mask = 0
        for k in range(size):
            view[k] = hand[idx[k]]
            mask |= 1 << idx[k]
        if jokers:
            view[size] = game.bank
        c = S.category(view)
        if c > best_cat:
            best_mask, best_cat = mask, c
        k = size - 1
        while k >= 0 and idx[k] == n - size + k:
            k -= 1
        if k < 0:
            return best_mask, best_cat
        idx[k] += 1
        for m in range(k + 1, size):
            idx[m] = idx[m - 1] + 1


def _select(game, mask, joker):
    """The next PICK that moves the selection toward (mask, joker), or PLAY when there."""
    for i in range(game.hand_len):  # cards out first, so that there is always room
        if game.picked & ~mask & (1 << i):
            return S.PICK | i
    if game.joker_picked and not joker:
        return S.PICK | S.JOKER_SLOT
    for i in range(game.hand_len):
        if mask & ~game.picked & (1 << i):
            return S.PICK | i
    if joker and not game.joker_picked:
        return S.PICK | S.JOKER_SLOT
    return None


def _shop_or_tokens(game, acts):
    if game.phase == S.SHOP:
        best = S.LEAVE
        for a in acts:
            if a & S.KIND_MASK == S.BUY and (best == S.LEAVE or (a & 0xF) > (best & 0xF)):
                best = a  # token numbers rise with their prices
        return best
    short = game.round_score < game.target
    for t in (S.EXTRA_CARD, S.DOUBLE_SCORE):
        if S.USE | t in acts:
            return S.USE | t
    if short and S.USE | S.EXTRA_HAND in acts:
        return S.USE | S.EXTRA_HAND
    if game.plays_left == 0:
        if short and S.USE | S.POCKET_POINTS in acts:
            return S.USE | S.POCKET_POINTS
        return S.END
    return None


def greedy(game, rng):
    acts = game.actions()
    a = _shop_or_tokens(game, acts)
    if a is not None:
        return a
    mask, joker, _cat = best_pick(game)
    a = _select(game, mask, joker)
    return S.PLAY if a is None else a


def discard(game, rng):
    acts = game.actions()
    a = _shop_or_tokens(game, acts)
    if a is not None:
        return a
    mask, joker, cat = best_pick(game)
    if game.discards_left > 0 and cat < S.STRAIGHT:
        # Keep the cards of the made hand (a pair, two pair, trips), and throw up to five
        # others; a High Card keeps only its best card.
        keep = _made_cards(game, mask) if cat > S.HIGH_CARD else 1
        out = ((1 << game.hand_len) - 1) & ~keep
        k = 0
        for i in range(game.hand_len - 1, -1, -1):  # lowest cards first
            if out & (1 << i):
                k += 1
                if k > 5:
                    out &= ~(1 << i)
        a = _select(game, out, False)
        return S.DISCARD if a is None else a
    a = _select(game, mask, joker)
    return S.PLAY if a is None else a


def _made_cards(game, mask):
    """The cards of mask whose rank appears more than once in it (the pairs of the hand)."""
    keep = 0
    for i in range(game.hand_len):
        if mask & (1 << i):
            r = game.hand[i] % 13
            for j in range(game.hand_len):
                if j != i and mask & (1 << j) and game.hand[j] % 13 == r:
                    keep |= 1 << i
    return keep
