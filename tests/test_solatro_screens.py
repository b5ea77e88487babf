"""Solatro on screen: one whole game (seed 1) played through host_sim key presses, the keys
chosen by the `discard` bot and found through the scene's own cursor; golden screenshots of
each screen on the way. The scene's words are checked too.
To accept a changed screen on purpose: UPDATE_GOLDEN=1, look at the PNG, commit it."""

import pytest
from goldens import assert_golden, sim
from PIL import ImageChops

from deckdelve import cards
from deckdelve.game import replay
from deckdelve.games import solatro as S
from deckdelve.rng import Rng
from deckdelve.ui import solatro as ui
from tools.mp import bots_solatro

SEED = 1


def picked_count(g):
    return bin(g.picked).count("1")


# (name, when to take the screenshot, extra keys pressed first); each the first time it holds.
SHOTS = (
    ("hand_selected", lambda h: not h.pending and h.game.round == 1 and picked_count(h.game) == 3,
     ""),
    ("play_button", lambda h: not h.pending and h.game.round == 1 and h.game.plays_left == 2
     and h.scene.current() == S.PLAY, ""),
    ("round_summary", lambda h: h.pending and "cleared" in h.pending[0]
     and h.game.phase == S.SHOP, ""),
    ("shop", lambda h: not h.pending and h.game.phase == S.SHOP, "DD"),
    ("tokens_and_joker", lambda h: not h.pending and h.game.phase == S.IN_ROUND
     and bin(h.game.tokens).count("1") >= 2 and h.game.bank != cards.NONE, "D"),
    ("nine_cards", lambda h: not h.pending and h.game.hand_len == 9, ""),
    ("round_waits", lambda h: not h.pending and h.game.phase == S.IN_ROUND
     and h.game.plays_left == 0, ""),
    ("died", lambda h: h.game.over and h.pending, ""),
)


def drive(s, bot, stop, letters, limit=5000):
    """Press keys until stop(host) holds (checked after every key): A through message boxes,
    else walk the cursor to the bot's action (DOWN to its row, RIGHT to it) and press A.
    Returns the host."""
    rng = Rng(9)
    host = s.app.stack[-1]
    for _ in range(limit):
        if stop(host):
            return host
        if type(s.app.stack[-1]).__name__ == "Confirm":
            key = "R" if not s.app.stack[-1].yes else "A"  # a token's question: YES
        elif host.pending:
            key = "A"
        else:
            scene = host.scene
            a = bot(host.game, rng)
            if a not in scene.rows[scene.row]:
                key = "D"
            elif scene.current() != a:
                key = "R"
            else:
                key = "A"
        s.press(key)
        letters.append(key)
        host = s.app.stack[0]
        assert hasattr(host, "scene"), "the game ended first"
    raise AssertionError("no stop after %d steps" % limit)


class Shot:
    """What was on screen at one point: the image, a copy of the game (replayed from the
    run's log), the messages waiting, and the scene's cursor."""

    def __init__(self, s, host):
        self.image = s.image(1)
        self.game = replay(S.Game, SEED, (), list(host.log))
        self.pending = list(host.pending)
        scene = host.scene
        self.row = scene.row
        self.rows = [list(r) for r in scene.rows]
        self.current = scene.current()
        self.hint = scene.hint(self.current) if self.current is not None else None


@pytest.fixture(scope="module")
def shots():
    """One game, with a Shot at each SHOTS point."""
    s = sim("", game="solatro", seed=SEED)
    letters = []
    got = {}
    for name, when, extra in SHOTS:
        drive(s, bots_solatro.discard, when, letters)
        for ch in extra:
            s.press(ch)
            letters.append(ch)
        s.settle()
        got[name] = Shot(s, s.app.stack[-1])
    # The last message closes into the platform's game-over screen, with the summary.
    summary = got["died"].game.summary()
    while type(s.app.stack[-1]).__name__ != "GameOver":
        s.press("A")
    s.settle()
    got["game_over"] = (s.image(1), s.app.stack[-1], summary)
    return got


def line_shows(img, text, y):
    """Whether the screen's text line at y is exactly `text`, centred (the 3x5 font's rows
    y..y+5, nothing else drawn there)."""
    import framebuf

    from deckdelve.ui import draw
    from host_sim import render

    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    draw.center(fb, text, y)
    want = render.to_image(fb.buf).convert("L").crop((0, y, 128, y + 6))
    got = img.convert("L").point(lambda v: 255 if v else 0).crop((0, y, 128, y + 6))
    return ImageChops.difference(want, got).getbbox() is None


def test_hand_with_a_live_hand_name(shots):
    shot = shots["hand_selected"]
    g = shot.game
    assert g.selection_size() == 3 and shot.current & S.KIND_MASK == S.PICK
    # The line above the hand names the selection's best hand and its points.
    name, points = S.best_hand(g.selection())
    assert line_shows(shot.image, "%s %d" % (name.upper(), points), ui.HAND_NAME_Y)
    assert not line_shows(shot.image, "PAIR 10" if points == 5 else "HIGH CARD 5",
                          ui.HAND_NAME_Y)
    assert_golden("solatro/hand_selected", shot.image)


def test_play_button_says_what_it_plays(shots):
    shot = shots["play_button"]
    g = shot.game
    name, points = S.best_hand(g.selection())
    assert shot.current == S.PLAY and shot.hint == "A: play %s for %d" % (name, points)
    assert_golden("solatro/play_button", shot.image)


def test_round_summary(shots):
    shot = shots["round_summary"]
    g = shot.game
    assert g.phase == S.SHOP
    assert shot.pending[0].startswith("Round %d cleared: %d of %d." % (
        g.round, g.round_score, g.target))
    assert ("%d points to spend." % g.shop_points) in shot.pending[0]
    assert_golden("solatro/round_summary", shot.image)


def test_shop_lists_prices_and_what_is_affordable(shots):
    shot = shots["shop"]
    g = shot.game
    items = shot.rows[2]
    # The cursor stops on every token (what cannot be bought says why on A) and on LEAVE.
    assert items == [S.BUY | t for t in range(S.TOKEN_COUNT)] + [S.LEAVE]
    buyable = [a & 0xF for a in g.actions() if a & S.KIND_MASK == S.BUY]
    assert buyable == [t for t in range(S.TOKEN_COUNT)
                       if S.TOKEN_PRICES[t] <= g.shop_points and not g.tokens & (1 << t)]
    assert shot.current == items[1]  # two DOWNs from LEAVE, where the shop opens
    assert_golden("solatro/shop", shot.image)


def test_tokens_and_banked_joker(shots):
    shot = shots["tokens_and_joker"]
    g = shot.game
    assert g.bank != cards.NONE and shot.row == 1  # the cursor on the usable tokens
    t = shot.current & 0xF
    assert shot.current & S.KIND_MASK == S.USE and g.tokens & (1 << t)
    assert shot.hint == "A: " + ui.token_effect(t)
    assert_golden("solatro/tokens_and_joker", shot.image)


def test_nine_card_hand_after_extra_card(shots):
    shot = shots["nine_cards"]
    assert shot.game.hand_limit == 9 and shot.game.hand_len == 9
    assert_golden("solatro/nine_cards", shot.image)


def test_round_waits_for_end_round_while_a_token_could_help(shots):
    shot = shots["round_waits"]
    g = shot.game
    assert g.tokens & (1 << S.POCKET_POINTS | 1 << S.EXTRA_HAND)
    assert shot.rows[0] == [] and shot.rows[2] == [S.END]
    assert_golden("solatro/round_waits", shot.image)


def test_death_message(shots):
    shot = shots["died"]
    g = shot.game
    assert g.over and shot.pending[-1].startswith("Round %d: %d of %d. You DIE! Score %d" % (
        g.round, g.round_score, g.target, g.round))
    assert_golden("solatro/died", shot.image)


def test_game_over_shows_the_rank(shots):
    img, screen, summary = shots["game_over"]
    g = shots["died"].game
    assert screen.score == g.round and screen.summary == summary
    assert summary == S.RANK_TAGS[S.rank_index(g.round - 1)]
    assert_golden("solatro/game_over", img)


def test_event_words():
    s = sim("", game="solatro", seed=SEED)
    scene = s.app.stack[-1].scene
    assert "lose BOTH" in scene.event_text((S.EV_JOKERS_LOST, 0, 0))
    assert "banked" in scene.event_text((S.EV_JOKER_BANKED, cards.JOKER_A, 0))
    assert scene.event_text((S.EV_SHIELD_USED, 2, 40)) == (
        "Round 2: 40 of 50. Your Shield breaks and you advance!")
    # A Shield save counts as a round survived: the third one reaches Cat Food.
    assert scene.event_text((S.EV_SHIELD_USED, 3, 40)) == (
        "Round 3: 40 of 75. Your Shield breaks and you advance! New rank: Cat Food!")
    assert scene.event_text((S.EV_ROUND_CLEARED, 5, 130)).startswith(
        "Round 5 cleared: 130 of 125. New rank: Little Dweeb!")
    assert scene.event_text((S.EV_DIED, 4, 60)) == (
        "Round 4: 60 of 100. You DIE! Score 4, 3 survived: Cat Food.")
    assert scene.event_text((S.EV_DIED, 2, 10)).endswith("1 survived: no rank yet.")



def press_to(s, scene, action):
    """Walk the cursor to action (DOWN between rows, RIGHT along one) and press A."""
    host = s.app.stack[-1]
    for _ in range(40):
        while host.pending:  # a play's score, a round's end
            s.press("A")
        if scene.current() == action:
            s.press("A")
            if action & S.KIND_MASK == S.USE:
                s.press("R")  # a token asks first: YES
                s.press("A")
            return
        s.press("R" if action in scene.rows[scene.row] else "D")
    raise AssertionError("cannot reach %x" % action)


def test_a_round_begun_by_a_token_starts_the_cursor_on_the_first_card():
    s = sim("", game="solatro", seed=SEED)
    host = s.app.stack[-1]
    while host.pending:
        s.press("A")
    g = host.game
    tokens = 1 << S.POCKET_POINTS | 1 << S.SHIELD | 1 << S.EXTRA_CARD
    g._setup_for_test([cards.parse(t) for t in "AS AH KS KH 2C 5D 7H 9S".split()],
                      tokens=tokens, round_number=2)
    scene = host.scene
    scene._refresh()
    for t in ("2C", "5D", "7H"):  # 15 of 50; Pocket Points owned: the round waits
        press_to(s, scene, S.PICK | bytes(g.hand[:g.hand_len]).index(cards.parse(t)))
        press_to(s, scene, S.PLAY)
    while host.pending:  # the last play's score
        s.press("A")
    assert g.plays_left == 0 and scene.row == ui.TOKENS_ROW
    assert scene.current() == S.USE | S.POCKET_POINTS
    s.press("A")  # asks first
    assert g.round == 2 and type(s.app.stack[-1]).__name__ == "Confirm"
    s.press("R")
    s.press("A")  # 40 of 50: the Shield breaks and round 3 begins, Extra Card still owned
    while host.pending:
        s.press("A")
    assert g.round == 3 and S.USE | S.EXTRA_CARD in g.actions()
    assert scene.row == ui.CARDS_ROW and scene.current() == S.PICK | 0


def test_a_token_is_used_only_after_a_question():
    # DOWN from the cards lands on the token row; A there asks, and the answer starts on NO:
    # A again, or B, keeps the token (a bought Double Score was spent at once on a High Card).
    s = sim("", game="solatro", seed=SEED)
    host = s.app.stack[-1]
    while host.pending:
        s.press("A")
    g = host.game
    g._setup_for_test([cards.parse(t) for t in "AS AH KS KH 2C 5D 7H 9S".split()],
                      tokens=1 << S.DOUBLE_SCORE, round_number=2)
    scene = host.scene
    scene._refresh()
    s.app.dirty = True  # (the position was set behind the screen's back: drawn whole)
    s.press("D")
    assert scene.row == ui.TOKENS_ROW and scene.current() == S.USE | S.DOUBLE_SCORE
    assert scene.hint(scene.current()) == "A: next play scores x2"
    for no in ("A", "B", "RL" + "A"):
        s.press("A")
        ask = s.app.stack[-1]
        assert type(ask).__name__ == "Confirm" and not ask.yes
        assert " ".join(ask.lines) == "Use the Double Score now? Next play scores x2."
        for ch in no:
            s.press(ch)
        assert s.app.stack[-1] is host and not host.log and g.tokens == 1 << S.DOUBLE_SCORE
    assert_golden("solatro/token_question", _asked(s))
    s.press("R")
    s.press("A")
    assert list(host.log) == [S.USE | S.DOUBLE_SCORE] and g.double_armed


def _asked(s):
    s.press("A")
    img = s.image(1)
    return img


def test_the_score_line_moves_with_the_play_s_message():
    # The play's message says the round's new total; the line above says the same at once.
    s = sim("", game="solatro", seed=5)
    host = s.app.stack[-1]
    while host.pending:
        s.press("A")
    s.press("A")  # one card: a high card
    s.press("D")
    s.press("A")  # PLAY
    assert host.pending[0].startswith("High Card: 5 points") and "total 5 of 25" in (
        host.pending[0])
    img = s.image(1)
    import framebuf

    from deckdelve.ui import draw
    from host_sim import render

    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    draw.right(fb, "SCORE 5/25", draw.W - 1, ui.STATUS_Y)
    got = img.convert("L").point(lambda v: 255 if v else 0).crop((64, 0, 128, 6))
    line = render.to_image(fb.buf).convert("L").crop((64, 0, 128, 6))
    assert ImageChops.difference(got, line).getbbox() is None


def test_a_joker_drawn_after_the_last_play_is_told_after_the_round():
    # The rules draw back after the last play too (docs/rules/solatro.md): a Joker banked then
    # comes after "Round N cleared", not before it.
    s = sim("", game="solatro", seed=SEED)
    host = s.app.stack[-1]
    while host.pending:
        s.press("A")
    g = host.game
    g._setup_for_test([cards.parse(t) for t in "AS AH AD KH KS 5D 7H 9S".split()],
                      deck_top=(cards.JOKER_A,), round_number=1)
    g.plays_left = 1
    scene = host.scene
    scene._refresh()
    for t in ("AS", "AH", "AD"):
        press_to(s, scene, S.PICK | bytes(g.hand[:g.hand_len]).index(cards.parse(t)))
    s.press("D")
    s.press("A")  # the last play: three of a kind, 30 of 25
    said = list(host.pending)
    assert said[0].startswith("Three of a Kind") and "cleared" in said[1], said
    assert "Joker" in said[2] and "banked" in said[2], said
