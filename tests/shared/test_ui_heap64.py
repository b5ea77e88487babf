# A whole game of Red Queen's Dungeon played through the buttons (title -> menu -> game ->
# game over -> initials -> score table) under real MicroPython with the 64 KiB heap cap, the
# firmware compiled to .mpy as on the device. This module is kept small on purpose: under
# MicroPython its own code shares the 64 KiB with the app and the game. (The richer UI
# tests of each game, in test_<game>_ui.py, run with the larger caps their `# heap:` lines
# give.) It is also the app's RAM budget check: on the 64-bit unix port the margin is under
# 2 KiB, so a change that makes the app or Red Queen's Dungeon bigger in RAM fails here.
import gc

from deckdelve.rng import Rng
from helpers import Headless, game_index, scratch


def test_red_queen_whole_game_through_the_buttons():
    for seed in (5, 8):
        h = Headless(scratch("ui64"), seed=seed)
        h.keys("A" + "D" * game_index("red_queen") + "AA")  # title, games, Red Queen, new
        assert h.top() == "GameHost", h.top()
        rng = Rng(seed)
        presses = 0
        while h.top() == "GameHost" and presses < 4000:
            h.keys("AAARRLDU"[rng.below(8)])
            presses += 1
        assert h.top() == "GameOver", h.top()
        score = h.app.stack[-1].score
        h.keys("AAAA")  # game over, then three initials
        assert h.top() == "Scores", h.top()
        assert h.app.stack[-1].entries[0][0] == score
        h = None
        gc.collect()
