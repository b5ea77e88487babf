"""tools/measure/bench_hw.py: the bus timing arithmetic, and the whole benchmark runs and
reports."""

import re

from tools.measure import bench_hw


def test_i2c_timing():
    # SSD1306: 2 transactions (7 + 1025 bytes); 9 clocks a byte, an address byte and START and
    # STOP per transaction: 9 * (1032 + 2) + 4 = 9310 clocks.
    assert bench_hw.i2c_push_us(2, 1032, 400000) == 9310 * 1000000 // 400000
    assert bench_hw.i2c_push_us(2, 1032, 1000000) == 9310
    # SH1106: 16 transactions, 8 x (4 + 129) bytes
    assert bench_hw.i2c_push_us(16, 1064, 400000) == (9 * (1064 + 16) + 32) * 10 // 4


def test_spi_timing():
    assert bench_hw.spi_push_us(1030, 10000000) == 824
    assert bench_hw.spi_push_us(1048, 2000000) == 4192


def test_benchmark_reports_every_board(capsys):
    assert bench_hw.main() == 0
    out = capsys.readouterr().out
    total = int(re.search(r"total\s+(\d+) bytes", out).group(1))
    assert 20000 < total < 1000000
    for board in bench_hw.deploy.known_boards():
        row = re.search(r"^  %s\s+(\d+)\s+(\d+)" % re.escape(board), out, re.M)
        assert row, board
        used, free = int(row.group(1)), int(row.group(2))
        assert used + free <= 192 * 1024 and free > 32 * 1024, (board, used, free)
    assert "23.6 ms at 400 kHz" in out and "9.4 ms at 1000 kHz" in out
