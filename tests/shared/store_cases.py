# Files for the store tests (MicroPython-clean): every kind of file the store keeps, a way to
# write a good one, a way to load it back as the app would, and every bad form of it
# (truncated, random, bad checksum, wrong shape or type in every field, older and newer
# versions, empty, a folder, bigger than RAM).
import os

from deckdelve.rng import Rng
from deckdelve.store import checksum


def checked(kind, version, payload):
    """The bytes of a file with a valid header and checksum around payload (bytes)."""
    return b"DECKDELVE %s %d %d %d\n" % (kind.encode(), version, len(payload),
                                         checksum(payload)) + payload


def put(path, data):
    with open(path, "wb") as f:
        f.write(data)


def get(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def huge(path, size):
    """A file of size bytes written in pieces (never whole in RAM)."""
    piece = b"x" * 1024
    with open(path, "wb") as f:
        for _ in range(size // 1024):
            f.write(piece)


# Each kind: (name, kind, version, write(store, n) -> writes content number n,
#             load(store) -> what the app would see, expected(n) -> what load gives after
#             content n was written on an empty folder,
#             default -> what load gives with no file); the wrong payloads of each kind
#             (JSON of the wrong shape, wrong types) are in store_shapes.py
def _settings_write(s, n):
    v = dict(DEFAULTS)
    v["idle_s"] = 15 + n
    v["initials"] = "AB" + "0123456789"[n % 10]
    return s.save_settings(v)


def _settings_load(s):
    v = s.load_settings()
    return v["idle_s"], v["initials"]


DEFAULTS = {"sound": True, "idle_s": 60, "contrast": 255, "initials": "AAA"}


def _scores_write(s, n):
    return s.add_score("g", 100 + n, "N%02d" % (n % 100), "S%d" % n) >= 0


def _scores_load(s):
    return [e[0] for e in s.scores("g")]


def _ach_write(s, n):
    return s.add_achievements("g", 1 << n) != 0 and not s.notices  # new, and written


def _ach_load(s):
    return s.achievements("g")


def _run_write(s, n):
    # Run n: n * 3 + 1 actions, each its index (so a half-new log would show).
    from array import array

    return s.save_run("g", 1000 + n, ("opt",), array("H", range(n * 3 + 1)))


def _run_load(s):
    got = s.read_run("g")
    return None if got is None else (got[0], got[1], list(got[2]))


def _camp_write(s, n):
    # Content n: the campaign in slot 0 after the action n (or started with n if the slot is
    # empty), saved as the game's host saves it after every action.
    from camp_game import CampGame
    from deckdelve.campaigns import Campaign

    c = Campaign(s.root, "g", 0, s.notices)
    g = c.load(CampGame)
    if g is None:
        return c.start(CampGame(n))
    g.act(n)
    return c.save(g)


def _camp_load(s):
    # What opening the slot gives: the game's state and the whole journal, newest first.
    from camp_game import CampGame
    from deckdelve.campaigns import Campaign, journal

    g = Campaign(s.root, "g", 0, s.notices).load(CampGame)
    return None if g is None else (g.n, journal(s.root, "g", 0, 0, 50))


KINDS = [
    ("settings.dat", "settings", 1, _settings_write, _settings_load, lambda n: (15 + n, "AB" +
     "0123456789"[n % 10]), (60, "AAA")),
    ("scores.dat", "scores", 1, _scores_write, _scores_load,
     lambda n: [100 + n], []),
    ("achieve.dat", "achievements", 1, _ach_write, _ach_load, lambda n: 1 << n, 0),
    ("run_g.sav", "run", 2, _run_write, _run_load,
     lambda n: (1000 + n, ("opt",), list(range(n * 3 + 1))), None),
    ("camp_g_0.sav", "campaign", 2, _camp_write, _camp_load,
     lambda n: (n, ["start %d" % n]), None),
]


def bad_files(name, kind, version, good, shapes, rng_seed=1):
    """(label, bytes) of every bad form of a file whose good bytes are `good`, one at a time
    (a generator: the forms are never all in RAM together)."""
    rng = Rng(rng_seed)
    body = good[good.index(b"\n") + 1:]
    yield "truncated", good[:len(good) // 2]
    yield "truncated payload", good[:-1]
    yield "random", bytes(rng.below(256) for _ in range(300))
    yield "random after a header", good[:good.index(b"\n") + 1] + bytes(
        rng.below(256) for _ in range(len(body)))
    yield "empty", b""
    yield "bad checksum", good[:-1] + bytes([good[-1] ^ 0x21])
    yield "other kind", checked("other", version, body)
    yield "version 0", checked(kind, 0, body)
    yield "header only", good[:good.index(b"\n") + 1]
    yield "bad header numbers", b"DECKDELVE %s %d x y\n{}" % (kind.encode(), version)
    i = 0
    for shape in shapes:
        yield "shape %d" % i, checked(kind, version, shape)
        i += 1


def remove_all(d):
    for f in os.listdir(d):
        p = d + "/" + f
        try:
            os.remove(p)
        except OSError:
            os.rmdir(p)
