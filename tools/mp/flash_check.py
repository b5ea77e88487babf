# What the firmware finds on a flash image (MicroPython only: tools/pico/pico_flash.py runs it
# under
# the unix port to check the images a power cut leaves). argv: a file listing image paths, one
# a line (each the rp2 port's littlefs area, as tools/pico/run.mjs saves it). For each image it
# prints one JSON line: the image mounted as the Pico mounts it (VfsLfs2 on 4 KiB blocks,
# progsize 256), the boot's reading of every file as App() does it (load_settings, then
# Store.check_files: a damaged file is set aside with a notice), then what each file loads as:
#   {"image": path, "mount": true, "notices": [...], "files": {name: value}, "listing": [...]}
# (or "mount": false: the Pico's _boot.py would format the flash). Every value is what the
# firmware's own loaders return: settings (defaults for what is missing), the score, achievement
# and run-counter tables, a saved run (seed, options, actions), a campaign's journal files as
# they are (hex), its snapshot after Campaign.load (hex) and its journal lines after it (the load
# appends what the journal lacks of the snapshot's lines), error.log's text.
import json
import os
import sys
import vfs
from binascii import hexlify

from deckdelve import registry, runs, scores
from deckdelve.campaigns import Campaign, journal
from deckdelve.store import Store, campaign_prefix

BLOCK = 4096
POINT = "/flash"
ROOT = POINT + "/data"


class Image:
    """A block device over the image's bytes (writes stay in RAM: a boot may rename a file
    aside or end a journal line, as the Pico would)."""

    def __init__(self, buf):
        self.buf = buf
        self.view = memoryview(buf)

    def readblocks(self, n, buf, offset=0):
        a = n * BLOCK + offset
        buf[:] = self.view[a:a + len(buf)]

    def writeblocks(self, n, buf, offset=0):
        a = n * BLOCK + offset
        self.view[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return len(self.buf) // BLOCK
        if op == 5:
            return BLOCK
        if op == 6:
            a = arg * BLOCK
            for i in range(a, a + BLOCK):
                self.buf[i] = 0xFF
            return 0
        return 0


def _value(got):
    return None if got is None else got[1]


def state(keys):
    notices = []
    store = Store(ROOT, notices)
    files = {"settings.dat": store.load_settings()}
    store.check_files(keys)  # what App() does at boot
    files["scores.dat"] = _value(store.read_json("scores.dat", "scores", scores.SCORES_VERSION,
                                                 scores.valid_scores))
    files["achieve.dat"] = _value(store.read_json(
        "achieve.dat", "achievements", scores.ACHIEVEMENTS_VERSION, scores.valid_achievements))
    files[runs.COUNTERS] = runs.counters(store)
    for key in keys:
        got = runs.read(store, key, True)
        if got is not None:
            got = [got[0], list(got[1]), list(got[2])]
        files[store.run_name(key)] = got
    names = os.listdir(ROOT)
    for name in names:  # the journal files as they are, before a campaign's load mends them
        if name.startswith("camp_") and name[-3:-1] == ".j":
            with open(ROOT + "/" + name, "rb") as f:
                files[name] = hexlify(f.read()).decode()
    for key in keys:
        prefix = campaign_prefix(key)
        for name in names:
            if name.startswith(prefix) and name.endswith(".sav"):
                slot = int(name[len(prefix):-4])
                rules = registry.load(key)
                game = Campaign(ROOT, key, slot, notices).load(rules.Game)
                files[name] = None if game is None else hexlify(game.snapshot()).decode()
                files[name[:-4] + ".journal"] = journal(ROOT, key, slot, 0, 100000)
    try:
        with open(ROOT + "/error.log", "rb") as f:
            files["error.log"] = f.read().decode()
    except OSError:
        files["error.log"] = None
    return {"notices": notices, "files": files, "listing": sorted(os.listdir(ROOT))}


def main():
    keys = [g[0] for g in registry.GAMES]
    with open(sys.argv[1]) as f:
        paths = [line.strip() for line in f if line.strip()]
    buf = None
    for path in paths:
        size = os.stat(path)[6]
        if buf is None or len(buf) != size:
            buf = None
            buf = bytearray(size)
        with open(path, "rb") as f:
            f.readinto(buf)
        out = {"image": path, "mount": True}
        try:
            fs = vfs.VfsLfs2(Image(buf), progsize=256)
        except OSError:
            out["mount"] = False
            print(json.dumps(out))
            continue
        vfs.mount(fs, POINT)
        try:
            out.update(state(keys))
        finally:
            vfs.umount(POINT)
        print(json.dumps(out))


main()
