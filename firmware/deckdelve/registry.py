# The registry: every game in the collection, in menu order. Only names live here, so that
# listing the games imports none of them; a game's modules load when it starts, and this
# module itself leaves RAM while a game runs (see app.py).
#
# Each entry: (key, title, options[, flags])
#   key      module deckdelve.games.<key> (rules, class Game) and deckdelve.ui.<key>
#            (the scene, class Scene); help text in deckdelve/help/<key>.txt
#   options  the choices offered before a game starts, as (label, options tuple) pairs;
#            an empty tuple starts the game straight away with no options.
#   flags    optional text: "achievements" adds an Achievements screen to the game's menu
#            (the rules module then has ACHIEVEMENTS names and Game.achievements() bits);
#            "slots": the game keeps campaigns in slots on flash (deckdelve/campaigns.py),
#            saved after every action; its menu lists the slots instead of new/continue.

GAMES = (
    ("rogue_solitaire", "Rogue Solitaire", (("Quick play", ()), ("Campaign", ("campaign",))),
     "achievements"),
    ("mini_rogue", "Mini Rogue", (("Easy", ("easy",)), ("Normal", ("normal",)),
                                  ("Hard", ("hard",)), ("Hell", ("hell",)))),
    ("red_queen", "Red Queen", ()),
    ("solatro", "Solatro", ()),
    ("the_four", "The Four", (), "slots"),
)


def find(key):
    for entry in GAMES:
        if entry[0] == key:
            return entry
    return None


def load(key):
    """Import and return the rules module of a game (its class is module.Game)."""
    return __import__("deckdelve.games." + key, None, None, ("Game",))
