# Solatro played through the UI: button presses -> scene -> game, on the headless app, under
# CPython and under real MicroPython (firmware compiled to .mpy, heap capped as below). The
# test holds no menu or game object across a screen change, so that what leaves RAM on the
# device leaves it here too.
# heap: 140K (issue 24: +4K, a token's question loads dialogs.Confirm)
# (the whole app, this game's .mpy code and the bot sit in RAM together: 96K fails when the
# game-over screen loads; `python -m tools.measure.heap_margins` finds the least that passes. Since
# issue 12 the store loaded at game over is larger (bounded, checked reads and writes), and the
# smallest passing heap jumps by up to 10K when unrelated code changes size (the heap
# fragments), so the cap keeps room for that (tools/heap_margins measures the margin).
# Play-outs of the rules alone keep the 64 KiB cap. 122K at the smallest since issue 24.)
# isolate
# (each test in its own interpreter, as on a Pico just booted: one process running the whole
# games, then the cursor tests, ends up 8 KiB above the largest of them alone)
from play_helpers import dismiss, new_game, play_through

try:
    import bots_solatro  # under MicroPython tools/mp is on the path
except ImportError:
    from tools.mp import bots_solatro


def keys_for(scene, action):
    """The presses that make the scene do `action` from where its cursor is now: DOWN to the
    action's row (DOWN skips empty rows; the shop is one row), RIGHT along it, then A (and
    for a token YES to the question it asks: RIGHT, A)."""
    keys = ""
    row = scene.row
    while action not in scene.rows[row]:
        row = (row + 1) % 3
        if scene.rows[row]:
            keys += "D"
    items = scene.rows[row]
    keys += "R" * ((items.index(action) - scene.cols[row]) % len(items)) + "A"
    return keys + "RA" if row == 1 else keys  # a token: A, then YES to the question






def offered(scene):
    out = []
    for row in scene.rows:
        out.extend(row)
    return out


def play_a_whole_game(seed, smart):
    """Legal choices, each made with the presses a player would use: at random, or (smart) the
    discard bot's, so that rounds are won and the shop and the tokens are used. Returns how
    many actions were taken in the shop."""
    h, host = new_game("solatro_ui", "solatro", seed)
    from deckdelve.games import solatro as S  # loaded by the app now

    shop = S.SHOP
    del S  # hold only the number: the module must leave RAM when the game ends
    rng = host.game.rng.__class__(seed)
    shops = [0]

    def choose(game, acts):
        shops[0] += 1 if game.phase == shop else 0
        return bots_solatro.discard(game, rng) if smart else acts[rng.below(len(acts))]

    play_through(h, host, offered, keys_for, choose)
    return shops[0]


def test_a_whole_game_through_the_buttons():
    play_a_whole_game(3, False)


def test_a_whole_game_that_reaches_the_shop():
    assert play_a_whole_game(1, True) > 0


def test_another_whole_game_that_reaches_the_shop():
    # (a test of its own: each starts from a fresh interpreter, see "isolate" above)
    assert play_a_whole_game(2, True) > 0


def test_cursor_rows_and_b_pauses():
    h, host = new_game("solatro_ui_cursor", "solatro", 5)
    from deckdelve.games import solatro as S

    dismiss(h, host)
    scene = host.scene
    game = host.game
    assert scene.row == 0 and scene.current() == S.PICK | 0
    h.keys("A")
    assert game.selection() == [game.hand[0]]
    n = len(scene.rows[0])
    assert S.PLAY in scene.rows[2] and S.DISCARD in scene.rows[2]
    assert n == game.hand_len + (1 if game.bank != 255 else 0)  # the Joker too, if banked
    h.keys("R" * (n - 1))
    assert scene.cols[0] == n - 1
    h.keys("R")
    assert scene.cols[0] == 0  # around the row
    h.keys("D")
    assert scene.row == 2 and scene.current() == S.PLAY  # no tokens: straight to PLAY
    h.keys("U")
    assert scene.row == 0
    h.keys("B")
    assert h.top() == "Pause"
    h.keys("A")  # resume
    assert h.top() == "GameHost"


def test_cursor_moves_one_card_a_press_over_cards_that_cannot_be_picked():
    # Five picked (the most a play takes): the cursor still stops on every card, one a press,
    # and A on an unpicked one says why and picks nothing.
    h, host = new_game("solatro_ui_limit", "solatro", 9)
    dismiss(h, host)
    scene = host.scene
    game = host.game
    n = len(scene.rows[0])
    for i in range(5):
        assert scene.row == 0 and scene.cols[0] == i
        h.keys("AR")
    assert game.selection_size() == 5
    for _ in range(2 * n):
        before = scene.cols[0]
        h.keys("R")
        assert scene.row == 0 and scene.cols[0] == (before + 1) % n
    while game.picked & (1 << (scene.current() & 0xF)):
        h.keys("R")
    h.keys("A")
    assert game.selection_size() == 5 and len(host.pending) == 1
    assert "put one back" in host.pending[0]
    h.keys("A")  # the message closes; the cursor has not moved
    assert not host.pending and game.selection_size() == 5
    col = scene.cols[0]
    h.keys("L")
    assert scene.cols[0] == (col - 1) % n


def test_a_play_says_what_it_scored_and_the_total_shows_it_at_once():
    h, host = new_game("solatro_ui_play", "solatro", 5)
    dismiss(h, host)
    game = host.game
    h.keys("A")  # one card: a high card
    h.keys("D")
    assert host.scene.current() == 0x1000  # PLAY
    h.keys("A")
    assert host.pending[0].startswith("High Card: 5 points") and game.round_score == 5
    assert "Round total 5 of 25" in host.pending[0]
