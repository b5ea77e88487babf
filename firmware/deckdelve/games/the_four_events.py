# The Four's codes that the rules (the_four.py) and their words (the_four_words.py) share: the
# bands a kept card's rank gives and the events apply() appends (see the_four.py for what a, b
# of each mean). A module of their own, so that the words read them without importing the
# rules module, which loads the words (no module imports one that imports it back).
try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# Bands
WRONG = const(0)  # it goes wrong
MIXED = const(1)  # 5-9: yes, but / no, but
WELL = const(2)  # 10-K: it goes well

# Events
# mutate: labels (names for the scenes, the log and snapshots: any distinct values play the same)
EV_SHUFFLE = const(1)
EV_SPREAD = const(2)
EV_FLIP = const(3)
EV_TICK = const(4)
EV_KEPT = const(5)
EV_MORE = const(6)
EV_BUMP = const(7)
EV_OVERRULE = const(8)
EV_RESULT = const(9)
EV_STRIP = const(10)
EV_COST = const(11)
EV_DONE = const(12)
EV_HARM = const(13)
EV_HOW = const(14)
EV_OUT = const(15)
EV_SCAR = const(16)
EV_END = const(17)
EV_LANDING = const(18)
EV_ARRIVAL = const(19)
EV_WORSENS = const(20)
EV_RESET = const(21)
EV_THREAT = const(22)
EV_SPARK = const(23)
EV_QUIET = const(24)
EV_ORACLE = const(25)
EV_ROLL = const(26)
EV_SCENE = const(27)
EV_CREATED = const(28)
# mutate: end
