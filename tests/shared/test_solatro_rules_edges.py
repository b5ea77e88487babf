# heap: 64K
# Solatro rules at their edges (issue 13's mutation run): the cheapest token's price, the
# shuffle reaching the deck's bottom card, the hand's order, the selection's five-card cap
# counting the Joker, discards and tokens on the last play, the round waiting for each token
# that could still change its total, events that last one action, a lone Joker's hand.
# Runs under CPython (pytest) and under MicroPython (tests/test_micropython_shared.py).
from deckdelve import cards
from deckdelve.games import solatro as S

JK = cards.JOKER_A


def cs(text):
    return [cards.parse(t) for t in text.split()]


def hand_of(g):
    return " ".join(cards.name(g.hand[i]) for i in range(g.hand_len))


def index_of(g, text):
    c = cards.parse(text)
    for i in range(g.hand_len):
        if g.hand[i] == c:
            return i
    raise KeyError(text)


def position(hand, deck_top="", bank=cards.NONE, tokens=0, round_number=0):
    g = S.Game(1)
    g._setup_for_test(cs(hand), cs(deck_top), bank, tokens, round_number)
    g.check()
    return g


def act(g, action):
    assert action in g.actions(), (action, g.actions())
    g.apply(action)
    g.check()


def select(g, text):
    for t in text.split():
        act(g, S.PICK | index_of(g, t))


def play(g, text):
    select(g, text)
    act(g, S.PLAY)


def bit(t):
    return 1 << t


# ---- the start and the shop's cheapest token -----------------------------------------


def test_a_new_game_owns_no_token():
    # Tokens come from the bonus shop only: a game starts with none, and none to use.
    for seed in range(1, 6):
        g = S.Game(seed)
        assert g.tokens == 0
        assert [a for a in g.actions() if a & S.KIND_MASK == S.USE] == []


def test_extra_card_costs_ten():
    # "Extra Card | 10". Every score is a multiple of 5, so the price shows in what is left.
    g = position("AS AH AD KS KH 2C 5D 7H", "3C 4D 6S 8C JD QC 9S 10S")
    play(g, "AS AH AD KS KH")  # Full House 60
    play(g, "2C")
    play(g, "5D")  # 70 against 25: 45 to spend
    assert g.phase == S.SHOP and g.shop_points == 45
    act(g, S.BUY | S.EXTRA_CARD)
    assert g.phase == S.SHOP and g.shop_points == 35
    act(g, S.BUY | S.EXTRA_DISCARD)  # 10 left: nothing for 10 now, the next round starts
    assert g.phase == S.IN_ROUND and g.round == 2 and g.shop_points == 0


# ---- the shuffle and the hand's order ------------------------------------------------------


def test_every_card_can_open_a_round():
    # "Shuffle the deck": every one of the 52 cards (the bottom one of the unshuffled deck, AS,
    # too) is in some opening hand of the first 100 seeds (a card missing from all 100 by
    # chance: about 1 in 10**7).
    seen = bytearray(54)
    for seed in range(1, 101):
        g = S.Game(seed)
        for i in range(g.hand_len):
            seen[g.hand[i]] = 1
    assert [cards.name(c) for c in range(52) if not seen[c]] == []


RANK_ORDER = "A K Q J 10 9 8 7 6 5 4 3 2".split()


def reference_order(c):
    # The hand is kept Ace high, then K, Q, ... 2; within a rank S, H, D, C.
    name = cards.name(c)
    return RANK_ORDER.index(name[:-1]) * 4 + "SHDC".index(name[-1])


def sorted_names(g):
    hand = sorted((g.hand[i] for i in range(g.hand_len)), key=reference_order)
    return " ".join(cards.name(c) for c in hand)


def test_dealt_hands_are_in_rank_then_suit_order():
    for seed in range(1, 41):
        g = S.Game(seed)
        assert hand_of(g) == sorted_names(g), seed


def test_drawn_cards_go_to_their_place_in_the_order():
    # Each drawn card lands between its neighbours, the suits' order deciding within a rank
    # and the rank before the suit (a K of clubs above a Q of spades).
    g = position("QS 2C 5D 7H 9S JC 3H 4D", "KC AC KS 2S 10D 10S 6C")
    select(g, "2C 5D 7H 9S")
    act(g, S.DISCARD)
    assert hand_of(g) == "AC KS KC QS JC 4D 3H 2S"
    select(g, "3H 4D JC")
    act(g, S.DISCARD)
    assert hand_of(g) == "AC KS KC QS 10S 10D 6C 2S"
    assert hand_of(g) == sorted_names(g)


# ---- the selection -------------------------------------------------------------------------


def test_the_joker_counts_among_the_five_cards_of_a_play():
    # "choose up to 5 cards": four hand cards and the banked Joker are five; a fifth hand card
    # cannot join them.
    g = position("AS KS QS JS 9S 2C 5D 7H", "3C 4D 6S 8C", bank=JK)
    act(g, S.PICK | S.JOKER_SLOT)
    select(g, "AS KS QS JS")
    assert g.selection_size() == 5
    assert S.PICK | index_of(g, "9S") not in g.actions()
    assert S.PICK | index_of(g, "AS") in g.actions()  # taking one out is still allowed
    act(g, S.PLAY)
    assert g.round_score == 150  # the Joker is the 10 of spades: a Royal Flush


def test_selected_cards_keep_their_selection_when_a_card_lands_among_them():
    # Extra Card draws the 10S into the place of the (selected) 9C: the 9C moves up one and
    # stays selected; the new card is not selected.
    g = position("AS KH QD 9C 8S 7H 5D 3C", "10S", tokens=bit(S.EXTRA_CARD))
    select(g, "KH 9C 8S 3C")
    act(g, S.USE | S.EXTRA_CARD)
    assert hand_of(g) == "AS KH QD 10S 9C 8S 7H 5D 3C"
    assert g.selection() == cs("KH 9C 8S 3C")


def test_a_lone_joker_in_the_selection_is_a_high_card():
    # The scene names the selection's hand as it is built: the banked Joker alone is one card,
    # a High Card (it is not a play: a play needs a hand card).
    assert S.best_hand([JK]) == ("High Card", 5)
    assert S.best_hand([JK, cards.JOKER_B]) == ("Pair", 10)
    g = position("AS KH QD 9C 8S 7H 5D 3C", bank=JK)
    act(g, S.PICK | S.JOKER_SLOT)
    assert S.best_hand(g.selection()) == ("High Card", 5) and S.PLAY not in g.actions()


# ---- the last play -------------------------------------------------------------------------


def test_discards_are_allowed_before_the_last_play():
    # The three discards do not depend on the plays: with one play left, a discard (of the
    # hand's first card too) is still offered.
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC")
    play(g, "2C")
    play(g, "5D")
    assert g.plays_left == 1
    select(g, "AS")
    assert g.picked == 1
    act(g, S.DISCARD)
    assert g.discards_left == 2 and g.plays_left == 1 and g.hand_len == 8


def test_tokens_can_be_used_before_the_last_play():
    # "Bonus abilities can be used at any time during a round": Double Score, Extra Card and
    # Extra Discard with one play left.
    every = bit(S.EXTRA_CARD) | bit(S.EXTRA_DISCARD) | bit(S.DOUBLE_SCORE)
    g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC", tokens=every)
    play(g, "2C")
    play(g, "5D")
    act(g, S.USE | S.EXTRA_CARD)
    act(g, S.USE | S.EXTRA_DISCARD)
    assert g.hand_len == 9 and g.discards_left == 4
    act(g, S.USE | S.DOUBLE_SCORE)
    play(g, "AS AH")
    assert g.events[0] == (S.EV_ROUND_CLEARED, 1, 30)  # 5 + 5 + 2 * 10


def test_the_round_waits_for_pocket_points_alone_and_for_extra_hand_alone():
    for token in (S.POCKET_POINTS, S.EXTRA_HAND):
        g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC", tokens=bit(token))
        play(g, "2C")
        play(g, "5D")
        play(g, "7H")
        assert g.phase == S.IN_ROUND and g.plays_left == 0 and not g.over, token
        assert sorted(g.actions()) == [S.USE | token, S.END]


def test_the_round_does_not_wait_for_tokens_that_need_a_play():
    # Double Score, Extra Card, Extra Discard and Shield cannot change a finished round's
    # total: the round ends with its last play.
    for token in (S.DOUBLE_SCORE, S.EXTRA_CARD, S.EXTRA_DISCARD, S.SHIELD):
        g = position("AS AH KS KH 2C 5D 7H 9S", "3C 4D 6S 8C JD QC", tokens=bit(token))
        play(g, "AS AH")
        play(g, "KS KH")
        play(g, "9S")
        assert g.round == 2 and g.tokens == bit(token), token


# ---- events --------------------------------------------------------------------------------


def test_events_belong_to_the_action_that_caused_them():
    # The scene shows each action's events once: the Joker banked by a discard's draw is not
    # reported again by the next action.
    g = position("AS AH KS KH 2C 5D 7H 9S", "JK 3C")
    select(g, "2C")
    act(g, S.DISCARD)
    assert g.events == [(S.EV_JOKER_BANKED, JK, 0)]
    act(g, S.PICK | index_of(g, "AS"))
    assert g.events == []


def test_each_suit_has_its_own_place_within_a_rank():
    # Spades above hearts above diamonds above clubs, whichever arrives first.
    g = position("AH 2D 3C 9S 8S 7S 6S 5S", "AS 2H 3D")
    select(g, "9S 8S 7S")
    act(g, S.DISCARD)
    assert hand_of(g) == "AS AH 6S 5S 3D 3C 2H 2D"
