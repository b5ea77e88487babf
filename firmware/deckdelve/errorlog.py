# The error log on flash, error.log in the data folder (loaded by store.Store.append_log
# only when an error is logged: see crash.py). One line an error. A log that would pass
# LOG_MAX is rewritten with its newer half and the new line, written aside and renamed over
# it, so errors never fill the flash. Either way a power cut leaves the log as it was or with
# the whole new line (littlefs commits an append when the file closes).
import os

from deckdelve import store as core

LOG_NAME = "error.log"
LOG_MAX = 4096  # bytes of error.log at most


def append(store, text):
    path = store.path(LOG_NAME)
    line = (text[:LOG_MAX // 4] + "\n").encode()
    tmp = path + ".tmp"
    try:
        st = core._stat(path)
        if st is not None and st[0]:
            store.set_aside(LOG_NAME, "a folder, not a file", "the error log")
            st = None
        if st is None or st[1] + len(line) <= LOG_MAX:
            with open(path, "ab") as f:
                f.write(line)
            return True
        buf = bytearray(64)
        with open(path, "rb") as old:
            old.seek(st[1] - LOG_MAX // 2)
            with open(tmp, "wb") as new:
                start = True  # (skip the broken line the cut starts in)
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
                    new.write(piece)
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
