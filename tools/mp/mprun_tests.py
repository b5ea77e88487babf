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


def games():
    from deckdelve import registry

    return [entry[0] for entry in registry.GAMES]


for attr in sorted(dir(module)):
    if not attr.startswith("test_"):
        continue
    calls = [(attr, ())]
    if attr.endswith("_each_game"):
        calls = [("%s[%s]" % (attr, key), (key,)) for key in games()]
    for label, args in calls:
        if only and only not in (attr, label):
            continue
        fn = getattr(module, attr)
        gc.collect()
        try:
            fn(*args)
            passed += 1
        except Exception as e:  # noqa: BLE001 - report every failure, keep going
            failed += 1
            print("FAIL %s.%s: %s: %s" % (name, label, type(e).__name__, e))
            sys.print_exception(e)
        fn = None
gc.collect()
print("heap in use at the end %d" % gc.mem_alloc())
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed or not passed else 0)
