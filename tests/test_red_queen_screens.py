"""Red Queen's Dungeon on screen: golden screenshots through host_sim key presses (seed 16,
a game the greedy bot wins after two runs, its actions made with the cursor as a player
would), and the scene's words for events and hints.
To accept a changed screen on purpose: UPDATE_GOLDEN=1, look at the PNG, commit it."""

from goldens import assert_golden, sim
from test_red_queen_ui import keys_for

from deckdelve import cards
from deckdelve.games import red_queen as rq

SEED = 16
# The whole game, action by action (what the greedy bot chose).
ACTIONS = (
    21023, 24576, 8192, 21023, 20527, 4352, 8208, 4608, 8448, 20527, 21011, 24576, 16384, 16640,
    12288, 8448, 8208, 12288, 20527, 4608, 8448, 8448, 8704, 12288, 12288, 20495, 4096, 20515,
    16640, 12544, 12544, 8704, 8448, 12288, 8464, 12288, 20500, 20751, 21027, 16384, 16384,
    20511, 16384, 16640, 21540,
)


def walk_to(scene, action):
    """The presses that put the cursor on action (the shared UI test's, less its A)."""
    return keys_for(scene, action)[:-1]


def at(n, dismiss=True):
    """The simulator after the first n actions, made with the buttons (A closes each message
    first; with dismiss=False the last action's messages stay up). Its keys are in s.letters."""
    s = sim("", game="red_queen", seed=SEED)
    host = s.app.stack[-1]
    letters = []
    for i in range(n + 1):
        while host.pending and (dismiss or i < n):
            s.press("A")
            letters.append("A")
        if i == n:
            break
        keys = walk_to(host.scene, ACTIONS[i]) + "A"
        for ch in keys:
            s.press(ch)
        letters.append(keys)
        assert host.log[-1] == ACTIONS[i]
    s.letters = "".join(letters)
    return s


def test_combat():
    s = at(0)
    host = s.app.stack[-1]
    g = host.game
    assert g.phase == rq.FIGHT and not host.pending
    assert g.foe[0] != cards.NONE and g.foe[1] != cards.NONE  # two enemies at once
    a = host.scene.current()
    assert a >> 12 == rq.ATTACK and a & 15 == rq.NO_PARTNER  # a single card under the cursor
    assert_golden("red_queen/combat", s.image(1))


def test_combine():
    s = at(10)
    host = s.app.stack[-1]
    scene = host.scene
    combine = [a for a in host.game.actions() if a >> 12 == rq.ATTACK and a & 15 != rq.NO_PARTNER
               and scene.hint(a).startswith("4\x03+4\x04")]
    s.keys(walk_to(scene, combine[0]))
    a = scene.current()
    assert host.game.phase == rq.FIGHT and not host.pending
    assert a >> 12 == rq.ATTACK and a & 15 != rq.NO_PARTNER  # a combination under the cursor
    assert host.scene.hint(a) == "4\x03+4\x04=8\x03 beats J\x02 6\x03"  # 4D+4C = 8D > 6D
    assert_golden("red_queen/combine", s.image(1))


def test_final_battle():
    s = at(37)
    host = s.app.stack[-1]
    g = host.game
    assert g.phase == rq.FINAL and not host.pending
    assert g.foe[0] == rq.QUEEN_OF_HEARTS and g.runs == 2
    assert g.foe[1] != cards.NONE and g.foe[2] != cards.NONE  # both fled enemies are back
    assert_golden("red_queen/final_battle", s.image(1))


def test_win_message_and_game_over():
    s = at(45, dismiss=False)
    host = s.app.stack[-1]
    g = host.game
    while len(host.pending) > 1:  # the last guard's defeat first
        s.press("A")
    assert g.over and g.won and host.pending == ["You escaped the dungeon! Score %d" % g.score]
    assert_golden("red_queen/won", s.image(1))
    s.keys("A")  # the message closes: the final board, with A to go on
    assert type(s.app.stack[-1]).__name__ == "GameHost" and not host.pending
    assert_golden("red_queen/won_board", s.image(1))
    s.keys("A")
    assert type(s.app.stack[-1]).__name__ == "GameOver"
    assert s.app.stack[-1].score == g.score == 287
    assert_golden("red_queen/game_over", s.image(1))


def test_run_button():
    s = at(1)
    host = s.app.stack[-1]
    g = host.game
    assert g.phase == rq.FIGHT and not host.pending and g.runs == 0
    assert host.scene.current() == rq.act(rq.RUN)  # nothing wins, not even with a refill
    assert host.scene.hint(rq.act(rq.RUN)) == "run away (0 of 2 used)"
    assert_golden("red_queen/run", s.image(1))


def test_placing_a_drawn_weapon_with_the_fled_beside_the_queen():
    s = at(14)
    host = s.app.stack[-1]
    g = host.game
    assert g.phase == rq.PLACE and not host.pending and g.runs == 2
    assert g.fled[0] != cards.NONE and g.fled[1] != cards.NONE and g.queen == rq.QUEEN_OF_HEARTS
    assert host.scene.current() in g.actions()
    assert_golden("red_queen/place", s.image(1))


def test_same_keys_same_pixels():
    s = at(20)
    again = sim(s.letters, game="red_queen", seed=SEED)
    assert again.image(1).tobytes() == s.image(1).tobytes()


class _Host:
    def __init__(self, game):
        self.game = game
        self.log = []

    def message(self, text):
        pass

    def changed(self, x, y, w, h):
        pass  # the whole screen is drawn by these tests


def test_event_words():
    from deckdelve.ui.red_queen import Scene

    scene = Scene(_Host(rq.Game(1)))
    C = cards.parse
    words = scene.event_text
    assert words((rq.EV_ENEMY, C("KS"), 0)) is None  # said with its weapon
    assert words((rq.EV_WEAPON, C("KS"), C("8C"))) == "K\x01 attacks, armed with 8\x04!"
    assert words((rq.EV_WEAPON, C("KS"), cards.NONE)) == "K\x01 attacks, unarmed!"
    assert words((rq.EV_WEAPON, rq.QUEEN_OF_HEARTS, C("8C"))) is None
    assert words((rq.EV_BACK, C("JD"), 0)) == "A third foe, J\x03, is shuffled back into the deck."
    assert words((rq.EV_DEFEATED, C("KS"), C("8C"))) == "K\x01 defeated! +10"
    assert words((rq.EV_DISARMED, rq.QUEEN_OF_HEARTS, C("9D"))) == "The Queen loses her 9\x03."
    assert words((rq.EV_FLED, 1, 2)) == "You ran away (1 of 2). They wait beside the Queen."
    assert words((rq.EV_FLED, 2, 1)) == "You ran away (2 of 2). It waits beside the Queen."
    g = scene.host.game
    g.foe_weapon[0] = C("9D")
    g.foe_weapon[1] = C("4C")
    assert words((rq.EV_FINAL, 3, 0)) == (
        "FINAL BATTLE! The Queen of Hearts, armed with 9\x03 and 4\x04, and 2 you fled from.")
    assert words((rq.EV_FINAL, 1, 0)) == (
        "FINAL BATTLE! The Queen of Hearts, armed with 9\x03 and 4\x04.")
    assert words((rq.EV_WON, 245, 0)) == "You escaped the dungeon! Score 245"
    assert words((rq.EV_LOST, rq.LOST_RUN, 0)) == "Cornered, with no third run. You lose."
    assert words((rq.EV_LOST, rq.LOST_FINAL, 0)) == "You cannot defeat the Queen's side. You lose."
    assert words((rq.EV_IGNORED, C("QS"), 0)) is None


def test_hint_words():
    from deckdelve.ui.red_queen import Scene

    g = rq.Game(2)
    scene = Scene(_Host(g))
    assert g.phase == rq.PLACE
    d = cards.name(g.drawn)[:-1] + cards.SUIT_CHARS[g.drawn // 13]
    assert scene.hint(rq.act(rq.STASH, 1)) == d + " to stash R"
    assert scene.hint(rq.act(rq.SWAP, 0, 0)).startswith(d + " in, ")
    assert scene.hint(rq.act(rq.SWAP, 0, 0)).endswith(" to stash L")
    assert scene.hint(rq.act(rq.RUN)) == "run away (0 of 2 used)"


def test_a_first_draw_fight_is_announced_once():
    s = sim("", game="red_queen", seed=9)
    host = s.app.stack[-1]
    assert host.game.phase == rq.FIGHT and len(host.log) == 0
    assert len(host.pending) == 1 and "attacks" in host.pending[0]
    # a run continued from its log does not repeat its last action's words
    from deckdelve.host import GameHost

    s.keys("A")
    a = host.scene.current()
    s.keys("A")
    assert list(host.log) == [a]
    again = GameHost(s.app, host.entry, (), 9, [a])
    assert again.pending == [] or again.game.over


def scene_image(game):
    """The scene alone (no message box) drawn 1:1 for a position built by the rules tests."""
    import framebuf

    from host_sim import render

    from deckdelve.ui.red_queen import Scene

    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    Scene(_Host(game)).draw(fb)
    return render.to_image(buf, 1)


def test_final_battle_lost_after_the_queen_shows_every_enemy_left():
    # The Queen falls to 9S, then 2C and 3C (5C) beat none of the three fled enemies' weapons:
    # the last screen (under the losing message) still shows the final battle's side, all
    # three of them, not the first one alone in a fight's layout.
    from test_red_queen import hit, position

    g = position(hand=("9S", "2C", "3C"), runs=2,
                 foes=(("QH", "9D", "--"), ("KS", "8S"), ("JD", "7D"), ("KC", "10H")))
    g.apply(hit(0, 0))
    assert g.over and not g.won and g.events[-1] == (rq.EV_LOST, rq.LOST_FINAL, 0)
    assert_golden("red_queen/final_lost", scene_image(g))


def test_running_away_names_the_cards_the_deck_refills():
    s = at(2, dismiss=False)  # the second action is the first run
    host = s.app.stack[-1]
    assert ACTIONS[1] == rq.act(rq.RUN)
    said = [t for t in host.pending if t.startswith("Your hand is refilled from the deck: ")]
    g = host.game
    assert said and g.phase != rq.REFILL_AFTER_RUN  # no stash cards: the deck refilled it
    named = said[0][len("Your hand is refilled from the deck: "):-1].split(" ")
    assert named == [draw_label(h) for h in g.hand if h != cards.NONE]


def draw_label(c):
    from deckdelve.ui import draw

    return draw.label(c)


def test_game_over_names_the_scores_parts():
    s = at(45)
    s.keys("A")
    screen = s.app.stack[-1]
    assert type(screen).__name__ == "GameOver"
    assert screen.detail.startswith("stashes ") and screen.detail.endswith(" + 12 of 12 guards"
                                                                           " x10 + win 80")
