# The app played game after game in one interpreter (MicroPython-clean; the long form, 500
# games under MicroPython, is `make soak`): every game in turn (each of its options in turn)
# from its menu, a random bot choosing each action through the game's host (as the scenes
# do), the event messages, game over, initials and score table dismissed with A, back at the
# game's menu. The heap in use there after a collection is recorded after every game: once
# every game has been played once (their names are interned for good then), the lowest value
# of each round must not grow.
import gc

from deckdelve import registry
from deckdelve.rng import Rng
from helpers import Headless, game_index, scratch

MAX_ACTIONS = 20000  # a game that runs longer than this is stuck
# A campaign (a game with slots, The Four) has no end of its own: the soak plays this many
# actions of it (it is saved after every one), then leaves through the pause menu, and the
# next round continues it from its slot.
CAMPAIGN_ACTIONS = 400


def entries():
    out = []
    for entry in registry.GAMES:
        for i in range(max(1, len(entry[2]))):
            out.append((entry[0], i))
    return tuple(out)


def _play_one(h, key, option, rng):
    """From the list of games: the game's menu, its option-th new game, played to the end by
    the bot, then the results, back to the game's menu."""
    games = h.app.stack[-1]
    moves = (game_index(key) - games.index) % len(games.items)
    games = None
    h.keys("D" * moves + "A")
    gm = h.app.stack[-1]
    assert type(gm).__name__ == "GameMenu", type(gm).__name__
    kinds = [a[0] for a in gm.actions]
    campaign = "new" not in kinds
    # (the menu's cursor starts on the option last played)
    moves = (kinds.index("slot" if campaign else "new") + option - gm.index) % len(gm.items)
    gm = None
    h.keys("D" * moves + "A")
    if type(h.app.stack[-1]).__name__ == "Confirm":  # a saved run exists: start anew
        h.keys("RA")
    elif type(h.app.stack[-1]).__name__ == "SlotMenu":
        if h.app.stack[-1].items[0] == "Read the story":  # it has ended: delete it, anew
            h.keys("DARA")
            assert type(h.app.stack[-1]).__name__ == "GameMenu", type(h.app.stack[-1]).__name__
            h.keys("A")
        else:
            h.keys("A")  # continue the campaign
    host = h.app.stack[-1]
    assert type(host).__name__ == "GameHost", type(host).__name__
    game = host.game
    n = 0
    while not game.over and not (campaign and n >= CAMPAIGN_ACTIONS):
        while host.pending:
            h.keys("A")
        acts = game.actions()
        host.act(acts[rng.below(len(acts))])
        game.check()
        n += 1
        assert n < MAX_ACTIONS, "game %s never ended" % key
    over = game.over
    while host.pending:
        h.keys("A")
    game = None
    host = None
    if not over:  # a campaign left for later: pause, "Back to menu" (the fourth item)
        for _ in range(3):  # (B first closes what is over the sheet: the Oracle's answer)
            h.keys("B")
            if type(h.app.stack[-1]).__name__ == "Pause":
                break
        h.keys("DDDA")
    for _ in range(40):  # messages, game over, initials, the score table
        if type(h.app.stack[-1]).__name__ == "GameMenu":
            break
        h.keys("A")
    assert type(h.app.stack[-1]).__name__ == "GameMenu", type(h.app.stack[-1]).__name__
    return n


def soak(games, seed, report=None):
    """Play `games` games; returns (first, low, high, actions): the lowest heap at the menu in
    the second round of every game (the first round interns every game's names for good), the
    lowest and highest of those per-round lows in the rounds after it, and the actions played.
    report(i, key, heap) is called after each game.

    Why per-round lows: the collector is conservative, so a stale word on the stack can keep a
    game's last state alive for a while (The Four's value at its menu varies by 4-9 KB from
    round to round); that only ever adds. A real leak raises every value, the lowest too."""
    games_and_options = entries()
    per_round = len(games_and_options)
    h = Headless(scratch("soak_%d" % seed), seed=seed)
    h.keys("A")  # the list of games
    rng = Rng(seed)
    actions = 0
    # One low per round, allocated whole now: a list grown as the rounds go would itself
    # show as drift (its doublings: +64, +128, +256... bytes at rounds 4, 8, 16...).
    rounds = (games + per_round - 1) // per_round
    lows = [0] * rounds
    for i in range(games):
        key, option = games_and_options[i % per_round]
        actions += _play_one(h, key, option, rng)
        h.keys("B")  # back to the list of games
        gc.collect()
        mem_alloc = getattr(gc, "mem_alloc", None)
        heap = mem_alloc() if mem_alloc else 0
        if report is not None:
            report(i, key, heap)
        r = i // per_round
        lows[r] = heap if i % per_round == 0 else min(lows[r], heap)
    # Only whole rounds compare: a last round cut short lacks the games whose menu heap is
    # lowest (500 games of 9 a round left 5 in the last, whose low read 1,888 bytes higher).
    whole = games // per_round
    if whole < 2:
        return None, None, None, actions
    after = lows[1:whole]
    return after[0], min(after), max(after), actions
