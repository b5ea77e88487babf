# Runs one shared test module under MicroPython: every function named test_* is called; one
# whose name ends in _each_game is called once for every game in the registry, with its key
# (as tests/conftest.py has pytest do). Prints a line per failure, the peak heap, and the
# closing "N passed, N failed" line.
# usage: micropython -X heapsize=64K mprun_tests.py MODULE_NAME [TEST_NAME | TEST_NAME[KEY]]
# (The tests are called from this module's top level, not from a function of it: the heap is
# scanned for pointers on the C stack too, and a deeper stack kept some 10 KiB of a test's
# garbage alive, enough to fail test_app's games under their cap.)
import sys
import gc

name = sys.argv[1]
only = sys.argv[2] if len(sys.argv) > 2 else None
module = __import__(name)
passed = 0
failed = 0
for attr in sorted(dir(module)):
    if not attr.startswith("test_"):
        continue
    keys = (None,)
    if attr.endswith("_each_game"):
        from deckdelve import registry

        keys = [entry[0] for entry in registry.GAMES]
    for key in keys:
        label = attr if key is None else "%s[%s]" % (attr, key)
        if only and only != attr and only != label:
            continue
        fn = getattr(module, attr)
        gc.collect()
        try:
            if key is None:
                fn()
            else:
                fn(key)
            passed += 1
        except Exception as e:  # noqa: BLE001 - report every failure, keep going
            failed += 1
            print("FAIL %s.%s: %s: %s" % (name, label, type(e).__name__, e))
            sys.print_exception(e)
gc.collect()
print("heap in use at the end %d" % gc.mem_alloc())
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed or not passed else 0)
