# The Solatro evaluator on a seeded sample, checked against a plain reference classifier, so
# that MicroPython is shown to agree (the exhaustive test is tests/test_solatro_evaluator.py,
# CPython only). Runs under CPython and MicroPython.
from deckdelve import cards
from deckdelve.games import solatro as S
from deckdelve.rng import Rng


def reference(hand):
    """Category of 1 to 5 real cards, written the plain way: sorted rank multiplicities, and
    for five different ranks a look for a run and one suit."""
    counts = [0] * 13
    for c in hand:
        counts[c % 13] += 1
    shape = sorted(counts, reverse=True)
    if len(hand) == 5 and shape[0] == 1:
        ranks = sorted(c % 13 for c in hand)
        flush = len(set(c // 13 for c in hand)) == 1
        run = ranks[4] - ranks[0] == 4
        royal = ranks == [0, 9, 10, 11, 12]
        if royal and flush:
            return S.ROYAL_FLUSH
        if (run or royal) and flush:
            return S.STRAIGHT_FLUSH
        if flush:
            return S.FLUSH
        if run or royal:
            return S.STRAIGHT
        return S.HIGH_CARD
    if shape[0] == 4:
        return S.FOUR_OF_A_KIND
    if shape[0] == 3 and shape[1] == 2:
        return S.FULL_HOUSE
    if shape[0] == 3:
        return S.THREE_OF_A_KIND
    if shape[0] == 2 and shape[1] == 2:
        return S.TWO_PAIR
    if shape[0] == 2:
        return S.PAIR
    return S.HIGH_CARD


def test_random_hands_agree_with_the_reference():
    rng = Rng(11)
    deck = cards.deck()
    for i in range(3000):
        rng.shuffle(deck)
        n = 5 if i % 3 else 1 + i % 5
        hand = deck[:n]
        assert S.category(hand) == reference(hand), [cards.name(c) for c in hand]


def test_every_category_is_reached_by_dealt_hands():
    # Rare hands built from shuffled suits and runs, so every branch runs on this interpreter.
    rng = Rng(12)
    seen = bytearray(10)
    for i in range(400):
        s = rng.below(4)
        low = rng.below(10)
        ranks = [(low + k) % 13 for k in range(5)] if low < 9 else [9, 10, 11, 12, 0]
        suits = [s] * 5 if i % 2 else [rng.below(4) for _ in range(5)]
        hand = bytes(suits[k] * 13 + ranks[k] for k in range(5))
        if low == 9 or ranks[4] > ranks[0] or ranks == [0, 1, 2, 3, 4]:
            c = S.category(hand)
            assert c == reference(hand), [cards.name(x) for x in hand]
            seen[c] = 1
    for text in ("2S 5H 9D JC KS", "2H 7H 9H JH KH", "5S 5H 5D 5C 9H", "3S 3H 3D 8C 8S",
                 "7S 7H 9C 9D 2S", "QS QH QD 2C 4C", "7S 7H 2C 4D 9S"):
        hand = [cards.parse(t) for t in text.split()]
        c = S.category(hand)
        assert c == reference(hand)
        seen[c] = 1
    assert bytes(seen) == b"\x01" * 10, list(seen)


def test_jokers_equal_the_best_substitution():
    rng = Rng(13)
    deck = cards.deck()
    for i in range(60):
        rng.shuffle(deck)
        real = list(deck[:1 + i % 4])
        best = -1
        for sub in range(52):
            if sub not in real:
                c = S.category(real + [sub])
                if c > best:
                    best = c
        assert S.category(real + [cards.JOKER_B]) == best, [cards.name(c) for c in real]


def test_bad_input_is_refused():
    for bad in ((), (1, 2, 3, 4, 5, 6), (54,)):
        try:
            S.category(bad)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % (bad,))


def test_a_refused_hand_leaves_the_evaluator_clean():
    # category() counts ranks in a shared scratch: a bad card met after good ones must not
    # leave their counts behind (the Ace here would turn the next pair into three of a kind).
    for bad in ((0, 12, 54), (0, 12, -1)):
        try:
            S.category(bad)
        except ValueError:
            pass
        else:
            raise AssertionError("accepted %r" % (bad,))
        assert S.best_hand((0, 13)) == ("Pair", 10)
        assert S.best_hand((0, 12, 25)) == ("Pair", 10)
        assert S.best_hand((1,)) == ("High Card", 5)
