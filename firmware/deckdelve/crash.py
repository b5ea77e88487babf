# After an unexpected exception inside a screen (a bug): the player sees its message, it is
# appended to the error log on flash (store.append_log), the game in progress is saved if its
# rules let it be saved now, and the menus come back (App.frame and App.draw catch it and call
# recover). Loaded only then.
from deckdelve.app import Screen, forget, hint, unload
from deckdelve.buttons import A, B
from deckdelve.ui import draw


def recover(app, error):
    message = "%s: %s" % (type(error).__name__, error)
    error = None  # (its traceback holds the screens that failed)
    host = app.stack[0] if app.stack else None
    key = getattr(host, "key", None)  # a GameHost: a game was running
    app.stack = []
    app.starting = None
    app.leaving = None
    kept = None
    store = app.store()
    if key is not None:
        game = host.game
        if getattr(host, "slot", None) is not None:
            kept = True  # a campaign is on flash already, saved after its last action
        else:
            view = ()
            try:
                kept = not game.over and game.can_save()
            except Exception:  # noqa: BLE001 - the game itself is broken: not saved
                kept = False
            try:
                view = host.view()
            except Exception:  # noqa: BLE001 - the scene is broken: the cursor starts afresh
                pass
            if kept:
                kept = store.save_run(key, host.seed, host.options, host.log,
                                      (host.pending, view))
        game = None
    host = None
    store.append_log(message)
    store = None
    if key is not None:
        unload(key)
        forget("host", "dialogs", "helpview")
    app.back_to_menus(key)
    app.push(Crash(app, message, kept))
    app.show_notices()


class Crash(Screen):
    """What the player sees after an unexpected error: its message, whether the run was
    kept (kept: None no game, True saved, False lost), and A or B back to the menu."""

    def __init__(self, app, message, kept):
        super().__init__(app)
        self.lines = draw.wrap(message, 124)[:5]
        self.kept = kept

    def press(self, button):
        if button == A or button == B:
            self.app.pop()
            forget("crash")

    def draw(self, fb):
        draw.text(fb, "SORRY, AN ERROR (IN ERROR.LOG):", 0, 0)
        fb.hline(0, 6, 128, 1)
        y = 9
        for line in self.lines:
            draw.text(fb, line, 2, y)
            y += draw.LINE
        if self.kept is not None:
            draw.text(fb, "YOUR RUN IS SAVED." if self.kept else "THE RUN COULD NOT BE KEPT.",
                      0, 46)
        hint(fb, "A:MENU")
