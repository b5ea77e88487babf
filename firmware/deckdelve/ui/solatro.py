# Solatro: the scene. In a round, top to bottom: the status line (round, score of target);
# the hand the selection makes, live, with its points; the hand of 8 (or 9) cards, the
# selected ones raised, and the banked Joker at the right; the owned tokens (or the rank
# reached); a line saying what A does; the PLAY and DISCARD buttons with the plays and
# discards left (and END ROUND when the round waits for it).
#
# The cursor has three rows: the cards, the usable tokens, the buttons. LEFT/RIGHT move in a
# row, UP/DOWN between rows, A picks a card (or puts it back), uses a token or presses a
# button. Between rounds the shop is a list of the six tokens with their prices, and LEAVE.
#
# The cursor stops on every card and every button drawn, one place a press, whether or not it
# can be used now (a cursor that skipped what cannot be picked would jump when the 5-card
# limit comes and goes); A on one that cannot be used says why (why()) and changes nothing.
# Every legal action of game.actions() is one of these places.
from deckdelve import buttons, cards
from deckdelve.app import load
from deckdelve.games import solatro as S
from deckdelve.ui import draw

CARDS_ROW = 0
TOKENS_ROW = 1
BUTTONS_ROW = 2

STATUS_Y = 0
HAND_NAME_Y = 6
CARD_Y = 16
RAISE = 4  # a selected card stands this much higher
CARD_PITCH = 12
JOKER_X = 114
TOKENS_Y = 33
HINT_Y = 42
BUTTON_Y = 52
BUTTON_H = 10
# Each row's band of the screen (y, height), cursor included: the cards (a picked one
# raised), the tokens, the buttons.
ROW_BANDS = (CARD_Y - RAISE, RAISE + draw.CARD_H, TOKENS_Y - 1, draw.LINE + 1, BUTTON_Y,
             BUTTON_H)

# The owned tokens' labels in the token row (%d: the token's figure, from the rules); when
# all six are owned they do not fit, and the Double Score's gives way to X2.
TOKEN_LABELS = ("+CARD", "+DISC", "+%d", "+HAND", "DOUBLE", "SHIELD")
TOKEN_FIGURES = (S.EXTRA_CARDS, S.EXTRA_DISCARDS, S.POCKET_BONUS, S.EXTRA_PLAYS,
                 S.DOUBLE_FACTOR, 0)
# What each token does, short enough to follow "A: " on one line, and true both when it is
# used and when it is bought (it then works in the round it is used in).
TOKEN_EFFECTS = (
    "+%d card in hand for a round",
    "+%d discard for a round",
    "+%d points to a round",
    "%d more play in a round",
    "next play scores x%d",
    "saves one failed round",
)
# Why A does nothing on a place (see why()), in one string: one object in RAM, not five.
WHY = ("%d cards is the most a play takes: put one back first.|"
       "Pick the cards to play first: A on a card picks it.|No discards left this round.|"
       "The Joker cannot be discarded: put it back first.|"
       "Pick the cards to discard first: A on a card picks it.")
SHOP_Y = 7
SHOP_LINE = 6


def _new_rank(survived):
    """' New rank: ...!' when `survived` rounds is exactly a milestone, else ''."""
    i = S.rank_index(survived)
    if i >= 0 and S.RANKS[i][0] == survived:
        return " New rank: " + S.RANKS[i][1] + "!"
    return ""


def token_effect(t):
    """What token t does, in words."""
    e = TOKEN_EFFECTS[t]
    return e % TOKEN_FIGURES[t] if "%" in e else e


def token_label(t, short):
    """Token t's label in the row; short: the narrow one (when all six are shown)."""
    if short and t == S.DOUBLE_SCORE:
        return "X%d" % S.DOUBLE_FACTOR
    label = TOKEN_LABELS[t]
    return label % TOKEN_FIGURES[t] if "%" in label else label


def card_x(i):
    return 2 + i * CARD_PITCH


class Scene:
    def __init__(self, host):
        self.host = host
        self.row = CARDS_ROW
        self.cols = bytearray(3)  # the cursor's place in each row, kept while on another
        self.rows = ([], [], [])
        self._refresh()
        # (The opening deal may already bank or lose a Joker: the host shows a new game's
        # first events as it shows every action's.)

    # ---- input ------------------------------------------------------------------------

    def _refresh(self):
        """Lay out the cursor's places: every card, the usable tokens, every button drawn (in
        the shop every token and LEAVE); keep the cursor on one."""
        g = self.host.game
        self.legal = legal = g.actions()
        cards_row = []
        tokens_row = []
        buttons_row = []
        if g.phase == S.SHOP:
            for t in range(S.TOKEN_COUNT):
                buttons_row.append(S.BUY | t)
            buttons_row.append(S.LEAVE)
        elif g.phase == S.IN_ROUND:
            if g.plays_left > 0:
                for i in range(g.hand_len):
                    cards_row.append(S.PICK | i)
                if g.bank != cards.NONE:
                    cards_row.append(S.PICK | S.JOKER_SLOT)
                buttons_row.append(S.PLAY)
                buttons_row.append(S.DISCARD)
            else:
                buttons_row.append(S.END)
            for a in legal:
                if a & S.KIND_MASK == S.USE:
                    tokens_row.append(a)
        self.rows = (cards_row, tokens_row, buttons_row)
        for r in range(3):
            n = len(self.rows[r])
            if self.cols[r] >= n:
                self.cols[r] = n - 1 if n else 0
        if not self.rows[self.row]:
            self.row = CARDS_ROW
            self._step_row(1)

    def _step_row(self, step):
        """Move to the next row (step -1 or 1) that has something on it, if any."""
        r = self.row
        for _ in range(3):
            if self.rows[r] and r != self.row:
                self.row = r
                return
            r = (r + step) % 3

    def view(self):
        """The cursor (its row and its place in each row), kept with a saved run: a stop
        comes back on the very screen."""
        c = self.cols
        return (self.row, c[0], c[1], c[2])

    def set_view(self, v):
        """The cursor of a saved run's screen (see view); one that does not fit the game now
        (another firmware's) is left: the cursor stays where _refresh put it."""
        if len(v) != 4 or v[0] > 2 or not self.rows[v[0]]:
            return
        for r in range(3):
            if v[1 + r] >= max(1, len(self.rows[r])):
                return
        self.row = v[0]
        for r in range(3):
            self.cols[r] = v[1 + r]

    def current(self):
        """The action under the cursor, or None when there is none (the game is over)."""
        row = self.rows[self.row]
        return row[self.cols[self.row]] if row else None

    def press(self, button):
        g = self.host.game
        if g.over:
            return False
        n = len(self.rows[self.row])
        r = self.row
        if g.phase == S.SHOP:
            # One list (the buttons row): UP/DOWN, or LEFT/RIGHT, walk it.
            if button == buttons.UP or button == buttons.LEFT:
                self.cols[r] = (self.cols[r] - 1) % n
            elif button == buttons.DOWN or button == buttons.RIGHT:
                self.cols[r] = (self.cols[r] + 1) % n
            elif button == buttons.A:
                self._press_a(self.current())
            else:
                return False
            return True
        if button == buttons.LEFT:
            if n:
                self.cols[r] = (self.cols[r] - 1) % n
        elif button == buttons.RIGHT:
            if n:
                self.cols[r] = (self.cols[r] + 1) % n
        elif button == buttons.UP:
            self._step_row(-1)
        elif button == buttons.DOWN:
            self._step_row(1)
        elif button == buttons.A:
            a = self.current()
            if a is not None:
                self._press_a(a)
            return True
        else:
            return False
        # A cursor move: the row it left, the row it is on and the hint line change; the
        # status line and the hand's name do not (see draw.redraw).
        changed = self.host.changed
        for row in (r, self.row):
            y, h = ROW_BANDS[2 * row], ROW_BANDS[2 * row + 1]
            changed(0, y, draw.W, h)
        changed(0, HINT_Y, draw.W, draw.LINE)
        return True

    def _press_a(self, a):
        if a not in self.legal:
            self.host.message(self.why(a))
        elif a & S.KIND_MASK == S.USE:
            # A token is spent only on a yes to a question whose answer starts on NO: a press
            # of A too many (DOWN from the cards lands on the tokens) spends nothing.
            t = a & 0xF
            effect = token_effect(t)
            app = self.host.app
            app.push(load("dialogs", "Confirm")(
                app, "Use the %s now? %s%s." % (S.TOKEN_NAMES[t], effect[0].upper(), effect[1:]),
                lambda: self._act(a)))
        elif a == S.LEAVE and S.spends(self.host.game, a):
            # The shop opens on LEAVE (A spends nothing there); leaving with points that still
            # buy something loses them: asked first, NO under the cursor.
            app = self.host.app
            app.push(load("dialogs", "Confirm")(
                app, "Leave the shop? The %d points left are lost." % self.host.game.shop_points,
                lambda: self._act(a)))
        else:
            self._act(a)

    def why(self, a):
        """Why A on the place of action a (not legal now) does nothing."""
        g = self.host.game
        kind = a & S.KIND_MASK
        if kind == S.PICK:
            return draw.part(WHY, 0) % S.MAX_PLAY
        if kind == S.PLAY:
            return draw.part(WHY, 1)
        if kind == S.DISCARD:
            if g.discards_left == 0:
                return draw.part(WHY, 2)
            return draw.part(WHY, 3 if g.joker_picked else 4)
        t = a & 0xF  # BUY
        if g.tokens & (1 << t):
            return "You own the %s already." % S.TOKEN_NAMES[t]
        return "The %s costs %d; you have %d to spend." % (
            S.TOKEN_NAMES[t], S.TOKEN_PRICES[t], g.shop_points)

    def _act(self, a):
        kind = a & S.KIND_MASK
        g = self.host.game
        phase = g.phase
        rnd = g.round
        # Said before the events the action brings (a round cleared, a Joker drawn).
        if kind == S.PLAY:
            self.host.message(self._play_text(g))
        elif kind == S.BUY or kind == S.LEAVE:
            self._leaving_text(g, a)
        self.host.act(a)
        if (kind == S.PLAY or kind == S.DISCARD or g.phase != phase or g.round != rnd):
            # A fresh hand (also a new round begun by END or a token), or a new screen: start
            # at its first card, PLAY; the shop on LEAVE, where A spends nothing (HANDHELD.md's
            # manner 1: the messages before it are closed with A, one press too many bought).
            self.row = CARDS_ROW
            self.cols[0] = self.cols[1] = self.cols[2] = 0
            if g.phase == S.SHOP:
                self.cols[2] = S.TOKEN_COUNT  # LEAVE, after the tokens (see _refresh)
        self._refresh()

    def _play_text(self, g):
        """What a play scores, before the total moves: the hand, its points, the Double Score
        and the Joker if they took part, and the round's total after it."""
        hand = g.selection()
        name, points = S.best_hand(hand)
        t = "%s: %d points" % (name, points)
        if g.double_armed:
            points *= S.DOUBLE_FACTOR
            t += ", doubled: %d" % points
        if g.joker_picked:
            t += " (the Joker played wild)"
        return t + ". Round total %d of %d." % (g.round_score + points, g.target)

    def _leaving_text(self, g, a):
        """When the shop closes (LEAVE, or a buy after which nothing more is affordable: the
        rules then close it), say so and what becomes of the points left: they are lost
        (docs/rules/solatro.md)."""
        left = g.shop_points
        if a != S.LEAVE:
            bought = a & 0xF
            left -= S.TOKEN_PRICES[bought]
            for t in range(S.TOKEN_COUNT):
                if t != bought and not g.tokens & (1 << t) and S.TOKEN_PRICES[t] <= left:
                    return  # the shop stays open
            t = "Nothing more you can buy: the shop closes"
        else:
            t = "You leave the shop"
        if left:
            t += " and %d points left are lost" % left
        self.host.message(t + ". Round %d begins." % (g.round + 1))

    def end_detail(self):
        """The game-over screen's line: the rounds survived and the rank they made."""
        g = self.host.game
        n = g.rounds_survived()
        return "%d round%s survived: %s" % (n, "" if n == 1 else "s", g.rank_name() or
                                            "no rank yet")

    def tick(self):
        return False

    # ---- words ------------------------------------------------------------------------

    def event_text(self, event):
        code, a, b = event
        g = self.host.game
        if (code == S.EV_JOKER_BANKED or code == S.EV_JOKERS_LOST) and g.over:
            return None  # drawn back after the last play of a lost game: nothing to play
        if code == S.EV_JOKER_BANKED:
            return "A Joker! It is banked: add it to any later play as a wildcard."
        if code == S.EV_JOKERS_LOST:
            return "A second Joker showed up: you lose BOTH! Joke's on you, DWEEB!"
        if code == S.EV_ROUND_CLEARED:
            t = "Round %d cleared: %d of %d." % (a, b, S.target(a)) + _new_rank(a)
            if g.phase == S.SHOP:
                t += " %d points to spend." % g.shop_points
            elif b > S.target(a):
                t += " Nothing in the shop for %d." % (b - S.target(a))
            return t
        if code == S.EV_SHIELD_USED:
            # A round the Shield saves counts as survived (docs/rules/solatro.md): maybe a rank.
            return "Round %d: %d of %d. Your Shield breaks and you advance!" % (
                a, b, S.target(a)) + _new_rank(a)
        if code == S.EV_DIED:
            i = S.rank_index(a - 1)
            rank = S.RANKS[i][1] if i >= 0 else "no rank yet"
            return "Round %d: %d of %d. You DIE! Score %d, %d survived: %s." % (
                a, b, S.target(a), a, a - 1, rank)
        return None

    def hint(self, a):
        """What A does, in a line."""
        g = self.host.game
        kind = a & S.KIND_MASK
        if a not in self.legal:
            if kind == S.PICK:
                return "%d picked: put one back first" % S.MAX_PLAY
            if kind == S.PLAY:
                return "pick cards to play first"
            if kind == S.DISCARD:
                if g.discards_left == 0:
                    return "no discards left"
                return "put the Joker back to discard" if g.joker_picked else "pick cards first"
            t = a & 0xF  # BUY
            return "owned" if g.tokens & (1 << t) else "costs %d" % S.TOKEN_PRICES[t]
        if kind == S.PICK:
            i = a & 0xF
            if i == S.JOKER_SLOT:
                return ("A: put back the Joker" if g.joker_picked
                        else "A: pick the banked Joker (wild)")
            on = g.picked & (1 << i)
            return ("A: put back " if on else "A: pick ") + draw.label(g.hand[i])
        if kind == S.USE:
            return "A: " + token_effect(a & 0xF)
        if kind == S.PLAY:
            name, points = S.best_hand(g.selection())
            return "A: play %s for %d" % (name, points * S.DOUBLE_FACTOR if g.double_armed
                                          else points)
        if kind == S.DISCARD:
            n = g.selection_size()
            return "A: discard %d, draw %d" % (n, n)
        if kind == S.END:
            return "A: end the round, %d of %d" % (g.round_score, g.target)
        if kind == S.BUY:
            return "A: buy for %d" % S.TOKEN_PRICES[a & 0xF]
        return "A: leave the shop"  # LEAVE

    # ---- drawing ----------------------------------------------------------------------

    def draw(self, fb):
        g = self.host.game
        if g.phase == S.SHOP:
            self._shop(fb, g)
            return
        a = self.current()
        # status line
        draw.text(fb, "ROUND %d" % g.round, 0, STATUS_Y)
        # (the total with the play's points at once: its message says the same total)
        draw.right(fb, "SCORE %d/%d" % (g.round_score, g.target), draw.W - 1, STATUS_Y)
        # the selection's hand, live
        if g.picked or g.joker_picked:
            name, points = S.best_hand(g.selection())
            if g.double_armed:
                s = "%s %d X%d = %d" % (name, points, S.DOUBLE_FACTOR, S.DOUBLE_FACTOR * points)
            else:
                s = "%s %d" % (name, points)
            draw.center(fb, s.upper(), HAND_NAME_Y)
        elif g.double_armed:
            draw.center(fb, "NEXT PLAY X%d" % S.DOUBLE_FACTOR, HAND_NAME_Y)
        elif g.plays_left > 0:
            draw.center(fb, "PICK UP TO %d CARDS" % S.MAX_PLAY, HAND_NAME_Y)
        elif not g.over:
            draw.center(fb, "NO PLAYS LEFT", HAND_NAME_Y)
        # the hand and the banked Joker
        on_cards = a is not None and self.row == CARDS_ROW
        for i in range(g.hand_len):
            up = g.picked & (1 << i)
            here = on_cards and a & 0xF == i
            draw.card(fb, g.hand[i], card_x(i), CARD_Y - (RAISE if up else 0), True, here)
        if g.bank != cards.NONE:
            here = on_cards and a & 0xF == S.JOKER_SLOT
            y = CARD_Y - (RAISE if g.joker_picked else 0)
            draw.card(fb, g.bank, JOKER_X, y, True, here)
        # tokens: the owned ones; the cursor can rest on those usable now
        x = 0
        short = g.tokens == (1 << S.TOKEN_COUNT) - 1  # all six: the narrow labels
        for t in range(S.TOKEN_COUNT):
            if g.tokens & (1 << t):
                label = token_label(t, short)
                w = draw.width(label) + 4
                draw.text(fb, label, x + 2, TOKENS_Y)
                if a is not None and self.row == TOKENS_ROW and a == S.USE | t:
                    draw.cursor(fb, x, TOKENS_Y - 1, w, draw.LINE + 1)
                x += w + 1
        if x == 0:
            rank = g.rank_name()
            if rank:
                draw.text(fb, rank.upper(), 2, TOKENS_Y)
        # what A does
        if a is not None:
            draw.text(fb, self.hint(a), 0, HINT_Y)
        if g.over:
            return  # the platform's message and game-over screen say the rest
        fb.hline(0, BUTTON_Y - 2, draw.W, 1)
        # buttons: every one shown; those not legal now are drawn dotted
        x = 0
        for kind in (S.PLAY, S.DISCARD, S.END):
            if kind == S.PLAY:
                label = "PLAY %d" % g.plays_left
            elif kind == S.DISCARD:
                label = "DISCARD %d" % g.discards_left
            elif g.plays_left == 0:
                label = "END ROUND"
            else:
                continue
            w = draw.width(label) + 8
            if kind in self.legal:
                fb.rect(x, BUTTON_Y, w, BUTTON_H, 1)
            else:
                draw.empty(fb, x, BUTTON_Y, w, BUTTON_H)
            draw.text(fb, label, x + 4, BUTTON_Y + 3)
            if a == kind and self.row == BUTTONS_ROW:
                draw.cursor(fb, x, BUTTON_Y, w, BUTTON_H)
            x += w + 3

    def _shop(self, fb, g):
        a = self.current()
        draw.text(fb, "BONUS SHOP", 0, 0)
        draw.right(fb, "%d TO SPEND" % g.shop_points, draw.W - 1, 0)
        for t in range(S.TOKEN_COUNT):
            y = SHOP_Y + 1 + t * SHOP_LINE
            draw.text(fb, S.TOKEN_NAMES[t].upper(), 2, y)
            if g.tokens & (1 << t):
                draw.right(fb, "OWNED", draw.W - 2, y)
            elif S.TOKEN_PRICES[t] > g.shop_points:
                draw.right(fb, "TOO DEAR %d" % S.TOKEN_PRICES[t], draw.W - 2, y)
            else:
                draw.right(fb, str(S.TOKEN_PRICES[t]), draw.W - 2, y)
            if a == S.BUY | t:
                draw.cursor(fb, 0, y - 1, draw.W, SHOP_LINE)
        y = SHOP_Y + 1 + S.TOKEN_COUNT * SHOP_LINE
        draw.text(fb, "LEAVE", 2, y)
        if a == S.LEAVE:
            draw.cursor(fb, 0, y - 1, draw.W, SHOP_LINE)
        fb.hline(0, 51, draw.W, 1)
        # The footer: what the item under the cursor does, then what A does.
        if a is None:
            return
        if a == S.LEAVE:
            says = "Points left are lost"
        else:
            says = token_effect(a & 0xF)
        draw.text(fb, says[0].upper() + says[1:], 1, 53)
        draw.text(fb, self.hint(a), 1, 59)
        rank = g.rank_name()
        draw.right(fb, rank.upper() if rank else "NO RANK YET", draw.W - 1, 59)
