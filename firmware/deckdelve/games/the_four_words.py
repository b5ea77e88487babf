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

# The journal: the story as the player keeps it, read on the handheld, in tools/play/journal.py and
# on the page. One line per thing that happened, each "T:<turn> <sentence>": the story in the
# sheet's words, cards with their suit signs (UTF-8: the handheld shows them as its glyphs),
# what was kept and what it meant; the rules' detail (every card flipped, Spark spent, the
# Pressure Die) in square brackets, which the story view leaves out (story()) and the ledger
# view shows. A scene break is its own line, "T:<turn> --- Scene <n> ---", the next scene's
# heading. For example:
#   T:0 A new character: GRIT 2, HEART 2, CRAFT 1, WITS 3. Source: World, MARKED.
#   T:0 The deck is shuffled [52 cards]. The Spread: the Draw 6♦, the Wall 4♥, the Prize 2♦.
#   T:4 WITS against J♣, a Warden [flipped 3♠ 9♥; kept 9♥]: yes, but, about PEOPLE; with a
#       Spark [a band bumped]: it goes well. The Warden J♣ loses a Grip, 1 left. [Pressure Die 5]
# A Turn (or a Power) is one line, though it takes several actions (the flip, the card kept,
# Spark spent, the result): its parts are written as they happen, each beginning with "+",
# and its last part begins with "="; campaigns.py holds the line until then (in the slot's
# file: a stop loses none of it) and writes every other line at once. A landing whose card
# waits for a Spread's choice is written the same way.
#
# Words of a line read off the game after the apply() that made its events.

SUIT_SIGNS = "\u2660\u2665\u2666\u2663"  # spades, hearts, diamonds, clubs
HOW_IT_WENT = ("it goes wrong", "yes, but", "it goes well")  # (against no threat a MIXED band
# reads "no, but" as well: the player says which)
HOW_MUCH = ("barely", "somewhat", "clearly", "overwhelmingly")  # the Oracle's rank, in four


def card(c):
    """A card as the journal writes it: '10♥'."""
    n = cards.name(c)
    return n[:-1] + SUIT_SIGNS[c // 13]


def _threat(c):
    return "%s, a %s" % (card(c), THREATS[c // 13])


def _the(c):
    return "the %s %s" % (THREATS[c // 13], card(c))


def _list(buf, n):
    return " ".join([card(buf[i]) for i in range(n)])


def story(line):
    """A journal line as the story view shows it: without its "T:<turn> " and its detail in
    square brackets; a scene's line is its heading ("Scene 2"). (text, True for a heading).
    A line the game did not write (a note of the player's own) is shown whole."""
    if line[:2] != "T:":
        return line, False
    i = line.find(" ")
    text = line[i + 1:] if i > 0 else ""
    if text[:4] == "--- ":
        return text.strip("- "), True
    out = ""
    while True:
        a = text.find(" [")
        b = text.find("]", a)
        if a < 0 or b < 0:
            return out + text, False
        out += text[:a]
        text = text[b + 1:]


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
            out.append("%sA new character: GRIT %d, HEART %d, CRAFT %d, WITS %d. Source: %s, "
                       "%s." % (t, r[0], r[1], r[2], r[3], DOMAINS[a], ORIGINS[b]))
        elif code == tf.EV_SHUFFLE:
            out.append("%sThe deck is shuffled [%d cards]." % (t, a))
            shuffled = len(out) - 1
        elif code == tf.EV_SPREAD:
            if a:
                text = "The Spread stays."
            else:
                sp = g.spread
                text = "The Spread: the Draw %s, the Wall %s, the Prize %s." % (
                    card(sp[0]), card(sp[1]), card(sp[2]))
            if shuffled >= 0 and shuffled == len(out) - 1:  # dealt with the shuffle: one line
                out[-1] += " " + text
            else:
                out.append(t + text)
        elif code == tf.EV_FLIP:
            what = ("Power (%s)" % DOMAINS[a]) if g.powered else STATS[a]
            if g.target != NONE:
                what += " against " + _threat(g.threat[g.target])
            out.append("+" + t + what)
        elif code == tf.EV_MORE:
            more = a
        elif code == tf.EV_KEPT:
            n = g.flip_n - (1 if more != NONE else 0)
            flipped = _list(g.flip, n)
            if more != NONE:
                flipped += "; a Spark flips " + card(more)
            out.append("+ [flipped %s; kept %s]: %s, about %s" % (
                flipped, card(a), HOW_IT_WENT[b], AXES[a // 13]))
        elif code == tf.EV_BUMP:
            out.append("+; with a Spark [a band bumped]: %s" % HOW_IT_WENT[a])
        elif code == tf.EV_OVERRULE:
            out.append("+; with a Spark [the suit overruled]: about " + AXES[a])
        elif code == tf.EV_RESULT:
            if g.powered and a == tf.WRONG:  # "it happens anyway": the how comes next
                out.append("+. It happens anyway")
            else:
                out.append("=.")
                close = len(out) - 1
                clauses = []
        elif code == tf.EV_HOW:
            out.append("=; how: %s, %s." % (card(a), AXES[a // 13]))
            close = len(out) - 1
            clauses = []
        elif code == tf.EV_STRIP:
            clauses.append("%s loses %s" % (_the(a)[0].upper() + _the(a)[1:],
                                            "a Grip, %d left" % b if b else "its last Grip"))
        elif code == tf.EV_COST:
            clauses[-1] += ", and it costs you"
        elif code == tf.EV_DONE:
            clauses[-1] += ": it is done"
        elif code == tf.EV_HARM:
            clauses.append(("Harm %d" % a) if b == NONE else
                           "%s lands on you: Harm %d" % (_the(b)[0].upper() + _the(b)[1:], a))
        elif code == tf.EV_OUT:
            out.append("%sOut: %s [%s]." % (t, DEFEATS[a // 13], card(a)))
        elif code == tf.EV_QUIET:
            if out and out[-1].startswith(t + "Out:"):  # (defeat's own Quiet)
                out[-1] += " Harm cleared, Spark %d." % a
            else:
                out.append("%sThe Quiet, in the character's own voice: Harm cleared, Spark %d."
                           % (t, a))
        elif code == tf.EV_END:
            out[-1] += " The fifth defeat: the story ends after %d turns." % a
        elif code == tf.EV_SCAR:
            out.append("%sA Scar: %s drops to %d." % (t, STATS[a], b))
        elif code == tf.EV_LANDING:
            landed = True
            out.append("+%sThe pressure lands: %s." % (t, _list(g.landed, g.landed_n)))
        elif code == tf.EV_ARRIVAL:  # (b: its slot, whose Grip this apply() just set)
            out.append("= %s, arrives in the flesh: Grip %d.%s" % (
                _threat(a), g.grip[b], " It has a name." if a % 13 == 0 else ""))
        elif code == tf.EV_WORSENS:
            out.append("= No body comes: the situation itself worsens, about %s [%s]." % (
                AXES[a // 13], card(a)))
        elif code == tf.EV_RESET:
            out[-1] += " [The Pressure Die is back at %d.]" % a
        elif code == tf.EV_THREAT:
            out.append("%sA threat: %s (%s), Grip %d.%s" % (
                t, _threat(a), THREAT_WORDS[a // 13], g.grip[b],
                " It has a name." if a % 13 == 0 else ""))
        elif code == tf.EV_SPARK:
            out.append("%sA spark for the fiction: %s, %s [of %s]. Spark %d." % (
                t, card(a), AXES[a // 13], _list(g.flip, 2), b))
        elif code == tf.EV_ORACLE:
            rank = a % 13 + 1  # (D14: A = 1 .. K = 13)
            out.append("%sThe Oracle: %s, %s [%s: %d of 13]." % (
                t, "yes" if cards.is_red(a) else "no", HOW_MUCH[(rank - 1) * 4 // 13], card(a),
                rank))
        elif code == tf.EV_ROLL:
            out.append("%sThe other d6 says %d." % (t, a))
        elif code == tf.EV_SCENE:
            out.append("%s--- Scene %d ---" % (t, a + 1))  # (the story's first: scene 1)
        # EV_TICK: the flip's spades say it; the die is given at the turn's end.
    if close >= 0:
        text = ""
        for c in clauses:
            text += " " + c + "."
        out[close] += "%s [Pressure Die %d]" % (text, 0 if landed else g.pressure)
    return out
