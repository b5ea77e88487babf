# Solatro (TechDweeb): score poker hands against a target that rises 25 points a round; spend
# the excess on tokens in the bonus shop; survive as many rounds as you can.
# Decisions where the rule text is silent are in docs/rules/solatro.md.
#
# Actions (ints < 2**16), kind in the high bits:
#   PICK | i      put hand[i] into the selection or take it out (i = JOKER_SLOT: the banked
#                 Joker); at most 5 cards selected
#   PLAY          play the selection (1..5 cards, at least one from the hand)
#   DISCARD       discard the selection (1..5 hand cards, not the Joker)
#   USE | token   use an owned token (not SHIELD: it is spent automatically)
#   END           end the round (offered only while a token could still change the total
#                 after the last play: Extra Hand, Pocket Points)
#   BUY | token   buy a token in the shop
#   LEAVE         leave the shop; the next round starts
# The selection is part of the game, built one card at a time, rather than one action per
# subset: a 9-card hand has 381 subsets of 1..5 cards, and listing them (with and without the
# Joker, to play or to discard) would make actions() a list of over 1,100 ints, too big for
# the Pico's heap.
#
# Where the cards are: every one of the 54 is in exactly one of deck (drawn from its end),
# hand, played (set aside this round), discards (this round's discards, used and lost Jokers)
# or bank (the one banked Joker). Between rounds all but the bank go back to the deck.

from deckdelve import cards
from deckdelve.game import Game as BaseGame

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# Hand categories, lowest first; HAND_POINTS is the rule text's Hand Scores chart.
HIGH_CARD = const(0)
PAIR = const(1)
TWO_PAIR = const(2)
THREE_OF_A_KIND = const(3)
STRAIGHT = const(4)
FLUSH = const(5)
FULL_HOUSE = const(6)
FOUR_OF_A_KIND = const(7)
STRAIGHT_FLUSH = const(8)
ROYAL_FLUSH = const(9)
HAND_NAMES = (
    "High Card", "Pair", "Two Pair", "Three of a Kind", "Straight", "Flush", "Full House",
    "Four of a Kind", "Straight Flush", "Royal Flush",
)
HAND_POINTS = (5, 10, 20, 30, 40, 50, 60, 100, 125, 150)

# Tokens of the bonus shop, as bits of Game.tokens.
EXTRA_CARD = const(0)
EXTRA_DISCARD = const(1)
POCKET_POINTS = const(2)
EXTRA_HAND = const(3)
DOUBLE_SCORE = const(4)
SHIELD = const(5)
TOKEN_COUNT = const(6)
TOKEN_NAMES = (
    "Extra Card", "Extra Discard", "Pocket Points", "Extra Hand", "Double Score", "Shield",
)
TOKEN_PRICES = (10, 25, 50, 75, 100, 150)
# What each token adds (the scene says them from here).
EXTRA_CARDS = const(1)  # Extra Card: cards in hand
EXTRA_DISCARDS = const(1)  # Extra Discard
POCKET_BONUS = const(25)  # Pocket Points: points
EXTRA_PLAYS = const(1)  # Extra Hand
DOUBLE_FACTOR = const(2)  # Double Score: the next play's points times this

# Milestones: (rounds survived, rank name), from the rule text's Metagame table.
RANKS = ((3, "Cat Food"), (5, "Little Dweeb"), (7, "Official Dweeb"),
         (10, "Ultra Mega Uber Giga-Dweeb"))
# summary(), beside the score in the high-score table: the rank's own words, whole (a tag
# made of clipped words, "OffDweeb", read as another word), the longest rank by its last word.
RANK_TAGS = ("Cat Food", "Little Dweeb", "Official Dweeb", "Giga-Dweeb")

# Action kinds.
PICK = const(0x7000)
PLAY = const(0x1000)
DISCARD = const(0x2000)
USE = const(0x3000)
END = const(0x4000)
BUY = const(0x5000)
LEAVE = const(0x6000)
KIND_MASK = const(0xF000)
JOKER_SLOT = const(9)  # PICK | JOKER_SLOT selects the banked Joker

# Phases.
# mutate: labels (names for the scenes and the log: any distinct values play the same)
IN_ROUND = const(0)
SHOP = const(1)
OVER = const(2)
# mutate: end

# Events (code, a, b).
# mutate: labels (names for the scenes and the log: any distinct values play the same)
EV_JOKER_BANKED = const(1)  # (code, joker card, 0)
EV_JOKERS_LOST = const(2)  # (code, 0, 0): a second Joker arrived while one was banked
EV_ROUND_CLEARED = const(3)  # (code, round, round score)
EV_SHIELD_USED = const(4)  # (code, round, round score)
EV_DIED = const(5)  # (code, round, round score)
# mutate: end

START_TARGET = const(25)
TARGET_STEP = const(25)
HAND_SIZE = const(8)
PLAYS = const(3)
DISCARDS = const(3)
MAX_PLAY = const(5)
MAX_HAND = const(HAND_SIZE + EXTRA_CARDS)  # with Extra Card
MAX_PLAYS = const(PLAYS + EXTRA_PLAYS)  # with Extra Hand

# Rank bit masks of the five-rank runs a straight can fill (bit r = rank r, Ace = 0):
# A-2-3-4-5 up to 9-10-J-Q-K, then 10-J-Q-K-A (the royal run, checked first).
_ROYAL_RUN = const(0x1E01)
_RUNS = (_ROYAL_RUN, 0x1F00, 0xF80, 0x7C0, 0x3E0, 0x1F0, 0xF8, 0x7C, 0x3E, 0x1F)

_counts = bytearray(13)  # scratch for category(); left all zero between calls


def category(hand):
    """The best hand category (HIGH_CARD..ROYAL_FLUSH) that 1 to 5 cards make, each Joker
    taking whatever card makes the best hand. Straights and flushes need five cards."""
    n = len(hand)
    if n < 1 or n > MAX_PLAY:
        raise ValueError("a hand has 1 to 5 cards")
    counts = _counts
    jokers = 0
    mask = 0
    most = 1
    pairs = 0
    distinct = 0
    suit = -1
    one_suit = True
    for c in hand:
        if c >= 52 or c < 0:
            if c > 53 or c < 0:
                # Cards before this one are already counted: clean the shared scratch, or the
                # next call would count them again.
                for r in range(13):
                    counts[r] = 0
                raise ValueError("not a card: %d" % c)
            jokers += 1
            continue
        r = c % 13
        k = counts[r] + 1
        counts[r] = k
        if k == 1:
            distinct += 1
            mask |= 1 << r
        elif k == 2:
            pairs += 1
        if k > most:
            most = k
        s = c // 13
        if s != suit:
            if suit < 0:
                suit = s
            else:
                one_suit = False
    for c in hand:
        if c < 52:
            counts[c % 13] = 0
    straight = False
    if n == 5 and distinct == n - jokers:
        # Five different ranks (Jokers fill the gaps): a straight if they fit in one run.
        for run in _RUNS:
            if mask & run == mask:
                straight = True
                if one_suit:
                    return ROYAL_FLUSH if run == _ROYAL_RUN else STRAIGHT_FLUSH
                break
    same = most + jokers
    if jokers == n:
        same = n  # only Jokers: they are all the same rank
    if same >= 4:
        return FOUR_OF_A_KIND  # five of a kind is not in the chart: it scores as four
    if n == 5 and distinct <= 2:
        return FULL_HOUSE
    if n == 5 and one_suit:
        return FLUSH
    if straight:
        return STRAIGHT
    if same == 3:
        return THREE_OF_A_KIND
    if pairs >= 2:
        return TWO_PAIR
    if same == 2:
        return PAIR
    return HIGH_CARD


def best_hand(hand):
    """(name, points) of the best poker hand that 1 to 5 cards (0..53, Jokers wild) make."""
    c = category(hand)
    return HAND_NAMES[c], HAND_POINTS[c]


def target(round_number):
    return START_TARGET + TARGET_STEP * (round_number - 1)


def rank_index(rounds_survived):
    """Index into RANKS of the milestone reached, or -1 below the first."""
    i = -1
    for j in range(len(RANKS)):
        if rounds_survived >= RANKS[j][0]:
            i = j
    return i


def _hand_key(card):
    # Hand order: Ace high, then K, Q, ... 2; within a rank S, H, D, C.
    return ((card % 13 + 12) % 13) * 4 + 3 - card // 13


# The game-over screen names the score this way (the score is the round reached).
SCORE_LABEL = "ROUND"


class Game(BaseGame):
    NAME = "solatro"

    def __init__(self, seed, options=()):
        super().__init__(seed, options)
        self.deck = cards.deck(True)
        self.deck_len = 54
        self.hand = bytearray(MAX_HAND)
        self.hand_len = 0
        self.played = bytearray(54)
        self.played_len = 0
        self.discards = bytearray(54)
        self.discards_len = 0
        self.bank = cards.NONE
        self.tokens = 0  # bit t set = token t owned
        self.phase = IN_ROUND
        self.round = 0
        self.target = 0
        self.round_score = 0
        self.plays_left = 0
        self.discards_left = 0
        self.hand_limit = HAND_SIZE
        self.double_armed = False
        self.picked = 0  # the selection: bit i = hand[i]
        self.joker_picked = False  # the banked Joker is in the selection
        self.shop_points = 0  # the excess still to spend in the shop
        # This round's plays, for check(): how many cards each took from `played`, whether the
        # banked Joker joined it, its points (after Double Score); and Pocket Points used.
        self.play_count = 0
        self.play_sizes = bytearray(MAX_PLAYS)
        self.play_jokers = bytearray(MAX_PLAYS)
        self.play_points = [0] * MAX_PLAYS
        self.doubled_play = -1  # the play Double Score doubled this round (one token: one)
        self.pocket_used = False
        self._start_round()  # its Joker events stay in self.events for the scene to show

    # ---- the contract ------------------------------------------------------------------

    def actions(self):
        acts = []
        if self.phase == IN_ROUND:
            if self.plays_left > 0:
                for i in range(self.hand_len):
                    if self._can_pick(i):
                        acts.append(PICK | i)
                if self._can_pick(JOKER_SLOT):
                    acts.append(PICK | JOKER_SLOT)
                if self._can_play():
                    acts.append(PLAY)
                if self._can_discard():
                    acts.append(DISCARD)
            for t in range(TOKEN_COUNT):
                if self._can_use(t):
                    acts.append(USE | t)
            if self.plays_left == 0:
                acts.append(END)
        elif self.phase == SHOP:
            for t in range(TOKEN_COUNT):
                if self._can_buy(t):
                    acts.append(BUY | t)
            acts.append(LEAVE)
        return acts

    def do(self, action):
        kind = action & KIND_MASK
        arg = action & 0xFFF
        if kind == PICK:
            if arg == JOKER_SLOT:
                self.joker_picked = not self.joker_picked
            else:
                self.picked ^= 1 << arg
        elif kind == PLAY:
            self._play()
        elif kind == DISCARD:
            self._discard()
        elif kind == USE:
            self._use(arg)
        elif kind == END:
            self._end_round()
        elif kind == BUY:
            self.tokens |= 1 << arg
            self.shop_points -= TOKEN_PRICES[arg]
            if not self._shop_open():
                self._start_round()
        else:  # LEAVE
            self._start_round()
        self._round_end_first()

    def _round_end_first(self):
        """The events in the order the rules tell them (issue 33: messages in the order of the
        events): a round ends with its last play, so the Jokers the draw back after that play
        turned up (banked, or both lost) come after the round's end, not before it (the draw
        happens first in the code: the round is judged once the hand is full again)."""
        evs = self.events
        for i in range(len(evs)):
            code = evs[i][0]
            if code == EV_ROUND_CLEARED or code == EV_SHIELD_USED or code == EV_DIED:
                if i:
                    end = evs.pop(i)
                    evs.insert(0, end)
                return

    def progress(self):
        return self.round

    def rank_name(self):
        """The milestone rank of this run so far ("" below Cat Food)."""
        i = rank_index(self.rounds_survived())
        return RANKS[i][1] if i >= 0 else ""

    def rounds_survived(self):
        # In the shop the round just played has been survived; in a round or dead in it, not.
        return self.round if self.phase == SHOP else self.round - 1

    def summary(self):
        # The score (the round reached) is shown beside it: the summary names the rank.
        i = rank_index(self.rounds_survived())
        return RANK_TAGS[i] if i >= 0 else "no rank"

    def check(self):
        seen = bytearray(54)
        total = 0
        for buf, n in ((self.deck, self.deck_len), (self.hand, self.hand_len),
                       (self.played, self.played_len), (self.discards, self.discards_len)):
            for i in range(n):
                c = buf[i]
                if c >= 54 or seen[c]:
                    raise ValueError("card %d misplaced or twice" % c)
                seen[c] = 1
            total += n
        if self.bank != cards.NONE:
            if not cards.is_joker(self.bank) or seen[self.bank]:
                raise ValueError("bank holds %d" % self.bank)
            total += 1
        if total != 54:
            raise ValueError("%d cards, not 54" % total)
        for i in range(self.hand_len):
            if cards.is_joker(self.hand[i]):
                raise ValueError("a Joker in the hand")
            if i and _hand_key(self.hand[i - 1]) < _hand_key(self.hand[i]):
                raise ValueError("hand out of order")
        if self.phase == IN_ROUND and self.hand_len != self.hand_limit and self.deck_len:
            raise ValueError("hand of %d below its limit %d" % (self.hand_len, self.hand_limit))
        # The round score is the sum of the plays' values and the token effects.
        total = POCKET_BONUS if self.pocket_used else 0
        start = 0
        for p in range(self.play_count):
            size = self.play_sizes[p]
            hand = list(self.played[start:start + size])
            start += size
            if self.play_jokers[p]:
                hand.append(cards.JOKER_A)
            points = HAND_POINTS[category(hand)]
            if p == self.doubled_play:
                points *= DOUBLE_FACTOR
            if self.play_points[p] != points:
                raise ValueError("play %d scored %d for %s" % (p, self.play_points[p], hand))
            total += self.play_points[p]
        if start != self.played_len:
            raise ValueError("played cards do not match the plays")
        if total != self.round_score:
            raise ValueError("round score %d, plays and tokens %d" % (self.round_score, total))
        if self.double_armed and (self.doubled_play >= 0 or self.plays_left == 0):
            raise ValueError("Double Score armed twice, or with no play left")
        if self.round < 1 or self.target != target(self.round) or self.score != self.round:
            raise ValueError("round %d target %d score %d" % (self.round, self.target, self.score))
        if self.phase == SHOP and not 0 <= self.shop_points <= self.round_score - self.target:
            raise ValueError("shop points %d" % self.shop_points)
        if self.picked >> self.hand_len or self.selection_size() > MAX_PLAY:
            raise ValueError("selection %x of %d cards" % (self.picked, self.hand_len))
        if self.joker_picked and self.bank == cards.NONE:
            raise ValueError("an absent Joker is selected")
        if self.phase != IN_ROUND and (self.picked or self.joker_picked):
            raise ValueError("a selection outside a round")
        if self.over != (self.phase == OVER):
            raise ValueError("over and phase disagree")

    # ---- rules -------------------------------------------------------------------------

    def selection(self):
        """The selected cards as a list (the Joker last), for the scene and the bots."""
        hand = []
        for i in range(self.hand_len):
            if self.picked & (1 << i):
                hand.append(self.hand[i])
        if self.joker_picked:
            hand.append(self.bank)
        return hand

    def selection_size(self):
        return _bits(self.picked) + (1 if self.joker_picked else 0)

    def _can_pick(self, i):
        if self.phase != IN_ROUND or self.plays_left < 1:
            return False
        if i == JOKER_SLOT:
            if self.bank == cards.NONE:
                return False
            on = self.joker_picked
        elif i < self.hand_len:
            on = self.picked & (1 << i)
        else:
            return False
        return on or self.selection_size() < MAX_PLAY

    def _can_play(self):
        return self.plays_left > 0 and self.picked != 0

    def _can_discard(self):
        return (self.plays_left > 0 and self.discards_left > 0 and self.picked != 0
                and not self.joker_picked)

    def _can_use(self, t):
        if self.phase != IN_ROUND or not self.tokens & (1 << t):
            return False
        if t == POCKET_POINTS or t == EXTRA_HAND:
            return True  # they can still change the total after the last play
        if t == EXTRA_CARD or t == EXTRA_DISCARD or t == DOUBLE_SCORE:
            return self.plays_left > 0
        return False  # SHIELD is spent automatically when a round fails

    def _can_buy(self, t):
        return not self.tokens & (1 << t) and TOKEN_PRICES[t] <= self.shop_points

    def _shop_open(self):
        for t in range(TOKEN_COUNT):
            if self._can_buy(t):
                return True
        return False

    def _play(self):
        joker = self.joker_picked
        start = self.played_len
        self._take(self.played, start)
        size = self.played_len - start
        hand = list(self.played[start:self.played_len])
        if joker:
            hand.append(self.bank)
            self.discards[self.discards_len] = self.bank
            self.discards_len += 1
            self.bank = cards.NONE
        points = HAND_POINTS[category(hand)]
        p = self.play_count
        if self.double_armed:
            points *= DOUBLE_FACTOR
            self.double_armed = False
            self.doubled_play = p
        self.play_sizes[p] = size
        self.play_jokers[p] = 1 if joker else 0
        self.play_points[p] = points
        self.play_count = p + 1
        self.round_score += points
        self.plays_left -= 1
        self._draw_up()
        self._end_if_done()

    def _end_if_done(self):
        # After the last play the round waits (for END) only while an owned token could still
        # change its total.
        if self.plays_left == 0 and not self.tokens & (1 << POCKET_POINTS | 1 << EXTRA_HAND):
            self._end_round()

    def _discard(self):
        self._take(self.discards, self.discards_len)
        self.discards_left -= 1
        self._draw_up()

    def _take(self, dest, dest_len):
        """Move the selected hand cards to dest[dest_len:], closing the gaps; the selection is
        then empty (a selected Joker is the caller's to move)."""
        mask = self.picked
        self.picked = 0
        self.joker_picked = False
        keep = 0
        for i in range(self.hand_len):
            c = self.hand[i]
            if mask & (1 << i):
                dest[dest_len] = c
                dest_len += 1
            else:
                self.hand[keep] = c
                keep += 1
        self.hand_len = keep
        if dest is self.played:
            self.played_len = dest_len
        else:
            self.discards_len = dest_len

    def _use(self, t):
        self.tokens &= ~(1 << t)
        if t == EXTRA_CARD:
            self.hand_limit = HAND_SIZE + EXTRA_CARDS
            self._draw_up()
        elif t == EXTRA_DISCARD:
            self.discards_left += EXTRA_DISCARDS
        elif t == POCKET_POINTS:
            self.round_score += POCKET_BONUS
            self.pocket_used = True
        elif t == EXTRA_HAND:
            self.plays_left += EXTRA_PLAYS
        elif t == DOUBLE_SCORE:
            self.double_armed = True
        self._end_if_done()

    def _draw_up(self):
        while self.hand_len < self.hand_limit and self.deck_len > 0:
            self.deck_len -= 1
            c = self.deck[self.deck_len]
            if cards.is_joker(c):
                if self.bank == cards.NONE:
                    self.bank = c
                    self.events.append((EV_JOKER_BANKED, c, 0))
                else:
                    # "If you have a banked joker and another shows up, you lose BOTH!"
                    self.discards[self.discards_len] = self.bank
                    self.discards[self.discards_len + 1] = c
                    self.discards_len += 2
                    self.bank = cards.NONE
                    self.joker_picked = False
                    self.events.append((EV_JOKERS_LOST, 0, 0))
                continue
            # Insert in hand order (Ace high); selected cards at or after i move up one place.
            i = self.hand_len
            key = _hand_key(c)
            while i > 0 and _hand_key(self.hand[i - 1]) < key:
                self.hand[i] = self.hand[i - 1]
                i -= 1
            self.hand[i] = c
            self.hand_len += 1
            low = self.picked & ((1 << i) - 1)
            self.picked = low | ((self.picked ^ low) << 1)

    def _end_round(self):
        score = self.round_score
        if score >= self.target:
            self.events.append((EV_ROUND_CLEARED, self.round, score))
            self.shop_points = score - self.target
        elif self.tokens & (1 << SHIELD):
            self.tokens &= ~(1 << SHIELD)
            self.events.append((EV_SHIELD_USED, self.round, score))
            self.shop_points = 0
        else:
            self.events.append((EV_DIED, self.round, score))
            self.phase = OVER
            self.over = True
            return
        if self._shop_open():
            self.phase = SHOP
        else:
            self._start_round()

    def _start_round(self):
        # Hand, played cards and discards go back into the deck; a banked Joker stays banked.
        n = 0
        for c in range(54):
            if c != self.bank:
                self.deck[n] = c
                n += 1
        self.deck_len = n
        self.rng.shuffle(self.deck, 0, n)
        self.hand_len = 0
        self.played_len = 0
        self.discards_len = 0
        self.round += 1
        self.score = self.round
        self.target = target(self.round)
        self.round_score = 0
        self.plays_left = PLAYS
        self.discards_left = DISCARDS
        self.hand_limit = HAND_SIZE
        self.double_armed = False
        self.picked = 0
        self.joker_picked = False
        self.shop_points = 0
        self.play_count = 0
        self.doubled_play = -1
        self.pocket_used = False
        self.phase = IN_ROUND
        self._draw_up()

    # ---- for tests -------------------------------------------------------------------

    def _setup_for_test(self, hand, deck_top=(), bank=cards.NONE, tokens=0, round_number=0):
        """Start the current round over from a chosen position: `hand` (card ints) in the hand,
        `deck_top` drawn next (first listed = first drawn), `bank` banked, `tokens` owned (a bit
        mask), in round `round_number` (0: the current one); every other card lies in the deck
        below, in a fixed order with the Jokers at the bottom."""
        if round_number:
            self.round = round_number
            self.score = round_number
            self.target = target(round_number)
        placed = bytearray(54)
        for c in hand:
            placed[c] = 1
        for c in deck_top:
            placed[c] = 1
        if bank != cards.NONE:
            placed[bank] = 1
        n = 0
        for c in (cards.JOKER_A, cards.JOKER_B) + tuple(range(52)):  # Jokers drawn last
            if not placed[c]:
                self.deck[n] = c
                n += 1
        for i in range(len(deck_top) - 1, -1, -1):
            self.deck[n] = deck_top[i]
            n += 1
        self.deck_len = n
        self.bank = bank
        self.tokens = tokens
        self.hand_len = 0
        self.played_len = 0
        self.discards_len = 0
        for c in hand:
            self.hand[self.hand_len] = c
            self.hand_len += 1
        # Keep the hand order the game keeps.
        for i in range(1, self.hand_len):
            j = i
            while j > 0 and _hand_key(self.hand[j - 1]) < _hand_key(self.hand[j]):
                self.hand[j], self.hand[j - 1] = self.hand[j - 1], self.hand[j]
                j -= 1
        self.round_score = 0
        self.play_count = 0
        self.doubled_play = -1
        self.pocket_used = False
        self.double_armed = False
        self.picked = 0
        self.joker_picked = False
        self.events = []


def _bits(mask):
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


def spends(game, action):
    """What a player cannot take back (HANDHELD.md's manner 1; the manners check asks it before
    every action a press of A makes right after the screen changed): a purchase in the shop,
    a token used, a discard (the cards are gone and a discard is counted), and leaving the
    shop while something is still affordable (the points left are lost)."""
    kind = action & KIND_MASK
    if kind == LEAVE:
        return game.phase == SHOP and game._shop_open()
    return kind == BUY or kind == USE or kind == DISCARD
