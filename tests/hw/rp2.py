# A fake `rp2` for the unix port: only the BOOTSEL button. Tests set PRESSED.
PRESSED = 0


def bootsel_button():
    return PRESSED
