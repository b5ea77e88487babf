# Red Queen's Dungeon: rules only (see docs/rules/red_queen.md for every decision where the
# rule text is silent or ambiguous; the decisions are named "D1".."Dn" in comments here).
#
# Places, each a Pile (top = last card): deck, stash 0 and 1, discard, defeated. The hand is
# three slots (NONE = empty). `drawn` is the weapon waiting to be placed. A fight is up to
# MAX_FOES foes; foe i holds foe[i] and its weapons foe_weapon[2i], foe_weapon[2i+1] (only
# the Queen uses the second). Fled enemies wait beside the Queen in fled / fled_weapon.
#
# Actions: kind << 12 | x << 8 | y << 4 | z
#   HAND   x = hand slot              the drawn weapon into an empty hand slot
#   SWAP   x = hand slot, y = stash   the drawn weapon into the slot; the old one onto the stash
#   STASH  x = stash                  the drawn weapon onto a stash
#   REFILL x = stash                  the top of a stash into the first empty hand slot
#   ATTACK x = target (2*foe + weapon), y = hand slot, z = partner: NO_PARTNER, a hand slot
#          0..2, or 3 + stash for a stash top (combining; the hand card's suit stays)
#   RUN                               flee from every foe of this fight (only with fewer
#                                     than two runs: a third one needed loses at once)
#
# Events (code, a, b): see the EV_ constants.
# Scenario tests build positions by setting these fields (setup_position in
# tests/shared/test_red_queen.py), then run the automatic steps with _advance().

from deckdelve import cards
from deckdelve.cards import NONE
from deckdelve.game import Game as BaseGame

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# mutate: labels (names for the scenes and the log: any distinct values play the same)
HAND = const(1)
SWAP = const(2)
STASH = const(3)
REFILL = const(4)
ATTACK = const(5)
RUN = const(6)
# mutate: end
NO_PARTNER = const(15)

# Phases
# mutate: labels (names for the scenes and the log: any distinct values play the same)
PLACE = const(0)  # a drawn weapon waits in `drawn`
FIGHT = const(1)  # a fight against the foes in `foe`
REFILL_AFTER_RUN = const(2)  # after running: take stash tops until the hand is full
FINAL = const(3)  # the final battle (no running)
OVER = const(4)
# mutate: end

# Events: (code, a, b)
# mutate: labels (names for the scenes and the log: any distinct values play the same)
EV_ENEMY = const(1)  # a = enemy card: an enemy appears
EV_WEAPON = const(2)  # a = enemy, b = its weapon (NONE: nothing left to arm it with)
EV_BACK = const(3)  # a = a third JQK, shuffled back into the deck
EV_DEFEATED = const(4)  # a = enemy defeated
EV_DISARMED = const(5)  # a = the Queen, b = one of her two weapons beaten
EV_FLED = const(6)  # a = runs used so far, b = enemies fled
EV_FINAL = const(7)  # a = number of foes in the final battle
EV_WON = const(8)  # a = score
EV_LOST = const(9)  # a = LOST_RUN or LOST_FINAL
EV_IGNORED = const(10)  # a = JQK drawn while refilling after a run, put back in the deck
EV_REFILLED = const(11)  # a = a weapon the deck gave the hand after a run (D12), one each

LOST_RUN = const(0)  # a third run was needed
LOST_FINAL = const(1)  # stuck in the final battle
# mutate: end

MAX_FOES = const(5)  # the Queen and up to four fled enemies (two runs of two)
HAND_SIZE = const(3)
MAX_RUNS = const(2)
QUEEN_OF_HEARTS = const(24)  # cards.make(cards.QUEEN, cards.HEARTS)

_STASH_ACE = const(20)
PER_ENEMY = const(10)
WIN_BONUS = const(80)
GUARDS = const(12)  # the enemies in a deck: J, Q, K of each suit (the scene names the count)


def act(kind, x=0, y=0, z=0):
    return kind << 12 | x << 8 | y << 4 | z


def is_weapon(card):
    """D1: every card that is not a Jack, Queen or King is a weapon, Aces included."""
    return card % 13 < cards.JACK


def strength(value):
    """Rank order for same-suit fights: 2..10, J, Q, K, then Ace (value 1) above all."""
    return 14 if value == 1 else value


def combined_value(base, partner):
    """Face values added with wrap-around past 10 (D2: an Ace counts 1 when added; a total
    of 11 wraps to 1, which is an Ace)."""
    return (cards.value(base) + cards.value(partner) - 1) % 10 + 1


def beats(value, suit, weapon):
    """D4: does a weapon of this value (1 = Ace) and suit defeat an enemy's weapon? Equal
    value in any suit, or a higher rank of the same suit."""
    if weapon == NONE:  # D7: an unarmed enemy falls to any weapon
        return True
    enemy_value = cards.value(weapon)
    if value == enemy_value:
        return True
    return suit == cards.suit(weapon) and strength(value) > strength(enemy_value)


def stash_points(card):
    return _STASH_ACE if card % 13 == cards.ACE else cards.value(card)


class Pile:
    """A stack of cards in a fixed bytearray; the top is the last card."""

    def __init__(self):
        self.cards = bytearray(52)
        self.n = 0

    def __len__(self):
        return self.n

    def push(self, card):
        self.cards[self.n] = card
        self.n += 1

    def pop(self):
        self.n -= 1
        return self.cards[self.n]

    def top(self):
        return self.cards[self.n - 1] if self.n else NONE

    def insert(self, index, card):
        c = self.cards
        i = self.n
        while i > index:
            c[i] = c[i - 1]
            i -= 1
        c[index] = card
        self.n += 1


class Game(BaseGame):
    NAME = "red_queen"

    def __init__(self, seed, options=()):
        super().__init__(seed, options)
        self.deck = Pile()
        self.stashes = (Pile(), Pile())
        self.discard = Pile()
        self.defeated = Pile()
        self.hand = bytearray(HAND_SIZE)
        self.foe = bytearray(MAX_FOES)
        self.foe_weapon = bytearray(2 * MAX_FOES)
        self.fled = bytearray(4)
        self.fled_weapon = bytearray(4)
        self.drawn = NONE
        self.queen = QUEEN_OF_HEARTS
        self.runs = 0
        self.phase = PLACE
        self._clear()
        for c in range(52):
            if c != QUEEN_OF_HEARTS:
                self.deck.push(c)
        self.rng.shuffle(self.deck.cards, 0, self.deck.n)
        while self.hand[HAND_SIZE - 1] == NONE:
            self.hand[self._empty_slot()] = self._draw_weapon_skipping_faces()
        # D10: "Shuffle the deck lightly when you're done." (After the shuffle above, this one
        # changes which seed deals which game, not how the games are dealt.)
        self.rng.shuffle(self.deck.cards, 0, self.deck.n)  # D10: lightly
        self.events = []
        self._next_card()
        self._update_score()

    def _clear(self):
        for i in range(HAND_SIZE):
            self.hand[i] = NONE
        for i in range(MAX_FOES):
            self.foe[i] = NONE
        for i in range(2 * MAX_FOES):
            self.foe_weapon[i] = NONE
        for i in range(4):
            self.fled[i] = NONE
            self.fled_weapon[i] = NONE

    # ---- the contract ----

    def actions(self):
        out = []
        phase = self.phase
        if phase == OVER:
            return out
        if phase == PLACE:
            for i in range(HAND_SIZE):
                if self.hand[i] == NONE:
                    out.append(act(HAND, i))
            for i in range(HAND_SIZE):  # D9: a swap is offered even beside an empty slot
                if self.hand[i] != NONE:
                    out.append(act(SWAP, i, 0))
                    out.append(act(SWAP, i, 1))
            out.append(act(STASH, 0))
            out.append(act(STASH, 1))
        elif phase == FIGHT or phase == FINAL:
            self._attacks(out)
            # D11: "If you can't defeat the enemy under any circumstance, you can run away":
            # not while an attack is in reach through refills either. (After two runs such a
            # fight is lost at once, D13, so RUN is never offered then.)
            if phase == FIGHT and not out and not self._attack_in_reach():
                out.append(act(RUN))
        if self._empty_slot() >= 0:  # D8: refilling from a stash top, at any moment
            for s in range(2):
                if self.stashes[s].n:
                    out.append(act(REFILL, s))
        return out

    def do(self, action):
        kind = action >> 12
        x = (action >> 8) & 15
        y = (action >> 4) & 15
        z = action & 15
        if kind == HAND:
            self.hand[x] = self.drawn
            self.drawn = NONE
        elif kind == SWAP:
            self.stashes[y].push(self.hand[x])
            self.hand[x] = self.drawn
            self.drawn = NONE
        elif kind == STASH:
            self.stashes[x].push(self.drawn)
            self.drawn = NONE
        elif kind == REFILL:
            self.hand[self._empty_slot()] = self.stashes[x].pop()
        elif kind == ATTACK:
            self._attack(x, y, z)
        elif kind == RUN:
            self._run()
        self._advance()
        self._update_score()

    def summary(self):
        if self.won:
            return "WIN"
        return "%d/12" % len(self.defeated)

    def progress(self):
        """Enemies defeated (0..12; 12 is a win)."""
        return len(self.defeated)

    def stash_value(self):
        total = 0
        for s in self.stashes:
            for i in range(s.n):
                total += stash_points(s.cards[i])
        return total

    def check(self):
        """Every card in exactly one place, weapons only where weapons go and JQK only where
        enemies go, the phase consistent, and the score equal to its parts."""
        seen = bytearray(52)
        weapons = (self.hand, self.foe_weapon, self.fled_weapon)
        for buf in weapons + (self.foe, self.fled, bytes((self.drawn, self.queen))):
            for c in buf:
                if c != NONE:
                    seen[c] += 1
        for pile in (self.deck, self.stashes[0], self.stashes[1], self.discard, self.defeated):
            for i in range(pile.n):
                seen[pile.cards[i]] += 1
        for c in range(52):
            if seen[c] != 1:
                raise ValueError("card %s in %d places" % (cards.name(c), seen[c]))
        for buf in weapons + (self.stashes[0].cards[:self.stashes[0].n],
                              self.stashes[1].cards[:self.stashes[1].n],
                              self.discard.cards[:self.discard.n]):
            for c in buf:
                if c != NONE and not is_weapon(c):
                    raise ValueError("JQK where weapons go")
        for c in self.foe:
            if c != NONE and is_weapon(c):
                raise ValueError("a weapon as an enemy")
        if not 0 <= self.runs <= MAX_RUNS or (self.drawn != NONE) != (self.phase == PLACE) \
                or self.over != (self.phase == OVER):
            raise ValueError("runs, drawn card, phase or end disagree")
        if self.score != self._score_parts():
            raise ValueError("score is not its parts")

    # ---- helpers ----

    def _score_parts(self):
        bonus = WIN_BONUS if self.won else 0
        return self.stash_value() + PER_ENEMY * len(self.defeated) + bonus

    def _update_score(self):
        self.score = self._score_parts()

    def _empty_slot(self):
        for i in range(HAND_SIZE):
            if self.hand[i] == NONE:
                return i
        return -1

    def _deck_has_weapon(self):
        d = self.deck
        for i in range(d.n):
            if is_weapon(d.cards[i]):
                return True
        return False

    def _draw_weapon_skipping_faces(self):
        """Setup and refilling after a run: draw until a weapon comes; every JQK drawn goes
        back into the deck at a random place. NONE if the deck holds no weapon."""
        if not self._deck_has_weapon():
            return NONE
        while True:
            c = self.deck.pop()
            if is_weapon(c):
                return c
            self.events.append((EV_IGNORED, c, 0))
            self.deck.insert(self.rng.below(self.deck.n + 1), c)

    def _weapon_from_discard(self):
        d = self.discard
        if not d.n:
            return NONE
        self.rng.shuffle(d.cards, 0, d.n)
        return d.pop()

    def _next_card(self):
        """Draw the next card of the deck: a weapon to place, a fight, or the final battle."""
        if not self.deck.n:
            self._start_final()
            return
        c = self.deck.pop()
        if is_weapon(c):
            self.drawn = c
            self.phase = PLACE
            return
        self.phase = FIGHT
        self.foe[0] = c
        self.events.append((EV_ENEMY, c, 0))
        # "Draw a card, if it's a number card then place it on top of the enemy. If you draw
        # another JQK, place it next to the first enemy ... Draw a weapon for each."
        armed = 0
        while armed < 2 and self.foe[armed] != NONE:
            if not self._deck_has_weapon():
                # D6: nothing is drawn from a deck of only JQK, so no second enemy joins.
                w = self._weapon_from_discard()
            else:
                w = self.deck.pop()
                if not is_weapon(w):
                    if self.foe[1] == NONE:
                        self.foe[1] = w
                        self.events.append((EV_ENEMY, w, 0))
                    else:
                        # D5: "If you happen to draw yet another JQK, shuffle it into your deck."
                        self.deck.push(w)
                        self.rng.shuffle(self.deck.cards, 0, self.deck.n)
                        self.events.append((EV_BACK, w, 0))
                    continue
            self.foe_weapon[2 * armed] = w
            self.events.append((EV_WEAPON, self.foe[armed], w))
            armed += 1

    def _start_final(self):
        """D14: the Queen takes two weapons from the shuffled discard pile; the fled return."""
        self.phase = FINAL
        q = self.queen
        self.queen = NONE
        self.foe[0] = q
        for k in range(2):
            w = self._weapon_from_discard()
            self.foe_weapon[k] = w
            self.events.append((EV_WEAPON, q, w))
        n = 1
        for i in range(4):
            if self.fled[i] != NONE:
                self.foe[n] = self.fled[i]
                self.foe_weapon[2 * n] = self.fled_weapon[i]
                self.fled[i] = NONE
                self.fled_weapon[i] = NONE
                n += 1
        self.events.append((EV_FINAL, n, 0))

    def _target_weapon(self, t):
        """The enemy weapon behind target t, or -1 if t is no target now. NONE means an
        unarmed foe (D7)."""
        i = t >> 1
        if i >= MAX_FOES or self.foe[i] == NONE:
            return -1
        w = self.foe_weapon[t]
        if w != NONE:
            return w
        if t & 1 == 0 and self.foe_weapon[t + 1] == NONE:
            return NONE
        return -1

    def _partner(self, z):
        if z < HAND_SIZE:
            return self.hand[z]
        return self.stashes[z - HAND_SIZE].top()

    def _attacks(self, out):
        hand = self.hand
        for t in range(2 * MAX_FOES):
            w = self._target_weapon(t)
            if w == -1:
                continue
            singles = False
            for h in range(HAND_SIZE):
                c = hand[h]
                if c != NONE and beats(cards.value(c), cards.suit(c), w):
                    out.append(act(ATTACK, t, h, NO_PARTNER))
                    singles = True
            if singles:
                continue
            # D3: "If you don't hold a card that can defeat the enemy, you can combine cards."
            for h in range(HAND_SIZE):
                c = hand[h]
                if c == NONE:
                    continue
                for z in range(HAND_SIZE + 2):
                    if z == h:
                        continue
                    p = self._partner(z)
                    if p != NONE and beats(combined_value(c, p), cards.suit(c), w):
                        out.append(act(ATTACK, t, h, z))

    def _attack_in_reach(self):
        """Is there an attack now, or after taking stash tops into the hand's gaps? A card
        taken stays usable (now as a hand card) and uncovers the next top, so taking more
        never removes an attack: only the fullest refills are tried, i cards from the left
        stash and the rest from the right (at most four ways), then put back (pop only lowers
        a pile's count, so raising it restores the pile)."""
        hand = self.hand
        s0, s1 = self.stashes
        saved = bytes(hand)
        gaps = 0
        for c in saved:
            if c == NONE:
                gaps += 1
        take = min(gaps, s0.n + s1.n)
        out = []
        for i in range(max(0, take - s1.n), min(take, s0.n) + 1):
            j = take - i
            for _ in range(i):
                hand[self._empty_slot()] = s0.pop()
            for _ in range(j):
                hand[self._empty_slot()] = s1.pop()
            self._attacks(out)
            s0.n += i
            s1.n += j
            for k in range(HAND_SIZE):
                hand[k] = saved[k]
            if out:
                return True
        return False

    def _attack(self, t, h, z):
        i = t >> 1
        self.discard.push(self.hand[h])
        self.hand[h] = NONE
        if z != NO_PARTNER:
            if z < HAND_SIZE:
                self.discard.push(self.hand[z])
                self.hand[z] = NONE
            else:
                self.discard.push(self.stashes[z - HAND_SIZE].pop())
        w = self.foe_weapon[t]
        if w != NONE:
            self.discard.push(w)
            self.foe_weapon[t] = NONE
        if self.foe_weapon[2 * i] == NONE and self.foe_weapon[2 * i + 1] == NONE:
            enemy = self.foe[i]
            self.foe[i] = NONE
            self.defeated.push(enemy)
            self.events.append((EV_DEFEATED, enemy, w))
        else:
            self.events.append((EV_DISARMED, self.foe[i], w))

    def _run(self):
        self.runs += 1
        for h in range(HAND_SIZE):
            if self.hand[h] != NONE:
                self.discard.push(self.hand[h])
                self.hand[h] = NONE
        n = 0
        for i in range(2):
            if self.foe[i] != NONE:
                k = self._free_fled()
                self.fled[k] = self.foe[i]
                self.fled_weapon[k] = self.foe_weapon[2 * i]
                self.foe[i] = NONE
                self.foe_weapon[2 * i] = NONE
                n += 1
        self.events.append((EV_FLED, self.runs, n))
        self.phase = REFILL_AFTER_RUN

    def _free_fled(self):
        for k in range(4):
            if self.fled[k] == NONE:
                return k
        return -1

    def _foes_left(self):
        for c in self.foe:
            if c != NONE:
                return True
        return False

    def _can_refill(self):
        return self._empty_slot() >= 0 and (self.stashes[0].n or self.stashes[1].n)

    def _advance(self):
        """Automatic steps after an action, until the player has a choice or the game ends."""
        while True:
            phase = self.phase
            if phase == PLACE:
                if self.drawn != NONE:
                    return
                self._next_card()
            elif phase == REFILL_AFTER_RUN:
                if self._can_refill():
                    return
                # D12: "...don't have enough cards from your stash to fill your hand, simply
                # draw cards from the deck similar to the start of the game, ignoring any JQK."
                while self._empty_slot() >= 0:
                    c = self._draw_weapon_skipping_faces()
                    if c == NONE:
                        break
                    self.hand[self._empty_slot()] = c
                    # told now, before the next card's foe: the order it happened in
                    self.events.append((EV_REFILLED, c, 0))
                self._next_card()
            elif phase == FIGHT or phase == FINAL:
                if not self._foes_left():
                    if phase == FINAL:
                        self._win()
                        return
                    self._next_card()
                    continue
                if phase == FINAL:
                    # D14: lost as soon as no attack is in reach, even through refills: the
                    # player is never made to pull stash points into a hand that cannot win.
                    if not self._attack_in_reach():
                        self._lose(LOST_FINAL)
                    return
                if self.runs == MAX_RUNS and not self._attack_in_reach():
                    # D13: "If you need to run a third time, you lose the game!"
                    self._lose(LOST_RUN)
                return
            else:
                return

    def _win(self):
        # "Drop any remaining cards from your hand into your stash for scoring."
        # D15: onto the left stash (the score is the same either way).
        for h in range(HAND_SIZE):
            if self.hand[h] != NONE:
                self.stashes[0].push(self.hand[h])
                self.hand[h] = NONE
        self.won = True
        self.over = True
        self.phase = OVER
        self._update_score()
        self.events.append((EV_WON, self.score, 0))

    def _lose(self, reason):
        self.over = True
        self.phase = OVER
        self.events.append((EV_LOST, reason, 0))


def spends(game, action):
    """What a player cannot take back (HANDHELD.md's manner 1; the manners check asks it before
    every action a press of A makes right after the screen changed): a card taken out of a
    stash (the stashes are the score: taken into the hand, or combined with in an attack)
    and a hand card sent into one. A drawn card placed in a stash is not: it must go
    somewhere, and the stash it goes to is the choice shown. RUN is not: it is the one way
    out of a fight no card wins (docs/rules/red_queen.md, D16)."""
    kind = action >> 12
    if kind == ATTACK:
        return action & 15 != NO_PARTNER and action & 15 >= HAND_SIZE
    return kind == REFILL or kind == SWAP
