# The soak, short form (the long form is 500 games under MicroPython: `make soak`): three rounds
# of every game and option played through the app by a random bot in one interpreter; the heap
# in use at the menu after a collection does not grow after the first round (see soak.py).
# heap: 202K
# (the whole app with every game's code passing through one interpreter, names interned for
# good, plus the bots' game states; smallest passing 188K: The Four's Oracle answer now shows
# when the bot asks, loading its pages module with the rest, 164K before)
from soak import entries, soak


def test_three_rounds_of_every_game_hold_the_heap():
    rounds = 3
    first, low, high, actions = soak(rounds * len(entries()), 7)
    assert actions > 10 * len(entries())
    assert high - first <= 1024, (first, low, high)  # growth is the leak looked for
