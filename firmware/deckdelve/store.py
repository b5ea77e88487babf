# Everything kept on flash: settings, high scores, achievements and saved runs. One small
# file per purpose, each with a header that names its kind and version and carries a
# checksum of the payload:
#
#     DECKDELVE <kind> <version> <payload length> <checksum>\n<payload: JSON>
#
# Writes go to "<name>.tmp" first and are renamed over the old file, so a power cut leaves
# either the old or the new file, never half of one (littlefs renames atomically). A file
# that cannot be read (bad header, checksum, JSON, or a version we do not know) is renamed
# aside to "<name>.bad<N>", never overwritten, and a notice says so; defaults are used.
# A full flash makes a write fail: the old file stays, the caller gets False and a notice.
import json
import os

SETTINGS_VERSION = 1
SCORES_VERSION = 1
ACHIEVEMENTS_VERSION = 1
RUN_VERSION = 1
TOP = 5  # entries in each high-score table

# "last": the option each game was last started with, "key=index,..." (menus.py); "seen":
# the how-tos already shown, "*" for the collection's and each game's key (menus.py).
DEFAULT_SETTINGS = {"sound": True, "idle_s": 60, "contrast": 255, "initials": "AAA",
                    "last": "", "seen": ""}


# The rename that commits a write. A module-level name so that the power-cut test can make it
# fail (MicroPython's os module cannot be patched).
rename = os.rename


def checksum(data):
    """Adler-32 of bytes, kept in small ints (both halves < 65521)."""
    a = 1
    b = 0
    for byte in data:
        a = (a + byte) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _join(a, b):
    return b if not a else a + "/" + b


class Store:
    def __init__(self, root, notices=None):
        self.root = root.rstrip("/") if root != "/" else ""
        # Texts for the player, shown by the app and then cleared; the app passes its own
        # list so that every Store it makes reports to the same place.
        self.notices = [] if notices is None else notices
        if self.root and not _exists(self.root):
            try:
                os.mkdir(self.root)
            except OSError:
                self.notices.append("Cannot create the data folder: nothing will be saved.")

    def path(self, name):
        return _join(self.root, name)

    # -- files ------------------------------------------------------------------------------
    def read(self, name, kind, version):
        """The payload of a file, or None when it is missing (no notice) or unreadable
        (set aside, with a notice)."""
        path = self.path(name)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            return None
        why = None
        value = None
        try:
            nl = data.index(b"\n")
            head = data[:nl].decode().split(" ")
            payload = data[nl + 1:]
            if len(head) != 5 or head[0] != "DECKDELVE" or head[1] != kind:
                why = "not a %s file" % kind
            elif int(head[2]) != version:
                why = "version %s, expected %d" % (head[2], version)
            elif int(head[3]) != len(payload) or int(head[4]) != checksum(payload):
                why = "damaged (checksum)"
            else:
                value = json.loads(payload)
        except (ValueError, IndexError, UnicodeError):
            why = "damaged"
        if why is None:
            return value
        aside = self.set_aside(name)
        self.notices.append("%s was unreadable (%s); kept as %s. Using defaults." %
                            (name, why, aside or "-"))
        return None

    def set_aside(self, name):
        """Rename an unreadable file to name.badN (first free N); returns the new name."""
        n = 1
        while _exists(self.path("%s.bad%d" % (name, n))):
            n += 1
        aside = "%s.bad%d" % (name, n)
        try:
            os.rename(self.path(name), self.path(aside))
        except OSError:
            return None
        return aside

    def write(self, name, kind, version, value):
        """Write atomically; True on success. On failure (flash full...) the old file is
        untouched and a notice explains."""
        payload = json.dumps(value).encode()
        head = "DECKDELVE %s %d %d %d\n" % (kind, version, len(payload), checksum(payload))
        tmp = self.path(name + ".tmp")
        try:
            with open(tmp, "wb") as f:
                f.write(head.encode())
                f.write(payload)
            rename(tmp, self.path(name))
            return True
        except OSError as e:
            try:
                os.remove(tmp)
            except OSError:
                pass
            self.notices.append("Could not save %s (%s): flash full? Old data kept." %
                                (name, _errno_text(e)))
            return False

    def remove(self, name):
        try:
            os.remove(self.path(name))
        except OSError:
            pass

    # -- settings -----------------------------------------------------------------------------
    def load_settings(self):
        settings = dict(DEFAULT_SETTINGS)
        value = self.read("settings.dat", "settings", SETTINGS_VERSION)
        if isinstance(value, dict):
            for k in DEFAULT_SETTINGS:
                if k in value and type(value[k]) is type(DEFAULT_SETTINGS[k]):
                    settings[k] = value[k]
        return settings

    def save_settings(self, settings):
        return self.write("settings.dat", "settings", SETTINGS_VERSION, settings)

    # -- high scores ------------------------------------------------------------------------
    def _scores(self):
        value = self.read("scores.dat", "scores", SCORES_VERSION)
        return value if isinstance(value, dict) else {}

    def scores(self, table):
        """Top entries of a table, best first: a list of [score, initials, summary]."""
        return self._scores().get(table, [])

    def qualifies(self, table, score):
        entries = self.scores(table)
        return len(entries) < TOP or score > entries[-1][0]

    def add_score(self, table, score, initials, summary):
        """Insert an entry; returns its place (0-based) or -1 if it did not make the table."""
        all_tables = self._scores()
        entries = all_tables.get(table, [])
        place = len(entries)
        for i in range(len(entries)):
            if score > entries[i][0]:
                place = i
                break
        if place >= TOP:
            return -1
        entries.insert(place, [score, initials, summary])
        all_tables[table] = entries[:TOP]
        self.write("scores.dat", "scores", SCORES_VERSION, all_tables)
        return place

    # -- achievements -----------------------------------------------------------------------
    def achievements(self, key):
        value = self.read("achieve.dat", "achievements", ACHIEVEMENTS_VERSION)
        return value.get(key, 0) if isinstance(value, dict) else 0

    def add_achievements(self, key, mask):
        """Record earned achievements (a bit mask); returns the bits that are new."""
        value = self.read("achieve.dat", "achievements", ACHIEVEMENTS_VERSION)
        if not isinstance(value, dict):
            value = {}
        old = value.get(key, 0)
        new = mask & ~old
        if new:
            value[key] = old | mask
            self.write("achieve.dat", "achievements", ACHIEVEMENTS_VERSION, value)
        return new

    # -- saved runs: seed + options + action log (see game.py) -----------------------------
    def run_name(self, key):
        return "run_%s.sav" % key

    def has_run(self, key):
        return _exists(self.path(self.run_name(key)))

    def save_run(self, key, seed, options, log):
        """Save a run in progress; log is an iterable of action ints (< 2**16)."""
        hexlog = "".join("%04x" % a for a in log)
        return self.write(self.run_name(key), "run", RUN_VERSION,
                          {"key": key, "seed": seed, "options": list(options), "log": hexlog})

    def read_run(self, key):
        """A saved run as (seed, options, log array), or None. The caller replays it and then
        calls drop_run(): a run is continued once, never replayed from the same save."""
        from array import array

        name = self.run_name(key)
        value = self.read(name, "run", RUN_VERSION)
        if not isinstance(value, dict):
            return None
        try:
            hexlog = value["log"]
            log = array("H")
            for i in range(0, len(hexlog), 4):
                log.append(int(hexlog[i:i + 4], 16))
            result = (int(value["seed"]), tuple(value["options"]), log)
        except (KeyError, ValueError, TypeError):
            self.set_aside(name)
            self.notices.append("The saved run was damaged; kept aside.")
            return None
        return result

    def drop_run(self, key):
        self.remove(self.run_name(key))


def _errno_text(e):
    code = e.args[0] if e.args else 0
    return "no space" if code == 28 else "error %s" % code
