# The pause menu and yes/no questions. Loaded when asked for: the pause menu is not in RAM
# while a game is simply being played.
from deckdelve import sound
from deckdelve.app import Menu, Screen, forget, load
from deckdelve.buttons import A, B, LEFT, RIGHT
from deckdelve.ui import draw


class Confirm(Screen):
    """A yes/no question over the screen below. A on the chosen answer; B means no."""

    def __init__(self, app, text, on_yes):
        super().__init__(app)
        self.lines = draw.wrap(text, 100)
        self.on_yes = on_yes
        self.yes = False

    def press(self, button):
        if button == LEFT or button == RIGHT:
            self.yes = not self.yes
            self.app.changed(34, self._answers_y() - 1, 60, 7)  # the two answers alone
            self.app.play(sound.CLICK)
        elif button == B or (button == A and not self.yes):
            self.app.pop()
        elif button == A:
            self.app.pop()
            self.on_yes()

    def _height(self):
        return len(self.lines) * draw.LINE + 18

    def area(self):
        h = self._height()
        return 10, (draw.H - h) // 2, 109, h + 1  # the box and its shadow (see draw)

    def _answers_y(self):
        """The y of the NO and YES bars' text, on the box's last line (see draw)."""
        h = self._height()
        return (draw.H - h) // 2 + h - 10

    def draw(self, fb):
        under = self.app.below(self)
        if under is not None:
            under.draw(fb)
        lines = self.lines
        h = self._height()
        y = (draw.H - h) // 2
        draw.box(fb, 10, y, 108, h)
        for i in range(len(lines)):
            draw.center(fb, lines[i], y + 4 + i * draw.LINE)
        by = self._answers_y()
        draw.bar(fb, "NO", 34, by, 20, not self.yes)
        draw.bar(fb, "YES", 72, by, 22, self.yes)


class Pause(Menu):
    def __init__(self, app, host):
        self.host = host
        self.sound_changed = False
        items = ["Resume", "Rules", self._sound_item(app)]
        if getattr(host, "slot", None) is not None:
            items.append("Back to menu")  # a campaign is saved after every action
        else:
            if host.game.can_save():
                items.append("Save and quit")
            items.append("Quit")
        super().__init__(app, "PAUSED", items, self.choose, self.resume)

    @staticmethod
    def _sound_item(app):
        return "Sound: " + ("on" if app.settings["sound"] else "off")

    def keep_sound(self):
        """The sound switched here, kept for good (as the Settings screen keeps it): when the
        menu closes, or the handheld sleeps with it open (GameHost.keep_screen)."""
        if self.sound_changed:
            self.sound_changed = False
            self.app.store().save_settings(self.app.settings)
            forget("store")

    def resume(self):
        app = self.app
        self.keep_sound()
        app.pop()
        forget("dialogs")  # (a Confirm still on the stack keeps its code alive)

    def choose(self, i):
        app = self.app
        item = self.items[i]
        if item == "Resume":
            self.resume()
        elif item.startswith("Sound"):
            app.settings["sound"] = not app.settings["sound"]
            self.sound_changed = True
            self.items[i] = self._sound_item(app)
            app.play(sound.OK)
        elif item == "Rules":
            app.push(load("helpview", "Help")(app, self.host.key, self.host.entry[1]))
        elif item == "Save and quit":
            self.host.save_and_quit()
        elif item == "Back to menu":
            self.host.close()
        else:
            app.push(Confirm(app, "Quit? This run will be lost.", self.host.close))
