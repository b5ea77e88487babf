# A bot for The Four (MicroPython-clean) that plays a campaign the way a player might: it
# makes a character, takes turns on the rating the fiction calls for (a random one; its best
# against a threat half of the time), deals threats now and then and fights them, sometimes
# with its Power, keeps the best card of a flip (or, one time in four, the one that fits the
# fiction), spends Spark to flip one more or to bump a wrong result against a threat (and,
# with Spark to spare, now and then to overrule a suit), draws for Spark when out of it, takes
# the Quiet when hurt and nothing presses (asked whether a live threat presses, D12, it says
# yes unless a Hunter is live: a Hunter pursues), and asks the Oracle, rolls the second d6 and
# breaks scenes sometimes.
# One campaign in three (by its seed) is played recklessly: any card kept, no Quiet, so that
# the play-outs reach Scars and the end of the story too.
# Used by `python -m tools.play.playout --game the_four` (it is the game's default bot).
from deckdelve.games import the_four as tf

BOTS = ("player",)
DEFAULT = "player"


def _best_rating(game):
    best = 0
    for s in range(4):
        if game.ratings[s] > game.ratings[best]:
            best = s
    return best


def _first_threat(game):
    for t in range(tf.MAX_THREATS):
        if game.threat[t] != tf.NONE:
            return t
    return -1


def _hunted(game):
    """Is a Hunter (a spade: "it pursues") among the live threats?"""
    for t in range(tf.MAX_THREATS):
        if game.threat[t] != tf.NONE and game.threat[t] // 13 == 0:
            return True
    return False


def _create(game, rng, acts):
    # Place the four free dots one at a time on random ratings, then a random Source.
    if game.dots() < tf.DOTS:
        dots = [a for a in acts if a >> 8 == tf.DOT]
        return dots[rng.below(len(dots))]
    if game.source == tf.NONE:
        return tf.act(tf.SOURCE, rng.below(4))
    if game.origin == tf.NONE:
        return tf.act(tf.ORIGIN, rng.below(5))
    return tf.act(tf.BEGIN)


def _reckless(game):
    return game.seed % 3 == 0


def _idle(game, rng, acts):
    if (game.harm >= 3 and not _reckless(game) and tf.act(tf.QUIET) in acts
            and not _hunted(game)):
        return tf.act(tf.QUIET)
    if game.spark == 0 and rng.below(4) == 0:
        return tf.act(tf.SPARK_DRAW)
    t = _first_threat(game)
    if t >= 0:
        if rng.below(5) == 0:
            return tf.act(tf.POWER, game.source | (t + 1) << 2)
        suit = _best_rating(game) if rng.below(2) else rng.below(4)
        return tf.act(tf.TURN, suit | (t + 1) << 2)
    r = rng.below(100)
    if r < 25 and tf.act(tf.THREAT) in acts:
        return tf.act(tf.THREAT)
    if r < 17:
        return tf.act(tf.ORACLE)
    if r < 20:
        return tf.act(tf.ROLL)
    if r < 23:
        return tf.act(tf.SCENE)
    if r < 33:
        return tf.act(tf.POWER, game.source)
    return tf.act(tf.TURN, rng.below(4))


def _keep(game, rng, acts):
    # The card that fits the fiction best, whatever its band:
    if _reckless(game) or rng.below(4) == 0:
        return tf.act(tf.KEEP, rng.below(game.flip_n))
    best = 0
    for i in range(game.flip_n):
        if tf.band_of(game.flip[i]) > tf.band_of(game.flip[best]):
            best = i
    if tf.band_of(game.flip[best]) == tf.WRONG and game.spark and game.target != tf.NONE:
        return tf.act(tf.MORE)
    return tf.act(tf.KEEP, best)


def _result(game, rng, acts):
    if game.band == tf.WRONG and tf.act(tf.BUMP, 1) in acts and game.target != tf.NONE:
        return tf.act(tf.BUMP, 1)
    if game.spark >= 2 and rng.below(10) == 0:
        overrules = [a for a in acts if a >> 8 == tf.OVERRULE]
        if overrules:
            return overrules[rng.below(len(overrules))]
    return tf.act(tf.ACCEPT)


def player(game, rng):
    acts = game.actions()
    phase = game.phase
    if phase == tf.IDLE:
        return _idle(game, rng, acts)
    if phase == tf.KEEP_PHASE:
        return _keep(game, rng, acts)
    if phase == tf.RESULT:
        return _result(game, rng, acts)
    if phase == tf.SCAR_PHASE:
        # Drop the highest rating: keep the spread of dots.
        best = -1
        for a in acts:
            if best < 0 or game.ratings[a & 3] > game.ratings[best & 3]:
                best = a
        return best
    if phase == tf.CREATE:
        return _create(game, rng, acts)
    return acts[rng.below(len(acts))]  # PICK, SPREAD: either is fine
