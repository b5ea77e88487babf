# A power cut during a save, after its "<name>.tmp" was created and before the rename, leaves
# that .tmp (empty, or part written) beside the good file: seen on the emulated Pico
# (settings.dat.tmp, tools/pico/pico_flash.py's cuts). The boot check (App.check_files, a Pico's
# second frame) removes every such leftover, of every kind of file, touches nothing else, and
# says nothing about it (nothing was lost: the good file is the last save).
# heap: 140K
# isolate
# (the whole app at boot, as in test_app_store.py)
import os

from deckdelve.store import Store
from helpers import Headless, exists, scratch
from store_cases import KINDS, get, put


def test_tmp_files_left_by_a_cut_are_removed_at_power_on():
    d = scratch("tmp_leftovers")
    s = Store(d)
    for kind in KINDS:
        assert kind[3](s, 3), kind[0]  # (write)
    names = [k[0] for k in KINDS] + ["runs.dat", "camp_g_0.j0"]  # (and the journal)
    good = {name: get(d + "/" + name) for name in names}
    assert all(good[name] for name in names), good
    # the leftovers of a cut: empty (created, nothing written) and part written
    for i, name in enumerate(names):
        put(d + "/" + name + ".tmp", b"" if i % 2 else good[name][:len(good[name]) // 2])
    h = Headless(d)
    left = sorted(n for n in os.listdir(d) if n.endswith(".tmp"))
    assert left == [], left
    for name in names:
        assert get(d + "/" + name) == good[name], name
    assert h.top() == "Title", h.top()  # no notice: nothing was lost
    # and the files still load as they were saved
    s = Store(d)
    for name, _kind, _version, _write, load, expected, _default in KINDS:
        assert load(s) == expected(3), name
    assert not exists(d + "/settings.dat.tmp")
