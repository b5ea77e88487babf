# Mini Rogue's fight portraits: each level's monster and each level's boss has its own picture,
# every picture differs clearly from every other at 1:1, and a fight shows the one of its foe.
# Runs under CPython and MicroPython.
# heap: 128K
# (the rules, the scene module and its art sit in RAM together, as in test_mini_rogue_ui.py)
import framebuf

from deckdelve.games import mini_rogue as mr
from deckdelve.ui import mini_rogue as scene_module
from deckdelve.ui import mini_rogue_art as art
from test_mini_rogue_script import IN_ORDER, act, first, new, to_column

# Pixels (of 24 x 24) in which any two pictures must differ: a sixth of the box, far more than
# a detail (two eyes, a crown's points) changes, so that no two foes look alike at a glance.
MIN_DIFF = 96
PORTRAIT_X = 74  # where the fight screen draws the portrait (top right of the room view)


def bits(data):
    n = 0
    for b in data:
        while b:
            n += b & 1
            b >>= 1
    return n


def differing(a, b):
    n = 0
    for i in range(len(a)):
        n += bits(bytes((a[i] ^ b[i],)))
    return n


def picture(i):
    """Portrait i: each level's monster (0..4), then each level's boss (5..9)."""
    return art.PORTRAITS[i * art.PORTRAIT_SIZE:(i + 1) * art.PORTRAIT_SIZE]


def test_there_is_a_picture_for_each_monster_and_each_boss():
    assert len(scene_module.MONSTER_NAMES) == len(mr.BOSS_NAMES) == 5
    assert art.PORTRAIT_SIZE == art.PORTRAITS_W * ((art.PORTRAITS_H + 7) // 8) == 72
    assert len(art.PORTRAITS) == 10 * art.PORTRAIT_SIZE
    for i in range(10):
        assert bits(picture(i)) >= MIN_DIFF  # a figure, not a speck


def test_every_picture_differs_clearly_from_every_other():
    pictures = [picture(i) for i in range(10)]
    for i in range(len(pictures)):
        for j in range(i + 1, len(pictures)):
            n = differing(pictures[i], pictures[j])
            assert n >= MIN_DIFF, (i, j, n)


def test_the_measure_sees_a_small_change():
    a = picture(0)
    b = bytearray(a)
    b[0] ^= 0x81
    b[30] ^= 0x01
    assert differing(a, bytes(b)) == 3


class Host:
    def __init__(self, game):
        self.game = game


def portrait_drawn(game, scene=None):
    """The 24 x 24 pixels at the portrait's place when the scene (a new one unless given)
    draws this game, as bytes."""
    if scene is None:
        scene = scene_module.Scene(Host(game))
    scene.host.game = game
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    scene.draw(fb)
    out = bytearray(art.PORTRAIT_SIZE)
    for y in range(art.PORTRAITS_H):
        for x in range(art.PORTRAITS_W):
            if fb.pixel(PORTRAIT_X + x, y):
                out[(y >> 3) * art.PORTRAITS_W + x] |= 1 << (y & 7)
    return bytes(out)


def test_a_fight_shows_its_levels_monster():
    for level in range(1, 6):
        area = mr.LEVEL_OF.index(level) + 1  # the level's first area
        g = new(area=area, layout=first(mr.MONSTER), hp=20, dice=(3, 2))
        act(g, mr.CARD, 0)
        assert g.fight == mr.MONSTER and g.level() == level
        assert portrait_drawn(g) == picture(level - 1), level


def test_a_boss_fight_shows_its_levels_boss():
    for area in mr.BOSS_AREAS:
        g = new(area=area, layout=IN_ORDER, rank=4, hp=20, dice=(2, 2, 2, 2))
        to_column(g, 4)
        act(g, mr.CARD, 6)
        assert g.fight == mr.BOSS
        assert portrait_drawn(g) == picture(5 + g.level() - 1), area


def test_one_scene_shows_the_next_foes_picture():
    # The scene copies a picture into its one buffer when the foe changes: a monster's fight,
    # then a boss's, then a monster's again, each drawn by the same scene.
    monster = new(area=1, layout=first(mr.MONSTER), hp=20, dice=(3, 2))
    act(monster, mr.CARD, 0)
    boss = new(area=2, layout=IN_ORDER, rank=4, hp=20, dice=(2, 2, 2, 2))
    to_column(boss, 4)
    act(boss, mr.CARD, 6)
    scene = scene_module.Scene(Host(monster))
    assert portrait_drawn(monster, scene) == picture(0)
    assert portrait_drawn(boss, scene) == picture(5)
    assert portrait_drawn(monster, scene) == picture(0)
