# heap: 72K (this large test module shares the heap with the game; smallest passing 58K)
# Solatro rules: a scripted scenario for every rule of the text, then seeded play-outs with
# invariants. Runs under CPython (pytest) and under MicroPython (tests/test_micropython_shared.py).
from deckdelve import cards
from deckdelve.game import IllegalAction, replay
from deckdelve.games import solatro as S
from deckdelve.rng import Rng

JK = cards.JOKER_A
JK2 = cards.JOKER_B


def cs(text):
    return [cards.parse(t) for t in text.split()]


def names(buf, n):
    return " ".join(cards.name(buf[i]) for i in range(n))


def hand_of(g):
    return names(g.hand, g.hand_len)


def index_of(g, text):
    c = cards.parse(text)
    for i in range(g.hand_len):
        if g.hand[i] == c:
            return i
    raise KeyError(text)


def select(g, text, joker=False):
    for t in text.split():
        g.apply(S.PICK | index_of(g, t))
    if joker:
        g.apply(S.PICK | S.JOKER_SLOT)
    g.check()


def play(g, text, joker=False):
    select(g, text, joker)
    g.apply(S.PLAY)
    g.check()


def discard(g, text):
    select(g, text)
    g.apply(S.DISCARD)
    g.check()


def position(hand, deck_top="", bank=cards.NONE, tokens=0, round_number=0):
    g = S.Game(1)
    g._setup_for_test(cs(hand), cs(deck_top), bank, tokens, round_number)
    g.check()
    return g


def bit(t):
    return 1 << t


def state_of(g):
    return (bytes(g.hand), g.hand_len, g.deck_len, g.round_score, g.plays_left,
            g.discards_left, g.tokens, g.phase, g.bank, g.picked, g.joker_picked, list(g.events))


def raises_illegal(g, action):
    before = state_of(g)
    try:
        g.apply(action)
    except IllegalAction:
        assert state_of(g) == before
        return True
    return False


# ---- set-up and round structure ----------------------------------------------------------


def test_new_game_deals_eight_from_54_cards():
    for seed in range(1, 21):
        g = S.Game(seed)
        g.check()  # all 54 cards in exactly one place
        assert g.hand_len == 8 and g.round == 1 and g.target == 25 and g.score == 1
        assert g.plays_left == 3 and g.discards_left == 3
        banked = 0 if g.bank == cards.NONE else 1
        assert g.deck_len + g.discards_len == 54 - 8 - banked
        for i in range(8):
            assert not cards.is_joker(g.hand[i])


def test_targets_rise_by_25_a_round():
    assert [S.target(r) for r in (1, 2, 3, 4, 10)] == [25, 50, 75, 100, 250]


def test_hand_is_kept_ace_high():
    g = position("2C 5D AS KH 9S 7H AH JC")
    assert hand_of(g) == "AS AH KH JC 9S 7H 5D 2C"


def test_play_scores_sets_aside_and_draws_back():
    g = position("AS AH 2C 5D 7H 9S JC KD", "3C 4D")
    play(g, "AS AH")
    assert g.round_score == 10 and g.plays_left == 2 and g.discards_left == 3
    assert names(g.played, g.played_len) == "AS AH"
    assert g.hand_len == 8 and hand_of(g) == "KD JC 9S 7H 5D 4D 3C 2C"


def test_extra_cards_in_a_play_score_nothing():
    g = position("AS AH 2C 5D 7H 9S JC KD")
    play(g, "AS AH 2C 5D 7H")
    assert g.round_score == 10 and g.played_len == 5


def test_discard_one_to_five_cards_three_times_a_round():
    g = position("AS AH 2C 5D 7H 9S JC KD", "3C 4D 6S 8C 10H QS KC")
    assert raises_illegal(g, S.DISCARD)  # no card selected
    select(g, "AS AH 2C 5D 7H")
    assert raises_illegal(g, S.PICK | index_of(g, "9S"))  # a sixth card
    select(g, "AS AH 5D 7H")  # out again
    assert g.picked == 1 << index_of(g, "2C")
    g.apply(S.DISCARD)
    assert names(g.discards, g.discards_len) == "2C" and g.hand_len == 8
    discard(g, "5D 7H")
    discard(g, "9S JC KD AS AH")
    assert g.discards_left == 0 and g.discards_len == 8 and g.hand_len == 8
    g.apply(S.PICK | 0)
    assert S.DISCARD not in g.actions() and S.PLAY in g.actions()
    assert raises_illegal(g, S.DISCARD)
    assert g.round_score == 0 and g.plays_left == 3


def test_three_plays_end_the_round_and_all_cards_return():
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC")
    play(g, "AS AH")
    discard(g, "2C")
    play(g, "KS KH")
    assert g.round == 1
    play(g, "9S")
    # 10 + 10 + 5 = 25 meets the target exactly: advance; nothing is affordable, no shop.
    assert g.events[0] == (S.EV_ROUND_CLEARED, 1, 25)
    assert g.round == 2 and g.target == 50 and g.phase == S.IN_ROUND
    assert g.played_len == 0 and g.discards_len == 0 and g.round_score == 0
    assert g.hand_len == 8 and g.deck_len == 54 - 8 - (0 if g.bank == cards.NONE else 1)
    assert g.plays_left == 3 and g.discards_left == 3
    g.check()


def test_failing_the_target_dies_and_scores_the_round_reached():
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC", round_number=4)
    play(g, "2C")
    play(g, "5D")
    play(g, "7H")  # 15 < 100
    assert g.over and not g.won and g.phase == S.OVER
    assert g.events[-1] == (S.EV_DIED, 4, 15)
    assert g.score == 4 and g.progress() == 4 and g.actions() == []
    assert g.rounds_survived() == 3 and g.rank_name() == "Cat Food"
    assert g.summary() == "Cat Food"
    assert raises_illegal(g, S.PICK) and raises_illegal(g, S.PLAY)


def test_shield_saves_a_failed_round_once():
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC", tokens=bit(S.SHIELD))
    assert not [a for a in g.actions() if a == S.USE | S.SHIELD]  # spent only by failing
    play(g, "2C")
    play(g, "5D")
    play(g, "7H")
    assert g.events[0] == (S.EV_SHIELD_USED, 1, 15)
    assert not g.over and g.round == 2 and g.tokens == 0 and g.phase == S.IN_ROUND


def test_shield_is_kept_when_the_round_succeeds():
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC", tokens=bit(S.SHIELD))
    play(g, "AS AH")
    play(g, "KS KH")
    play(g, "9S")
    assert g.round == 2 and g.tokens == bit(S.SHIELD)


# ---- hand scores -------------------------------------------------------------------------

CHART = (
    ("KD", "High Card", 5),
    ("7S 7H", "Pair", 10),
    ("7S 7H 9C 9D 2S", "Two Pair", 20),
    ("QS QH QD", "Three of a Kind", 30),
    ("9S 10H JD QC KS", "Straight", 40),
    ("2H 7H 9H JH KH", "Flush", 50),
    ("3S 3H 3D 8C 8S", "Full House", 60),
    ("5S 5H 5D 5C", "Four of a Kind", 100),
    ("5C 6C 7C 8C 9C", "Straight Flush", 125),
    ("10D JD QD KD AD", "Royal Flush", 150),
)


def test_hand_scores_chart():
    for text, name, points in CHART:
        assert S.best_hand(cs(text)) == (name, points), text


def test_ace_low_straight_counts_and_runs_do_not_wrap():
    assert S.best_hand(cs("AS 2H 3D 4C 5S")) == ("Straight", 40)
    assert S.best_hand(cs("10S JH QD KC AS")) == ("Straight", 40)
    assert S.best_hand(cs("QS KH AD 2C 3S")) == ("High Card", 5)
    assert S.best_hand(cs("AH 2H 3H 4H 5H")) == ("Straight Flush", 125)
    g = position("AS 2H 3D 4C 5S 9S JC KD")
    play(g, "AS 2H 3D 4C 5S")
    assert g.round_score == 40


def test_straights_and_flushes_need_five_cards():
    assert S.best_hand(cs("2H 7H 9H JH")) == ("High Card", 5)
    assert S.best_hand(cs("2S 3H 4D 5C")) == ("High Card", 5)
    assert S.best_hand(cs("2S 2H 4D 4C")) == ("Two Pair", 20)


# ---- Jokers ------------------------------------------------------------------------------


def test_drawn_joker_is_banked_and_replaced():
    g = position("AS AH 2C 5D 7H 9S JC KD", "JK 3C")
    discard(g, "2C")
    assert g.bank == JK and g.events == [(S.EV_JOKER_BANKED, JK, 0)]
    assert g.hand_len == 8 and "3C" in hand_of(g)


def test_second_joker_loses_both():
    g = position("AS AH 2C 5D 7H 9S JC KD", "", bank=JK)
    g._setup_for_test(cs("AS AH 2C 5D 7H 9S JC KD"), [JK2] + cs("3C"), JK)
    discard(g, "2C")
    assert g.bank == cards.NONE and g.events == [(S.EV_JOKERS_LOST, 0, 0)]
    assert names(g.discards, g.discards_len) == "2C JK JK"
    assert g.hand_len == 8 and "3C" in hand_of(g)
    assert S.PICK | S.JOKER_SLOT not in g.actions()
    assert raises_illegal(g, S.PICK | S.JOKER_SLOT)


def test_a_joker_drawn_after_the_last_play_is_banked_for_later_rounds():
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JK 10H")
    play(g, "AS AH")
    play(g, "KS KH")
    play(g, "9S")  # draws back one card, the Joker: banked, then a replacement
    # (told after the round's end: the round ends with its last play, issue 33)
    assert g.events[0] == (S.EV_ROUND_CLEARED, 1, 25)
    assert g.events[1] == (S.EV_JOKER_BANKED, JK, 0)
    assert g.round == 2 and g.bank == JK and g.hand_len == 8


def test_joker_in_the_opening_deal_is_banked():
    for seed in range(1, 200):
        g = S.Game(seed)
        if g.bank != cards.NONE:
            assert g.hand_len == 8 and g.deck_len == 54 - 9
            assert g.events == [(S.EV_JOKER_BANKED, g.bank, 0)]  # the scene says so
            return
    raise AssertionError("no seed banked a Joker in the deal")


def test_banked_joker_is_wild_in_a_play_then_discarded():
    g = position("KS QS JS 10S 2C 5D 7H 9C", "3C 4D 6S 8C", bank=JK)
    select(g, "KS QS JS 10S 2C")
    assert raises_illegal(g, S.PICK | S.JOKER_SLOT)  # a sixth card
    select(g, "2C", joker=True)
    assert g.selection() == cs("KS QS JS 10S") + [JK]
    assert raises_illegal(g, S.DISCARD)  # the Joker is not discarded
    g.apply(S.PLAY)
    assert g.round_score == 150  # the Joker is the ace of spades: Royal Flush
    assert g.bank == cards.NONE and names(g.discards, g.discards_len) == "JK"
    assert names(g.played, g.played_len) == "KS QS JS 10S"
    assert S.PICK | S.JOKER_SLOT not in g.actions()


def test_joker_alone_is_not_a_play_and_is_never_discarded():
    g = position("KS QS JS 10S 2C 5D 7H 9C", "3C 4D 6S 8C", bank=JK)
    g.apply(S.PICK | S.JOKER_SLOT)
    assert g.selection() == [JK]
    assert raises_illegal(g, S.PLAY) and raises_illegal(g, S.DISCARD)
    select(g, "2C")
    assert raises_illegal(g, S.DISCARD)  # a hand card with it: still not a discard
    g.apply(S.PLAY)
    assert g.round_score == 10 and g.bank == cards.NONE  # the Joker pairs the 2


def test_second_joker_drawn_by_extra_card_loses_a_selected_joker():
    g = S.Game(1)
    g._setup_for_test(cs("KS QS JS 10S 2C 5D 7H 9C"), [JK2] + cs("3C"), JK, bit(S.EXTRA_CARD))
    select(g, "KS QS", joker=True)
    g.apply(S.USE | S.EXTRA_CARD)
    g.check()
    assert g.events == [(S.EV_JOKERS_LOST, 0, 0)] and g.bank == cards.NONE
    assert not g.joker_picked and g.selection() == cs("KS QS") and g.hand_len == 9
    g.apply(S.PLAY)
    assert g.round_score == 5  # K and Q alone: High Card; the Joker is gone


def test_selected_cards_follow_the_hand_when_extra_card_draws():
    g = position("AS KH QD 9C 8S 7H 5D 3C", "10S", tokens=bit(S.EXTRA_CARD))
    select(g, "KH 8S 3C")
    g.apply(S.USE | S.EXTRA_CARD)
    g.check()
    assert hand_of(g) == "AS KH QD 10S 9C 8S 7H 5D 3C"
    assert g.selection() == cs("KH 8S 3C")


def test_joker_with_four_of_a_kind_scores_four_of_a_kind():
    assert S.best_hand(cs("AS AH AD AC") + [JK]) == ("Four of a Kind", 100)
    assert S.best_hand(cs("9S 9H 4D 4C") + [JK]) == ("Full House", 60)
    assert S.best_hand(cs("2H 7H 9H JH") + [JK]) == ("Flush", 50)
    assert S.best_hand(cs("AS 3H 4D 5C") + [JK]) == ("Straight", 40)
    assert S.best_hand(cs("8C") + [JK]) == ("Pair", 10)


def test_banked_joker_stays_banked_into_the_next_round():
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC", bank=JK)
    play(g, "AS AH")
    play(g, "KS KH")
    play(g, "9S")
    assert g.round == 2 and g.bank == JK
    assert g.deck_len + g.hand_len == 53


# ---- the shop and the tokens -------------------------------------------------------------


def test_shop_spends_only_the_excess_one_of_each_and_points_do_not_last():
    g = position("AS AH AD KS KH 2C 5D 7H", "3C 4D 6S 8C JD QC 9S 10S")
    play(g, "AS AH AD KS KH")  # Full House 60
    play(g, "2C")
    play(g, "5D")  # 70 against 25: 45 to spend
    assert g.phase == S.SHOP and g.shop_points == 45 and g.round == 1
    assert g.rounds_survived() == 1
    assert sorted(g.actions()) == [S.BUY | S.EXTRA_CARD, S.BUY | S.EXTRA_DISCARD, S.LEAVE]
    assert raises_illegal(g, S.BUY | S.POCKET_POINTS)  # 50 > 45
    g.apply(S.BUY | S.EXTRA_DISCARD)
    g.check()
    assert g.shop_points == 20 and g.phase == S.SHOP
    assert raises_illegal(g, S.BUY | S.EXTRA_DISCARD)  # one of each
    g.apply(S.BUY | S.EXTRA_CARD)
    g.check()
    # 10 left, nothing more affordable: the shop closes and the next round starts.
    assert g.phase == S.IN_ROUND and g.round == 2 and g.round_score == 0
    assert g.shop_points == 0 and g.tokens == bit(S.EXTRA_DISCARD) | bit(S.EXTRA_CARD)


def shop_after(second_play, third_play):
    """Round 1 played as: a Royal Flush (150), then the two plays given."""
    g = position("AS KS QS JS 10S 7H 7D 7C", "7S 2C 3D 4H 5S 9C JD QC 8D")
    play(g, "AS KS QS JS 10S")
    play(g, second_play)
    play(g, third_play)
    assert g.phase == S.SHOP
    return g


def buy(g, t, left):
    """Buy token t; `left` points remain, or (when too few for anything) the shop closes."""
    g.apply(S.BUY | t)
    g.check()
    if g.phase == S.SHOP:
        assert g.shop_points == left, (t, g.shop_points)
    else:
        assert g.phase == S.IN_ROUND and left < S.TOKEN_PRICES[S.EXTRA_CARD] or (
            g.tokens & (1 << S.EXTRA_CARD) and left < S.TOKEN_PRICES[S.EXTRA_DISCARD])


def test_shop_prices_are_the_charts():
    g = shop_after("7H 7D 7C 7S", "2C")  # 150 + 100 + 5 - 25 = 230 to spend
    assert g.shop_points == 230
    buy(g, S.SHIELD, 80)
    assert S.BUY | S.DOUBLE_SCORE not in g.actions()  # 100 > 80
    buy(g, S.POCKET_POINTS, 30)
    buy(g, S.EXTRA_DISCARD, 5)
    assert g.phase == S.IN_ROUND and g.round == 2  # nothing for 5: closed, the 5 are lost
    assert g.round_score == 0 and g.shop_points == 0
    g = shop_after("7H 7D 7C", "2C")  # 150 + 30 + 5 - 25 = 160
    buy(g, S.DOUBLE_SCORE, 60)
    assert raises_illegal(g, S.BUY | S.EXTRA_HAND)  # 75 > 60
    buy(g, S.POCKET_POINTS, 10)
    buy(g, S.EXTRA_CARD, 0)
    assert g.phase == S.IN_ROUND
    g = shop_after("2C", "3D")  # 150 + 5 + 5 - 25 = 135
    buy(g, S.EXTRA_HAND, 60)
    assert g.tokens == bit(S.EXTRA_HAND)


def test_leaving_the_shop_loses_the_points_and_keeps_tokens():
    g = position("AS AH AD KS KH 2C 5D 7H", "3C 4D 6S 8C JD QC 9S 10S",
                 tokens=bit(S.EXTRA_CARD))
    play(g, "AS AH AD KS KH")
    play(g, "2C")
    play(g, "5D")
    assert g.phase == S.SHOP and sorted(g.actions()) == [S.BUY | S.EXTRA_DISCARD, S.LEAVE]
    g.apply(S.LEAVE)
    g.check()
    assert g.round == 2 and g.round_score == 0 and g.tokens == bit(S.EXTRA_CARD)


def test_tokens_are_not_for_sale_when_owned_or_unaffordable():
    g = position("AS AH AD KS KH 2C 5D 7H", "3C 4D 6S 8C JD QC 9S 10S",
                 tokens=bit(S.EXTRA_CARD) | bit(S.EXTRA_DISCARD))
    play(g, "AS AH AD KS KH")
    play(g, "2C")
    play(g, "5D")  # 45 to spend, but the two tokens it could buy are owned: no shop
    assert g.phase == S.IN_ROUND and g.round == 2


def test_extra_card_raises_the_hand_limit_this_round():
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC", tokens=bit(S.EXTRA_CARD))
    g.apply(S.USE | S.EXTRA_CARD)
    g.check()
    assert g.hand_len == 9 and g.hand_limit == 9 and g.tokens == 0 and "3C" in hand_of(g)
    play(g, "AS AH KS KH 2C")
    assert g.hand_len == 9
    play(g, "5D")
    play(g, "7H")
    assert g.round == 2 and g.hand_len == 8 and g.hand_limit == 8


def test_extra_discard_gives_a_fourth_discard():
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC", tokens=bit(S.EXTRA_DISCARD))
    g.apply(S.USE | S.EXTRA_DISCARD)
    assert g.discards_left == 4 and g.tokens == 0
    for t in ("2C", "5D", "7H", "9S"):
        discard(g, t)
    select(g, "AS")
    assert g.discards_left == 0 and raises_illegal(g, S.DISCARD)


def test_pocket_points_add_25_to_the_round():
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC", tokens=bit(S.POCKET_POINTS))
    g.apply(S.USE | S.POCKET_POINTS)
    g.check()
    assert g.round_score == 25 and g.tokens == 0
    assert raises_illegal(g, S.USE | S.POCKET_POINTS)  # used up


def test_round_waits_after_last_play_while_a_token_could_still_help():
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC 10H",
                 tokens=bit(S.POCKET_POINTS) | bit(S.EXTRA_HAND))
    play(g, "2C")
    play(g, "5D")
    play(g, "7H")
    assert g.phase == S.IN_ROUND and g.plays_left == 0 and g.round_score == 15
    assert sorted(g.actions()) == [S.USE | S.POCKET_POINTS, S.USE | S.EXTRA_HAND, S.END]
    g.apply(S.USE | S.EXTRA_HAND)
    assert g.plays_left == 1 and g.tokens == bit(S.POCKET_POINTS)
    play(g, "AS AH")  # 25: still waiting, Pocket Points owned
    assert g.plays_left == 0 and g.round == 1 and g.play_count == 4
    g.apply(S.USE | S.POCKET_POINTS)  # 50, and nothing can change it now: the round ends
    assert g.events[0] == (S.EV_ROUND_CLEARED, 1, 50)
    assert g.phase == S.SHOP and g.shop_points == 25


def test_end_round_after_the_last_play():
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC", tokens=bit(S.POCKET_POINTS))
    play(g, "2C")
    play(g, "5D")
    play(g, "7H")
    assert raises_illegal(g, S.PICK) and raises_illegal(g, S.PLAY)
    g.apply(S.END)
    assert g.over and g.tokens == bit(S.POCKET_POINTS)


def test_double_score_doubles_the_next_play_only():
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC", tokens=bit(S.DOUBLE_SCORE))
    g.apply(S.USE | S.DOUBLE_SCORE)
    assert g.double_armed and g.tokens == 0
    play(g, "AS AH")
    assert g.round_score == 20 and not g.double_armed
    play(g, "KS KH")
    assert g.round_score == 30


def test_check_ties_a_doubled_play_to_double_score():
    # The play-outs' invariant "round score = plays + token effects" must catch a play scored
    # double without Double Score, and a Double Score play that was not doubled.
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC", tokens=bit(S.DOUBLE_SCORE))
    play(g, "AS AH")
    g.play_points[0] = 20
    g.round_score = 20
    assert raises_value_error(g.check)
    g.apply(S.USE | S.DOUBLE_SCORE)
    g.play_points[0] = 10
    g.round_score = 10
    g.check()
    play(g, "KS KH")
    assert g.round_score == 30 and g.doubled_play == 1
    g.play_points[1] = 10
    g.round_score = 20
    assert raises_value_error(g.check)


def raises_value_error(f):
    try:
        f()
    except ValueError:
        return True
    return False


def test_tokens_that_need_a_play_are_not_offered_after_the_last_one():
    every = (bit(S.EXTRA_CARD) | bit(S.EXTRA_DISCARD) | bit(S.DOUBLE_SCORE)
             | bit(S.POCKET_POINTS))
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC", tokens=every)
    play(g, "2C")
    play(g, "5D")
    play(g, "7H")
    assert sorted(g.actions()) == [S.USE | S.POCKET_POINTS, S.END]


# ---- ranks, illegal actions, replays -----------------------------------------------------


def test_milestone_ranks_count_rounds_survived():
    got = [S.rank_index(n) for n in (0, 2, 3, 4, 5, 6, 7, 9, 10, 30)]
    assert got == [-1, -1, 0, 0, 1, 1, 2, 2, 3, 3]
    assert S.RANKS[3][1] == "Ultra Mega Uber Giga-Dweeb"
    g = position("AS AH KS KH 2C 5D 7H 9S", round_number=12)
    assert g.rank_name() == "Ultra Mega Uber Giga-Dweeb" and g.summary() == "Giga-Dweeb"
    g = position("AS AH KS KH 2C 5D 7H 9S", round_number=3)
    assert g.rank_name() == "" and g.summary() == "no rank"
    for i in range(len(S.RANK_TAGS)):  # the rank's own words, whole (see test_solatro_ui)
        assert S.RANK_TAGS[i] in S.RANKS[i][1]


def test_illegal_actions_raise_and_change_nothing():
    g = position("AS AH KS KH 2C 5D 7H 9S")
    for a in (0, S.PLAY, S.DISCARD, S.PLAY | 1, S.PICK | 8, S.PICK | S.JOKER_SLOT, S.PICK | 10,
              S.END, S.LEAVE, S.BUY, S.USE | S.SHIELD, S.USE | S.EXTRA_CARD, S.USE | 7, 0xF000):
        assert raises_illegal(g, a), hex(a)
    g.check()


def test_a_game_is_its_seed_and_actions():
    g = S.Game(77)
    rng = Rng(3)
    log = []
    while not g.over and len(log) < 300:
        acts = g.actions()
        a = acts[rng.below(len(acts))]
        log.append(a)
        g.apply(a)
    r = replay(S.Game, 77, (), log)
    assert bytes(r.deck) == bytes(g.deck) and bytes(r.hand) == bytes(g.hand)
    assert (r.round, r.score, r.round_score, r.over) == (g.round, g.score, g.round_score, g.over)


# ---- seeded play-outs with invariants ------------------------------------------------------


def best_five(g):
    """(hand mask, with Joker) of the best-scoring play of five (or all) cards. (Like the bot's
    best_pick in tools/mp/bots_solatro.py, but importing the bot beside this large module
    breaks its 64 KiB cap under MicroPython.)"""
    n = g.hand_len
    best = (0, False)
    best_cat = -1
    joker = g.bank != cards.NONE
    for m in range(1, 1 << n):
        sel = []
        for i in range(n):
            if m & (1 << i):
                sel.append(g.hand[i])
        for with_joker in (False, True) if joker else (False,):
            if len(sel) + with_joker == min(5, n + joker):
                cat = S.category(sel + [g.bank] if with_joker else sel)
                if cat > best_cat:
                    best, best_cat = (m, with_joker), cat
    return best


def best_play_or_random(g, rng):
    """A test policy that reaches the shop and the tokens: buy or use at random, else select the
    best five cards and play them (discarding an odd card now and then)."""
    acts = g.actions()
    shop_or_use = [a for a in acts if a & S.KIND_MASK in (S.BUY, S.USE, S.END, S.LEAVE)]
    if shop_or_use and (g.phase == S.SHOP or rng.below(3) == 0):
        return shop_or_use[rng.below(len(shop_or_use))]
    if g.plays_left == 0:
        return acts[rng.below(len(acts))]
    if g.picked == 0 and not g.joker_picked and g.discards_left and rng.below(6) == 0:
        return S.PICK | rng.below(g.hand_len)  # a card to discard
    if g.selection_size() == 1 and S.DISCARD in acts and rng.below(2) == 0:
        return S.DISCARD
    mask, joker = best_five(g)
    for i in range(g.hand_len):  # cards out first, so that there is always room
        if g.picked & ~mask & (1 << i):
            return S.PICK | i
    if g.joker_picked and not joker:
        return S.PICK | S.JOKER_SLOT
    for i in range(g.hand_len):
        if mask & ~g.picked & (1 << i):
            return S.PICK | i
    if joker != g.joker_picked:
        return S.PICK | S.JOKER_SLOT
    return S.PLAY


def random_policy(g, rng):
    acts = g.actions()
    return acts[rng.below(len(acts))]


def play_out(seed, policy, kinds=None):
    """One whole game; kinds (a bytearray of 16), if given, gets a mark for each action
    kind played (index = kind >> 12)."""
    g = S.Game(seed)
    rng = Rng(seed * 7 + 1)
    steps = 0
    while not g.over:
        a = policy(g, rng)
        g.apply(a)
        if kinds is not None:
            kinds[a >> 12] = 1
        g.check()  # 54 cards in place, hand order, round score = plays + tokens
        steps += 1
        assert steps < 2000
    assert g.actions() == [] and g.score == g.round and g.score >= 1
    return g


def test_random_play_outs_keep_the_invariants():
    for seed in range(1, 31):
        play_out(seed, random_policy)


def test_best_play_outs_reach_the_shop_and_use_tokens():
    rounds = 0
    kinds = bytearray(16)
    for seed in range(1, 13):
        g = play_out(seed, best_play_or_random, kinds)
        rounds += g.round
    assert rounds > 12 * 3  # best plays clear several rounds on average
    for kind in (S.BUY, S.USE, S.DISCARD):  # the shop and the tokens were reached
        assert kinds[kind >> 12], hex(kind)
