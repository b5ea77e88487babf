# Mini Rogue's scene. The stats panel stands on the right (x 103..127) at all times and flashes
# a stat that changed; the left 102 pixels show the area map, a room, a fight, the merchant, a
# room's result (its dice rolling briefly, then the words) or, at the end, the score breakdown.
# Results are drawn by the scene itself, so event_text shows no message boxes; the merchant's
# refusals are messages.
import framebuf

from deckdelve import buttons
from deckdelve.games import mini_rogue as mr
from deckdelve.ui import draw
from deckdelve.ui import mini_rogue_art as art

A = buttons.A
B = buttons.B
UP = buttons.UP
DOWN = buttons.DOWN
LEFT = buttons.LEFT
RIGHT = buttons.RIGHT

VIEW_W = 102  # the room view's width; the panel starts at x 103
CARD_W = 16
CARD_H = 20
DIE = 12  # a die is DIE x DIE pixels
ROLL_FRAMES = 18  # dice tumble this long (50 frames a second)
FLASH_FRAMES = 48  # a changed stat flashes this long
FLASH_HALF = 8  # ... on and off every this many frames

MONSTER_NAMES = ("Undead Soldier", "Skeleton", "Undead Knight", "Serpent Knight",
                 "Sanctum Guard")
ROOM_TITLES = ("", "Resting", "Treasure", "Event", "Merchant", "Trap", "Monster", "Boss", "Delve")
# The rooms' results, each with its figure from the rules (%d: see said()); a result a cap
# cut reads instead what came in (see told()).
REST_TEXT = ("Weapon: +%d XP", "Ration: +%d food", "Heal: +%d HP")
REST_FIGURES = mr.REST_GAIN
REST_STAT = (1, 5, 2)  # the panel's rows (see _stat): XP, food, HP
FACE_TEXT = ("Found loot: +%d gold", "Health potion: +%d HP", "Found meat: +%d food",
             "Whetstone: +%d XP", "Found shield: +%d armour", "A monster attacks!")
FACE_FIGURES = mr.EVENT_GAIN
FACE_STAT = (4, 2, 5, 1, 3)
TRAP_TEXT = ("Mildew: -%d food", "Tripwire: -%d gold", "Rusted armour: -%d armour",
             "Spring blade: -%d HP", "Moving walls: -%d XP", "Pit: -%d HP")
TRAP_FIGURES = mr.TRAP_LOSS
LOOT_TEXT = ("Found a fire wand!", "Found an ice wand!", "Found a poison wand!",
             "Found a healing wand!", "Armour piece: +%d armour", "Better weapon: +%d XP",
             "Wands full: +%d gold")
LOOT_FIGURES = (0, 0, 0, 0, mr.LOOT_ARMOUR, mr.LOOT_XP, mr.LOOT_GOLD)
LOOT_STAT = (0, 0, 0, 0, 3, 1, 4)
WAND_TEXT = ("Fire: %d damage", "Ice: no blow this round", "Poison: +%d a strike",
             "Healing: +%d HP")
WAND_FIGURES = (mr.FIRE_DAMAGE, 0, mr.POISON_DAMAGE, mr.HEALING_HP)
BUY_NAMES = ("Ration", "Health potion", "Big potion", "Fire wand", "Ice wand", "Poison wand",
             "Healing wand", "Armour piece")
SELL_NAMES = ("Fire wand", "Ice wand", "Poison wand", "Healing wand", "Armour piece")
# By the panel's rows: a stat's unit, and its name when a cap cut a gain to nothing.
UNITS = ("", "XP", "HP", "armour", "gold", "food")
FULL = ("", "XP full", "HP full", "armour full", "purse full", "food full")
REFUSALS = ("", "You need more gold!", "You have none to sell!", "You already have enough!",
            "Your purse is full!")
# The first part is the difficulty's, named as the player chose it (as the port's breakdown).
PART_NAMES = ("", "Area", "Bosses", "Rank", "HP", "Gold", "Food", "Armour", "Wands")
DIFFICULTY_NAMES = ("Easy", "Normal", "Hard", "Hell")
# Each die face as a 3 x 3 grid of pips, bit row * 3 + column (values 0..6).
PIPS = (0, 0x010, 0x101, 0x111, 0x145, 0x155, 0x16D)


def _sprites(group, w, h):
    return [framebuf.FrameBuffer(bytearray(data), w, h, framebuf.MONO_VLSB) for data in group]


def _negatives(group, w):
    """7-pixel-high icons with the drawing 0 and the rest 1: blitted with key 1 onto a lit
    band they draw the icon dark (the icon itself, blitted so, lit its whole box instead)."""
    out = []
    for data in group:
        neg = bytearray(len(data))
        for i in range(len(data)):
            neg[i] = (~data[i] & 0x7F) | 0x80
        out.append(framebuf.FrameBuffer(neg, w, 7, framebuf.MONO_VLSB))
    return out


def said(texts, figures, i):
    """The i-th of texts, its figure (if it has one) the i-th of figures."""
    t = texts[i]
    return t % figures[i] if "%" in t else t


def gain(v, stat):
    """An event's gain v of the panel's stat in words: "+2 gold"; one a cap cut says so:
    "+1 gold (full)", or "purse full" when nothing came in."""
    if not v & mr.CAPPED:
        return "+%d %s" % (v, UNITS[stat])
    v &= ~mr.CAPPED
    if v:
        return "+%d %s (full)" % (v, UNITS[stat])
    return FULL[stat]


def told(text, v, stat):
    """A result's fixed text ("Heal: +2 HP"), its figure replaced by the gain v if a cap cut
    it ("Heal: +1 HP (full)", "Heal: HP full")."""
    if not v & mr.CAPPED:
        return text
    return text[:text.index(":") + 2] + gain(v, stat)


_backs: list = [None, None, None]  # a face-down room's pattern, by (its top + 2) & 2 (see _back)


def _back(phase):
    """A face-down room's pattern, (CARD_W - 4) x (CARD_H - 4), made once and blitted (a
    pixel at a time it cost ~1 ms a card on the Pico): a pixel every other column of every
    other row, the rows shifted by one column every other time as the screen's rows go
    (phase: the pattern's top row on the screen, & 2)."""
    fb = _backs[phase]
    if fb is None:
        fb = framebuf.FrameBuffer(bytearray((CARD_W - 4) * ((CARD_H - 4 + 7) // 8)),
                                  CARD_W - 4, CARD_H - 4, framebuf.MONO_VLSB)
        for y in range(0, CARD_H - 4, 2):
            for x in range(((y + phase) & 2) // 2, CARD_W - 4, 2):
                fb.pixel(x, y, 1)
        _backs[phase] = fb
    return fb


def _fight_text(code, a, b):
    """A fight's line, from its event (the scene keeps the events, so that a stop brings the
    lines back: see Scene.view)."""
    if code == mr.EV_STRIKE:
        return "You strike: %d damage" % a
    if code == mr.EV_WAND:
        if a == mr.FIRE:  # what it took, as a strike says (never past the HP left)
            return WAND_TEXT[a] % b
        wand = said(WAND_TEXT, WAND_FIGURES, a)
        return told(wand, b, 2) if a == mr.HEALING else wand
    if code == mr.EV_FROZEN:
        return "It is frozen: no blow"
    if code == mr.EV_HIT:
        # (a blow the armour takes whole is no "-0 HP")
        return "It hits you: -%d HP" % a if a else "It hits: armour holds"
    return "Rerolled a %d: %d lost" % (mr.MISS, b)  # EV_REROLL, b: what the die had built


def monster_name(game):
    if game.fight == mr.BOSS:
        return mr.BOSS_NAMES[game.level() - 1]
    return MONSTER_NAMES[game.level() - 1]


def die(fb, x, y, value, inverted=False):
    """A die showing value (1..6) at x, y; white on black when inverted (under the cursor)."""
    fg = 0 if inverted else 1
    fb.fill_rect(x, y, DIE, DIE, 1 - fg)
    fb.rect(x, y, DIE, DIE, fg)
    pips = PIPS[value]
    for i in range(9):
        if pips & (1 << i):
            fb.fill_rect(x + 2 + (i % 3) * 3, y + 2 + (i // 3) * 3, 2, 2, fg)


class Scene:
    OWN_END = True  # the score breakdown is the final screen: the host adds no "A: SCORE"

    def __init__(self, host):
        self.host = host
        self.rooms = _sprites(art.ROOMS, art.ROOMS_W, art.ROOMS_H)
        self.stat_icons = _sprites(art.STATS, art.STATS_W, art.STATS_H)
        self.wand_icons = _sprites(art.WANDS, art.WANDS_W, art.WANDS_H)
        self.stat_lit = _negatives(art.STATS, art.STATS_W)  # for a stat in its flash
        self.wand_lit = _negatives(art.WANDS, art.WANDS_W)
        # The foe's portrait: one buffer, filled from art.PORTRAITS when the foe changes, where
        # a FrameBuffer for each of the ten would hold a copy of every picture in RAM.
        self.portrait = bytearray(art.PORTRAIT_SIZE)
        self.portrait_fb = framebuf.FrameBuffer(self.portrait, art.PORTRAITS_W, art.PORTRAITS_H,
                                                framebuf.MONO_VLSB)
        self.portrait_of = -1  # which: level - 1, + 5 for a boss (-1: none yet)
        self.cursor = 0
        self.selling = False
        # A room's result: its title, dice and lines, shown until A (None: no result up).
        self.report = None
        self.report_title = ""
        self.report_dice = bytearray(3)
        self.report_labels = ["", "", ""]  # what each die is: SKILL first, then the room's
        self.note = ""  # the merchant's refusal, on the hint line until the next press
        self.fight_lines = []  # what happened in the last round of a fight
        self.fight_src = []  # the (code, a, b) each of them was said from (see _fight_text)
        self.end_lines = []  # why the game ended
        self.rolling = 0  # frames the dice still tumble
        self.roll_mask = 0  # which fight dice tumble (bit per die)
        self.frame = 0
        # The stats as last drawn, and how long each still flashes: rank, XP, HP, armour, gold,
        # food, items, and the monster's HP.
        self.shown = bytearray(8)
        self.before = bytearray(6)  # the panel's stats before the last action (see view)
        self.flash = bytearray(8)
        self.flashing = False  # some stat still flashes (tick counts it down)
        self.held = False  # a press, set_view: the next tick holds the animations a frame
        for i in range(8):
            self.shown[i] = self._stat(i)
        self.seen = host.game.events  # the events already shown (a continued run shows none)
        self._default_cursor()

    # ---- input ---------------------------------------------------------------------------

    def press_at_end(self, button):
        """The game is over: a result still up (Og's treasure) closes first; then A goes on
        to the score table (the host), and nothing else does anything (B pauses nowhere)."""
        if self.report is not None and (button == A or button == B):
            if self.rolling:
                self.rolling = 0
            else:
                self.report = None
            return True
        return button != A

    def press(self, button):
        # The dice and the flashing stats hold still in a frame with a press: the screen a
        # press leaves changes by the press alone (the manners check's d-pad round trips
        # compare frames; one frame of 50 a second is not seen).
        self.held = True
        g = self.host.game
        if g.over:
            return False
        if self.report is not None:
            if button == A or button == B:
                if self.rolling:
                    self.rolling = 0  # A during the roll shows the result at once
                else:
                    self.report = None
                    self._default_cursor()
                return True
            return False
        if self.rolling and button == A:
            self.rolling = 0  # A during a fight's or an event's roll shows the dice; it never
            return True  # strikes or picks with dice the player has not seen
        p = g.phase
        if p == mr.SHOP:
            return self._press_shop(g, button)
        choices = g.actions()
        n = len(choices)
        if p == mr.MAP or p == mr.REST_CHOICE:
            back, forward = UP, DOWN
        else:
            back, forward = LEFT, RIGHT
        if button == back or button == forward:
            self._move(self.cursor + (1 if button == forward else -1), n)
            return True
        if button == A:
            self._act(choices[min(self.cursor, n - 1)])
            return True
        return False

    def _press_shop(self, g, button):
        """Up/down pick a row, left/right switch buying and selling, A trades (or says on the
        hint line why not); the last row leaves, and so does B ("B goes back")."""
        leave = len(mr.SELL_PRICE) if self.selling else len(mr.BUY_PRICE)
        noted = self.note
        self.note = ""
        if button == UP or button == DOWN:
            if not self._move(self.cursor + (1 if button == DOWN else -1), leave + 1) and noted:
                self._view_changed()  # (the refusal goes from its row)
            return True
        elif button == LEFT or button == RIGHT:
            # The other tab opens on Leave, as the merchant does (issue 33: on its first row,
            # A bought a ration, or sold the wand just bought)
            self.selling = not self.selling
            self.cursor = self._leave_row()
        elif button == B:
            self._act(mr.LEAVE << 8)
        elif button == A:
            k = self.cursor
            if k == leave:
                self._act(mr.LEAVE << 8)
                return True
            why = g.sell_refusal(k) if self.selling else g.buy_refusal(k)
            if why:
                self.note = REFUSALS[why]  # in the row itself: a box would cover the stats
            else:
                self._act((mr.SELL if self.selling else mr.BUY) << 8 | k)
        else:
            return False
        if button != A and button != B:
            self._view_changed()
        return True

    def _move(self, to, n):
        """The cursor to choice `to` of n, if there is one: a list does not go round (its
        ends stay its ends: HANDHELD's fifth manner, and a press back undoes a press)."""
        if 0 <= to < n and to != self.cursor:
            self.cursor = to
            self._view_changed()
            return True
        self.host.changed(0, 0, 0, 0)  # at an end: nothing to redraw
        return False

    def _leave_row(self):
        """The merchant's Leave row on the tab shown (its last)."""
        return len(mr.SELL_PRICE) if self.selling else len(mr.BUY_PRICE)

    def _view_changed(self):
        """A cursor move: the room view changes, the stats panel beside it does not (see
        draw.redraw)."""
        self.host.changed(0, 0, VIEW_W, draw.H)

    def _act(self, action):
        self.host.act(action)  # tick() reads what happened from the game's events

    def _default_cursor(self):
        g = self.host.game
        self.cursor = 0
        self.selling = False
        if g.phase == mr.FIGHT_DICE:
            # On the strike: a 6 is rolled again only on purpose (A on the die risks a 1).
            self.cursor = len(g.actions()) - 1
        elif g.phase == mr.SHOP:
            # On Leave: A pressed once too often leaves, it does not spend the gold.
            self.cursor = len(mr.BUY_PRICE)
        elif g.phase == mr.FIGHT_WAND:
            self.cursor = len(g.actions()) - 1  # as the port: on "no wand", none used by haste
        elif g.phase == mr.EVENT_CHOICE:
            faces = g.actions()
            for i in range(len(faces)):
                if faces[i] & 0xFF == g.event_faces[1]:
                    self.cursor = i  # on the face the die rolled, with one either side
        elif g.phase == mr.REST_CHOICE and g.rank == mr.RANK_CAP:
            self.cursor = 2  # at the top rank XP adds no die: heal

    # ---- a stop and a resume ---------------------------------------------------------------

    def view(self):
        """The scene's own state, saved with a run (GameHost.view), so that a stop comes back
        on the very screen (the very frame, an animation's step included): the cursor; the
        merchant's tab and refusal, whether a room's result is up (rebuilt from the last
        action's events and the stats before it, see before), the dice's tumble; the stats
        before the action, three a number; the flashes, four a number; the events the
        fight's lines were said from, one a number."""
        note = REFUSALS.index(self.note) if self.note in REFUSALS else 0
        tumble = (self.frame % 6) << 14 if self.rolling else 0  # (the faces it shows)
        flags = (self.selling | (self.report is not None) << 1 | note << 2 | self.rolling << 5
                 | self.roll_mask << 10 | tumble)
        b = self.before
        f = self.flash
        v = [self.cursor, flags, b[0] | b[1] << 8 | b[2] << 16, b[3] | b[4] << 8 | b[5] << 16,
             f[0] | f[1] << 6 | f[2] << 12 | f[3] << 18,
             f[4] | f[5] << 6 | f[6] << 12 | f[7] << 18]
        for code, a, c in self.fight_src:
            v.append(code << 16 | (a & 255) << 8 | (c & 255))
        return v

    def set_view(self, v):
        """Back on the screen view() describes (after the run's log was replayed: the game's
        events are its last action's). A view that does not fit (an older save: none) leaves
        the scene as it starts."""
        if not 6 <= len(v) <= 8:
            return
        g = self.host.game
        before = bytes(((v[2 + k // 3] >> (8 * (k % 3))) & 255) for k in range(6))
        flags = v[1]
        if flags & 2:
            self.shown[:6] = before
            self._read_events(g)
            for i in range(8):
                self.shown[i] = self._stat(i)
        self.before[:] = before
        self.rolling = (flags >> 5) & 31
        self.roll_mask = (flags >> 10) & 15
        self.frame = (flags >> 14) & 7
        for k in range(8):
            self.flash[k] = (v[4 + k // 4] >> (6 * (k % 4))) & 63
        self.flashing = max(self.flash) > 0
        self.fight_src = [(w >> 16, (w >> 8) & 255, w & 255) for w in v[6:]]
        self._say_fight()
        self.selling = bool(flags & 1) and g.phase == mr.SHOP
        note = (flags >> 2) & 7
        self.note = REFUSALS[note] if note < len(REFUSALS) and g.phase == mr.SHOP else ""
        n = (self._leave_row() + 1) if g.phase == mr.SHOP else len(g.actions())
        self.cursor = v[0] if v[0] < n else 0
        self.held = True  # the frame the game starts in shows the very frame left

    # ---- events into words ----------------------------------------------------------------

    def event_text(self, event):
        return None  # the scene draws every result itself (see _read_events)

    def _read_events(self, g):
        """Turn the last action's events into the result screen, the fight's log line or the
        end screen, and start the dice rolling. Called once for each new events list."""
        lines = []
        dice = self.report_dice
        n = 0
        title = ""
        fighting = g.phase == mr.FIGHT_DICE or g.phase == mr.FIGHT_WAND
        # The rank the skill die was rolled against: the panel's, not yet updated (the event's
        # whetstone may already have raised g.rank).
        rank = self.shown[0]
        new_round = False
        fought = False
        srcs = []  # the fight's events said in lines
        for code, a, b in g.events:
            if code == mr.EV_REROLL:
                self._roll(1 << a)
                if b == 1:
                    # A 1 on a reroll loses that die, its kept sixes with it: said, not only
                    # shown by a "+6" that disappears (issue 33)
                    self.fight_src = (self.fight_src + [(code, a, mr.KEPT_SIX * g.sixes[a])])[-2:]
                    self._say_fight()
                return
            if code == mr.EV_FIGHT:
                self.fight_lines = []
                self.fight_src = []
                self.shown[7] = a  # a new monster's HP is news, not a change: no flash
                new_round = True
            elif code == mr.EV_TREASURE:
                title = "Treasure"
                dice[n] = a
                self.report_labels[n] = "CHEST"
                n += 1
                lines.append("Chest %d: " % a + gain(b, 4))
                if a >= mr.CHEST_LOOT_ROLL:
                    lines.append("%d or %d: a second roll!" % (mr.CHEST_LOOT_ROLL, mr.SIDES))
            elif code == mr.EV_LOOT:
                if a <= 6 and n < 3:
                    dice[n] = a
                    self.report_labels[n] = "LOOT"
                    n += 1
                lines.append(told(said(LOOT_TEXT, LOOT_FIGURES, a - 1), b, LOOT_STAT[a - 1]))
            elif code == mr.EV_EVADE:
                title = "Trap"
                dice[n] = a
                self.report_labels[n] = "SKILL"
                n += 1
                lines.append("Skill %d, rank %d: evaded!" % (a, b))
            elif code == mr.EV_TRAP:
                title = "Trap"
                dice[0] = b
                dice[1] = a
                self.report_labels[0] = "SKILL"
                self.report_labels[1] = "TRAP"
                n = 2
                lines.append("Skill %d > rank %d: caught!" % (b, rank))
                lines.append(self._trap_text(a))
            elif code == mr.EV_FALL:
                lines.append("You fall to area %d!" % b)
            elif code == mr.EV_EVENT:
                title = "Event"
                dice[0] = b  # the skill die first, as in every room
                dice[1] = a
                self.report_labels[0] = "SKILL"
                self.report_labels[1] = "EVENT"
                n = 2
                if b < mr.EVENT_CHOICE_ROLL:
                    lines.append("Skill %d: no %d or %d" % (b, mr.EVENT_CHOICE_ROLL, mr.SIDES))
            elif code == mr.EV_FOUND:
                title = "Event"
                lines.append(told(said(FACE_TEXT, FACE_FIGURES, a - 1), b, FACE_STAT[a - 1])
                             if a < 6 else FACE_TEXT[5])
            elif code == mr.EV_REST:
                title = "Resting"
                lines.append(told(said(REST_TEXT, REST_FIGURES, a), b, REST_STAT[a]))
            elif code == mr.EV_STRIKE or code == mr.EV_WAND or code == mr.EV_FROZEN \
                    or code == mr.EV_HIT:
                fought = True
                new_round = new_round or code == mr.EV_FROZEN or code == mr.EV_HIT
                lines.append(_fight_text(code, a, b))
                srcs.append((code, a, b))
            elif code == mr.EV_KILL:
                title = "Victory"
                gold = ""
                if b:  # "+3 gold", or "purse full" (after a comma) when none came in
                    gold = (", " if b == mr.CAPPED else " ") + gain(b, 4)
                # (Og's Remains pays neither: its reward is the Og's Blood, EV_WON's line)
                lines.append("Slain! " + gain(a, 1) + gold if a or b else "Slain!")
            elif code == mr.EV_RANK:
                lines.append("Rank %d: %d dice!" % (a, a))
            elif code == mr.EV_STARVE:
                lines.append("No food: -%d HP" % a)
            elif code == mr.EV_DELVE:
                if not title:
                    title = "Delve"
                lines.append(("Ate a ration. " if b else "") + "Area %d" % a)
            elif code == mr.EV_DEAD:
                lines.append(self._cause(g, a, dice[1]))
            elif code == mr.EV_WON:
                lines.append("The Og's Blood is yours!")
        if g.over:
            self.end_lines = draw.wrap(self._ending(g, lines), VIEW_W - 2)[:2]  # how it ended
            self.report = None
            if not g.won:
                return
            # Og's Remains: its treasure is shown as every room's result, its die rolling,
            # before the score (issue 33: the end screen's two lines had no room for it, and
            # the treasure came in silently).
            title = "Victory"
        if new_round:
            self._roll(15)
        if fought and fighting:
            if g.events[0][0] != mr.EV_STRIKE:
                # After the wand choice the round goes on: the strike's line stays above.
                srcs = self.fight_src + srcs
            self.fight_src = srcs[-2:]
            self._say_fight()
            return
        if not lines or g.phase == mr.EVENT_CHOICE:
            if g.phase == mr.EVENT_CHOICE:
                self._roll(0)
            return
        self.report = lines
        self.report_title = title
        for i in range(n, 3):
            dice[i] = 0
        if n:
            self._roll(0)

    def _say_fight(self):
        self.fight_lines = [_fight_text(c, a, b) for c, a, b in self.fight_src]

    def _ending(self, g, lines):
        """How the game ended, in at most two lines: a win names the boss's reward with the
        Og's Blood; a death by starving right after a kill says the kill came first."""
        killed = ""
        for line in lines:
            if line.startswith("Slain!"):
                killed = line
        if g.won and killed:
            return killed + ("" if killed.endswith("!") else ".") + " " + lines[-1]
        if killed and g.events[-1][1] == mr.STARVED:
            return "Slain, but no food for the way on: you starved to death."
        return lines[-1]

    def _trap_text(self, trap):
        """A trap's line; one that finds nothing to take says so (no "-1 gold" from an empty
        purse). The panel still shows the stats from before the trap."""
        stat = (5, 4, 3, 2, 1, 2)[trap - 1]
        t = said(TRAP_TEXT, TRAP_FIGURES, trap - 1)
        if self.shown[stat] == 0:
            return t[:t.index(":") + 2] + "no %s to lose" % UNITS[stat]
        return t

    def _cause(self, g, cause, trap):
        if cause == mr.STARVED:
            return "You starved to death."
        if cause == mr.TRAP:  # only the spring blade (4) and the pit (6) take HP
            return "The pit was your grave." if trap == 6 else "A spring blade got you."
        return "Slain by the %s." % monster_name(g)

    def _roll(self, mask):
        self.rolling = ROLL_FRAMES
        self.roll_mask = mask

    # ---- animation -------------------------------------------------------------------------

    def _stat(self, i):
        g = self.host.game
        if i == 0:
            return g.rank
        if i == 1:
            return g.xp
        if i == 2:
            return g.hp
        if i == 3:
            return g.armour
        if i == 4:
            return g.gold
        if i == 5:
            return g.food
        if i == 6:
            return g.items[0] | g.items[1] << 2 | g.items[2] << 4 | g.items[3] << 6
        return g.monster_hp

    def tick(self):
        held = self.held  # (a press, set_view: the animations go on from the next frame)
        self.held = False
        g = self.host.game
        redraw = False
        # The stats change only with an action, and apply() makes a new events list each
        # time: they are read then, not every frame (eight reads doubled an idle frame).
        acted = g.events is not self.seen
        if acted:
            self.seen = g.events
            self.before[:] = self.shown[:6]
            self._read_events(g)
            trading = g.events and (g.events[0][0] == mr.EV_BUY or g.events[0][0] == mr.EV_SELL)
            if trading:
                # Back on Leave, on the same tab (issue 33: A again bought or sold again); the
                # rows are above it.
                self.cursor = self._leave_row()
            else:
                self._default_cursor()
            redraw = True
        elif held:
            return False  # the animations hold still this frame
        self.frame += 1
        if self.rolling:
            self.rolling -= 1
            redraw = True
        if acted or self.flashing:
            self.flashing = False
            for i in range(8):
                v = self._stat(i) if acted else self.shown[i]
                if v != self.shown[i]:
                    self.shown[i] = v
                    self.flash[i] = FLASH_FRAMES
                    self.flashing = True
                    redraw = True
                elif self.flash[i]:
                    self.flash[i] -= 1
                    self.flashing = self.flashing or self.flash[i] > 0
                    if not redraw:  # a flash counts frames: its row alone, every frame
                        self._stat_changed(i)
        return redraw

    def _stat_changed(self, i):
        """Stat i's place: a row of the panel, or the monster's HP in a fight."""
        if i == 7:
            self.host.changed(0, 7, VIEW_W, 7)
        else:
            self.host.changed(VIEW_W + 1, 55 if i == 6 else i * 9, draw.W - VIEW_W - 1, 9)

    def _lit(self, i):
        """Is stat i in the inverted half of its flash?"""
        return self.flash[i] and (self.flash[i] // FLASH_HALF) % 2 == 1

    # ---- drawing ---------------------------------------------------------------------------

    def draw(self, fb):
        g = self.host.game
        if draw.visible(VIEW_W, 0, draw.W - VIEW_W, draw.H):
            self._panel(fb, g)
        if not draw.visible(0, 0, VIEW_W, draw.H):
            return  # (only the panel's rows are redrawn: a stat flashing)
        if self.report is not None:
            self._report(fb)
        elif g.over:
            self._end(fb, g)
        elif g.phase == mr.MAP:
            self._map(fb, g)
        elif g.phase == mr.REST_CHOICE:
            self._rest(fb)
        elif g.phase == mr.EVENT_CHOICE:
            self._event(fb, g)
        elif g.phase == mr.SHOP:
            self._shop(fb, g)
        else:
            self._fight(fb, g)

    def _panel(self, fb, g):
        fb.vline(VIEW_W, 0, 64, 1)
        for i in range(6):
            y = 1 + i * 9
            lit = self._lit(i)
            if lit:
                fb.fill_rect(VIEW_W + 1, y - 1, 127 - VIEW_W, 9, 1)
            if lit:
                fb.blit(self.stat_lit[i], 105, y, 1)
            else:
                fb.blit(self.stat_icons[i], 105, y, 0)
            draw.right(fb, str(self._stat(i)), 127, y + 1, 0 if lit else 1)
        lit = self._lit(6)
        x = 105
        for w in range(4):
            for _ in range(g.items[w]):
                if lit:
                    fb.fill_rect(x, 55, 9, 9, 1)
                    fb.blit(self.wand_lit[w], x + 1, 56, 1)
                else:
                    fb.rect(x, 55, 9, 9, 1)
                    fb.blit(self.wand_icons[w], x + 1, 56, 0)
                x += 11
        while x < 127:
            fb.rect(x, 55, 9, 9, 1)
            x += 11

    def _hint(self, fb, s):
        draw.text(fb, s, 1, 58)

    def _title(self, fb, s, kind=0):
        draw.text(fb, s, 1, 1)
        if kind:
            fb.blit(self.rooms[kind - 1], VIEW_W - 14, 0, 0)

    def _map(self, fb, g):
        # Level-area and the level's name, as the port's "L1~A1" heading.
        draw.text(fb, "%d-%d %s" % (g.level(), g.area, mr.LEVEL_NAMES[g.level() - 1]), 1, 1)
        choices = g.actions()
        chosen = choices[min(self.cursor, len(choices) - 1)] & 0xFF
        for c in range(5):
            cards = mr.COLUMN_CARDS[c]
            x = 1 + c * 20
            for j in range(len(cards)):
                card = cards[j]
                y = 22 if len(cards) == 1 else 8 + j * 26
                if c == 4 or c == g.column or card == g.taken[c]:
                    self._card(fb, x, y, g.layout[card])
                elif c < g.column:
                    draw.empty(fb, x, y, CARD_W, CARD_H)  # the room not taken
                else:
                    self._card(fb, x, y, 0)
                if c == g.column and card == chosen:
                    draw.cursor(fb, x, y, CARD_W, CARD_H)
        kind = g.layout[chosen]
        name = mr.BOSS_NAMES[g.level() - 1] if kind == mr.BOSS else ROOM_TITLES[kind]
        self._hint(fb, name + "  A" + draw.ARROW_R)

    def _card(self, fb, x, y, kind):
        fb.rect(x, y, CARD_W, CARD_H, 1)
        if kind:
            fb.blit(self.rooms[kind - 1], x + 2, y + 4, 0)
        else:
            fb.blit(_back((y + 2) & 2), x + 2, y + 2, 0)

    def _rest(self, fb):
        self._title(fb, "Resting: choose one", mr.RESTING)
        for i in range(len(REST_TEXT)):
            draw.bar(fb, said(REST_TEXT, REST_FIGURES, i), 0, 18 + i * 7, VIEW_W - 1,
                     i == self.cursor)
        self._hint(fb, "A" + draw.ARROW_R)

    def _event(self, fb, g):
        self._title(fb, "Event", mr.EVENT)
        draw.text(fb, "Skill %d, a %d or %d:" % (g.event_skill, mr.EVENT_CHOICE_ROLL, mr.SIDES),
                  1, 8)
        draw.text(fb, "take one!", 1, 14)
        faces = g.actions()
        for i in range(len(faces)):
            face = faces[i] & 0xFF
            x = 4 + i * 18
            self._die(fb, x, 24, face, i == self.cursor, self.rolling)
            if face == g.event_faces[1]:
                fb.hline(x, 38, DIE, 1)  # the face the die rolled
        face = faces[min(self.cursor, len(faces) - 1)] & 0xFF
        draw.text(fb, said(FACE_TEXT, FACE_FIGURES, face - 1), 1, 42)
        self._hint(fb, draw.ARROW_L + draw.ARROW_R + " A" + draw.ARROW_R)

    def _die(self, fb, x, y, value, inverted, tumbling):
        if tumbling:
            value = (self.frame + x // 3) % 6 + 1
        die(fb, x, y, value, inverted)

    def _shop(self, fb, g):
        if self.selling:
            draw.text(fb, draw.ARROW_L + " SELL " + draw.ARROW_R, 1, 0)
            names = SELL_NAMES
            prices = mr.SELL_PRICE
        else:
            draw.text(fb, draw.ARROW_L + " BUY " + draw.ARROW_R, 1, 0)
            names = BUY_NAMES
            prices = mr.BUY_PRICE
        for i in range(len(names) + 1):
            y = 8 + i * 6
            sel = i == self.cursor
            if sel:
                fb.fill_rect(0, y - 1, VIEW_W - 1, 7, 1)
            if i == len(names):
                draw.text(fb, "Leave", 2, y, 0 if sel else 1)
            elif sel and self.note:
                draw.text(fb, self.note, 2, y, 0)  # why A did not trade, until the next press
            else:
                draw.text(fb, names[i], 2, y, 0 if sel else 1)
                draw.right(fb, str(prices[i]), VIEW_W - 3, y, 0 if sel else 1)

    def _fight(self, fb, g):
        draw.text(fb, monster_name(g), 1, 1)
        lit = self._lit(7)
        if lit:
            fb.fill_rect(0, 7, 32, 7, 1)
        draw.text(fb, "HP %d/%d" % (g.monster_hp, g.monster_max), 1, 8, 0 if lit else 1)
        draw.text(fb, "DMG %d" % g.monster_damage, 40, 8)
        if g.poisoned:
            draw.text(fb, "Poisoned", 1, 15)
        # Each level's monster, then each level's boss; the event's monster is the level's.
        foe = g.level() - 1 + (len(MONSTER_NAMES) if g.fight == mr.BOSS else 0)
        if foe != self.portrait_of:  # copied once a fight, not every frame
            self.portrait_of = foe
            at = foe * art.PORTRAIT_SIZE
            for i in range(art.PORTRAIT_SIZE):
                self.portrait[i] = art.PORTRAITS[at + i]
        fb.blit(self.portrait_fb, 74, 0, 0)
        for i in range(len(self.fight_lines)):
            draw.text(fb, self.fight_lines[i], 1, 26 + i * 6)
        choices = g.actions()
        sel = min(self.cursor, len(choices) - 1)
        if g.phase == mr.FIGHT_DICE:
            x = 2
            for i in range(g.rank):
                inverted = choices[sel] == mr.REROLL << 8 | i
                self._die(fb, x, 38, g.dice[i], inverted,
                          self.rolling and self.roll_mask & (1 << i))
                if g.sixes[i] and g.dice[i] != 1:  # a reroll's 1 loses the kept sixes too
                    draw.text(fb, "+%d" % (mr.KEPT_SIX * g.sixes[i]), x + 1, 51)
                x += 15
            self._arrow(fb, x + 2, 38, choices[sel] == mr.ATTACK << 8)
            if self.rolling:
                pass
            elif choices[sel] == mr.ATTACK << 8:
                self._hint(fb, "A: strike for %d" % g.strike_damage())
            else:
                self._hint(fb, "A: roll this %d again" % mr.SIDES)
        else:
            x = 2
            for a in choices:
                if a >> 8 == mr.WAND:
                    w = a & 0xFF
                    fb.rect(x, 40, DIE, DIE, 1)
                    fb.blit(self.wand_icons[w], x + 2, 42, 0)
                    if a == choices[sel]:
                        draw.cursor(fb, x, 40, DIE, DIE)
                    x += 15
            self._arrow(fb, x + 2, 40, choices[sel] == mr.NO_WAND << 8)
            a = choices[sel]
            self._hint(fb, said(WAND_TEXT, WAND_FIGURES, a & 0xFF) if a >> 8 == mr.WAND
                       else "No wand")

    def _arrow(self, fb, x, y, selected):
        fb.rect(x, y, DIE, DIE, 1)
        draw.char(fb, ord(draw.ARROW_R), x + 4, y + 4)
        if selected:
            draw.cursor(fb, x, y, DIE, DIE)

    def _report(self, fb):
        kind = 0
        for k in range(len(ROOM_TITLES)):
            if ROOM_TITLES[k] == self.report_title:
                kind = k
        self._title(fb, self.report_title, kind)
        x = 2
        for i in range(3):
            if self.report_dice[i]:
                self._die(fb, x, 9, self.report_dice[i], False, self.rolling)
                draw.text(fb, self.report_labels[i], x + DIE + 2, 13)
                x += 34
        if self.rolling:
            return
        rows = 0
        for line in self.report:
            rows += len(draw.wrap(line, VIEW_W - 2))
        # Five rows fit from y 24; a sixth (a boss's kill, a rank, loot, then starving on the
        # way out) needs the two pixels between the dice and the text.
        y = 24 if rows <= 5 else 22
        for line in self.report:
            for part in draw.wrap(line, VIEW_W - 2):
                if y <= 52:
                    draw.text(fb, part, 1, y)
                y += 6
        self._hint(fb, "A" + draw.ARROW_R)

    def _end(self, fb, g):
        """The score breakdown: what the port's score counts (as the panel shows it), each
        with its weight beside it when it is not 1, and the sum."""
        draw.text(fb, "VICTORY!" if g.won else "YOU DIED", 1, 1)
        y = 8
        for line in self.end_lines[:2]:
            draw.text(fb, line, 1, y)
            y += 6
        counts = g.score_counts()
        for i in range(9):
            x = 1 + (i % 2) * 52
            y = 21 + (i // 2) * 6
            draw.text(fb, PART_NAMES[i] or DIFFICULTY_NAMES[g.difficulty], x, y)
            w = mr.SCORE_WEIGHTS[i]
            draw.right(fb, "%d x%d" % (counts[i], w) if w > 1 else str(counts[i]), x + 46, y)
        draw.text(fb, "SCORE", 54, 47)
        draw.big_text(fb, str(g.score), 54 + 24, 45, 2)
