# One rules module per game (class Game, see deckdelve/game.py). The list of games, their
# titles and options is deckdelve/registry.py: this package stays empty so that it costs no
# RAM while a game runs.
