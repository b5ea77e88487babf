"""Rogue Solitaire on screen, through host_sim: the greedy bot plays seeded games by pressing
the buttons a player would (the cursor goes only to legal places, so every bot action must be
reachable with the d-pad and A), and golden screenshots are taken where the issue asks for
them: the board, a named monster, each special and critical attack, the choices they give,
the exit found, the Victory Buffet, between floors, the race.
To accept a changed screen on purpose: UPDATE_GOLDEN=1, look at the PNG, commit it."""

from collections import deque

from goldens import assert_golden, sim
from test_rogue_solitaire_ui import path  # (tests/shared: the cursor's d-pad, breadth first)

from deckdelve.games import rogue_solitaire as rs
from deckdelve.rng import Rng
from deckdelve.ui import draw
from deckdelve.ui import rogue_solitaire as ui
from tools.mp import bots_rogue_solitaire as bots

class Driver:
    """A host_sim run of one seeded game, the greedy bot choosing, the buttons doing."""

    def __init__(self, seed, options=(), data=None):
        self.sim = sim("", game="rogue_solitaire", seed=seed, options=options, data=data)
        self.host = self.sim.app.stack[-1]
        self.rng = Rng(seed ^ 0x2A5A5)  # as tools/play/playout.py: the same games
        self.keys = []
        self.steps = 0

    def press(self, letters):
        for ch in letters:
            self.sim.press(ch)
            self.keys.append(ch)

    def act(self, a=None):
        """Acknowledge the messages, then do action a (else the bot's next) with the
        buttons."""
        host = self.host
        while host.pending:
            self.press("A")
        if a is None:
            a = bots.greedy(host.game, self.rng)
        scene = host.scene
        if host.game.phase == rs.PH_PLAY:
            first, second = next((f, s) for f, s, b in scene.pairs if b == a)
            self.press(path(scene, first) + "A")
            self.press(path(scene, second) + "A")  # where it goes; SKIP: A again confirms
        else:
            goal = next(t for t in scene.targets if scene.action_at(t) == a)
            n = len(host.log)
            self.press(path(scene, goal) + "A")
            for _ in range(3):
                if len(host.log) > n:
                    break
                if host.pending:  # the key Joker's warning: closed, then A again
                    self.press("AA")
                if scene.give:
                    self.press("RA")  # the question's YES (NO is under the cursor)
        assert host.game.events is not None and self.host.log[-1] == a
        self.steps += 1

    def until(self, done, limit=3000):
        """Play until done(host) holds (checked after every press of the loop)."""
        while not done(self.host):
            if self.host.pending:
                self.press("A")
                continue
            assert self.steps < limit and not self.host.game.over, "never happened"
            self.act()
        return self.host


def showing(text):
    return lambda host: bool(host.pending) and text in host.pending[0]


def phase(ph):
    return lambda host: not host.pending and host.game.phase == ph


def check_golden(name, d):
    """The screen now, and the same screen from a fresh simulator given the same keys."""
    img = d.sim.image(1)
    assert_golden("rogue_solitaire/" + name, img)
    return img


def test_board_at_the_start():
    d = Driver(1)
    g = d.host.game
    assert d.host.scene.place == rs.P + 4 and d.host.scene.hint() == "PLAY: pick a card"
    assert g.deck_n == 27
    check_golden("board", d)


def test_a_play_takes_two_presses_and_b_cancels():
    d = Driver(1)
    scene = d.host.scene
    d.press("A")  # the centre card chosen; now where it goes
    assert scene.chosen == rs.P + 4 and scene.hint() == "A or B: cancel"
    assert scene.action_at(rs.P + 4) is None  # face up: choosing it again is no play
    assert ui.HAND + 0 in scene.targets  # the slot after the (empty) hand: take it
    d.press("R")
    g = d.host.game
    assert scene.hint() == "A: swap %s with %s" % (draw.label(g.grid[rs.P + 4]),
                                                   draw.label(g.grid[rs.P + 5]))
    check_golden("play_where", d)
    d.press("B")
    assert scene.chosen == -1 and not d.host.log
    d.press(path(scene, ui.GO) + "A")  # SKIP asks first
    assert not d.host.log and scene.hint() == "SKIP? A: yes, B: no"
    d.press("A")  # on to the attack
    assert d.host.game.phase == rs.PH_ATTACK
    assert scene.hint() == "ATTACK: 8\x01 vs hidden"  # your 8 of spades
    check_golden("attack", d)


def test_named_monster():
    d = Driver(2, ("campaign",))
    host = d.until(showing("The monster is named"))
    check_golden("named_message", d)
    d.until(lambda h: not h.pending)
    assert not host.game.down[rs.M + 4]
    check_golden("named_board", d)


def test_special_and_critical_attacks_each_suit():
    # (seed, words on screen, golden): found by the greedy bot in quick play.
    cases = (
        (4, "SPECIAL ATTACK: Spades", "special_spades"),
        (3, "SPECIAL ATTACK: Hearts", "special_hearts"),
        (6, "SPECIAL ATTACK: Diamonds", "special_diamonds"),
        (14, "SPECIAL ATTACK: Clubs", "special_clubs"),
        (4, "CRITICAL ATTACK: Spades", "critical_spades"),
        (7, "CRITICAL ATTACK: Hearts", "critical_hearts"),
        (6, "CRITICAL ATTACK: Diamonds", "critical_diamonds"),
        (14, "CRITICAL ATTACK: Clubs", "critical_clubs"),
    )
    for seed, text, name in cases:
        d = Driver(seed)
        d.until(showing(text))
        check_golden(name, d)
        d.press("A")
        # The attack's effect is its own message (or the choice it gives is on screen).
        assert d.host.pending or d.host.game.phase in (rs.PH_HEAL, rs.PH_CLUB, rs.PH_PICK)


def test_choices_offer_only_legal_places():
    for seed, ph, name in ((11, rs.PH_HEAL, "heal_choice"), (5, rs.PH_CLUB, "club_choice"),
                           (6, rs.PH_PICK, "pickpocket_choice")):
        d = Driver(seed)
        host = d.until(phase(ph))
        legal = sorted(host.game.actions())
        scene = host.scene
        assert sorted(a for a in map(scene.action_at, scene.targets) if a is not None) == legal
        for t in scene.targets:
            assert scene.action_at(t) is not None or scene.why(t)  # every other place: why
        check_golden(name, d)


def test_a_chain_of_messages_shows_each_steps_board():
    # An attack whose chain has more to tell: behind its first message the board as that
    # duel left it (its loser gone), not yet what the later steps did; the last message shows
    # the board as it is.
    d = Driver(1, ("campaign",))

    def chain(host):
        sc = host.scene
        g = host.game
        return (len(host.pending) >= 2 and len(g.steps) >= 1 and sc.queued == len(host.pending)
                and bytes(g.steps[0][0]) != bytes(g.grid))

    host = d.until(chain)
    scene = host.scene
    g = host.game
    first = g.steps[0]
    assert scene._shown_board(g) == first
    check_golden("chain_first_step", d)
    while len(host.pending) > 1:
        d.press("A")
    assert scene._shown_board(g) == (g.grid, g.down)  # the last message: the board as it is


def test_a_special_attack_shows_what_it_did_behind_its_message():
    # Issue 33: "Teleport! The exit is redealt" was drawn over the exit as it was before;
    # behind each message the board its event left: the critical attack's still the old exit,
    # the teleport's the redealt one.
    d = Driver(42)
    d.press("RADALAAAA")  # (the keys)
    host = d.sim.app.stack[-1]
    assert host.pending[0] == "Teleport! The exit is redealt: where are you?"
    g = host.game
    shown = host.scene._shown_board(g)
    check_golden("teleport_message", d)
    codes = [e[0] for e in g.events]
    teleport = codes.index(rs.EV_TELEPORT)
    assert shown == g.steps[teleport]  # (its retaliation then swaps a card with the exit)
    critical = g.steps[teleport - 1]  # behind "CRITICAL ATTACK: Spades: magic!"
    old = bytes(critical[0][rs.X:])
    new = bytes(shown[0][rs.X:])
    assert old != new and sorted(old) == sorted(new)  # the same cards, redealt


def test_exit_found_in_quick_play():
    d = Driver(3)
    host = d.until(showing("You escape the dungeon!"))
    assert host.game.won
    check_golden("escape", d)
    g = host.game
    while host.pending:
        d.press("A")
    assert type(d.sim.app.stack[-1]).__name__ == "GameHost"  # the final board, in view
    check_golden("escape_board", d)
    d.press("A")
    over = d.sim.app.stack[-1]
    assert type(over).__name__ == "GameOver" and over.score == g.score
    assert over.detail == "%d floor x100 + %d kills x10" % (g.floors, g.kills)
    # Issue 33: the game-over screen and the table name the mode; the table's line is words.
    assert over.title == "Rogue Solitaire: Quick play"
    assert over.summary == "WIN %d KILLS" % g.kills


def test_victory_buffet_then_between_floors_then_the_next_floor():
    d = Driver(3, ("campaign",))
    host = d.until(phase(rs.PH_BUFFET))
    assert len(host.scene.targets) == len(host.game.actions()) > 1
    # The box asks the question; the hint line names the card A gives.
    first = host.game.actions()[host.scene.place - ui.CHOICE] & 1023
    assert host.scene.hint() == "A: give %s to the Buffet" % draw.label(first)
    check_golden("buffet", d)
    # A asks first, NO under the cursor (issue 33: a second A gave the card away).
    d.press("A")
    assert host.scene.give and host.scene.hint() == "A: no, back to the cards"
    check_golden("buffet_question", d)
    d.press("R")
    assert host.scene.hint() == "A: give %s to the Buffet" % draw.label(first)
    d.press("B")
    assert not host.scene.give and host.game.phase == rs.PH_BUFFET
    host = d.until(phase(rs.PH_DESCEND))
    assert host.game.can_save()
    check_golden("between_floors", d)
    d.press("A")
    assert host.game.floor() == 2 and host.game.phase == rs.PH_PLAY
    check_golden("floor_2", d)


def test_the_race():
    d = Driver(18, ("campaign",))
    host = d.until(showing("THE FINAL RACE!"))
    check_golden("race_message", d)
    d.until(lambda h: not h.pending)
    assert host.game.race and not host.game.down[rs.M + 4]  # named from the Buffet
    check_golden("race_board", d)


def test_keys_replay_to_the_same_screen():
    # What `python -m host_sim --game rogue_solitaire --seed 1 --keys ...` shows.
    d = Driver(3, ("campaign",))
    d.until(phase(rs.PH_BUFFET))
    again = sim("".join(d.keys), game="rogue_solitaire", seed=3, options=("campaign",))
    assert again.image(1).tobytes() == d.sim.image(1).tobytes()


def test_every_event_has_words():
    scene = ui.Scene.__new__(ui.Scene)

    class Host:
        game = rs.Game(1, ("campaign",))

    scene.host = Host()
    for code in range(1, rs.EV_DIED + 1):
        t = scene.event_text((code, 1, 2))
        assert t and "%" not in t, code
    for suit in range(4):
        assert scene.event_text((rs.EV_SPECIAL, suit, 0)).startswith("SPECIAL ATTACK: ")


def test_discard_with_a_big_hand_after_a_kill():
    d = Driver(18, ("campaign",))  # nine cards in hand after a kill
    host = d.until(lambda h: not h.pending and h.game.phase == rs.PH_DISCARD
                   and h.game.hand_n > 8)
    # The hand's cards, and (a campaign before the race) the Buffet's row, to look at it.
    assert host.scene.targets == [ui.HAND + i for i in range(host.game.hand_n)] + [ui.INFO]
    # The grids keep their names (MONSTER / YOU / EXIT) over the two rows of hand: every hand
    # card lies below the names, on the screen, and no two cards overlap but for a row's line.
    assert host.game.hand_n <= 16
    rects = [host.scene._rect(ui.HAND + i) for i in range(host.game.hand_n)]
    for x, y, w, h in rects:
        assert y > ui.LABEL_Y + 5 and y + h <= 64 and x + w <= 128
    assert [r[1] for r in rects[:2]] == [ui.HAND_Y] * 2 and rects[8][1] == ui.HAND_Y + 6
    img = d.sim.image(1).convert("1")
    label_row = [img.getpixel((x, ui.LABEL_Y + 2)) for x in range(ui.PANEL_X)]
    assert any(label_row)  # the names are drawn
    check_golden("discard_big_hand", d)


def test_a_face_down_card_of_yours_is_never_named():
    # A pickpocket leaves the monster's card face down on your board: neither the attack hint
    # nor the pickpocket's message may say what it is.
    from test_rogue_solitaire_setup import game

    class Host:
        pass

    host = Host()
    host.game = game(".5C .6C .7C .8C .4D .9C .10C .2D .3D", ".9H 2H 3H 4H KC 6H 7H 8H 10H")
    host.game.apply(rs.SKIP << 10)
    scene = ui.Scene(host)
    assert scene.place == rs.P + 0  # the first attacker on offer: your face-down 9H
    assert scene.hint() == "ATTACK: hidden vs hidden"
    scene.place = rs.P + 1
    assert scene.hint() == "ATTACK: 2\x02 vs hidden"  # your face-up 2 of hearts
    text = scene.event_text((rs.EV_PICKPOCKET, rs.NONE, 0))
    assert text == "Pickpocket! It swapped a hidden card for your hidden card."


DIRS = (("U", 1), ("D", 2), ("L", 4), ("R", 8))


def _reachable(scene):
    """Every place the d-pad reaches from the cursor (scene.neighbour: a step back where the
    cursor came from reaches a place it was on)."""
    seen = {scene.place}
    todo = deque([scene.place])
    while todo:
        p = todo.popleft()
        for _letter, button in DIRS:
            q = scene.neighbour(p, button)
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return seen


def _all_reachable(scene):
    for start in list(scene.targets):
        scene.place = start
        missing = set(scene.targets) - _reachable(scene)
        assert not missing, (start, missing, scene.targets)


class _Host:
    pass


def test_the_centre_of_an_x_of_cards_is_reachable():
    # You chose your 8H (spot 7) to swap: the places on offer are your four corners, your
    # centre and the slot after your hand. The centre, where the key goes, was reachable from
    # none of them.
    from test_rogue_solitaire_setup import MONSTER, game

    host = _Host()
    host.game = game(MONSTER, "9H -- 3H -- KC -- 7H 8H 10H", hand="2C")
    scene = ui.Scene(host)
    scene.place = scene.chosen = rs.P + 7
    scene._refresh()
    assert rs.P + 4 in scene.targets
    _all_reachable(scene)


def test_every_place_on_offer_is_reachable_from_every_other():
    # Random and greedy play, quick and campaign: every phase, both steps of a play.
    for seed in range(1, 7):
        host = _Host()
        host.game = rs.Game(seed, ("campaign",) if seed % 2 else ())
        rng = Rng(seed)
        scene = ui.Scene(host)
        while not host.game.over:
            firsts = [-1]
            if host.game.phase == rs.PH_PLAY:
                firsts += sorted(set(f for f, _s, _a in scene.pairs if f != ui.GO))
            for first in firsts:
                scene.chosen = first
                scene._refresh()
                _all_reachable(scene)
            scene.chosen = -1
            scene._refresh()
            acts = host.game.actions()
            a = bots.greedy(host.game, rng) if seed > 3 else acts[rng.below(len(acts))]
            host.game.apply(a)
            scene._refresh()


def test_achievements_are_announced_and_kept_on_flash_and_rodney_completes_them():
    import tempfile

    d = Driver(3, data=tempfile.mkdtemp(prefix="deckdelve-rs-ach-"))
    host = d.until(showing("You escape the dungeon!"))
    assert host.pending[1:] == ["ACHIEVEMENT: Zero to Hero"]
    assert d.sim.app.store().achievements("rogue_solitaire") == rs.ACH_ZERO
    # A flash that already keeps the four others (earned in earlier runs): this escape brings
    # Zero to Hero, and with it Call me... Rodney.
    data = tempfile.mkdtemp(prefix="deckdelve-rs-ach-")
    sim(data=data).app.store().add_achievements(
        "rogue_solitaire", rs.ACH_KEYS | rs.ACH_DARK | rs.ACH_TRUE | rs.ACH_MASTER)
    d = Driver(3, data=data)
    host = d.until(showing("You escape the dungeon!"))
    assert host.pending[1:] == ["ACHIEVEMENT: Zero to Hero", "ACHIEVEMENT: Call me... Rodney"]
    assert d.sim.app.store().achievements("rogue_solitaire") == 63


def _small_card_pixels(fb, x, y):
    return [fb.pixel(x + i, y + j) for j in range(draw.SMALL_H) for i in range(draw.SMALL_W)]


def _drawn_alone(card, x, y):
    """The pixels of card drawn small at x, y on a dark screen."""
    from host_sim import framebuf

    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    draw.card_small(fb, card, x, y)
    return _small_card_pixels(fb, x, y)


def test_the_face_up_buffet_can_be_seen_and_shows_its_own_cards():
    d = Driver(18, ("campaign",))
    host = d.until(lambda h: not h.pending and h.game.phase == rs.PH_PLAY
                   and h.game.floor() == 4)
    g, scene = host.game, host.scene
    buffet = bytes(g.buffet[g.buffet_top:g.buffet_n])
    assert len(buffet) == 3 and not g.race
    assert ui.INFO in scene.targets and scene.action_at(ui.INFO) is None
    log = list(host.log)
    d.press(path(scene, ui.INFO))
    assert scene.hint() == "A: see the Buffet"
    d.press("A")
    assert scene.viewing and list(host.log) == log  # a look, not an action
    assert scene.hint() == "A or B: back"
    check_golden("buffet_view", d)
    # Each slot shows the Buffet's card of that floor, in order, and nothing after the last.
    fb = d.sim.fb
    others = [c for c in range(52) if c % 13 >= 10 and c not in buffet]
    for i in range(len(buffet) + 1):
        x, y, _w, _h = scene._rect(ui.CHOICE + i)
        got = _small_card_pixels(fb, x, y)
        if i == len(buffet):
            assert not any(got), "a card after the Buffet's last"
            continue
        assert got == _drawn_alone(buffet[i], x, y), (i, buffet[i])
        assert all(got != _drawn_alone(c, x, y) for c in others)
    d.press("LR")  # the d-pad does nothing while the view is open
    assert scene.viewing and scene.place == ui.INFO
    d.press("B")  # closes it: no pause menu, no action
    assert not scene.viewing and d.sim.app.stack[-1] is host and list(host.log) == log
    d.press("A")
    d.press("A")
    assert not scene.viewing and list(host.log) == log


def test_in_the_race_the_buffet_is_face_down_only_its_count():
    d = Driver(18, ("campaign",))
    host = d.until(lambda h: not h.pending and h.game.race)
    g = host.game
    assert g.buffet_n - g.buffet_top > 0
    assert ui.INFO not in host.scene.targets
    while not g.over and g.race:  # never on offer in the race, whatever the phase
        assert ui.INFO not in host.scene.targets and not host.scene.viewing
        if host.pending:
            d.press("A")
        else:
            d.act()


class _MsgHost:
    def __init__(self, game):
        self.game = game
        self.pending = []
        self.log = []

    def message(self, text):
        self.pending.append(text)

    def changed(self, x, y, w, h):
        pass  # the whole screen is drawn by these tests

    def act(self, a):
        self.game.apply(a)
        self.log.append(a)


def test_the_key_joker_is_not_thrown_away_without_a_warning():
    from test_rogue_solitaire_setup import MONSTER, game

    from deckdelve import buttons

    host = _MsgHost(game(MONSTER, "9H 2H 3H 4H KC 6H 7H 8H 10H", hand="2C 3C 4C JC QC AC KEY"))
    assert host.game.phase == rs.PH_DISCARD
    scene = ui.Scene(host)
    scene.place = ui.HAND + 6  # the Joker
    assert scene.hint() == "DISCARD 2: A throws away JK"  # 7 cards, down to 5
    scene.press(buttons.A)
    assert not host.log and host.pending and "key to the exit" in host.pending[0]
    host.pending = []
    scene.press(buttons.A)  # A again: asked, NO under the cursor (issue 33)
    assert not host.log and scene.give and not scene.give_yes
    scene.press(buttons.RIGHT)
    scene.press(buttons.A)  # YES: thrown away
    assert host.log == [rs.DISCARD << 10 | 53]
    scene.place = ui.HAND + 0
    host.log = []
    assert host.game.phase == rs.PH_DISCARD  # six cards: one more to go
    scene.press(buttons.A)  # an ordinary card: asked too, no warning
    assert not host.pending and scene.give and not host.log
    scene.press(buttons.A)  # NO: kept
    assert not scene.give and not host.log
    scene.press(buttons.A)
    scene.press(buttons.RIGHT)
    scene.press(buttons.A)
    assert len(host.log) == 1


def test_outer_cards_matching_the_exit_are_marked_and_all_eight_are_told():
    from test_rogue_solitaire_setup import EXIT, MONSTER, game

    from deckdelve import cards

    # The exit's ring is 2S 3S 4S 5S 6S 7D 8D 9D: yours rank for rank in hearts, all match.
    host = _MsgHost(game(MONSTER, "2H 3H 4H 5H KC 6H 7H 8H 9H", EXIT))
    scene = ui.Scene(host)
    g = host.game
    assert scene._all_match(g) and scene.hint() == "ALL 8 MATCH: KEY JK TO CENTRE"
    g.grid[rs.P + 0] = cards.parse("JH")  # 2S's spot no longer matches
    assert not scene._matching(g, 0) and scene._matching(g, 1) and not scene._all_match(g)
    assert scene.hint() == "PLAY: pick a card"


def test_eight_cards_to_discard_say_so_and_the_line_names_the_card():
    # After a kill the hand holds eight: one row of cards, so the line under it says how many
    # go and what A throws away (it was blank: only two rows of hand leave it no room).
    d = Driver(3)
    host = d.until(lambda host: not host.pending and host.game.phase == rs.PH_DISCARD)
    g = host.game
    assert g.hand_n > rs.HAND_LIMIT
    scene = host.scene
    first = draw.label(g.hand[scene.place - ui.HAND])
    assert scene.hint() == "DISCARD %d: A throws away %s" % (g.hand_n - rs.HAND_LIMIT, first)
    d = Driver(3)
    for a in (2063, 8192, 2074, 8195, 11266, 2064, 8194, 5350, 8198, 6148, 8192, 4399, 8195):
        d.act(a)
    while d.host.pending:
        d.press("A")
    g = d.host.game
    assert g.phase == rs.PH_DISCARD and g.hand_n == 8
    assert_golden("rogue_solitaire/discard_eight", d.sim.image(1))
    # A card lost cannot be taken back: A asks first, NO under the cursor (issue 33)
    d.press("A")
    assert d.host.scene.give and g.hand_n == 8
    assert_golden("rogue_solitaire/discard_question", d.sim.image(1))


def test_a_hand_card_picked_up_keeps_its_label_whole():
    # The hand card chosen for a play: a dotted outline, as the place it leaves; the grid's
    # double frame inside it cut the label's top and bottom rows.
    d = Driver(3)
    for a in (2063, 8192, 2074, 8195, 11266, 2064, 8194):
        d.act(a)
    while d.host.pending:
        d.press("A")
    scene = d.host.scene
    d.press(path(scene, ui.HAND + 3) + "A")
    d.press(path(scene, rs.P + 8))
    assert scene.chosen >= ui.HAND and scene.place < 27
    assert_golden("rogue_solitaire/hand_card_picked", d.sim.image(1))


def test_the_attack_starts_on_the_card_the_play_moved():
    d = Driver(7)
    for _ in range(40):
        host = d.until(lambda host: not host.pending and host.game.phase == rs.PH_PLAY)
        scene = host.scene
        g = host.game
        acts = [a for a in g.actions() if a >> 10 in (rs.SWAP, rs.FLIP, rs.HSWAP, rs.PLACE)]
        if acts:
            break
        d.act()
    a = acts[-1]
    first, second = next((f, s) for f, s, b in scene.pairs if b == a)
    d.press(path(scene, first) + "A")
    d.press(path(scene, second) + "A")
    assert host.log[-1] == a
    while host.pending:
        d.press("A")
    if g.phase == rs.PH_ATTACK:
        # The card moved is where A was pressed last (a hand card picked first goes there)
        # or, a grid card picked first and swapped into the hand, where it was picked.
        moved = [p for p in (second, first) if p < 27 and scene.action_at(p) is not None]
        assert moved and scene.place == moved[0], (scene.place, first, second)


def test_from_the_grid_to_the_hand_and_back_lands_where_it_left():
    d = Driver(3)
    scene = d.host.scene
    for start in (rs.P + 6, rs.P + 7, rs.P + 8):
        d.press(path(scene, start))
        d.press("D")  # into the hand
        into = scene.place
        assert into >= ui.HAND
        d.press("U")
        assert scene.place == start
        d.press("D")
        assert scene.place == into  # the same slot each way, every time
        d.press("U")


def test_wounds_name_the_row_or_column_that_emptied():
    host = _Host()
    host.game = rs.Game(1, ())
    host.pending = []
    scene = ui.Scene(host)
    names = [scene.event_text((rs.EV_DIED, i, 0)) for i in range(len(rs.LINES))]
    assert names[0] == "Your wounds are fatal: your top row is empty. You die."
    assert names[5] == "Your wounds are fatal: your right column is empty. You die."
    assert len(set(names)) == len(rs.LINES)
