# Everything kept on flash: settings, high scores, achievements and saved runs. This module is
# the settings (read at every boot) and the one way in to the other kinds, which live in
# modules that load only for the call that needs them: scores.py (high scores, achievements),
# runs.py (saved runs), errorlog.py (the log of unexpected errors) and, at boot,
# campaigns.py (campaign slots: their snapshots and journals). Store's methods for
# them are the one way in, so that callers never load them themselves.
#
# The primitives (files, their header and checksum, writing without a torn file, setting a bad
# one aside, notices) are files.py's Files, which Store extends; see there.
import os

from deckdelve.files import Files, _stat

SETTINGS_VERSION = 1

# "last": the option each game was last started with, "key=index,..." (menus.py); "seen":
# the how-tos already shown, "*" for the collection's and each game's key (menus.py).
DEFAULT_SETTINGS = {"sound": True, "idle_s": 60, "contrast": 255, "initials": "AAA",
                    "last": "", "seen": ""}
INITIALS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "  # what the initials screen offers


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


class Store(Files):
    NOT_KEPT = -2  # add_score: the score made the table but could not be written

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
        self.scores("")
        self.achievements("")
        _part("runs").counters(self)
        for key in keys:
            self.has_run(key, True)
        # Campaign slots (campaigns.py), only when the folder holds any: the module then
        # loads for this call alone.
        try:
            names = os.listdir(self.root or "/")
        except OSError:
            names = ()
        for key in keys:
            prefix = "camp_%s_" % key
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

    def save_run(self, key, seed, options, log):
        """Save a run in progress; log is an array("H") of actions. True if written."""
        return _part("runs").save(self, key, seed, options, log)

    def read_run(self, key):
        """A saved run as (seed, options, log array), or None. The caller replays it and then
        calls drop_run(): a run is continued once, never replayed from the same save."""
        return _part("runs").read(self, key, True)

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
    return 0 < value["idle_s"] <= 3600 and 0 <= value["contrast"] <= 255
