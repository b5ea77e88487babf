# A game for the store's campaign cases (MicroPython-clean; a module of its own so that the
# store tests that never open a campaign do not hold it in RAM).


class CampGame:
    """A game for the campaign files (campaigns.py): its state is a number n, its snapshot
    two bytes, its journal a line per action. The file layer is the same for every game with
    slots; The Four's own snapshots under power cuts are in mp_test_the_four_campaign.py."""

    def __init__(self, n):
        self.n = n
        self.new_lines = ["start %d" % n]

    def act(self, n):
        self.n = n
        self.new_lines.append("act %d" % n)

    def snapshot(self):
        return bytes([1, self.n])

    @classmethod
    def restore(cls, data):
        if len(data) != 2 or data[0] != 1:
            raise ValueError("not a snapshot")
        g = cls(data[1])
        g.new_lines = []
        return g

    def journal_lines(self):
        out = self.new_lines
        self.new_lines = []
        return out

    def slot_label(self):
        return "CAMP %d" % self.n
