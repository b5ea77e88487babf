# Runs one shared test module under MicroPython: every function named test_* is called.
# Prints a line per failure, the peak heap, and the closing "N passed, N failed" line.
# usage: micropython -X heapsize=64K mprun_tests.py MODULE_NAME [TEST_NAME]
import sys
import gc

name = sys.argv[1]
only = sys.argv[2] if len(sys.argv) > 2 else None
module = __import__(name)
passed = 0
failed = 0
for attr in sorted(dir(module)):
    if not attr.startswith("test_") or (only and attr != only):
        continue
    fn = getattr(module, attr)
    gc.collect()
    try:
        fn()
        passed += 1
    except Exception as e:  # noqa: BLE001 - report every failure, keep going
        failed += 1
        print("FAIL %s.%s: %s: %s" % (name, attr, type(e).__name__, e))
        sys.print_exception(e)
gc.collect()
print("heap in use at the end %d" % gc.mem_alloc())
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed or not passed else 0)
