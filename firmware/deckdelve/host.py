# Runs one game: its scene, the run's action log (for saves and replays), the game's events
# shown as messages, the pause menu, and the way out to the results screens.
from array import array

from deckdelve import sound
from deckdelve.buttons import A, B
from deckdelve.app import Screen, forget, load, mode_title, table_key
from deckdelve.ui import draw

# A campaign's writes still to be done (GameHost.unsaved): an action's, the screen's alone.
ACTION = 1
SCREEN = 2


class GameHost(Screen):
    """Runs one game: its scene, the run's action log, event messages, pause, game over."""

    def __init__(self, app, entry, options, seed, log=None, slot=None, screen=None):
        super().__init__(app)
        self.entry = entry  # the game's line in deckdelve/registry.py
        self.key = key = entry[0]
        self.options = options
        self.seed = seed
        rules = __import__("deckdelve.games." + key, None, None, ("Game",))
        self.rules = rules
        self.log = array("H")
        # A campaign slot (deckdelve/campaigns.py): the game is its snapshot on flash, saved
        # after every action; continuing one reads it and never consumes it.
        self.slot = slot
        self.campaign = None
        self.unsaved = 0  # the campaign's writes still to be done: ACTION, SCREEN (see act)
        if slot is not None:
            self.campaign = load("campaigns", "Campaign")(app.data_dir, key, slot, app.notices)
            self.game = self.campaign.load(rules.Game)
            if self.game is None:
                self.game = rules.Game(seed, options)
                self.campaign.start(self.game)
                log = None
            else:
                log = ()  # shown like a continued run's: its events were seen before
        else:
            self.game = rules.Game(seed, options)
        if log:
            for a in log:
                self.game.apply(a)
                self.log.append(a)
        ui = __import__("deckdelve.ui." + key, None, None, ("Scene",))
        # What was open over a campaign when it stopped, to open again (see reopen): the
        # pause menu's cursor + 1 and its rules' first line + 1 (0: not open).
        self.reopened = [0, 0]
        self.pending = []
        self.known_achievements = 0  # (read once the first frame is on the display: started)
        self.scene = ui.Scene(self)
        # The app calls the top screen's tick() every frame: the scene's own, with no call of
        # this host's between (an idle frame's cycles are mostly calls: docs/BENCHMARKS-pico.md).
        self.tick = self.scene.tick
        if log is None:
            # The deal itself may be an event (a fight on the first draw): shown like any
            # action's. A continued run's events belong to its last action, already seen.
            self._queue_events()
        elif self.campaign is not None:
            # A campaign comes back on the screen it was left on: the messages still to be
            # read, and the scene's own view (its page, list and cursor).
            self.pending = list(self.campaign.messages)
            set_view = getattr(self.scene, "set_view", None)
            if set_view is not None:
                view = self.campaign.view
                n = len(self.scene.view())
                if len(view) == n + len(self.reopened):  # (an older file: the scene's alone)
                    self.reopened = view[n:]
                    view = view[:n]
                set_view(view)
                read = getattr(self.scene, "read_story", None)
                if read is not None and self.game.over:
                    read()  # an ended story, reopened from its slot menu's "Read the story"
        elif self.game.over:
            self.pending.append("This run had already ended.")
        elif screen is not None:
            # A run continued after a stop comes back on the screen it was left on (issue 33):
            # the messages still to read, and the scene's own view (its cursor).
            self.pending = list(screen[0])
            set_view = getattr(self.scene, "set_view", None)
            if set_view is not None and screen[1]:
                set_view(screen[1])

    # -- what scenes call --------------------------------------------------------------------
    def act(self, action):
        if self.unsaved & ACTION:
            # (an action before the last one's write was done, in one frame: that one first,
            # so that each snapshot holds at most one action's journal lines)
            self.write_campaign()
        game = self.game
        game.apply(action)
        if self.campaign is None:
            self.log.append(action)
        acted = getattr(self.scene, "acted", None)
        if acted is not None:
            acted(action)  # the scene's own state after the action (saved with a campaign)
        self._queue_events()
        if self.campaign is not None:
            # A campaign is saved with the screen the action leaves (its messages and view),
            # once that screen is on the display (App.later): the answer to the press is seen
            # first, the flash written after (a sector erase alone takes 45 ms).
            if self.campaign.note(game):
                self.unsaved = ACTION
                self.app.later(self.write_campaign)
            else:
                self.app.show_notices()  # not saved (out of memory): the store says so
        if hasattr(game, "achievements"):
            mask = game.achievements()
            combine = getattr(self.rules, "combine_achievements", None)
            if combine is not None:  # achievements earned across runs (Rogue's Rodney)
                mask = combine(self.known_achievements, mask)
            if mask & ~self.known_achievements:
                new = self.app.store().add_achievements(self.key, mask)
                forget("store")
                self.known_achievements |= mask
                names = self.rules.ACHIEVEMENTS
                for i in range(len(names)):
                    if new & (1 << i):
                        self.pending.append("ACHIEVEMENT: " + names[i])
                self.app.show_notices()
        if game.over:
            self.app.play(sound.WIN if game.won else sound.LOSE)
        self.app.dirty = True

    def _queue_events(self):
        for ev in self.game.events:
            t = self.scene.event_text(ev)
            if t:
                self.pending.append(t)

    def message(self, text):
        self.pending.append(text)
        self.app.dirty = True

    def screen(self):
        """What a saved run keeps beside its log, to come back on this very screen: the
        messages still to read and the scene's view (see runs.py)."""
        return self.pending, self.view()

    def view(self):
        """The scene's view of itself (kept with a campaign, see Campaign.save, or a saved
        run, see screen)."""
        view = getattr(self.scene, "view", None)
        return view() if view is not None else ()

    def campaign_view(self):
        """What a campaign keeps of the screen beside its messages: the scene's view, then
        what is open over it, the pause menu (its cursor) and the rules opened from it (their
        first line), so that a stop there comes back there (see reopen)."""
        view = self.view()
        if not view:
            return view
        over = [0, 0]
        stack = self.app.stack
        if len(stack) > 1 and stack[0] is self and type(stack[1]).__name__ == "Pause":
            over[0] = stack[1].index + 1
            if len(stack) > 2 and type(stack[2]).__name__ == "Help":
                over[1] = stack[2].top + 1
        return tuple(view) + tuple(over)

    def started(self, store):
        """The first frame is on the display (App._started): the achievements already earned
        are read now, before any press (an action that earns one tells the new ones)."""
        if hasattr(self.game, "achievements"):
            self.known_achievements = store.achievements(self.key)

    def reopen(self):
        """On the stack now (App._start): open again what was open over the campaign when
        it stopped (see view), and whatever the scene had open over itself."""
        pause, rules = self.reopened
        self.reopened = [0, 0]
        if pause:
            menu = load("dialogs", "Pause")(self.app, self)
            menu.index = min(pause - 1, len(menu.items) - 1)
            self.app.push(menu)
            if rules:
                help_screen = load("helpview", "Help")(self.app, self.key, self.entry[1])
                help_screen.top = rules - 1
                self.app.push(help_screen)
        reopen = getattr(self.scene, "reopen", None)
        if reopen is not None:
            reopen()

    def keep_screen(self):
        """A campaign keeps the screen it is on: the messages still to read, and the scene's
        view, now (the handheld going to sleep, the game left: see Campaign.keep_screen),
        with an action's write if one is still to be done."""
        if self.campaign is not None:
            stack = self.app.stack
            if len(stack) > 1 and hasattr(stack[1], "keep_sound"):
                stack[1].keep_sound()  # (the pause menu open: its sound switch too)
            self.unsaved |= SCREEN
            self.write_campaign()

    def write_campaign(self):
        """The campaign's writes still to be done (unsaved): an action's snapshot and
        journal lines, or the screen alone. Run by the app once the frame is on the display
        (App.later), or at once by keep_screen."""
        unsaved = self.unsaved
        self.unsaved = 0
        if unsaved & ACTION:
            done = self.campaign.write(self.game, self.pending, self.campaign_view())
        elif unsaved:
            done = self.campaign.keep_screen(self.game, self.pending, self.campaign_view())
        else:
            return
        if not done:
            self.app.show_notices()  # not saved (flash full?): the store says so

    def changed(self, x, y, w, h):
        """The scene's press changed only this part of the screen (see App.changed)."""
        self.app.changed(x, y, w, h)

    # -- screen ------------------------------------------------------------------------------
    def press(self, button):
        if self.pending:
            # A scene may offer something over a waiting message (The Four: its table, one
            # button away from anywhere); it says so through press_over_message.
            over = getattr(self.scene, "press_over_message", None)
            if over is not None and over(button):
                self.app.dirty = True
                return
            if button == A or button == B:
                self.pending.pop(0)
                self.app.play(sound.CLICK)
                if self.campaign is not None:
                    # the messages left to read, kept once the screen is on the display
                    self.unsaved |= SCREEN
                    self.app.later(self.write_campaign)
            else:
                self.app.changed(0, 0, 0, 0)  # the d-pad under a message: nothing to redraw
            return
        if self.game.over:
            # The last message is closed and the final board is in view (what beat you, or
            # how you won): A goes on to the game-over screen. A scene that can still be read
            # at the end (The Four: its pages, its table) takes the other presses, and B pauses.
            at_end = getattr(self.scene, "press_at_end", None)
            if at_end is not None and at_end(button):
                return
            if button == A:
                self.finish()
            elif button == B and at_end is not None:
                self.app.push(load("dialogs", "Pause")(self.app, self))
            return
        if not self.scene.press(button) and button == B:
            self.app.push(load("dialogs", "Pause")(self.app, self))

    def shown(self):
        # A question over the game (the pause menu, a scene's yes/no) has been answered:
        # its code leaves RAM, whichever way it was answered.
        forget("dialogs")
        return False

    def draw(self, fb):
        self.scene.draw(fb)
        hidden = getattr(self.scene, "message_hidden", None)
        if self.pending and not (hidden is not None and hidden()):
            draw.message(fb, draw.wrap(self.pending[0], 112))
        elif self.game.over and not getattr(self.scene, "OWN_END", False) and not (
                hasattr(self.scene, "end_tag_hidden") and self.scene.end_tag_hidden()):
            # (a scene with its own end screen, Mini Rogue's score, shows it itself; an ended
            # campaign whose score was taken before is only read)
            s = "A: MENU" if self._scored() else "A: SCORE"
            w = draw.width(s) + 4
            fb.fill_rect(draw.W - w, draw.H - 7, w, 7, 1)
            draw.text(fb, s, draw.W - w + 2, draw.H - 6, 0)

    # -- leaving -----------------------------------------------------------------------------
    # The app does the leaving at the end of the frame (App.leave_game), once this code has
    # returned: the game, its modules and this host are out of RAM before the menus, the
    # store and the results screens load.
    def close(self):
        """Quit the game and go back to its menu (from the pause menu: the campaign comes
        back on the game's screen, not on the menu that left it)."""
        del self.app.stack[1:]
        self.keep_screen()
        self.app.leave_game(self.key)

    def _scored(self):
        return self.campaign is not None and self.campaign.scored

    def finish(self):
        if self._scored():
            self.close()  # an ended story reopened to be read: its score was taken before
            return
        self.keep_screen()
        g = self.game
        label = getattr(self.rules, "SCORE_LABEL", "SCORE")  # Solatro's score is a round
        # What the score is made of, in words, if the scene says (the summary is the table's).
        detail = self.scene.end_detail() if hasattr(self.scene, "end_detail") else ""
        # A campaign's score is noted as taken once it has been to the table (results.py),
        # so that a stop before then (the initials) leaves it to be taken when reopened.
        result = (mode_title(self.entry, self.options), table_key(self.key, self.options),
                  g.score, g.summary(), g.won,
                  label, detail, getattr(self.scene, "END_HEADLINE", None), self.slot)
        self.app.leave_game(self.key, result=result)

    def save_and_quit(self):
        self.app.leave_game(self.key, save=(self.seed, self.options, self.log, self.screen()))
