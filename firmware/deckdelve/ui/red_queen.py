# Red Queen's Dungeon: the scene. The screen, top to bottom: a status line (deck, runs used,
# score); the foes with their weapons (in the final battle the Queen with her two weapons and
# the fled enemies in small cards); the player's row: three hand slots, the drawn card (or the
# RUN button), the two stash tops with their counts; and a hint line saying what A will do.
#
# The cursor rests on a "spot": a hand slot, a stash or RUN (RUN only while it is offered).
# LEFT/RIGHT go to the next spot, one a press, whether or not it has a legal action now;
# UP/DOWN pick among that spot's actions (which stash a swapped card goes to, which enemy to
# hit, which card to combine with), A does it, and on a spot without one says why. After
# each action the cursor rests where A spends nothing (see _refresh). Every action on offer
# is from game.actions().
from deckdelve import buttons
from deckdelve import cards
from deckdelve.cards import NONE
from deckdelve.games import red_queen as rq
from deckdelve.ui import draw

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


RUN_SPOT = 5  # spots 0..2 are hand slots, 3 and 4 the stashes
SPOTS = 6
ORDER = (0, 1, 2, RUN_SPOT, 3, 4)  # the spots left to right on the screen
ORDER_NO_RUN = (0, 1, 2, 3, 4)

HAND_X = (2, 14, 26)
STASH_X = (92, 112)
CARDS_Y = 27
LABEL_Y = 46
HINT_Y = 58
DRAWN_X = 56
RUN_BOX = (48, 30, 27, 9)  # x, y, w, h
FOE_Y = 8
FIGHT_X = (30, 72)  # the enemy card of foe 0 and 1 in a fight; its weapon beside it
STASH_NAMES = ("L", "R")


# Every sentence of the scene in one string: MicroPython keeps it as one object, where two
# dozen literals would each be interned (a qstr) and cost several KB of RAM more.
WORDS = (
    "%s attacks, armed with %s!|%s attacks, unarmed!|"
    "A third foe, %s, is shuffled back into the deck.|%s defeated! +%d|"
    "The Queen loses her %s.|You ran away (%d of %d). %s beside the Queen.|They wait|It waits|"
    "FINAL BATTLE! The Queen of Hearts, armed with %s and %s, and %d you fled from.|"
    "FINAL BATTLE! The Queen of Hearts, armed with %s and %s.|"
    "You escaped the dungeon! Score %d|Cornered, with no third run. You lose.|"
    "You cannot defeat the Queen's side. You lose.|"
    "%s to hand|%s in, %s to stash %s|%s to stash %s|take %s into hand|%s beats %s|"
    "%s+%s=%s beats %s|run away (%d of %d used)|"
    "%s cannot beat a foe now, alone or combined with a stash top or hand card.|"
    "An empty slot: A on a stash with cards refills it.|"
    "Stash %s is empty.|Stash %s refills an empty hand slot: none is empty now.|"
    "(cannot beat a foe)|(empty)|nothing to do with stash %s now|"
    "Your hand is refilled from the deck: %s.|"
    "A third foe, %s, comes up %d times: each time it is shuffled back into the deck.|"
    "(empty: A on a stash fills it)"
)
_W_ARMED = const(0)
_W_UNARMED = const(1)
_W_BACK = const(2)
_W_DEFEATED = const(3)
_W_DISARMED = const(4)
_W_FLED = const(5)
_W_THEY = const(6)
_W_IT = const(7)
_W_FINAL_ALL = const(8)
_W_FINAL_QUEEN = const(9)
_W_WON = const(10)
_W_LOST_RUN = const(11)
_W_LOST_FINAL = const(12)
_W_TO_HAND = const(13)
_W_SWAP = const(14)
_W_TO_STASH = const(15)
_W_TAKE = const(16)
_W_BEATS = const(17)
_W_COMBINE = const(18)
_W_RUN = const(19)
_W_WHY_CARD = const(20)
_W_WHY_SLOT = const(21)
_W_WHY_STASH_EMPTY = const(22)
_W_WHY_STASH_FULL = const(23)
_W_NO_USE = const(24)
_W_EMPTY = const(25)
_W_STASH_IDLE = const(26)
_W_REFILLED = const(27)
_W_BACK_AGAIN = const(28)
_W_EMPTY_FILL = const(29)


def words(i):
    """The i-th sentence of WORDS."""
    return draw.part(WORDS, i)


def spot_of(action):
    kind = action >> 12
    x = (action >> 8) & 15
    if kind == rq.HAND or kind == rq.SWAP:
        return x
    if kind == rq.STASH or kind == rq.REFILL:
        return 3 + x
    if kind == rq.ATTACK:
        return (action >> 4) & 15
    return RUN_SPOT


class Scene:
    def __init__(self, host):
        self.host = host
        self.spot = 0
        self.choice = 0
        self.by_spot = None
        self.placing = NONE  # the drawn card the cursor was last placed for (see _refresh)
        self._refresh()

    # ---- input ----

    def _refresh(self):
        """Group the legal actions by spot and put the cursor where A spends nothing
        (HANDHELD.md's manner 1; rq.spends says what spends): on a card just drawn, where A
        takes nothing out of the hand (an empty hand slot, else the L stash); in a fight, on
        the cheapest attack that wins without a stash card (the fewest points of hand cards
        given up), else on RUN when it is offered; else where it was, on a choice that
        spends nothing, or on a place without one (A then says what to do)."""
        g = self.host.game
        groups = [[] for _ in range(SPOTS)]
        for a in g.actions():
            groups[spot_of(a)].append(a)
        self.by_spot = groups
        self.choice = 0
        if g.phase == rq.PLACE and g.drawn != self.placing:
            self.placing = g.drawn
            for kind in (rq.HAND, rq.STASH):
                for s in range(SPOTS):
                    if groups[s] and groups[s][0] >> 12 == kind:
                        self.spot = s
                        return
        best = -1
        for s in range(SPOTS):
            for i in range(len(groups[s])):
                a = groups[s][i]
                if a >> 12 == rq.ATTACK and not rq.spends(g, a):
                    cost = cards.value(g.hand[(a >> 4) & 15])
                    if a & 15 != rq.NO_PARTNER:
                        cost += cards.value(g.hand[a & 15])
                    if best < 0 or cost < best:
                        best = cost
                        self.spot = s
                        self.choice = i
        if best >= 0:
            return
        if groups[RUN_SPOT]:
            self.spot = RUN_SPOT
            return
        if self._safe(self.spot):
            return
        for s in ORDER:  # a place whose A spends nothing: an empty slot says what to do
            if self._safe(s):
                return

    def _safe(self, spot):
        """Put the cursor on spot, on its first choice that spends nothing; False (and the
        cursor left as it was) if A there would spend."""
        acts = self.by_spot[spot]
        if spot == RUN_SPOT and not acts:
            return False
        g = self.host.game
        for i in range(len(acts)):
            if not rq.spends(g, acts[i]):
                self.spot = spot
                self.choice = i
                return True
        if acts:
            return False
        self.spot = spot
        self.choice = 0
        return True

    def view(self):
        """The cursor, kept with a saved run (a stop comes back on the very screen)."""
        return (self.spot, self.choice, self.placing)

    def set_view(self, v):
        """The cursor of a saved run's screen (see view); a view that does not fit the game
        now (another firmware's) is left: the cursor stays where _refresh put it."""
        if len(v) == 3 and v[0] < SPOTS and v[1] < max(1, len(self.by_spot[v[0]])):
            self.spot, self.choice, self.placing = v[0], v[1], v[2]

    def spots(self):
        """The spots the cursor walks with LEFT/RIGHT, left to right as drawn: the hand
        slots, RUN when it is offered (it is drawn only then, between them), the stashes."""
        return ORDER if self.by_spot[RUN_SPOT] else ORDER_NO_RUN

    def _move(self, step):
        order = self.spots()
        i = 0
        for k in range(len(order)):
            if order[k] == self.spot:
                i = k
        self.spot = order[(i + step) % len(order)]
        self.choice = 0

    def why(self, spot):
        """Why A on a spot without a legal action does nothing."""
        g = self.host.game
        if spot < rq.HAND_SIZE:
            c = g.hand[spot]
            if c == NONE:
                return words(_W_WHY_SLOT)
            return words(_W_WHY_CARD) % draw.label(c)
        name = STASH_NAMES[spot - rq.HAND_SIZE]
        if not g.stashes[spot - rq.HAND_SIZE].n:
            return words(_W_WHY_STASH_EMPTY) % name
        return words(_W_WHY_STASH_FULL) % name

    def current(self):
        """The action under the cursor, or None (the game is over, or the spot has none)."""
        acts = self.by_spot[self.spot]
        return acts[self.choice] if acts else None

    def press(self, button):
        if self.host.game.over:
            return False
        n = len(self.by_spot[self.spot])
        if button == buttons.LEFT:
            self._move(-1)
        elif button == buttons.RIGHT:
            self._move(1)
        elif button == buttons.UP:
            if n:
                self.choice = (self.choice - 1) % n
        elif button == buttons.DOWN:
            if n:
                self.choice = (self.choice + 1) % n
        elif button == buttons.A:
            a = self.current()
            if a is not None:
                self.host.act(a)
                self._refresh()
            else:
                self.host.message(self.why(self.spot))
            return True
        else:
            return False
        # A cursor move: the player's row with its cursor and marks, the marks under the foes
        # (the card an attack hits) and the hint line change; the status line, the foes and
        # the labels do not (see draw.redraw).
        changed = self.host.changed
        changed(0, FOE_Y + draw.CARD_H + 1, draw.W, CARDS_Y - FOE_Y + 2)
        changed(0, HINT_Y, draw.W, draw.H - HINT_Y)
        return True

    def end_detail(self):
        """The game-over screen's line: the score's parts (stashes, guards, the win)."""
        g = self.host.game
        t = "stashes %d + %d of %d guards x%d" % (g.stash_value(), len(g.defeated), rq.GUARDS,
                                                  rq.PER_ENEMY)
        return t + " + win %d" % rq.WIN_BONUS if g.won else t

    def tick(self):
        return False

    # ---- words ----

    def event_text(self, event):
        code, a, b = event
        L = draw.label
        if code == rq.EV_WEAPON:
            if a == rq.QUEEN_OF_HEARTS:
                return None  # the final battle's message covers her weapons
            if b == NONE:
                return words(_W_UNARMED) % L(a)
            return words(_W_ARMED) % (L(a), L(b))
        if code == rq.EV_REFILLED:
            # The cards the deck gave after a run (D12): one message naming them all, told
            # with the first, in the order drawn (before the next foe's).
            evs = self.host.game.events
            drawn = ""
            for i in range(len(evs)):
                if evs[i] is event and i > 0 and evs[i - 1][0] == rq.EV_REFILLED:
                    return None
                if evs[i] is event or (drawn and evs[i][0] == rq.EV_REFILLED):
                    drawn += (" " if drawn else "") + L(evs[i][1])
                elif drawn:
                    break
            return words(_W_REFILLED) % drawn
        if code == rq.EV_BACK:
            # The same foe drawn again and put back again (the deck is shuffled, it can come
            # up twice in a row): one message says how many times, not the same one twice.
            evs = self.host.game.events
            n = 0
            for i in range(len(evs)):
                if evs[i] is event:
                    if i > 0 and evs[i - 1] == event:
                        return None  # told with the first of the run
                    while i + n < len(evs) and evs[i + n] == event:
                        n += 1
            if n > 1:
                return words(_W_BACK_AGAIN) % (L(a), n)
            return words(_W_BACK) % L(a)
        if code == rq.EV_DEFEATED:
            return words(_W_DEFEATED) % (L(a), rq.PER_ENEMY)
        if code == rq.EV_DISARMED:
            return words(_W_DISARMED) % L(b)
        if code == rq.EV_FLED:
            return words(_W_FLED) % (a, rq.MAX_RUNS, words(_W_THEY if b > 1 else _W_IT))
        if code == rq.EV_FINAL:
            g = self.host.game
            arms = (L(g.foe_weapon[0]), L(g.foe_weapon[1]))
            if a > 1:
                return words(_W_FINAL_ALL) % (arms + (a - 1,))
            return words(_W_FINAL_QUEEN) % arms
        if code == rq.EV_WON:
            return words(_W_WON) % a
        if code == rq.EV_LOST:
            return words(_W_LOST_RUN if a == rq.LOST_RUN else _W_LOST_FINAL)
        return None  # EV_ENEMY (its weapon's message says it), EV_IGNORED

    def hint(self, a):
        """What A does, in a line."""
        g = self.host.game
        L = draw.label
        kind = a >> 12
        x = (a >> 8) & 15
        y = (a >> 4) & 15
        z = a & 15
        if kind == rq.HAND:
            return words(_W_TO_HAND) % L(g.drawn)
        if kind == rq.SWAP:
            return words(_W_SWAP) % (L(g.drawn), L(g.hand[x]), STASH_NAMES[y])
        if kind == rq.STASH:
            return words(_W_TO_STASH) % (L(g.drawn), STASH_NAMES[x])
        if kind == rq.REFILL:
            return words(_W_TAKE) % L(g.stashes[x].top())
        if kind == rq.ATTACK:
            c = g.hand[y]
            w = g.foe_weapon[x]
            target = L(g.foe[x >> 1])
            if w != NONE:
                target += " " + L(w)
            if z == rq.NO_PARTNER:
                return words(_W_BEATS) % (L(c), target)
            p = g._partner(z)
            made = (c // 13) * 13 + rq.combined_value(c, p) - 1  # in the hand card's suit
            return words(_W_COMBINE) % (L(c), L(p), L(made), target)
        return words(_W_RUN) % (g.runs, rq.MAX_RUNS)  # (not offered after the last: D13)

    # ---- drawing ----

    def draw(self, fb):
        g = self.host.game
        a = self.current()
        partner = NONE
        target = -1
        if a is not None and a >> 12 == rq.ATTACK:
            target = (a >> 8) & 15
            z = a & 15
            if z != rq.NO_PARTNER:
                partner = z
        self._status(fb, g)
        self._foes(fb, g, target)
        # the player's row
        for h in range(rq.HAND_SIZE):
            x = HAND_X[h]
            draw.card(fb, g.hand[h], x, CARDS_Y, True, not g.over and self.spot == h)
            if partner == h:
                mark(fb, x, CARDS_Y)
        draw.center(fb, "HAND", LABEL_Y, 1, HAND_X[0], HAND_X[2] + draw.CARD_W - HAND_X[0])
        for s in range(2):
            x = STASH_X[s]
            st = g.stashes[s]
            draw.card(fb, st.top(), x, CARDS_Y, True, not g.over and self.spot == 3 + s)
            if partner == rq.HAND_SIZE + s:
                mark(fb, x, CARDS_Y)
            draw.center(fb, STASH_NAMES[s] + str(st.n), LABEL_Y, 1, x - 4, draw.CARD_W + 8)
        if g.drawn != NONE:
            draw.card(fb, g.drawn, DRAWN_X, CARDS_Y)
            draw.center(fb, "NEW", LABEL_Y, 1, DRAWN_X - 4, draw.CARD_W + 8)
        elif self.by_spot[RUN_SPOT]:
            x, y, w, h = RUN_BOX
            fb.rect(x, y, w, h, 1)
            draw.center(fb, "RUN", y + 2, 1, x, w)
            if self.spot == RUN_SPOT:
                draw.cursor(fb, x, y, w, h)
        fb.hline(0, HINT_Y - 3, draw.W, 1)
        if a is not None:
            s = self.hint(a)
            if len(self.by_spot[self.spot]) > 1:
                s = draw.ARROW_U + draw.ARROW_D + " " + s
            draw.text(fb, s, 0, HINT_Y)
        elif not g.over:
            spot = self.spot
            if spot >= rq.HAND_SIZE:
                s = words(_W_STASH_IDLE) % STASH_NAMES[spot - rq.HAND_SIZE]
            elif g.hand[spot] == NONE:
                refill = self.by_spot[3] or self.by_spot[4]
                s = words(_W_EMPTY_FILL if refill else _W_EMPTY)
            else:
                s = draw.label(g.hand[spot]) + " " + words(_W_NO_USE)
            draw.text(fb, s, 0, HINT_Y)

    def _status(self, fb, g):
        if g.phase == rq.FINAL or (g.over and g.queen == NONE):
            draw.text(fb, "FINAL BATTLE", 0, 0)  # (no running in it: no runs to count)
        else:
            draw.text(fb, "DECK " + str(g.deck.n), 0, 0)
            draw.text(fb, "RUNS %d/%d" % (g.runs, rq.MAX_RUNS), 50, 0)
        draw.right(fb, "SCORE " + str(g.score), 127, 0)

    def _foes(self, fb, g, target):
        if g.queen == NONE:  # the final battle began (and the game may be over, Queen or not)
            self._final(fb, g, target)
            return
        if g.phase == rq.PLACE or g.phase == rq.REFILL_AFTER_RUN:
            # no fight: the Queen waits, with the enemies fled so far
            draw.card(fb, g.queen, 2, FOE_Y)
            for k in range(4):
                if g.fled[k] != NONE:
                    fled_pair(fb, g.fled[k], g.fled_weapon[k], k)
            return
        for i in range(2):
            if g.foe[i] == NONE:
                continue
            x = FIGHT_X[i]
            draw.card(fb, g.foe[i], x, FOE_Y)
            wx = x + draw.CARD_W + 2
            draw.card(fb, g.foe_weapon[2 * i], wx, FOE_Y)
            if target >> 1 == i:
                mark(fb, wx, FOE_Y)

    def _final(self, fb, g, target):
        # The main fight, in full-size cards: the Queen with her two weapons, or once she is
        # beaten the first guard still standing; the others beside it in small cards.
        main = -1
        for i in range(rq.MAX_FOES):
            if main < 0 and g.foe[i] != NONE:
                main = i
        if main == 0:
            draw.card(fb, g.foe[0], 2, FOE_Y)
            for j in range(2):
                w = g.foe_weapon[j]
                if w == NONE:
                    continue
                wx = 15 + 13 * j
                draw.card(fb, w, wx, FOE_Y)
                if target == j:
                    mark(fb, wx, FOE_Y)
        elif main > 0:
            draw.card(fb, g.foe[main], 2, FOE_Y)
            draw.card(fb, g.foe_weapon[2 * main], 15, FOE_Y)
            if target >> 1 == main:
                mark(fb, 15, FOE_Y)
        k = 0
        for i in range(main + 1, rq.MAX_FOES):
            if i > 0 and g.foe[i] != NONE:
                x, y = fled_pair(fb, g.foe[i], g.foe_weapon[2 * i], k)
                k += 1
                if target >> 1 == i:
                    fb.fill_rect(x + draw.SMALL_W + 1, y + draw.SMALL_H, draw.SMALL_W, 1, 1)


def fled_pair(fb, enemy, weapon, k):
    """An enemy beside the Queen (or in the final battle) as two small cards, 2 by 2."""
    x = 46 + (k & 1) * 40
    y = FOE_Y + (k >> 1) * 9
    draw.card_small(fb, enemy, x, y)
    draw.card_small(fb, weapon, x + draw.SMALL_W + 1, y)
    return x, y


def mark(fb, x, y):
    """A bar under the card at x, y: the weapon you hit, or the card you combine with."""
    fb.fill_rect(x, y + draw.CARD_H + 1, draw.CARD_W, 2, 1)
