# The store seen from the app (under CPython and real MicroPython): a bad file of any kind is
# reported at boot and play goes on; a folder in place of a saved run is not offered to
# continue; a score that made the table but could not be written says so on the score screen;
# a saved run copied aside and put back after it was continued is refused.
# heap: 154K
# isolate
# (the whole app with Red Queen's code in RAM, saving and quitting: as in test_app.py, more
# than 80 KiB on the 64-bit unix port; test_ui_ram_budget.py holds the app's RAM budget)
import gc
import os

from deckdelve import registry
from deckdelve.app import unload
from deckdelve.buttons import A
from deckdelve.rng import Rng
from helpers import Headless, exists, game_index, scratch

FILES = ["settings.dat", "scores.dat", "achieve.dat", "runs.dat"] + [
    "run_%s.sav" % g[0] for g in registry.GAMES] + [
    "camp_the_four_0.sav", "camp_the_four_1.j0", "camp_the_four_2.j1"]  # a campaign's files


def _boot_with(d, name, data):
    with open(d + "/" + name, "wb") as f:
        f.write(data)
    return Headless(d)


def test_every_bad_file_is_reported_at_boot_and_play_goes_on():
    rng = Rng(12)
    h = None
    for name in FILES:
        h = None  # one app at a time, as on the device
        gc.collect()
        d = scratch("app_boot_bad")
        junk = bytes(rng.below(256) for _ in range(200))
        h = _boot_with(d, name, junk)
        assert h.top() == "Message", (name, h.top())
        assert name in " ".join(h.app.stack[-1].lines), name
        with open(d + "/" + name + ".bad1", "rb") as f:
            assert f.read() == junk
        h.keys("A")
        assert h.top() == "Title", (name, h.top())
        h.keys("A")  # and on into the menus
        assert h.top() == "Menu"


def test_folder_in_place_of_a_saved_run_is_reported_and_not_offered():
    d = scratch("app_run_folder")
    os.mkdir(d + "/run_red_queen.sav")
    h = Headless(d)
    assert h.top() == "Message" and "folder" in " ".join(h.app.stack[-1].lines)
    h.keys("A" + "A" + "D" * game_index("red_queen") + "A")
    assert h.top() == "GameMenu"
    assert "Continue saved run" not in h.app.stack[-1].items


def _to_game_over(h, seed):
    h.keys("A" + "D" * game_index("red_queen") + "A" + "A")
    assert h.top() == "GameHost", h.top()
    rng = Rng(seed)
    presses = 0
    while h.top() == "GameHost" and presses < 4000:
        h.keys("AAARRLDU"[rng.below(8)])
        presses += 1
    assert h.top() == "GameOver", h.top()


def test_a_score_that_could_not_be_written_says_so():
    d = scratch("app_score_lost")
    h = Headless(d, seed=5)
    _to_game_over(h, 5)
    score = h.app.stack[-1].score
    assert h.app.stack[-1].qualifies
    os.rename(d, d + "_away")  # the data folder is gone: nothing can be written
    with open(d, "w") as f:
        f.write("not a folder")
    try:
        h.keys("AAAA")  # game over, three initials
        assert h.top() == "Message", h.top()
        assert "your score" in " ".join(h.app.stack[-1].lines)
        h.keys("A")
        scores = h.app.stack[-1]
        assert type(scores).__name__ == "Scores" and scores.lost == score
        assert scores.entries == []  # not shown as kept
        h.app.draw()
        lit = 0
        for x in range(128):  # the line under the table: "YOUR <score> WAS NOT SAVED"
            lit += h.buf[7 * 128 + x]  # page 7: rows 56..63
        assert lit > 40
    finally:
        os.remove(d)
        os.rename(d + "_away", d)


def test_a_saved_run_put_back_after_continuing_is_refused():
    d = scratch("app_scum")
    h = Headless(d, seed=3)
    h.keys("A" + "D" * game_index("red_queen") + "A" + "A")
    h.keys("AR")
    host = h.app.stack[-1]
    log = list(host.log)
    del host
    h.keys("B")
    assert h.top() == "Pause", h.top()
    moves = h.app.stack[-1].items.index("Save and quit")
    h.keys("D" * moves + "A")
    assert exists(d + "/run_red_queen.sav")
    with open(d + "/run_red_queen.sav", "rb") as f:
        copy = f.read()
    h.keys("A" + "A")  # the notice; Continue saved run
    assert h.top() == "GameHost" and list(h.app.stack[-1].log) == log
    assert not exists(d + "/run_red_queen.sav")
    h.keys("AAAA")  # play on a little
    with open(d + "/run_red_queen.sav", "wb") as f:  # the copy put back
        f.write(copy)
    h = None
    unload("red_queen")  # as switching off would: the game's modules go too

    h = Headless(d, seed=3)  # a later boot: the copy is refused at once
    assert h.top() == "Message", h.top()
    assert "already continued" in " ".join(h.app.stack[-1].lines)
    assert exists(d + "/run_red_queen.sav.bad1") and not exists(d + "/run_red_queen.sav")
    h.keys("A" + "A")  # the notice; the list of games, on Red Queen: the game last played
    assert h.app.stack[-1].index == game_index("red_queen")
    h.keys("A")
    assert h.top() == "GameMenu" and h.app.stack[-1].entry[0] == "red_queen"
    assert "Continue saved run" not in h.app.stack[-1].items


def _power_on(d):
    """The next power-on on the same data folder (RAM as after a power cut)."""
    gc.collect()
    h = Headless(d, seed=9)
    h.app.dirty = True
    h.app.draw()
    return h


def _frame(h):
    h.app.dirty = True
    h.app.draw()
    return bytes(h.buf)


def test_a_top_score_is_kept_across_a_stop_until_its_initials_are_entered():
    # Issue 33, manner 2: a power cut on the game-over screen, then the display's sleep and
    # a flat battery on the initials, each bring back the very screen; the score reaches the
    # table once, and the next power-on is the title's.
    d = scratch("app_score_kept")
    h = Headless(d, seed=5)
    _to_game_over(h, 5)
    score = h.app.stack[-1].score
    assert score > 0 and h.app.stack[-1].qualifies
    before = _frame(h)
    h = None  # the power goes on the game-over screen
    h = _power_on(d)
    assert h.top() == "GameOver" and _frame(h) == before
    assert [type(s).__name__ for s in h.app.stack] == ["Title", "Menu", "GameMenu", "GameOver"]
    h.keys("A")  # the initials
    assert h.top() == "Initials", h.top()
    h.keys("URU")  # B B A, the cursor on the second letter
    before = _frame(h)
    h.app.suspend()  # the display sleeps...
    h = None  # ...and the battery runs flat
    h = _power_on(d)
    assert h.top() == "Initials" and _frame(h) == before
    assert h.app.stack[-1].pos == 1
    h.keys("AA")  # to the last letter, and kept
    scores = h.app.stack[-1]
    assert type(scores).__name__ == "Scores" and scores.entries[scores.highlight][:2] == [
        score, "BBA"]
    assert h.app.settings["pending"] == []
    scores = None
    h = None
    h = _power_on(d)
    assert h.top() == "Title", h.top()
    entries = h.app.store().scores("red_queen")
    assert [e[1] for e in entries].count("BBA") == 1


def test_a_kept_score_that_is_damaged_is_set_aside_with_the_settings():
    # The score kept for a stop is part of settings.dat: a record of the wrong shape is a
    # damaged file (set aside, reported), never a crash at power-on.
    d = scratch("app_score_bad")
    h = Headless(d)
    store = h.app.store()
    settings = dict(h.app.settings)
    settings["pending"] = ["Red Queen", "red_queen", "many", "", False, "SCORE", "", "", "", 0]
    assert store.write_json("settings.dat", "settings", 1, settings)
    store = settings = h = None
    h = _power_on(d)
    h.frame(0)
    assert h.top() == "Message" and "settings" in " ".join(h.app.stack[-1].lines)
    assert h.app.settings["pending"] == []


def test_entering_a_game_writes_the_flash_only_once_its_first_frame_is_shown():
    # (issue 36: the settings' last game and the saved run's removal took up to 6 M cycles,
    # an erase, of entering a game on the Pico; App.later runs them after the frame's push)
    d = scratch("app_enter_later")
    h = Headless(d, seed=3)
    h.keys("A" + "D" * game_index("red_queen") + "A" + "A")
    h.keys("B")
    moves = h.app.stack[-1].items.index("Save and quit")
    h.keys("D" * moves + "A")
    h.keys("A")  # the notice
    assert h.top() == "GameMenu" and exists(d + "/run_red_queen.sav")
    h.keys("B" + "U" * (game_index("red_queen") - game_index("rogue_solitaire")) + "A")
    assert h.top() == "GameMenu" and h.app.stack[-1].entry[0] == "rogue_solitaire"
    with open(d + "/settings.dat", "rb") as f:
        settings = f.read()
    assert h.app.frame(A)  # a new game, in this frame, not yet on the display
    assert h.top() == "GameHost" and h.app.deferred is not None
    with open(d + "/settings.dat", "rb") as f:
        assert f.read() == settings  # the game last started not yet written
    h.app.draw()
    h.app.after_show()  # the frame is on the display: now
    assert h.app.deferred is None
    with open(d + "/settings.dat", "rb") as f:
        assert f.read() != settings
    assert h.app.settings["last"].split(",")[-1].startswith("rogue_solitaire=")
    assert exists(d + "/run_red_queen.sav")  # another game's run stays
    h = None
    unload("rogue_solitaire")


def test_saves_put_off_to_the_same_frame_run_once_each_in_order():
    h = Headless(scratch("app_later"), seed=3)
    ran = []

    class Saver:
        def one(self):
            ran.append(1)

        def two(self):
            ran.append(2)
            raise OSError("flash")

    s = Saver()
    h.app.later(s.one)
    h.app.later(s.one)  # the same bound method again: once
    h.app.later(s.two)
    h.app.later(lambda: ran.append(3))
    h.app.later(s.one)
    try:
        h.app.deferred()
        raise AssertionError("a failed save is not hidden")
    except OSError:
        pass
    assert ran == [1, 2, 3] and h.app.saves is None
