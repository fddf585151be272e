"""Generic move entry: narrows the legal moves by the squares touched so far.

A game describes each legal move as the cells a player touches (move_cells);
this module knows nothing else of the game. See docs/architecture.md, "Move
entry", for the behaviour a player sees.
"""

ILLEGAL = "illegal"   # the touch starts or continues no legal move
MORE = "more"         # part of a move: wait for the next touch
CHOOSE = "choose"     # a whole move is selected but others are possible: OK confirms
PLAY = "play"         # exactly one move: play it
CANCEL = "cancel"     # the selection was dropped


class Entry:
    def __init__(self, game):
        self.game = game
        self.reset()

    def reset(self):
        """Call after every change of position."""
        g = self.game
        self.cands = [(m, tuple(g.move_cells(m))) for m in g.moves()]
        self.touched = []
        self.choice = 0

    def _live(self):
        n = len(self.touched)
        t = tuple(self.touched)
        return [mc for mc in self.cands if mc[1][:n] == t]

    def complete(self):
        """Moves whose whole cell sequence is what was touched."""
        n = len(self.touched)
        return [m for m, c in self._live() if len(c) == n and n > 0]

    def pending(self):
        """The selected whole move waiting for OK, or None."""
        done = self.complete()
        if not done:
            return None
        return done[self.choice % len(done)]

    def next_cells(self):
        """Cells that can come next: what the board lights."""
        n = len(self.touched)
        out = []
        for m, c in self._live():
            if len(c) > n and c[n] not in out:
                out.append(c[n])
        return out

    def key_moves(self):
        """Moves made with the OK key alone (no squares), like a pass."""
        return [m for m, c in self.cands if not c]

    def touch(self, cell):
        """Handle a touch; return (what happened, the move for PLAY/CHOOSE)."""
        n = len(self.touched)
        done = self.complete()
        if n and cell == self.touched[-1] and len(done) > 1:
            self.choice = (self.choice + 1) % len(done)
            return CHOOSE, done[self.choice]
        ext = [mc for mc in self._live() if len(mc[1]) > n and mc[1][n] == cell]
        if ext:
            self.touched.append(cell)
            self.choice = 0
            n += 1
            whole = [m for m, c in ext if len(c) == n]
            longer = [m for m, c in ext if len(c) > n]
            if len(whole) == 1 and not longer:
                return PLAY, whole[0]
            if whole:
                return CHOOSE, whole[0]
            return MORE, None
        if n and cell == self.touched[0]:
            self.touched = []
            self.choice = 0
            return CANCEL, None
        if n and any(c and c[0] == cell for m, c in self.cands):
            # Another start square: begin again from there (pick another piece).
            self.touched = []
            self.choice = 0
            return self.touch(cell)
        return ILLEGAL, None

    def ok(self):
        """The move OK confirms now, or None."""
        return self.pending()
