# Saved runs on flash (loaded by store.Store when asked for, see store.py). A run is its seed,
# options and action log (see game.py), one file a game, "run_<key>.sav":
#
#   version 2   payload = meta + log: a JSON line {"key", "seed", "options", "n", "serial"
#               [, "screen": [messages, view]]} then n actions as little-endian 16-bit words.
#               "screen" (issue 33: a stop keeps the very screen) is what the log cannot
#               rebuild: the messages still to read and the scene's view (its cursor, as
#               small ints); an older firmware ignores it. Written straight from the
#               host's array("H") and read straight into one (readinto), so a save costs no
#               RAM in proportion to the run and a load only the log array itself.
#   version 1   (older firmware) payload = JSON {"key", "seed", "options", "log": hex text};
#               still read (migrated on load), never written.
#
# No save-scumming: a run is continued once. Every save carries a serial number; runs.dat
# keeps, per game, the last serial issued and the last one used up (continued, or dropped
# when a game starts). A save whose serial was used up (a copy of the file put back) is
# refused and set aside. (Both files would have to be put back to cheat; that takes a
# computer, not the handheld's buttons.)
# The log is written and read in the machine's byte order, little-endian on the Pico and on a
# PC; a big-endian host would need a byte swap here.
import json
from array import array

RUN_VERSION = 2
MAX_ACTIONS = 16000  # longer than any game allows; bounds a file and its read
META_LIMIT = 1024  # bytes of the meta line (a few messages: see save)
RUN_LIMIT = 64 + META_LIMIT + 2 * MAX_ACTIONS
V1_LIMIT = 8192  # the old format is read whole (JSON): only as big as it ever was
COUNTERS = "runs.dat"
SMALL = 1 << 30


def counters(store):
    """The counters, or None when runs.dat is there but was left unread (newer, no RAM)."""
    got = store.read_json(COUNTERS, "runs", 1, _valid_counters)
    if got is not None:
        return got[1]
    return None if store.is_file(COUNTERS) else {}


def _valid_counters(value, version):
    if not isinstance(value, dict):
        return False
    for key in value:
        pair = value[key]
        if type(pair) is not list or len(pair) != 2:
            return False
        for n in pair:
            if type(n) is not int or not 0 <= n < SMALL:
                return False
    return True


def save(store, key, seed, options, log, screen=None):
    """screen: (messages, view) to come back to, or None. Messages that do not fit the meta
    line are left out, the last first (the first is the one on the screen)."""
    if not isinstance(log, array):
        log = array("H", log)
    if len(log) > MAX_ACTIONS:
        store.note("Could not save the run: longer than %d actions." % MAX_ACTIONS)
        return False
    table = counters(store)
    if table is None:
        store.left_unread(COUNTERS, "runs", 1, "the run")
        return False
    issued, used = table.get(key, [0, 0])
    serial = max(issued, used) + 1
    table[key] = [serial, used]
    # The serial is issued before the run is written: a cut between the two wastes a number.
    if not store.write_json(COUNTERS, "runs", 1, table, "the run"):
        return False
    fields = {"key": key, "seed": seed, "options": list(options), "n": len(log),
              "serial": serial}
    meta = json.dumps(fields).encode() + b"\n"
    if screen is not None:
        messages = list(screen[0])
        while True:
            fields["screen"] = [messages, list(screen[1])]
            line = json.dumps(fields).encode() + b"\n"
            if len(line) <= META_LIMIT or not messages:
                break
            messages.pop()
        if len(line) <= META_LIMIT:
            meta = line
    return store.write_checked(store.run_name(key), "run", RUN_VERSION, (meta, log), "the run")


def drop(store, key):
    """The run is gone (continued, or replaced by a new game): its serial is used up, so a
    copy of it put back is refused. The file goes first: a cut between the two leaves no
    run to scum."""
    store.remove(store.run_name(key))
    table = counters(store)
    if table is None:
        return
    issued, used = table.get(key, [0, 0])
    if used < issued:
        table[key] = [issued, issued]
        store.write_json(COUNTERS, "runs", 1, table, "the run")


def read(store, key, keep, screen=False):
    """(seed, options, log) of a saved run, or None (missing, set aside, left alone: with a
    notice). keep=False only checks the file (checksum and all) without building the log.
    screen=True: (seed, options, log, screen), screen the (messages, view) saved or None."""
    name = store.run_name(key)
    opened = store.open_checked(name, "run", RUN_VERSION, RUN_LIMIT)
    if opened is None:
        return None
    f, version, length, expected = opened
    try:
        if version == 1:
            got = _read_v1(store, f, length, expected, key)
        else:
            got = _read_v2(store, f, length, expected, key, keep)
    except (OSError, MemoryError) as e:
        f.close()
        store.note("Could not read the saved run (%s); it is left as it is." %
                   ("out of memory" if isinstance(e, MemoryError) else "flash error"))
        return None
    f.close()
    if isinstance(got, str):
        store.set_aside(name, got, "the saved run")
        return None
    serial = got[3]
    table = counters(store)
    if table is None:
        store.note("The saved run was not read: %s could not be read." % COUNTERS)
        return None
    if serial and serial <= table.get(key, [0, 0])[1]:
        store.set_aside(name, "already continued once", "the saved run")
        return None
    if screen:
        return got[0], got[1], got[2], got[4]
    return got[0], got[1], got[2]


def _valid_screen(value):
    """A saved screen: [messages (str), view (small ints)], else None (it is left out)."""
    if type(value) is not list or len(value) != 2 or type(value[0]) is not list or \
            type(value[1]) is not list or len(value[1]) > 16:
        return None
    for m in value[0]:
        if type(m) is not str:
            return None
    for v in value[1]:
        if type(v) is not int or not 0 <= v < SMALL:
            return None
    return value[0], tuple(value[1])


def _valid_meta(meta, key):
    if not isinstance(meta, dict) or meta.get("key") != key:
        return False
    seed = meta.get("seed")
    options = meta.get("options")
    if type(seed) is not int or not 0 <= seed < SMALL or type(options) is not list:
        return False
    if len(options) > 8:
        return False
    for o in options:
        if type(o) is not str or len(o) > 16:
            return False
    return True


def _read_v2(store, f, length, expected, key, keep):
    line = f.readline(META_LIMIT)
    if not line.endswith(b"\n"):
        return "damaged"
    try:
        meta = json.loads(line)
    except ValueError:
        return "damaged (JSON)"
    if not _valid_meta(meta, key):
        return "wrong contents"
    n = meta.get("n")
    serial = meta.get("serial")
    if type(n) is not int or not 0 <= n <= MAX_ACTIONS or length != len(line) + 2 * n:
        return "damaged (length)"
    if type(serial) is not int or not 0 < serial < SMALL:
        return "wrong contents"
    if keep:
        log = array("H", range(n))
        if f.readinto(log) != 2 * n:
            return "damaged (length)"
        got = store.sum_parts((line, log))
    else:
        log = None
        got = store.sum_parts(_chunks(f, line, 2 * n))
    if got[1] != expected:
        return "damaged (checksum)"
    return meta["seed"], tuple(meta["options"]), log, serial, _valid_screen(meta.get("screen"))


def _chunks(f, first, n):
    """first, then the next n bytes of f in 64-byte pieces (one buffer, reused)."""
    yield first
    buf = bytearray(64)
    while n > 0:
        k = f.readinto(buf)
        if not k:
            return
        k = min(k, n)
        yield buf if k == 64 else buf[:k]
        n -= k


def _read_v1(store, f, length, expected, key):
    if length > V1_LIMIT:
        return "too large"
    payload = f.read(length)
    if len(payload) != length or store.sum_parts((payload,))[1] != expected:
        return "damaged (checksum)"
    try:
        value = json.loads(payload)
    except ValueError:
        return "damaged (JSON)"
    if not _valid_meta(value, key) or type(value.get("log")) is not str:
        return "wrong contents"
    hexlog = value["log"]
    if len(hexlog) % 4:
        return "wrong contents"
    log = array("H", range(len(hexlog) // 4))
    try:
        for i in range(len(log)):
            log[i] = int(hexlog[4 * i:4 * i + 4], 16)
    except ValueError:
        return "wrong contents"
    return value["seed"], tuple(value["options"]), log, 0, None
