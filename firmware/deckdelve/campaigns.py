# Campaign slots on flash, for a game that offers snapshot() / Game.restore() (The Four): the
# whole state after every action, and a journal of plain-text lines that never fills the flash.
#
# Files in the data folder, per game key and slot (0..SLOTS-1):
#   camp_<key>_<slot>.sav     the snapshot, written through Store.write (header, checksum,
#                             write-then-rename: a power cut leaves the old file or the new
#                             one). Its JSON: label (the slot list's text), snap (the snapshot,
#                             hex), jgen and jsize (where the journal stood before this save's
#                             lines), lines (this save's journal lines, "\n"-terminated).
#   camp_<key>_<slot>.j0/.j1  the journal: two files of at most JOURNAL_MAX bytes, each
#                             starting "#<generation>\n". Lines go to the newer one; when it is
#                             full the older is started afresh (its lines roll off), so a
#                             campaign of any length holds 2 * JOURNAL_MAX bytes at most.
#
# Why a power cut at any write point is safe (tests/shared/mp_test_the_four_campaign.py cuts
# every one): a save writes the snapshot first, then appends the lines to the journal.
#   - Cut before the snapshot's rename: the old snapshot stays, and the journal has not been
#     touched: the campaign loads to the state before the action, the journal agrees.
#   - Cut after it: the campaign loads to the state after the action. Its lines are in the
#     snapshot; opening the campaign compares the journal with where the snapshot says it
#     stood before them (jgen, jsize) and appends whatever of them is missing.
# So the journal never shows an action the snapshot lacks (it is written only after the
# snapshot), and never loses a line (the last save's lines are in the snapshot until the next
# save has written them). Loading never consumes or deletes a campaign.
import os
from binascii import hexlify, unhexlify

from deckdelve.store import Store

SLOTS = 3
JOURNAL_MAX = 16384  # bytes per journal file (two per campaign); tests make it smaller
VERSION = 1
KIND = "campaign"
SNAPSHOT_LIMIT = 16384  # bytes a slot file may hold (a snapshot of ~270 hex digits and the
# journal lines of the saves whose lines are not yet in the journal)
_CHUNK = 128  # the journal is read backwards this many bytes at a time


def _name(key, slot):
    return "camp_%s_%d.sav" % (key, slot)


def _journal_name(key, slot, gen):
    return "camp_%s_%d.j%d" % (key, slot, gen % 2)


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return -1


def _generation(path):
    """The generation in a journal file's first line, or -1 (missing, empty, damaged)."""
    try:
        with open(path, "rb") as f:
            head = f.read(12)
    except OSError:
        return -1
    nl = head.find(b"\n")
    if nl < 2 or head[0:1] != b"#":
        return -1
    try:
        return int(head[1:nl])
    except ValueError:
        return -1


def _header(gen):
    return ("#%d\n" % gen).encode()


def _after(gen, size, n):
    """Where the journal stands after n more bytes are appended at (gen, size)."""
    if size == 0:
        return gen, len(_header(gen)) + n
    if size + n > JOURNAL_MAX:
        gen += 1
        return gen, len(_header(gen)) + n
    return gen, size + n


def _store(root, notices):
    return Store(root, notices)


def _is_snapshot(value, _version):
    return isinstance(value, dict)


def _read(store, name):
    """The slot file's value (a dict), or None: missing, or unreadable and set aside with a
    notice by the store's checked read."""
    got = store.read_json(name, KIND, VERSION, _is_snapshot, SNAPSHOT_LIMIT)
    return None if got is None else got[1]


def slots(root, key):
    """The slot list: for each slot None (empty) or its label. Reads the small snapshot files
    only, never a journal."""
    store = _store(root, None)
    out = []
    for slot in range(SLOTS):
        value = _read(store, _name(key, slot))
        out.append(value.get("label", "?") if value is not None else None)
    return out


def delete(root, key, slot):
    """Delete a campaign and its journal (the menu asks for a confirmation first)."""
    store = _store(root, None)
    store.remove(_name(key, slot))
    for gen in (0, 1):
        store.remove(_journal_name(key, slot, gen))


class Campaign:
    """One slot of one game, open while the game runs: load() or start(), then save() after
    every action."""

    def __init__(self, root, key, slot, notices=None):
        self.store = _store(root, notices)
        self.key = key
        self.slot = slot
        self.name = _name(key, slot)
        self.gen = 0  # where the journal stands: its newest file's generation and size
        self.size = 0
        self.unwritten = ""  # journal lines in the snapshot but not yet in the journal

    def _journal_path(self, gen):
        return self.store.path(_journal_name(self.key, self.slot, gen))

    def _find_journal(self):
        """Set gen and size from the journal files on flash (the newer valid one)."""
        self.gen = 0
        self.size = 0
        for i in (0, 1):
            path = self._journal_path(i)
            g = _generation(path)
            if g >= 0 and g % 2 == i and (self.size == 0 or g > self.gen):
                self.gen = g
                self.size = _size(path)

    def load(self, game_class):
        """The saved game, or None (empty slot, or unreadable: set aside with a notice). The
        journal is first brought up to date with the snapshot's lines (see the top)."""
        value = _read(self.store, self.name)
        if value is None:
            return None
        try:
            game = game_class.restore(unhexlify(value["snap"]))
            gen = int(value["jgen"])
            size = int(value["jsize"])
            lines = value["lines"]
        except (KeyError, ValueError, TypeError):  # binascii.Error is a ValueError
            self.store.set_aside(self.name, "damaged", "campaign %d" % (self.slot + 1))
            return None
        self._find_journal()
        self._recover(gen, size, lines)
        return game

    def _recover(self, gen, size, lines):
        """Append what the journal lacks of the last save's lines."""
        data = lines.encode()
        if not data:
            return
        end_gen, end_size = _after(gen, size, len(data))
        if (self.gen, self.size) == (gen, size):
            missing = len(data)  # the cut came before the journal was touched
        elif self.gen == end_gen and self.size < end_size and (
                self.gen != gen or self.size > size):
            missing = end_size - self.size  # a part of them was written
        else:
            return  # all there (or a journal we cannot match: leave it as it is)
        self.unwritten = lines[len(lines) - missing:] if missing < len(data) else lines
        self._append()

    def start(self, game):
        """A new campaign in this slot (its old journal goes): saved at once."""
        for gen in (0, 1):
            self.store.remove(_journal_name(self.key, self.slot, gen))
        self.gen = 0
        self.size = 0
        self.unwritten = ""
        return self.save(game)

    def save(self, game):
        """After an action: the snapshot (atomically), then the journal. False (and a notice
        from the store) if the snapshot could not be written; the next save tries again, with
        these journal lines too."""
        for line in game.journal_lines():
            self.unwritten += line + "\n"
        value = {"label": game.slot_label(), "snap": hexlify(game.snapshot()).decode(),
                 "jgen": self.gen, "jsize": self.size, "lines": self.unwritten}
        if not self.store.write_json(self.name, KIND, VERSION, value,
                                     "campaign %d" % (self.slot + 1)):
            return False
        self._append()
        return True

    def _append(self):
        """Append the unwritten lines to the journal (starting the other file when full)."""
        data = self.unwritten.encode()
        if not data:
            return
        gen, size = _after(self.gen, self.size, len(data))
        try:
            if gen != self.gen or self.size == 0:
                with open(self._journal_path(gen), "wb") as f:
                    f.write(_header(gen))
                    f.write(data)
            else:
                with open(self._journal_path(gen), "ab") as f:
                    f.write(data)
        except OSError:
            # Kept in unwritten: the next save's snapshot carries them, and writes them.
            self._find_journal()
            return
        self.gen = gen
        self.size = size
        self.unwritten = ""


def journal(root, key, slot, skip, n):
    """Up to n journal lines, newest first, after skipping the skip newest. Reads backwards
    from the end of the newer file, then the older, _CHUNK bytes at a time: never a whole
    file."""
    c = Campaign(root, key, slot)
    c._find_journal()
    out = []
    if c.size <= 0:
        return out
    for gen in (c.gen, c.gen - 1):
        path = c._journal_path(gen)
        if gen < 0 or _generation(path) != gen:
            break
        skip = _read_backwards(path, skip, n, out)
        if len(out) >= n:
            break
    return out


def _read_backwards(path, skip, n, out):
    """Append to out the lines of a journal file, last first (its header line left out),
    after skipping skip of them, until out holds n. Returns the skips left."""
    size = _size(path)
    with open(path, "rb") as f:
        start = len(f.readline())
        pos = size
        tail = b""
        while pos > start:
            step = min(_CHUNK, pos - start)
            pos -= step
            f.seek(pos)
            parts = (f.read(step) + tail).split(b"\n")
            tail = parts[0]
            for i in range(len(parts) - 1, 0, -1):
                if not parts[i]:
                    continue
                if skip:
                    skip -= 1
                    continue
                out.append(parts[i].decode())
                if len(out) >= n:
                    return 0
        if tail:
            if skip:
                return skip - 1
            out.append(tail.decode())
    return skip
