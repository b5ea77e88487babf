# MicroPython runs this file at power-on. It stays source; everything it imports is compiled
# .mpy in deckdelve/ (see deckdelve/boot.py, which shows and logs any error after this point).
try:
    from deckdelve import boot
except Exception as e:  # the code on flash is missing or broken: leave word in the log
    import sys

    with open("/error.log", "a") as f:
        f.write("--- cannot start: deckdelve/ is missing or broken (run make flash)\n")
        sys.print_exception(e, f)
    raise
boot.main()
