# The words of The Four: the table of the four suits and the other words of the rule text,
# and the journal's plain-text lines. Apart from the rules module so that a game loads the
# rules alone (scenario tests, bots) and the words only where they are shown or written.
from deckdelve import cards
from deckdelve.cards import NONE
from deckdelve.games import the_four as tf

# The Four, row by row (index = suit S H D C), and the other words of the rule text; the
# journal writes these, and the screens may show them.
STATS = ("GRIT", "HEART", "CRAFT", "WITS")
AXES = ("PRESSURE", "PEOPLE", "THINGS", "PLACE")
AXIS_WORDS = ("threat, time, force", "bonds, need, feeling", "resources, tools, treasure",
              "terrain, structure, the world's own logic")
THREATS = ("Hunter", "Binder", "Hoarder", "Warden")
THREAT_WORDS = ("it pursues", "it has a claim on you", "it won't let go",
                "it won't let you pass")
WORLD = ("Danger", "Faction", "Prize", "Site")
DOMAINS = ("Force", "Voice", "Matter", "World")
DOMAIN_WORDS = ("break, burn, push", "minds, feelings, command", "make, unmake, change",
                "place, distance, ways")
ORIGINS = ("INHERITED", "BARGAINED", "TAKEN", "MADE", "MARKED")
ORIGIN_WORDS = ("it runs in you", "something gave it, and it wants paying", "it isn't yours",
                "you built it, slowly", "it happened to you")
BANDS = ("WRONG", "YES-BUT", "WELL")  # the MIXED band against no threat reads "no, but" too
DEFEATS = ("it takes you somewhere", "someone intervenes, and now you owe them",
           "you lose what you were carrying", "you wake, and the place has changed")
SPREAD_NAMES = ("THE DRAW", "THE WALL", "THE PRIZE")

# The journal: one line per event, "T<turn> <text>". Line `code` of _TEXTS is the event's
# text: for each %s in it, two letters before the "|" name the field (a or b of the event)
# and how it reads:
#   n number   c card name ("Power" for NONE)   B band   A axis of a suit   a axis of a card
#   S stat     T what a threat of the card is   G the card's Grip   d what defeat was
#   y the Oracle's yes or no
# An empty line: the text is made in _special() (it lists cards). One string, not a tuple of
# them: it takes a third of the RAM.
_TEXTS = """
an|shuffle: %s cards


bnac|Pressure Die %s (%s)

ac|Spark: one more, %s
aB|Spark: bumped to %s
aA|Spark: read as %s
aBbA|result: %s, %s
acbn|%s loses 1 Grip, %s left
|yes, but it costs you
ac|%s is done
anbc|Harm %s from %s
acaa|Power went sideways: %s, %s
acad|OUT: %s %s
aSbn|Scar: %s down to %s
|the fifth defeat: the story ends

acaTaG|arrives: %s %s, Grip %s
ac|%s: the situation worsens
an|Pressure Die reset to %s
acaTaG|threat: %s %s, Grip %s
acbn|spark draw: %s, Spark %s
an|the Quiet: Harm cleared, Spark %s
ayac|Oracle: %s, %s
an|d6: %s
an|--- scene break %s ---
"""


def _word(v, how):
    if how == "n":
        return str(v)
    if how == "c":
        return "Power" if v == NONE else cards.name(v)
    if how == "B":
        return BANDS[v]
    if how == "A":
        return AXES[v]
    if how == "S":
        return STATS[v]
    if how == "y":
        return "YES" if cards.is_red(v) else "NO"
    if how == "G":
        return str(tf.grip_of(v))
    suit = v // 13
    if how == "a":
        return AXES[suit]
    if how == "T":
        return THREATS[suit]
    return DEFEATS[suit]  # "d"


def _list(buf, n):
    return " ".join([cards.name(buf[i]) for i in range(n)])


def _special(g, code, a, b):
    if code == tf.EV_FLIP:
        what = "POWER " + DOMAINS[a] if g.powered else STATS[a]
        if g.target != NONE:
            what += " vs " + cards.name(g.threat[g.target])
        return "%s: flip %d" % (what, b)
    if code == tf.EV_KEPT:
        return "flip %s, kept %s: %s, %s" % (_list(g.flip, g.flip_n), cards.name(a), BANDS[b],
                                             AXES[a // 13])
    if code == tf.EV_SPREAD:
        if a:
            return "the Spread kept"
        s = g.spread
        return "Spread: DRAW %s WALL %s PRIZE %s" % (cards.name(s[0]), cards.name(s[1]),
                                                     cards.name(s[2]))
    if code == tf.EV_LANDING:
        return "the pressure lands: " + _list(g.landed, g.landed_n)
    if code == tf.EV_CREATED:
        r = g.ratings
        return "GRIT %d HEART %d CRAFT %d WITS %d, Source %s, %s" % (
            r[0], r[1], r[2], r[3], DOMAINS[a], ORIGINS[b])
    return None


def journal_text(g, ev):
    """The journal's words for one event of g's last apply() (None: not written)."""
    code, a, b = ev
    texts = _TEXTS.split("\n")
    spec = texts[code] if code < len(texts) else ""
    if not spec:
        return _special(g, code, a, b)
    bar = spec.index("|")
    how = spec[:bar]
    fmt = spec[bar + 1:]
    args = []
    for i in range(0, len(how), 2):
        args.append(_word(a if how[i] == "a" else b, how[i + 1]))
    return fmt % tuple(args)


def journal_lines(g):
    """The journal's lines for the events of g's last apply(), each with the turn."""
    out = []
    for ev in g.events:
        text = journal_text(g, ev)
        if text is not None:
            out.append("T%d %s" % (g.turn, text))
    return out
