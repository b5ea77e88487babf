# Cards are small ints so that a deck is a bytearray, not a list of objects.
#   card = suit * 13 + rank      rank 0..12 = A,2,..,10,J,Q,K     suit 0..3 = S,H,D,C
#   52 and 53 are the two Jokers; NONE (255) marks an empty place in a bytearray.
# Games that rank Aces high do it in their own rules module; this file knows no game.

NONE = 255
JOKER_A = 52
JOKER_B = 53

SPADES = 0
HEARTS = 1
DIAMONDS = 2
CLUBS = 3

ACE = 0
JACK = 10
QUEEN = 11
KING = 12

RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_LETTERS = "SHDC"
# Font codes of the suit glyphs in ui/font.py, indexed by suit.
SUIT_CHARS = "\x01\x02\x03\x04"


def make(rank, suit):
    return suit * 13 + rank


def rank(card):
    return card % 13


def suit(card):
    return card // 13


def value(card):
    """Face value with Ace = 1 and J, Q, K = 11, 12, 13."""
    return card % 13 + 1


def is_joker(card):
    return card == JOKER_A or card == JOKER_B


def is_face(card):
    return card < 52 and card % 13 >= JACK


def is_red(card):
    s = card // 13
    return s == HEARTS or s == DIAMONDS


def deck(jokers=False):
    """A fresh, unshuffled deck as a bytearray."""
    return bytearray(range(54 if jokers else 52))


def name(card):
    """Short ASCII name for logs and tests: 'AS', '10H', 'KC', 'JK', '--'."""
    if card == NONE:
        return "--"
    if card >= 52:
        return "JK"
    return RANK_NAMES[card % 13] + SUIT_LETTERS[card // 13]


def parse(text):
    """Inverse of name(): 'QH' -> 11 + 13. For tests and scenario set-up."""
    if text == "JK":
        return JOKER_A
    if text == "--":
        return NONE
    return make(RANK_NAMES.index(text[:-1]), SUIT_LETTERS.index(text[-1]))
