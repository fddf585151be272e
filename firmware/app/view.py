"""The board view every game-showing mode shares (Play, Result, Pause, Replay).

A game smaller than the grid lies centred on it (the offset), framed by a
ring of dim squares; its empty squares are tinted with the side to move's
colour so the board shows whose turn it is. The view maps game cells to the
grid's squares and back, draws the game, the text band a scrolled text reads
over, and the thinking spinner round the edge.
"""
from games.common import EMPTY
from app.screen import LOOK_RGB, FRAME, THINK


class BoardView:
    def __init__(self, ctx, w, h, name="the game"):
        if w > ctx.cols or h > ctx.rows:
            # Centred on a smaller grid its rows would wrap onto each other.
            raise ValueError("%s needs %dx%d squares; this board has %dx%d"
                             % (name, w, h, ctx.cols, ctx.rows))
        self.ctx = ctx
        self.w, self.h = w, h
        self.ox = (ctx.cols - w) // 2
        self.oy = (ctx.rows - h) // 2
        self.ring = None          # the spinner's squares, made at its first turn
        # Made once: where each cell's colour goes in the frame, and the dim
        # frame's squares (the board is drawn in a move's own pass: every
        # division and call saved there is time before the answer).
        self.at = tuple(self.square(c) * 3 for c in range(w * h))
        ring = []
        if w < ctx.cols or h < ctx.rows:
            x0, y0, x1, y1 = self.ox - 1, self.oy - 1, self.ox + w, self.oy + h
            for sq in range(ctx.n):
                x, y = sq % ctx.cols, sq // ctx.cols
                if x0 <= x <= x1 and y0 <= y <= y1 and self.cell(sq) is None:
                    ring.append(sq)
        self.edge = tuple(ring)

    def square(self, cell):
        """The grid square (key number) of a game cell."""
        return (self.oy + cell // self.w) * self.ctx.cols + self.ox + cell % self.w

    def cell(self, square):
        """The game cell on a grid square, None off the game."""
        x = square % self.ctx.cols - self.ox
        y = square // self.ctx.cols - self.oy
        if 0 <= x < self.w and 0 <= y < self.h:
            return y * self.w + x
        return None

    def tint(self, game):
        """The colour of an empty square: the side to move's, faint; plain
        empty once the game is over."""
        r, g, b = LOOK_RGB[game.turn_look()] if game.result() is None else LOOK_RGB[EMPTY]
        return (r // 12 + 1, g // 12 + 1, b // 12 + 1)

    def draw(self, scr, game, view=None):
        """The game's view (or `view`, a position to show instead), its empty
        squares tinted; a dim frame round a game smaller than the grid and dark
        beyond it, so the game's area is always visible."""
        tint = self.tint(game)
        for sq in self.edge:
            scr.set(sq, FRAME)
        v = view if view is not None else game.view()
        f = scr.frame
        at = self.at
        for c in range(len(at)):
            look = v[c]
            rgb = tint if look == EMPTY else LOOK_RGB[look]
            j = at[c]
            f[j] = rgb[0]
            f[j + 1] = rgb[1]
            f[j + 2] = rgb[2]

    def say(self, scr, scroll, now):
        """A scrolled text over the board: its rows dark first, so it reads."""
        if scroll is not None:
            scr.band()
            scroll.draw(scr, now)

    def spinner(self, scr, turn):
        """The thinking spinner: two squares opposite on the edge, a step
        further round at each turn."""
        ring = self.ring
        if ring is None:
            ring = self.ring = _ring(self.ctx.cols, self.ctx.rows)
        k = len(ring)
        scr.set(ring[turn % k], THINK)
        scr.set(ring[(turn + k // 2) % k], THINK)


def _ring(cols, rows):
    """The border squares in order round the board."""
    out = [x for x in range(cols)]
    out += [y * cols + cols - 1 for y in range(1, rows)]
    out += [(rows - 1) * cols + x for x in range(cols - 2, -1, -1)]
    out += [y * cols for y in range(rows - 2, 0, -1)]
    return bytes(out) if cols * rows <= 256 else out
