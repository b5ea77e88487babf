# Solatro played through the UI: button presses -> scene -> game, on the headless app, under
# CPython and under real MicroPython (firmware compiled to .mpy, heap capped as below). The
# test holds no menu or game object across a screen change, so that what leaves RAM on the
# device leaves it here too.
# heap: 148K (issue 24: +4K, a token's question loads dialogs.Confirm)
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
    for a token, or LEAVE with points that still buy something, YES to the question it asks:
    RIGHT, A)."""
    keys = ""
    row = scene.row
    while action not in scene.rows[row]:
        row = (row + 1) % 3
        if scene.rows[row]:
            keys += "D"
    items = scene.rows[row]
    keys += "R" * ((items.index(action) - scene.cols[row]) % len(items)) + "A"
    from deckdelve.games import solatro as S

    if row == 1 or (action == S.LEAVE and S.spends(scene.host.game, action)):
        return keys + "RA"  # a token, or leaving points that still buy: YES to the question
    return keys






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


def test_the_score_table_names_each_rank_in_its_own_words():
    # Issue 33: the table showed "OFFDWEEB", "LILDWEEB", "UBERGIGA" where the game says
    # Official Dweeb. Each rank's words fit beside its score, in their place (textcheck).
    import framebuf

    from deckdelve.games import solatro as S
    from deckdelve.results import Scores
    from deckdelve.ui import draw
    from helpers import Headless, scratch
    from textcheck import Recorder

    h = Headless(scratch("sol_ranks"), seed=1)
    store = h.app.store()
    for i in range(len(S.RANKS)):
        assert store.add_score("solatro", S.RANKS[i][0] + 1, "ABC", S.RANK_TAGS[i]) >= 0
    screen = Scores(h.app, "Solatro", "solatro", 0)
    assert [e[2] for e in screen.entries] == list(reversed(S.RANK_TAGS))
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    rec = Recorder()
    rec.air = True
    draw.record = rec
    try:
        screen.draw(fb)
    finally:
        draw.record = None
    assert [(p.name(), p.why) for p in rec.problems(buf)] == []
    assert "Official Dweeb" in [t[3] for t in rec.texts]
    from deckdelve.results import SUMMARY_X

    for tag in S.RANK_TAGS:  # each fits the table's column, whatever the score beside it
        assert draw.width(tag) <= draw.W - SUMMARY_X, tag


def test_the_shop_opens_on_leave_and_leaving_points_that_buy_asks_first():
    # Issue 33 (--seed 11, keys solatro-seed11-shop.keys then AA): the round's messages are
    # closed with A, and one press too many bought EXTRA CARD (10 spent: Double Score then too
    # dear). The shop opens on LEAVE; leaving with points that still buy something asks, NO
    # under the cursor; pressing A again and again spends nothing.
    from deckdelve.games import solatro as S

    try:
        import bots_solatro
    except ImportError:
        from tools.mp import bots_solatro
    h, host = new_game("sol_shop", "solatro", 11)
    game = host.game
    rng = game.rng.__class__(11)
    while game.phase != S.SHOP:
        dismiss(h, host)
        assert not game.over
        h.keys(keys_for(host.scene, bots_solatro.discard(game, rng)))
    points = game.shop_points
    tokens = game.tokens
    assert S.spends(game, S.LEAVE)  # something is affordable
    h.keys("A" * (len(host.pending) + 7))  # the messages closed, and A pressed on and on
    assert host.scene.current() == S.LEAVE and game.phase == S.SHOP
    assert game.shop_points == points and game.tokens == tokens
    assert h.top() == "Confirm"  # "Leave the shop? The N points left are lost." (asked 4th)
    h.keys("RA")  # YES: the shop closes, the points are lost, the next round begins
    assert game.phase == S.IN_ROUND and game.tokens == tokens
