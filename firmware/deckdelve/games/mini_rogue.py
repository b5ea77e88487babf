# Mini Rogue: one adventurer, 14 areas over 5 levels, dice for everything. Rules only.
# Rule text: the Arduboy port's manual; the figures come from issue 4 and the port itself
# (Press-Play-On-Tape/MiniRogue). Every point the text leaves open is settled, with the rule
# quoted, in docs/rules/mini_rogue.md.
#
# Actions are kind << 8 | argument:
#   CARD   | i  enter room card i of the area's layout (0; 1 or 2; 3; 4 or 5; 6 = the boss)
#   REST   | r  resting: 0 reinforce the weapon (+1 XP), 1 search for a ration (+1 food),
#               2 heal (+2 HP)
#   EVENT  | f  event, after a passed skill check: take face f (1..6), the roll or a neighbour
#   BUY    | k  merchant: buy BUY_* item k          SELL | k   merchant: sell SELL_* item k
#   LEAVE       merchant: go on
#   REROLL | d  fight: roll die d again (it shows a 6)
#   ATTACK      fight: strike with the dice as they lie
#   WAND   | w  fight, after a strike: use wand w (FIRE ICE POISON HEALING)
#   NO_WAND     fight, after a strike: use none this round
#
# Events (code, a, b), for the scene to put into words (a "gain" is what came in: see below):
#   EV_TREASURE chest die, gold gain  EV_LOOT     loot die (1..6, 7 = gold instead), its gain
#   EV_EVADE    skill die, rank       EV_TRAP     trap die (1..6), skill die
#   EV_FALL     from area, to area    EV_EVENT    event die, skill die (5 or 6: a choice)
#   EV_FOUND    event face, its gain  EV_REST     rest option, its gain
#   EV_FIGHT    monster HP, damage    EV_STRIKE   damage dealt, monster HP left
#   EV_WAND     wand, monster HP left (FIRE: damage dealt, HEALING: HP gain)
#   EV_HIT      damage taken, HP left
#   EV_FROZEN   0, 0 (ice: no blow)   EV_KILL     XP gain, gold gain (0, 0: Og)
#   EV_RANK     new rank, 0           EV_DELVE    new area, food eaten (0 = starved)
#   EV_STARVE   HP lost, HP left      EV_DEAD     cause (room kind or STARVED), 0
#   EV_WON      score, 0              EV_BUY/EV_SELL  item, gold left
#   EV_REROLL   die, its new value
# A gain is the amount of the stat (gold, HP, armour, food, XP) that actually came in: the room's
# figure, or less when a cap cut it, and then it has the CAPPED bit set (0 | CAPPED: the stat was
# full). A loot die of 1..4 (a wand) gains 0.
#
# Scenario tests may put any object with die(sides) and shuffle(buf, start, end) in g.rng to
# script the dice, and set stats through setup_for_test() (it keeps the accounting straight).

from deckdelve.game import Game as _Game

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


NAME = "mini_rogue"
DIFFICULTIES = ("easy", "normal", "hard", "hell")
# Starting armour, HP, gold, food per difficulty.
START = ((1, 5, 5, 6), (0, 5, 3, 6), (0, 4, 2, 5), (0, 3, 1, 3))

HP_CAP = const(20)
ARMOUR_CAP = const(5)
GOLD_CAP = const(10)
FOOD_CAP = const(10)
ITEM_CAP = const(2)
RANK_CAP = const(4)
XP_CAP = const(99)
# At rank r the XP counter must reach XP_NEXT[r]; the rank-up then takes XP_NEXT[r] off.
XP_NEXT = (0, 6, 12, 18)
CAPPED = const(0x80)  # set on an event's gain that a cap cut (see the events above)
AREAS = const(14)

# Room kinds (the cards): the six room cards, then the last card of an area.
RESTING = const(1)
TREASURE = const(2)
EVENT = const(3)
MERCHANT = const(4)
TRAP = const(5)
MONSTER = const(6)
BOSS = const(7)
DELVE = const(8)
# mutate: labels (names for the scenes and the log: any distinct values play the same)
STARVED = const(9)  # a cause of death, for EV_DEAD
# mutate: end

# Wands, in the port's order.
FIRE = const(0)
ICE = const(1)
POISON = const(2)
HEALING = const(3)
FIRE_DAMAGE = const(8)
POISON_DAMAGE = const(5)
HEALING_HP = const(8)
# A room's monster: damage and XP by level (the monster card's table, level 2's damage 2 as
# printed), gold for any monster's kill. The event's monster: "Level x 2" damage, 2 XP.
MONSTER_DAMAGE = b"\x02\x02\x06\x08\x0a"
MONSTER_XP = b"\x01\x01\x02\x02\x03"
MONSTER_GOLD = const(1)
EVENT_MONSTER_XP = const(2)
# An event's skill die at least this lets the player choose the face.
EVENT_CHOICE_ROLL = const(5)
# What the rooms give and take (the scene shows these figures, so they live here only).
REST_GAIN = (1, 1, 2)  # resting: XP, food, HP
EVENT_GAIN = (2, 2, 1, 2, 1)  # event faces 1-5: gold, HP, food, XP, armour
TRAP_LOSS = (1, 1, 1, 1, 1, 2)  # traps 1-6: food, gold, armour, HP, XP, HP (the pit)
CHEST_LOOT_ROLL = const(5)  # a chest die at least this rolls for loot too
LOOT_ARMOUR = const(1)  # loot 5: an armour piece
LOOT_XP = const(2)  # loot 6: a better weapon
LOOT_GOLD = const(2)  # a wand found with both wand slots full: gold instead
STARVE_HP = const(3)  # leaving an area with no food
KEPT_SIX = const(6)  # a 6 kept and rolled again adds this to its die
SIDES = const(6)  # a die's faces: the top one may be rolled again in a fight
MISS = const(1)  # an attack die showing this deals nothing (on a reroll: loses the die)
# The port's score: each of score_counts() times its weight.
SCORE_WEIGHTS = (3, 3, 2, 2, 2, 2, 1, 1, 1)

# Phases: what the next action answers.
# mutate: labels (names for the scenes and the log: any distinct values play the same)
MAP = const(0)
REST_CHOICE = const(1)
EVENT_CHOICE = const(2)
SHOP = const(3)
FIGHT_DICE = const(4)
FIGHT_WAND = const(5)
ENDED = const(6)

CARD = const(1)
REST = const(2)
PICK = const(3)
BUY = const(4)
SELL = const(5)
LEAVE = const(6)
REROLL = const(7)
ATTACK = const(8)
WAND = const(9)
NO_WAND = const(10)

EV_TREASURE = const(1)
EV_LOOT = const(2)
EV_EVADE = const(3)
EV_TRAP = const(4)
EV_FALL = const(5)
EV_EVENT = const(6)
EV_FOUND = const(7)
EV_REST = const(8)
EV_FIGHT = const(9)
EV_STRIKE = const(10)
EV_WAND = const(11)
EV_HIT = const(12)
EV_FROZEN = const(13)
EV_KILL = const(14)
EV_RANK = const(15)
EV_DELVE = const(16)
EV_STARVE = const(17)
EV_DEAD = const(18)
EV_WON = const(19)
EV_BUY = const(20)
EV_SELL = const(21)
EV_REROLL = const(22)
# mutate: end

# The merchant. Buy: ration, health potion, big health potion, four wands, armour piece.
BUY_PRICE = (1, 1, 3, 8, 8, 8, 8, 6)
BUY_RATION = const(0)
BUY_POTION = const(1)
BUY_BIG_POTION = const(2)
BUY_WAND = const(3)  # 3..6: wand k - 3
BUY_ARMOUR = const(7)
# Sell: the four wands, armour piece.
SELL_PRICE = (4, 4, 4, 4, 3)
SELL_ARMOUR = const(4)
# Why the merchant says no (0: he says yes).
# mutate: labels (names for the scenes and the log: any distinct values play the same)
NEED_GOLD = const(1)
NONE_TO_SELL = const(2)
HAVE_ENOUGH = const(3)
PURSE_FULL = const(4)
# mutate: end

# Per area (index area - 1): its level, and the area a pit drops into (0: none below).
LEVEL_OF = b"\x01\x01\x02\x02\x03\x03\x03\x04\x04\x04\x05\x05\x05\x05"
FALL_TO = b"\x03\x04\x05\x06\x08\x09\x0a\x0b\x0c\x0d\x00\x00\x00\x00"
BOSS_AREAS = b"\x02\x04\x07\x0a\x0e"
BOSS_HP = (10, 15, 20, 25, 30)
BOSS_DAMAGE = (3, 5, 7, 9, 12)
BOSS_NAMES = ("Undead Giant", "Skeleton Lord", "Undead Lord", "Serpent Demon", "Og's Remains")
LEVEL_NAMES = ("Black Sewers", "Poison Dungeons", "Undead Catacombs", "Flaming Underworld",
               "Sunken Keep of Og")
# The columns of an area's layout: the card indices of each (a pair lets the player choose).
COLUMN_CARDS = ((0,), (1, 2), (3,), (4, 5), (6,))


def _gain(got, wanted):
    """A stat change as events report it: a gain a cap cut (got < wanted) has CAPPED set."""
    return got if got >= wanted else got | CAPPED


def level_of(area):
    return LEVEL_OF[area - 1]


def is_boss_area(area):
    return area in BOSS_AREAS


class Game(_Game):
    NAME = NAME

    def __init__(self, seed, options=()):
        super().__init__(seed, options)
        self.difficulty = 1
        for i in range(4):
            if DIFFICULTIES[i] in self.options:
                self.difficulty = i
        armour, hp, gold, food = START[self.difficulty]
        self.rank = 1
        self.xp = 0
        self.hp = hp
        self.armour = armour
        self.gold = gold
        self.food = food
        self.items = bytearray(4)  # wands held, by kind
        self.bosses = 0
        self.area = 1
        self.layout = bytearray(7)  # room kind of each card
        self.taken = bytearray(5)  # card index chosen in each column, 255 = not yet
        self.column = 0  # the column whose card is played next
        self.killed_here = False  # a monster died earlier in this area (treasure pays 2)
        self.phase = MAP
        self.event_faces = bytearray(3)  # the faces on offer after a passed event check
        self.event_skill = 0  # the skill die that passed it
        # The fight: the monster, the dice, the wand effects.
        self.fight = 0  # MONSTER, BOSS, or EVENT for the event's monster
        self.monster_hp = 0
        self.monster_max = 0
        self.monster_damage = 0
        self.dice = bytearray(4)
        self.sixes = bytearray(4)  # rerolls added to each die (each one a 6 kept)
        self.poisoned = False
        # Accounting, checked by check(): what came in and went out of each stat.
        self._reset_ledger()
        self._deal()
        self.score = self.compute_score()

    # ---- queries ------------------------------------------------------------------------

    def level(self):
        return level_of(self.area)

    def progress(self):
        return self.area

    def item_count(self):
        return self.items[0] + self.items[1] + self.items[2] + self.items[3]

    def column_cards(self):
        return COLUMN_CARDS[self.column]

    def strike_damage(self):
        """What an ATTACK would deal now: each die but a 1, each kept 6 adding 6; poison +5."""
        total = 0
        for i in range(self.rank):
            if self.dice[i] != MISS:
                total += self.dice[i] + KEPT_SIX * self.sixes[i]
        if self.poisoned:
            total += POISON_DAMAGE
        return total

    def monster_blow(self):
        """The HP a counter-attack takes: damage minus armour."""
        d = self.monster_damage - self.armour
        return d if d > 0 else 0

    def buy_refusal(self, k):
        """Why the merchant won't sell item k now (0: he will)."""
        if self.gold < BUY_PRICE[k]:
            return NEED_GOLD
        if k == BUY_RATION:
            full = self.food >= FOOD_CAP
        elif k == BUY_ARMOUR:
            full = self.armour >= ARMOUR_CAP
        elif k >= BUY_WAND:
            full = self.item_count() >= ITEM_CAP
        else:
            full = self.hp >= HP_CAP
        return HAVE_ENOUGH if full else 0

    def sell_refusal(self, k):
        """Why the merchant won't buy item k now (0: he will)."""
        if k == SELL_ARMOUR:
            have = self.armour
        else:
            have = self.items[k]
        if not have:
            return NONE_TO_SELL
        if self.gold + SELL_PRICE[k] > GOLD_CAP:
            return PURSE_FULL
        return 0

    def compute_score(self):
        return sum(self.score_parts())

    def score_counts(self):
        """What the port's score counts, in the order of the breakdown screen: difficulty,
        area reached, bosses, rank, HP, gold, food, armour, items (each weighs SCORE_WEIGHTS)."""
        return (self.difficulty, self.area, self.bosses, self.rank, self.hp, self.gold,
                self.food, self.armour, self.item_count())

    def score_parts(self):
        """The port's score, part by part (each count times its weight)."""
        counts = self.score_counts()
        return tuple(counts[i] * SCORE_WEIGHTS[i] for i in range(len(counts)))

    def summary(self):
        if self.won:
            return "Og slain"
        return "Area %d" % self.area

    # ---- the contract ------------------------------------------------------------------

    def actions(self):
        p = self.phase
        out = []
        if p == MAP:
            for i in COLUMN_CARDS[self.column]:
                out.append(CARD << 8 | i)
        elif p == REST_CHOICE:
            out = [REST << 8, REST << 8 | 1, REST << 8 | 2]
        elif p == EVENT_CHOICE:
            for f in self.event_faces:
                if f:
                    out.append(PICK << 8 | f)
        elif p == SHOP:
            for k in range(len(BUY_PRICE)):
                if not self.buy_refusal(k):
                    out.append(BUY << 8 | k)
            for k in range(len(SELL_PRICE)):
                if not self.sell_refusal(k):
                    out.append(SELL << 8 | k)
            out.append(LEAVE << 8)
        elif p == FIGHT_DICE:
            for i in range(self.rank):
                if self.dice[i] == SIDES:
                    out.append(REROLL << 8 | i)
            out.append(ATTACK << 8)
        elif p == FIGHT_WAND:
            for w in range(4):
                if self.items[w] and not (w == POISON and self.poisoned):
                    out.append(WAND << 8 | w)
            out.append(NO_WAND << 8)
        return out

    def do(self, action):
        kind = action >> 8
        arg = action & 0xFF
        if kind == CARD:
            self._enter(arg)
        elif kind == REST:
            self._rest(arg)
        elif kind == PICK:
            self._event_face(arg)
        elif kind == BUY:
            self._buy(arg)
        elif kind == SELL:
            self._sell(arg)
        elif kind == LEAVE:
            self._room_done()
        elif kind == REROLL:
            self.sixes[arg] += 1
            self.dice[arg] = self.rng.die(6)
            self.events.append((EV_REROLL, arg, self.dice[arg]))
        elif kind == ATTACK:
            self._strike()
        elif kind == WAND:
            self._wand(arg)
        else:  # NO_WAND
            self._counter_attack()
        self.score = self.compute_score()

    def check(self):
        def bad(what):
            raise ValueError("mini_rogue: " + what)

        if not 1 <= self.rank <= RANK_CAP:
            bad("rank %d" % self.rank)
        if not 0 <= self.xp <= XP_CAP or (self.rank < RANK_CAP and self.xp >= XP_NEXT[self.rank]):
            bad("xp %d at rank %d" % (self.xp, self.rank))
        if not 0 <= self.hp <= HP_CAP:
            bad("hp %d" % self.hp)
        if self.hp == 0 and not (self.over and not self.won):
            bad("hp 0 but alive")
        if not 0 <= self.armour <= ARMOUR_CAP:
            bad("armour %d" % self.armour)
        if not 0 <= self.gold <= GOLD_CAP:
            bad("gold %d" % self.gold)
        if not 0 <= self.food <= FOOD_CAP:
            bad("food %d" % self.food)
        if self.item_count() > ITEM_CAP:
            bad("items %r" % (list(self.items),))
        if not 1 <= self.area <= AREAS:
            bad("area %d" % self.area)
        # A boss's kill leaves its area at once, unless the game ends there (won, or starved).
        if not 0 <= self.bosses <= self.level() or (self.bosses == self.level() and not self.over):
            bad("%d bosses killed by level %d" % (self.bosses, self.level()))
        if sorted(self.layout[:6]) != [1, 2, 3, 4, 5, 6]:
            bad("layout %r" % (list(self.layout),))
        if self.layout[6] != (BOSS if is_boss_area(self.area) else DELVE):
            bad("last card %d in area %d" % (self.layout[6], self.area))
        if not 0 <= self.column <= 4 or (self.column == 4 and not is_boss_area(self.area)):
            bad("column %d" % self.column)
        for c in range(5):
            t = self.taken[c]
            if (c < self.column) != (t != 255) and not (c == self.column and self.phase != MAP):
                bad("taken %r at column %d" % (list(self.taken), self.column))
            if t != 255 and t not in COLUMN_CARDS[c]:
                bad("card %d taken in column %d" % (t, c))
        if (self.phase == ENDED) != self.over:
            bad("phase %d, over %r" % (self.phase, self.over))
        if self.phase in (FIGHT_DICE, FIGHT_WAND):
            if not 0 < self.monster_hp <= self.monster_max:
                bad("monster hp %d" % self.monster_hp)
            for i in range(self.rank):
                if not 1 <= self.dice[i] <= 6:
                    bad("die %d" % self.dice[i])
        # The books: every stat equals its start plus what came in minus what went out.
        if self.gold != self.start_gold + self.gold_in - self.gold_out:
            bad("gold %d != %d + %d - %d" % (self.gold, self.start_gold, self.gold_in,
                                             self.gold_out))
        if self.food != self.start_food + self.food_in - self.food_out:
            bad("food %d != %d + %d - %d" % (self.food, self.start_food, self.food_in,
                                             self.food_out))
        if self.xp != self.start_xp + self.xp_in - self.xp_out - self.xp_ranked:
            bad("xp %d != %d + %d - %d - %d" % (self.xp, self.start_xp, self.xp_in, self.xp_out,
                                                self.xp_ranked))
        spent = 0
        for r in range(self.start_rank, self.rank):
            spent += XP_NEXT[r]
        if spent != self.xp_ranked:
            bad("rank-ups took %d XP, expected %d" % (self.xp_ranked, spent))
        if self.score != self.compute_score():
            bad("score %d != %d" % (self.score, self.compute_score()))

    # ---- test helper ----------------------------------------------------------------------

    def setup_for_test(self, area=None, layout=None, **stats):
        """Set stats (rank xp hp armour gold food bosses) and optionally the area and its
        layout (six room kinds), starting the area at its first column; the books restart
        from the new values."""
        if area is not None:
            self.area = area
            self._deal()
        if layout is not None:
            for i in range(6):
                self.layout[i] = layout[i]
        for k in stats:
            setattr(self, k, stats[k])
        self._reset_ledger()
        self.score = self.compute_score()

    # ---- stats: every change goes through these, so caps hold and the books balance -------

    def _reset_ledger(self):
        self.start_gold = self.gold
        self.start_food = self.food
        self.start_xp = self.xp
        self.start_rank = self.rank
        self.gold_in = self.gold_out = 0
        self.food_in = self.food_out = 0
        self.xp_in = self.xp_out = self.xp_ranked = 0

    # Each returns, for a gain, the gain as events report it: what came in, | CAPPED if a cap
    # cut it (for a loss: the change made).

    def _gold(self, n):
        wanted = n
        if n > 0:
            n = min(n, GOLD_CAP - self.gold)
            self.gold_in += n
        else:
            n = -min(-n, self.gold)
            self.gold_out -= n
        self.gold += n
        return _gain(n, wanted)

    def _food(self, n):
        wanted = n
        if n > 0:
            n = min(n, FOOD_CAP - self.food)
            self.food_in += n
        else:
            n = -min(-n, self.food)
            self.food_out -= n
        self.food += n
        return _gain(n, wanted)

    def _hp(self, n):
        old = self.hp
        self.hp = max(0, min(HP_CAP, self.hp + n))
        return _gain(self.hp - old, n)

    def _armour(self, n):
        old = self.armour
        self.armour = max(0, min(ARMOUR_CAP, self.armour + n))
        return _gain(self.armour - old, n)

    def _xp(self, n):
        """XP in (rank-ups follow at once, each with its event) or out."""
        if n < 0:
            n = min(-n, self.xp)
            self.xp -= n
            self.xp_out += n
            return -n
        wanted = n
        n = min(n, XP_CAP - self.xp)
        self.xp += n
        self.xp_in += n
        got = _gain(n, wanted)
        while self.rank < RANK_CAP and self.xp >= XP_NEXT[self.rank]:
            took = XP_NEXT[self.rank]
            self.xp -= took
            self.xp_ranked += took
            self.rank += 1
            self.events.append((EV_RANK, self.rank, 0))
        return got

    def _item_roll(self):
        """The second treasure roll (and a boss's item): 1-4 a wand (2 gold instead when both
        slots are full), 5 an armour piece, 6 a better weapon (+2 XP)."""
        roll = self.rng.die(6)
        if roll <= 4 and self.item_count() >= ITEM_CAP:
            self.events.append((EV_LOOT, 7, self._gold(LOOT_GOLD)))
            return
        got = 0
        if roll <= 4:
            self.items[roll - 1] += 1
        elif roll == 5:
            got = self._armour(LOOT_ARMOUR)
        else:
            got = self._xp(LOOT_XP)  # its rank-up events come first, as ever
        self.events.append((EV_LOOT, roll, got))

    def _die(self, cause):
        """The end (every cause has just taken the last HP)."""
        self.over = True
        self.phase = ENDED
        self.events.append((EV_DEAD, cause, 0))

    # ---- the dungeon ---------------------------------------------------------------------

    def _deal(self):
        for i in range(6):
            self.layout[i] = i + 1
        self.rng.shuffle(self.layout, 0, 6)
        self.layout[6] = BOSS if is_boss_area(self.area) else DELVE
        for c in range(5):
            self.taken[c] = 255
        self.column = 0
        self.killed_here = False
        self.phase = MAP

    def _enter(self, card):
        self.taken[self.column] = card
        kind = self.layout[card]
        if kind == RESTING:
            self.phase = REST_CHOICE
        elif kind == TREASURE:
            self._treasure()
        elif kind == EVENT:
            self._event()
        elif kind == MERCHANT:
            self.phase = SHOP
        elif kind == TRAP:
            self._trap()
        else:
            self._start_fight(kind)

    def _room_done(self):
        """The room is over: on to the next column, or out of the area."""
        self.phase = MAP
        following = self.column + 1
        if following == 5 or (following == 4 and not is_boss_area(self.area)):
            self._leave_area(self.area + 1)  # a starved player dies here, in this column
        else:
            self.column = following

    def _leave_area(self, to_area):
        """Leaving an area costs a ration; with none, starvation costs 3 HP."""
        if self.food > 0:
            self._food(-1)
            self.events.append((EV_DELVE, to_area, 1))
        else:
            self._hp(-STARVE_HP)
            self.events.append((EV_STARVE, STARVE_HP, self.hp))
            if self.hp == 0:
                self._die(STARVED)
                return
            self.events.append((EV_DELVE, to_area, 0))
        self.area = to_area
        self._deal()

    def _treasure(self):
        chest = self.rng.die(6)
        got = self._gold(2 if self.killed_here else 1)
        self.events.append((EV_TREASURE, chest, got))
        if chest >= CHEST_LOOT_ROLL:
            self._item_roll()
        self._room_done()

    def _trap(self):
        skill = self.rng.die(6)
        if skill <= self.rank:
            self.events.append((EV_EVADE, skill, self.rank))
            self._room_done()
            return
        trap = self.rng.die(6)
        self.events.append((EV_TRAP, trap, skill))
        loss = TRAP_LOSS[trap - 1]
        if trap == 1:
            self._food(-loss)  # mildew
        elif trap == 2:
            self._gold(-loss)  # tripwire
        elif trap == 3:
            self._armour(-loss)  # rusted armour
        elif trap == 4:
            self._hp(-loss)  # spring blade
        elif trap == 5:
            self._xp(-loss)  # moving walls
        else:
            self._hp(-loss)  # pit
        if self.hp == 0:
            self._die(TRAP)
            return
        below = FALL_TO[self.area - 1]
        if trap == 6 and below:
            self.events.append((EV_FALL, self.area, below))
            self._leave_area(below)
        else:
            self._room_done()

    def _event(self):
        face = self.rng.die(6)
        skill = self.rng.die(6)
        self.events.append((EV_EVENT, face, skill))
        if skill < EVENT_CHOICE_ROLL:
            self._event_face(face)
            return
        self.event_skill = skill
        self.event_faces[0] = face - 1  # 0 = no neighbour below a 1
        self.event_faces[1] = face
        self.event_faces[2] = face + 1 if face < 6 else 0
        self.phase = EVENT_CHOICE

    def _event_face(self, face):
        if face == 6:
            self.events.append((EV_FOUND, face, 0))
            self._start_fight(EVENT)
            return
        at = self._event_slot()  # before a whetstone's rank-up
        gain = EVENT_GAIN[face - 1]
        if face == 1:
            got = self._gold(gain)  # found loot
        elif face == 2:
            got = self._hp(gain)  # health potion
        elif face == 3:
            got = self._food(gain)  # meat
        elif face == 4:
            got = self._xp(gain)  # whetstone
        else:
            got = self._armour(gain)  # shield
        self.events[at] = (EV_FOUND, face, got)
        self._room_done()

    def _event_slot(self):
        """Keep the next event's place (filled in once its gain is known), so that it comes
        before the rank-ups the gain may bring."""
        self.events.append(None)
        return len(self.events) - 1

    def _rest(self, option):
        at = self._event_slot()
        gain = REST_GAIN[option]
        if option == 0:
            got = self._xp(gain)
        elif option == 1:
            got = self._food(gain)
        else:
            got = self._hp(gain)
        self.events[at] = (EV_REST, option, got)
        self._room_done()

    def _buy(self, k):
        self._gold(-BUY_PRICE[k])
        if k == BUY_RATION:
            self._food(1)
        elif k == BUY_POTION:
            self._hp(1)
        elif k == BUY_BIG_POTION:
            self._hp(4)
        elif k == BUY_ARMOUR:
            self._armour(1)
        else:
            self.items[k - BUY_WAND] += 1
        self.events.append((EV_BUY, k, self.gold))

    def _sell(self, k):
        if k == SELL_ARMOUR:
            self._armour(-1)
        else:
            self.items[k] -= 1
        self._gold(SELL_PRICE[k])
        self.events.append((EV_SELL, k, self.gold))

    # ---- fights --------------------------------------------------------------------------

    def _start_fight(self, kind):
        level = self.level()
        self.fight = kind
        if kind == BOSS:
            hp = BOSS_HP[level - 1]
            self.monster_damage = BOSS_DAMAGE[level - 1]
        else:
            hp = level + self.rng.die(6)
            if kind == EVENT:
                self.monster_damage = 2 * level  # the event card: "Level x 2"
            else:
                self.monster_damage = MONSTER_DAMAGE[level - 1]
        self.monster_hp = self.monster_max = hp
        self.poisoned = False
        self.events.append((EV_FIGHT, hp, self.monster_damage))
        self._roll_dice()

    def _roll_dice(self):
        self.phase = FIGHT_DICE
        for i in range(4):
            self.dice[i] = self.rng.die(6) if i < self.rank else 0
            self.sixes[i] = 0

    def _strike(self):
        dealt = min(self.strike_damage(), self.monster_hp)
        self.monster_hp -= dealt
        self.events.append((EV_STRIKE, dealt, self.monster_hp))
        if self.monster_hp == 0:
            self._monster_dead()
        elif self.items[FIRE] or self.items[ICE] or self.items[HEALING] or (
                self.items[POISON] and not self.poisoned):
            # A wand to choose (a second poison adds nothing, so poison alone asks nothing).
            self.phase = FIGHT_WAND
        else:
            self._counter_attack()

    def _wand(self, w):
        self.items[w] -= 1
        if w == FIRE:
            # What it took, as a strike says (issue 33: "Fire: 8 damage" against 3 HP left)
            dealt = min(FIRE_DAMAGE, self.monster_hp)
            self.monster_hp -= dealt
            self.events.append((EV_WAND, w, dealt))
        elif w == HEALING:
            self.events.append((EV_WAND, w, self._hp(HEALING_HP)))
        else:
            if w == POISON:
                self.poisoned = True
            self.events.append((EV_WAND, w, self.monster_hp))
        if self.monster_hp == 0:
            self._monster_dead()
        elif w == ICE:
            self.events.append((EV_FROZEN, 0, 0))
            self._roll_dice()
        else:
            self._counter_attack()

    def _counter_attack(self):
        blow = self.monster_blow()
        self._hp(-blow)
        self.events.append((EV_HIT, blow, self.hp))
        if self.hp == 0:
            self._die(self.fight)
        else:
            self._roll_dice()

    def _monster_dead(self):
        level = self.level()
        self.killed_here = True
        at = self._event_slot()  # the kill's line comes before its rank-ups
        if self.fight == BOSS:
            self.bosses += 1
            if self.area == AREAS:  # Og's Remains: "Og's Blood" (the win) and the treasure
                self.events[at] = (EV_KILL, 0, 0)
            else:
                xp = self._xp(level + 1)
                self.events[at] = (EV_KILL, xp, self._gold(2 if level <= 2 else 3))
            self._item_roll()
            if self.area == AREAS:
                self.phase = ENDED
                self.over = True
                self.won = True
                self.events.append((EV_WON, self.compute_score(), 0))
                return
        else:
            xp = self._xp(EVENT_MONSTER_XP if self.fight == EVENT else MONSTER_XP[level - 1])
            self.events[at] = (EV_KILL, xp, self._gold(MONSTER_GOLD))
        self._room_done()



def spends(game, action):
    """What a player cannot take back (HANDHELD.md's manner 1; the manners check asks it before
    every action a press of A makes right after the screen changed): gold for a purchase, an
    item sold, a wand used, a die rerolled (a 1 loses it). Entering a room, resting, an
    event's face, a strike and leaving are not."""
    kind = action >> 8
    return kind == BUY or kind == SELL or kind == WAND or kind == REROLL
