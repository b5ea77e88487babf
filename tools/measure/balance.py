"""Balance report: how often each game is won, by which bot, in which mode; plots of scores.

    python -m tools.measure.balance                 docs/BALANCE.md and docs/balance/*.png
    python -m tools.measure.balance --quick         a small sample (under two minutes) in
    build/quick/
    python -m tools.measure.balance --games 500 --out DIR

Every game in deckdelve.registry.GAMES, every mode its registry line offers (a game with no
options has one), every bot: the random one and each heuristic bot in tools/mp/bots_<key>.py
(its BOTS). Games are played through the game contract only, with the play-out tool's bots and
its bot seeding, on seeds 1, 2, 3...; a seed is the deal the simulator shows with
`python -m host_sim --game KEY --seed S`, and the best and worst runs are replayed through the
simulator's app to prove it. Both CPU cores play, niced.
"""

import json
import math
import multiprocessing
import os
import sys
import time

from tools import FIRMWARE, MP_TOOLS, ROOT, on_path

on_path(FIRMWARE, MP_TOOLS)

from deckdelve import registry  # noqa: E402

FULL_GAMES = 10000
# CPU seconds one (game, mode, bot) may take in a full run; a slower one plays fewer games
# (never under MIN_GAMES) and the report says so.
FULL_BUDGET = 240.0
MIN_GAMES = 200
QUICK_GAMES = 150
CHUNK = 50


# -- what is measured ----------------------------------------------------------------------
def modes(entry):
    """(label, options) of each mode of a registry entry; one unnamed mode when it has none."""
    return entry[2] if entry[2] else (("", ()),)


def bots(key):
    """The random bot, then every heuristic bot of tools/mp/bots_<key>.py (if there is one)."""
    try:
        module = __import__("bots_" + key)
    except ImportError:
        return ["random"]
    return ["random"] + list(module.BOTS)


def configurations():
    out = []
    for entry in registry.GAMES:
        for label, options in modes(entry):
            for bot in bots(entry[0]):
                out.append((entry[0], label, tuple(options), bot))
    return out


def find_bot(key, name):
    import playout_core

    return playout_core.find_bot(key, name)


def play(key, seed, options, bot):
    """One game to its end with a bot (a function, see find_bot) and the play-out tool's bot
    seed. Returns the game and its action log (a list)."""
    import playout_core
    from deckdelve.rng import Rng

    cls = registry.load(key).Game
    rng = Rng(seed ^ 0x2A5A5)  # as playout_core.play_one, so a seed is the same run there
    game = cls(seed, options)
    turns = endless_turns(key)
    log = []
    while not playout_core.finished(game, turns):
        if len(log) >= playout_core.MAX_STEPS:
            raise RuntimeError("no end after %d actions (seed %d)" % (len(log), seed))
        a = bot(game, rng)
        game.apply(a)
        log.append(a)
    return game, log


def endless_turns(key):
    """The turns a play-out plays of game `key` (0: it ends by itself); see playout_core."""
    import playout_core

    return playout_core.turn_cap(registry.load(key).Game)


def _nice():
    try:
        os.nice(10)
    except OSError:
        pass


def _play_chunk(job):
    """Worker: play seeds and return a row per game: (seed, won, score, actions, progress,
    extra) with progress -1 for a game without progress(); extra is a game-specific figure
    (see EXTRA), or None."""
    key, options, bot_name, seeds = job
    extra = EXTRA.get(key)
    bot = find_bot(key, bot_name)
    rows = []
    for s in seeds:
        game, log = play(key, s, options, bot)
        prog = game.progress() if hasattr(game, "progress") else -1
        rows.append((s, 1 if game.won else 0, game.score, len(log), prog,
                     extra(game, log) if extra else None))
    return rows


def _solatro_tokens(game, log):
    """Bit mask of the shop tokens bought in a Solatro run."""
    from deckdelve.games import solatro as S

    mask = 0
    for a in log:
        if a & S.KIND_MASK == S.BUY:
            mask |= 1 << (a & 0xF)
    return mask


def _threats_met(game, log):
    """The threats a The Four campaign met."""
    return game.met


EXTRA = {"solatro": _solatro_tokens, "the_four": _threats_met}


def seconds_per_game(key, options, bot_name, n=12):
    bot = find_bot(key, bot_name)
    start = time.process_time()
    for s in range(1, n + 1):
        play(key, s, options, bot)
    return (time.process_time() - start) / n


def run_configuration(pool, key, options, bot, games, budget):
    """Rows for one (game, mode, bot), and why fewer than `games` were played (or "")."""
    note = ""
    if budget:
        per = seconds_per_game(key, options, bot)
        fit = int(budget / per) // 500 * 500
        if fit < games:
            games = max(MIN_GAMES, fit)
            note = "%.0f ms a game on CPython: %d games fit the %.0f s budget" % (
                per * 1000, games, budget)
    jobs = [(key, options, bot, list(range(s, min(s + CHUNK, games + 1))))
            for s in range(1, games + 1, CHUNK)]
    rows = []
    for part in pool.imap(_play_chunk, jobs):
        rows.extend(part)
    return rows, note


# -- statistics ----------------------------------------------------------------------------
def wilson(wins, n, z=1.96):
    """95% Wilson score interval of a proportion, as (low, high)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def summarise(rows):
    n = len(rows)
    wins = sum(r[1] for r in rows)
    low, high = wilson(wins, n)
    best = max(rows, key=lambda r: (r[2], -r[0]))
    worst = min(rows, key=lambda r: (r[2], r[3], r[0]))
    return {
        "games": n, "wins": wins, "rate": wins / n, "low": low, "high": high,
        "mean_score": sum(r[2] for r in rows) / n,
        "mean_actions": sum(r[3] for r in rows) / n,
        "best": best, "worst": worst,
    }


def histogram(values):
    out = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return out


def pct(x):
    return "%.1f%%" % (100 * x)


# -- the seed check ------------------------------------------------------------------------
def replays_in_simulator(key, options, seed, bot):
    """True if the simulator started with --game key --seed seed deals the same game: the
    play-out's actions, given to the simulator's running game, end it (or, for a game with no
    end of its own, bring it to the play-out's last turn) with the same score."""
    import tempfile

    from host_sim.sim import Sim

    game, log = play(key, seed, options, find_bot(key, bot))
    with tempfile.TemporaryDirectory() as data:
        sim = Sim(data, seed=seed, game=key, options=options)
        sim.app.frame(0)  # the game starts at the end of the first frame
        host = sim.app.stack[0]
        for a in log:
            host.act(a)
        import playout_core

        return (playout_core.finished(host.game, endless_turns(key))
                and host.game.score == game.score and host.game.won == game.won)


# -- the report ----------------------------------------------------------------------------
def mode_name(label):
    return label or "-"


def row_name(key, label, bot):
    """How a row is named in a sentence: `bot` in a mode, or `bot` alone."""
    return "`%s` in %s" % (bot, label) if label else "`%s`" % bot


def sim_command(key, options, seed):
    opt = " --options %s" % ",".join(options) if options else ""
    return "`python -m host_sim --game %s%s --seed %d`" % (key, opt, seed)


def plot_game(key, title, results, path):
    """One PNG per game: for every mode, the score distribution of each bot, and where the
    runs ended (progress) when the game reports it."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = []
    for (k, label, _o, _b) in results:
        if k == key and label not in labels:
            labels.append(label)
    has_progress = any(r[4] >= 0 for (k, _l, _o, _b), v in results.items() if k == key
                       for r in v["rows"][:1])
    nrows = 2 if has_progress else 1
    from matplotlib.ticker import MaxNLocator

    fig, axes = plt.subplots(nrows, len(labels), figsize=(4.2 * len(labels), 3.2 * nrows),
                             squeeze=False)
    for col, label in enumerate(labels):
        runs = [(b, v) for (k, lab, _o, b), v in results.items() if k == key and lab == label]
        ax = axes[0][col]
        every = [r[2] for _b, v in runs for r in v["rows"]]
        low, high = min(every), max(every)
        # The same bins for every bot, and % of each bot's runs: bots compare by eye.
        step = max(1, -(-(high - low + 1) // 40))
        bins = list(range(low, high + step + 1, step))
        for bot, v in runs:
            scores = [r[2] for r in v["rows"]]
            ax.hist(scores, bins=bins, histtype="step", linewidth=1.5,
                    weights=[100.0 / len(scores)] * len(scores),
                    label="%s (%d games)" % (bot, len(scores)))
        ax.set_title("%s %s: score" % (title, label) if label else "%s: score" % title)
        ax.set_xlabel("score at the end")
        ax.set_ylabel("% of runs")
        ax.legend(fontsize=7)
        if has_progress:
            ax = axes[1][col]
            width = 0.8 / max(1, len(runs))
            for i, (bot, v) in enumerate(runs):
                h = histogram(r[4] for r in v["rows"])
                xs = sorted(h)
                ax.bar([x + (i - (len(runs) - 1) / 2) * width for x in xs],
                       [100.0 * h[x] / len(v["rows"]) for x in xs], width=width, label=bot)
            ax.set_xlabel(PROGRESS_WORDS.get(key, "progress() at the end"))
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.set_ylabel("% of runs")
            ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)


# What progress() counts, in a game's own words (a game without an entry: "progress()").
PROGRESS_WORDS = {
    "rogue_solitaire": "floors cleared",
    "mini_rogue": "area reached (1..14)",
    "red_queen": "enemies defeated (12 = win)",
    "solatro": "round reached",
    "the_four": "Scars taken (5 = the story ended)",
}


def findings_rogue_solitaire(results, out):
    quick = results.get(("rogue_solitaire", "Quick play", (), "greedy"))
    camp = results.get(("rogue_solitaire", "Campaign", ("campaign",), "greedy"))
    if quick:
        s = quick["summary"]
        lost = s["games"] - s["wins"]
        low, high = wilson(lost, s["games"])
        out.append("- **First floor.** The greedy bot does not win the first floor in %s of "
                   "quick-play deals (%d of %d; 95%% CI %s to %s)." % (
                       pct(lost / s["games"]), lost, s["games"], pct(low), pct(high)))
    if camp:
        rows = camp["rows"]
        h = histogram(r[4] for r in rows)
        first = h.get(0, 0)
        deeper = sum(v for k, v in h.items() if k >= 5)
        out.append("- **Campaign.** %s of greedy campaigns end on the first floor, %s get past "
                   "floor 5, %s win all ten. Floors cleared: %s." % (
                       pct(first / len(rows)), pct(deeper / len(rows)),
                       pct(camp["summary"]["rate"]),
                       ", ".join("%d: %d" % (k, h[k]) for k in sorted(h))))
    rnd = results.get(("rogue_solitaire", "Quick play", (), "random"))
    if rnd:
        out.append("- The random bot wins %s of quick plays: the game cannot be won by "
                   "wandering." % pct(rnd["summary"]["rate"]))


def findings_the_four(results, out):
    turns = endless_turns("the_four")
    out.append("- **No win, by the rules.** A campaign goes on until the fifth defeat ends the "
               "story; the play-outs stop a campaign at %d turns, so every row's win rate is 0 "
               "and its score is the turns played." % turns)
    for bot in bots("the_four"):
        r = results.get(("the_four", "", (), bot))
        if not r:
            continue
        rows = r["rows"]
        ended = [row for row in rows if row[4] == 5]
        scars = histogram(row[4] for row in rows)
        words = "- `%s`: the story ended within %d turns in %s of %d campaigns" % (
            bot, turns, pct(len(ended) / len(rows)), len(rows))
        if ended:
            met = sorted(row[5] for row in ended)
            length = sorted(row[2] for row in ended)
            words += ("; those met %d threats before the end (median; 10th to 90th percentile "
                      "%d to %d) over %d turns (median)" % (
                          met[len(met) // 2], met[len(met) // 10], met[(len(met) * 9) // 10],
                          length[len(length) // 2]))
        met_all = sum(row[5] for row in rows) / len(rows)
        words += ". Threats met per campaign: %.1f on average. Scars taken: %s." % (
            met_all, ", ".join("%d: %d" % (k, scars[k]) for k in sorted(scars)))
        out.append(words)


def findings_mini_rogue(results, out):
    from deckdelve.games import mini_rogue as mr

    def where(area):
        level = mr.level_of(area)
        return "level %d, %s%s" % (level, mr.LEVEL_NAMES[level - 1],
                                   ", a boss area" if mr.is_boss_area(area) else "")

    for label, options in dict(registry.find("mini_rogue")[2]).items():
        r = results.get(("mini_rogue", label, options, "greedy"))
        if not r:
            continue
        n = len(r["rows"])
        wins = r["summary"]["wins"]
        h = histogram(x[4] for x in r["rows"] if not x[1])
        lost = sorted(((v, k) for k, v in h.items()), reverse=True)
        ends_text = ", ".join("area %d (%s, %s)" % (k, where(k), pct(v / n))
                              for v, k in lost[:3])
        out.append("- **%s:** greedy wins %s; the lost runs end most often at %s." % (
            label, pct(wins / n), ends_text or "no area (none lost)"))


def findings_solatro(results, out, token_test):
    from deckdelve.games import solatro as S

    if token_test:
        out.append("- **Shop tokens.** The `%s` bot, made to buy only one kind of token (when "
                   "it can afford it) and nothing else, on the same %d seeds; rounds reached "
                   "on average:" % (token_test["bot"], token_test["games"]))
        out.append("")
        out.append("| bought | mean round reached | vs buying nothing (same seeds, 95% CI) |")
        out.append("|---|---|---|")
        for t, name in enumerate(token_test["names"] + ["nothing"]):
            d, half = token_test["diffs"][t]
            out.append("| %s | %.2f | %+.2f ± %.2f |" % (name, token_test["means"][t], d, half))
        best = max(range(len(token_test["names"])), key=lambda t: token_test["means"][t])
        out.append("")
        out.append("  The most helpful token for this bot is **%s**." % token_test["names"][best])
        idle = [token_test["names"][t] for t in range(len(token_test["names"]))
                if token_test["diffs"][t] == [0.0, 0.0] or token_test["diffs"][t] == (0.0, 0.0)]
        if idle:
            out.append("  Buying %s changed no run at all: the bots buy it but never use it, a "
                       "weakness of the bots (`tools/mp/bots_solatro.py`), not a verdict on "
                       "the token." % " or ".join(idle))
    for bot in ("greedy", "discard"):
        r = results.get(("solatro", "", (), bot))
        if r:
            h = histogram(x[4] for x in r["rows"])
            top = max(h, key=lambda k: h[k])
            n = len(r["rows"])
            ranks = ", ".join("%s (survive %d rounds) %s" % (
                name, need, pct(sum(1 for x in r["rows"] if x[2] - 1 >= need) / n))
                for need, name in S.RANKS)
            out.append("- `%s` runs most often end in round %d (%s); mean round %.2f. Ranks "
                       "reached: %s." % (bot, top, pct(h[top] / n), r["summary"]["mean_score"],
                                         ranks))


def _solatro_token_job(job):
    token, seeds, base_bot = job
    import bots_solatro
    from deckdelve.games import solatro as S

    inner = getattr(bots_solatro, base_bot)

    def only(game, rng):
        if game.phase == S.SHOP:
            want = S.BUY | token
            return want if token >= 0 and want in game.actions() else S.LEAVE
        return inner(game, rng)

    reached = []
    for s in seeds:
        game, _log = play("solatro", s, (), only)
        reached.append(game.progress())
    return reached


def solatro_token_test(pool, games, base_bot="discard"):
    from deckdelve.games import solatro as S

    names = list(S.TOKEN_NAMES)
    reached = []
    for t in list(range(len(names))) + [-1]:
        jobs = [(t, list(range(s, min(s + CHUNK, games + 1))), base_bot)
                for s in range(1, games + 1, CHUNK)]
        runs = []
        for part in pool.imap(_solatro_token_job, jobs):
            runs.extend(part)
        reached.append(runs)
    means = [sum(r) / games for r in reached]
    # Each token against buying nothing on the same seeds: the mean of the paired differences
    # and its 95% interval (normal approximation).
    diffs = []
    for runs in reached:
        d = [a - b for a, b in zip(runs, reached[-1])]
        m = sum(d) / games
        var = sum((x - m) ** 2 for x in d) / (games - 1) if games > 1 else 0.0
        diffs.append((m, 1.96 * math.sqrt(var / games)))
    return {"bot": base_bot, "games": games, "names": names, "means": means, "diffs": diffs}


def machine():
    import platform

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "%s, %d cores, Python %s" % (cpu, os.cpu_count() or 1, platform.python_version())


def write_report(out_dir, results, notes, token_test, quick, seconds, checks):
    plots = os.path.join(out_dir, "balance")
    os.makedirs(plots, exist_ok=True)
    lines = ["# Balance", ""]
    lines.append("Made by `python -m tools.measure.balance%s` (`make balance`) in %.0f s on %s. "
                 "Seeds "
                 "1, 2, 3... for every row; the bots are the play-out tool's "
                 "(`tools/mp/playout_core.py`, `tools/mp/bots_<game>.py`), with its bot "
                 "seeding, so a row's seed is the same run there. Win rates carry a 95%% "
                 "Wilson interval." % (" --quick" if quick else "", seconds, machine()))
    if quick:
        lines += ["", "**A quick sample (%d games a row): too few for the figures to mean "
                  "much; `make balance` plays the full report.**" % QUICK_GAMES]
    lines.append("")
    for entry in registry.GAMES:
        key, title = entry[0], entry[1]
        lines += ["## %s (`%s`)" % (title, key), ""]
        game_bots = bots(key)
        if game_bots == ["random"]:
            lines += ["No heuristic bot yet (`tools/mp/bots_%s.py`): the random one only." % key,
                      ""]
        lines.append("| mode | bot | games | win rate (95% CI) | mean score | mean actions | "
                     "best run | worst run |")
        lines.append("|---|---|---|---|---|---|---|---|")
        for label, options in modes(entry):
            for bot in game_bots:
                k = (key, label, tuple(options), bot)
                s = results[k]["summary"]
                lines.append("| %s | %s | %d | %s (%s to %s) | %.1f | %.1f | seed %d: %d | "
                             "seed %d: %d |" % (
                                 mode_name(label), bot, s["games"], pct(s["rate"]),
                                 pct(s["low"]), pct(s["high"]), s["mean_score"],
                                 s["mean_actions"], s["best"][0], s["best"][2], s["worst"][0],
                                 s["worst"][2]))
        lines.append("")
        for k in results:
            if k[0] == key and notes.get(k):
                lines.append("- Fewer games for %s: %s." % (row_name(*k[:2], k[3]), notes[k]))
        for k, ok in checks.items():
            if k[0] == key:
                lines.append("- The best and worst runs of %s are the deals %s and %s: %s." % (
                    row_name(k[0], k[1], k[3]), sim_command(key, k[2], ok[0]),
                    sim_command(key, k[2], ok[1]),
                    "the simulator's game, given the same actions, ends with the same score"
                    if ok[2] else "**MISMATCH: the simulator deals another game**"))
        lines.append("")
        png = "%s.png" % key
        plot_game(key, title, {k: v for k, v in results.items() if k[0] == key},
                  os.path.join(plots, png))
        lines += ["![%s: score distribution per bot and mode](balance/%s)" % (title, png), ""]
        finding = []
        if key == "rogue_solitaire":
            findings_rogue_solitaire(results, finding)
        elif key == "mini_rogue":
            findings_mini_rogue(results, finding)
        elif key == "solatro":
            findings_solatro(results, finding, token_test)
        elif key == "the_four":
            findings_the_four(results, finding)
        if not endless_turns(key):  # win rates mean nothing for a game that cannot be won
            finding += difficulty_words(key, entry, results)
        if finding:
            lines += ["### What the numbers say", ""] + finding + [""]
    path = os.path.join(out_dir, "BALANCE.md")
    with open(path, "w") as f:
        f.write("\n".join(lines).rstrip() + "\n")
    return path


def difficulty_words(key, entry, results):
    """Plain words on each mode's difficulty and the heuristic bot's margin over random."""
    out = []
    for label, options in modes(entry):
        best = None
        for bot in bots(key):
            s = results[(key, label, tuple(options), bot)]["summary"]
            if best is None or s["rate"] > best[1]["rate"]:
                best = (bot, s)
        rate = best[1]["rate"]
        name = label if label else entry[1]
        if rate == 0:
            best = max(((bot, results[(key, label, tuple(options), bot)]["summary"])
                        for bot in bots(key)), key=lambda b: b[1]["mean_score"])
            out.append("- %s: no bot wins a run; the best by score is `%s` (mean %.1f)." % (
                name, best[0], best[1]["mean_score"]))
            continue
        if rate >= 0.6:
            word = "easy for a careful player"
        elif rate >= 0.25:
            word = "fair: won often, not always"
        elif rate >= 0.05:
            word = "hard"
        else:
            word = "very hard, or the bots are still weak at it"
        out.append("- %s: the best bot (`%s`) wins %s: %s." % (name, best[0], pct(rate), word))
        rnd = results[(key, label, tuple(options), "random")]["summary"]
        if rnd["rate"] >= 0.2:
            out.append("  Random play wins %s: many deals are won whatever the player "
                       "does%s." % (pct(rnd["rate"]), "; the heuristic bot adds only %s" % (
                           pct(rate - rnd["rate"])) if rate - rnd["rate"] < 0.2 else ""))
        rows = results[(key, label, tuple(options), best[0])]["rows"]
        if rows[0][4] >= 0:
            ends = sorted(r[4] for r in rows)
            n = len(ends)
            out.append("  `%s` runs end at %s %d (median; 10th to 90th percentile %d to %d)."
                       % (best[0], PROGRESS_WORDS.get(key, "progress()"), ends[n // 2],
                          ends[n // 10], ends[(n * 9) // 10]))
        if best[0] != "random" and rnd["mean_score"] >= best[1]["mean_score"]:
            out.append("  The heuristic bot scores no better than random here: it is weak.")
    return out


def measure(games, budget, workers):
    """Play every row; the results, notes, the token test and the simulator checks."""
    start = time.time()
    results = {}
    notes = {}
    with multiprocessing.Pool(max(1, workers), initializer=_nice) as pool:
        for conf in configurations():
            key, label, options, bot = conf
            rows, note = run_configuration(pool, key, options, bot, games, budget)
            results[conf] = {"rows": rows, "summary": summarise(rows)}
            notes[conf] = note
            s = results[conf]["summary"]
            print("%-16s %-10s %-8s %6d games  won %s" % (key, mode_name(label), bot,
                                                          s["games"], pct(s["rate"])),
                  flush=True)
        token_test = None
        solatro_bots = [b for b in bots("solatro") if b != "random"]
        if registry.find("solatro") and solatro_bots:
            # The discard bot reaches the shop most often: the token's effect shows best.
            base = "discard" if "discard" in solatro_bots else solatro_bots[0]
            token_test = solatro_token_test(pool, max(3, games // 20), base)
    checks = {}
    for conf, v in results.items():
        key, _label, options, bot = conf
        if bot == "random":
            continue
        best, worst = v["summary"]["best"][0], v["summary"]["worst"][0]
        ok = (replays_in_simulator(key, options, best, bot)
              and replays_in_simulator(key, options, worst, bot))
        checks[conf] = (best, worst, ok)
    return {"rows": {k: v["rows"] for k, v in results.items()}, "notes": notes,
            "token_test": token_test, "checks": checks, "seconds": time.time() - start}


def _conf_text(conf):
    return "%s|%s|%s|%s" % (conf[0], conf[1], ",".join(conf[2]), conf[3])


def _conf_tuple(text):
    key, label, options, bot = text.split("|")
    return key, label, tuple(o for o in options.split(",") if o), bot


def save(run, path):
    out = dict(run)
    for part in ("rows", "notes", "checks"):
        out[part] = {_conf_text(k): v for k, v in run[part].items()}
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(out, f)


def load(path):
    with open(path) as f:
        run = json.load(f)
    for part in ("rows", "notes", "checks"):
        run[part] = {_conf_tuple(k): v for k, v in run[part].items()}
    run["rows"] = {k: [tuple(r) for r in v] for k, v in run["rows"].items()}
    return run


def main(argv=None):
    from host_sim.__main__ import Parser, bad_data_dir

    ap = Parser(prog="python -m tools.measure.balance", description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="a small sample, under two minutes")
    ap.add_argument("--games", type=int, help="games per game, mode and bot "
                    "(default %d; --quick %d)" % (FULL_GAMES, QUICK_GAMES))
    ap.add_argument("--budget", type=float, help="CPU seconds a row may take before it plays "
                    "fewer games (default %.0f; 0 = no limit)" % FULL_BUDGET)
    ap.add_argument("--out", help="folder for BALANCE.md and balance/ (default docs, "
                    "--quick build/quick)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--from", dest="data", metavar="JSON",
                    help="write the report and plots from a run's saved games "
                    "(build/balance*.json) instead of playing")
    args = ap.parse_args(argv)
    if args.games is not None and not 1 <= args.games <= 10**6:
        ap.error("--games must be between 1 and 1000000")
    games = args.games or (QUICK_GAMES if args.quick else FULL_GAMES)
    if args.budget is not None and not 0 <= args.budget <= 10**6:  # (NaN fails both)
        ap.error("--budget must be between 0 and 1000000 seconds")
    if not 1 <= args.workers <= 256:
        ap.error("--workers must be between 1 and 256")
    if args.out is not None:  # checked now, not after twenty minutes of games
        why = bad_data_dir(args.out)
        if why:
            ap.error("--out %s: %s" % (args.out, why))
    budget = args.budget if args.budget is not None else (0 if args.quick else FULL_BUDGET)
    out_dir = args.out or (os.path.join(ROOT, "build", "quick") if args.quick
                           else os.path.join(ROOT, "docs"))
    if args.data:
        try:
            run = load(args.data)
        except (OSError, ValueError, KeyError) as e:
            print("cannot read %s: %s" % (args.data, e), file=sys.stderr)
            return 2
    else:
        run = measure(games, budget, args.workers)
        run["quick"] = args.quick
        # Beside a report asked for elsewhere (--out), else in build/ (not beside docs/).
        saved = (os.path.join(args.out, "balance.json") if args.out else
                 os.path.join(ROOT, "build", "balance%s.json" % ("-quick" if args.quick else "")))
        save(run, saved)
        print("games saved in %s" % os.path.relpath(saved, ROOT))
    results = {k: {"rows": v, "summary": summarise(v)} for k, v in run["rows"].items()}
    path = write_report(out_dir, results, run["notes"], run["token_test"], run["quick"],
                        run["seconds"], run["checks"])
    print("wrote %s" % os.path.relpath(path, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
