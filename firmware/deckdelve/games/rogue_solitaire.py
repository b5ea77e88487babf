# Rogue Solitaire: a traditional roguelike played with a 54-card deck. Rules only.
# Every place where the rule text is silent is settled in docs/rules/rogue_solitaire.md.
#
# Places. The three 3x3 grids share one 27-byte bytearray `grid` (NONE = empty spot):
#   monster 0..8, player 9..17, exit 18..26; spot p of a grid is base + p with
#   p = row * 3 + col and 4 the centre. `down` is 1 where a grid card lies face down.
# The other places are stacks in bytearrays with a count: deck (top = deck[deck_n - 1]),
# discard, hand, and the Victory Buffet: buffet[buffet_top:buffet_n] holds its cards, the
# first floor's card at buffet_top (the top once the Buffet is turned over for the race).
# The lock Joker (JOKER_A) never leaves the exit's centre; JOKER_B is the key.
#
# Actions are kind << 10 | argument:
#   DISCARD card     discard a hand card (while more than five are held)
#   SWAP a*9+b       swap two player-board cards, a < b
#   FLIP p           turn a face-down player-board card face up
#   HSWAP card*9+p   swap a hand card with the player-board card at p
#   PLACE card*9+p   place a hand card in the empty spot p
#   TAKE p           take the player-board card at p into the hand
#   SKIP 0           make no play
#   ATTACK p         attack with the player's card at outer spot p (one that faces a monster
#                    card; only when none does, any outer card: see the rules note)
#   HEAL p           where a monster's healing card goes (Hearts special attack)
#   CLUB card        which hand card the Clubs special attack discards
#   PICK p           which face-down monster card the pickpocket swaps (Diamonds special)
#   BUFFET card      the face card given to the Victory Buffet after a floor
#   DESCEND 0        lay out the next floor
# Where a choice has only one option it is made without asking.

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from deckdelve import cards
from deckdelve.cards import JOKER_A, JOKER_B, NONE
from deckdelve.game import Game as BaseGame

M = const(0)  # grid bases
P = const(9)
X = const(18)
CENTRE = const(4)
# The eight outer spots counter-clockwise on screen (down the left side first).
RING = (0, 3, 6, 7, 8, 5, 2, 1)
# Rows and columns, for the death checks.
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8))
HAND_LIMIT = const(5)
BUFFET_FULL = const(10)
# The score: points for each floor escaped and each monster killed.
FLOOR_POINTS = const(100)
KILL_POINTS = const(10)

# mutate: labels (names for the scenes and the log: any distinct values play the same)
DISCARD = const(1)
SWAP = const(2)
FLIP = const(3)
HSWAP = const(4)
PLACE = const(5)
TAKE = const(6)
SKIP = const(7)
ATTACK = const(8)
HEAL = const(9)
CLUB = const(10)
PICK = const(11)
BUFFET = const(12)
DESCEND = const(13)
# mutate: end

# Phases: what the next action decides.
# mutate: labels (names for the scenes and the log: any distinct values play the same)
PH_DISCARD = const(0)
PH_PLAY = const(1)
PH_ATTACK = const(2)
PH_HEAL = const(3)
PH_CLUB = const(4)
PH_PICK = const(5)
PH_BUFFET = const(6)
PH_DESCEND = const(7)
PH_OVER = const(8)

# What follows once a special attack's choice is made.
_THEN_RETALIATE = const(0)
_THEN_DEATHS = const(1)
# mutate: end

# Events (code, a, b) for the scene to put into words.
# mutate: labels (names for the scenes and the log: any distinct values play the same)
EV_ATTACK = const(1)  # a = your card, b = the monster's card (winner by strength())
EV_RETALIATE = const(2)  # a = the monster's card, b = your card
EV_NAMED = const(3)  # a = face card now in the centre, b = the card that took its place
EV_SPECIAL = const(4)  # a = suit
EV_CRITICAL = const(5)  # a = suit
EV_UNHURT = const(6)  # Hearts: the monster is undamaged, nothing happens
EV_HEALED = const(7)  # a = cards dealt into the monster
EV_LOST_CARD = const(8)  # a = the hand card discarded
EV_LOST_HAND = const(9)  # a = how many hand cards were discarded
EV_NO_EFFECT = const(10)  # the attack found nothing to do
EV_PICKPOCKET = const(11)  # a = your card taken (NONE if face down: unseen), b = spot
EV_MUGGED = const(12)  # a = how many cards were swapped
EV_EXIT_SWAP = const(13)  # a = monster card now in the exit, b = exit card now in the monster
EV_TELEPORT = const(14)
EV_KILL = const(15)  # a = cards added to the hand
EV_RESHUFFLE = const(16)  # a = cards shuffled into the new deck
EV_MONSTER = const(17)  # race: a new monster named a (from the Buffet)
EV_ESCAPE = const(18)  # a = the floor escaped
EV_BUFFET = const(19)  # a = card given to the Victory Buffet
EV_RACE = const(20)  # the final race begins
EV_HUNGER = const(21)  # died of hunger
EV_DIED = const(22)  # died of wounds: a = the empty row or column (its index in LINES)
# mutate: end

ACHIEVEMENTS = (
    "Zero to Hero",
    "Where did I leave my keys?",
    "It's too dark in here!",
    "True Rogue",
    "Master Rogue",
    "Call me... Rodney",
)
ACH_ZERO = const(1)
ACH_KEYS = const(2)
ACH_DARK = const(4)
ACH_TRUE = const(8)
ACH_MASTER = const(16)
ACH_RODNEY = const(32)


def combine_achievements(stored, run):
    """The achievements kept on flash after a run: stored | run, plus Call me... Rodney once
    all five others have been earned (in any runs)."""
    m = stored | run
    if m & 31 == 31:
        m |= ACH_RODNEY
    return m


def strength(card):
    """Duel strength: 2..10 = 1..9, J Q K = 10 11 12, Ace 13, Joker 14."""
    if card >= 52:
        return 14
    r = card % 13
    return 13 if r == 0 else r


def matches(card, exit_card):
    """A player card stands on the exit's spot when suit or rank match (Jokers match nothing)."""
    if card >= 52 or exit_card >= 52:
        return False
    return card // 13 == exit_card // 13 or card % 13 == exit_card % 13


class Game(BaseGame):
    NAME = "rogue_solitaire"

    def __init__(self, seed, options=()):
        super().__init__(seed, options)
        self.campaign = "campaign" in self.options
        self.grid = bytearray(27)
        self.down = bytearray(27)
        self.deck = bytearray(54)
        self.deck_n = 0
        self.discard = bytearray(54)
        self.discard_n = 0
        self.hand = bytearray(54)
        self.hand_n = 0
        self.buffet = bytearray(BUFFET_FULL)
        self.buffet_n = 0
        self.buffet_top = 0
        self.race = False
        self.floors = 0  # floors escaped
        self.kills = 0
        self.earned = 0  # achievement bits earned in this run
        self.race_key_seen = False
        self.race_exit_seen = False
        self.phase = PH_PLAY
        self.attack_pos = 0
        self.then = _THEN_RETALIATE
        self.duel_spot = 0  # monster spot of the duel a special attack follows
        # The grids as each event of the last action left them, for the scene to draw behind
        # its message (steps[i]: (grid, down) after event i's effect, before the next step's;
        # an event with no entry yet left the board as it is now). See _settle.
        self.steps = []
        self._new_floor()

    # ----- the contract -------------------------------------------------------------

    def floor(self):
        """Current floor: 1 + cards in the Victory Buffet (in the race: cards left)."""
        return 1 + self.buffet_n - self.buffet_top

    def attack_target(self, p):
        """The monster spot an attack from the player's spot p meets: p itself, or, when no
        card of yours faces a monster card, the next monster card counter-clockwise."""
        return self._ring_search(M, p)

    def progress(self):
        return self.floors

    def can_save(self):
        # At any point of a floor, not only between floors (the text's save): a stop must
        # never lose a floor. See "Saving" in docs/rules/rogue_solitaire.md.
        return not self.over

    def achievements(self):
        return self.earned

    def summary(self):
        # In words that fit the score table's column (13 characters): "F1 K1" read as a
        # code (issue 33). A quick game has one floor: it names only the kills.
        kills = "%d KILL%s" % (self.kills, "" if self.kills == 1 else "S")
        if self.won:
            return "WIN " + kills
        if self.campaign:
            return "FL%d %s" % (self.floors + 1, kills)
        return kills

    def actions(self):
        ph = self.phase
        acts = []
        grid = self.grid
        if ph == PH_DISCARD or ph == PH_CLUB:
            kind = DISCARD if ph == PH_DISCARD else CLUB
            for i in range(self.hand_n):
                acts.append(kind << 10 | self.hand[i])
        elif ph == PH_PLAY:
            for a in range(9):
                if grid[P + a] == NONE:
                    continue
                for b in range(a + 1, 9):
                    if grid[P + b] != NONE:
                        acts.append(SWAP << 10 | a * 9 + b)
            for p in range(9):
                c = grid[P + p]
                if c == NONE:
                    for i in range(self.hand_n):
                        acts.append(PLACE << 10 | self.hand[i] * 9 + p)
                    continue
                if self.down[P + p]:
                    acts.append(FLIP << 10 | p)
                for i in range(self.hand_n):
                    acts.append(HSWAP << 10 | self.hand[i] * 9 + p)
                acts.append(TAKE << 10 | p)
            acts.append(SKIP << 10)
        elif ph == PH_ATTACK:
            self._attack_spots(acts)
        elif ph == PH_HEAL:
            for p in range(9):
                if grid[M + p] == NONE:
                    acts.append(HEAL << 10 | p)
        elif ph == PH_PICK:
            for p in range(9):
                if self._pickable(p):
                    acts.append(PICK << 10 | p)
        elif ph == PH_BUFFET:
            self._buffet_choices(acts)
        elif ph == PH_DESCEND:
            acts.append(DESCEND << 10)
        return acts

    def do(self, action):
        kind = action >> 10
        arg = action & 1023
        self.steps = []
        if kind == DISCARD:
            self._remove_from_hand(arg)
            self._to_discard(arg)
            self._start_turn()
        elif kind == ATTACK:
            self._attack(arg)
        elif kind == HEAL:
            self._heal_at(arg)
            self._resume()
        elif kind == CLUB:
            self._remove_from_hand(arg)
            self._to_discard(arg)
            self._event(EV_LOST_CARD, arg, 0)
            self._resume()
        elif kind == PICK:
            self._pickpocket(arg)
            self._resume()
        elif kind == BUFFET:
            self._feed_buffet(arg)
        elif kind == DESCEND:
            self._new_floor()
        else:
            self._play(kind, arg)
            self._after_play()
        if self.race and not self.over:
            self._note_race_progress()

    def check(self):
        seen = bytearray(54)
        self._count(seen, self.grid, 0, 27, True)
        self._count(seen, self.deck, 0, self.deck_n, False)
        self._count(seen, self.discard, 0, self.discard_n, False)
        self._count(seen, self.hand, 0, self.hand_n, False)
        self._count(seen, self.buffet, self.buffet_top, self.buffet_n, False)
        for c in range(54):
            if seen[c] != 1:
                raise ValueError("card %s is in %d places" % (cards.name(c), seen[c]))
        grid = self.grid
        for i in range(27):
            if grid[i] == NONE and self.down[i]:
                raise ValueError("an empty spot is face down")
        for p in range(9):
            if self.down[X + p]:
                raise ValueError("an exit card is face down")
            if p != CENTRE and cards.is_joker(grid[X + p]):
                raise ValueError("a Joker is in the exit's ring")
        if grid[X + CENTRE] != JOKER_A:
            raise ValueError("the lock is not in the exit's centre")
        centre = grid[M + CENTRE]
        if not self.down[M + CENTRE] and centre != NONE and not cards.is_face(centre):
            raise ValueError("a named monster's centre is not a face card")
        for i in range(self.buffet_top, self.buffet_n):
            if not cards.is_face(self.buffet[i]):
                raise ValueError("a Buffet card is not a face card")
        if self.phase == PH_PLAY and self.hand_n > HAND_LIMIT:
            raise ValueError("more than five cards in hand at the play")
        if self.score != FLOOR_POINTS * self.floors + KILL_POINTS * self.kills:
            raise ValueError("score does not follow floors and kills")
        if self.over != (self.phase == PH_OVER):
            raise ValueError("over and the phase disagree")
        if self.won and not self.over:
            raise ValueError("won but not over")

    def _count(self, seen, buf, start, end, may_be_empty):
        for i in range(start, end):
            c = buf[i]
            if c == NONE and may_be_empty:
                continue
            if c >= 54:
                raise ValueError("bad card %d" % c)
            seen[c] += 1

    # (Scenario tests build positions by setting the fields above: see position() in
    # tests/shared/test_rogue_solitaire_setup.py, kept there to spare the device's RAM.)

    # ----- the turn -----------------------------------------------------------------

    def _event(self, code, a, b):
        """An event, in the order of the action's steps (the board the step before it left
        is kept for the scene first: see steps)."""
        self._settle()
        self.events.append((code, a, b))

    def _settle(self):
        """The events so far have had all their effect: the board as it stands now is the
        one behind their messages. Called before each step that changes the grid for a later
        event (a duel's cards turned up, a kill's cards taken, healing, a swap, a redeal)."""
        if len(self.steps) < len(self.events):
            board = (bytes(self.grid), bytes(self.down))
            while len(self.steps) < len(self.events):
                self.steps.append(board)

    def _start_turn(self):
        self.phase = PH_DISCARD if self.hand_n > HAND_LIMIT else PH_PLAY

    def _play(self, kind, arg):
        grid = self.grid
        down = self.down
        if kind == SWAP:
            a = P + arg // 9
            b = P + arg % 9
            grid[a], grid[b] = grid[b], grid[a]
            down[a], down[b] = down[b], down[a]
        elif kind == FLIP:
            down[P + arg] = 0
        elif kind == HSWAP:
            card = arg // 9
            spot = P + arg % 9
            self._remove_from_hand(card)
            self._to_hand(grid[spot])
            grid[spot] = card
            down[spot] = 0
        elif kind == PLACE:
            card = arg // 9
            self._remove_from_hand(card)
            grid[P + arg % 9] = card
            down[P + arg % 9] = 0
        elif kind == TAKE:
            self._to_hand(grid[P + arg])
            grid[P + arg] = NONE
            down[P + arg] = 0

    def _after_play(self):
        if self._at_exit() and self._has_key():
            self._escape()
            return
        self.phase = PH_ATTACK

    def _attack_spots(self, acts):
        """Your outer cards that face a monster card; if none does, all your outer cards
        (each then meets the monster's next card counter-clockwise: see the rules note)."""
        grid = self.grid
        for p in RING:
            if grid[P + p] != NONE and grid[M + p] != NONE:
                acts.append(ATTACK << 10 | p)
        if not acts:
            for p in RING:
                if grid[P + p] != NONE:
                    acts.append(ATTACK << 10 | p)

    def _attack(self, p):
        """Your card at p meets the monster's card at p or, only when no card of yours faces
        one, the next one counter-clockwise (as the monster's retaliation searches)."""
        self.attack_pos = p
        target = self.attack_target(p)
        if target != NONE and self._duel(M + target, P + p, True):
            self.then = _THEN_RETALIATE
            return
        self._retaliate()

    def _retaliate(self):
        opp = 8 - self.attack_pos
        if self.grid[M + opp] != NONE:
            target = self._ring_search(P, opp)
            if target != NONE and self._duel(M + opp, P + target, False):
                self.then = _THEN_DEATHS
                return
        self._deaths()

    def _ring_search(self, base, start):
        """The spot of the grid's card at start, else of the next one counter-clockwise round
        the ring of eight (the centre is never met); NONE if the ring is empty."""
        i = RING.index(start)
        for k in range(8):
            p = RING[(i + k) % 8]
            if self.grid[base + p] != NONE:
                return p
        return NONE

    def _resume(self):
        if self.then == _THEN_RETALIATE:
            self._retaliate()
        else:
            self._deaths()

    def _deaths(self):
        line = self._empty_line(P)
        if line >= 0:
            self._event(EV_DIED, line, 0)
            self._end(False)
            return
        if self._empty_line(M) >= 0:
            self._settle()  # (the last duel's board, before its cards go to your hand)
            gained = 0
            for p in range(9):
                c = self.grid[M + p]
                if c != NONE:
                    self._to_hand(c)
                    self.grid[M + p] = NONE
                    self.down[M + p] = 0
                    gained += 1
            self.kills += 1
            self._rescore()
            self._event(EV_KILL, gained, 0)
            if not self._new_monster():
                return
        self._start_turn()

    def _empty_line(self, base):
        """The first row or column of the grid at base with no card (its index in LINES), or
        -1: the grid is dead when it has one."""
        for i in range(len(LINES)):
            line = LINES[i]
            if (self.grid[base + line[0]] == NONE and self.grid[base + line[1]] == NONE
                    and self.grid[base + line[2]] == NONE):
                return i
        return -1

    # ----- combat -------------------------------------------------------------------

    def _duel(self, mspot, pspot, player_attacks):
        """One duel between the monster card at mspot and the player card at pspot, with
        naming and the special or critical attack that may follow. Returns True when that
        attack waits for the player's choice."""
        grid = self.grid
        down = self.down
        self._settle()  # (the board before this duel turns its cards up)
        down[pspot] = 0
        threat = 0  # 1: a face card was turned up on the monster, 2: an Ace or a Joker
        if down[mspot]:
            down[mspot] = 0
            threat = _threat(grid[mspot])
            if cards.is_face(grid[mspot]) and down[M + CENTRE]:
                # The monster is named: its face card takes the centre and the duel goes on
                # with the card that was there, now turned up.
                named = grid[mspot]
                grid[mspot] = grid[M + CENTRE]
                grid[M + CENTRE] = named
                down[M + CENTRE] = 0
                self._event(EV_NAMED, named, grid[mspot])
                threat = max(threat, _threat(grid[mspot]))
        mc = grid[mspot]
        pc = grid[pspot]
        if player_attacks:
            self._event(EV_ATTACK, pc, mc)
        else:
            self._event(EV_RETALIATE, mc, pc)
        ms = strength(mc)
        ps = strength(pc)
        if ms >= ps:
            self._to_discard(pc)
            grid[pspot] = NONE
        if ps >= ms:
            self._to_discard(mc)
            grid[mspot] = NONE
        if ms > ps and threat and not down[M + CENTRE]:
            self.duel_spot = mspot
            return self._monster_attack(threat == 2)
        return False

    def _monster_attack(self, critical):
        """The named monster's special (or critical) attack, by the suit of its centre card.
        Returns True when it waits for the player's choice."""
        suit = self.grid[M + CENTRE] // 13
        self._event(EV_CRITICAL if critical else EV_SPECIAL, suit, 0)
        if suit == cards.HEARTS:
            empty = 0
            for p in range(9):
                if self.grid[M + p] == NONE:
                    empty += 1
                    last = p
            if empty == 0:
                self._event(EV_UNHURT, 0, 0)
            elif critical:
                self._settle()
                healed = 0
                for p in range(9):
                    if self.grid[M + p] == NONE and self._heal_at(p, False):
                        healed += 1
                self._event(EV_HEALED, healed, 0)
            elif empty == 1:
                self._heal_at(last)
            else:
                self.phase = PH_HEAL
                return True
        elif suit == cards.CLUBS:
            if self.hand_n == 0:
                self._event(EV_NO_EFFECT, 0, 0)
            elif critical:
                n = self.hand_n
                while self.hand_n:
                    self.hand_n -= 1
                    self._to_discard(self.hand[self.hand_n])
                self._event(EV_LOST_HAND, n, 0)
            elif self.hand_n == 1:
                self.hand_n = 0
                self._to_discard(self.hand[0])
                self._event(EV_LOST_CARD, self.hand[0], 0)
            else:
                self.phase = PH_CLUB
                return True
        elif suit == cards.DIAMONDS:
            n = 0
            for p in range(9):
                if self._pickable(p):
                    n += 1
                    last = p
            if n == 0:
                self._event(EV_NO_EFFECT, 0, 0)
            elif critical:
                self._event(EV_MUGGED, n, 0)
                for p in range(9):
                    if self._pickable(p):
                        self._swap(M + p, P + p)
            elif n == 1:
                self._pickpocket(last)
            else:
                self.phase = PH_PICK
                return True
        elif critical:
            self._teleport()
        else:
            spot = self.duel_spot
            mc = self.grid[spot]
            if mc >= 52:
                self._event(EV_NO_EFFECT, 0, 0)
            else:
                xspot = X + spot - M
                self._event(EV_EXIT_SWAP, mc, self.grid[xspot])
                self._swap(spot, xspot)
        return False

    def _heal_at(self, p, announce=True):
        self._settle()
        c = self._draw()
        if c == NONE:  # cannot happen: at least twelve cards are always in deck and discard
            return False
        self.grid[M + p] = c
        self.down[M + p] = 1
        if announce:
            self._event(EV_HEALED, 1, 0)
        return True

    def _pickable(self, p):
        return (self.down[M + p] and self.grid[M + p] != NONE
                and self.grid[P + p] != NONE)

    def _pickpocket(self, p):
        # A card of yours lying face down was never seen: the event must not name it.
        taken = NONE if self.down[P + p] else self.grid[P + p]
        self._event(EV_PICKPOCKET, taken, p)
        self._swap(M + p, P + p)

    def _swap(self, a, b):
        """Two grid cards change places; each keeps its own facing."""
        grid = self.grid
        down = self.down
        grid[a], grid[b] = grid[b], grid[a]
        down[a], down[b] = down[b], down[a]

    def _teleport(self):
        self._event(EV_TELEPORT, 0, 0)
        ring = bytearray(8)
        for i in range(8):
            ring[i] = self.grid[X + RING[i]]
        self.rng.shuffle(ring)
        for i in range(8):
            self.grid[X + RING[i]] = ring[i]

    # ----- the exit and the floors --------------------------------------------------

    def _at_exit(self):
        for p in RING:
            c = self.grid[P + p]
            if c == NONE or self.down[P + p] or not matches(c, self.grid[X + p]):
                return False
        return True

    def _has_key(self):
        return cards.is_joker(self.grid[P + CENTRE]) and not self.down[P + CENTRE]

    def _escape(self):
        self.floors += 1
        self._rescore()
        self._event(EV_ESCAPE, self.floor(), 0)
        if not self.campaign:
            self._achieve(ACH_ZERO)
            self._end(True)
        elif self.race:
            self._achieve(ACH_TRUE)
            aces = 0
            for i in range(self.hand_n):
                if self.hand[i] % 13 == cards.ACE and self.hand[i] < 52:
                    aces += 1
            if aces == 4:
                self._achieve(ACH_MASTER)
            self._end(True)
        else:
            self.phase = PH_BUFFET
            acts = []
            self._buffet_choices(acts)
            if len(acts) == 1:
                self._feed_buffet(acts[0] & 1023)

    def _buffet_choices(self, acts):
        """Face cards of the first place that has any: player board, exit, discards, hand;
        then (see the rules note) the monster and the deck."""
        grid = self.grid
        for base in (P, X):
            for p in range(9):
                if cards.is_face(grid[base + p]):
                    acts.append(BUFFET << 10 | grid[base + p])
            if acts:
                return
        for buf, n in ((self.discard, self.discard_n), (self.hand, self.hand_n),
                       (grid[M:M + 9], 9), (self.deck, self.deck_n)):
            for i in range(n):
                if cards.is_face(buf[i]):
                    acts.append(BUFFET << 10 | buf[i])
            if acts:
                return

    def _feed_buffet(self, card):
        self._settle()
        i = _index(self.grid, 27, card)
        if i >= 0:
            self.grid[i] = NONE
            self.down[i] = 0
        else:
            self._remove(card)
        self.buffet[self.buffet_n] = card
        self.buffet_n += 1
        self._event(EV_BUFFET, card, 0)
        self.phase = PH_DESCEND

    def _remove(self, card):
        """Remove card from the discard pile, the hand or the deck (where it is)."""
        for which in (0, 1, 2):
            buf = (self.discard, self.hand, self.deck)[which]
            n = (self.discard_n, self.hand_n, self.deck_n)[which]
            i = _index(buf, n, card)
            if i >= 0:
                buf[i:n - 1] = buf[i + 1:n]
                if which == 0:
                    self.discard_n -= 1
                elif which == 1:
                    self.hand_n -= 1
                else:
                    self.deck_n -= 1
                return True
        return False

    def _new_floor(self):
        """Set the Jokers aside, shuffle every card but the hand and the Buffet into the deck
        and lay out a floor. With ten cards in the Buffet this floor is the race."""
        kept = bytearray(54)
        for i in range(self.hand_n):
            kept[self.hand[i]] = 1
        for i in range(self.buffet_top, self.buffet_n):
            kept[self.buffet[i]] = 1
        n = 0
        for c in range(52):
            if not kept[c]:
                self.deck[n] = c
                n += 1
        self.deck_n = n
        self.discard_n = 0
        for i in range(27):
            self.grid[i] = NONE
            self.down[i] = 0
        rng = self.rng
        rng.shuffle(self.deck, 0, n)
        for p in range(9):
            self.grid[P + p] = self._draw()
        self.grid[X + CENTRE] = JOKER_A
        for p in RING:
            self.grid[X + p] = self._draw()
        self.deck[self.deck_n] = JOKER_B
        self.deck_n += 1
        rng.shuffle(self.deck, 0, self.deck_n)
        if self.campaign and self.buffet_n == BUFFET_FULL and not self.race:
            self.race = True
            self.buffet_top = 0
            self._event(EV_RACE, 0, 0)
        if self._new_monster():
            self._start_turn()

    def _new_monster(self):
        """Deal a monster face down; in the race its centre is the Buffet's top card, face up.
        Returns False when the player died of hunger instead."""
        self._settle()  # (a kill's message shows the grid it left, empty)
        if self.race:
            if self.buffet_top == self.buffet_n:
                self._event(EV_HUNGER, 0, 0)
                # The kill that starves you may have just put the key into your hand: it
                # counts as found (apply() notes progress only after a surviving action).
                self._note_race_progress()
                if not self.race_key_seen:
                    self._achieve(ACH_KEYS)
                if not self.race_exit_seen:
                    self._achieve(ACH_DARK)
                self._end(False)
                return False
            self.grid[M + CENTRE] = self.buffet[self.buffet_top]
            self.buffet_top += 1
            self._event(EV_MONSTER, self.grid[M + CENTRE], 0)
        for p in range(9):
            if self.race and p == CENTRE:
                continue
            self.grid[M + p] = self._draw()
            self.down[M + p] = 1
        return True

    def _note_race_progress(self):
        """For the hunger achievements: has the key been found, has the exit been found (the
        text's definition: the key in your centre and the eight others matching)?"""
        if _index(self.hand, self.hand_n, JOKER_B) >= 0:
            self.race_key_seen = True
        for p in range(9):
            if self.grid[P + p] == JOKER_B and not self.down[P + p]:
                self.race_key_seen = True
        if self._at_exit() and self._has_key():
            self.race_exit_seen = True

    # ----- small moves --------------------------------------------------------------

    def _draw(self):
        """The deck's top card, shuffling the discards into a new deck when it is empty."""
        if self.deck_n == 0:
            n = self.discard_n
            self.deck[0:n] = self.discard[0:n]
            self.deck_n = n
            self.discard_n = 0
            self.rng.shuffle(self.deck, 0, n)
            self._event(EV_RESHUFFLE, n, 0)
            if n == 0:
                return NONE
        self.deck_n -= 1
        return self.deck[self.deck_n]

    def _to_discard(self, card):
        self.discard[self.discard_n] = card
        self.discard_n += 1

    def _to_hand(self, card):
        self.hand[self.hand_n] = card
        self.hand_n += 1

    def _remove_from_hand(self, card):
        i = _index(self.hand, self.hand_n, card)
        self.hand[i:self.hand_n - 1] = self.hand[i + 1:self.hand_n]
        self.hand_n -= 1

    def _rescore(self):
        self.score = FLOOR_POINTS * self.floors + KILL_POINTS * self.kills

    def _achieve(self, bit):
        # The platform announces achievements new to its flash record (no event here).
        self.earned |= bit

    def _end(self, won):
        self.over = True
        self.won = won
        self.phase = PH_OVER


def _threat(card):
    if card >= 52 or card % 13 == cards.ACE:
        return 2
    return 1 if cards.is_face(card) else 0


def _index(buf, n, card):
    for i in range(n):
        if buf[i] == card:
            return i
    return -1



def spends(game, action):
    """What a player cannot take back (HANDHELD.md's manner 1; the manners check asks it before
    every action a press of A makes right after the screen changed): a card lost by a choice,
    a discard, the hand card the Clubs attack knocks away, your card the pickpocket takes, the
    face card given to the Buffet. (The scene asks before each, NO under the cursor.) A play,
    SKIP (it asks too), the attack, the monster's healing spot and going down are not: none
    gives anything of yours away."""
    kind = action >> 10
    return kind == DISCARD or kind == CLUB or kind == PICK or kind == BUFFET
