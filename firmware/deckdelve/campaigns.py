# Campaign slots on flash, for a game that offers snapshot() / Game.restore() (The Four): the
# whole state after every action, and a journal of plain-text lines that never fills the flash.
#
# Files in the data folder, per game key and slot (0..SLOTS-1):
#   camp_<key>_<slot>.sav     the snapshot, written through Store.write_checked (header,
#                             checksum; in place on littlefs, else write-then-rename: a power
#                             cut leaves the old file or the new one). Its JSON: label (the slot
#                             list's text), snap (the snapshot, hex), jgen and jsize (where the
#                             journal stood before this save's lines), lines (this save's
#                             journal lines, "\n"-terminated, then the line in progress,
#                             unterminated: see Journal lines); and from version 2 the screen it
#                             was left on: messages (the texts still waiting to be read, in
#                             order), view (the scene's own small ints: its page, list and
#                             cursor, see Scene.view), scored (the story has ended and its score
#                             has been to the score table, so reopening it to read does not
#                             score it twice). A version 1 file (older firmware) loads as the
#                             main screen with no message.
#   camp_<key>_<slot>.j0/.j1  the journal: two files of at most JOURNAL_MAX bytes, each
#                             starting "#<generation>\n". Lines go to the newer one; when it is
#                             full the older is started afresh (its lines roll off), so a
#                             campaign of any length holds 2 * JOURNAL_MAX bytes at most.
#
# Journal lines: game.journal_lines() gives, after each action, whole lines and the parts of
# a line that takes several actions (The Four's Turn: its flip, the card kept, Spark spent,
# its result): a part beginning with "+" is added to the line in progress, one beginning with
# "=" ends it, and the line is then written; a whole line is written at once (before the line
# in progress). The line in progress is kept in the slot's file with the lines not yet
# written, so a stop in the middle of a Turn loses none of it.
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
#
# What a save costs on the Pico's flash (littlefs; tools/pico/pico_flash.py measures it): the slot
# file is rewritten in place (Store.IN_PLACE: littlefs commits it whole at the close or not at
# all, so a cut still leaves the old snapshot or the new one), one metadata commit where a
# .tmp and a rename took three, two of them carrying the ~480 bytes; written without spaces
# between JSON items, to stay under littlefs's 512-byte inline limit. An erase comes when the
# folder's metadata block is full and littlefs compacts it, and at every journal append
# (littlefs copies a file's last, part-filled block to append to it).
#
# Damaged files (tests/shared/test_store_bad_files.py, test_campaign_damage.py). The snapshot
# is the campaign: it is checked like every store file (header, version, checksum) and then
# field by field (_is_snapshot) and by the game's restore(); one that fails is set aside
# (kept as .badN, with a notice), its journal with it (.j0.badN, .j1.badN: the same N), and the
# slot shows empty, saying where the old one went (kept()). Nothing of a story is deleted but
# by the player's DELETE: a new campaign in the slot never removes a journal (one left
# without its campaign is set aside too). The journal is only its history,
# plain text without a checksum, so a damaged journal never costs the campaign: a journal file
# that is a folder, too large, or has no valid "#<generation>" first line is set aside with a
# notice and a new one is started; bytes that are not text show as "?" in the journal view,
# a line longer than LINE_MAX shows its end, a line cut short is ended. What loads is the
# snapshot, whole, and every journal line still readable. Store.check_files runs check() at
# boot, so the notice comes then. A snapshot that could not be read (out of memory) or is
# from a newer firmware is left as it is: the slot is not started afresh over it (start()
# refuses, and so do saves).
import json
import os
from binascii import hexlify, unhexlify

from deckdelve.store import Store, campaign_prefix

SLOTS = 3
JOURNAL_MAX = 16384  # bytes per journal file (two per campaign); tests make it smaller
VERSION = 2
KIND = "campaign"
SNAPSHOT_LIMIT = 16384  # bytes a slot file may hold (a snapshot of ~270 hex digits and the
# journal lines of the saves whose lines are not yet in the journal)
_CHUNK = 128  # the journal is read backwards this many bytes at a time
LINE_MAX = 400  # bytes of one journal line kept for the view (a damaged file may have none;
# The Four's longest, a Turn with every Spark spent on it and its detail, is about 330)
SNAPSHOT_KEYS = ("label", "snap", "jgen", "jsize", "lines")  # version 1
SCREEN_KEYS = ("messages", "view", "scored")  # and these from version 2
MESSAGES_MAX = 16  # messages kept (one action's are a handful)
MESSAGE_MAX = 400  # characters of one
VIEW_MAX = 16  # ints of a view
NEWER = "made by a newer Deckdelve"  # slots(): the slot's campaign, from a newer firmware


def _name(key, slot):
    return "%s%d.sav" % (campaign_prefix(key), slot)


def _journal_name(key, slot, gen):
    return "%s%d.j%d" % (campaign_prefix(key), slot, gen % 2)


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return -1


def _generation(path):
    """The generation in a journal file's first line, or -1 (missing, empty, damaged, or
    not read for want of memory)."""
    try:
        with open(path, "rb") as f:
            head = f.read(12)
    except (OSError, MemoryError):
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


class _Store(Store):
    """The store, for a campaign's files: a snapshot set aside (damaged, of the wrong shape,
    not restored) takes its journal with it, to the same .badN beside it, so that the story
    stays whole and readable (python -m tools.play.journal FOLDER --slot N --kept N)."""

    def set_aside(self, name, why, what=None, along=()):
        if name.endswith(".sav"):
            base = name[:-4]
            along = (base + ".j0", base + ".j1")
            if what is None:
                what = "campaign %d" % (int(base[base.rfind("_") + 1:]) + 1)
        return Store.set_aside(self, name, why, what, along)

    def aside_notice(self, what, name, why, aside, moved):
        """A campaign set aside, in the player's words: what was kept, where, and that the
        slot is free (the notice may come as a new campaign starts there: issue 34)."""
        if not name.endswith(".sav"):
            return Store.aside_notice(self, what, name, why, aside, moved)
        slot = what[what.rfind(" ") + 1:]
        return ("Campaign %s could not be read (%s), so it is kept as %s%s, to be read or "
                "deleted; slot %s is free for a new one." % (slot, why, aside, moved, slot))


def _store(root, notices):
    return _Store(root, notices)


def _is_int(v):
    return type(v) is int and 0 <= v <= 0x3FFFFFFF


def _is_snapshot(value, version):
    """Every field there with its type (see the top); restore() checks the snapshot."""
    keys = SNAPSHOT_KEYS if version < 2 else SNAPSHOT_KEYS + SCREEN_KEYS
    if not isinstance(value, dict) or len(value) != len(keys):
        return False
    for k in keys:
        if k not in value:
            return False
    if not (type(value["label"]) is str and 0 < len(value["label"]) <= 32
            and type(value["snap"]) is str and type(value["lines"]) is str
            and _is_int(value["jgen"]) and _is_int(value["jsize"])):
        return False
    if version < 2:
        return True
    messages = value["messages"]
    view = value["view"]
    if (type(messages) is not list or len(messages) > MESSAGES_MAX or type(view) is not list
            or len(view) > VIEW_MAX or type(value["scored"]) is not bool):
        return False
    for m in messages:
        if type(m) is not str or len(m) > MESSAGE_MAX:
            return False
    for v in view:
        if type(v) is not int or not 0 <= v <= 0xFFFF:
            return False
    return True


def _read_value(store, name):
    """(version, value) of the slot file, or None (see _read)."""
    return store.read_json(name, KIND, VERSION, _is_snapshot, SNAPSHOT_LIMIT)


def _read(store, name):
    """The slot file's value (a dict), or None: missing, or unreadable and set aside with a
    notice by the store's checked read."""
    got = _read_value(store, name)
    return None if got is None else got[1]


def listing(root):
    """The data folder's file names, for slots() and kept(), or None if it cannot be listed."""
    try:
        return os.listdir(root)
    except OSError:
        return None


def slots(root, key, names=None):
    """The slot list: for each slot None (empty) or its label. Reads the small snapshot files
    only, never a journal. names: listing(root), where a slot with no file is not looked up
    (a file system search each, and another for a newer firmware's file: ~0.4 M cycles on a
    Pico, issue 36)."""
    store = _store(root, None)
    out = []  # type: list
    for slot in range(SLOTS):
        if names is not None and _name(key, slot) not in names:
            out.append(None)
            continue
        value = _read(store, _name(key, slot))
        if value is None and store.newer_on_flash(_name(key, slot), KIND, VERSION):
            out.append(NEWER)  # (not "- empty -": nothing can be started or saved there)
        else:
            out.append(value["label"] if value is not None else None)
    return out


def check(store, key):
    """At boot (Store.check_files): read every slot's snapshot and look at its journal files,
    so that a damaged one is set aside with a notice now. The snapshot is not restored here
    (that needs the game's code in RAM): restore() checks it when the slot is opened."""
    for slot in range(SLOTS):
        c = Campaign(store.root, key, slot, store.notices)
        _read(c.store, c.name)
        c._find_journal(True)


def delete(root, key, slot):
    """Delete a campaign and its journal (the menu asks for a confirmation first). The
    journal goes first: a power cut in between leaves the campaign in its slot, to be
    deleted again, and never a journal without its campaign."""
    store = _store(root, None)
    for gen in (0, 1):
        store.remove(_journal_name(key, slot, gen))
    store.remove(_name(key, slot))


def kept(root, key, slot, names=None):
    """The N of the newest campaign of this slot kept aside as .badN (its snapshot or its
    journal: see _Store), 0 if none: the slot list says where it went. names: listing(root),
    made once for every slot."""
    # (one listing of the folder, not a look-up of each name: each is a file system
    # search, ~1.8 ms on a Pico, and the slot list asks this for every empty slot)
    if names is None:
        names = listing(root)
    if names is None:
        return 0
    base = "%s%d" % (campaign_prefix(key), slot)
    n = 0
    while True:
        for end in (".sav", ".j0", ".j1"):
            if "%s%s.bad%d" % (base, end, n + 1) in names:
                break
        else:
            return n
        n += 1


def delete_kept(root, key, slot):
    """Delete for good what kept() finds of this slot, every .badN (the menu asks first)."""
    store = _store(root, None)
    base = "%s%d" % (campaign_prefix(key), slot)
    for n in range(kept(root, key, slot), 0, -1):
        for end in (".j0", ".j1", ".sav"):
            store.remove("%s%s.bad%d" % (base, end, n))
    if not store.exists(base + ".sav"):
        # A journal with no campaign in the slot is the one kept aside's, left by a power cut
        # in the middle of setting it aside (the snapshot goes first): it goes with it.
        for end in (".j0", ".j1"):
            store.remove(base + end)


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
        self.held = ""  # the journal line in progress (see the top)
        self.locked = False  # start() refused: the slot holds a file that was not read
        # The screen as last saved (see the top): load() reads it, save() and keep_screen()
        # write it.
        self.messages = []
        self.view = []
        self.scored = False

    def _journal_path(self, gen):
        return self.store.path(_journal_name(self.key, self.slot, gen))

    def _find_journal(self, check=False):
        """Set gen and size from the journal files on flash (the newer valid one). check:
        set aside (with a notice) a journal file that cannot be one (see the top)."""
        self.gen = 0
        self.size = 0
        for i in (0, 1):
            path = self._journal_path(i)
            g = _generation(path)
            if check:
                g = self._check_journal(i, g)
            if g >= 0 and g % 2 == i and (self.size == 0 or g > self.gen):
                self.gen = g
                self.size = _size(path)

    def _check_journal(self, i, g):
        """The generation g of journal file i, or -1 after setting it aside: a folder, larger
        than any journal grows, or not empty without a valid first line."""
        name = _journal_name(self.key, self.slot, i)
        try:
            st = os.stat(self.store.path(name))
        except OSError:
            return g
        why = None
        if st[0] & 0x4000:
            why = "a folder, not a file"
        elif st[6] > JOURNAL_MAX + SNAPSHOT_LIMIT:
            why = "too large: %d bytes" % st[6]
        elif st[6] and (g < 0 or g % 2 != i):
            why = "damaged"
        if why is None:
            return g
        self.store.set_aside(name, why, "the journal of campaign %d" % (self.slot + 1))
        return -1

    def load(self, game_class):
        """The saved game, or None (empty slot, or unreadable: set aside with a notice). The
        journal is first brought up to date with the snapshot's lines (see the top)."""
        value = _read(self.store, self.name)
        if value is None:
            return None
        try:
            game = game_class.restore(unhexlify(value["snap"]))
        except (ValueError, TypeError) as e:  # binascii.Error is a ValueError
            # (its journal goes with it: see _Store)
            self.store.set_aside(self.name, "not restored: %s" % e, self.what())
            return None
        except MemoryError:
            self.store.note("Could not read %s (out of memory); it is left as it is." %
                            self.what())
            return None
        self._find_journal(True)
        lines = value["lines"]
        whole = lines.rfind("\n") + 1
        self._recover(value["jgen"], value["jsize"], lines[:whole])
        self.held = lines[whole:]
        self._end_line()
        self.messages = value.get("messages", [])  # (version 1: none of these)
        self.view = value.get("view", [])
        self.scored = value.get("scored", False)
        return game

    def _end_line(self):
        """A journal cut mid-line (damaged: littlefs appends whole or not at all) gets its
        line ended, so that the next line starts on its own."""
        if self.size <= 0:
            return
        path = self._journal_path(self.gen)
        try:
            with open(path, "rb") as f:
                f.seek(self.size - 1)
                last = f.read(1)
            if last != b"\n":
                with open(path, "ab") as f:
                    f.write(b"\n")
                self.size += 1
        except (OSError, MemoryError):
            pass  # the next append carries on after the partial line

    def what(self):
        return "campaign %d" % (self.slot + 1)

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
        """A new campaign in this (empty) slot: saved at once. Refused (False, with a notice)
        while the slot's file is still there unread (newer, or out of memory): it is never
        replaced, and this campaign's saves are refused too. A journal found here without its
        campaign is kept aside (.badN, with a notice), never deleted: only DELETE deletes."""
        if self.store.left_unread(self.name, KIND, VERSION, self.what()):
            self.locked = True
            return False
        j0 = _journal_name(self.key, self.slot, 0)
        j1 = _journal_name(self.key, self.slot, 1)
        if self.store.exists(j0):
            self.store.set_aside(j0, "a journal without its campaign", self.what(), (j1,))
        elif self.store.exists(j1):
            self.store.set_aside(j1, "a journal without its campaign", self.what())
        self.gen = 0
        self.size = 0
        self.unwritten = ""
        self.held = ""
        return self.save(game)

    def save(self, game, messages=(), view=()):
        """After an action: its journal lines taken (note), then written (write). False (and
        a notice from the store) if they could not be."""
        return self.note(game) and self.write(game, messages, view)

    def note(self, game):
        """Take the last action's journal lines from the game (journal_lines() gives only
        the last action's): the next write() writes them. Done at the action, so that a write
        put off until the frame is on the display (GameHost.act) loses none. False (with a
        notice) if it could not be."""
        if self.locked:
            self.store.note("Did not save %s: its file could not be read." % self.what())
            return False
        try:
            for text in game.journal_lines():
                if text[:1] == "+":
                    self.held += text[1:]
                elif text[:1] == "=":
                    self.unwritten += self.held + text[1:] + "\n"
                    self.held = ""
                else:
                    self.unwritten += text + "\n"
        except MemoryError:
            self.store.note("Could not save %s (out of memory); what was saved before is "
                            "kept." % self.what())
            return False
        return True

    def write(self, game, messages=(), view=()):
        """The snapshot (atomically), with the screen it leaves (the messages waiting to be
        read, the scene's view), then the journal lines noted. False (and a notice from the
        store) if the snapshot could not be written; the next write tries again, with these
        journal lines too."""
        if self.locked:
            self.store.note("Did not save %s: its file could not be read." % self.what())
            return False
        if not self._write(game, messages, view):
            return False
        self._append()
        return True

    def keep_screen(self, game, messages, view):
        """The screen changed with no action: written (when it differs from the one kept)
        after each message read, and when the handheld goes to sleep or the game is left
        (GameHost.keep_screen, App.suspend), so that the campaign comes back to it; not for
        every cursor move or page turned, for the flash's sake. True if it was already kept
        or is now."""
        if self.locked or (list(messages) == self.messages and list(view) == self.view):
            return True
        return self._write(game, messages, view)

    def _write(self, game, messages, view):
        """The slot file: the snapshot, the journal's place and lines not yet in it, the
        screen. False (with a notice) if it could not be written."""
        try:
            messages = [m[:MESSAGE_MAX] for m in messages][-MESSAGES_MAX:]
            view = list(view)[:VIEW_MAX]
            value = {"label": game.slot_label(), "snap": hexlify(game.snapshot()).decode(),
                     "jgen": self.gen, "jsize": self.size, "lines": self.unwritten + self.held,
                     "messages": messages, "view": view, "scored": self.scored}
            # No spaces between items: the file stays under littlefs's 512-byte inline
            # limit more often (see "What a save costs" at the top).
            payload = json.dumps(value, separators=(",", ":")).encode()
        except MemoryError:
            self.store.note("Could not save %s (out of memory); what was saved before is "
                            "kept." % self.what())
            return False
        if not self.store.write_checked(self.name, KIND, VERSION, (payload,), self.what(),
                                        True):
            return False
        self.messages = messages
        self.view = view
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
        except (OSError, MemoryError):
            # Kept in unwritten: the next save's snapshot carries them, and writes them.
            self._find_journal()
            return
        self.gen = gen
        self.size = size
        self.unwritten = ""


def scored(root, key, slot, notices=None):
    """Note in the slot's file that its ended story's score has been to the score table (or
    did not make it), so that reopening the story to read it never scores it twice; a stop
    before this (during the initials) leaves the score still to be taken. True if noted."""
    c = Campaign(root, key, slot, notices)
    got = _read_value(c.store, c.name)
    if got is None:
        return False
    value = got[1]
    if got[0] < 2:  # (a version 1 file: written as version 2)
        value["messages"] = []
        value["view"] = []
    value["scored"] = True
    return c.store.write_json(c.name, KIND, VERSION, value, c.what())


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
            tail = parts[0][-LINE_MAX:]  # (a damaged file's "line" may be the whole file)
            for i in range(len(parts) - 1, 0, -1):
                if not parts[i]:
                    continue
                if skip:
                    skip -= 1
                    continue
                out.append(_text(parts[i][-LINE_MAX:]))
                if len(out) >= n:
                    return 0
        if tail:
            if skip:
                return skip - 1
            out.append(_text(tail))
    return skip


_SIGNS = (b"\xe2\x99\xa0", b"\xe2\x99\xa5", b"\xe2\x99\xa6", b"\xe2\x99\xa3")  # UTF-8 of the
# suit signs, the journal's only letters that are not ASCII (games/the_four_words.py)


def _text(line):
    """A journal line as text; a damaged one with "?" for each byte that is not printable
    ASCII or a suit sign (the journal's words are ASCII, its cards' suits those signs)."""
    plain = line
    if b"\xe2" in line:
        for sign in _SIGNS:
            plain = plain.replace(sign, b"")
    for c in plain:
        if c < 32 or c > 126:
            return bytes(c if 32 <= c <= 126 else 63 for c in line).decode()
    return line.decode()
