# A campaign slot's menu (a game with "slots": The Four), loaded when a slot is chosen in the
# game's menu (menus.py), so that the menus every game shows do not carry it.
from deckdelve.app import Menu, forget, hint, load
from deckdelve.ui import draw


class SlotMenu(Menu):
    """A campaign slot in use: continue it (one whose story has ended, its label starting
    "END": read its sheet and journal), or delete it after a confirmation. An empty slot
    that keeps a damaged campaign aside (kept: its N, see campaigns.kept) says where it is
    and how to read its journal: start a new campaign, or delete the old one for good."""

    def __init__(self, app, key, slot, label, kept=0):
        self.key = key
        self.slot = slot
        self.kept = kept
        self.lines = ()
        if label is None:
            title = "%d EMPTY" % (slot + 1)
            items = ["New campaign", "Delete the old one"]
            prefix = load("store", "campaign_prefix")(key)
            forget("store")
            self.lines = draw.wrap(
                "Damaged: kept with its journal as %s%d.*.bad%d. "
                "Read it: tools/play/journal.py --slot %d --kept %d." %
                (prefix, slot, kept, slot + 1, kept), 124)
        elif label == load("campaigns", "NEWER"):
            # (this firmware can neither read it nor save over it: nothing is offered that
            # would start a campaign there)
            title = "%d NEWER CAMPAIGN" % (slot + 1)
            items = ["Delete"]
            self.lines = draw.wrap(
                "This campaign was made by a newer Deckdelve. This one cannot read it and "
                "leaves it as it is: play it on the newer one, or delete it here.", 124)
        else:
            title = "%d %s" % (slot + 1, label)
            items = ["Read the story" if label.startswith("END") else "Continue", "Delete"]
        super().__init__(app, title, items, self.choose, self.leave)

    def leave(self):
        """Back to the game's menu; this module leaves RAM with the screen."""
        self.app.pop()
        forget("slotmenu")

    def choose(self, i):
        app = self.app
        ask = load("dialogs", "Confirm")
        if self.items[i] == "Delete" and self.lines:  # a campaign of a newer Deckdelve
            app.push(ask(app, "Delete campaign %d, made by a newer Deckdelve, and its journal, "
                         "for good?" % (self.slot + 1), self.delete))
        elif i == 0:
            load("menus", "remember")(app, self.key, 0)  # the list opens on this game next
            app.start_game(self.key, (), slot=self.slot)
        elif self.lines:
            app.push(ask(app, "Delete the damaged campaign %d kept as .bad%d, and its journal, "
                         "for good?" % (self.slot + 1, self.kept), self.delete_kept))
        else:
            app.push(ask(app, "Delete campaign %d and its journal for good?" % (self.slot + 1),
                         self.delete))

    def delete(self):
        load("campaigns", "delete")(self.app.data_dir, self.key, self.slot)
        forget("campaigns")
        self.leave()  # back to the game's menu, which lists the slot as empty

    def delete_kept(self):
        load("campaigns", "delete_kept")(self.app.data_dir, self.key, self.slot)
        forget("campaigns")
        self.leave()

    def draw(self, fb):
        super().draw(fb)
        y = 26
        for line in self.lines:
            draw.text(fb, line, 2, y)
            y += draw.LINE
        hint(fb, "A:OK B:BACK")
