"""The Four on screen: golden screenshots of every screen of the game (creation, the sheet, a
flip and its reading, the spark draw, threats and their Grip, the Spread, the Oracle, the
journal, The Four table, the Scar, the end, the campaign slots), each reached on the headless
app from the title through the menus and a campaign slot, then by the game's bot: through the
buttons for the first steps, fast-forwarded (actions applied through the host, as the scene
would) to the rarer moments. Plus the scene's words for events and rows.
To accept a changed screen on purpose: UPDATE_GOLDEN=1, look at the PNG, commit it."""

import os
import tempfile

from PIL import Image

from goldens import GOLDEN, assert_golden

from host_sim import render
from helpers import Headless
from four_ui_helpers import do, open_menu, slot_row
from tools.mp import bots_the_four

from deckdelve import cards
from deckdelve.games import the_four as F
from deckdelve.ui import the_four as S


def golden_path(name):
    return os.path.join(GOLDEN, name + ".png")


def new_campaign(seed, slot=0):
    h = Headless(tempfile.mkdtemp(prefix="deckdelve-four-"), seed=seed)
    open_menu(h)
    slot_row(h, slot)
    assert h.top() == "GameHost"
    return h


def image(h):
    return render.to_image(h.buf, 1)


def host(h):
    return h.app.stack[-1]


def fast_forward(h, rng, until, limit=3000):
    """Apply the bot's actions through the host (no presses) until until(game) holds; the
    scene's lists follow (as after any action), the messages are dropped."""
    hs = host(h)
    g = hs.game
    for _ in range(limit):
        if until(g):
            break
        hs.act(bots_the_four.player(g, rng))
        hs.pending[:] = []
    assert until(g), "not reached"
    hs.scene.menu = S.MAIN
    hs.scene.index = hs.scene.top = 0
    hs.scene._refresh()
    h.app.dirty = True
    h.frame(0)
    return g


def bot_rng(seed):
    from deckdelve.rng import Rng

    return Rng(seed)


def created(seed=7):
    """A campaign just begun through the buttons: GRIT 3 HEART 2 CRAFT 2 WITS 1, FORCE,
    TAKEN, the first Spread dealt and its messages read."""
    h = new_campaign(seed)
    h.keys("AA" + "DA" + "DA")  # GRIT 3, HEART 2, CRAFT 2 (WITS keeps 1)
    h.keys("DDA" + "A")  # the Source: FORCE
    h.keys("DA" + "DDA")  # the origin (the row under SOURCE, where the cursor stays): TAKEN
    g = host(h).game
    assert bytes(g.ratings) == bytes((3, 2, 2, 1)) and g.source == 0 and g.origin == F.O_TAKEN
    h.keys("D" * (host(h).scene.items.index(F.act(F.BEGIN)) - host(h).scene.index) + "A")
    h.keys("A" * len(host(h).pending))
    assert g.phase == F.IDLE
    return h


def test_creation_screens():
    h = new_campaign(7)
    h.keys("AADA")  # GRIT 3, HEART 2: one dot still to place; the cursor on HEART
    assert host(h).game.dots() == 7
    assert_golden("the_four/create", image(h))
    h.keys("DDDA")  # the Source's list, each domain's words below
    assert host(h).scene.menu == S.M_SOURCE
    assert_golden("the_four/create_source", image(h))
    h.keys("A")  # FORCE: the cursor stays on SOURCE (issue 34: not on GRIT, where A undoes)
    assert host(h).scene.current() == S.OPEN | S.M_SOURCE << 8
    h.keys("DA" + "DD")  # the origin list, on TAKEN
    assert host(h).scene.menu == S.M_ORIGIN
    assert_golden("the_four/create_origin", image(h))
    h.keys("A" + "U" * 6)  # TAKEN; up from ORIGIN past the first row to the last: what the
    # Pressure Die is
    scene = host(h).scene
    assert scene.current() == S.INFO | 3 and scene.top > 0
    assert_golden("the_four/create_sheet", image(h))
    h.keys("A")  # only words: nothing changes
    assert scene.current() == S.INFO | 3 and host(h).game.phase == F.CREATE


def test_sheet_four_table_and_a_flip():
    h = created()
    assert_golden("the_four/sheet", image(h))
    h.keys("R")
    assert host(h).scene.showing_four
    assert_golden("the_four/four", image(h))
    h.keys("B")
    do(h, F.act(F.TURN, 0))  # GRIT: three cards
    g = host(h).game
    assert g.phase == F.KEEP_PHASE and g.flip_n == 3
    h.keys("A" * len(host(h).pending))
    h.keys("D")
    assert_golden("the_four/keep", image(h))
    h.keys("R")  # The Four opens on the row of the card under the cursor
    scene = host(h).scene
    assert scene.showing_four and scene.four_suit == g.flip[scene.current() & 0xFF] // 13
    h.keys("L")  # any key but UP/DOWN closes it, and does nothing else
    assert not scene.showing_four and scene.page == S.PLAY
    h.keys("A")
    h.keys("A" * len(host(h).pending))
    assert g.phase == F.RESULT
    assert_golden("the_four/result", image(h))


def test_spark_options_on_a_result():
    h = created(7)
    g = fast_forward(h, bot_rng(3), lambda g: g.phase == F.RESULT and g.spark >= 1
                     and not g.bumped and not g.overruled)
    scene = host(h).scene
    h.keys("D")
    assert scene.current() >> 8 == F.BUMP
    assert_golden("the_four/result_bump", image(h))
    assert g.phase == F.RESULT
    # Overrule: the list of suits, each previewed in full before A reads it instead.
    h.keys("D" * ((scene.items.index(S.OPEN | S.M_OVERRULE << 8) - scene.index)
                  % len(scene.items)) + "A")
    assert scene.menu == S.M_OVERRULE
    h.keys("D")
    a = scene.current()
    assert a >> 8 == F.OVERRULE and a & 3 != g.reading
    assert_golden("the_four/overrule", image(h))
    h.keys("B")
    assert scene.menu == S.MAIN and g.phase == F.RESULT


def test_one_more_card_for_a_spark():
    h = created(7)
    g = fast_forward(h, bot_rng(3), lambda g: g.phase == F.KEEP_PHASE and g.spark >= 1)
    scene = host(h).scene
    h.keys("U")  # from the first card up to the last row: one more card
    assert scene.current() == F.act(F.MORE)
    assert_golden("the_four/keep_more", image(h))
    n = g.flip_n
    h.keys("A")
    assert g.phase == F.RESULT and g.flip_n == n + 1 and g.kept_i == n


def test_threats_world_page_and_against_list():
    h = created(7)
    g = fast_forward(h, bot_rng(5), lambda g: g.phase == F.IDLE and g.row_n >= 2)
    while g.live_threats() < 2:  # the player says when: two threats now
        do(h, F.act(F.THREAT))
        h.keys("A" * len(host(h).pending))
    scene = host(h).scene
    h.keys("LL")  # (the story first, then the world)
    assert scene.page == S.WORLD
    assert_golden("the_four/world", image(h))
    h.keys("B")
    h.keys("D" * ((scene.items.index(S.OPEN | S.M_TURN << 8) - scene.index) % len(scene.items)))
    h.keys("A")  # Turn: the ratings
    assert scene.menu == S.M_TURN
    h.keys("A")  # GRIT: against what? (issue 34: on the first live threat, not "no threat")
    assert scene.menu == S.M_AGAINST and scene.index == 1 and scene.current() & 0xFC
    assert_golden("the_four/against", image(h))
    h.keys("BB")  # back to the ratings, then the main list
    h.keys("D" * ((scene.items.index(S.OPEN | S.M_AGAINST << 8 | S.POWER_ARG) - scene.index)
                  % len(scene.items)) + "A")
    assert scene.menu == S.M_AGAINST and scene.menu_arg == S.POWER_ARG
    assert_golden("the_four/against_power", image(h))  # (it says Power)
    assert g.live_threats() >= 2


def test_spark_draw_oracle_and_journal():
    h = created(7)
    scene = host(h).scene
    g = host(h).game
    do(h, F.act(F.SPARK_DRAW))
    assert g.phase == F.PICK_PHASE
    assert_golden("the_four/pick", image(h))
    h.keys("A")
    h.keys("A" * len(host(h).pending))
    do(h, F.act(F.ORACLE))
    assert scene.oracle_shown and g.oracle != cards.NONE
    assert_golden("the_four/oracle", image(h))
    h.keys("A")
    assert not scene.oracle_shown
    h.keys("L")  # the story, one LEFT from the sheet
    assert scene.page == S.LOG and scene.log_rows
    assert_golden("the_four/journal", image(h))
    h.keys("A")  # its lines whole: the rules' detail
    assert scene.log_detail
    assert_golden("the_four/journal_detail", image(h))


def test_the_oracle_and_the_quiet_ask_first():
    # Their own screen before A does anything: what to ask; the character's own voice.
    h = created(7)
    scene = host(h).scene
    h.keys("D" * scene.items.index(F.act(F.ORACLE)) + "A")
    assert scene.asking == F.ORACLE
    assert_golden("the_four/ask_oracle", image(h))
    h.keys("B")  # back on the list, the cursor where it was
    h.keys("D" * ((scene.items.index(F.act(F.QUIET)) - scene.index) % len(scene.items)) + "A")
    assert scene.asking == F.QUIET
    assert_golden("the_four/ask_quiet", image(h))


def test_new_spread_choice():
    h = created(7)
    fast_forward(h, bot_rng(9), lambda g: g.phase == F.SPREAD_PHASE)
    assert_golden("the_four/spread", image(h))


def test_pressure_landing_message():
    h = created(7)
    hs = host(h)
    g = hs.game
    rng = bot_rng(13)
    for _ in range(3000):
        hs.act(bots_the_four.player(g, rng))
        if any(ev[0] == F.EV_LANDING for ev in g.events):
            break
        hs.pending[:] = []
    while hs.pending and "pressure lands" not in hs.pending[0]:
        hs.pending.pop(0)
    assert hs.pending, "no landing"
    hs.scene._refresh()
    h.app.dirty = True
    h.frame(0)
    assert_golden("the_four/landing", image(h))
    # The Four is one button away even while a message waits: RIGHT shows the table instead
    # of the box, UP/DOWN turn its rows, any other key closes it and the message is back.
    waiting = list(hs.pending)
    h.keys("R")
    assert hs.scene.showing_four and hs.pending == waiting
    assert image(h).tobytes() != Image.open(golden_path("the_four/landing")).tobytes()
    h.keys("D")
    assert hs.scene.showing_four and hs.pending == waiting
    h.keys("A")  # closes the table only
    assert not hs.scene.showing_four and hs.pending == waiting
    assert_golden("the_four/landing", image(h))


def test_scar_and_the_end():
    h = created(9)
    g = fast_forward(h, bot_rng(1), lambda g: g.phase == F.SCAR_PHASE)
    assert_golden("the_four/scar", image(h))
    g = fast_forward(h, bot_rng(2), lambda g: g.over, limit=20000)
    assert g.phase == F.END
    hs = host(h)
    hs.pending[:] = [hs.scene.event_text((F.EV_END, g.turn, 0))]
    h.app.dirty = True
    h.frame(0)
    assert_golden("the_four/end", image(h))
    h.keys("A")  # the message read: the last sheet, A: SCORE
    hs = None
    assert_golden("the_four/end_sheet", image(h))
    h.keys("A")
    assert h.top() == "GameOver"
    assert_golden("the_four/game_over", image(h))


def test_a_damaged_campaign_kept_aside_and_an_ended_one_in_the_slot_menu():
    import os

    h = created(7)
    hs = host(h)
    data = h.app.data_dir
    hs.close()
    h.frame(0)
    assert h.top() == "GameMenu"
    with open(os.path.join(data, "camp_the_four_0.sav"), "ab") as f:
        f.write(b"x")  # damaged: set aside with its journal when the menu lists the slot
    h.keys("B")
    h.keys("A")  # The Four's menu again
    assert h.top() == "GameMenu" and h.app.stack[-1].items[0] == "1 empty; old one in .bad1"
    assert_golden("the_four/slots_kept", image(h))
    h.keys("A")
    assert h.top() == "SlotMenu"
    assert_golden("the_four/slot_kept", image(h))




def test_campaign_slots_menu_and_delete_confirm():
    h = created(7)
    for _ in range(3):
        do(h, F.act(F.SCENE))
        h.keys("A" * len(host(h).pending))
    h.keys("B")
    pause = host(h)
    # (no save and quit: a campaign is saved after every action)
    assert pause.items == ["Resume", "Rules", "Sound: on", "Back to menu"]
    assert_golden("the_four/pause", image(h))
    h.keys("D" * pause.items.index("Back to menu") + "A")
    pause = None
    assert h.top() == "GameMenu"
    assert_golden("the_four/slots", image(h))
    h.keys("ADA")
    assert h.top() == "Confirm"
    assert_golden("the_four/delete_confirm", image(h))


def test_the_simulator_starts_the_four_in_its_first_slot():
    # `python -m host_sim --game the_four` (no menu): the campaign runs in slot 1 all the
    # same, so its journal is in the data folder as on the device.
    import os

    from goldens import sim

    data = tempfile.mkdtemp(prefix="deckdelve-four-sim-")
    s = sim("AA", game="the_four", seed=3, data=data)
    hs = s.app.stack[-1]
    assert type(hs).__name__ == "GameHost" and hs.slot == 0
    assert hs.game.ratings[0] == 3  # the two presses placed two dots on GRIT, and were saved
    assert "camp_the_four_0.sav" in os.listdir(data)


# ---- words -------------------------------------------------------------------------------

class _Host:
    def __init__(self, game):
        self.game = game

    def act(self, a):
        self.game.apply(a)

    def message(self, text):
        pass

    def changed(self, x, y, w, h):
        pass  # the whole screen is drawn by these tests


def test_event_words():
    g = F.Game(1)
    scene = S.Scene(_Host(g))
    C = cards.parse
    w = scene.event_text
    assert w((F.EV_THREAT, C("AS"), 0)) == "A threat: A\x01, Hunter, Grip 4. It has a name."
    assert w((F.EV_THREAT, C("7H"), 0)) == "A threat: 7\x02, Binder, Grip 2."
    assert w((F.EV_STRIP, C("9D"), 1)) == "9\x03 Hoarder: Grip 1 left."
    assert w((F.EV_STRIP, C("9D"), 0)) is None  # "is done" says it
    assert w((F.EV_COST, C("9D"), 0)) == "9\x03 Hoarder: yes, but it costs you."
    assert w((F.EV_DONE, C("9D"), 0)) == "9\x03 Hoarder is done."
    assert w((F.EV_HARM, 2, cards.NONE)) == "Harm 2 of 4."
    assert w((F.EV_HARM, 3, C("KC"))) == "Harm 3 of 4: K\x04 Warden lands on you."
    assert w((F.EV_OUT, C("5H"), 0)) == (
        "You are Out. Defeat (5\x02): someone intervenes, and now you owe them.")
    assert w((F.EV_SCAR, 2, 1)) == "Scar: CRAFT drops to 1."
    assert w((F.EV_WORSENS, C("4S"), 0)) == "No body comes (4\x01): the situation itself worsens."
    assert w((F.EV_ARRIVAL, C("QC"), 0)) == (
        "Something arrives in the flesh: Q\x04, Warden, Grip 3.")
    assert w((F.EV_ROLL, 5, 0)) == "The other d6 (not the Pressure Die) says 5."
    assert w((F.EV_SCENE, 3, 0)) == "Scene 4 begins."  # (3 breaks taken: the story began in 1)
    g.flip[0:3] = bytes((C("7C"), C("QH"), C("8C")))  # (the flip's last card is the Spark's)
    g.flip_n = 3
    assert w((F.EV_MORE, C("8C"), 0)) == (  # issue 34: the card looked at is named
        "1 Spark: 8\x04 is flipped and kept. Not kept: 7\x04 Q\x02.")
    for code in (F.EV_FLIP, F.EV_TICK, F.EV_KEPT, F.EV_ORACLE, F.EV_CREATED, F.EV_RESULT):
        assert w((code, 0, 0)) is None  # their screens show them


def test_every_reading_fits_the_screen():
    from deckdelve.ui import draw

    for s in range(4):
        for text in (S.four(s, S.STAT) + "  WORLD: " + S.four(s, S.HOLDS),
                     S.four(s, S.THREAT) + ": " + S.four(s, S.THREAT_WORDS),
                     S.four(s, S.DOMAIN) + ": " + S.four(s, S.DOMAIN_WORDS)):
            assert draw.width("STAT " + text if "WORLD" in text else text) <= 128, text
        assert len(draw.wrap(S.four(s, S.AXIS_WORDS), 128)) <= 2


def test_creation_key_hints_stay_clear_of_the_scroll_arrows():
    # The hint beside the cursor's row starts at x = 82 and must end before the arrows at 122.
    from deckdelve.ui import draw
    from deckdelve.ui import the_four_pages as P

    for w in (P._W_ADD_DOT, P._W_BACK_TO_1, P._W_CHOOSE, P._W_BEGIN_KEY):
        text = P.words(w) % F.MIN_RATING if w == P._W_BACK_TO_1 else P.words(w)
        assert 82 + draw.width(text) <= 121, text


def test_the_end_in_words_fits_the_game_over_screen():
    # Two lines of 124 px, however long the story (a Source and origin of the longest names).
    from deckdelve.ui import draw

    g = F.Game(1)
    scene = S.Scene(_Host(g))
    g.source, g.origin, g.turn, g.met, g.scene = 2, F.O_BARGAINED, 12345, 1234, 122
    assert len(draw.wrap(scene.end_detail(), 124)) == 2, scene.end_detail()
