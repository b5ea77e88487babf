"""The Four's question before the Quiet with a threat live (docs/rules/the_four.md D12), as a
golden screenshot over the character sheet; the sheet's Quiet line says READY while it is
unused, threat or not. To accept a changed screen on purpose: UPDATE_GOLDEN=1, look at the
PNG, commit it."""

from goldens import assert_golden
from test_the_four_screens import created, host, image
from test_the_four_ui import do

from deckdelve.games import the_four as F


def test_the_quiet_asks_when_a_threat_is_live():
    h = created()
    do(h, F.act(F.THREAT))
    h.keys("A" * len(host(h).pending))
    g = host(h).game
    assert g.live_threats() == 1 and not g.quiet_used
    g.harm = 2
    scene = host(h).scene
    h.keys("D" * ((scene.items.index(F.act(F.QUIET)) - scene.index) % len(scene.items)) + "A")
    assert h.top() == "Confirm"
    assert_golden("the_four/quiet_ask", image(h))
    h.keys("A")  # NO
    assert h.top() == "GameHost" and g.harm == 2 and not g.quiet_used
    # YES: on to the Quiet's own screen (write in the character's voice); A there takes it.
    scene = host(h).scene
    h.keys("D" * ((scene.items.index(F.act(F.QUIET)) - scene.index) % len(scene.items)) + "A")
    h.keys("RA")
    assert h.top() == "GameHost" and scene.asking == F.QUIET and not g.quiet_used
    h.keys("A")
    assert g.quiet_used and g.harm == 0
