# A seeded PRNG that gives the same sequence on CPython and MicroPython, with every
# intermediate value below 2**30 so that nothing allocates on the Pico (small ints there
# are 31-bit signed). MicroPython's own `random` differs from CPython's for a seed and has
# no shuffle, so games never use it.
#
# The generator is the linear congruential x' = (a*x + c) mod 2**30, with a and c taken
# from the classic ANSI C rand() (a mod 2**30 = 29773421, c = 12345). The state is kept as
# two 15-bit halves and the product is formed from 15x15-bit partial products (each below
# 2**30). Only the high 15 bits are output: an LCG's low bits are weak.

_MASK15 = 0x7FFF
_A_HI = 29773421 >> 15
_A_LO = 29773421 & _MASK15
_C = 12345


class Rng:
    def __init__(self, seed=0):
        self.seed(seed)

    def seed(self, seed):
        seed = int(seed) & 0x3FFFFFFF
        self.hi = seed >> 15
        self.lo = seed & _MASK15
        # A few steps so that nearby seeds give unrelated first outputs.
        for _ in range(4):
            self.next15()

    def next15(self):
        """The next 15-bit value, 0..32767."""
        hi = self.hi
        lo = self.lo
        low = _A_LO * lo + _C
        high = ((_A_HI * lo) & _MASK15) + ((_A_LO * hi) & _MASK15) + (low >> 15)
        self.lo = low & _MASK15
        self.hi = high & _MASK15
        return self.hi

    def below(self, n):
        """Uniform int in 0..n-1, for 1 <= n <= 32768 (rejection sampling, no bias)."""
        if n <= 1:
            return 0
        limit = 32768 - 32768 % n
        r = self.next15()
        while r >= limit:
            r = self.next15()
        return r % n

    def die(self, sides=6):
        return self.below(sides) + 1

    def shuffle(self, buf, start=0, end=-1):
        """Fisher-Yates shuffle of buf[start:end] in place (end=-1: to the end)."""
        if end < 0:
            end = len(buf)
        i = end - 1
        while i > start:
            j = start + self.below(i - start + 1)
            buf[i], buf[j] = buf[j], buf[i]
            i -= 1

    def state(self):
        """The whole state as one int below 2**30 (for saving and tests)."""
        return (self.hi << 15) | self.lo

    def set_state(self, state):
        self.hi = (state >> 15) & _MASK15
        self.lo = state & _MASK15
