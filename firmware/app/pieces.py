"""Real pieces on a reed board: what stands where, against what the game says.

A reed switch closes under a piece with a magnet, so the board sees where
pieces stand, never their colour. The game says where pieces should stand:
each game module lists the looks of its view() that are physical pieces
(PIECES, and MARKERS for blocked squares where the players use marker
pieces); a game without PIECES is played by taps. This module keeps both
maps and turns lifts and placements into the touches move entry
understands (app/entry.py), so the games need nothing more:

- a lift on a square where a move starts is a touch (the legal targets light
  at once); any other lift only changes what stands where;
- a placement lights its square at once in a provisional colour and is a
  touch once the piece has rested REST_MS (a piece slid across squares
  counts where it comes to rest; each square it passes lights as it goes);
- once a move is made (a player's, the board's, an undo), and at the start
  or resume of a game, play waits until the board matches the game: the squares
  that differ blink with what they should hold (a piece's colour, or red for
  a square that must be cleared, the board's own from-square in its own
  colour) and play goes on when they all agree.

docs/architecture.md, "Real pieces", describes what a player sees.
"""
from compat import ticks_add, ticks_diff

REST_MS = 300     # a placement counts once the piece has stayed this long


class Pieces:
    def __init__(self, play, markers=True):
        self.play = play
        mod = play.mod
        looks = tuple(getattr(mod, "PIECES", ()))
        if markers:
            looks += tuple(getattr(mod, "MARKERS", ()))
        self.looks = looks
        n = play.ctx.n
        self.actual = bytearray(n)          # 1: a switch closed (a piece stands there)
        self.expected = bytearray(n)
        self.resting = None                 # (square, when it counts) of a new placement
        self.syncing = True                 # play waits until the board matches the game
        self.refresh()

    def refresh(self):
        """Recompute where pieces should stand, after the game changed, and
        read where they do (the switches' debounced state: events seen by
        another mode, a result screen, are not lost)."""
        p = self.play
        exp = self.expected
        act = self.actual
        is_down = p.ctx.hal.matrix.is_down
        for sq in range(len(exp)):
            exp[sq] = 0
            act[sq] = 1 if is_down(sq) else 0
        v = p.game.view()
        looks = self.looks
        for c in range(p.w * p.h):
            if v[c] in looks:
                exp[p.square(c)] = 1
        self.resting = None
        self.syncing = True
        self.check()

    def check(self):
        """End the wait once every square agrees."""
        if self.syncing and self.actual == self.expected:
            self.syncing = False
        return self.syncing

    def wrong(self):
        """The squares where the board and the game disagree."""
        a, e = self.actual, self.expected
        return [sq for sq in range(len(a)) if a[sq] != e[sq]]

    def events(self, events, now):
        """Apply the matrix events for squares; return the squares to treat as
        touches now (at most a few per pass)."""
        out = ()                            # an idle pass makes no list
        n = len(self.actual)
        for key, down in events:
            if key >= n:
                continue
            self.actual[key] = 1 if down else 0
            if self.resting is not None and self.resting[0] == key and not down:
                self.resting = None         # lifted again before it rested: it passed by
            if self.syncing:
                continue
            if down:
                # Lit at once (provisionally, play's draw), counted once it rests.
                self.resting = (key, ticks_add(now, REST_MS))
                self.play.answered = True
            elif self._starts_move(key):
                out = [key] if not out else out + [key]
        if self.syncing:
            self.check()
        elif self.resting is not None and ticks_diff(now, self.resting[1]) >= 0:
            sq = self.resting[0]
            self.resting = None
            if self.actual[sq] and self._continues_move(sq):
                out = [sq] if not out else out + [sq]
            elif self.actual[sq]:
                self.play.refuse(sq, now)   # put down where no move goes: red until taken back, and why
        return out

    def _starts_move(self, sq):
        """A lift that begins a move: the first touch, on a square a move starts from."""
        p = self.play
        if not p.humans_turn() or p.entry.touched:
            return False
        c = p.cell(sq)
        return c is not None and c in p.entry.next_cells()

    def _continues_move(self, sq):
        """A placement the entry can use: a move's next square, or the square
        of the piece in hand (put back: no move) or of the selection (again:
        the next choice of moves on the same squares)."""
        p = self.play
        if not p.humans_turn():
            return False
        c = p.cell(sq)
        if c is None:
            return False
        t = p.entry.touched
        return c in p.entry.next_cells() or (t and (c == t[0] or c == t[-1]))
