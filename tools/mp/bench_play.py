# The benchmarks' player through the app (MicroPython-clean), shared by bench_mp.py (which
# measures as it plays) and bench_fit.py (which only plays, to find the smallest heap, so it
# carries as little of its own as it can). It presses the buttons at random, A four times as
# often as each other button, and in the pause menu or a question answers B: it never quits.
# Every screen runs as on the device: the scene, the host, the game, game over, initials,
# the score table and the game's menu in between.
from deckdelve.buttons import A, B, DOWN, LEFT, RIGHT, UP
from deckdelve.rng import Rng

KEYS = (UP, DOWN, LEFT, RIGHT, A, A, A, A, B)
PRESS_CAP = 20000  # presses a play-out may take before it counts as unfinished


def new_app(seed, name):
    """The app on a 1 KiB frame buffer, its data in an emptied build/scratch/<name> (a name
    of its own for each process that may run beside another)."""
    import os

    import framebuf

    from deckdelve.app import App

    data = "build/scratch/" + name
    for p in ("build", "build/scratch", data):
        try:
            os.mkdir(p)
        except OSError:
            pass
    for f in os.listdir(data):
        os.remove(data + "/" + f)
    buf = bytearray(1024)
    app = App(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB), data, seed=seed)
    # A player past the first-run how-tos (measured here: the games, not the how-tos).
    from deckdelve import registry

    app.settings["seen"] = "*," + ",".join([g[0] for g in registry.GAMES])
    for _ in range(2):  # the title, then the boot check of every file (App.check_files)
        if app.frame(0):
            app.draw()
    return app


def play(app, key, options, seed, step, on_action=None):
    """One play-out: a new game of key (as the game menu starts it), played to its score
    table and back to the menu. step(presses) runs one frame; on_action() is called after
    every action the game takes. Returns (presses, actions, finished).

    Actions are counted at the game's apply() (wrapped for the play-out), not in the run's
    log: a campaign game (The Four) keeps no log. A game with no end of its own is left after
    PLAYOUT_TURNS turns. A campaign's slot is emptied first, as a
    player deleting it would: an ended campaign left in the slot would be continued, over at
    once, instead of a new game played."""
    from deckdelve import registry

    entry = registry.find(key)
    if len(entry) > 3 and "slots" in entry[3]:
        from deckdelve import campaigns

        campaigns.delete(app.data_dir, key, 0)  # the slot start_game opens
        campaigns = None
    entry = registry = None  # the app drops these modules when the game starts: so do we
    app.start_game(key, options, seed)
    step(0)
    counted = [0]
    game = app.stack[0].game
    apply = game.apply
    # A game with no end of its own (The Four's campaign) is left as from its pause menu
    # after PLAYOUT_TURNS turns, as the play-out tool stops it (playout_core.turn_cap, not imported
    # here: it would keep the registry in RAM while the game is measured).
    turns = getattr(type(game), "PLAYOUT_TURNS", 0)

    def counting_apply(action):
        apply(action)
        counted[0] += 1

    game.apply = counting_apply
    game = None  # hold nothing of the game: it leaves RAM when it ends
    rng = Rng(seed ^ 0x2A5A5)
    presses = 0
    taken = 0
    finished = True
    while True:
        name = type(app.stack[-1]).__name__
        if name == "GameOver":
            break
        if name == "Pause" or name == "Confirm":
            step(B)
            continue
        if presses >= PRESS_CAP:
            finished = False
            break
        step(KEYS[rng.below(len(KEYS))])
        presses += 1
        if counted[0] != taken:
            taken = counted[0]
            if on_action is not None:
                on_action()
            if turns and app.stack[0].game.turn >= turns:
                app.stack[0].close()  # the pause menu's Quit
                step(0)
                break
    while type(app.stack[-1]).__name__ in ("GameOver", "Initials", "Scores"):
        step(A)
    return presses, taken, finished
