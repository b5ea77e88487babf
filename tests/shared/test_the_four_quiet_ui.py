# The Four's Quiet with a threat live, through the buttons (docs/rules/the_four.md D12): the
# device asks "alone, off the road?" and the player says; NO takes nothing, YES goes on to the
# Quiet's own screen (issue 24: write in the character's voice), where A takes it; the
# question's code leaves RAM either way. Runs under CPython and real MicroPython.
# heap: 184K
# (issue 34: 160K on main to 170K now: the story journal, the screens a stop keeps)
# (the whole app, this game's rules and scene, the question's dialog and the campaign code in
# RAM together, as test_the_four_ui; `python -m tools.measure.heap_margins` gives the margin.)
import sys

from test_the_four_ui import dismiss, do, start_in_slot


def quiet_row(h):
    """Put the cursor on the main list's Quiet row and press A (with no threat live, the
    Quiet's own screen then shows)."""
    from deckdelve.games import the_four as F

    scene = h.app.stack[-1].scene
    moves = (scene.items.index(F.act(F.QUIET)) - scene.index) % len(scene.items)
    scene = None
    h.keys("D" * moves + "A")


def test_the_quiet_with_a_threat_live_asks_and_the_player_says():
    from deckdelve.games import the_four as F

    h = start_in_slot("four_ui_quiet", seed=7)
    h.keys("AA" + "DA" + "DA")  # GRIT 3, HEART 2, CRAFT 2 (WITS keeps 1)
    h.keys("DDA" + "A" + "DA" + "DDA")  # the Source FORCE, the origin TAKEN (the cursor
        # stays on SOURCE after its choice: ORIGIN is the row under it)
    scene = h.app.stack[-1].scene
    h.keys("D" * (scene.items.index(F.act(F.BEGIN)) - scene.index) + "A")
    scene = None
    dismiss(h)
    game = h.app.stack[-1].game
    assert game.phase == F.IDLE and not game.quiet_used and game.live_threats() == 0
    game.harm = 1
    game = None
    quiet_row(h)  # no threat live: nothing to ask, the Quiet's own screen; A takes it
    assert h.top() == "GameHost" and h.app.stack[-1].scene.asking == F.QUIET
    h.keys("A")
    game = h.app.stack[-1].game
    assert game.harm == 0 and game.quiet_used
    game.quiet_used = False  # as after the next shuffle
    game = None
    dismiss(h)
    do(h, F.act(F.THREAT))
    dismiss(h)
    game = h.app.stack[-1].game
    assert game.live_threats() == 1
    game.harm = 2  # hurt, as the Quiet is for
    game = None
    quiet_row(h)
    assert h.top() == "Confirm"
    assert "alone, off the road" in " ".join(h.app.stack[-1].lines)
    h.keys("A")  # NO is under the cursor: nothing is taken
    assert h.top() == "GameHost" and "deckdelve.dialogs" not in sys.modules
    game = h.app.stack[-1].game
    assert game.harm == 2 and not game.quiet_used and game.spark == 1  # (the first Quiet's)
    game = None
    quiet_row(h)
    assert h.top() == "Confirm"
    h.keys("RA")  # YES: alone, off the road
    assert h.top() == "GameHost" and "deckdelve.dialogs" not in sys.modules
    assert h.app.stack[-1].scene.asking == F.QUIET and not h.app.stack[-1].game.quiet_used
    h.keys("A")  # the Quiet's own screen: A takes it
    game = h.app.stack[-1].game
    assert game.harm == 0 and game.quiet_used and game.spark == 2
    assert game.live_threats() == 1  # the threat stays; the player said it does not press
    assert F.act(F.QUIET) not in game.actions()  # once per shuffle
    game = None
    pending = h.app.stack[-1].pending
    assert pending and pending[0].startswith("The Quiet: Harm cleared")
    pending = None
