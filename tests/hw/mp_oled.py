# The display drivers, byte for byte against the controllers' datasheets, through the fake
# machine. Runs under MicroPython only (tests/test_hw_micropython.py).
import gc

import micropython

import machine
from deckdelve.hw import oled

ADDR = 0x3C
CMD = 0x00  # I2C control byte: commands follow
DATA = 0x40  # I2C control byte: display data follows

SSD1306_INIT = bytes((
    0xAE,  # display off
    0xD5, 0x80,  # clock
    0xA8, 63,  # 64 rows
    0xD3, 0,  # no vertical offset
    0x40,  # start line 0
    0x8D, 0x14,  # charge pump on
    0x20, 0x00,  # horizontal addressing
    0xA1, 0xC8,  # rotation 0: segment remap, COM scan reversed
    0xDA, 0x12,  # alternative COM pins
    0x81, 200,  # contrast
    0xD9, 0xF1,  # pre-charge
    0xDB, 0x30,  # VCOMH
    0xA4, 0xA6,  # follow RAM, not inverted
))
SH1106_INIT = bytes((
    0xAE, 0xD5, 0x80, 0xA8, 63, 0xD3, 0, 0x40,
    0xAD, 0x8B,  # DC-DC on
    0x32,  # pump voltage
    0xA1, 0xC8, 0xDA, 0x12, 0x81, 200, 0xD9, 0x22, 0xDB, 0x35, 0xA4, 0xA6,
))


def i2c_writes():
    return [e[2] for e in machine.EVENTS if e[0] == "i2c"]


def make_i2c(controller, first_frame=True, **kw):
    """A display on I2C; with first_frame, its first show() (every page, then the panel on)
    is done and its events cleared, as after boot."""
    machine.clear()
    i2c = machine.I2C(0, scl=machine.Pin(5), sda=machine.Pin(4), freq=400000)
    d = controller(oled.I2CBus(i2c, ADDR), contrast=200, **kw)
    if first_frame:
        d.show()
        machine.clear()
    return d, i2c


def ssd1306_pages(buffer, first, last):
    """A run of pages: the window command, then one data write a page."""
    out = [bytes((CMD, 0x21, 0, 127, 0x22, first, last))]
    for page in range(first, last + 1):
        out.append(bytes((DATA,)) + bytes(buffer[page * 128:(page + 1) * 128]))
    return out


def ssd1306_chunks(buffer, page, first, last):
    """A page changed in part: a window of its changed 16-column chunks first..last, then
    each chunk, one data write each."""
    out = [bytes((CMD, 0x21, first * 16, last * 16 + 15, 0x22, page, page))]
    for c in range(first, last + 1):
        a = page * 128 + c * 16
        out.append(bytes((DATA,)) + bytes(buffer[a:a + 16]))
    return out


def ssd1306_frame(buffer):
    return ssd1306_pages(buffer, 0, 7)


def sh1106_frame(buffer, offset=2):
    out = []
    for page in range(8):
        out.append(bytes((CMD, 0xB0 | page, offset & 15, 0x10 | (offset >> 4))))
        out.append(bytes((DATA,)) + bytes(buffer[page * 128:(page + 1) * 128]))
    return out


def test_ssd1306_i2c_panel_lights_after_the_first_frame_fills_its_ram():
    d, i2c = make_i2c(oled.SSD1306, first_frame=False)
    writes = i2c_writes()
    assert all(e[1] == ADDR for e in machine.EVENTS if e[0] == "i2c")
    assert writes == [bytes((CMD,)) + SSD1306_INIT], writes  # the panel stays off
    assert not d.is_on
    machine.clear()
    d.text("A", 0, 0)
    d.show()  # the first frame: every page (the RAM held noise), then display on
    writes = i2c_writes()
    assert writes[:9] == ssd1306_frame(d.buffer)
    assert writes[9:] == [bytes((CMD, 0xAF))]
    assert d.is_on
    machine.clear()
    d.show()  # nothing changed: nothing on the bus, not even a display on
    assert i2c_writes() == []


def test_ssd1306_show_pushes_the_changed_pages_only():
    d, i2c = make_i2c(oled.SSD1306)
    machine.clear()
    d.pixel(0, 0, 1)  # page 0, column 0, bit 0
    d.pixel(127, 63, 1)  # page 7, column 127, bit 7
    d.show()
    writes = i2c_writes()  # only the chunk of each page that changed
    assert writes == ssd1306_chunks(d.buffer, 0, 0, 0) + ssd1306_chunks(d.buffer, 7, 7, 7)
    assert writes[1][1] == 0x01 and writes[3][16] == 0x80
    machine.clear()
    d.show()  # nothing changed: nothing on the bus
    assert i2c_writes() == []
    d.fill_rect(0, 20, 5, 30, 1)  # pages 2 to 6, columns 0-4: the first chunk of each
    d.show()
    want = []
    for page in range(2, 7):
        want += ssd1306_chunks(d.buffer, page, 0, 0)
    assert i2c_writes() == want
    machine.clear()
    d.pixel(20, 8, 1)
    d.pixel(70, 8, 1)  # page 1, chunks 1 and 4: the window spans the chunks between
    d.show()
    assert i2c_writes() == ssd1306_chunks(d.buffer, 1, 1, 4)
    machine.clear()
    d.fill_rect(0, 16, 128, 16, 1)  # pages 2 and 3 whole: one window, two page writes
    d.show()
    assert i2c_writes() == ssd1306_pages(d.buffer, 2, 7)[:3]
    machine.clear()
    d.invalidate()  # the whole frame again, changed or not
    d.show()
    assert i2c_writes() == ssd1306_frame(d.buffer)


def test_sh1106_i2c_init_and_show_per_page_with_column_offset():
    d, i2c = make_i2c(oled.SH1106, first_frame=False, col_offset=2)
    writes = i2c_writes()
    assert writes == [bytes((CMD,)) + SH1106_INIT], writes[0]
    machine.clear()
    d.show()
    writes = i2c_writes()
    assert writes[:16] == sh1106_frame(bytes(1024))
    assert writes[16:] == [bytes((CMD, 0xAF))] and d.is_on
    machine.clear()
    d.fill_rect(0, 8, 128, 8, 1)  # all of page 1
    d.pixel(5, 63, 1)
    d.show()
    writes = i2c_writes()  # the two changed pages only: page 1 whole, page 7's first chunk
    assert writes == sh1106_frame(d.buffer)[2:4] + [sh1106_frame(d.buffer)[14],
                                                    bytes((DATA,)) + bytes(d.buffer[896:912])]
    assert writes[1] == bytes((DATA,)) + b"\xff" * 128
    assert writes[3][1 + 5] == 0x80
    machine.clear()
    d.pixel(40, 0, 1)  # page 0, chunk 2 (columns 32-47): written from RAM column 32 + 2
    d.show()
    assert i2c_writes() == [bytes((CMD, 0xB0, 0x02, 0x12)),
                            bytes((DATA,)) + bytes(d.buffer[32:48])]
    machine.clear()
    d.show()
    assert i2c_writes() == []
    d.invalidate()
    d.show()
    assert i2c_writes() == sh1106_frame(d.buffer)


def test_sh1106_other_column_offsets_split_into_nibbles():
    d, i2c = make_i2c(oled.SH1106, col_offset=0)
    machine.clear()
    d.invalidate()
    d.show()
    assert i2c_writes()[0] == bytes((CMD, 0xB0, 0x00, 0x10))
    d, i2c = make_i2c(oled.SH1106, col_offset=4)
    machine.clear()
    d.invalidate()
    d.show()
    assert i2c_writes()[14] == bytes((CMD, 0xB7, 0x04, 0x10))


def test_rotation_contrast_and_power_commands():
    for controller in (oled.SSD1306, oled.SH1106):
        d, i2c = make_i2c(controller)
        machine.clear()
        d.rotate(180)
        d.rotate(0)
        d.contrast(0x7F)
        d.contrast(0)
        d.poweroff()
        assert not d.is_on
        d.poweron()
        assert d.is_on
        assert i2c_writes() == [
            bytes((CMD, 0xA0, 0xC0)),  # 180: segments and COM scan back to the reset order
            bytes((CMD, 0xA1, 0xC8)),
            bytes((CMD, 0x81, 0x7F)),
            bytes((CMD, 0x81, 0x00)),
            bytes((CMD, 0xAE)),
            bytes((CMD, 0xAF)),
        ]


def test_rotated_init():
    d, i2c = make_i2c(oled.SSD1306, first_frame=False, rotate=180)
    init = i2c_writes()[0]
    assert init[13:15] == bytes((0xA0, 0xC0)), init
    d, i2c = make_i2c(oled.SH1106, first_frame=False, rotate=180)
    init = i2c_writes()[0]
    assert init[12:14] == bytes((0xA0, 0xC0)), init


def make_spi(controller, first_frame=True, **kw):
    """A display on SPI (see make_i2c for first_frame)."""
    machine.clear()
    spi = machine.SPI(0, baudrate=10000000, sck=machine.Pin(18), mosi=machine.Pin(19))
    waits = []
    bus = oled.SPIBus(spi, machine.Pin(20), machine.Pin(17), machine.Pin(21), waits.append)
    d = controller(bus, contrast=200, **kw)
    if first_frame:
        d.show()
        machine.clear()
    return d, waits


def spi_command(data):
    return [("pin", 20, 0), ("pin", 17, 0), ("spi", data), ("pin", 17, 1)]


def spi_data(data):
    return [("pin", 20, 1), ("pin", 17, 0), ("spi", data), ("pin", 17, 1)]


def test_ssd1306_spi_reset_pulse_init_and_frame():
    d, waits = make_spi(oled.SSD1306, first_frame=False)
    ev = machine.EVENTS
    # D/C and CS set up (CS high = deselected), then RES# high, low, high.
    assert ev[:5] == [("pin", 20, 0), ("pin", 17, 1), ("pin", 21, 1), ("pin", 21, 0),
                      ("pin", 21, 1)], ev[:5]
    assert waits == [1, 1, 1]
    assert ev[5:] == spi_command(SSD1306_INIT)
    machine.clear()
    d.show()
    expected = spi_command(bytes((0x21, 0, 127, 0x22, 0, 7)))
    for _page in range(8):
        expected += spi_data(bytes(128))
    assert machine.EVENTS == expected + spi_command(bytes((0xAF,)))
    machine.clear()
    d.pixel(64, 32, 1)  # page 4, chunk 4
    d.show()
    assert machine.EVENTS == spi_command(bytes((0x21, 64, 79, 0x22, 4, 4))) + spi_data(
        bytes(d.buffer[4 * 128 + 64:4 * 128 + 80]))


def test_sh1106_spi_frame_per_page():
    d, waits = make_spi(oled.SH1106, col_offset=2)
    machine.clear()
    d.fill(1)
    d.show()
    expected = []
    for page in range(8):
        expected += spi_command(bytes((0xB0 | page, 0x02, 0x10))) + spi_data(b"\xff" * 128)
    assert machine.EVENTS == expected


def test_show_and_commands_allocate_nothing():
    for controller in (oled.SSD1306, oled.SH1106):
        for maker in (make_i2c, make_spi):
            new = d = None
            gc.collect()
            new = maker(controller, first_frame=False)[0]
            d = maker(controller)[0]
            d.fill(0)
            d.text("A", 0, 0)
            machine.RECORD = False
            micropython.heap_lock()
            try:
                new.show()  # a first frame: every page, then the panel on
                d.show()  # page 0 changed
                d.show()  # nothing changed
                d.invalidate()
                d.show()  # every page
                d.contrast(10)
                d.poweroff()
                d.poweron()
                d.rotate(180)
            finally:
                micropython.heap_unlock()
                machine.RECORD = True


def test_frame_push_byte_counts():
    # What the bus carries for one frame; tools/measure/bench_hw.py turns these into times.
    # A whole frame (invalidate): the window, then the eight pages.
    d, i2c = make_i2c(oled.SSD1306)
    t, n = i2c.transactions, i2c.bytes
    d.invalidate()
    d.show()
    assert (i2c.transactions - t, i2c.bytes - n) == (9, 7 + 8 * 129)
    d, i2c = make_i2c(oled.SH1106)
    t, n = i2c.transactions, i2c.bytes
    d.invalidate()
    d.show()
    assert (i2c.transactions - t, i2c.bytes - n) == (16, 8 * (4 + 129))
