# The words of The Four: the table of the four suits and the other words of the rule text,
# and the journal's plain-text lines. Apart from the rules module so that a game loads the
# rules alone (scenario tests, bots) and the words only where they are shown or written.
from deckdelve import cards
from deckdelve.cards import NONE
# (the codes from the_four_events: the rules module loads this one, so it is not imported here)
from deckdelve.games import the_four_events as tf

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

# The journal: a story's record, one line per thing that happened, each "T:<turn> <text>":
#   T:0 A new character: GRIT 3, HEART 2, CRAFT 1, WITS 2; Source World, MARKED.
#   T:0 The deck is shuffled: 52 cards. A new Spread: DRAW 6D, WALL 4H, PRIZE 2D.
#   T:4 GRIT vs JC Warden: 3S 9H, kept 9H: YES-BUT, PEOPLE; a Spark bumps it to WELL. JC
#       Warden loses a Grip, 1 left. Pressure Die 5.
#   T:4 The pressure lands: 6S 7S 9S 8S. 5C: no body comes, the situation itself worsens.
#       The Pressure Die is back at 6.
# A Turn (or a Power) is one line, though it takes several actions (the flip, the card kept,
# Spark spent, the result): its parts are written as they happen, each beginning with "+",
# and its last part begins with "="; campaigns.py holds the line until then (in the slot's
# file: a stop loses none of it) and writes every other line at once. A landing whose card
# waits for a Spread's choice is written the same way.
#
# Words of a line read off the game after the apply() that made its events (cards.name: the
# journal is plain ASCII).


def _threat(card):
    return "%s %s" % (cards.name(card), THREATS[card // 13])


def _list(buf, n):
    return " ".join([cards.name(buf[i]) for i in range(n)])


def journal_lines(g):
    """The journal's texts for the events of g's last apply(): whole lines, and the parts of
    the line in progress ("+...", the last "=..."; see above)."""
    out = []
    t = "T:%d " % g.turn  # (the colon: in the 3x5 font "T0" reads "TO")
    clauses = None  # the sentences after a turn's last part, with its index in out
    close = -1
    more = NONE  # the card a Spark flipped
    shuffled = -1  # the index in out of this apply's shuffle (its new Spread joins it)
    landed = False
    for code, a, b in g.events:
        if code == tf.EV_CREATED:
            r = g.ratings
            out.append("%sA new character: GRIT %d, HEART %d, CRAFT %d, WITS %d; Source %s, "
                       "%s." % (t, r[0], r[1], r[2], r[3], DOMAINS[a], ORIGINS[b]))
        elif code == tf.EV_SHUFFLE:
            out.append("%sThe deck is shuffled: %d cards." % (t, a))
            shuffled = len(out) - 1
        elif code == tf.EV_SPREAD:
            if a:
                text = "The Spread is kept."
            else:
                sp = g.spread
                text = "A new Spread: DRAW %s, WALL %s, PRIZE %s." % (
                    cards.name(sp[0]), cards.name(sp[1]), cards.name(sp[2]))
            if shuffled >= 0 and shuffled == len(out) - 1:  # dealt with the shuffle: one line
                out[-1] += " " + text
            else:
                out.append(t + text)
        elif code == tf.EV_FLIP:
            what = ("Power (%s)" % DOMAINS[a]) if g.powered else STATS[a]
            if g.target != NONE:
                what += " vs " + _threat(g.threat[g.target])
            out.append("+" + t + what)
        elif code == tf.EV_MORE:
            more = a
        elif code == tf.EV_KEPT:
            n = g.flip_n - (1 if more != NONE else 0)
            flipped = _list(g.flip, n)
            if more != NONE:
                flipped += " and a Spark's " + cards.name(more)
            out.append("+: %s, kept %s: %s, %s" % (flipped, cards.name(a), BANDS[b],
                                                    AXES[a // 13]))
        elif code == tf.EV_BUMP:
            out.append("+; a Spark bumps it to " + BANDS[a])
        elif code == tf.EV_OVERRULE:
            out.append("+; a Spark reads it as " + AXES[a])
        elif code == tf.EV_RESULT:
            if g.powered and a == tf.WRONG:  # "it happens anyway": the how comes next
                out.append("+. It happens anyway")
            else:
                out.append("=.")
                close = len(out) - 1
                clauses = []
        elif code == tf.EV_HOW:
            out.append("=; how: %s, %s." % (cards.name(a), AXES[a // 13]))
            close = len(out) - 1
            clauses = []
        elif code == tf.EV_STRIP:
            clauses.append("%s loses %s" % (_threat(a), "a Grip, %d left" % b if b else
                                            "its last Grip"))
        elif code == tf.EV_COST:
            clauses[-1] += ", and it costs you"
        elif code == tf.EV_DONE:
            clauses[-1] += ": it is done"
        elif code == tf.EV_HARM:
            clauses.append(("Harm %d" % a) if b == NONE else
                           "%s lands on you: Harm %d" % (_threat(b), a))
        elif code == tf.EV_OUT:
            out.append("%sOut: %s, %s." % (t, cards.name(a), DEFEATS[a // 13]))
        elif code == tf.EV_QUIET:
            if out and out[-1].startswith(t + "Out:"):  # (defeat's own Quiet)
                out[-1] += " Harm cleared, Spark %d." % a
            else:
                out.append("%sThe Quiet, in the character's own voice. Harm cleared, Spark %d."
                           % (t, a))
        elif code == tf.EV_END:
            out[-1] += " The fifth defeat: the story ends after %d turns." % a
        elif code == tf.EV_SCAR:
            out.append("%sScar: %s drops to %d." % (t, STATS[a], b))
        elif code == tf.EV_LANDING:
            landed = True
            out.append("+%sThe pressure lands: %s." % (t, _list(g.landed, g.landed_n)))
        elif code == tf.EV_ARRIVAL:  # (b: its slot, whose Grip this apply() just set)
            out.append("= %s arrives in the flesh: Grip %d.%s" % (
                _threat(a), g.grip[b], " It has a name." if a % 13 == 0 else ""))
        elif code == tf.EV_WORSENS:
            out.append("= %s: no body comes, the situation itself worsens." % cards.name(a))
        elif code == tf.EV_RESET:
            out[-1] += " The Pressure Die is back at %d." % a
        elif code == tf.EV_THREAT:
            out.append("%sA threat: %s, Grip %d.%s" % (t, _threat(a), g.grip[b],
                                                     " It has a name." if a % 13 == 0 else ""))
        elif code == tf.EV_SPARK:
            out.append("%sSpark draw: %s kept for the fiction. Spark %d." % (t, cards.name(a), b))
        elif code == tf.EV_ORACLE:
            out.append("%sOracle: %s, %s (how much: %d of 13)." % (
                t, "YES" if cards.is_red(a) else "NO", cards.name(a), a % 13 + 1))
        elif code == tf.EV_ROLL:
            out.append("%sThe d6 says %d." % (t, a))
        elif code == tf.EV_SCENE:
            out.append("%s--- Scene %d begins ---" % (t, a + 1))  # (the story's first: 1)
        # EV_TICK: the flip's spades say it; the die is given at the turn's end.
    if close >= 0:
        clauses.append("Pressure Die %d" % (0 if landed else g.pressure))
        for c in clauses:
            out[close] += " " + c + "."
    return out
