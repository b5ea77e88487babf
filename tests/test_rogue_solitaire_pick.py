"""Rogue Solitaire's scene, a play's first card chosen or let go: _retarget changes the targets
as the whole walk over the game's actions (_refresh) would, without making it (~1 M cycles
a press on the Pico, issue 36). Seeded random presses through host_sim, each pick checked."""

import random

from goldens import sim

from deckdelve import buttons


def test_a_pick_changes_the_targets_as_a_whole_refresh_would(monkeypatch):
    scene_class = type(sim(game="rogue_solitaire").app.stack[-1].scene)
    checked = []

    def retarget(self):
        place, chosen = self.place, self.chosen
        scene_class._retarget.__wrapped__(self)
        got = list(self.targets)
        scene_class._refresh(self)  # the whole walk, as before
        assert (got, self.place, self.chosen) == (self.targets, place, chosen)
        checked.append(chosen)

    retarget.__wrapped__ = scene_class._retarget
    monkeypatch.setattr(scene_class, "_retarget", retarget)
    rng = random.Random(5)
    for seed in range(40):  # (a game soon ends: many games, a few picks each)
        s = sim(game="rogue_solitaire", seed=seed)
        for _ in range(120):
            s.step(buttons.from_letter(rng.choice("UDLRUDLRAAAB")))
    # picks and their undoing both seen, many times
    assert checked.count(-1) >= 10 and len(checked) - checked.count(-1) >= 10, checked
