# The collection's menus as a newcomer meets them: the how-to once (and skippable), a game's
# first start saying where its rules are, the menus remembering the option last played, the
# lists that scroll saying so, and achievements saying how each is earned.
# heap: 176K
# (the menus, the store, a game's help text; two tests start a game, Mini Rogue's
# the largest: as test_mini_rogue_ui.py)
# isolate
# (each test in its own interpreter, as on a Pico just booted)
from helpers import Headless, game_index, scratch


def test_the_how_to_shows_once_and_b_skips_it():
    d = scratch("menus_howto")
    h = Headless(d, howtos_seen=False)
    h.keys("A")
    assert h.top() == "HowTo"
    h.keys("A")  # the next page
    assert h.top() == "HowTo" and h.app.stack[-1].page == 1
    h.keys("B")  # skip the rest: the game list
    assert h.top() == "Menu"
    h = None
    h = Headless(d, howtos_seen=False)  # a new start, the same flash
    h.keys("A")
    assert h.top() == "Menu"


def test_a_games_first_start_says_where_its_rules_are():
    h = Headless(scratch("menus_first"), seed=3, howtos_seen=False)
    h.keys("AB")  # title, how-to skipped
    h.keys("D" * game_index("red_queen") + "A")
    h.keys("A")  # New game
    assert h.top() == "Message" and "pause menu" in " ".join(h.app.stack[-1].lines).lower()
    h.keys("A")
    assert h.top() == "GameHost"


def _to_game_menu(h, key):
    """From the title to a game's menu (the list of games starts on the game last played)."""
    h.keys("A")
    moves = (game_index(key) - h.app.stack[-1].index) % (len(h.app.stack[-1].items))
    h.keys("D" * moves + "A")
    return h.app.stack[-1]


def test_mini_rogue_starts_on_normal_and_the_last_option_is_remembered():
    d = scratch("menus_last")
    h = Headless(d, seed=5)
    menu = _to_game_menu(h, "mini_rogue")
    assert menu.items[menu.index] == "Normal"  # the port's default
    del menu
    h.keys("DDA")  # Hell
    assert h.top() == "GameHost" and h.app.stack[-1].options == ("hell",)
    h = None
    h = Headless(d, seed=6)  # after a power cycle, the same flash
    menu = _to_game_menu(h, "mini_rogue")
    assert menu.items[menu.index] == "Hell"
    del menu
    h = None
    h = Headless(d, seed=7)
    menu = _to_game_menu(h, "rogue_solitaire")
    assert menu.items[menu.index] == "Quick play"  # never played: its first option


def _power_off(key):
    """What a power cycle clears: the running game's modules (the test's references to the
    app are dropped by the caller)."""
    import gc

    from deckdelve.app import unload

    unload(key)
    gc.collect()


def test_the_list_of_games_starts_on_the_game_last_played():
    from deckdelve.store import Store

    d = scratch("menus_last_game")
    h = Headless(d, seed=5)
    h.keys("A")
    assert h.app.stack[-1].index == 0  # nothing played yet: the first game
    h.keys("B")
    _to_game_menu(h, "red_queen")
    h.keys("A")  # New game
    assert h.top() == "GameHost"
    h = None
    _power_off("red_queen")
    h = Headless(d, seed=6)  # after a power cycle, the same flash
    h.keys("A")
    assert h.app.stack[-1].items[h.app.stack[-1].index] == "Red Queen"
    h.keys("B")
    _to_game_menu(h, "mini_rogue")
    h.keys("A")  # Normal, and the game it belongs to is now the last
    h = None
    _power_off("mini_rogue")
    h = Headless(d, seed=7)
    h.keys("A")
    assert h.app.stack[-1].items[h.app.stack[-1].index] == "Mini Rogue"
    h = None
    # A settings file from before (only options kept, in any order; or none at all) loads:
    # its last entry stands for the last game, and an unknown key is the first game.
    for last, first in (("mini_rogue=3,red_queen=0", "Red Queen"), ("", "Rogue Solitaire"),
                        ("gone=1", "Rogue Solitaire")):
        Store(d).save_settings({"sound": True, "idle_s": 60, "contrast": 255,
                                "initials": "AAA", "last": last, "seen": "*"})
        h = Headless(d, seed=8)
        assert h.top() == "Title"  # no notice: the file was read
        h.keys("A")
        assert h.app.stack[-1].items[h.app.stack[-1].index] == first, last
        h = None


def test_a_flash_that_cannot_keep_the_last_game_is_no_bother():
    # Remembering the game and its option is a convenience: a write that fails (flash full)
    # starts the game all the same, without a notice, and the list still offers it first.
    from deckdelve import store

    def full(a, b):
        raise OSError(28)

    h = Headless(scratch("menus_full"), seed=5)
    keep = store.rename
    store.rename = full
    try:
        _to_game_menu(h, "solatro")
        h.keys("A")  # New game
        assert h.top() == "GameHost" and not h.app.notices
        host = h.app.stack[-1]
        h.keys("A" * len(host.pending))
        assert h.top() == "GameHost"
        host = None
        assert h.app.settings["last"] == "solatro=0"
    finally:
        store.rename = keep


def test_a_menu_longer_than_the_screen_shows_a_scroll_bar():
    h = Headless(scratch("menus_scroll"))
    menu = _to_game_menu(h, "mini_rogue")  # 4 difficulties, 4 score tables, Rules: 9 rows
    assert len(menu.items) > menu.ROWS

    def bar_lit():
        n = 0
        for y in range(9, 58):
            n += h.fb.pixel(126, y)
        return n

    lit = bar_lit()
    assert lit > 20  # the track's dots and the thumb
    h.keys("D" * (len(menu.items) - 1 - menu.index))  # to the last row: the thumb goes down
    assert menu.top > 0 and h.fb.pixel(126, 56) == 1 and h.fb.pixel(125, 10) == 0
    del menu
    h = None
    h = Headless(scratch("menus_scroll"))
    menu = _to_game_menu(h, "red_queen")  # 3 rows: nothing scrolls, no bar
    assert len(menu.items) <= menu.ROWS and bar_lit() == 0


def test_achievements_say_how_each_is_earned():
    h = Headless(scratch("menus_ach"))
    menu = _to_game_menu(h, "rogue_solitaire")
    i = menu.items.index("Achievements") - menu.index
    del menu
    h.keys("D" * i + "A")
    screen = h.app.stack[-1]
    assert h.top() == "Achievements"
    assert len(screen.hows) == len(screen.names) == 6
    for how in screen.hows:
        assert len(how) > 10, how
    assert screen.hows[0] == "escape in quick play"


def test_save_and_quit_shows_its_message_over_a_menu_that_lists_the_run():
    # Issue 33: "Run saved. Continue it from the game's menu." was drawn over a game menu
    # built before the run was saved, without "Continue saved run"; now the menu under the
    # message lists it, with the cursor on it, and closing the message changes nothing under.
    from helpers import open_game_menu

    h = Headless(scratch("menus_save_quit"), seed=3)
    open_game_menu(h, "solatro")
    h.keys("A")  # a new game
    assert h.top() == "GameHost", h.top()
    h.keys("A" * len(h.app.stack[-1].pending))
    h.keys("B" + "DDD" + "A")  # the pause menu: Resume, Rules, Sound, Save and quit
    assert h.top() == "Message", h.top()
    menu = h.app.stack[-2]
    assert type(menu).__name__ == "GameMenu"
    assert menu.items[0] == "Continue saved run" and menu.index == 0, (menu.items, menu.index)
    menu = None
    h.app.dirty = True
    h.frame(0)
    under = bytearray(h.buf)
    h.keys("A")  # the message closes: the menu under it is the menu drawn before
    assert h.top() == "GameMenu"
    from deckdelve.ui import draw

    box = draw.message_box(draw.wrap("Run saved. Continue it from the game's menu.", 112))
    x0, y0, w, h0 = box
    for x in range(128):
        for y in range(64):
            if x0 <= x <= x0 + w and y0 <= y <= y0 + h0:
                continue  # (the box and its shadow)
            i = (y >> 3) * 128 + x
            assert (under[i] ^ h.buf[i]) & (1 << (y & 7)) == 0, (x, y)
