# Rogue Solitaire scenario tests, part 1: the helpers the other parts import, the setup and
# check(). Every rule of the text and every decision in docs/rules/rogue_solitaire.md has a
# scenario in test_rogue_solitaire_{setup,turn,attacks,floors}.py (split to stay small for a
# 64 KiB MicroPython heap). Runs under CPython and MicroPython.
from deckdelve import cards
from deckdelve.games import rogue_solitaire as rs

# Spots:  0 1 2 / 3 4 5 / 6 7 8 ; a leading '.' = face down, '--' = empty.
EXIT = "2S 3S 4S 5S JK 6S 7D 8D 9D"
# Matches EXIT at every outer spot (by suit): on the exit.
ON_EXIT = "AS KS QS JS KEY 10S KD QD JD"
# A board on PLAIN_EXIT with no face card (and an Ace at 0).
PLAIN_EXIT = "2C 3S 4S 5H JK 6H 7D 8D 10D"
PLAIN_ON_EXIT = "AC 2S 5S 5D KEY 6S 7H 8H 9D"
BOARD = "9H 2H 3H 4H KC 6H 7H 8H 10H"
MONSTER = ".5C .6C .7C .8C .4D .9C .10C .2D .3D"


def _parse(name):
    return 53 if name == "KEY" else cards.parse(name)


def _mark(placed, card):
    if placed[card]:
        raise ValueError("%s is named twice" % cards.name(card))
    placed[card] = 1


def position(g, monster, player, exit, hand="", deck="", discard="", buffet="", floors=0,
             race=False):
    """Lay out a position on game g. Grids are nine space-separated names (cards.parse),
    '--' for an empty spot and a leading '.' for a face-down card (the exit's centre is always
    the lock, whatever is written there); hand, deck (bottom first, top last), discard and
    buffet are space-separated names. Cards not named go to the bottom of the deck, in
    order. The key Joker is 'KEY'. floors escaped and race (the Buffet turned over) set the
    campaign's stage. The turn starts at its first step."""
    placed = bytearray(54)
    placed[cards.JOKER_A] = 1
    g.grid[rs.X + 4] = cards.JOKER_A
    g.down[rs.X + 4] = 0
    for base, text in ((rs.M, monster), (rs.P, player), (rs.X, exit)):
        names = text.split()
        for p in range(9):
            if base == rs.X and p == 4:
                continue
            name = names[p]
            face_down = name[0] == "."
            card = _parse(name[1:] if face_down else name)
            g.grid[base + p] = card
            g.down[base + p] = 1 if face_down else 0
            if card != cards.NONE:
                _mark(placed, card)
    counts = []
    for buf, text in ((g.hand, hand), (g.discard, discard), (g.buffet, buffet)):
        n = 0
        for name in text.split():
            buf[n] = _parse(name)
            _mark(placed, buf[n])
            n += 1
        counts.append(n)
    g.hand_n, g.discard_n, g.buffet_n = counts
    g.buffet_top = 0
    top = [_parse(name) for name in deck.split()]
    for card in top:
        _mark(placed, card)
    n = 0
    for card in range(54):
        if not placed[card]:  # (the top cards are marked: they go on last)
            g.deck[n] = card
            n += 1
    for card in top:
        g.deck[n] = card
        n += 1
    g.deck_n = n
    g.floors = floors
    g.race = race
    g.score = 100 * floors
    g.kills = 0
    g.events = []
    g.phase = rs.PH_DISCARD if g.hand_n > 5 else rs.PH_PLAY


def game(monster, player, exit=EXIT, options=(), **kw):
    g = rs.Game(1, options)
    position(g, monster, player, exit, **kw)
    g.check()
    return g


def act(g, kind, arg=0):
    g.apply(kind << 10 | arg)
    g.check()


def at(g, base, p):
    c = g.grid[base + p]
    name = cards.name(c) if c != 53 else "KEY"
    return ("." if g.down[base + p] else "") + name


def hand(g):
    return sorted(cards.name(g.hand[i]) for i in range(g.hand_n))


def codes(g):
    return [e[0] for e in g.events]


def c(name):
    return 53 if name == "KEY" else cards.parse(name)


# ----- setup ---------------------------------------------------------------------------


def test_setup_lays_out_three_grids_and_shuffles_the_second_joker_back():
    for options in ((), ("campaign",)):
        g = rs.Game(5, options)
        g.check()
        for p in range(9):
            assert g.grid[rs.P + p] < 52 and not g.down[rs.P + p]  # nine up, no Joker
            assert g.down[rs.M + p]  # nine down
            assert not g.down[rs.X + p]
        assert g.grid[rs.X + 4] == cards.JOKER_A  # the lock
        for p in rs.RING:
            assert g.grid[rs.X + p] < 52
        assert g.hand_n == 0 and g.discard_n == 0 and g.buffet_n == 0
        assert g.deck_n == 27
        # The key is in the deck or among the monster's nine.
        assert cards.JOKER_B in list(g.deck[:g.deck_n]) + list(g.grid[rs.M:rs.M + 9])
        assert g.phase == rs.PH_PLAY and g.floor() == 1 and g.can_save()  # (issue 33)


def test_deals_differ_by_seed_and_repeat_for_a_seed():
    assert rs.Game(1).grid == rs.Game(1).grid
    assert rs.Game(1).grid != rs.Game(2).grid


def test_check_catches_a_lost_or_doubled_card():
    g = rs.Game(3)
    g.deck_n -= 1  # a card vanishes
    try:
        g.check()
        raise AssertionError("check() missed a lost card")
    except ValueError:
        pass
    g = rs.Game(3)
    g.hand[0] = g.deck[0]  # a card in two places
    g.hand_n = 1
    try:
        g.check()
        raise AssertionError("check() missed a doubled card")
    except ValueError:
        pass


def test_position_refuses_a_card_named_twice():
    g = rs.Game(1)
    try:
        position(g, MONSTER, "5C 2H 3H 4H KC 6H 7H 8H 10H", EXIT)
        raise AssertionError("5C in two grids was accepted")
    except ValueError:
        pass
