# No text outside its place (issue 24), checked on every screen that seeded play-outs of every
# game reach through the buttons, the game-over screen, initials and score table included,
# and on the platform's own screens: see textcheck.py for what is checked. Under CPython and
# real MicroPython. A failure names the text, where it is, the screen, and the host_sim line
# that shows it.
# heap: 212K
# isolate
# (each game's run in its own interpreter: the whole app, the game's scene and a bot in RAM
# together, as in the games' UI tests; the seeded walk of each game opens the pause menu's
# rules over a game too: 192K at the smallest, Solatro's)

from textcheck import KNOWN, Checked, Recorder, finish, unseen

from deckdelve.rng import Rng

def chooser(bot, rng):
    """choose(game, acts) for play_helpers.play_through: the bot's choice, or (bot None) one
    at random."""
    if bot is None:
        return lambda game, acts: acts[rng.below(len(acts))]
    return lambda game, acts: bot(game, rng)


# ---- the games ----------------------------------------------------------------------------

def _rogue_solitaire(seed, options, greedy):
    from test_rogue_solitaire_ui import do

    try:
        import bots_rogue_solitaire as bots
    except ImportError:
        from tools.mp import bots_rogue_solitaire as bots
    c = Checked("text_rs", "rogue_solitaire", options, seed, KNOWN)
    host = c.app.stack[-1]
    game = host.game
    rng = Rng(seed ^ 0x2A5A5)
    while not game.over:
        c.keys("A" * len(host.pending))
        acts = game.actions()
        do(c, host, bots.greedy(game, rng) if greedy else acts[rng.below(len(acts))])
    game = host = None
    assert finish(c) > 100
    unseen("rogue_solitaire")


def test_rogue_solitaire_quick_play():
    _rogue_solitaire(3, (), False)


def test_rogue_solitaire_campaign():
    # (a test of its own: one interpreter each, see "isolate" above; the greedy bot's
    # campaign goes through ten floors, the Buffet and the race)
    _rogue_solitaire(18, ("campaign",), True)


def test_red_queen():
    from play_helpers import play_through
    from test_red_queen_ui import keys_for, offered

    try:
        import bots_red_queen as bots
    except ImportError:
        from tools.mp import bots_red_queen as bots
    run = []
    for seed, bot in ((3, None), (7, bots.greedy), (13, bots.greedy)):  # greedy: to the Queen
        c = Checked("text_rq", "red_queen", (), seed, KNOWN)
        play_through(c, c.app.stack[-1], offered, keys_for, chooser(bot, Rng(seed)))
        run.append(finish(c))
        c = None  # (its app out of RAM before the next one starts)
    assert min(run) > 100, run
    unseen("red_queen")


def test_solatro():
    from play_helpers import play_through
    from test_solatro_ui import keys_for, offered

    try:
        import bots_solatro
    except ImportError:
        from tools.mp import bots_solatro
    run = []
    for seed in (1, 5):
        c = Checked("text_sol", "solatro", (), seed, KNOWN)
        play_through(c, c.app.stack[-1], offered, keys_for,
                     chooser(bots_solatro.discard, Rng(seed)))
        run.append(finish(c))
        c = None  # (its app out of RAM before the next one starts)
    assert min(run) > 500, run  # the shop reached
    unseen("solatro")


def test_mini_rogue():
    from test_mini_rogue_ui import keys_for, settle

    try:
        import bots_mini_rogue
    except ImportError:
        from tools.mp import bots_mini_rogue
    run = []
    for seed, option in ((6, "easy"), (20, "normal"), (2, "hell")):  # two won, one lost
        c = Checked("text_mr", "mini_rogue", (option,), seed, KNOWN)
        host = c.app.stack[-1]
        game = host.game
        rng = Rng(seed)
        while True:
            settle(c, host)
            if game.over:
                break
            c.keys(keys_for(host.scene, game, bots_mini_rogue.greedy(game, rng)))
        game = host = None
        run.append(finish(c))
        c = None  # (its app out of RAM before the next one starts)
    assert min(run) > 200, run
    unseen("mini_rogue")


def test_text_bounds_each_game(game):
    # Every game in the registry, a game added tomorrow too, walked by seeded presses from its
    # start (the bots above go deeper into the games they know): every screen reached is
    # checked, the pause menu and what it opens included.
    c = Checked("text_" + game, game, (), 9, KNOWN)
    rng = Rng(9)
    in_game = 0
    for _ in range(400):
        c.keys("UDLRAAAB"[rng.below(8)])
        in_game += c.top() == "GameHost"
    assert in_game > 100, in_game  # the game was played
    assert c.report() > 50


def test_the_platform_screens():
    """The title, the how-to, the list of games, each game's menu and what it opens (every
    page of its rules, its score tables, its achievements), the settings, a game's pause menu
    with its rules and the quit question."""
    from helpers import game_keys

    c = Checked("text_platform", None, (), 5, KNOWN)
    c.keys("AAAA")  # the title, the three pages of the how-to
    assert c.top() == "Menu", c.top()
    games = len(game_keys().split(","))
    for _ in range(games):
        c.keys("A")  # the game's menu
        menu = c.app.stack[-1]
        actions = [a[0] for a in menu.actions]
        index = menu.index
        menu = None
        for i in range(len(actions)):
            if actions[i] in ("scores", "achievements", "rules"):
                c.keys("D" * ((i - index) % len(actions)) + "A")
                index = i
                if actions[i] == "rules":
                    help_view = c.app.stack[-1]
                    pages = len(help_view.starts) // help_view.ROWS + 1
                    help_view = None
                    c.keys("R" * pages)
                c.keys("B")
                assert c.top() == "GameMenu", c.top()
        c.keys("BD")  # the next game
    c.keys("A")  # the settings: each row changed, and back
    assert c.top() == "Settings", c.top()
    c.keys("ADARDAR" + "B")
    c.keys("UUUAA")  # a new game of Red Queen's Dungeon: its first-start message
    c.keys("A")
    assert c.top() == "GameHost", c.top()
    c.keys("A" * len(c.app.stack[-1].pending))
    c.keys("BDA")  # the pause menu, its rules
    assert c.top() == "Help", c.top()
    c.keys("BDA")  # the sound
    c.keys("DDA")  # quit? (a question; past "Save and quit")
    assert c.top() == "Confirm", c.top()
    c.keys("RL")
    assert c.report() > 100


# ---- the checker itself: what it must catch, and what it must let pass --------------------

def _checked(drawing):
    """The problems the Recorder finds on a screen drawn by drawing(fb)."""
    import framebuf

    from deckdelve.ui import draw

    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    rec = Recorder()
    draw.record = rec
    try:
        drawing(fb)
    finally:
        draw.record = None
    return [(p.name(), p.why) for p in rec.problems(buf)]


def test_the_check_finds_text_out_of_place():
    from deckdelve.ui import draw

    def over_a_line(fb):
        draw.text(fb, "SCORE 10", 10, 10)
        fb.hline(0, 12, 128, 1)

    def under_a_line(fb):
        fb.vline(20, 0, 64, 1)
        draw.text(fb, "SCORE 10", 10, 10)

    def over_text(fb):
        draw.text(fb, "POWER WORLD", 0, 20)
        draw.text(fb, "SPARK 1", 40, 22)

    def touching(fb):
        draw.text(fb, "SC", 100, 0)
        draw.text(fb, "130", 107, 0)  # no pixel between the two

    def cut(fb):
        draw.text(fb, "HELLO", 10, 30)
        fb.fill_rect(12, 33, 30, 8, 0)

    def off_screen(fb):
        draw.text(fb, "A LINE TOO LONG FOR THE SCREEN, BY FAR", 0, 0)

    def off_bottom(fb):
        draw.text(fb, "LOW", 0, 61)

    def in_a_card(fb):
        draw.card(fb, 5, 20, 20)
        fb.fill_rect(20 + 7, 20 + 11, 2, 2, 1)  # a dot on the suit's glyph

    for drawing, text, what in ((over_a_line, "SCORE 10", "something else"),
                                (under_a_line, "SCORE 10", "something else"),
                                (over_text, "POWER WORLD", ""),
                                (touching, "SC", "touches"),
                                (cut, "HELLO", "cut"),
                                (off_screen, "A LINE", "edge"),
                                (off_bottom, "LOW", "edge"),
                                (in_a_card, "\u2660", "")):
        found = _checked(drawing)
        assert [1 for t, why in found if t.startswith(text) and what in why], (text, found)


def test_the_check_lets_pass_what_is_in_its_place():
    from deckdelve.ui import draw

    def fine(fb):
        draw.text(fb, "ROUND 3", 0, 0)
        draw.right(fb, "SCORE 10/25", 127, 0)
        fb.hline(0, 6, 128, 1)
        draw.text(fb, "LINE ONE", 0, 8)
        draw.text(fb, "LINE TWO", 0, 8 + draw.LINE)  # a line's pitch apart
        x = draw.text(fb, "A:", 0, 30)
        draw.text(fb, "OK", x, 30)  # one text after another
        draw.bar(fb, "SELECTED", 0, 40, 60, True)  # dark on a lit bar
        draw.card(fb, 5, 80, 20)
        draw.card(fb, 20, 91, 20, True, True)  # under the cursor
        draw.text(fb, "UNDER THE CURSOR", 0, 50)
        draw.cursor(fb, 0, 49, 40, 7)  # a cursor over part of it
        draw.text(fb, "UNDER A BOX", 60, 40)
        draw.message(fb, ["A MESSAGE"])  # a dialog over it

    assert _checked(fine) == []
