# Mini Rogue: issue 33's cases through the UI, each from its keys' actions (the cursor's
# paths have changed since the keys were written): the merchant never trades on a second
# press, the fire wand says what it took, Og's Remains shows its treasure.
# heap: 156K
# (a continued run in each test, one interpreter: see test_mini_rogue_stops.py)
from play_helpers import new_game


def _continued(name, option, seed, log):
    """A headless app continuing a run of seed with log (all but the action to look at)."""
    from helpers import Headless, scratch

    h = Headless(scratch(name), seed=seed)
    h.app.start_game("mini_rogue", (option,), seed, log)
    h.keys(".")
    return h, h.app.stack[-1]


def test_the_merchant_never_trades_on_a_second_press():
    # Issue 33: easy, seed 101, "ARLA": the tab switched back and forth put the cursor on the
    # first row, and A bought a ration. Now each tab opens on Leave: A there leaves.
    from deckdelve.games import mini_rogue as mr

    h, host = new_game("mr_ui_ration", "mini_rogue", 101, 0)
    game = host.game
    h.keys("A")
    assert game.phase == mr.SHOP
    gold, food = game.gold, game.food
    h.keys("R")
    assert host.scene.selling and host.scene.cursor == len(mr.SELL_PRICE)
    h.keys("L")
    assert not host.scene.selling and host.scene.cursor == len(mr.BUY_PRICE)
    h.keys("A")
    assert (game.gold, game.food) == (gold, food) and game.phase == mr.MAP


def test_the_fire_wand_says_what_it_took():
    # Issue 33: normal, seed 21: "FIRE: 8 DAMAGE / SLAIN!" against a Skeleton with 3 HP left.
    from deckdelve.games import mini_rogue as mr

    log = (256, 257, 2048, 259, 260, 512, 256, 258, 259, 2048, 260, 1026, 1025, 1025, 1536,
           262, 2048, 2048, 2048, 2048, 256, 514, 257, 259, 260, 2048)
    h, host = _continued("mr_ui_fire", "normal", 21, log)
    left = host.game.monster_hp
    assert host.game.phase == mr.FIGHT_WAND and left < mr.FIRE_DAMAGE
    host.act(mr.WAND << 8 | mr.FIRE)
    h.keys(".")
    assert host.scene.report[0] == "Fire: %d damage" % left, host.scene.report


def test_ogs_remains_shows_its_treasure():
    # Issue 33: easy, seed 101: Og's Remains gave its treasure silently (the end screen had
    # room for the kill and the Og's Blood only). Its result comes first, its loot die and
    # line with it; A then shows the score, A again the table.
    from deckdelve.games import mini_rogue as mr

    log = (256, 1026, 1536, 257, 259, 2048, 2048, 2048, 260, 512, 256, 257, 1536, 259, 2048,
           2048, 2048, 2048, 260, 262, 2048, 2048, 2048, 256, 514, 257, 769, 259, 2048, 260,
           1536, 256, 772, 257, 259, 260, 2048, 262, 2048, 2560, 2048, 2307, 2048, 256, 257,
           771, 259, 512, 260, 1536, 256, 257, 259, 2048, 2560, 2048, 260, 1536, 256, 257,
           513, 259, 2048, 260, 262, 2048, 2305, 2048, 2048, 256, 257, 259, 513, 260, 2048,
           256, 2048, 2306, 2048, 258, 1026, 1026, 1025, 1025, 1024, 1024, 1536, 259, 512,
           260, 256, 258, 1025, 1024, 1536, 259, 514, 260, 262, 2048, 2048, 2048, 256, 2048,
           257, 259, 260, 1026, 1026, 1024, 1536, 256, 257, 259, 1024, 1536, 260, 513, 256,
           258, 514, 259, 260, 256, 514, 257, 259, 2048, 261, 2048, 262, 2048)
    h, host = _continued("mr_ui_og", "easy", 101, log)
    host.act(2048)
    h.keys(".")
    assert host.game.won
    scene = host.scene
    report = scene.report
    loot = [e for e in host.game.events if e[0] == mr.EV_LOOT]
    assert report is not None and "Slain!" in report and len(loot) == 1
    assert report[-1] == "The Og's Blood is yours!" and len(report) >= 3, report
    assert scene.report_labels[0] == "LOOT" and scene.report_dice[0] == loot[0][1]
    scene = report = None
    h.keys("." * 30 + "A")  # the result closes: the score breakdown
    assert h.top() == "GameHost" and host.scene.report is None
    h.keys("B")  # (nothing: B does not pause at the end)
    assert h.top() == "GameHost"
    host = None
    h.keys("A")
    assert h.top() == "GameOver", h.top()
