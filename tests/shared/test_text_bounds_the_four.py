# No text outside its place (issue 24) on The Four's screens: its campaigns played through the
# buttons by the game's bot, checked as test_text_bounds.py checks the other games (see
# textcheck.py). Under CPython and real MicroPython.
# heap: 190K
# isolate
# (a campaign to its story's end and its game-over screens, with the checker's and this
# test's code in RAM beside the whole app: 176K at the smallest, more than test_the_four_ui's
# 176K cap leaves room for; `python -m tools.measure.heap_margins test_text_bounds_the_four`)
import gc
import sys

from textcheck import KNOWN, Checked, finish, unseen

from deckdelve.rng import Rng

ACTIONS_FOUR = 400


def the_four(seed, actions):
    """The Four's campaign in slot 1 with seed, the game's bot choosing, the buttons doing, for
    at most `actions` actions (to the story's end and its game-over screens, if it comes)."""
    from test_the_four_ui import dismiss, do

    try:
        import bots_the_four
    except ImportError:
        from tools.mp import bots_the_four
    c = Checked("text_four", "the_four", (), seed, KNOWN)
    rng = Rng(99)
    for _ in range(actions):
        dismiss(c)
        game = c.app.stack[-1].game
        if game.over:
            break
        a = bots_the_four.player(game, rng)
        game = None
        do(c, a)
    if not c.app.stack[-1].game.over:
        assert c.report() > 1000
    else:
        # The bot (through the UI test's module too) holds the game's rules in RAM: let go
        # of them before the game-over screens load, as the device would have them gone.
        bots_the_four = do = dismiss = None
        for name in ("bots_the_four", "tools.mp.bots_the_four", "test_the_four_ui"):
            sys.modules.pop(name, None)
        gc.collect()
        assert finish(c) > 1000
    unseen("the_four")


def test_the_four_longer_campaign():
    # Seed 4's campaign goes on longer: its first ACTIONS_FOUR actions.
    the_four(4, ACTIONS_FOUR)


def test_the_four_campaign_to_its_end():
    # Seed 9's campaign, as the game's bot plays it, reaches the story's end (about 1,250
    # actions), then the game-over screen, the initials and the table.
    the_four(9, 2000)
