"""The Solatro evaluator against the whole deck (CPython only; the MicroPython sample is in
tests/shared/test_solatro_evaluator_sample.py).

- every 5-card hand of 52 cards: the well-known category counts;
- every hand of 1 to 4 cards: against a plain reference classifier;
- every play of 1 to 4 cards plus a Joker, and a seeded sample with two Jokers: the result
  equals the best over all substitutions of the Jokers by cards not already in the play.
"""

import itertools

import pytest

from deckdelve import cards
from deckdelve.games import solatro
from deckdelve.games.solatro import best_hand, category
from deckdelve.rng import Rng

pytestmark = pytest.mark.slow

# Category counts of all 2,598,960 five-card hands (Ace low and high straights count).
FIVE_CARD_COUNTS = {
    "Royal Flush": 4,
    "Straight Flush": 36,
    "Four of a Kind": 624,
    "Full House": 3744,
    "Flush": 5108,
    "Straight": 10200,
    "Three of a Kind": 54912,
    "Two Pair": 123552,
    "Pair": 1098240,
    "High Card": 1302540,
}


def test_every_five_card_hand():
    counts = [0] * 10
    for hand in itertools.combinations(range(52), 5):
        counts[category(hand)] += 1
    got = {solatro.HAND_NAMES[i]: counts[i] for i in range(10)}
    assert got == FIVE_CARD_COUNTS
    assert sum(counts) == 2598960


def short_reference(hand):
    """Category of 1 to 4 real cards: only rank multiplicities matter (no straights or
    flushes below five cards)."""
    shape = sorted((sum(1 for c in hand if c % 13 == r) for r in range(13)), reverse=True)
    if shape[0] == 4:
        return solatro.FOUR_OF_A_KIND
    if shape[0] == 3:
        return solatro.THREE_OF_A_KIND
    if shape[0] == 2 and shape[1] == 2:
        return solatro.TWO_PAIR
    if shape[0] == 2:
        return solatro.PAIR
    return solatro.HIGH_CARD


def test_every_short_hand():
    for n in range(1, 5):
        for hand in itertools.combinations(range(52), n):
            assert category(hand) == short_reference(hand), [cards.name(c) for c in hand]


def substituted_best(real, jokers):
    """Best category over every way of giving the Jokers distinct cards not in the play."""
    free = [c for c in range(52) if c not in real]
    return max(category(real + extra) for extra in itertools.combinations(free, jokers))


def test_every_play_with_one_joker():
    for n in range(1, 5):
        for real in itertools.combinations(range(52), n):
            want = substituted_best(real, 1)
            got = category(real + (cards.JOKER_A,))
            assert got == want, ([cards.name(c) for c in real], got, want)


def test_two_jokers_sample():
    rng = Rng(2026)
    deck = cards.deck()
    for _ in range(400):
        rng.shuffle(deck)
        for n in (1, 2, 3):
            real = tuple(deck[:n])
            want = substituted_best(real, 2)
            assert category(real + (cards.JOKER_A, cards.JOKER_B)) == want, real
    assert category((cards.JOKER_A, cards.JOKER_B)) == solatro.PAIR


def test_best_hand_names_and_points():
    assert best_hand([cards.parse(t) for t in ("AH", "KH", "QH", "JH", "10H")]) == (
        "Royal Flush", 150)
    assert best_hand([cards.parse("7C")]) == ("High Card", 5)
    assert best_hand((cards.JOKER_B,)) == ("High Card", 5)
