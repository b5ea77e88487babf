"""The Pico, emulated (rp2040js, its XIP cache) or real: benchmark, flash, saves, power cuts."""
