# The contract every game keeps. The scenes, the bots, the play-out tool, saves and replays
# all drive a game through these few names and never reach inside it.
#
#   g = GameClass(seed, options)   deal a fresh game; all chance comes from g.rng (seeded)
#   g.actions()                    list of legal actions now (small ints, < 2**16)
#   g.apply(a)                     do one; raises IllegalAction if a is not legal (here,
#                                  once for every game: it checks a against actions(), the
#                                  one statement of what is legal, then calls g.do(a))
#   g.over, g.won, g.score         game end and the score for the high-score table
#   g.events                       what apply() just did, for the scene to show; apply()
#                                  empties it first, so it never grows without bound
#   g.check()                      raise ValueError if an invariant is broken (cards lost...)
#   g.can_save()                   may the run be saved (and quit) right now?
#   g.summary()                    short text for the high-score table ("R7", "WIN 212")
#
# Because a game is seed + options + actions, a saved run, a replay, a bug report and a
# golden test are all the same few bytes: replay() rebuilds any position.

from deckdelve.rng import Rng


class IllegalAction(ValueError):
    pass


class Game:
    NAME = ""  # registry key, e.g. "red_queen"

    def __init__(self, seed, options=()):
        self.seed = seed
        self.options = tuple(options)
        self.rng = Rng(seed)
        self.over = False
        self.won = False
        self.score = 0
        self.events = []

    def actions(self):
        raise NotImplementedError

    def apply(self, action):
        """Do one action: the checks every game makes, then the game's own do()."""
        if self.over or action not in self.actions():
            raise IllegalAction("illegal action %d" % action)
        self.events = []
        self.do(action)

    def do(self, action):
        """What a legal action does (apply() has checked it and emptied events)."""
        raise NotImplementedError

    def check(self):
        pass

    def can_save(self):
        return not self.over

    def summary(self):
        return str(self.score)


def replay(game_class, seed, options, log):
    """Rebuild a game from its seed, options and action log (any iterable of ints)."""
    g = game_class(seed, options)
    for a in log:
        g.apply(a)
    return g
