"""tools/pico/pico_emu.py's profiles (python -m tools.pico.profile): the linker map read, each
cycle or cache miss charged to the function and the object file its address lies in."""

from tools.pico.pico_emu import charge, sections

MAP = """\
 .text.mp_execute_bytecode
                0x20007230     0x1374 CMakeFiles/firmware.dir/x/micropython/py/vm.c.o
                0x20007230                mp_execute_bytecode
 .text.lfs2_crc
                0x1000a000       0x40 CMakeFiles/firmware.dir/x/littlefs/lfs2_util.c.o
 .rodata.fun_data_deckdelve_app_App_frame
                0x10059be4      0x104 CMakeFiles/firmware.dir/frozen_content.c.o
 .text          0x00000000        0x0 CMakeFiles/firmware.dir/x/empty.c.o
 .bss.x         0x20030000       0x10 CMakeFiles/firmware.dir/x/bss.c.o
"""


def test_the_map_gives_each_placed_sections_start_size_and_object():
    placed = sections(MAP)
    assert [(hex(a), n, name) for a, n, name, _o in placed] == [
        ("0x1000a000", 0x40, ".text.lfs2_crc"),
        ("0x10059be4", 0x104, ".rodata.fun_data_deckdelve_app_App_frame"),
        ("0x20007230", 0x1374, ".text.mp_execute_bytecode")]  # (empty and .bss left out)
    assert placed[2][3].endswith("/py/vm.c.o")


def test_cycles_and_misses_are_charged_where_their_addresses_lie():
    placed = sections(MAP)
    cycles = {"red_queen/play": [[0x20007234, 100], [0x1000a010, 30], [0x23c4, 7]],
              "red_queen/play+pushing": [[0x20007234, 1000]],
              "menus": [[0x10090000, 5]]}
    by_name, by_obj, total = charge(cycles, placed, "cycles", ["play"])
    assert total == 137  # (the push's frames are their own label)
    assert by_obj == {"vm.c.o": 100, "lfs2_util.c.o": 30, "(bootrom)": 7}
    assert by_name[".text.mp_execute_bytecode"] == 100
    _n, by_obj, total = charge(cycles, placed, "cycles")
    assert total == 1142 and by_obj["-"] == 5  # (past every section: the filesystem's flash)
    # a miss is a word of flash without the alias bits: 0x59be8 is the frozen bytecode's
    misses = {"menus": [[0x59be8, 4], [0xa004, 2]]}
    by_name, by_obj, total = charge(misses, placed, "misses")
    assert by_obj == {"frozen_content.c.o": 4, "lfs2_util.c.o": 2} and total == 6
    # reads likewise: the frozen bytecode's name the Python function that ran
    by_name, _o, _t = charge({"menus": [[0x59be8, 9]]}, placed, "reads")
    assert by_name == {".rodata.fun_data_deckdelve_app_App_frame": 9}
