"""Mini Rogue's scene: golden screenshots of the map, each room, a fight, the merchant and the
score, driven by button presses through host_sim (or, for whole games, by the careful bot
through the host), plus the scene's key handling and flashes."""

import os
import sys

from goldens import assert_golden, sim

from deckdelve import buttons
from deckdelve.games import mini_rogue as mr
from deckdelve.rng import Rng
from deckdelve.ui import draw
from deckdelve.ui import mini_rogue as scene_module

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "tools", "mp"))
import bots_mini_rogue

# Seeds whose first card (the single card of column 1, Normal) is each room kind.
FIRST = {mr.RESTING: 1, mr.TREASURE: 11, mr.EVENT: 173, mr.MERCHANT: 3, mr.TRAP: 2, mr.MONSTER: 7}


def start(kind, keys=""):
    s = sim(game="mini_rogue", seed=FIRST[kind], options=("normal",))
    host = s.app.stack[-1]
    assert host.game.layout[0] == kind, "seed %d no longer deals this room first" % FIRST[kind]
    s.keys(keys)
    return s, host


def bot_game(seed, options, stop):
    """Play the careful bot through the host until stop(game) or the end; results are
    acknowledged with A as a player would."""
    s = sim(game="mini_rogue", seed=seed, options=options)
    host = s.app.stack[-1]
    g = host.game
    rng = Rng(seed)
    while not g.over and not stop(g):
        while host.scene.report is not None:
            s.keys("A")
        host.act(bots_mini_rogue.greedy(g, rng))
        s.settle()
    return s, host


def test_map():
    s, host = start(mr.MERCHANT)
    assert_golden("mini_rogue/map", s.image())


def test_map_cursor_moves_within_a_pair():
    s, host = start(mr.RESTING, "AAA")  # rest: weapon; A again closes the result
    assert host.game.column == 1 and host.game.xp == 1
    s.keys("D")
    assert host.scene.cursor == 1
    assert_golden("mini_rogue/map_pair", s.image())
    s.keys("UA")
    assert host.game.taken[1] == 1


def test_resting():
    s, host = start(mr.RESTING, "A")
    assert_golden("mini_rogue/resting", s.image())
    s.keys("DDA")  # heal
    assert host.game.hp == 7
    assert_golden("mini_rogue/resting_result", s.image())


def test_treasure():
    s, host = start(mr.TREASURE, "A")
    assert host.game.gold == 4
    assert_golden("mini_rogue/treasure", s.image())
    s.keys("A")
    assert host.scene.report is None and host.game.phase == mr.MAP


def test_trap():
    s, host = start(mr.TRAP, "A")
    assert_golden("mini_rogue/trap", s.image())


def test_event_choice():
    s, host = start(mr.EVENT, "A")
    g = host.game
    assert g.phase == mr.EVENT_CHOICE
    faces = [a & 0xFF for a in g.actions()]
    assert faces[host.scene.cursor] == g.event_faces[1]  # the cursor starts on the face rolled
    assert_golden("mini_rogue/event_choice", s.image())
    s.keys("R" * ((faces.index(4) - host.scene.cursor) % len(faces)) + "A")  # whetstone, +2 XP
    assert host.game.xp == 2
    assert_golden("mini_rogue/event_result", s.image())


def test_merchant_buy_sell_and_refusal():
    s, host = start(mr.MERCHANT, "A")
    # The cursor opens on Leave: A mashed leaves, it does not spend the gold on rations.
    assert host.scene.cursor == len(mr.BUY_PRICE) and not host.scene.selling
    s.keys("U" * len(mr.BUY_PRICE))  # up to the first row (the list does not go round)
    assert host.scene.cursor == 0
    assert_golden("mini_rogue/merchant_buy", s.image())
    s.keys("DDA")  # big potion: 3 gold, +4 HP
    g = host.game
    assert (g.gold, g.hp) == (0, 9) and g.phase == mr.SHOP
    # Issue 33: after a trade the cursor rests on Leave (A again spends nothing)
    assert host.scene.cursor == len(mr.BUY_PRICE)
    s.keys("U" * (len(mr.BUY_PRICE) - 2) + "A")  # the big potion again: no gold, said in
    # the row itself (a box would cover the stats)
    assert not host.pending and host.scene.note == "You need more gold!"
    assert_golden("mini_rogue/merchant_refusal", s.image())
    s.keys("R")  # the other tab opens on its Leave (issue 33: on its first row, A sold)
    assert host.scene.note == "" and host.scene.selling
    assert g.phase == mr.SHOP and host.scene.cursor == len(mr.SELL_PRICE)
    assert_golden("mini_rogue/merchant_leave", s.image())
    s.keys("U" * len(mr.SELL_PRICE))  # up to the first row
    assert_golden("mini_rogue/merchant_sell", s.image())
    s.keys("D" * len(mr.SELL_PRICE))
    s.keys("B")  # B leaves the merchant, as it goes back everywhere
    assert g.phase == mr.MAP and g.column == 1


def test_fight():
    s, host = start(mr.MONSTER, "A")
    g = host.game
    assert g.phase == mr.FIGHT_DICE and g.monster_hp == 6
    assert_golden("mini_rogue/fight", s.image())
    s.keys("A")  # strike for 5; it hits back for 2
    assert (g.monster_hp, g.hp) == (1, 3)
    assert_golden("mini_rogue/fight_round", s.image())


def test_boss_fight():
    s, host = bot_game(1, ("easy",), lambda g: g.phase == mr.FIGHT_DICE and g.fight == mr.BOSS)
    assert host.game.monster_max == 10
    while host.scene.report is not None:
        s.keys("A")
    assert_golden("mini_rogue/boss", s.image())


def test_score_after_a_win_and_a_death():
    s, host = bot_game(2, ("easy",), lambda g: False)
    g = host.game
    assert g.won and g.score == sum(g.score_parts()) == 97
    # Og's treasure first, as every room's result (issue 33: it came in silently)
    assert host.scene.report is not None and host.scene.report_title == "Victory"
    assert_golden("mini_rogue/win_treasure", s.image())
    s.keys("A")
    s.settle()
    assert host.scene.report is None and type(s.app.stack[-1]).__name__ == "GameHost"
    assert_golden("mini_rogue/score_win", s.image())
    s, host = bot_game(1, ("easy",), lambda g: False)
    score = host.game.score
    assert host.game.over and not host.game.won
    assert_golden("mini_rogue/score_death", s.image())
    s.keys("A")  # on to the platform's game-over screen, with the same score
    assert type(s.app.stack[-1]).__name__ == "GameOver"
    assert s.app.stack[-1].score == score
    assert s.app.stack[-1].table == "mini_rogue/easy"  # a high-score table per difficulty


def test_changed_stat_flashes_then_settles():
    s, host = start(mr.TREASURE)
    s.press("A")
    lit = 0
    for _ in range(60):
        s.step(0)
        # The gold row of the panel (y 37..45): its background turns white while it flashes.
        lit += s.fb.pixel(VIEW_X_FLASH, 36 + 1) == 1
    assert lit >= 8
    s.settle()
    assert s.fb.pixel(VIEW_X_FLASH, 37) == 0


VIEW_X_FLASH = 126  # right of the gold row's number, inside the flashed band


def test_texts_fit_the_room_view():
    s = scene_module
    said = [s.said(texts, figures, i) for texts, figures in (
        (s.REST_TEXT, s.REST_FIGURES), (s.FACE_TEXT, s.FACE_FIGURES + (0,)),
        (s.TRAP_TEXT, s.TRAP_FIGURES), (s.LOOT_TEXT, s.LOOT_FIGURES),
        (s.WAND_TEXT, s.WAND_FIGURES)) for i in range(len(texts))]
    for group in (said, scene_module.BUY_NAMES, mr.LEVEL_NAMES, mr.BOSS_NAMES):
        for text in group:
            assert draw.width(text) <= scene_module.VIEW_W - 4, text
    for area in range(1, 15):
        level = mr.level_of(area)
        title = "%d-%d %s" % (level, area, mr.LEVEL_NAMES[level - 1])
        assert draw.width(title) <= scene_module.VIEW_W - 2, title


def test_wand_choice():
    s, host = bot_game(1, ("easy",), lambda g: g.phase == mr.FIGHT_WAND)
    g = host.game
    assert g.item_count() > 0
    assert_golden("mini_rogue/fight_wands", s.image())
    choices = g.actions()
    assert host.scene.cursor == len(choices) - 1  # on "no wand" first
    first = choices[0] & 0xFF
    before = g.items[first]
    s.keys("L" * (len(choices) - 1) + "A")
    assert g.items[first] == before - 1


def test_random_presses_never_break_the_scene():
    # A monkey on the buttons: every state the scene reaches must draw and keep the rules
    # sound. B only where the scene uses it (the merchant; a second B there pauses).
    for seed in range(1, 7):
        s = sim(game="mini_rogue", seed=seed, options=("hard",))
        host = s.app.stack[-1]
        g = host.game
        pick = Rng(seed)
        for _ in range(600):
            if g.over:
                break
            keys = "UDLRAAAB" if g.phase == mr.SHOP else "UDLRAAA"
            s.press(keys[pick.below(len(keys))])
            if type(s.app.stack[-1]).__name__ == "Pause":  # B on the merchant's "Leave"
                s.press("A")  # resume
            assert s.app.stack[-1] is host
            g.check()
        s.settle()


def test_a_scene_can_start_in_any_phase():
    # A continued run rebuilds the scene on a game already under way: it must draw at once.
    s, host = bot_game(2, ("normal",), lambda g: False)
    log = list(host.log) if host.game is not None else []
    assert log
    for n in range(0, len(log), 3):
        g = mr.Game(2, ("normal",))
        for a in log[:n]:
            g.apply(a)
        host.game = g
        scene = scene_module.Scene(host)
        assert scene.report is None
        s.fb.fill(0)
        scene.draw(s.fb)
        scene.tick()


def wait(scene):
    """The frames a player waits for the dice to stop."""
    for _ in range(scene_module.ROLL_FRAMES + 1):
        scene.tick()


class FakeHost:
    """The two things a scene uses of its host: the game and act()."""

    def __init__(self, game):
        self.game = game
        self.messages = []

    def act(self, action):
        self.game.apply(action)

    def message(self, text):
        self.messages.append(text)

    def changed(self, x, y, w, h):
        pass  # the whole screen is drawn by these tests


def test_each_death_is_named():
    from test_mini_rogue_script import first, new

    cases = (
        (dict(hp=1, layout=first(mr.TRAP), dice=(6, 4)), "A spring blade got you."),
        (dict(hp=2, layout=first(mr.TRAP), dice=(6, 6)), "The pit was your grave."),
        (dict(hp=3, area=8, layout=first(mr.MONSTER), dice=(2, 2)), "Slain by the Serpent"),
    )
    for setup, words in cases:
        g = new(**setup)
        scene = scene_module.Scene(FakeHost(g))
        scene.press(buttons.A)
        if not g.over:
            wait(scene)
            scene.press(buttons.A)  # strike; the monster's blow kills
        scene.tick()
        assert g.over and " ".join(scene.end_lines).startswith(words), scene.end_lines
    g = new(food=0, hp=3, dice=(1,))
    g.taken[0], g.taken[1], g.taken[2], g.column = 0, 1, 3, 3
    scene = scene_module.Scene(FakeHost(g))
    scene.press(buttons.A)  # the trap is evaded; leaving the area starves
    scene.tick()
    assert g.over and list(scene.end_lines) == ["You starved to death."]


def test_no_wand_keeps_the_fight_on_screen():
    # Declining a wand lets the monster strike back: that blow belongs on the fight screen,
    # under the strike's line, as after a wand, not on a result screen of its own.
    s, host = bot_game(1, ("easy",), lambda g: g.phase == mr.FIGHT_WAND)
    g = host.game
    assert g.actions()[host.scene.cursor] == mr.NO_WAND << 8
    s.keys("A")
    assert g.phase == mr.FIGHT_DICE and host.scene.report is None
    assert host.scene.fight_lines == ["You strike: 9 damage", "It hits you: -5 HP"]
    assert_golden("mini_rogue/fight_no_wand", s.image())


def scene_image(g, presses=()):
    """A scene on a scripted game, after these presses, drawn as the host draws it."""
    from host_sim import render

    import framebuf

    scene = scene_module.Scene(FakeHost(g))
    for b in presses:
        scene.press(b)
        wait(scene)
    for _ in range(200):  # and the flashes end, as the golden screens are taken settled
        # (a flash redraws its stat's row alone, through host.changed: tick says False)
        if not scene.tick() and not scene.flashing:
            break
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    scene.draw(fb)
    return scene, render.to_image(buf)


def test_a_six_rerolled_to_one_shows_no_kept_six():
    from test_mini_rogue_script import first, new

    g = new(area=11, layout=first(mr.MONSTER), rank=2, dice=(6, 6, 4, 1))  # monster HP 11
    # enter, on to the first die (the cursor starts on the strike), roll the 6 again: a 1
    scene, img = scene_image(g, (buttons.A, buttons.LEFT, buttons.A))
    assert (g.dice[0], g.sixes[0], g.strike_damage()) == (1, 1, 4)
    # Nothing under the first die (x 2..13), where "+6" stood for a kept six.
    assert all(img.getpixel((x, y)) == 0 for x in range(2, 16) for y in range(53, 58))
    # And a line says what was lost (issue 33: no word of it)
    assert scene.fight_lines[-1] == "Rerolled a %d: %d lost" % (mr.MISS, mr.KEPT_SIX)
    assert_golden("mini_rogue/fight_reroll_lost", img)


def test_a_six_line_result_fits_above_the_hint():
    # A boss's kill with a rank-up and loot, then starving on the way out: six lines.
    from test_mini_rogue_script import IN_ORDER, new, to_column

    g = new(area=2, layout=IN_ORDER, rank=1, xp=5, food=0, hp=10, dice=(6, 4, 6))
    to_column(g, 4)
    scene, img = scene_image(g, (buttons.A, buttons.LEFT, buttons.A, buttons.A))
    assert g.area == 3 and g.rank == 2 and g.hp == 7
    assert len(scene.report) == 6 and scene.report[-1] == "Area 3"
    lit_rows = [y for y in range(9, 58) if any(img.getpixel((x, y)) for x in range(100))]
    assert lit_rows[-1] == 56  # the sixth line's last row; the hint starts at 58
    assert_golden("mini_rogue/result_six_lines", img)


def test_a_flashing_stat_keeps_its_icon():
    # In the lit half of a flash the icon is drawn dark on the lit band: the same pixels as
    # the icon's lit ones when not flashing (blitting the icon itself lit its whole box).
    from test_mini_rogue_script import new

    g = new()
    g.items[mr.HEALING] = 1
    scene = scene_module.Scene(FakeHost(g))

    def icon_pixels(flash):
        for i in (2, 6):  # HP, and the wands
            scene.flash[i] = flash
        buf = bytearray(128 * 64 // 8)
        import framebuf

        fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
        scene.draw(fb)
        on = 1 if not flash else 0
        heart = [(x, y) for x in range(105, 112) for y in range(19, 26) if fb.pixel(x, y) == on]
        wand = [(x, y) for x in range(106, 113) for y in range(56, 63) if fb.pixel(x, y) == on]
        return heart, wand

    plain = icon_pixels(0)
    assert plain[0] and plain[1]
    assert scene._lit(2) == 0
    assert icon_pixels(scene_module.FLASH_HALF) == plain  # lit half: the same shapes, dark


def test_a_during_the_roll_shows_the_dice_and_does_nothing_else():
    s, host = start(mr.MONSTER)
    g = host.game
    s.press("A")  # into the fight: the dice tumble
    assert host.scene.rolling and g.phase == mr.FIGHT_DICE
    events = g.events
    s.press("A")  # a quick second A: the dice stop, and no strike is made on unseen dice
    assert host.scene.rolling == 0 and g.events is events and g.monster_hp == g.monster_max
    s.keys("A")  # now it strikes
    assert g.monster_hp < g.monster_max


def test_a_failed_event_check_says_it_needed_a_5_or_6():
    # Skill 2 fails (only a 5 or 6 chooses); the whetstone's +2 XP then makes rank 2.
    from test_mini_rogue_script import first, new

    g = new(layout=first(mr.EVENT), rank=1, xp=5, dice=(4, 2))
    scene = scene_module.Scene(FakeHost(g))
    scene.press(buttons.A)
    scene.tick()
    assert g.rank == 2
    assert scene.report[:2] == ["Skill 2: no 5 or 6", "Whetstone: +2 XP"]


def test_a_gain_a_cap_cut_reads_what_came_in():
    from test_mini_rogue_script import IN_ORDER, first, new, to_column

    def report(presses=(buttons.A,), **setup):
        g = new(**setup)
        scene = scene_module.Scene(FakeHost(g))
        for b in presses:
            scene.press(b)
            wait(scene)
        return scene

    rest = (buttons.A, buttons.DOWN, buttons.DOWN, buttons.A)  # enter, heal
    cases = (
        (dict(layout=first(mr.TREASURE), gold=9, killed_here=True, dice=(3,)),
         ["Chest 3: +1 gold (full)"]),
        (dict(layout=first(mr.TREASURE), gold=10, dice=(3,)), ["Chest 3: purse full"]),
        (dict(layout=first(mr.EVENT), hp=19, dice=(2, 4)),
         ["Skill 4: no 5 or 6", "Health potion: +1 HP (full)"]),
        (dict(layout=first(mr.EVENT), armour=5, dice=(5, 4)),
         ["Skill 4: no 5 or 6", "Found shield: armour full"]),
        (dict(layout=first(mr.TREASURE), gold=8, items=bytearray((2, 0, 0, 0)), dice=(6, 2)),
         ["Chest 6: +1 gold", "5 or 6: a second roll!", "Wands full: +1 gold (full)"]),
        (dict(presses=rest, hp=20), ["Heal: HP full"]),
        (dict(presses=rest, hp=18), ["Heal: +2 HP"]),  # uncut: the room's own words
    )
    for setup, lines in cases:
        scene = report(**setup)
        assert scene.report == lines, (setup, scene.report)
    # A boss's gold at a full purse, with a rank-up and loot after it.
    g = new(area=2, layout=IN_ORDER, rank=1, xp=5, gold=10, hp=10, dice=(6, 4, 6))
    to_column(g, 4)
    scene, img = scene_image(g, (buttons.A, buttons.LEFT, buttons.A, buttons.A))
    assert scene.report[1] == "Slain! +2 XP, purse full", scene.report
    assert_golden("mini_rogue/result_purse_full", img)
    # The longest result (a boss, a rank-up, loot, starving) with a cut gain still fits.
    g = new(area=2, layout=IN_ORDER, rank=1, xp=5, gold=7, food=0, hp=10,
            items=bytearray((2, 0, 0, 0)), dice=(6, 4, 2))
    to_column(g, 4)
    scene, img = scene_image(g, (buttons.A, buttons.LEFT, buttons.A, buttons.A))
    assert scene.report[1:4] == ["Slain! +2 XP +2 gold", "Rank 2: 2 dice!",
                                 "Wands full: +1 gold (full)"], scene.report
    rows = sum(len(draw.wrap(line, scene_module.VIEW_W - 2)) for line in scene.report)
    assert len(scene.report) == 6 and rows == 6, scene.report
    # The healing wand's line in the fight: strike, then the wand (left of "no wand").
    g = new(layout=first(mr.MONSTER), hp=15, items=bytearray((0, 0, 0, 1)), dice=(6, 2, 2))
    scene = scene_module.Scene(FakeHost(g))
    for b in (buttons.A, buttons.A, buttons.LEFT, buttons.A):
        scene.press(b)
        wait(scene)
    assert scene.fight_lines == ["Healing: +5 HP (full)", "It hits you: -2 HP"], \
        scene.fight_lines
    assert g.hp == 18


def test_a_blow_the_armour_takes_whole_is_no_minus_nothing():
    from test_mini_rogue_script import first, new

    # Level 1: the monster deals 2, the armour 2 takes it all ("It hits you: -0 HP" before).
    g = new(layout=first(mr.MONSTER), armour=2, dice=(6, 2, 2, 2))  # monster HP 7; strike 2
    scene = scene_module.Scene(FakeHost(g))
    for b in (buttons.A, buttons.A):  # enter, strike
        scene.press(b)
        wait(scene)
    assert g.phase == mr.FIGHT_DICE and g.hp == 5
    assert scene.fight_lines == ["You strike: 2 damage", "It hits: armour holds"]


def test_the_fight_starts_on_the_strike_even_with_a_six():
    from test_mini_rogue_script import first, new

    g = new(layout=first(mr.MONSTER), dice=(6, 6))  # monster HP 7, a 6 rolled: 6 < 7
    scene = scene_module.Scene(FakeHost(g))
    scene.press(buttons.A)
    wait(scene)
    acts = g.actions()
    assert acts[0] == mr.REROLL << 8 and acts[scene.cursor] == mr.ATTACK << 8
    assert g.strike_damage() < g.monster_hp  # (it used to start on the die then: A rerolled)


def test_every_figure_shown_is_the_rules():
    # The fire wand said 10 where the rules deal 8: each result's figure comes from the rules.
    s = scene_module
    assert s.said(s.WAND_TEXT, s.WAND_FIGURES, mr.FIRE) == "Fire: %d damage" % mr.FIRE_DAMAGE
    assert s.said(s.WAND_TEXT, s.WAND_FIGURES, mr.POISON) == (
        "Poison: +%d a strike" % mr.POISON_DAMAGE)
    assert s.said(s.WAND_TEXT, s.WAND_FIGURES, mr.HEALING) == "Healing: +%d HP" % mr.HEALING_HP
    for texts, figures in ((s.REST_TEXT, mr.REST_GAIN), (s.FACE_TEXT[:5], mr.EVENT_GAIN),
                           (s.TRAP_TEXT, mr.TRAP_LOSS)):
        for i in range(len(texts)):
            assert "%d" in texts[i] and str(figures[i]) in s.said(texts, figures, i)
    for text in s.REST_TEXT + s.FACE_TEXT + s.TRAP_TEXT + s.LOOT_TEXT + s.WAND_TEXT:
        assert not any(ch.isdigit() for ch in text), text  # no figure written in the scene


def test_the_rules_help_says_the_rules_figures():
    # The help is prose, written once: its figures are checked against the rules module.
    import os

    from deckdelve import helpview

    with open(helpview.help_path("mini_rogue").replace("/", os.sep)) as f:
        text = f.read()
    w = mr.SCORE_WEIGHTS
    for said in ("fire %d damage" % mr.FIRE_DAMAGE, "poison +%d" % mr.POISON_DAMAGE,
                 "healing +%d HP" % mr.HEALING_HP, "big potion (+4 HP) %d" % mr.BUY_PRICE[2],
                 "wand %d, armour %d" % (mr.BUY_PRICE[3], mr.BUY_PRICE[7]),
                 "difficulty x%d, area x%d, bosses x%d" % (w[0], w[1], w[2])):
        assert said in text, said
