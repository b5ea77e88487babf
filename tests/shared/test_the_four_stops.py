# The Four through the UI, issue 24's findings (under CPython and real MicroPython, as
# test_the_four_ui.py, whose helpers these use): a campaign stopped comes back on the screen it
# was left on, messages and all; a second A never spends a second Spark or deals a second
# threat; the Oracle and the Quiet ask first; an ended story can be read, and is scored once
# even when the power goes during the initials.
# heap: 214K
# (issue 34 and the manners merge: 184K on main to 202K now, two apps in RAM at a stop;
# CI measured 202K too)
# (as test_the_four_ui: the whole app, the rules, scene, campaign code and the bot together;
# `python -m tools.measure.heap_margins test_the_four_stops` gives the margin)
from four_ui_helpers import (K, bots_the_four, dismiss, do, open_menu, play, slot_row,
                             start_in_slot)
from helpers import Headless, scratch


def power_on_and_continue(folder):
    """The next power-on with the data folder: The Four's menu, slot 1, Continue."""
    h = Headless(folder, seed=99)
    open_menu(h)
    slot_row(h, 0)
    h.keys("A")
    return h


def test_a_stop_resumes_on_the_screen_left_messages_and_all():
    # Issue 24: a campaign stopped while messages wait (a flat battery, the power saving's
    # sleep) comes back on that very screen: the message on screen, then the ones after it.
    # Each message read is kept at once; the view (a page) when the handheld goes to sleep.
    from deckdelve.games import the_four as F

    d = scratch("four_ui_resume")
    h = Headless(d, seed=4)
    open_menu(h)
    slot_row(h, 0)
    play(h, 30, check_offer=False)
    host = h.app.stack[-1]
    game = host.game
    rng = game.rng.__class__(5)
    while len(host.pending) < 2:  # an action that leaves two messages or more
        host.pending[:] = []
        host.keep_screen()
        host.act(bots_the_four.player(game, rng))
    waiting = list(host.pending)
    turn = game.turn
    host = game = None
    h.app.dirty = True
    h.frame(0)
    before = bytes(h.buf)
    for k in range(len(waiting) + 1):
        h = power_on_and_continue(d)
        host = h.app.stack[-1]
        assert h.top() == "GameHost" and host.game.turn == turn
        assert host.pending == waiting[k:], (k, host.pending)
        if k == 0:
            assert bytes(h.buf) == before  # the very screen
        host = None
        h.keys("A")  # one message read: kept at once
    # The view: the world page when the handheld goes to sleep, back on it after the stop.
    scene = h.app.stack[-1].scene
    h.keys("L")
    assert scene.page == 1
    h.app.suspend()
    scene = None
    h = power_on_and_continue(d)
    assert h.app.stack[-1].scene.page == 1 and h.app.stack[-1].pending == []
    assert h.app.stack[-1].game.phase != F.CREATE


def test_a_second_press_of_a_never_spends_a_second_spark_or_deals_a_second_threat():
    # Issue 24's cursor traps: after any action the cursor goes back to the top of the list
    # (a Spark bump: to ACCEPT; a threat dealt: to TURN), whatever the rules allow next.
    from deckdelve.games import the_four as F

    h = start_in_slot("four_ui_traps", seed=4)
    h.keys(K)  # issue 34's character, the Spread read
    host = h.app.stack[-1]
    game = host.game
    assert game.phase == F.IDLE and host.scene.index == 0
    host = None
    do(h, F.act(F.THREAT))
    dismiss(h)
    assert game.live_threats() == 1 and h.app.stack[-1].scene.index == 0
    h.keys("AA")  # TURN, then GRIT: the list of what to flip against, nothing dealt
    assert game.live_threats() == 1 and h.app.stack[-1].scene.menu == 2  # M_AGAINST
    h.keys("BB")
    for _ in range(2):
        do(h, F.act(F.SPARK_DRAW))
        h.keys("A")
        dismiss(h)
    assert game.spark == 2
    host = h.app.stack[-1]
    while game.phase != F.RESULT or not [a for a in game.actions() if a >> 8 == F.BUMP]:
        a = bots_the_four.player(game, game.rng.__class__(3))
        if game.phase == F.IDLE:
            a = F.act(F.TURN, 3)  # WITS, no threat
        elif game.phase == F.RESULT:
            a = F.act(F.ACCEPT)
        host = None
        do(h, a)
        dismiss(h)
        host = h.app.stack[-1]
        if game.spark < 2:
            for _ in range(2):
                do(h, F.act(F.SPARK_DRAW))
                h.keys("A")
                dismiss(h)
    host = None
    spark = game.spark
    bump = [a for a in game.actions() if a >> 8 == F.BUMP][0]
    do(h, bump)
    dismiss(h)
    scene = h.app.stack[-1].scene
    assert game.spark == spark - 1 and scene.current() == F.act(F.ACCEPT)
    scene = None
    h.keys("A")  # accepts: no second Spark spent
    assert game.spark == spark - 1 and game.phase != F.RESULT


def test_the_oracle_and_the_quiet_ask_first_and_b_goes_back():
    from deckdelve.games import the_four as F

    h = start_in_slot("four_ui_ask", seed=4)
    h.keys(K)
    game = h.app.stack[-1].game
    scene = h.app.stack[-1].scene
    for kind in (F.ORACLE, F.QUIET):
        n = game.deck_n
        harm_spark = (game.harm, game.spark)
        h.keys("D" * scene.items.index(F.act(kind)) + "A")
        assert scene.asking == kind and game.deck_n == n  # its own screen: nothing done yet
        h.keys("DUL")
        assert scene.asking == kind and game.deck_n == n
        h.keys("B")  # back, nothing done
        assert scene.asking == 0 and game.deck_n == n and (game.harm, game.spark) == harm_spark
        h.keys("A")  # A on the same row: asks again; A there does it
        assert scene.asking == kind
        h.keys("A")
        assert scene.asking == 0
        if kind == F.ORACLE:
            assert game.deck_n == n - 1 and scene.oracle_shown
            h.keys("A")
        else:
            assert game.quiet_used and game.spark == harm_spark[1] + 1
        dismiss(h)
        assert scene.index == 0
    game = scene = None


def test_an_ended_story_is_read_and_scored_once_even_after_a_stop_in_the_initials():
    d = scratch("four_ui_end_read")
    h = Headless(d, seed=9)
    open_menu(h)
    slot_row(h, 0)
    host = h.app.stack[-1]
    game = host.game
    rng = game.rng.__class__(1)
    while not game.over:
        host.act(bots_the_four.player(game, rng))
        host.pending[:] = []
    host.keep_screen()
    turns = game.turn
    host = game = None
    h.keys("A")  # A: SCORE
    assert h.top() == "GameOver" and h.app.stack[-1].headline == "THE END"
    h.keys("A")
    assert h.top() == "Initials"
    # The power goes: the score was not taken. The story is read again from its slot...
    h = Headless(d, seed=9)
    open_menu(h)
    slot_row(h, 0)
    assert h.top() == "SlotMenu" and h.app.stack[-1].items[0] == "Read the story"
    h.keys("A")
    host = h.app.stack[-1]
    assert h.top() == "GameHost" and host.game.over and host.pending == []
    scene = host.scene
    host = None
    # "Read the story" opens on its story (issue 34), the newest line last, the end.
    assert scene.page == 1 and scene.log_rows and "%d turns." % turns in scene.log_rows[-1]
    assert scene.end_tag_hidden()  # (no "A: SCORE" tag over its last row)
    h.keys("LL")
    h.keys("R")  # The Four
    assert scene.showing_four
    h.keys("B")
    scene = None
    h.keys("A")  # ...and its score is still to take
    assert h.top() == "GameOver"
    h.keys("AAAA")  # initials
    assert h.top() == "Scores"
    h.keys("A")
    assert h.top() == "GameMenu"
    slot_row(h, 0)
    h.keys("A")  # read it again: on its story; B to the sheet, then A goes back to the menu,
    assert h.top() == "GameHost" and h.app.stack[-1].scene.page == 1  # no second score
    h.keys("B")
    assert h.top() == "GameHost"
    h.keys("A")
    assert h.top() == "GameMenu"
    from deckdelve.store import Store

    assert [e[0] for e in Store(d).scores("the_four")] == [turns]


def test_an_action_is_saved_once_its_answer_is_on_the_display():
    # Issue 23: the answer to a press is drawn and pushed before the flash is written (a
    # sector erase takes 45 ms on the Pico, and nothing runs meanwhile): the action's save
    # waits for App.after_show, which the loop calls after the push. A power cut before it
    # leaves the campaign as it was before the action; the next frame writes it at the latest.
    h = start_in_slot("four_ui_later", seed=4)
    d = h.app.data_dir
    play(h, 20, check_offer=False)
    host = h.app.stack[-1]
    path = host.campaign.store.path(host.campaign.name)

    def saved():
        with open(path, "rb") as f:
            return f.read()

    game = host.game
    rng = game.rng.__class__(3)
    turn = game.turn
    before = saved()
    while game.turn == turn:  # (an action in the frame of a press, as a scene makes it)
        host.act(bots_the_four.player(game, rng))
        assert h.app.deferred is not None
        h.app.draw()
        assert saved() == before  # drawn, not yet written
        after_turn = game.turn
        # the power goes now: the next power-on continues from before the action
        cut = power_on_and_continue(d)
        assert cut.app.stack[-1].game.turn == turn
        cut = None
        h.app.after_show()  # the frame is on the display: the save
        assert h.app.deferred is None and saved() != before
        before = saved()
    again = power_on_and_continue(d)
    assert again.app.stack[-1].game.turn == after_turn
    again = None
    # A loop that never calls after_show: the next frame writes it before anything else.
    host.act(bots_the_four.player(game, rng))
    before = saved()
    h.app.frame(0)
    assert h.app.deferred is None and saved() != before
    game = host = None
