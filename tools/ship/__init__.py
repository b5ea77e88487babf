"""What ships and what it is built from: image, inputs, toolchain, .mpy, flash, web, release."""
