# The error log on flash, error.log in the data folder (loaded by store.Store.append_log
# only when an error is logged: see crash.py). One line an error. A log that would pass
# LOG_MAX is rewritten with its newer half and the new line, written aside and renamed over
# it, so errors never fill the flash. Either way a power cut leaves the log as it was or with
# the whole new line (littlefs commits an append when the file closes); on a file system
# that keeps half an append, or a log cut short some other way, the next entry still starts
# on a line of its own.
#
# Unlike every other file in the data folder, error.log is plain text, with no header and no
# checksum: it is for people, read with any text viewer (mpremote cat, the browser's saved
# files), and nothing is ever loaded from it, so a damaged log costs nothing but its own
# damaged lines. A checksum would also mean rewriting the whole file for every entry.
import os

from deckdelve import store as core

LOG_NAME = "error.log"
LOG_MAX = 4096  # bytes of error.log at most


def _ends_line(path, size):
    """Does the file of this size end with a newline (or is it empty)?"""
    if not size:
        return True
    with open(path, "rb") as f:
        f.seek(size - 1)
        return f.read(1) == b"\n"


def append(store, text):
    path = store.path(LOG_NAME)
    line = (text[:LOG_MAX // 4].replace("\n", " ") + "\n").encode()
    tmp = path + ".tmp"
    try:
        st = core._stat(path)
        if st is not None and st[0]:
            store.set_aside(LOG_NAME, "a folder, not a file", "the error log")
            st = None
        if st is None or st[1] + len(line) + 1 <= LOG_MAX:
            if st is not None and not _ends_line(path, st[1]):
                line = b"\n" + line  # the last entry was cut short: this one on its own line
            with open(path, "ab") as f:
                f.write(line)
            return True
        buf = bytearray(64)
        with open(path, "rb") as old:
            old.seek(st[1] - LOG_MAX // 2)
            with open(tmp, "wb") as new:
                start = True  # (skip the broken line the cut starts in)
                ended = True  # the part kept ends with a newline
                while True:
                    k = old.readinto(buf)
                    if not k:
                        break
                    piece = memoryview(buf)[:k]
                    if start:
                        nl = bytes(piece).find(b"\n")
                        if nl < 0:
                            continue
                        piece = piece[nl + 1:]
                        start = False
                    if len(piece):
                        new.write(piece)
                        ended = piece[-1] == 10
                if not ended:
                    new.write(b"\n")
                new.write(line)
        core.rename(tmp, path)
        return True
    except (OSError, MemoryError) as e:
        why = core._errno_text(e)
    try:
        os.remove(tmp)
    except OSError:
        pass
    store.note("Could not write the error log (%s)." % why)
    return False
