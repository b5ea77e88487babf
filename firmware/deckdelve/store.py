# Everything kept on flash: settings, high scores, achievements and saved runs. This module is
# the files and their checking, and the settings (read at every boot); the other kinds live in
# modules that load only for the call that needs them: scores.py (high scores, achievements),
# runs.py (saved runs), errorlog.py (the log of unexpected errors) and, at boot,
# campaigns.py (campaign slots: their snapshots and journals). Store's methods for
# them are the one way in, so that callers never load them themselves.
#
# One small file per purpose, each with a header that names its kind and version and carries
# the length and a checksum of the payload:
#
#     DECKDELVE <kind> <version> <payload length> <checksum>\n<payload>
#
# The primitives, for any kind of file (campaigns.py builds on them too):
#   write_checked(name, kind, version, parts)   writes the parts (bytes, or array("H") whose
#       items go little-endian) to "<name>.tmp", then renames it over name: a power cut
#       leaves the old file or the new one, never half of one (littlefs renames atomically),
#       and perhaps the .tmp, which the boot check (check_files) removes. On littlefs
#       (IN_PLACE) a caller may ask for in_place: a file that exists is rewritten in place,
#       which littlefs commits whole at the close or not at all.
#       Nothing is built whole: the checksum is a first pass over the parts.
#   open_checked(name, kind, version, limit)    opens name and checks all that can be checked
#       before the payload is read: it is a file, not above limit bytes (a bounded read: a
#       file bigger than RAM is never read), its header is of this kind and of a version this
#       firmware reads; returns (file, version, length, checksum) at the payload.
#   read_checked / read_json                    the whole payload (checked), or its JSON.
#   set_aside(name, why, what, along)           an unreadable file is renamed aside to
#       "<name>.bad<N>", never deleted nor overwritten, and a notice says so; defaults are used.
#       The files that belong with it (along: a campaign snapshot's journal) go with it, to
#       "<their name>.bad<N>" with the same N.
#
# A file from a newer firmware (a higher version) is refused with a notice and left as it is:
# no write replaces it (write_checked looks at the version on flash first), so going back to
# the newer firmware finds it again. A failed write (flash full, out of memory) leaves the
# old file and adds a notice saying what was not kept. A MemoryError while reading is a
# notice too, and the file stays where it is. Notices are texts for the player, which the app
# shows at once (see App.show_notices).
import json
import os
import sys

SETTINGS_VERSION = 1
SMALL_LIMIT = 4096  # bytes a settings, scores or achievements file may hold
HEAD_LIMIT = 64  # bytes of a header line
ENOSPC = 28

# "last": the option each game was last started with, "key=index,...", the game last started
# last (menus.py); "seen": the how-tos already shown, "*" for the collection's and each
# game's key (menus.py).
# "pending": a top score whose initials are not yet entered, kept across a power cut
# (results.GameOver): [title, table, score, summary, won, label, detail, headline, the
# initials as far as entered or "", the cursor], or [] when there is none.
DEFAULT_SETTINGS = {"sound": True, "idle_s": 60, "contrast": 255, "initials": "AAA",
                    "last": "", "seen": "", "pending": []}
PENDING_TYPES = (str, str, int, str, bool, str, str, str, str, int)
INITIALS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "  # what the initials screen offers

# What a file holds, for the player's notices.
WHAT = {"settings.dat": "the settings", "scores.dat": "the high scores",
        "achieve.dat": "the achievements"}

# Whether write_checked(..., in_place=True) rewrites a file that exists in place: on littlefs,
# the Pico's filesystem (the rp2 port's VfsLfs2), a file written in place is committed whole
# at its close or not at all (copy-on-write: the truncation and the new bytes stay in RAM until
# the close commits them in one metadata commit, and a file whose write failed is never
# committed). The .tmp and the rename take three commits there, two of them carrying the data
# (littlefs's rename copies an inline file's bytes): for The Four's save after every action,
# most of its flash erases (tools/pico/pico_flash.py). Not elsewhere (the host's files are not
# committed whole); tests of real littlefs set it.
IN_PLACE = sys.platform == "rp2"

# The rename that commits a write. A module-level name so that a test can make it fail
# (MicroPython's os module cannot be patched).
rename = os.rename


def checksum(data, a=1, b=0):
    """Adler-32 of bytes, kept in small ints (both halves < 65521); a and b continue an
    earlier sum (see _sum)."""
    for byte in data:
        a = (a + byte) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def _sum(parts):
    """(length, Adler-32) of parts: bytes-like, or array("H") counted as its little-endian
    bytes (what write_checked writes)."""
    a = 1
    b = 0
    n = 0
    for part in parts:
        if isinstance(part, (bytes, bytearray)):
            for byte in part:
                a = (a + byte) % 65521
                b = (b + a) % 65521
            n += len(part)
        else:
            for v in part:
                a = (a + (v & 255)) % 65521
                b = (b + a) % 65521
                a = (a + (v >> 8)) % 65521
                b = (b + a) % 65521
            n += 2 * len(part)
    return n, (b << 16) | a


def _part(name):
    """A part of the store (scores.py, runs.py, errorlog.py) for one call: it leaves
    sys.modules at once, so its RAM goes as soon as the call returns (the store itself stays
    until the app forgets it, as a game starts)."""
    import sys

    full = "deckdelve." + name
    module = __import__(full, None, None, ("x",))
    del sys.modules[full]
    try:
        delattr(sys.modules["deckdelve"], name)
    except (AttributeError, KeyError, TypeError):
        pass
    return module


def _stat(path):
    """(is a folder, size) or None when nothing is there."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st[0] & 0x4000) != 0, st[6]


def _taken(store, name, along, n):
    """Is .bad<n> taken for name or for any of along (see Store.set_aside)?"""
    for other in (name,) + tuple(along):
        if _stat(store.path("%s.bad%d" % (other, n))) is not None:
            return True
    return False


def _join(a, b):
    return b if not a else a + "/" + b


def _errno_text(e):
    if isinstance(e, MemoryError):
        return "out of memory"
    code = e.args[0] if e.args else 0
    return "flash full" if code == ENOSPC else "flash error %s" % code


def campaign_prefix(key):
    """How the names of a game's campaign files begin (campaigns.py names them; the boot
    check looks for them here without loading that module)."""
    return "camp_%s_" % key


class Store:
    NOT_KEPT = -2  # add_score: the score made the table but could not be written

    def __init__(self, root, notices=None):
        self.root = root.rstrip("/") if root != "/" else ""
        # Texts for the player, shown by the app and then cleared; the app passes its own
        # list so that every Store it makes reports to the same place.
        self.notices = [] if notices is None else notices
        self.writable = True
        if self.root:
            st = _stat(self.root)
            if st is None:
                try:
                    os.mkdir(self.root)
                except OSError:
                    self.writable = False
            elif not st[0]:
                self.writable = False

    def path(self, name):
        return _join(self.root, name)

    def note(self, text):
        if text not in self.notices:  # the same trouble twice is one notice
            self.notices.append(text)

    # -- reading -----------------------------------------------------------------------------
    def open_checked(self, name, kind, version, limit):
        """Open a file and check it up to its payload (see the top of this file). Returns
        (file, version, payload length, checksum), the file at the payload (the caller closes
        it), or None: missing (no notice), set aside or refused (with a notice)."""
        path = self.path(name)
        st = _stat(path)
        if st is None:
            return None
        if st[0]:
            self.set_aside(name, "a folder, not a file")
            return None
        if st[1] > limit:
            self.set_aside(name, "too large: %d bytes" % st[1])
            return None
        why = None
        f = None
        try:
            f = open(path, "rb")
            line = f.readline(HEAD_LIMIT)
            head = line.decode().split(" ")
            if len(head) != 5 or head[0] != "DECKDELVE" or head[1] != kind:
                why = "not a %s file" % kind
            else:
                found = int(head[2])
                length = int(head[3])
                if found > version:
                    f.close()
                    self.note("%s is from a newer Deckdelve (version %d): not read, not "
                              "changed." % (name, found))
                    return None
                if found < 1:
                    why = "unknown version %d" % found
                elif length != st[1] - len(line):
                    why = "damaged (length)"
                else:
                    return f, found, length, int(head[4])
        except (ValueError, IndexError, UnicodeError):
            why = "damaged"
        except (OSError, MemoryError) as e:
            if f is not None:
                f.close()
            self.note("Could not read %s (%s); it is left as it is." % (name, _errno_text(e)))
            return None
        if f is not None:
            f.close()
        self.set_aside(name, why)
        return None

    def read_checked(self, name, kind, version, limit=SMALL_LIMIT):
        """(version, payload bytes) of a checked file, or None (see open_checked)."""
        opened = self.open_checked(name, kind, version, limit)
        if opened is None:
            return None
        f, found, length, expected = opened
        try:
            payload = f.read(length)
        except (OSError, MemoryError) as e:
            payload = None
            self.note("Could not read %s (%s); it is left as it is." % (name, _errno_text(e)))
        f.close()
        if payload is None:
            return None
        if len(payload) != length or checksum(payload) != expected:
            self.set_aside(name, "damaged (checksum)")
            return None
        return found, payload

    def read_json(self, name, kind, version, valid, limit=SMALL_LIMIT):
        """(version, value) of a checked JSON file whose value passes valid(value, version),
        or None: a file that fails is set aside."""
        got = self.read_checked(name, kind, version, limit)
        if got is None:
            return None
        try:
            value = json.loads(got[1])
        except ValueError:
            self.set_aside(name, "damaged (JSON)")
            return None
        except MemoryError:
            self.note("Could not read %s (out of memory); it is left as it is." % name)
            return None
        if not valid(value, got[0]):
            self.set_aside(name, "wrong contents")
            return None
        return got[0], value

    def set_aside(self, name, why, what=None, along=()):
        """Rename an unreadable file (or folder) to name.badN, the first N free for it and for
        each name in `along` (files that belong with it: a campaign's journal), which go with
        it, each to <its name>.badN; and say so. Returns the new name, or None if it could not
        be renamed."""
        n = 1
        while _taken(self, name, along, n):
            n += 1
        aside = "%s.bad%d" % (name, n)
        try:
            os.rename(self.path(name), self.path(aside))
        except OSError:
            aside = None
        what = what or WHAT.get(name, name)
        if not aside:
            self.note("%s is unreadable (%s) and could not be moved aside." % (name, why))
            return None
        moved = ""
        for other in along:
            if _stat(self.path(other)) is None:
                continue
            try:
                os.rename(self.path(other), self.path("%s.bad%d" % (other, n)))
                moved += "%s %s.bad%d" % (" and" if moved else ", with", other, n)
            except OSError:
                moved += " (%s could not be moved)" % other
        self.note(self.aside_notice(what, name, why, aside, moved))
        return aside

    def aside_notice(self, what, name, why, aside, moved):
        """The notice for a file set aside (a kind of file may say it in its own words)."""
        return "Could not use %s (%s: %s); the file is kept as %s%s." % (what, name, why,
                                                                         aside, moved)

    # -- writing -----------------------------------------------------------------------------
    def newer_on_flash(self, name, kind, version):
        """True when name holds a file of this kind from a newer firmware (never replaced)."""
        try:
            with open(self.path(name), "rb") as f:
                head = f.readline(HEAD_LIMIT).decode().split(" ")
            return len(head) == 5 and head[1] == kind and int(head[2]) > version
        except (OSError, ValueError, UnicodeError, MemoryError):
            return False

    def left_unread(self, name, kind, version, what):
        """After a read gave nothing: True (with a notice) when the file is still there, left
        as it is (newer, or not read for want of memory). A read-modify-write then stops, so
        that the file is not replaced by defaults plus one change."""
        if not self.is_file(name):
            return False
        if self.newer_on_flash(name, kind, version):
            self.note("Did not save %s: %s is from a newer Deckdelve." % (what, name))
        else:
            self.note("Did not save %s: %s could not be read." % (what, name))
        return True

    def write_checked(self, name, kind, version, parts, what=None, in_place=False):
        """Write parts (bytes-like, or array("H") written little-endian) as one checked file,
        atomically; True on success. On failure the old file is untouched and a notice
        says what was not kept. in_place (parts: bytes; see IN_PLACE): on littlefs, a file
        that exists is rewritten in place, in one write of bytes made beforehand."""
        what = what or WHAT.get(name, name)
        if not self.writable:
            self.note("Could not save %s: no data folder." % what)
            return False
        if self.newer_on_flash(name, kind, version):
            self.note("Did not save %s: %s is from a newer Deckdelve." % (what, name))
            return False
        tmp = self.path(name + ".tmp")
        try:
            length, total = _sum(parts)
            head = ("DECKDELVE %s %d %d %d\n" % (kind, version, length, total)).encode()
            if in_place and IN_PLACE and _stat(self.path(name)) is not None:
                for part in parts:
                    head += part
                with open(self.path(name), "wb") as f:
                    f.write(head)  # (one write: if it fails, the close commits nothing)
                return True
            with open(tmp, "wb") as f:
                f.write(head)
                for part in parts:
                    f.write(part)
            rename(tmp, self.path(name))
            return True
        except (OSError, MemoryError) as e:
            why = _errno_text(e)
        try:
            os.remove(tmp)
        except OSError:
            pass
        self.note("Could not save %s (%s); what was saved before is kept." % (what, why))
        return False

    def write_json(self, name, kind, version, value, what=None, in_place=False):
        try:
            payload = json.dumps(value).encode()
        except MemoryError:
            self.note("Could not save %s (out of memory); what was saved before is kept." %
                      (what or WHAT.get(name, name)))
            return False
        return self.write_checked(name, kind, version, (payload,), what, in_place)

    def remove(self, name):
        try:
            os.remove(self.path(name))
        except OSError:
            pass

    def sum_parts(self, parts):
        """(length, checksum) of parts as write_checked writes them."""
        return _sum(parts)

    def is_file(self, name):
        st = _stat(self.path(name))
        return st is not None and not st[0]

    def exists(self, name):
        """Is anything (a file or a folder) there?"""
        return _stat(self.path(name)) is not None

    # -- the error log ------------------------------------------------------------------------
    def append_log(self, text):
        """Append one error (a line) to the bounded error.log (errorlog.py); True if written."""
        return _part("errorlog").append(self, text)

    # -- settings -----------------------------------------------------------------------------
    def load_settings(self):
        settings = dict(DEFAULT_SETTINGS)
        got = self.read_json("settings.dat", "settings", SETTINGS_VERSION, valid_settings)
        if got is not None:
            settings.update(got[1])
        return settings

    def save_settings(self, settings):
        return self.write_json("settings.dat", "settings", SETTINGS_VERSION, settings)

    def check_files(self, keys):
        """At boot: read every file once, so that a damaged one is reported (and set aside)
        now and not when a game next needs it. keys: the games, for their saved runs."""
        if not self.writable:
            self.note("Cannot use the data folder %s: nothing will be saved." % self.root)
        try:
            names = os.listdir(self.root or "/")
        except OSError:
            names = ()
        # A power cut during a write leaves its "<name>.tmp" beside the good file (the rename
        # never came): nothing reads it, and no write is under way at boot, so it goes.
        for name in names:
            if name.endswith(".tmp"):
                self.remove(name)
        self.scores("")
        self.achievements("")
        _part("runs").counters(self)
        for key in keys:
            self.has_run(key, True)
        # Campaign slots (campaigns.py), only when the folder holds any: the module then
        # loads for this call alone.
        for key in keys:
            prefix = campaign_prefix(key)
            for name in names:
                if name.startswith(prefix):
                    _part("campaigns").check(self, key)
                    break

    # -- high scores and achievements (scores.py) ------------------------------------------
    def scores(self, table):
        """Top entries of a table, best first: a list of [score, initials, summary]."""
        return _part("scores").table(self, table)

    def qualifies(self, table, score):
        return _part("scores").qualifies(self, table, score)

    def add_score(self, table, score, initials, summary):
        """Insert an entry; returns its place (0-based), -1 if it did not make the table, or
        NOT_KEPT (-2) if it did but could not be written (a notice says why)."""
        return _part("scores").add(self, table, score, initials, summary)

    def achievements(self, key):
        return _part("scores").achievements(self, key)

    def add_achievements(self, key, mask):
        """Record earned achievements (a bit mask); returns the bits that are new."""
        return _part("scores").add_achievements(self, key, mask)

    # -- saved runs (runs.py) -----------------------------------------------------------------
    def run_name(self, key):
        return "run_%s.sav" % key

    def has_run(self, key, check=False):
        """Is there a saved run? check=True reads it through (checksum and all) first, and a
        bad one is set aside with a notice."""
        name = self.run_name(key)
        if check and _stat(self.path(name)) is not None:
            _part("runs").read(self, key, False)
        return self.is_file(name)

    def save_run(self, key, seed, options, log, screen=None):
        """Save a run in progress; log is an array("H") of actions; screen, if given, the
        (messages, view) to come back to (see runs.py). True if written."""
        return _part("runs").save(self, key, seed, options, log, screen)

    def read_run(self, key, screen=False):
        """A saved run as (seed, options, log array), or None. The caller replays it and then
        calls drop_run(): a run is continued once, never replayed from the same save.
        screen=True: (seed, options, log, screen), screen the saved (messages, view) or None."""
        return _part("runs").read(self, key, True, screen)

    def drop_run(self, key):
        """The run is continued or replaced: remove it, and never accept a copy of it again."""
        _part("runs").drop(self, key)


def valid_settings(value, version):
    """Every key one of ours with its type and range; a key missing (not yet saved) keeps
    its default."""
    if not isinstance(value, dict):
        return False
    for k in value:
        if k not in DEFAULT_SETTINGS or type(value[k]) is not type(DEFAULT_SETTINGS[k]):
            return False
    merged = dict(DEFAULT_SETTINGS)
    merged.update(value)
    value = merged
    initials = value["initials"]
    if len(initials) != 3:
        return False
    for c in initials:
        if c not in INITIALS:
            return False
    pending = value["pending"]
    if pending:
        if len(pending) != len(PENDING_TYPES):
            return False
        for i in range(len(pending)):
            if type(pending[i]) is not PENDING_TYPES[i]:
                return False
        if len(pending[8]) not in (0, 3) or not 0 <= pending[9] <= 2:
            return False
        for c in pending[8]:
            if c not in INITIALS:
                return False
    return 0 < value["idle_s"] <= 3600 and 0 <= value["contrast"] <= 255
