# The power-cut flash as a plain block device, under both interpreters: it counts block
# writes and erases together, drops the N-th and every later one (reporting -EIO), keeps the
# bytes it had, and takes writes again once powered up. (Its use with littlefs, which only
# MicroPython has, is in mp_test_cutflash.py.)
from cutflash import EIO, CutFlash


def test_the_nth_write_and_every_later_one_are_dropped():
    dev = CutFlash(block_size=128, blocks=4)
    assert dev.data == bytearray(b"\xff" * 512)
    dev.cut_at(4)
    assert dev.writeblocks(0, b"\x01" * 128) == 0          # write 1
    assert dev.ioctl(6, 1) == 0                             # erase 2
    assert dev.writeblocks(1, b"\x02" * 16, 32) == 0        # (the erase did not count twice)
    assert dev.writes == 3 and not dev.dead  # the 4th would fail
    dev.cut_at(2)
    assert dev.writeblocks(2, b"\x03" * 16) == 0
    assert dev.writeblocks(2, b"\x04" * 16, 16) == -EIO     # the 2nd: dropped
    assert dev.ioctl(6, 0) == -EIO                          # every later one too
    assert dev.writeblocks(3, b"\x05" * 16) == -EIO
    assert dev.dead
    assert dev.data[0:128] == b"\x01" * 128                 # the erase of block 0 never came
    assert dev.data[160:176] == b"\x02" * 16
    assert dev.data[256:272] == b"\x03" * 16 and dev.data[272:288] == b"\xff" * 16
    assert dev.data[384:400] == b"\xff" * 16
    buf = bytearray(16)
    dev.readblocks(1, buf, 32)                              # reads still work
    assert buf == b"\x02" * 16


def test_cut_at_zero_never_fails_and_resets_the_count():
    dev = CutFlash(block_size=128, blocks=2)
    dev.cut_at(1)
    assert dev.ioctl(6, 0) == -EIO and dev.dead
    dev.cut_at(0)
    for _ in range(50):
        assert dev.writeblocks(1, b"\x00" * 8, 8) == 0
    assert dev.writes == 50 and not dev.dead
    assert dev.ioctl(4, 0) == 2 and dev.ioctl(5, 0) == 128
