"""Playing without a person: seeded play-outs through a game's contract, a journal read."""
