# A careful Mini Rogue player for the play-out tool (python -m tools.play.playout --bot greedy):
# it sees only what the screen shows (the current column's cards, its own stats, the monster)
# and plays by a few plain preferences. MicroPython-clean.
from deckdelve.games import mini_rogue as mr

BOTS = ("greedy",)


def greedy(game, rng):
    acts = game.actions()
    p = game.phase
    if p == mr.MAP:
        return _room(game, acts)
    if p == mr.REST_CHOICE:
        if game.hp < 10:
            return mr.REST << 8 | 2
        if game.food < 2:
            return mr.REST << 8 | 1
        return mr.REST << 8 | (0 if game.rank < mr.RANK_CAP else 2)
    if p == mr.EVENT_CHOICE:
        return _event(game, acts)
    if p == mr.SHOP:
        return _shop(game, acts)
    if p == mr.FIGHT_DICE:
        if game.strike_damage() < game.monster_hp:
            for a in acts:
                if a >> 8 == mr.REROLL:
                    return a  # a 6 rolled again gains 4 on average and risks 6 one time in 6
        return mr.ATTACK << 8
    return _wand(game, acts)


def _room(game, acts):
    best = acts[0]
    best_value = -1
    for a in acts:
        kind = game.layout[a & 0xFF]
        if kind == mr.RESTING or kind == mr.TREASURE:
            value = 5
        elif kind == mr.EVENT:
            value = 4
        elif kind == mr.MERCHANT:
            value = 4 if game.gold >= 3 else 1
        elif kind == mr.MONSTER:
            # Monsters give the XP that buys dice; take them while the HP can pay for it.
            value = 4 if game.hp > 4 * 2 * game.level() - 2 * game.armour else 0
        elif kind == mr.TRAP:
            value = 2
        else:
            value = 0
        if value > best_value:
            best = a
            best_value = value
    return best


def _event(game, acts):
    if game.hp < 8:
        order = (2, 5, 4, 3, 1, 6)
    elif game.food < 2:
        order = (3, 4, 5, 2, 1, 6)
    else:
        order = (4, 5, 2, 3, 1, 6)
    for face in order:
        a = mr.PICK << 8 | face
        if a in acts:
            return a
    return acts[0]


def _shop(game, acts):
    wants = []
    if game.food < 3:
        wants.append(mr.BUY << 8 | mr.BUY_RATION)
    if game.hp <= 16:
        wants.append(mr.BUY << 8 | mr.BUY_BIG_POTION)
    if game.armour < 3:
        wants.append(mr.BUY << 8 | mr.BUY_ARMOUR)
    if game.hp < 14:
        wants.append(mr.BUY << 8 | mr.BUY_POTION)
    if game.gold >= 9:
        wants.append(mr.BUY << 8 | (mr.BUY_WAND + mr.FIRE))
    for a in wants:
        if a in acts:
            return a
    return mr.LEAVE << 8


def _wand(game, acts):
    blow = game.monster_blow()
    doomed = blow >= game.hp
    boss = game.fight == mr.BOSS
    fire = mr.WAND << 8 | mr.FIRE
    if fire in acts and (game.monster_hp <= mr.FIRE_DAMAGE and (doomed or boss)):
        return fire
    if doomed:
        for w in (mr.ICE, mr.HEALING, mr.FIRE):
            if mr.WAND << 8 | w in acts:
                return mr.WAND << 8 | w
    if boss:
        for w in (mr.FIRE, mr.POISON):
            if mr.WAND << 8 | w in acts:
                return mr.WAND << 8 | w
        if game.hp <= 2 * blow and mr.WAND << 8 | mr.HEALING in acts:
            return mr.WAND << 8 | mr.HEALING
    return mr.NO_WAND << 8
