# A flash chip in RAM that loses power: a block device for vfs.VfsLfs2 (MicroPython's
# littlefs) that stops at the N-th block write or erase, so that a test can cut the power at
# every write point of a save and then look at what a later boot finds.
#
#     dev = CutFlash()                 # 256-byte blocks, 64 of them (16 KiB of RAM)
#     dev.mount("/flash")
#     ... write the old content ...
#     dev.cut_at(n)                    # the n-th block write or erase from now on fails
#     try: ... save the new content ... except OSError: pass
#     dev.power_up("/flash")           # umount, remount the same bytes: a fresh boot
#     ... load: it must be exactly the old or exactly the new content ...
#
# Writes and erases are counted together (littlefs erases a block before programming it). The
# N-th one and every later one are dropped: nothing reaches the bytes, and the device reports
# an I/O error. It reports it by returning -EIO and not by raising OSError: MicroPython calls
# the block device from inside littlefs's C code without a handler, so a raised exception
# would unwind through littlefs and leave its state half-changed, which no real chip does.
# littlefs turns -EIO into OSError(EIO) for the code that was writing, as a real failed
# program would. Reads keep working (the code that runs on after the cut only sees failures).
#
# Under CPython there is no vfs: this module still imports and the device works as plain
# bytes (tests/shared/test_cutflash.py checks its counting under both interpreters); the
# tests that need littlefs are the mp_test_*.py modules, which only the MicroPython runner
# collects (pytest collects test_*.py only).

EIO = 5


class CutFlash:
    def __init__(self, block_size=256, blocks=64):
        self.block_size = block_size
        self.blocks = blocks
        self.erased = bytearray(b"\xff" * block_size)  # one block as erase leaves it
        self.data = bytearray(block_size * blocks)
        for n in range(blocks):
            self.erase(n)
        self.writes = 0  # block writes and erases that reached the bytes since cut_at()
        self.limit = 0   # the write that fails first (1-based); 0: none fails
        self.dead = False
        self.vfs = None

    # -- the block device protocol (extended: with offsets; ioctl 6 erases) ----------------
    def readblocks(self, n, buf, offset=0):
        a = n * self.block_size + offset
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, n, buf, offset=0):
        if self._fails():
            return -EIO
        a = n * self.block_size + offset
        self.data[a:a + len(buf)] = buf
        return 0

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return self.blocks
        if op == 5:  # block size
            return self.block_size
        if op == 6:  # erase block arg
            if self._fails():
                return -EIO
            self.erase(arg)
            return 0
        return 0  # 1 init, 2 deinit, 3 sync: nothing to do in RAM

    def erase(self, n):
        a = n * self.block_size
        self.data[a:a + self.block_size] = self.erased

    def _fails(self):
        if self.dead:
            return True
        if self.limit and self.writes + 1 >= self.limit:
            self.dead = True
            return True
        self.writes += 1
        return False

    # -- the test's side -------------------------------------------------------------------
    def cut_at(self, n):
        """From now on the n-th block write or erase (1-based) fails, and every later one;
        n = 0 cuts nothing. Counting starts again at 0."""
        self.writes = 0
        self.limit = n
        self.dead = False

    def format(self):
        import vfs

        vfs.VfsLfs2.mkfs(self)

    def mount(self, point):
        """Mount the bytes as littlefs at point (formatting them first if they hold none)."""
        import vfs

        try:
            self.vfs = vfs.VfsLfs2(self)
        except OSError:
            self.format()
            self.vfs = vfs.VfsLfs2(self)
        vfs.mount(self.vfs, point)

    def umount(self, point):
        import vfs

        vfs.umount(point)
        self.vfs = None

    def power_up(self, point):
        """Power comes back: what was written stays, nothing fails any more, and the same
        bytes are mounted afresh (littlefs forgets its caches, as after a reboot)."""
        self.umount(point)
        self.cut_at(0)
        self.mount(point)
