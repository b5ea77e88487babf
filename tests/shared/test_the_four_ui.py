# The Four played through the UI: button presses -> menus -> campaign slot -> scene -> game, on
# the headless app, under CPython and under real MicroPython (firmware compiled to .mpy, heap
# capped as below). The test holds no menu or game object across a screen change, so that
# what leaves RAM on the device leaves it here too.
# heap: 208K
# (issue 34: 178K on main to 186K now: the story journal, the screens a stop keeps)
# (the whole app, this game's rules, scene and campaign code and the bot in RAM together, on
# the 64-bit unix port; `python -m tools.measure.heap_margins test_the_four_ui` gives the margin.)
import sys

from four_ui_helpers import KEY, bots_the_four, dismiss, do, play, slot_row, start_in_slot
from helpers import Headless, game_index, scratch

def test_a_campaign_through_the_buttons_and_back_from_flash():
    from deckdelve.games import the_four as F

    h = start_in_slot("four_ui_play")
    phases = play(h, 120)
    for ph in (F.CREATE, F.IDLE, F.KEEP_PHASE, F.RESULT):
        assert phases & (1 << ph), (ph, phases)
    game = h.app.stack[-1].game
    before = (game.turn, bytes(game.ratings), game.harm, game.spark, game.pressure,
              game.deck_n, bytes(game.deck[:game.deck_n]), game.phase)
    game = None
    # B pauses; a campaign has no "save and quit": it is on flash already.
    h.keys("B")
    assert h.top() == "Pause", h.top()
    items = h.app.stack[-1].items
    assert "Back to menu" in items and "Save and quit" not in items and "Quit" not in items
    h.keys("D" * items.index("Back to menu") + "A")
    items = None
    assert h.top() == "GameMenu", h.top()
    menu = h.app.stack[-1]
    assert len(menu.labels) >= 3 and menu.labels[0] is not None and menu.labels[1] is None
    assert menu.items[0].startswith("1 ") and "T:%d " % before[0] in menu.items[0]
    assert menu.items[1] == "2 - empty -"
    menu = None
    h.keys("A")  # slot 1: continue or delete
    assert h.top() == "SlotMenu" and h.app.stack[-1].items == ["Continue", "Delete"]
    h.keys("A")
    assert h.top() == "GameHost", h.top()
    game = h.app.stack[-1].game
    after = (game.turn, bytes(game.ratings), game.harm, game.spark, game.pressure,
             game.deck_n, bytes(game.deck[:game.deck_n]), game.phase)
    assert after == before
    game = None
    play(h, 10)  # and it goes on


def test_the_four_is_one_press_away_and_pages_turn():
    from deckdelve.games import the_four as F

    h = start_in_slot("four_ui_pages", seed=3)
    play(h, 40)
    host = h.app.stack[-1]
    scene = host.scene
    n = host.game.turn
    host = None
    # RIGHT: The Four over whatever is on screen; UP/DOWN walk its suits; any other key
    # closes it; no action is taken.
    for page in range(3):
        before = bytes(h.buf)
        h.keys("R")
        assert scene.showing_four and bytes(h.buf) != before
        suit = scene.four_suit
        h.keys("D")
        assert scene.four_suit == (suit + 1) % 4
        h.keys("B")
        assert not scene.showing_four and h.top() == "GameHost"
        assert bytes(h.buf) == before
        h.keys("L")  # the next page
        assert scene.page == (page + 1) % 3
    assert h.app.stack[-1].game.turn == n
    # LEFT to the journal (the story: one LEFT from the sheet, issue 34): read from flash a
    # page at a time, the newest lines, shown in the order they happened, each wrapped to the
    # screen; A shows them whole (the rules' detail), and the story again.
    h.keys("L")
    assert scene.page == 1
    from deckdelve.campaigns import journal

    rows = scene.log_rows
    assert rows and len(rows) <= 9 and scene.log_shown >= 1
    assert journal(h.app.data_dir, KEY, 0, 0, 1)[0].startswith("T:")
    assert not rows[0].startswith("T:")  # the story: no turn, no detail
    h.keys("A")
    assert scene.log_detail and scene.page == 1
    newest = journal(h.app.data_dir, KEY, 0, 0, 1)[0]
    last = [r for r in scene.log_rows if scene.log_rows.index(r) >= 0][-1]
    assert newest.endswith(last.strip()) or last.strip() in newest
    h.keys("A")
    assert not scene.log_detail
    assert scene.log_more  # 40 actions wrote more than a page
    shown = scene.log_shown
    h.keys("U")  # older
    assert scene.log_skip == shown
    h.keys("D")  # back to the newest
    assert scene.log_skip == 0 and scene.log_shown == shown
    h.keys("L")  # the world page, after the journal
    assert scene.page == 2
    h.keys("LL")
    assert scene.page == 1
    assert "deckdelve.ui.the_four_pages" in sys.modules  # the journal's code, while shown
    h.keys("B")
    assert scene.page == 0 and scene.log_rows is None
    assert h.app.stack[-1].game.phase != F.END
    if h.app.stack[-1].game.phase not in (F.CREATE, F.SPREAD_PHASE):  # (their screens)
        assert "deckdelve.ui.the_four_pages" not in sys.modules  # gone with the page
    scene = None


def test_creation_rows_add_a_dot_or_take_the_rating_back():
    from deckdelve.games import the_four as F

    h = start_in_slot("four_ui_create", seed=5)
    scene = h.app.stack[-1].scene
    game = h.app.stack[-1].game
    assert game.phase == F.CREATE and scene.index == 0
    h.keys("AAAA")  # GRIT: 1 -> 5, all four free dots
    assert bytes(game.ratings) == bytes((5, 1, 1, 1))
    h.keys("A")  # no dot left to add: GRIT goes back to 1
    assert bytes(game.ratings) == bytes((1, 1, 1, 1))
    h.keys("AADA")  # GRIT 3, HEART 2
    assert bytes(game.ratings) == bytes((3, 2, 1, 1))
    # The Source: its list shows each domain's words on the bottom line.
    h.keys("DDDA")
    assert scene.menu != 0 and len(scene.items) == 4
    h.keys("DA")  # VOICE
    # Issue 34: the cursor is back on SOURCE (A opens its list again), not on GRIT, where A
    # would take GRIT 3 back to 1
    assert game.source == 1 and scene.menu == 0 and scene.current() == 1 << 16 | 3 << 8
    h.keys("DA")  # the ORIGIN list, the row under SOURCE
    h.keys("DDDDA")  # MARKED
    assert game.origin == F.O_MARKED and scene.current() == 1 << 16 | 4 << 8
    assert F.BEGIN << 8 not in scene.items  # a dot still to place
    h.keys("U" * (scene.index - 3) + "A")  # WITS 2: all 8 placed
    assert bytes(game.ratings) == bytes((3, 2, 1, 2)) and F.BEGIN << 8 in scene.items
    h.keys("D" * (scene.items.index(F.BEGIN << 8) - scene.index) + "A")
    assert game.phase != F.CREATE and game.source == 1
    game = scene = None


def test_slots_start_apart_and_delete_only_after_a_yes():
    h = start_in_slot("four_ui_slots", slot=1, seed=11)
    play(h, 12, check_offer=False)
    h.keys("B")
    items = h.app.stack[-1].items
    h.keys("D" * items.index("Back to menu") + "A")
    items = None
    menu = h.app.stack[-1]
    assert menu.labels[0] is None and menu.labels[1] is not None and menu.labels[2] is None
    menu = None
    slot_row(h, 1)
    assert h.top() == "SlotMenu"
    h.keys("DA")  # Delete: asks first
    assert h.top() == "Confirm"
    h.keys("A")  # NO is where the cursor starts
    assert h.top() == "SlotMenu"
    h.keys("A")  # Delete again (the cursor stayed on it)
    assert h.top() == "Confirm"
    h.keys("RA")  # YES
    assert h.top() == "GameMenu", h.top()
    menu = h.app.stack[-1]
    assert menu.labels[1] is None and menu.items[1] == "2 - empty -"
    menu = None


def test_the_story_ends_is_scored_and_its_slot_can_be_read_or_deleted():
    # The bot plays a reckless campaign (seed 9) through the host to its fifth defeat (about
    # a thousand actions, each saved); the end goes through the buttons: the game-over
    # screen, the initials, the scores, back to the menu, where the slot says END.
    from deckdelve.games import the_four as F

    h = start_in_slot("four_ui_end", seed=9)
    host = h.app.stack[-1]
    game = host.game
    rng = game.rng.__class__(1)
    while not game.over:
        host.act(bots_the_four.player(game, rng))
        host.pending[:] = []  # read by the player; here only the last ones are kept
    assert game.phase == F.END and game.scars == 4
    turns = game.turn
    host.pending.append(host.scene.event_text((F.EV_END, turns, 0)))
    host = game = None
    for _ in range(12):
        if h.top() == "GameMenu":
            break
        h.keys("A")
    assert h.top() == "GameMenu", h.top()
    menu = h.app.stack[-1]
    assert menu.labels[0].startswith("END T:%d " % turns), menu.labels[0]
    menu = None
    h.keys("A")
    assert h.top() == "SlotMenu" and h.app.stack[-1].items == ["Read the story", "Delete"]
    h.keys("DA" + "RA")  # Delete, YES
    assert h.top() == "GameMenu" and h.app.stack[-1].labels[0] is None


def test_world_page_scrolls_through_many_threats():
    from deckdelve.games import the_four as F

    h = start_in_slot("four_ui_world", seed=4)
    play(h, 14, check_offer=False)  # a character and a few turns
    game = h.app.stack[-1].game
    while game.phase != F.IDLE:
        play(h, 1, check_offer=False)
    for _ in range(6):  # the player says when: six threats at once
        if F.act(F.THREAT) in game.actions():
            do(h, F.act(F.THREAT))
            dismiss(h)
    n = game.live_threats()
    game = None
    assert n >= 5
    scene = h.app.stack[-1].scene
    h.keys("LL")
    assert scene.page == 2 and scene.world_top == 0
    before = bytes(h.buf)
    h.keys("D" * (n + 2))  # stops with the last threat on the last row
    assert scene.world_top == n - 4 and bytes(h.buf) != before
    h.keys("U" * (n + 2))
    assert scene.world_top == 0 and bytes(h.buf) == before
    h.keys("B")
    assert scene.page == 0
    scene = None


def test_a_crash_in_a_campaign_keeps_it_in_its_slot_and_writes_no_saved_run():
    from helpers import exists

    def _boom(*args):
        raise ValueError("boom in a scene")

    d = scratch("four_ui_crash")
    h = Headless(d, seed=4, crash_ok=True)
    h.keys("A" + "D" * game_index("the_four") + "A" + "A")  # slot 1: a new campaign
    assert h.top() == "GameHost"
    h.keys("AA")  # two dots on GRIT
    h.app.stack[-1].scene.press = _boom
    h.keys("D")
    assert h.top() == "Crash" and h.app.stack[-1].kept is True
    assert not exists(d + "/run_the_four.sav")
    h.keys("A")
    assert h.top() == "GameMenu" and h.app.stack[-1].labels[0] == "NEW CHARACTER"
    h.keys("AA")  # Continue: the campaign as it was saved after its last action
    assert h.top() == "GameHost" and bytes(h.app.stack[-1].game.ratings) == bytes((3, 1, 1, 1))

