# After a game: the game-over screen, arcade initials for a high score, the score table.
from deckdelve.buttons import A, B, DOWN, LEFT, RIGHT, UP
from deckdelve.app import Screen, forget, hint, load
from deckdelve.ui import draw


class GameOver(Screen):
    def __init__(self, app, title, table, score, summary, won, label="SCORE", detail="",
                 headline=None, slot=None):
        super().__init__(app)
        self.detail = detail  # the score's parts in words, up to two lines (else the summary)
        # The big word: the game's own (The Four: a story ends, it is not lost), else
        # YOU WIN! or GAME OVER.
        self.headline = headline or ("YOU WIN!" if won else "GAME OVER")
        self.slot = slot  # a campaign's slot: noted as scored once its score is kept
        self.title = title
        self.table = table
        self.score = score
        self.summary = summary
        self.won = won
        self.label = label
        self.qualifies = app.store().qualifies(table, score)
        # A top score is kept until its initials are entered: on flash at once, so that a
        # power cut or a flat battery before then loses nothing; the next power-on brings
        # this screen back, or the initials as they were left (resume_score). A campaign's
        # score waits in its slot instead (slot).
        if self.qualifies and slot is None:
            pending = [title, table, score, summary, bool(won), label, detail or "",
                       headline or "", "", 0]
            if app.settings["pending"] != pending:
                app.settings["pending"] = pending
                app.store().save_settings(app.settings)
        forget("store")  # (the score table is all these screens need of it, read now)

    def press(self, button):
        if button != A and button != B:
            return
        app = self.app
        if self.qualifies:
            app.replace(Initials(app, self.title, self.table, self.score, self.summary,
                                 self.slot))
        else:
            scored(app, self.table, self.slot)  # (nothing to keep: it is not a top score)
            app.replace(Scores(app, self.title, self.table))

    def draw(self, fb):
        draw.center(fb, self.title.upper(), 2)
        s = self.headline
        w = draw.width(s) * 2 + 2
        draw.big_text(fb, s, (128 - w) // 2, 12, 2)
        draw.center(fb, self.label + " " + str(self.score), 30)
        y = 37
        if self.detail:
            for line in draw.wrap(self.detail, 124)[:2]:
                draw.center(fb, line, y)
                y += 6
        elif self.summary and self.summary != str(self.score):
            draw.center(fb, self.summary, y)
            y += 6
        if self.qualifies:
            draw.center(fb, "NEW HIGH SCORE!", y + 3)
        hint(fb, "A" + draw.ARROW_R)


class Initials(Screen):
    """Three initials, arcade style: up/down change a letter, left/right move, A on the last
    letter keeps them; B steps back a letter."""

    CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "

    def __init__(self, app, title, table, score, summary, slot=None, letters="", pos=0):
        super().__init__(app)
        self.title = title
        self.table = table
        self.score = score
        self.summary = summary
        self.slot = slot
        last = letters or app.settings.get("initials", "AAA")
        self.letters = bytearray(self.CHARS.find(c) if c in self.CHARS else 0 for c in last[:3])
        while len(self.letters) < 3:
            self.letters.append(0)
        self.pos = pos

    def keep_letters(self):
        """The display goes to sleep (App.suspend): the letters and the cursor join the score
        kept on flash, so that a flat battery brings this very screen back."""
        pending = self.app.settings["pending"]
        if self.slot is None and pending:
            pending[8] = "".join(self.CHARS[i] for i in self.letters)
            pending[9] = self.pos
            self.app.store().save_settings(self.app.settings)

    def press(self, button):
        n = len(self.CHARS)
        if button == UP:
            self.letters[self.pos] = (self.letters[self.pos] + 1) % n
        elif button == DOWN:
            self.letters[self.pos] = (self.letters[self.pos] + n - 1) % n
        elif button == RIGHT:
            self.pos = min(2, self.pos + 1)
        elif button == LEFT or button == B:
            self.pos = max(0, self.pos - 1)
        elif button == A:
            if self.pos < 2:
                self.pos += 1
                return
            initials = "".join(self.CHARS[i] for i in self.letters)
            app = self.app
            store = app.store()
            place = store.add_score(self.table, self.score, initials, self.summary)
            # Then the score kept for a stop goes (a power cut in between offers it again).
            # One that could not be written stays kept: the next power-on offers it again.
            if place != store.NOT_KEPT and (app.settings.get("initials") != initials
                                            or app.settings["pending"]):
                app.settings["initials"] = initials
                app.settings["pending"] = []
                store.save_settings(app.settings)
            # A score that made the table but could not be written is not shown as kept
            # (a campaign's stays to be taken when the story is reopened).
            lost = self.score if place == store.NOT_KEPT else None
            store = None
            if lost is None:
                scored(app, self.table, self.slot)
            app.replace(Scores(app, self.title, self.table, place, lost))
            app.show_notices()

    def draw(self, fb):
        draw.center(fb, "NEW HIGH SCORE: " + str(self.score), 4)
        draw.center(fb, "ENTER YOUR INITIALS", 14)
        for i in range(3):
            x = 40 + i * 18
            draw.big_text(fb, self.CHARS[self.letters[i]], x + 2, 28, 3)
            if i == self.pos:
                fb.hline(x, 46, 14, 1)
                draw.text(fb, draw.ARROW_U, x + 4, 22)
                draw.text(fb, draw.ARROW_D, x + 4, 48)
        hint(fb, "A:OK")


def resume_score(app, pending):
    """At power-on, a top score whose initials were not entered before the power went (see
    GameOver): its game's menus, and over them the game-over screen or the initials as left."""
    title, table, score, summary, won, label, detail, headline, letters, pos = pending
    app.back_to_menus(table.split("/")[0])
    if letters:
        app.push(Initials(app, title, table, score, summary, None, letters, pos))
    else:
        app.push(GameOver(app, title, table, score, summary, won, label, detail,
                          headline or None))


def scored(app, table, slot):
    """A campaign's score has been to the table: noted in its slot (campaigns.scored), so
    that reopening the ended story to read it does not score it again."""
    if slot is None:
        return
    load("campaigns", "scored")(app.data_dir, table.split("/")[0], slot, app.notices)
    forget("campaigns")


SUMMARY_X = 71  # a score table's summary column: "Official Dweeb" fits, 5 pixels after a score


class Scores(Screen):
    """A high-score table; highlight is the row just added, lost a score that made the table
    but could not be saved (the table says so under its rows)."""

    def __init__(self, app, title, table, highlight=-1, lost=None):
        super().__init__(app)
        self.title = title
        self.table = table
        self.entries = app.store().scores(table)
        forget("store")
        self.highlight = highlight
        self.lost = lost

    def press(self, button):
        if button == A or button == B:
            self.app.pop()
            # The end of a game's screens (or the table seen from a menu): their code leaves
            # RAM with them, as a game's does (it stayed in the menus until the next game).
            forget("results")

    def draw(self, fb):
        # A game with modes names the game and the mode (Rogue Solitaire's two tables were
        # "SCORES ROGUE SOLITAIRE" and "SCORES CAMPAIGN"): see app.mode_title.
        head = self.title.upper() if ": " in self.title else "SCORES " + self.title.upper()
        draw.center(fb, head, 1)
        fb.hline(0, 7, 128, 1)
        if not self.entries:
            draw.center(fb, "NO SCORES YET", 28)
        for i in range(len(self.entries)):
            score, initials, summary = self.entries[i]
            y = 11 + i * 9
            if i == self.highlight:
                fb.fill_rect(0, y - 2, 128, 9, 1)
            c = 0 if i == self.highlight else 1
            draw.text(fb, "%d." % (i + 1), 4, y, c)
            draw.text(fb, initials, 16, y, c)
            draw.right(fb, str(score), 66, y, c)
            draw.text(fb, summary, SUMMARY_X, y, c)
        if self.lost is not None:
            draw.center(fb, "YOUR SCORE %d WAS NOT SAVED" % self.lost, 58)
