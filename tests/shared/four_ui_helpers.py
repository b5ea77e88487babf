# Helpers for The Four's UI tests (MicroPython-clean): from the title to a campaign slot, and
# actions taken through the buttons as a player would (test_the_four_ui.py,
# test_the_four_stops.py, tests/test_the_four_screens.py).
from helpers import Headless, open_game_menu, scratch

try:
    import bots_the_four  # under MicroPython tools/mp is on the path
except ImportError:
    from tools.mp import bots_the_four

KEY = "the_four"
# Issue 34's character at seed 4 (GRIT 2, HEART 2, CRAFT 1, WITS 3; Source World, MARKED),
# made and the Spread read: the K. Its keys since the cursor stays on SOURCE and
# ORIGIN after a choice (K itself, ADADDAADADDDADDDDDADDDDADDDDDDAAA, counted on it going
# back to GRIT).
K = "ADADDAA" + "DADDDA" + "DADDDDA" + "DA" + "AA"


def open_menu(h):
    """From the title to The Four's menu (the campaign slots)."""
    open_game_menu(h, KEY)
    assert h.top() == "GameMenu", h.top()


def slot_row(h, slot):
    """Move the game menu's cursor to a slot's row and press A."""
    menu = h.app.stack[-1]
    moves = (menu.actions.index(("slot", slot)) - menu.index) % len(menu.items)
    menu = None
    h.keys("D" * moves + "A")


def start_in_slot(name, slot=0, seed=7):
    """A headless app (data in scratch folder `name`) taken to a new campaign in `slot`."""
    h = Headless(scratch(name), seed=seed)
    open_menu(h)
    slot_row(h, slot)
    assert h.top() == "GameHost", h.top()
    return h


def dismiss(h):
    host = h.app.stack[-1]
    n = len(host.pending)
    host = None
    h.keys("A" * n)


def route(scene, a, F, S):
    """The row of the scene's list that does action a, or opens the smaller list it is in."""
    if a in scene.items:
        return a
    kind = a >> 8
    for item in scene.items:
        if item & S.RATE:
            if kind == F.DOT and item & 3 == a & 3:
                return item
            continue
        if not item & S.OPEN:
            continue
        m = (item >> 8) & 0xFF
        arg = item & 0xFF
        if ((m == S.M_TURN and kind == F.TURN)
                or (m == S.M_AGAINST and kind == F.POWER and arg == S.POWER_ARG)
                or (m == S.M_AGAINST and kind == F.TURN and arg == a & 3)
                or (m == S.M_SOURCE and kind == F.SOURCE)
                or (m == S.M_ORIGIN and kind == F.ORIGIN)
                or (m == S.M_OVERRULE and kind == F.OVERRULE)):
            return item
    raise AssertionError("action %x is not on offer (phase %d)" % (a, scene.host.game.phase))


def do(h, a):
    """Make the scene take action a with the presses a player would use: down to the row that
    does it (or opens the list it is in), A, and so on. Returns the number of presses."""
    from deckdelve.games import the_four as F
    from deckdelve.ui import the_four as S

    presses = 0
    for _ in range(4):
        host = h.app.stack[-1]
        scene = host.scene
        item = route(scene, a, F, S)
        moves = (scene.items.index(item) - scene.index) % len(scene.items)
        last = item == a or item & S.RATE
        host = scene = None
        h.keys("D" * moves + "A")
        presses += moves + 1
        if h.top() == "Confirm":  # D12: the Quiet with a threat live asks; the bot said yes
            h.keys("RA")
            presses += 2
        if h.app.stack[-1].scene.asking:  # the Oracle and the Quiet ask first: A does it
            h.keys("A")
            presses += 1
        if last:
            return presses
    raise AssertionError("action %x not reached" % a)


def offered(scene, F, S):
    """Every action the scene's lists offer, smaller lists included (opened and closed again
    without a press, so the cursor is where it was)."""
    out = []
    menu, arg, index, top = scene.menu, scene.menu_arg, scene.index, scene.top

    def walk(items, depth):
        for item in items:
            if item & S.OPEN:
                scene._open((item >> 8) & 0xFF, item & 0xFF)
                walk(list(scene.items), depth + 1)
            elif not item & (S.RATE | S.USED | S.KEEP_SUIT):  # (rows that do no action)
                out.append(item)

    walk(list(scene.items), 0)
    scene.menu, scene.menu_arg, scene.index, scene.top = menu, arg, index, top
    scene._refresh()
    return out


def play(h, actions, check_offer=True):
    """Play `actions` campaign actions chosen by the game's bot, through the buttons. Before
    each one the scene must offer exactly the legal actions (outside creation, where a
    rating row adds a dot or takes the rating back to 1)."""
    from deckdelve.games import the_four as F
    from deckdelve.ui import the_four as S

    rng = h.app.stack[-1].game.rng.__class__(99)
    phases = 0
    for _ in range(actions):
        dismiss(h)
        host = h.app.stack[-1]
        assert h.top() == "GameHost", h.top()
        game = host.game
        if game.over:
            break
        acts = game.actions()
        if check_offer and game.phase != F.CREATE:
            assert sorted(offered(host.scene, F, S)) == sorted(acts), game.phase
        a = bots_the_four.player(game, rng)
        turn = game.turn
        phases |= 1 << game.phase
        host = game = None
        do(h, a)
        game = h.app.stack[-1].game
        assert game.turn >= turn
        game.check()
        game = None
    dismiss(h)
    return phases
