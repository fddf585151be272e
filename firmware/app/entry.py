"""Generic move entry: narrows the legal moves by the squares touched so far.

A game describes each legal move as the cells a player touches (move_cells);
this module knows nothing else of the game. See docs/developers/move-entry.md, "Move
entry", for the behaviour a player sees.
"""

ILLEGAL = "illegal"   # the touch starts or continues no legal move
MORE = "more"         # part of a move: wait for the next touch
CHOOSE = "choose"     # a whole move is selected but others are possible: OK confirms
PLAY = "play"         # exactly one move: play it
CANCEL = "cancel"     # the selection was dropped


class Entry:
    """The touches so far and what they still allow, recomputed only on a touch.

    Only the legal moves (small ints) are kept, never a table of every move's
    cells: Amazonas has some 2000 moves, and the Pico's heap is small. The
    drawing asks next_cells() every frame, so it is cached here.
    """

    def __init__(self, game):
        self.game = game
        self.reset()

    def reset(self, active=True):
        """Call after every change of position. Not active (the board's turn):
        nothing can be entered, and no move list is held while the AI thinks
        (Amazonas' 2000 moves would sit in the heap through its search)."""
        # Let go of the old lists first: a collection during moves() can then
        # reclaim them, and Amazonas' two lists of 2000 moves never coexist.
        old = getattr(self, "moves", None)
        self.moves = self.live = self.starts = None
        if not active:
            self.moves = []
        elif old and getattr(self.game, "REFILLS", False):
            self.moves = self.game.moves(old)   # refilled in place (Amazonas' thousand moves)
        else:
            self.moves = self.game.moves()
        self.live = self.moves
        self.touched = []
        self.choice = 0
        self._refresh()
        self.starts = self.nxt
        self.keyed = self._keyed

    def _refresh(self):
        g = self.game
        t = self.touched
        n = len(t)
        live, nxt, done, keyed = [], [], [], []
        # Before a touch every move is live: share the list, not a copy of it.
        source = self.moves if n == 0 else self.live
        if n == 0:
            live = self.moves
        for m in source:
            c = g.move_cells(m)
            if len(c) < n:
                continue
            k = 0
            while k < n and c[k] == t[k]:
                k += 1
            if k < n:
                continue
            if n:
                live.append(m)
            if len(c) > n:
                if c[n] not in nxt:
                    nxt.append(c[n])
            elif n:
                done.append(m)
            else:
                keyed.append(m)
        self.live, self.nxt, self.done, self._keyed = live, nxt, done, keyed

    def complete(self):
        """Moves whose whole cell sequence is what was touched."""
        return self.done

    def pending(self):
        """The selected whole move waiting for OK, or None."""
        if not self.done:
            return None
        return self.done[self.choice % len(self.done)]

    def next_cells(self):
        """Cells that can come next: what the board lights."""
        return self.nxt

    def key_moves(self):
        """Moves made with the OK key alone (no squares), like a pass."""
        return self.keyed

    def touch(self, cell):
        """Handle a touch; return (what happened, the move for PLAY/CHOOSE)."""
        t = self.touched
        if t and cell == t[-1] and len(self.done) > 1:
            self.choice = (self.choice + 1) % len(self.done)
            return CHOOSE, self.done[self.choice]
        if cell in self.nxt:
            t.append(cell)
            self.choice = 0
            self._refresh()
            if len(self.done) == 1 and not self.nxt:
                return PLAY, self.done[0]
            if self.done:
                return CHOOSE, self.done[0]
            return MORE, None
        if t and cell == t[0]:
            self._drop()
            return CANCEL, None
        if t and cell in self.starts:
            # Another start square: begin again from there (pick another piece).
            self._drop()
            return self.touch(cell)
        return ILLEGAL, None

    def _drop(self):
        self.live = self.moves
        self.touched = []
        self.choice = 0
        self._refresh()

    def ok(self):
        """The move OK confirms now, or None."""
        return self.pending()
