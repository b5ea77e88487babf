# Seeded play-outs through the game contract. MicroPython-clean: tools/play/playout.py runs this
# under CPython, and under real MicroPython (--micropython) with a capped heap.
import gc
from array import array

from deckdelve.game import replay
from deckdelve.rng import Rng
from deckdelve.registry import load

MAX_STEPS = 20000
# Set by playout_main under MicroPython: called after every action to sample the live heap.
heap_probe = None


def random_bot(game, rng):
    acts = game.actions()
    return acts[rng.below(len(acts))]


def default_bot(key):
    """The game's own default bot (its bots module's DEFAULT), else "random"."""
    try:
        module = __import__("bots_" + key)
    except ImportError:
        return "random"
    return getattr(module, "DEFAULT", "random")


def find_bot(key, name):
    if name in ("", "random"):
        return random_bot
    module = __import__("bots_" + key)
    bot = getattr(module, name, None) if name in module.BOTS else None
    if bot is None:
        raise ValueError("no bot %r for %s (have: random %s)" % (name, key, " ".join(module.BOTS)))
    return bot


def turn_cap(cls):
    """The turns a play-out plays of a game with no end of its own (PLAYOUT_TURNS: The Four's
    campaign goes on until its story ends, which a careful player may never reach), else 0."""
    return getattr(cls, "PLAYOUT_TURNS", 0)


def finished(game, turns):
    """Over, or (a game with no end of its own, PLAYOUT_TURNS) that many turns played."""
    return game.over or (turns and game.turn >= turns)


def play_one(cls, seed, options, bot, log):
    """Play one game to its end. Returns None, or a text saying what went wrong; the actions
    taken are left in log (an array('H')) for reproduction."""
    bot_rng = Rng(seed ^ 0x2A5A5)
    game = cls(seed, options)
    game.check()
    steps = 0
    turns = turn_cap(cls)
    while not finished(game, turns):
        if steps >= MAX_STEPS:
            return "no end after %d actions" % steps
        acts = game.actions()
        if not acts:
            return "no legal action but the game is not over"
        a = bot(game, bot_rng)
        if a not in acts:
            return "bot chose %r, not among the legal actions" % (a,)
        log.append(a)
        game.apply(a)
        game.check()
        steps += 1
        if heap_probe is not None:
            heap_probe()
    if game.over and game.actions():
        return "game over but actions() is not empty"
    if not isinstance(game.score, int):
        return "score is not an int: %r" % (game.score,)
    return None


def run(key, games, seed, options, bot_name="", examples=3):
    """Play `games` games with seeds seed, seed+1, ... Returns a dict for the JSON report."""
    cls = load(key).Game
    if not bot_name:
        bot_name = default_bot(key)
    bot = find_bot(key, bot_name)
    turns = turn_cap(cls)
    stats = {}  # the sums of a game's playout_stats(), if it has them
    wins = 0
    total_score = 0
    max_score = None
    total_actions = 0
    errors = 0
    found = []
    progress = {}
    for i in range(games):
        s = seed + i
        log = array("H")
        try:
            err = play_one(cls, s, options, bot, log)
        except Exception as e:  # noqa: BLE001 - every failure is reported with its repro
            err = "%s: %s" % (type(e).__name__, e)
        total_actions += len(log)
        if err is not None:
            errors += 1
            if len(found) < examples:
                found.append({"seed": s, "error": err, "actions": list(log)})
            continue
        game = replay(cls, s, options, log)  # the same game again from seed + actions
        if not finished(game, turns):
            errors += 1
            if len(found) < examples:
                found.append({"seed": s, "error": "replay did not end the game",
                              "actions": list(log)})
            continue
        wins += 1 if game.won else 0
        total_score += game.score
        if max_score is None or game.score > max_score:
            max_score = game.score
        if hasattr(game, "progress"):
            p = game.progress()
            progress[p] = progress.get(p, 0) + 1
        if hasattr(game, "playout_stats"):
            for name, v in game.playout_stats():
                stats[name] = stats.get(name, 0) + v
        del game, log
        gc.collect()
    ok = games - errors
    report = {
        "game": key,
        "options": list(options),
        "bot": bot_name,
        "games": games,
        "wins": wins,
        "mean_score": round(total_score / ok, 2) if ok else 0,
        "max_score": max_score,
        "mean_actions": round(total_actions / games, 1) if games else 0,
        "errors": errors,
        "error_examples": found,
    }
    if progress:
        report["progress"] = {str(k): progress[k] for k in sorted(progress)}
    for name in stats:
        report["mean_" + name] = round(stats[name] / ok, 2) if ok else 0
    return report
