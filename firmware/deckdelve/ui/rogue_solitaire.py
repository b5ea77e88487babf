# Rogue Solitaire: the scene. Left to right: the monster's grid, yours, the exit's (three 3x3
# grids of full-size cards), then a side panel: the floor (or the race), the deck, the
# discards, the Victory Buffet, the kills and the SKIP button. Below: your hand, and a line
# that says what the next press decides.
#
# The Buffet lies face up until the race: while it has cards, its panel row (BF) is a place
# too, and A there opens a view of its cards (A or B closes it). No action is taken, so the
# view changes nothing in the run. In the race the Buffet is face down: only its count.
#
# The cursor rests on a "place": a grid spot, a hand card, the slot after the hand (take a
# card into it), SKIP, or a Buffet choice. The places are every spot the phase is about (all
# nine of your grid in a play or an attack, all nine of the monster's for healing and the
# pickpocket), legal now or not, so that the d-pad moves to the spot pressed and never jumps
# past one; A on a place with no legal action says why (why()) and changes nothing. A play
# takes two presses of A: first the card, then where it goes (another grid card to swap with,
# an empty spot, a hand card, the slot after the hand; the same face-down card again turns it
# up); B cancels the first, and the line below names exactly what A does at the cursor. SKIP
# asks to be confirmed, and after an action the cursor leaves it for your grid's centre. The
# Buffet's row (INFO) is the one place that is no action: A there only opens the view.
from deckdelve import buttons
from deckdelve.games import rogue_solitaire as rs
from deckdelve.ui import draw

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


GRID_X = (0, 36, 72)  # monster, player, exit
GRID_W = const(33)  # 3 * draw.CARD_W
GRID_H = const(45)  # 3 * draw.CARD_H
PANEL_X = const(107)
LABEL_Y = const(45)  # the grids' names, under them, always (whose grid is whose)
HAND_Y = const(51)  # the hand below the names: one row, or two (8 cards or more) that share
# a border line, a table's rows, so that both fit under the names
HAND_ROW_PITCH = const(6)  # draw.SMALL_H - 1: the second row's top line is the first's bottom
HINT_Y = const(59)
TRAIL = const(8)  # d-pad moves remembered (the way there and back: four each way)
KEPT = const(4)  # of them, kept with a saved run (the view's room)
REACH = const(24)  # pixels across within which UP and DOWN look for the next row
MATCH_Y = const(7)  # a matching card's mark: its last inner column from this row down
GRID_NAMES = ("MONSTER", "YOU", "EXIT")
PITCH = const(16)  # hand card pitch
HAND = const(32)  # place 32 + i = hand card i; 32 + hand_n = the take slot
CHOICE = const(64)  # place 64 + i = Buffet choice i
GO = const(100)  # SKIP (or, between floors, go down)
GO_BOX = (107, 42, 21, 9)
INFO = const(101)  # the Buffet's panel row: A shows its face-up cards
INFO_BOX = (107, 20, 21, 7)

# Every sentence in one string: MicroPython keeps one object, where forty literals would be
# interned one by one and cost kilobytes of RAM.
WORDS = (
    "Your %s beats its %s.|Its %s beats your %s.|%s and %s tie: both are lost.|"
    "It strikes back: its %s beats your %s.|It strikes back: your %s beats its %s.|"
    "It strikes back: %s and %s tie, both lost.|"
    "%sThe monster is named: %s! Its %s steps out.|SPECIAL ATTACK: %s!|CRITICAL ATTACK: %s!|"
    "It is unhurt: the healing does nothing.|It heals: %d card dealt to it.|"
    "It heals fully: %d cards dealt to it.|It knocks your %s out of your hand.|"
    "It knocks your whole hand away (%d).|The attack finds nothing to do.|"
    "Pickpocket! It swapped a hidden card for your %s.|"
    "Mugging! %d hidden card%s swapped with yours.|"
    "Magic! Its %s trades places with the exit's %s.|"
    "Teleport! The exit is redealt: where are you?|"
    "Monster slain! %d card%s to your hand.|The discards are shuffled into a new deck (%d).|"
    "A ghost rises from the Buffet: %s!|You unlock the exit and escape floor %d!|"
    "You escape the dungeon!|%s goes to the Victory Buffet.|"
    "THE FINAL RACE! The Buffet's ghosts pursue you to the exit.|"
    "The Buffet is bare: you die of hunger.|Your wounds are fatal: %s is empty. You die.|"
    "Spades: magic|Hearts: healing|Diamonds: greed|Clubs: damage|"
    "PLAY: pick a card|Play it where? B:cancel|A: no play, go fight|DISCARD down to %d|"
    "ATTACK with which card?|HEAL: which spot?|CLUBS: drop which card?|PICKPOCKET: swap which?|"
    "Feed the Victory Buffet:|Floor %d cleared!|A: go down|B: menu, to save and quit|"
    "FL%d|RACE|DK|DS|BF|KL|SKIP|ATTACK: %s vs %s|hidden|DROP%d|hidden card|"
    "A: see the Buffet|The Victory Buffet (%d):|A or B: back|"
    "A: swap %s with %s|A: turn it face up|A: place %s there|A: take %s into hand|"
    "No play there. B: cancel|A or B: cancel|SKIP? A: yes, B: no|"
    "Only a hand card can go on an empty spot. B cancels the pick.|"
    "Hand cards do not swap with each other: pick a spot of your grid. B cancels the pick.|"
    "Pick a card of your grid first: then A here takes it into your hand.|"
    "An empty spot, and no card in your hand to place on it.|"
    "Your centre card does not attack: pick one of the eight around it.|"
    "An empty spot has no card to attack with.|"
    "Healing goes on an empty spot of the monster's grid.|"
    "The pickpocket takes a face-down monster card that has a card of yours in the same spot.|"
    "A: swap it with your %s|SURE|It strikes back with a face card. |"
    "Your attack turns up a face card. |SC|ALL %d MATCH: KEY JK TO CENTRE|"
    "That is the key to the exit! A again on it throws it away.|DISCARD %d: A throws away %s|"
    "A: give %s to the Buffet|"
    "your top row|your middle row|your bottom row|your left column|your middle column|"
    "your right column|Give %s to the Buffet?|A: no, back to the cards|NO|YES|"
    "Throw away %s?|Let it knock %s away?|Let it take your %s?"
)
_W_BEATS = const(0)
_W_LOSES = const(1)
_W_TIE = const(2)
_W_R_LOSE = const(3)
_W_R_WIN = const(4)
_W_R_TIE = const(5)
_W_NAMED = const(6)
_W_SPECIAL = const(7)
_W_CRITICAL = const(8)
_W_UNHURT = const(9)
_W_HEAL1 = const(10)
_W_HEALN = const(11)
_W_LOST_CARD = const(12)
_W_LOST_HAND = const(13)
_W_NOTHING = const(14)
_W_PICKPOCKET = const(15)
_W_MUGGED = const(16)
_W_EXIT_SWAP = const(17)
_W_TELEPORT = const(18)
_W_KILL = const(19)
_W_RESHUFFLE = const(20)
_W_GHOST = const(21)
_W_ESCAPE_FLOOR = const(22)
_W_ESCAPE = const(23)
_W_BUFFET = const(24)
_W_RACE = const(25)
_W_HUNGER = const(26)
_W_DIED = const(27)
_W_SUITS = const(28)  # + suit (S H D C): the kind of a special or critical attack
_W_PICK = const(32)
_W_WHERE = const(33)
_W_SKIP = const(34)
_W_DISCARD = const(35)
_W_ATTACK = const(36)
_W_HEAL = const(37)
_W_CLUB = const(38)
_W_PICKP = const(39)
_W_FEED = const(40)
_W_CLEARED = const(41)
_W_GO_DOWN = const(42)
_W_SAVE = const(43)
_W_FLOOR = const(44)
_W_RACE_LABEL = const(45)
_W_DECK = const(46)
_W_DISC = const(47)
_W_BUFFET_LABEL = const(48)
_W_KILLS = const(49)
_W_SKIP_LABEL = const(50)
_W_HITS = const(51)
_W_HIDDEN = const(52)
_W_DROP = const(53)
_W_HIDDEN_CARD = const(54)
_W_SEE_BUFFET = const(55)
_W_BUFFET_VIEW = const(56)
_W_BACK = const(57)
_W_DO_SWAP = const(58)
_W_DO_FLIP = const(59)
_W_DO_PLACE = const(60)
_W_DO_TAKE = const(61)
_W_NO_PLAY = const(62)
_W_CANCEL = const(63)
_W_SKIP_ASK = const(64)
_W_WHY_EMPTY = const(65)
_W_WHY_HANDS = const(66)
_W_WHY_TAKE = const(67)
_W_WHY_NO_HAND = const(68)
_W_WHY_CENTRE = const(69)
_W_WHY_NO_CARD = const(70)
_W_WHY_HEAL = const(71)
_W_WHY_PICK = const(72)
_W_DO_PICK = const(73)
_W_SURE = const(74)
_W_NAMED_BACK = const(75)
_W_NAMED_ATTACK = const(76)
_W_SCORE = const(77)
_W_ALL_MATCH = const(78)
_W_KEY_WARN = const(79)
_W_THROW = const(80)
_W_DO_FEED = const(81)
_W_LINES = const(82)  # + a row or column's index in rs.LINES: its name
_W_GIVE_ASK = const(88)
_W_GIVE_NO = const(89)
_W_NO = const(90)
_W_YES = const(91)
_W_ASK = const(92)  # + 0 discard, 1 the Clubs attack, 2 the pickpocket: the question
# The choices that lose a card, whichever is chosen: A on one asks first, NO under the cursor.
ASKING = (rs.PH_DISCARD, rs.PH_CLUB, rs.PH_PICK, rs.PH_BUFFET)


def words(i):
    """The i-th sentence of WORDS."""
    return draw.part(WORDS, i)


def _plural(n):
    return "" if n == 1 else "s"


def _part(place):
    """The part of the screen a place is in: a grid (0 1 2), the hand, the panel, a choice."""
    if place < 27:
        return place // 9
    if place >= CHOICE:
        return 6 if place >= GO else 5
    return 3


def spot_xy(spot):
    """Top-left corner of grid spot 0..26 (monster, player, exit)."""
    p = spot % 9
    return GRID_X[spot // 9] + (p % 3) * draw.CARD_W, (p // 3) * draw.CARD_H


class Scene:
    def __init__(self, host):
        self.host = host
        self.place = rs.P + 4
        self.chosen = -1  # the first place of a two-step play, -1 when none
        self.pairs = []  # PLAY: (first place, second place, action)
        self.targets = []  # the places the cursor may rest on now
        self.centres = None  # their centres (see _centres)
        self.viewing = False  # the Buffet's view is open
        self.skip_asked = False  # A was pressed on SKIP once: A again skips, else not
        self.key_warned = False  # A was pressed once on the key Joker to throw it away
        # A choice that loses a card (ASKING: a discard, the Clubs attack's, the pickpocket's,
        # the Buffet's) asks first, "Throw away 4H?", with NO under the cursor (a card lost
        # cannot be taken back; issue 33); give_yes: the cursor is on YES.
        self.give = False
        self.give_yes = False
        self.phase = -1  # the phase the places were laid out for
        # The places of the play just made (where A was pressed last, then first): the attack
        # that follows starts on the card moved, which is at one of them.
        self.moved = (-1, -1)
        # The cursor's last moves (up to TRAIL), each as (place, button, the place it left),
        # the latest last: the opposite button goes straight back (see step).
        self.came = None
        # The last action's messages: how many were queued (0 once a press reached the
        # scene: all closed). Behind the k-th of them the board its event left (the game's
        # steps), behind the last the board as it is now: see _shown_board.
        self.queued = 0
        # The panel's labels, made once (from WORDS at every redraw, they were five strs made
        # a redraw): deck, discards, Buffet, kills, score.
        self.labels = tuple(words(w) for w in (_W_DECK, _W_DISC, _W_BUFFET_LABEL, _W_KILLS,
                                                _W_SCORE))
        # (A new game has no events to show; a continued run's last ones were seen before.)
        self._refresh()

    # ---- which places are legal ----

    def _hand_place(self, card):
        g = self.host.game
        for i in range(g.hand_n):
            if g.hand[i] == card:
                return HAND + i
        return -1

    def _refresh(self):
        g = self.host.game
        ph = g.phase
        self.pairs = []
        targets = []
        hand_place = self._hand_place
        for a in g.actions():
            kind = a >> 10
            arg = a & 1023
            if ph == rs.PH_PLAY:
                if kind == rs.SWAP:
                    x = rs.P + arg // 9
                    y = rs.P + arg % 9
                    self.pairs.append((x, y, a))
                    self.pairs.append((y, x, a))
                elif kind == rs.FLIP:
                    self.pairs.append((rs.P + arg, rs.P + arg, a))
                elif kind == rs.HSWAP or kind == rs.PLACE:
                    h = hand_place(arg // 9)
                    self.pairs.append((h, rs.P + arg % 9, a))
                    self.pairs.append((rs.P + arg % 9, h, a))
                elif kind == rs.TAKE:
                    self.pairs.append((rs.P + arg, HAND + g.hand_n, a))
                else:
                    self.pairs.append((GO, GO, a))
            elif kind == rs.DISCARD or kind == rs.CLUB:
                targets.append(hand_place(arg))
            elif kind == rs.BUFFET:
                targets.append(CHOICE + len(targets))
            elif kind == rs.DESCEND:
                targets.append(GO)
        if ph == rs.PH_PLAY or ph == rs.PH_ATTACK:
            for p in range(9):
                targets.append(rs.P + p)  # your whole grid, legal or not
        elif ph == rs.PH_HEAL or ph == rs.PH_PICK:
            for p in range(9):
                targets.append(rs.M + p)  # the monster's whole grid
        if ph == rs.PH_PLAY:
            for i in range(g.hand_n + 1):
                targets.append(HAND + i)  # the hand, and the slot after it (take)
            if self.chosen < 0:
                targets.append(GO)
        if self.chosen < 0 and self.buffet_shown(g) and targets and ph < rs.PH_BUFFET:
            targets.append(INFO)  # not an action: A there opens the Buffet's view
        self.targets = targets
        self.centres = None  # (see _centres)
        if ph == rs.PH_PLAY:
            if self.place not in targets:
                self.place = rs.P + 4
        elif targets and (self.place not in targets or ph != self.phase):
            # A new choice starts on its first legal place (the d-pad then moves one a press);
            # an attack after a play on the card the play moved, if it can attack.
            self.place = targets[0]
            for t in self.moved + tuple(targets):
                if t in targets and self.action_at(t) is not None:
                    self.place = t
                    break
        self.moved = (-1, -1)
        self.phase = ph

    def _retarget(self):
        """A play's first card chosen or let go (PH_PLAY): of the targets, only GO and the
        Buffet's view depend on it, added as _refresh adds them (and in its order); the
        actions are the same, so _refresh's walk over all of them (~1 M cycles on the Pico)
        is not made again."""
        targets = self.targets
        for extra in (GO, INFO):
            if extra in targets:
                targets.remove(extra)
        if self.chosen < 0:
            targets.append(GO)
            if self.buffet_shown(self.host.game):
                targets.append(INFO)
        self.centres = None  # (see _centres)

    def action_at(self, place):
        """The action A does on place now, or None (none: the first step of a play, or a
        place with no legal action, see why())."""
        g = self.host.game
        if g.phase == rs.PH_PLAY:
            first = self.chosen if self.chosen >= 0 else place
            for f, s, a in self.pairs:
                if f == first and (s == place or place == GO) and (self.chosen >= 0 or f == GO):
                    return a
            return None
        acts = g.actions()
        if g.phase == rs.PH_BUFFET:
            return acts[place - CHOICE] if 0 <= place - CHOICE < len(acts) else None
        for a in acts:
            kind = a >> 10
            arg = a & 1023
            if kind == rs.DISCARD or kind == rs.CLUB:
                if self._hand_place(arg) == place:
                    return a
            elif kind == rs.ATTACK:
                if rs.P + arg == place:
                    return a
            elif kind == rs.HEAL or kind == rs.PICK:
                if rs.M + arg == place:
                    return a
            elif place == GO:
                return a
        return None

    def starts_play(self, place):
        """Can a play begin with place (PH_PLAY, nothing chosen yet)?"""
        for f, _s, _a in self.pairs:
            if f == place and f != GO:
                return True
        return False

    def why(self, place):
        """Why A on place does nothing now (a sentence), or "" when it does something."""
        g = self.host.game
        ph = g.phase
        if self.action_at(place) is not None or place == INFO:
            return ""
        if ph == rs.PH_PLAY:
            if self.chosen < 0:
                if self.starts_play(place):
                    return ""
                if place >= HAND:
                    return words(_W_WHY_TAKE)
                return words(_W_WHY_NO_HAND)
            if place == self.chosen:
                return ""  # A there cancels the pick
            if self.chosen >= HAND:
                return words(_W_WHY_HANDS)
            if place >= HAND:
                return words(_W_WHY_TAKE)
            return words(_W_WHY_EMPTY)
        if ph == rs.PH_ATTACK:
            if g.grid[place] == rs.NONE:
                return words(_W_WHY_NO_CARD)
            return words(_W_WHY_CENTRE)
        if ph == rs.PH_HEAL:
            return words(_W_WHY_HEAL)
        return words(_W_WHY_PICK)

    def buffet_shown(self, g):
        """Are the Buffet's cards to be seen? Only while it is face up (not the race) and not
        empty. (_refresh offers the view only in the phases whose screen leaves its row free:
        not while the feeding box or the between-floors message covers it.)"""
        return not g.race and g.buffet_n > g.buffet_top and not g.over

    # ---- input ----

    def press(self, button):
        g = self.host.game
        self.queued = 0  # the chain's messages are all closed (else no press comes here)
        if g.over:
            return False
        if self.viewing:
            if button == buttons.A or button == buttons.B:
                self.viewing = False
            return True  # the d-pad does nothing while the view is open
        if button == buttons.A and self.place == INFO:
            self.viewing = True
            return True
        if self.give:
            # LEFT and RIGHT choose NO or YES; A answers; B is NO.
            if button == buttons.A and self.give_yes:
                self._act(self.action_at(self.place))
            elif button == buttons.A or button == buttons.B:
                self.give = self.give_yes = False
            elif button == buttons.LEFT or button == buttons.RIGHT:
                self.give_yes = button == buttons.RIGHT
            else:
                self.host.changed(0, 0, 0, 0)  # UP, DOWN: nothing
            return True
        if self.skip_asked:
            # SKIP waits for a second A; B keeps the turn (it does not pause). The d-pad
            # does nothing while it asks: the question stays, the cursor with it.
            if button == buttons.A:
                self.skip_asked = False
                self._act(self.action_at(GO))
            elif button == buttons.B:
                self.skip_asked = False
            else:
                self.host.changed(0, 0, 0, 0)
            return True
        warned = self.key_warned
        self.key_warned = False
        if button == buttons.A:
            place = self.place
            a = self.action_at(place)
            if a is not None and place == GO and g.phase == rs.PH_PLAY:
                self.skip_asked = True
            elif (a is not None and (a >> 10 == rs.DISCARD or a >> 10 == rs.CLUB)
                  and (a & 1023) >= 52 and not warned):
                self.key_warned = True  # the key Joker: A again throws it away
                self.host.message(words(_W_KEY_WARN))
            elif a is not None and g.phase in ASKING:
                self.give = True  # asked first, NO under the cursor
                self.give_yes = False
            elif a is not None:
                self._act(a)
            elif g.phase == rs.PH_PLAY and self.chosen < 0 and self.starts_play(place):
                self.chosen = place  # the first step of a play: now where it goes
                self._picked(place)
            elif g.phase == rs.PH_PLAY and place == self.chosen:
                self.chosen = -1  # the same card again (face up): no play, the pick undone
                self._picked(place)
            else:
                self.host.message(self.why(place))
            return True
        if button == buttons.B:
            if self.chosen < 0:
                return False  # the pause menu
            left = self.place
            self.place = self.chosen
            self.chosen = -1
            self._picked(left, self.place)
            return True
        self._move(button)
        return True

    def _picked(self, *places):
        """A card chosen as a play's first step, or the choice undone: the places given (the
        cursor's and the card's, before), the cursor's after, the GO and Buffet boxes (offered
        or not with nothing chosen) and the hint line change on screen; nothing else (a whole
        redraw of the board took 1.9 M cycles on the Pico)."""
        self._retarget()
        changed = self.host.changed
        for place in places + (self.place,):
            x, y, w, h = self._rect(place)
            changed(x, y, w, h)
        for x, y, w, h in (GO_BOX, INFO_BOX):
            changed(x, y, w, h)
        changed(0, HINT_Y, draw.W, draw.H - HINT_Y)

    def _move(self, button):
        """A cursor move: only the place it left, the one it entered and the hint line under
        the hand change on screen (in an attack also the monster's grid, where the mark on
        the card the attack meets moves)."""
        left = self.place
        self.place, self.came = self.step(left, self.came, button)
        changed = self.host.changed
        x, y, w, h = self._rect(left)
        changed(x, y, w, h)
        x, y, w, h = self._rect(self.place)
        changed(x, y, w, h)
        changed(0, HINT_Y, draw.W, draw.H - HINT_Y)
        if self.host.game.phase == rs.PH_ATTACK:
            changed(GRID_X[0], 0, 3 * draw.CARD_W, 3 * draw.CARD_H)

    def _act(self, a):
        self.moved = (self.place, self.chosen)
        self.chosen = -1
        self.came = None
        self.give = self.give_yes = False
        self.host.act(a)
        self.queued = len(self.host.pending)
        if self.place == GO:
            self.place = rs.P + 4  # never rest on SKIP after an action: A would skip a turn
        self._refresh()

    def step(self, place, came, button):
        """Where a press of the d-pad takes the cursor from place, and the moves to keep (see
        self.came): back where it came from when the button is the opposite of one that
        brought it to this place (the newest such arrival; the neighbour rule alone, between
        rows of different pitches, lands on another slot each way: issue 33, DOWN three times
        then UP three times came back elsewhere), else the neighbour. Each move is kept as
        an arrival (to, button, from)."""
        back = button ^ 3 if button < buttons.LEFT else button ^ 12  # UP-DOWN, LEFT-RIGHT
        came = came or ()
        to = place
        for k in range(len(came) - 3, -1, -3):
            if came[k] == place and came[k + 1] == back and came[k + 2] in self.targets:
                to = came[k + 2]
                break
        else:
            to = self.neighbour(place, button)
        if to == place:
            return place, came or None
        return to, (came + (to, button, place))[-3 * TRAIL:]

    def neighbour(self, place, button):
        """The nearest legal place in the button's direction from place (else place).
        Left and right stay in the row: the nearest of the places level with this one (their
        boxes share rows), none else (issue 33: LEFT from your bottom-left card went down to
        the hand, and RIGHT never came back). Up and down go to the next row, never over one
        (issue 33: from the second hand card, UP went past your bottom row, whose nearest
        card is more across than up): among the places within REACH across, the nearest row
        wins, then the nearest place in it; with none so near (the panel's SKIP, right of the
        grids), the nearest (along + 2 * across)."""
        cx, cy = self._centre(place)
        h = self._rect(place)[3]
        dx = (button == buttons.RIGHT) - (button == buttons.LEFT)
        dy = (button == buttons.DOWN) - (button == buttons.UP)
        centres = self._centres()
        best = place
        best_d = 1 << 20
        for i in range(0, len(centres), 3):
            along = (centres[i] - cx) * dx + (centres[i + 1] - cy) * dy
            if along <= 0:
                continue
            across = (centres[i] - cx) * dy + (centres[i + 1] - cy) * dx
            if across < 0:
                across = -across
            if dx:
                if 2 * across >= centres[i + 2] + h - 2:
                    continue  # not level with it: another row
                d = along
            elif across <= REACH:
                d = along * 64 + across  # the nearest row first, then the nearest in it
            else:
                d = 8192 + along + 2 * across  # none within reach: the nearest
            if d < best_d:
                best = self.targets[i // 3]
                best_d = d
        return best

    def _centres(self):
        """The centre and height of each place in self.targets (x, y, h), worked out once for
        each layout (_refresh makes a new one): every d-pad press looks at all of them."""
        centres = self.centres
        if centres is None:
            targets = self.targets
            centres = bytearray(3 * len(targets))
            for i in range(len(targets)):
                centres[3 * i], centres[3 * i + 1] = self._centre(targets[i])
                centres[3 * i + 2] = self._rect(targets[i])[3]
            self.centres = centres
        return centres

    def _centre(self, place):
        x, y, w, h = self._rect(place)
        return x + w // 2, y + h // 2

    def _rect(self, place):
        if place < 27:
            x, y = spot_xy(place)
            return x, y, draw.CARD_W, draw.CARD_H
        if place == GO:
            return GO_BOX
        if place == INFO:
            return INFO_BOX
        if place >= CHOICE:
            i = place - CHOICE
            return 8 + (i % 7) * PITCH, 23 + (i // 7) * 9, draw.SMALL_W, draw.SMALL_H
        i = place - HAND
        if self.host.game.hand_n < 8:  # one row, the take slot included
            return i * PITCH, HAND_Y, draw.SMALL_W, draw.SMALL_H
        return (i % 8) * PITCH, HAND_Y + (i // 8) * HAND_ROW_PITCH, draw.SMALL_W, draw.SMALL_H

    def _shown_board(self, g):
        """The grid and facings to draw now: a step's, while an earlier message of the chain
        is up, else the game's."""
        shown = self.queued - len(self.host.pending)  # the chain's messages already closed
        if self.host.pending and 0 <= shown < len(g.steps):
            return g.steps[shown]
        return g.grid, g.down

    def view(self):
        """The scene's own state, saved with a run (GameHost.view): the cursor, the card
        picked first, the questions open (SKIP, the key, the Buffet's view), how many
        messages the last action queued, and the moves the cursor remembers."""
        flags = (self.skip_asked | self.key_warned << 1 | self.viewing << 2 | self.give << 3
                 | self.give_yes << 4)
        queued = self.queued if self.host.pending else 0
        return (self.place, self.chosen + 1, flags, queued) + (self.came or ())[-3 * KEPT:]

    def set_view(self, v):
        """Back on the screen a run was saved on (view()); a view that does not fit the
        game (an older save: none) leaves the scene as it starts."""
        if len(v) < 4 or len(v) > 4 + 3 * KEPT or (len(v) - 4) % 3:
            return
        self.place = v[0]
        self.chosen = v[1] - 1
        self._refresh()
        if self.chosen >= 0 and not self.starts_play(self.chosen):
            self.chosen = -1
            self._refresh()
        self.skip_asked = bool(v[2] & 1) and self.place == GO
        self.key_warned = bool(v[2] & 2)
        self.viewing = bool(v[2] & 4) and self.place == INFO
        self.give = bool(v[2] & 8) and self.action_at(self.place) is not None \
            and self.host.game.phase in ASKING
        self.give_yes = bool(v[2] & 16) and self.give
        self.queued = v[3]
        self.came = tuple(v[4:]) or None

    def end_detail(self):
        """The game-over screen's line: what the score is made of."""
        g = self.host.game
        return "%d floor%s x%d + %d kill%s x%d" % (
            g.floors, "" if g.floors == 1 else "s", rs.FLOOR_POINTS, g.kills,
            "" if g.kills == 1 else "s", rs.KILL_POINTS)

    def tick(self):
        return False

    # ---- words ----

    def event_text(self, event):
        code, a, b = event
        L = draw.label
        if code == rs.EV_ATTACK or code == rs.EV_RETALIATE:
            mine, theirs = (a, b) if code == rs.EV_ATTACK else (b, a)
            won = rs.strength(mine) - rs.strength(theirs)
            if code == rs.EV_ATTACK:
                if won > 0:
                    return words(_W_BEATS) % (L(mine), L(theirs))
                if won < 0:
                    return words(_W_LOSES) % (L(theirs), L(mine))
                return words(_W_TIE) % (L(mine), L(theirs))
            if won < 0:
                return words(_W_R_LOSE) % (L(theirs), L(mine))
            if won > 0:
                return words(_W_R_WIN) % (L(mine), L(theirs))
            return words(_W_R_TIE) % (L(theirs), L(mine))
        if code == rs.EV_NAMED:
            # The duel that turned the face card up comes after this event: say which it was,
            # or the naming reads as if it came before the strike that revealed it.
            how = ""
            evs = self.host.game.events
            for i in range(len(evs) - 1):
                if evs[i] is event:
                    nxt = evs[i + 1][0]
                    if nxt == rs.EV_RETALIATE:
                        how = words(_W_NAMED_BACK)
                    elif nxt == rs.EV_ATTACK:
                        how = words(_W_NAMED_ATTACK)
            return words(_W_NAMED) % (how, L(a), L(b))
        if code == rs.EV_SPECIAL or code == rs.EV_CRITICAL:
            w = _W_SPECIAL if code == rs.EV_SPECIAL else _W_CRITICAL
            return words(w) % words(_W_SUITS + a)
        if code == rs.EV_HEALED:
            return words(_W_HEAL1 if a == 1 else _W_HEALN) % a
        if code == rs.EV_LOST_CARD:
            return words(_W_LOST_CARD) % L(a)
        if code == rs.EV_LOST_HAND:
            return words(_W_LOST_HAND) % a
        if code == rs.EV_PICKPOCKET:
            # (a face-down card of yours is not named: you never saw it)
            return words(_W_PICKPOCKET) % (words(_W_HIDDEN_CARD) if a == rs.NONE else L(a))
        if code == rs.EV_MUGGED:
            return words(_W_MUGGED) % (a, _plural(a))
        if code == rs.EV_EXIT_SWAP:
            return words(_W_EXIT_SWAP) % (L(a), L(b))
        if code == rs.EV_KILL:
            return words(_W_KILL) % (a, _plural(a))
        if code == rs.EV_RESHUFFLE:
            return words(_W_RESHUFFLE) % a
        if code == rs.EV_MONSTER:
            return words(_W_GHOST) % L(a)
        if code == rs.EV_ESCAPE:
            g = self.host.game
            if g.over:
                return words(_W_ESCAPE)
            return words(_W_ESCAPE_FLOOR) % g.floors
        if code == rs.EV_BUFFET:
            return words(_W_BUFFET) % L(a)
        if code == rs.EV_DIED:
            return words(_W_DIED) % words(_W_LINES + a)
        simple = (rs.EV_UNHURT, _W_UNHURT, rs.EV_NO_EFFECT, _W_NOTHING, rs.EV_TELEPORT,
                  _W_TELEPORT, rs.EV_RACE, _W_RACE, rs.EV_HUNGER, _W_HUNGER)
        for i in range(0, len(simple), 2):
            if simple[i] == code:
                return words(simple[i + 1])
        return None

    def hint(self):
        """What the next press decides, in a line."""
        g = self.host.game
        ph = g.phase
        if self.place == INFO:
            return words(_W_BACK if self.viewing else _W_SEE_BUFFET)
        if self.give and not self.give_yes:
            return words(_W_GIVE_NO)
        if ph == rs.PH_PLAY:
            if self.skip_asked:
                return words(_W_SKIP_ASK)
            if self.chosen >= 0:
                return self._play_hint(g)
            if self.place != GO and self._all_match(g):
                return words(_W_ALL_MATCH) % len(rs.RING)
            return words(_W_SKIP if self.place == GO else _W_PICK)
        if ph == rs.PH_ATTACK and self.action_at(self.place) is not None:
            target = rs.M + g.attack_target(self.place - rs.P)
            met = words(_W_HIDDEN) if g.down[target] else draw.label(g.grid[target])
            # Your own face-down card (a pickpocket's gift) is as unknown to you as the
            # monster's: naming it here would show a card the board hides.
            mine = words(_W_HIDDEN) if g.down[self.place] else draw.label(g.grid[self.place])
            return words(_W_HITS) % (mine, met)
        if ph == rs.PH_DISCARD and self.place >= HAND:
            return words(_W_THROW) % (g.hand_n - rs.HAND_LIMIT,
                                      draw.label(g.hand[self.place - HAND]))
        if ph == rs.PH_BUFFET and self.place >= CHOICE:
            # The box already asks the question: the line names the card A gives.
            return words(_W_DO_FEED) % draw.label(g.actions()[self.place - CHOICE] & 1023)
        if ph == rs.PH_PICK and self.action_at(self.place) is not None:
            p = self.place - rs.M + rs.P
            return words(_W_DO_PICK) % (words(_W_HIDDEN) if g.down[p] else draw.label(g.grid[p]))
        if ph == rs.PH_DISCARD:
            return words(_W_DISCARD) % rs.HAND_LIMIT
        return words((_W_DISCARD, _W_PICK, _W_ATTACK, _W_HEAL, _W_CLUB, _W_PICKP, _W_FEED,
                      _W_GO_DOWN, _W_GO_DOWN)[ph])

    def _matching(self, g, p):
        """Does your card at ring spot p stand face up on a match of the exit's card?"""
        c = g.grid[rs.P + p]
        return c != rs.NONE and not g.down[rs.P + p] and rs.matches(c, g.grid[rs.X + p])

    def _all_match(self, g):
        for p in rs.RING:
            if not self._matching(g, p):
                return False
        return True

    def _named(self, g, place):
        """A card at a place, as the player knows it: a face-down card is 'hidden'."""
        if place >= HAND:
            return draw.label(g.hand[place - HAND])
        return words(_W_HIDDEN) if g.down[place] else draw.label(g.grid[place])

    def _play_hint(self, g):
        """Exactly what A does at the cursor, the first card of a play chosen."""
        a = self.action_at(self.place)
        if a is None:
            return words(_W_CANCEL if self.place == self.chosen else _W_NO_PLAY)
        kind = a >> 10
        if kind == rs.FLIP:
            return words(_W_DO_FLIP)
        if kind == rs.TAKE:
            return words(_W_DO_TAKE) % self._named(g, self.chosen)
        if kind == rs.PLACE:
            hand = self.chosen if self.chosen >= HAND else self.place
            return words(_W_DO_PLACE) % self._named(g, hand)
        return words(_W_DO_SWAP) % (self._named(g, self.chosen), self._named(g, self.place))

    # ---- drawing ----

    def draw(self, fb):
        g = self.host.game
        over = g.over
        grid, down = self._shown_board(g)
        cursor = -1 if over or self.host.pending else self.place
        card = draw.card
        w = draw.CARD_W
        h = draw.CARD_H
        spot = 0
        for x0 in GRID_X:
            if not draw.visible(x0, 0, GRID_W, GRID_H):
                spot += 9
                continue  # a partial redraw that leaves this grid alone (see draw.redraw)
            for y in range(0, GRID_H, h):
                for x in range(x0, x0 + GRID_W, w):
                    if spot == cursor and down[spot]:
                        # An inverted back looks like a back: the cursor shows a white card
                        # with '?'.
                        fb.fill_rect(x, y, w, h, 1)
                        draw.char(fb, 63, x + 4, y + 5, 0)
                    else:
                        card(fb, grid[spot], x, y, not down[spot], spot == cursor)
                    spot += 1
        if grid is g.grid:
            # A thick lower right edge (the card's last inner column lit from its middle down)
            # on each of your outer cards that matches the exit's card in the same spot, and
            # on that exit card: how close you are to the way out. It keeps a pixel of air
            # round the suit (a dot beside it made a fifth suit; a 2x2 square in the corner,
            # easy to miss at 1:1, touched it; issue 33).
            for p in rs.RING:
                if self._matching(g, p):
                    for spot in (rs.P + p, rs.X + p):
                        x, y = spot_xy(spot)
                        fg = 0 if spot == self.place and not over else 1
                        fb.vline(x + draw.CARD_W - 2, y + MATCH_Y, draw.CARD_H - 1 - MATCH_Y,
                                 fg)
        if self.chosen >= 0:
            self._mark(fb, self.chosen)
        if g.phase == rs.PH_ATTACK and self.action_at(self.place) is not None:
            target = g.attack_target(self.place - rs.P)
            if target != rs.NONE:
                self._mark(fb, rs.M + target)
        if draw.visible(PANEL_X, 0, draw.W - PANEL_X, GO_BOX[1] + GO_BOX[3]):
            self._panel(fb, g)
        if draw.visible(0, LABEL_Y, draw.W, draw.H - LABEL_Y):
            self._hand(fb, g)
        if g.phase == rs.PH_BUFFET:
            self._buffet(fb, g)
        elif self.give:
            self._ask(fb, g)
        elif g.phase == rs.PH_DESCEND:
            self._between_floors(fb, g)
        if self.viewing:
            self._buffet_view(fb, g)

    def _mark(self, fb, place):
        """The card chosen first, or the card an attack will meet: a face-down card gets a
        double frame; a face-up card (a hand card, whose label fills its height, or a grid
        card) a dotted outline, as the place it leaves, with its text whole."""
        x, y, w, h = self._rect(place)
        if place >= HAND or not self.host.game.down[place]:
            # A card face up (a hand card's label, a grid card's rank and suit) keeps a pixel
            # of air round its text: its frame turns dotted, as the place it leaves (an inner
            # frame touched a wide label, "10" or "JK"; issue 33). Under the cursor, the
            # cursor says where it is (dots would break the bar round its dark text).
            if place != self.place:
                fb.rect(x, y, w, h, 0)
                draw.empty(fb, x, y, w, h)
            return
        fb.rect(x + 1, y + 1, w - 2, h - 2, 1)
        fb.rect(x + 2, y + 2, w - 4, h - 4, 1)  # a back's edge hides a thin frame

    def _panel(self, fb, g):
        x = PANEL_X
        if g.race:
            draw.text(fb, words(_W_RACE_LABEL), x, 0)
        else:
            draw.text(fb, words(_W_FLOOR) % g.floor(), x, 0)
        values = (g.deck_n, g.discard_n, g.buffet_n - g.buffet_top, g.kills, g.score)
        labels = self.labels
        y = 7
        for i in range(5):
            s = str(values[i])
            if len(s) < 4:  # a race score of four digits fills the row: its label gives way
                draw.text(fb, labels[i], x, y)
            draw.right(fb, s, draw.W, y)  # (to the edge: a space's width from a label)
            y += 7
        if g.phase == rs.PH_DISCARD and g.hand_n > 8:
            # No room for the hint line under two rows of hand (see _hand): say it here.
            draw.text(fb, words(_W_DROP) % (g.hand_n - rs.HAND_LIMIT), x, GO_BOX[1] + 2)
        if g.phase == rs.PH_PLAY:
            bx, by, bw, bh = GO_BOX
            fb.rect(bx, by, bw, bh, 1)
            draw.center(fb, words(_W_SURE if self.skip_asked else _W_SKIP_LABEL), by + 2, 1,
                        bx, bw)
            if self.place == GO:
                draw.cursor(fb, bx, by, bw, bh)
        if self.place == INFO and not g.over:
            bx, by, bw, bh = INFO_BOX
            draw.cursor(fb, bx, by, bw, bh)

    def _hand(self, fb, g):
        n = g.hand_n
        cursor = -1 if g.over else self.place - HAND
        card_small = draw.card_small
        for i in range(n):  # (as _rect: one row, or two from the eighth card)
            card_small(fb, g.hand[i], (i & 7) * PITCH, HAND_Y + (i >> 3) * HAND_ROW_PITCH, True,
                       i == cursor)
            if self.chosen == HAND + i:
                self._mark(fb, HAND + i)
        take = HAND + n
        if take in self.targets:
            x, y, w, h = self._rect(take)
            draw.empty(fb, x, y, w, h, self.place == take)
        for k in range(3):
            draw.center(fb, GRID_NAMES[k], LABEL_Y, 1, GRID_X[k], 3 * draw.CARD_W)
        if n + (take in self.targets) <= 8 and not g.over:
            draw.text(fb, self.hint(), 0, HINT_Y)  # (two rows of hand fill its line)

    def _buffet(self, fb, g):
        acts = g.actions()
        n = len(acts)
        rows = (n + 6) // 7
        draw.box(fb, 4, 12, 120, 8 + 9 * rows + 2 + 11 * self.give)
        if self.give:
            title = words(_W_GIVE_ASK) % draw.label(acts[self.place - CHOICE] & 1023)
        else:
            title = words(_W_FEED)
        draw.text(fb, title, 8, 15)
        for i in range(n):  # at most 14: there are 12 face cards, some already in the Buffet
            x, y, w, h = self._rect(CHOICE + i)
            draw.card_small(fb, acts[i] & 1023, x, y, True, self.place == CHOICE + i)
        if self.give:
            by = 24 + 9 * rows
            draw.bar(fb, words(_W_NO), 34, by, 20, not self.give_yes)
            draw.bar(fb, words(_W_YES), 72, by, 22, self.give_yes)

    def _ask(self, fb, g):
        """The question before a card is lost (see ASKING), in a box over the grids."""
        ph = g.phase
        if ph == rs.PH_PICK:
            what = self._named(g, self.place - rs.M + rs.P)
        else:
            what = self._named(g, self.place)
        q = words(_W_ASK + (0 if ph == rs.PH_DISCARD else 1 if ph == rs.PH_CLUB else 2)) % what
        draw.box(fb, 4, 12, 100, 25)  # (clear of the panel, x 107 on)
        draw.center(fb, q, 16, 1, 4, 100)
        draw.bar(fb, words(_W_NO), 26, 27, 20, not self.give_yes)
        draw.bar(fb, words(_W_YES), 62, 27, 22, self.give_yes)

    def _buffet_view(self, fb, g):
        """The Buffet's cards, face up, the first floor's first (at most nine here: the
        tenth starts the race, where the view is not offered)."""
        top = g.buffet_top
        n = g.buffet_n - top
        draw.box(fb, 4, 12, 120, 8 + 9 * ((n + 6) // 7) + 2)
        draw.text(fb, words(_W_BUFFET_VIEW) % n, 8, 15)
        for i in range(n):
            x, y, w, h = self._rect(CHOICE + i)
            draw.card_small(fb, g.buffet[top + i], x, y)

    def _between_floors(self, fb, g):
        lines = [words(_W_CLEARED) % g.floors, words(_W_GO_DOWN), words(_W_SAVE)]
        draw.message(fb, lines, "")
