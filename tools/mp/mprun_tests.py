# Runs one shared test module under MicroPython: every function named test_* is called; one
# whose name ends in _each_game is called once for every game in the registry, with its key
# (as tests/conftest.py has pytest do). Prints a line per failure, the peak heap, and the
# closing "N passed, N failed" line.
# usage: micropython -X heapsize=64K mprun_tests.py MODULE_NAME [TEST_NAME | TEST_NAME[KEY]]
import sys
import gc

name = sys.argv[1]
only = sys.argv[2] if len(sys.argv) > 2 else None
module = __import__(name)
passed = 0
failed = 0


def call(label, fn, args):
    global passed, failed
    gc.collect()
    try:
        fn(*args)
        passed += 1
    except Exception as e:  # noqa: BLE001 - report every failure, keep going
        failed += 1
        print("FAIL %s.%s: %s: %s" % (name, label, type(e).__name__, e))
        sys.print_exception(e)


for attr in sorted(dir(module)):
    if not attr.startswith("test_"):
        continue
    if not attr.endswith("_each_game"):
        if not only or only == attr:
            call(attr, getattr(module, attr), ())
        continue
    from deckdelve import registry

    for entry in registry.GAMES:
        label = "%s[%s]" % (attr, entry[0])
        if not only or only in (attr, label):
            call(label, getattr(module, attr), (entry[0],))
gc.collect()
print("heap in use at the end %d" % gc.mem_alloc())
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed or not passed else 0)
