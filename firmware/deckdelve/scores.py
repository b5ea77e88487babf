# High scores and achievements on flash (loaded by store.Store when asked for, see store.py).
#
#   scores.dat   {table: [[score, initials, summary], ...]}, at most TOP entries a table,
#                best first; a table is a game key, with its options after a "/"
#   achieve.dat  {game key: bit mask of the achievements earned}
#
# Each file is checked whole when read: the JSON of the wrong shape or with a value of the
# wrong type anywhere is a damaged file, set aside with a notice (the screens that show these
# values can then trust every one of them).

TOP = 5  # entries in each high-score table
NOT_KEPT = -2  # Store.NOT_KEPT
SCORES_VERSION = 1
ACHIEVEMENTS_VERSION = 1
SMALL = 1 << 30  # scores and masks are small ints on the Pico
SUMMARY_MAX = 16  # characters of a summary ("WIN 212", "R7"): it fits beside the score


def valid_scores(value, version):
    if not isinstance(value, dict):
        return False
    for table in value:
        entries = value[table]
        if type(table) is not str or type(entries) is not list or len(entries) > TOP:
            return False
        last = SMALL
        for e in entries:
            if type(e) is not list or len(e) != 3:
                return False
            score, initials, summary = e
            if type(score) is not int or not -SMALL < score <= last:
                return False
            if type(initials) is not str or len(initials) != 3:
                return False
            if type(summary) is not str or len(summary) > SUMMARY_MAX:
                return False
            last = score
    return True


def valid_achievements(value, version):
    if not isinstance(value, dict):
        return False
    for key in value:
        mask = value[key]
        if type(key) is not str or type(mask) is not int or not 0 <= mask < SMALL:
            return False
    return True


def _all_scores(store):
    got = store.read_json("scores.dat", "scores", SCORES_VERSION, valid_scores)
    return None if got is None else got[1]


def table(store, name):
    tables = _all_scores(store)
    return (tables or {}).get(name, [])


def qualifies(store, name, score):
    """Does score make the table? A score of 0 never does: there is nothing to keep (a run
    that died before its first point asked for initials)."""
    if score <= 0:
        return False
    entries = table(store, name)
    return len(entries) < TOP or score > entries[-1][0]


def add(store, name, score, initials, summary):
    tables = _all_scores(store)
    if tables is None:
        if store.left_unread("scores.dat", "scores", SCORES_VERSION, "your score"):
            return NOT_KEPT
        tables = {}
    entries = tables.get(name, [])
    place = len(entries)
    for i in range(len(entries)):
        if score > entries[i][0]:
            place = i
            break
    if place >= TOP:
        return -1
    entries.insert(place, [score, initials, summary[:SUMMARY_MAX]])
    tables[name] = entries[:TOP]
    if not store.write_json("scores.dat", "scores", SCORES_VERSION, tables, "your score"):
        return NOT_KEPT
    return place


def _all_achievements(store):
    got = store.read_json("achieve.dat", "achievements", ACHIEVEMENTS_VERSION,
                          valid_achievements)
    return None if got is None else got[1]


def achievements(store, key):
    return (_all_achievements(store) or {}).get(key, 0)


def add_achievements(store, key, mask):
    value = _all_achievements(store)
    if value is None:
        if store.left_unread("achieve.dat", "achievements", ACHIEVEMENTS_VERSION,
                             "the new achievements"):
            return mask
        value = {}
    old = value.get(key, 0)
    new = mask & ~old
    if new:
        value[key] = old | mask
        store.write_json("achieve.dat", "achievements", ACHIEVEMENTS_VERSION, value,
                         "the new achievements")
    return new
