"""Play in a Tk window (Pillow's ImageTk shows the frame)."""

import tkinter as tk

from PIL import ImageTk

from deckdelve import buttons
from host_sim.sim import KEYMAP, LEGEND, Sim

FRAME_MS = 33


def run(data_dir, seed, game, options, scale):
    sim = Sim(data_dir, seed=seed, game=game, options=options)
    root = tk.Tk()
    root.title("Deckdelve")
    root.configure(bg="black")
    label = tk.Label(root, bg="black")
    label.pack(padx=8, pady=8)
    tk.Label(root, text=LEGEND, fg="#9ab", bg="black").pack(pady=(0, 8))
    pending = []
    state = {"photo": None}

    def on_key(event):
        if event.keysym in ("q", "Escape"):
            root.destroy()
            return
        letter = KEYMAP.get(event.keysym) or KEYMAP.get(event.keysym.lower())
        if letter:
            pending.append(buttons.from_letter(letter))

    def tick():
        presses = 0
        while pending:
            presses |= pending.pop(0)
        sim.step(presses)
        state["photo"] = ImageTk.PhotoImage(sim.image(scale))
        label.configure(image=state["photo"])
        root.after(FRAME_MS, tick)

    root.bind("<KeyPress>", on_key)
    tick()
    root.mainloop()
    return 0
