# Taking a headless app to a new game through the menus, for the games' UI tests. Apart from
# helpers.py so that a test that needs only Headless (test_ui_ram_budget.py, under a tight
# heap) does not carry these functions in RAM too.
from helpers import Headless, game_index, scratch


def new_game(name, key, seed, option=0):
    """A headless app (data in scratch folder `name`) taken from the title through the menus
    to a new game of `key`, with the game menu's option-th "new game" item. Returns
    (headless, host). Nothing of the menus is held, so they leave RAM as on the device."""
    h = Headless(scratch(name), seed=seed)
    h.keys("A" + "D" * game_index(key) + "A")
    menu = h.app.stack[-1]
    moves = (first_start(menu.actions) + option - menu.index) % len(menu.items)
    menu = None
    h.keys("D" * moves + "A")
    host = h.app.stack[-1]
    assert type(host).__name__ == "GameHost" and host.key == key, type(host).__name__
    return h, host


def first_start(actions):
    """Where a game menu's first way to start a game is: its first "new game" item, or for a
    game with campaign slots its first slot (empty in a fresh data folder)."""
    kinds = [a[0] for a in actions]
    return kinds.index("new") if "new" in kinds else kinds.index("slot")


def dismiss(h, host):
    """Close the game's event messages with A (each press closes one)."""
    h.keys("A" * len(host.pending))
    assert not host.pending


def play_through(h, host, offered, keys_for, choose):
    """Play the game on `host` to its end through the buttons. Before each action the scene's
    cursor must offer every legal action (offered(scene) lists the actions of its places), and
    a place whose action is not legal must say why (scene.why(action)); the action
    choose(game, acts) picks is made with the presses keys_for(scene, action) gives, and must
    be the one taken. Ends on the game-over screen; returns the score."""
    game = host.game
    dismiss(h, host)
    while not game.over:
        scene = host.scene
        acts = game.actions()
        places = offered(scene)
        for a in acts:
            assert a in places, a  # every legal action has a place
        for a in places:
            assert a in acts or scene.why(a), a  # and a place A cannot use says why
        a = choose(game, acts)
        n = len(host.log)
        h.keys(keys_for(scene, a))
        assert len(host.log) == n + 1 and host.log[-1] == a
        game.check()
        if not game.over:
            dismiss(h, host)
    score = game.score
    # Let go of the game before it ends: the game-over screen loads once the game's modules
    # have left RAM, and a reference held here would keep them in.
    game = scene = None
    dismiss(h, host)  # the last message closes: the final board stays in view
    assert h.top() == "GameHost", h.top()
    h.keys("A")  # on to the game-over screen
    assert h.top() == "GameOver", h.top()
    assert h.app.stack[-1].score == score
    return score
