"""Sesqui, on 8 x 8. Rules: docs/rules/sesqui.md.

Vertical (seat 0, black) joins rank 1 to rank 8, Horizontal (seat 1, white)
file a to file h, with chains linked orthogonally or diagonally. Turn 1:
Vertical places one stone anywhere; turn 2: Horizontal places two anywhere;
every later turn is a placement (next to one of one's own stones, orthogonally)
and a movement (a queen slide over empty squares), in either order, each its
own move. No 2 x 2 crossing may ever appear. 30 stones each. A connection wins
at once; a player who can do nothing at the start of a turn loses.

The board is a "mailbox": 10 rows of 9 cells, the 8 x 8 squares surrounded by
walls (a wall column on the right serves both sides), so neighbours and queen
rays are found by adding steps, with no tables in the heap. Cell (y + 1) * 9 + x
is square (x, y). A move is a placement, the cell c (below 128), or a
movement, from << 7 | to (128 and up).
"""
from compat import const
from games.common import (zobrist, Base, check_options, cell_name, parse_cell,
                          EMPTY, BLACK, WHITE)

ID = "sesqui"
NAME = "Sesqui"
SEATS = ("Vertical", "Horizontal")
OPTIONS = {}

_W = const(8)
_MW = const(9)             # mailbox row width
_MN = const(90)            # mailbox cells
_STONES = const(30)
_PLACE = const(1)          # owed: the placement is still to come this turn
_MOVE = const(2)           # owed: the movement is still to come this turn
_FAR = const(20)           # connection cost when the way is shut
_LAYERS = const(24)        # candidates(): the most layers a search records
_ECACHE = const(128)       # evaluate(): entries of its table of costs
_FEW = const(8)            # candidates(): up to so many stones, find where they slide first
_SCACHE = const(16)        # candidates(): entries of its table of masks
_LOOKS = (EMPTY, BLACK, WHITE)
_COLOUR = ("", "black", "white")
# Steps in the mailbox: the 4 orthogonal ones, and all 8 queen directions.
ORTHS = (1, -1, 9, -9)
STEPS = (1, -1, 9, -9, 10, -10, -8, 8)
# The 4 diagonal steps s with the two cells beside the step (c + a, c + b):
# colour v on c makes a crossing with c + s when c + s is v and c + a, c + b
# the other colour; a chain cannot link c to c + s through an empty square
# when c + a and c + b are the opponent's.
DIAGS = ((10, 1, 9), (-10, -1, -9), (8, -1, 9), (-8, 1, -9))
# NEAR[a - b + 10]: 1 when cells a and b are the same or touch (8 ways).
NEAR = bytes(1 if d in (0, 1, -1, 8, -8, 9, -9, 10, -10) else 0 for d in range(-10, 11))
# SQ[i]: the mailbox cell of square i = y * 8 + x; BOX[c]: back (255 on walls).
SQ = bytes((i // 8 + 1) * _MW + i % 8 for i in range(64))
# The two edges of each colour (index 1 black, 2 white): where chains start,
# where they end.
START = (None, SQ[0:8], bytes(SQ[i * 8] for i in range(8)))
END = (None, SQ[56:64], bytes(SQ[i * 8 + 7] for i in range(8)))


def _tables():
    box = bytearray(b"\xff" * _MN)
    g1, g2 = bytearray(_MN), bytearray(_MN)
    for i in range(64):
        box[SQ[i]] = i
    for c in END[1]:
        g1[c] = 1
    for c in END[2]:
        g2[c] = 1
    return bytes(box), (None, bytes(g1), bytes(g2))


BOX, GOAL = _tables()   # GOAL[v][c]: 1 on the far edge of colour v

# --- packed rows, for the AI's connection distances -------------------------
# Each colour's stones are also kept as three ints of three rows each: row y
# is bits (y % 3) * 10 .. + 7 of int y // 3 (bit x is file x), the bits 8, 9
# of each row stay clear so that shifts never carry into the next row. All
# values stay below 2**28: small ints on the Pico. A breadth-first search then
# moves a whole board of cells per few integer operations.
_FULL = const(0xFF | 0xFF << 10 | 0xFF << 20)   # the squares of ints 0 and 1
_FULL2 = const(0xFF | 0xFF << 10)               # int 2 holds ranks 7 and 8
_LOW2 = const(0xFF | 0xFF << 10)                # the two lower rows of an int
_LOW1 = const(0xFF)                             # the lowest row of an int
_COL = const(1 | 1 << 10 | 1 << 20)             # file a in each row of an int
# Where the searches start and end, per colour and direction (ints 0, 1, 2):
# 0 rank 1, 1 rank 8, 2 file a, 3 file h; a search from edge k ends on k ^ 1.
_EDGES = ((0xFF, 0, 0), (0, 0, 0xFF << 10),
          (_COL, _COL, 1 | 1 << 10), (_COL << 7, _COL << 7, (1 | 1 << 10) << 7))


def _packing():
    pj = bytearray(_MN)          # the int of cell c
    pb = [0] * _MN               # its bit
    cen = bytearray(_MN)         # distance from the centre, for ordering
    for i in range(64):
        c = SQ[i]
        x, y = i & 7, i >> 3
        pj[c] = y // 3
        pb[c] = 1 << ((y % 3) * 10 + x)
        cen[c] = max(abs(2 * x - 7), abs(2 * y - 7))
    # BITSQ[j * 37 + b % 37]: the cell of the single bit b of int j (2**k % 37
    # differs for every k below 36).
    bitsq = bytearray(3 * 37)
    for i in range(64):
        c = SQ[i]
        bitsq[pj[c] * 37 + pb[c] % 37] = c
    return bytes(pj), tuple(pb), bytes(cen), bytes(bitsq)


PJ, PB, CEN, BITSQ = _packing()


def _reach(o0, o1, o2, x0, x1, x2, k, lay, cap, base):
    """Connection cost of the colour whose stones are o0..o2 (packed) against
    the opponent's x0..x2, from edge k to edge k ^ 1 (_EDGES): a 0-1
    breadth-first search, own stones free, empty squares one, never through
    the opponent's stones nor diagonally between two of them (a crossing), by
    layers of whole boards. Returns the cost (_FAR when shut or that far).

    With `lay` (a list) it also records each layer from lay[base] on (the
    squares the colour reaches at cost <= d, three ints per layer d) and goes
    on to cap layers (fewer if the cost is known: cost + 2), padding with
    the last.
    """
    e0 = _FULL & ~(o0 | x0)
    e1 = _FULL & ~(o1 | x1)
    e2 = _FULL2 & ~(o2 | x2)
    if x0 | x1 | x2:
        # A diagonal step into a square is shut when both squares beside it
        # are the opponent's; a0..d2 are the squares each step may enter:
        # a from below left, b from below right, c from above left, d from
        # above right.
        w = (x0 & _LOW2) << 10                    # the opponent's row below
        a0 = ~(w & (x0 << 1))
        b0 = ~(w & (x0 >> 1))
        w = ((x1 & _LOW2) << 10) | (x0 >> 20)
        a1 = ~(w & (x1 << 1))
        b1 = ~(w & (x1 >> 1))
        w = ((x2 & _LOW2) << 10) | (x1 >> 20)
        a2 = ~(w & (x2 << 1))
        b2 = ~(w & (x2 >> 1))
        w = (x0 >> 10) | ((x1 & _LOW1) << 20)      # the row above
        c0 = ~(w & (x0 << 1))
        d0 = ~(w & (x0 >> 1))
        w = (x1 >> 10) | ((x2 & _LOW1) << 20)
        c1 = ~(w & (x1 << 1))
        d1 = ~(w & (x1 >> 1))
        w = x2 >> 10
        c2 = ~(w & (x2 << 1))
        d2 = ~(w & (x2 >> 1))
        # No step shut anywhere (no two diagonal opponent's stones): the
        # search spreads the plain way, at half the work.
        blk = (a0 & a1 & a2 & b0 & b1 & b2 & c0 & c1 & c2 & d0 & d1 & d2) != -1
    else:
        blk = False
    f0, f1, f2 = _EDGES[k]
    g0, g1, g2 = _EDGES[k ^ 1]
    r0 = o0 & f0
    r1 = o1 & f1
    r2 = o2 & f2
    f0 &= e0                      # empty squares of the first edge: cost 1
    f1 &= e1
    f2 &= e2
    dist = 0
    found = _FAR
    while True:
        if blk:
            w = (r0 & _LOW2) << 10
            u = (r0 >> 10) | ((r1 & _LOW1) << 20)
            t0 = (r0 << 1) | (r0 >> 1) | w | u | ((w << 1) & a0) | ((w >> 1) & b0) | ((u << 1) & c0) | ((u >> 1) & d0)
            w = ((r1 & _LOW2) << 10) | (r0 >> 20)
            u = (r1 >> 10) | ((r2 & _LOW1) << 20)
            t1 = (r1 << 1) | (r1 >> 1) | w | u | ((w << 1) & a1) | ((w >> 1) & b1) | ((u << 1) & c1) | ((u >> 1) & d1)
            w = ((r2 & _LOW2) << 10) | (r1 >> 20)
            u = r2 >> 10
            t2 = (r2 << 1) | (r2 >> 1) | w | u | ((w << 1) & a2) | ((w >> 1) & b2) | ((u << 1) & c2) | ((u >> 1) & d2)
        else:
            # Each row spread sideways, then up and down a row.
            w = r0 | (r0 << 1) | (r0 >> 1)
            u = r1 | (r1 << 1) | (r1 >> 1)
            t2 = r2 | (r2 << 1) | (r2 >> 1)
            t0 = w | ((w & _LOW2) << 10) | (w >> 10) | ((u & _LOW1) << 20)
            t1 = u | ((u & _LOW2) << 10) | (w >> 20) | (u >> 10) | ((t2 & _LOW1) << 20)
            t2 |= ((t2 & _LOW2) << 10) | (u >> 20) | (t2 >> 10)
        w = t0 & o0 & ~r0
        u = t1 & o1 & ~r1
        t = t2 & o2 & ~r2
        if w or u or t:           # own stones reached at no cost: not closed yet
            r0 |= w
            r1 |= u
            r2 |= t
            continue
        if lay is None:
            if (r0 & g0) or (r1 & g1) or (r2 & g2):
                return dist
        else:
            j = base + 3 * dist
            lay[j] = r0
            lay[j + 1] = r1
            lay[j + 2] = r2
            if found == _FAR and ((r0 & g0) or (r1 & g1) or (r2 & g2)):
                found = dist
                if dist + 2 < cap:
                    cap = dist + 2
            if dist + 1 >= cap:
                return found
        w = (t0 | f0) & e0 & ~r0
        u = (t1 | f1) & e1 & ~r1
        t = (t2 | f2) & e2 & ~r2
        if not (w or u or t):
            if lay is not None:   # nothing more to reach: the last layer repeats
                j = base + 3 * dist
                while j + 3 < base + 3 * cap:
                    lay[j + 3] = r0
                    lay[j + 4] = r1
                    lay[j + 5] = r2
                    j += 3
            return found
        r0 |= w
        r1 |= u
        r2 |= t
        f0 = f1 = f2 = 0
        dist += 1
        if dist >= _FAR:
            return found


def layout(options=None):
    return _W, _W


def _name(c):
    i = BOX[c]
    return cell_name(i & 7, i >> 3)


def _apart(cells, dep):
    """Are there cells pairwise at least 3 apart (so that no cell touches two
    of them): two of them, or with `dep` three whose dep values differ (255
    differs from everything)? Greedy, so it may miss some."""
    want = 2 if dep is None else 3
    got = []
    for s in cells:
        i = BOX[s]
        sx, sy = i & 7, i >> 3
        for g in got:
            j = BOX[g]
            dx, dy = (j & 7) - sx, (j >> 3) - sy
            if -3 < dx < 3 and -3 < dy < 3:
                break
            if dep is not None and dep[s] != 255 and dep[s] == dep[g]:
                break
        else:
            got.append(s)
            if len(got) == want:
                return True
    return False




# candidates(): the order of the empty squares by (mine, theirs): whether a
# square lies on a shortest connection of each colour (0), on one a square
# longer (1) or farther (2), by 4 * the smaller + the larger; the mover's own
# first, or the opponent's when the opponent is closer to connecting.
_ORDER_MINE = (0, 0, 0, 1, 1, 0, 0, 2, 2, 0, 1, 1, 1, 2, 2, 1, 2, 2)
_ORDER_THEIRS = (0, 0, 1, 0, 0, 1, 2, 0, 0, 2, 1, 1, 2, 1, 1, 2, 2, 2)
_ORDER_WIN = (0, 0, 0, 1, 0, 2, 1, 0, 2, 0, 1, 1, 1, 2, 2, 1, 2, 2)

_Z = zobrist(3 * _MN + 6, 6)   # _Z[v * 90 + c] for colour v = 1, 2; _Z[270 + turn * 3 + owed]


class Game(Base):
    SEATS = SEATS

    def __init__(self, options=None):
        check_options(OPTIONS, options)
        self._place((), (), 0)
        self.ply = 0
        self.history = []                # move | owed before << 14 | turn before << 16

    def _place(self, black, white, turn):
        """Set the stones (mailbox cells) and the side to move, at the start of
        its turn; stones in hand are 30 minus those on the board (the start,
        and set-ups for tests)."""
        cells = self.cells = bytearray(b"\x03" * _MN)   # 3: a wall
        for c in SQ:
            cells[c] = 0
        for c in black:
            cells[c] = 1
        for c in white:
            cells[c] = 2
        self.left = bytearray((_STONES - len(black), _STONES - len(white)))
        self.turn = turn
        self.ply = max(3, len(black) + len(white))
        self._owed = 0                   # 0 at the start of a turn, else _PLACE / _MOVE
        self.winner = None
        self.history = []
        h = 0
        pk = self.pk = [0] * 6           # packed rows: Black's ints 0-2, White's 3-5
        for c in SQ:
            if cells[c]:
                h ^= _Z[cells[c] * _MN + c]
                pk[PJ[c] + 3 * cells[c] - 3] |= PB[c]
        self.zc = h                      # Zobrist hash of the stones
        self._lay = [0] * (6 * _LAYERS)  # candidates(): the layers of two searches
        self._sl = [0] * 18              # candidates(): slack masks (see _slack)
        self._pm = [0] * 6               # _places(), _slides(): masks (see _pmask)
        self._pc = [0] * 6               # candidates(): the same
        self._ek = [-1] * _ECACHE        # evaluate(): stones hash -> both costs
        self._ev = [0] * _ECACHE
        self._sk = [-1] * _SCACHE        # candidates(): stones hash -> masks
        self._sc = [0] * (20 * _SCACHE)

    def layout(self):
        return _W, _W

    def owed(self):
        """What the side to move still owes in this turn: None at the start of
        a turn, "place" or "move" after its first action."""
        return (None, "place", "move")[self._owed]

    # --- rules ------------------------------------------------------------
    def _pmask(self, v, pm):
        """Packed masks of colour v's empty squares into pm: pm[0..2] where a
        placement is legal (orthogonally next to an own stone, making no
        crossing), pm[3..5] where a stone of v would make a crossing. Needs
        self.pk to match the stones on self.cells."""
        pk = self.pk
        k = 3 * v - 3
        o0 = pk[k]
        o1 = pk[k + 1]
        o2 = pk[k + 2]
        k = 3 - k
        x0 = pk[k]
        x1 = pk[k + 1]
        x2 = pk[k + 2]
        # Own and opponent's rows below (b) and above (a), aligned.
        b0 = (o0 & _LOW2) << 10
        b1 = ((o1 & _LOW2) << 10) | (o0 >> 20)
        b2 = ((o2 & _LOW2) << 10) | (o1 >> 20)
        a0 = (o0 >> 10) | ((o1 & _LOW1) << 20)
        a1 = (o1 >> 10) | ((o2 & _LOW1) << 20)
        a2 = o2 >> 10
        y0 = (x0 & _LOW2) << 10
        y1 = ((x1 & _LOW2) << 10) | (x0 >> 20)
        y2 = ((x2 & _LOW2) << 10) | (x1 >> 20)
        z0 = (x0 >> 10) | ((x1 & _LOW1) << 20)
        z1 = (x1 >> 10) | ((x2 & _LOW1) << 20)
        z2 = x2 >> 10
        # A crossing on (x, y): an own stone diagonally next to it and the
        # opponent's on the two squares beside that diagonal.
        c0 = ((x0 >> 1) & (((a0 >> 1) & z0) | ((b0 >> 1) & y0))) | ((x0 << 1) & (((a0 << 1) & z0) | ((b0 << 1) & y0)))
        c1 = ((x1 >> 1) & (((a1 >> 1) & z1) | ((b1 >> 1) & y1))) | ((x1 << 1) & (((a1 << 1) & z1) | ((b1 << 1) & y1)))
        c2 = ((x2 >> 1) & (((a2 >> 1) & z2) | ((b2 >> 1) & y2))) | ((x2 << 1) & (((a2 << 1) & z2) | ((b2 << 1) & y2)))
        e0 = _FULL & ~(o0 | x0)
        e1 = _FULL & ~(o1 | x1)
        e2 = _FULL2 & ~(o2 | x2)
        pm[0] = e0 & ~c0 & ((o0 << 1) | (o0 >> 1) | a0 | b0)
        pm[1] = e1 & ~c1 & ((o1 << 1) | (o1 >> 1) | a1 | b1)
        pm[2] = e2 & ~c2 & ((o2 << 1) | (o2 >> 1) | a2 | b2)
        pm[3] = e0 & c0
        pm[4] = e1 & c1
        pm[5] = e2 & c2

    def _places(self, v, first):
        """Legal placements of colour v (stones in hand assumed), or the
        first one, in the order of the squares. Needs self.pk to match."""
        pm = self._pm
        self._pmask(v, pm)
        out = []
        h = 0
        for j in (0, 1, 2):
            m = pm[j]
            while m:
                t = m & -m
                m ^= t
                if first:
                    return [BITSQ[h + t % 37]]
                out.append(BITSQ[h + t % 37])
            h += 37
        return out

    def _slides(self, v, first):
        """Legal movements of colour v's stones, or the first one. The list
        needs self.pk to match the stones on self.cells (the first one not)."""
        cells, steps = self.cells, STEPS
        o = 3 - v
        out = []
        if not first:
            pm = self._pm
            self._pmask(v, pm)
            for f in SQ:
                if cells[f] != v:
                    continue
                cells[f] = 0
                base = f << 7
                for s in steps:
                    t = f + s
                    while not cells[t]:
                        if pm[3 + PJ[t]] & PB[t]:
                            # A crossing with all own stones in place: is
                            # there one still with f lifted?
                            for s2, a, b in DIAGS:
                                if cells[t + s2] == v and cells[t + a] == o and cells[t + b] == o:
                                    break
                            else:
                                out.append(base | t)
                        else:
                            out.append(base | t)
                        t += s
                cells[f] = v
            return out
        for f in SQ:
            if cells[f] != v:
                continue
            cells[f] = 0
            base = f << 7
            for s in steps:
                t = f + s
                while not cells[t]:
                    for s2, a, b in DIAGS:
                        if cells[t + s2] == v and cells[t + a] == o and cells[t + b] == o:
                            break         # a crossing
                    else:
                        if first:
                            cells[f] = v
                            return [base | t]
                        out.append(base | t)
                    t += s
            cells[f] = v
        return out

    def moves(self):
        if self.winner is not None:
            return []
        cells = self.cells
        if self.ply < 3:                  # the opening placements go anywhere
            return [c for c in SQ if not cells[c]]
        v = self.turn + 1
        if self._owed == _PLACE:
            return self._places(v, False)
        if self._owed == _MOVE:
            return self._slides(v, False)
        slides = self._slides(v, False)
        if not self.left[self.turn]:
            return slides                 # no stones in hand: a movement only
        places = self._places(v, False)
        # A turn must be completed if it can be: keep the first actions after
        # which an action of the other kind is legal, unless there are none.
        full = []
        near = NEAR
        # Quick: a one-step slide f-t still stands after a placement c that
        # does not touch t (c can be neither in its way nor in a 2 x 2 with t).
        # Two such steps three squares apart: no placement touches both.
        steps = []
        for m in slides:
            d = (m >> 7) - (m & 127) + 10
            if 0 <= d <= 20 and near[d]:
                steps.append(m & 127)
        if _apart(steps, None):
            full.extend(places)
        else:
            for c in places:
                for t in steps:
                    d = c - t + 10
                    if d < 0 or d > 20 or not near[d]:
                        full.append(c)
                        break
                else:
                    cells[c] = v
                    if self._slides(v, True):
                        full.append(c)
                    cells[c] = 0
        # Quick: a placement p still stands after a slide f-t if p does not
        # touch t (no new crossing, p stays empty) and p has a neighbour of
        # its own other than f (taking a stone away makes no crossing).
        # Three such placements far apart, leaning on different stones:
        # no slide spoils all three.
        dep = bytearray(_MN)     # p's only own neighbour, or 255 if it has more
        for p in places:
            k = 0
            for s in ORTHS:
                if cells[p + s] == v:
                    if k:
                        k = 255
                        break
                    k = p + s
            dep[p] = k
        if _apart(places, dep):
            full.extend(slides)
            return full
        for m in slides:
            f, t = m >> 7, m & 127
            for p in places:
                d = p - t + 10
                if (d < 0 or d > 20 or not near[d]) and dep[p] != f:
                    full.append(m)
                    break
            else:
                self._shift(f, t, v)
                if self._places(v, True):
                    full.append(m)
                self._shift(t, f, v)
        return full if full else places + slides

    def _shift(self, f, t, v):
        """Move colour v's stone from f to t on the cells and the packed rows
        (trying out a movement)."""
        self.cells[f] = 0
        self.cells[t] = v
        pk = self.pk
        k = 3 * v - 3
        pk[PJ[f] + k] ^= PB[f]
        pk[PJ[t] + k] ^= PB[t]

    def play(self, m):
        turn = self.turn
        v = turn + 1
        self.history.append(m | (self._owed << 14) | (turn << 16))
        cells = self.cells
        pk = self.pk
        k = 3 * turn
        if m < 128:
            cells[m] = v
            self.left[turn] -= 1
            self.zc ^= _Z[v * _MN + m]
            pk[PJ[m] + k] ^= PB[m]
        else:
            f = m >> 7
            t = m & 127
            cells[f] = 0
            cells[t] = v
            self.zc ^= _Z[v * _MN + f] ^ _Z[v * _MN + t]
            pk[PJ[f] + k] ^= PB[f]
            pk[PJ[t] + k] ^= PB[t]
        p = self.ply
        self.ply = p + 1
        if self._connected(v):
            self.winner = turn
            self._owed = 0
            return
        if p < 3:                         # 0: Vertical's stone; 1, 2: Horizontal's two
            if p == 1:
                self._owed = _PLACE
            else:
                self.turn = turn ^ 1
                self._owed = 0
        elif self._owed:                  # the second action ends the turn
            self.turn = turn ^ 1
            self._owed = 0
        elif m < 128:
            # Is a movement legal now? Try the new stone's own steps first.
            if self._free_step(m, m, v) or self._slides(v, True):
                self._owed = _MOVE
            else:
                self.turn = turn ^ 1      # no full turn existed: one action was all
        else:
            # Is a placement legal now? Try beside the moved stone first.
            t = m & 127
            if self.left[turn] and (self._free_step(t, 0, v) or self._places(v, True)):
                self._owed = _PLACE
            else:
                self.turn = turn ^ 1

    def _free_step(self, c, lift, v):
        """Is there an empty square next to c (orthogonally, or any way if
        `lift` is c: the stone on c steps there) where colour v makes no
        crossing, with the stone on `lift` taken up?"""
        cells = self.cells
        o = 3 - v
        if lift:
            cells[lift] = 0
        found = False
        for s in (STEPS if lift else ORTHS):
            n = c + s
            if cells[n]:
                continue
            for s2, a, b in DIAGS:
                if cells[n + s2] == v and cells[n + a] == o and cells[n + b] == o:
                    break
            else:
                found = True
                break
        if lift:
            cells[lift] = v
        return found

    def undo(self):
        e = self.history.pop()
        m = e & 0x3FFF
        self._owed = (e >> 14) & 3
        turn = self.turn = e >> 16
        v = turn + 1
        self.winner = None
        self.ply -= 1
        cells = self.cells
        pk = self.pk
        k = 3 * turn
        if m < 128:
            cells[m] = 0
            self.left[turn] += 1
            self.zc ^= _Z[v * _MN + m]
            pk[PJ[m] + k] ^= PB[m]
        else:
            f = m >> 7
            t = m & 127
            cells[t] = 0
            cells[f] = v
            self.zc ^= _Z[v * _MN + f] ^ _Z[v * _MN + t]
            pk[PJ[f] + k] ^= PB[f]
            pk[PJ[t] + k] ^= PB[t]

    def _chain(self, v):
        """A shortest chain of colour v joining its two edges (cells), or None."""
        cells, goal, steps = self.cells, GOAL[v], STEPS
        prev = bytearray(b"\xff" * _MN)
        front = []
        for c in START[v]:
            if cells[c] == v:
                prev[c] = c
                front.append(c)
        while front:
            nxt = []
            for c in front:
                if goal[c]:
                    out = [c]
                    while prev[c] != c:
                        c = prev[c]
                        out.append(c)
                    return out
                for s in steps:
                    n = c + s
                    if cells[n] == v and prev[n] == 255:
                        prev[n] = c
                        nxt.append(n)
            front = nxt
        return None

    def _connected(self, v):
        cells = self.cells
        for c in START[v]:
            if cells[c] == v:
                break
        else:
            return False
        for c in END[v]:
            if cells[c] == v:
                return self._chain(v) is not None
        return False

    def result(self):
        if self.winner is not None:
            return self.winner
        if self._owed or self.ply < 3:
            return None                   # an owed action is always possible
        v = self.turn + 1
        if self._slides(v, True) or (self.left[self.turn] and self._places(v, True)):
            return None
        return self.turn ^ 1              # nothing to do at the start of a turn: lost

    def highlight(self):
        if self.winner is None:
            return ()
        return tuple(BOX[c] for c in self._chain(self.winner + 1) or ())

    # --- notation ---------------------------------------------------------
    def move_text(self, m):
        if m < 128:
            return _name(m)
        return "%s-%s" % (_name(m >> 7), _name(m & 127))

    def move_cells(self, m):
        if m < 128:
            return (BOX[m],)
        return (BOX[m >> 7], BOX[m & 127])

    def _crossing_text(self, c, v):
        cells = self.cells
        o = 3 - v
        for s, a, b in DIAGS:
            if cells[c + s] == v and cells[c + a] == o and cells[c + b] == o:
                return "it would make a crossing: %s on %s and %s, %s on %s and %s" % (
                    _COLOUR[v], _name(c), _name(c + s), _COLOUR[o], _name(c + a), _name(c + b))
        return None

    def explain(self, text):
        text = text.strip()
        if self.result() is not None:
            return "%s is not legal: the game is over" % text
        low = text.lower()
        for m in self.moves():
            if self.move_text(m) == low:
                return "%s is a legal move" % text
        cells = self.cells
        v = self.turn + 1
        me = SEATS[self.turn]
        parts = text.split("-")
        if len(parts) > 2 or not text:
            return "'%s' is not a move: write a placement like c3 or a movement like c3-c6" % text
        sqs = []
        for p in parts:
            xy = parse_cell(p.strip(), _W, _W)
            if xy is None:
                return "'%s' is not a square: name one from a1 to h8" % p.strip()
            sqs.append(SQ[xy[1] * _W + xy[0]])
        full = "a full turn (a placement and a movement) is possible, and this first action would leave no %s to follow it"
        if len(sqs) == 1:
            c = sqs[0]
            if self._owed == _MOVE:
                return "%s is not legal: %s has placed a stone this turn, and now moves one" % (text, me)
            if cells[c]:
                return "%s is not legal: %s is not empty" % (text, _name(c))
            if not self.left[self.turn]:
                return "%s is not legal: %s has placed all %d stones, so a turn is a movement only" % (
                    text, me, _STONES)
            if self.ply >= 3:
                if not any(cells[c + s] == v for s in ORTHS):
                    return "%s is not legal: a new stone goes next to one of your %s stones (up, down, left or right)" % (
                        text, _COLOUR[v])
                why = self._crossing_text(c, v)
                if why:
                    return "%s is not legal: %s" % (text, why)
                if not self._owed:
                    return "%s is not legal: %s" % (text, full % "movement")
            return "%s is not a legal move here" % text
        f, t = sqs
        if self.ply < 3:
            return "%s is not legal: the game opens with placements only (Vertical one stone, then Horizontal two)" % text
        if self._owed == _PLACE:
            return "%s is not legal: %s has moved a stone this turn, and now places one" % (text, me)
        if cells[f] != v:
            if cells[f]:
                return "%s is not legal: the stone on %s is %s's" % (text, _name(f), SEATS[self.turn ^ 1])
            return "%s is not legal: there is no stone on %s" % (text, _name(f))
        if f == t:
            return "%s is not legal: a stone must move to another square" % text
        i, j = BOX[f], BOX[t]
        dx, dy = (j & 7) - (i & 7), (j >> 3) - (i >> 3)
        if dx and dy and dx != dy and dx != -dy:
            return "%s is not legal: a stone slides in a straight line, like a chess queen" % text
        s = (dx > 0) - (dx < 0) + _MW * ((dy > 0) - (dy < 0))
        c = f + s
        while not cells[c] and c != t:
            c += s
        if cells[c]:
            if c == t:
                return "%s is not legal: %s is not empty" % (text, _name(t))
            return "%s is not legal: %s is in the way" % (text, _name(c))
        cells[f] = 0
        why = self._crossing_text(t, v)
        cells[f] = v
        if why:
            return "%s is not legal: %s" % (text, why)
        if not self._owed:
            return "%s is not legal: %s" % (text, full % "placement")
        return "%s is not a legal move here" % text

    # --- display ----------------------------------------------------------
    def view(self):
        cells = self.cells
        return bytearray(_LOOKS[cells[c]] for c in SQ)

    # --- AI ---------------------------------------------------------------
    def key(self):
        return self.zc ^ _Z[270 + self.turn * 3 + self._owed]

    def _cost(self, v):
        """How many empty squares colour v still has to fill to connect its
        edges: a 0-1 breadth-first search over own stones (free) and empty
        squares (1), never through the opponent's, nor diagonally between two
        of the opponent's (that link would be a crossing). See _reach."""
        pk = self.pk
        if v == 1:
            return _reach(pk[0], pk[1], pk[2], pk[3], pk[4], pk[5], 0, None, 0, 0)
        return _reach(pk[3], pk[4], pk[5], pk[0], pk[1], pk[2], 2, None, 0, 0)

    def _slack(self, v, lay, sl):
        """Colour v's squares near its shortest connections, as packed masks:
        sl[0..2] the empty squares on a shortest connection, sl[3..5] those on
        one at most a square longer, sl[6..8] its own stones on a shortest
        one. Returns the shortest cost (_FAR: none, and the masks are 0)."""
        pk = self.pk
        if v == 1:
            o0, o1, o2 = pk[0], pk[1], pk[2]
            x0, x1, x2 = pk[3], pk[4], pk[5]
            k = 0
        else:
            o0, o1, o2 = pk[3], pk[4], pk[5]
            x0, x1, x2 = pk[0], pk[1], pk[2]
            k = 2
        for i in range(9):
            sl[i] = 0
        dist = _reach(o0, o1, o2, x0, x1, x2, k, lay, _LAYERS, 0)
        if dist >= _FAR:
            return dist
        n = dist + 2                  # layers needed from each edge
        b = 3 * _LAYERS               # where the far edge's layers go
        _reach(o0, o1, o2, x0, x1, x2, k + 1, lay, n, b)
        e0 = _FULL & ~(o0 | x0)
        e1 = _FULL & ~(o1 | x1)
        e2 = _FULL2 & ~(o2 | x2)
        # Own stones first reached at cost i from one edge and at cost
        # <= dist - i from the other lie on a shortest connection; an empty
        # square first reached at cost i, and at cost <= dist + s + 1 - i
        # from the other edge, on one s squares longer.
        p0 = lay[0]
        p1 = lay[1]
        p2 = lay[2]
        h = b + 3 * dist
        c0 = p0 & lay[h]
        c1 = p1 & lay[h + 1]
        c2 = p2 & lay[h + 2]
        z0 = z1 = z2 = w0 = w1 = w2 = 0
        for i in range(1, n):
            j = 3 * i
            q0 = lay[j]
            q1 = lay[j + 1]
            q2 = lay[j + 2]
            y0 = q0 & ~p0
            y1 = q1 & ~p1
            y2 = q2 & ~p2
            h = b + 3 * (dist + 1 - i)
            if i <= dist:
                c0 |= y0 & o0 & lay[h - 3]
                c1 |= y1 & o1 & lay[h - 2]
                c2 |= y2 & o2 & lay[h - 1]
            z0 |= y0 & e0 & lay[h]
            z1 |= y1 & e1 & lay[h + 1]
            z2 |= y2 & e2 & lay[h + 2]
            w0 |= y0 & e0 & lay[h + 3]
            w1 |= y1 & e1 & lay[h + 4]
            w2 |= y2 & e2 & lay[h + 5]
            p0 = q0
            p1 = q1
            p2 = q2
        sl[0] = z0
        sl[1] = z1
        sl[2] = z2
        sl[3] = w0
        sl[4] = w1
        sl[5] = w2
        sl[6] = c0
        sl[7] = c1
        sl[8] = c2
        return dist

    def candidates(self, limit):
        """At most `limit` promising legal moves, best first, for the AI: the
        actions onto empty squares lying on (or near) a shortest connection
        of either colour (both first, then the closer ones; the mover's own
        first unless the opponent is closer), placements before movements
        and movements from stones off one's shortest connection before those
        that leave it; then the other legal moves."""
        if self.winner is not None:
            return []
        cells = self.cells
        turn = self.turn
        v = turn + 1
        o = 3 - v
        owed = self._owed
        place = slide = True
        check = False                 # a first action must leave a second one
        if self.ply < 3:
            slide = False
        elif owed == _PLACE:
            slide = False
        elif owed == _MOVE:
            place = False
        elif not self.left[turn]:
            place = False
        elif self._places(v, True):
            check = True              # a placement is legal: a full turn exists
        else:
            return self.moves()[:limit]   # rare: let moves() sort it out
        opening = self.ply < 3
        pc = self._pc
        self._pmask(v, pc)
        # The masks of both colours (depending on the stones only): v's in
        # sl[9..17], o's in sl[0..8], from a small table when the same stones
        # were seen lately (Black's then White's, and their costs).
        sl = self._sl
        sc = self._sc
        zc = self.zc
        i = zc & (_SCACHE - 1)
        k = 20 * i
        if self._sk[i] == zc:
            b = 9 * turn              # v's masks in the entry
            for i in range(9):
                sl[9 + i] = sc[k + b + i]
                sl[i] = sc[k + 9 - b + i]
            mine = sc[k + 18 + turn]
            theirs = sc[k + 19 - turn]
        else:
            lay = self._lay
            mine = self._slack(v, lay, sl)
            for i in range(9):
                sl[9 + i] = sl[i]
            theirs = self._slack(o, lay, sl)
            self._sk[zc & (_SCACHE - 1)] = zc
            b = 9 * turn
            for i in range(9):
                sc[k + b + i] = sl[9 + i]
                sc[k + 9 - b + i] = sl[i]
            sc[k + 18 + turn] = mine
            sc[k + 19 - turn] = theirs
        pk = self.pk
        e0 = _FULL & ~(pk[0] | pk[3])
        e1 = _FULL & ~(pk[1] | pk[4])
        e2 = _FULL2 & ~(pk[2] | pk[5])
        out = []
        later = []                    # movements that leave a shortest connection
        tmp = []
        src = []
        # The lines holding an own stone, for the movements: bits y (rank)
        # and 8 + x (file) of `lines`, 7 + x - y (diagonal) and 15 + x + y
        # (the other diagonal) of `diags`.
        lines = diags = 0
        # The squares worth looking at: where a placement is legal, where an
        # own stone can slide (found along its lines when it has few stones).
        u0 = u1 = u2 = 0
        if place:
            if opening:
                u0 = e0
                u1 = e1
                u2 = e2
            else:
                u0 = pc[0]
                u1 = pc[1]
                u2 = pc[2]
        if slide:
            h = 0
            n = 0
            for m in (pk[3 * turn], pk[3 * turn + 1], pk[3 * turn + 2]):
                while m:
                    t = m & -m
                    m ^= t
                    t = BOX[BITSQ[h + t % 37]]
                    x = t & 7
                    y = t >> 3
                    lines |= (1 << y) | (256 << x)
                    diags |= (128 << x >> y) | (32768 << x << y)
                    n += 1
                h += 37
            if n > _FEW:
                u0 = e0
                u1 = e1
                u2 = e2
            else:
                h = 0
                for m in (pk[3 * turn], pk[3 * turn + 1], pk[3 * turn + 2]):
                    while m:
                        t = m & -m
                        m ^= t
                        f = BITSQ[h + t % 37]
                        for s in STEPS:
                            t = f + s
                            while not cells[t]:
                                x = PJ[t]
                                if x == 0:
                                    u0 |= PB[t]
                                elif x == 1:
                                    u1 |= PB[t]
                                else:
                                    u2 |= PB[t]
                                t += s
                    h += 37
        wit = []                      # legal placements p | dep << 8
        if check and slide:
            # A movement f-t leaves a placement p legal when p does not touch
            # t and leans on an own stone other than f (dep: its only own
            # neighbour, 255 if several): a few such witnesses settle most
            # movements without trying them.
            h = 0
            for m in (pc[0], pc[1], pc[2]):
                while m and len(wit) < 6:
                    t = m & -m
                    m ^= t
                    p = BITSQ[h + t % 37]
                    k = 0
                    for s in ORTHS:
                        if cells[p + s] == v:
                            if k:
                                k = 255
                                break
                            k = p + s
                    wit.append(p | k << 8)
                h += 37
        if mine == 1:
            order = _ORDER_WIN        # one square joins: take it first
        elif mine <= theirs:
            order = _ORDER_MINE
        else:
            order = _ORDER_THEIRS
        j = 0
        while j < 18 and len(out) < limit:
            if later and not (mine == 1 and j < 6):
                # The last pair's movements off a shortest connection come
                # after its other moves (with a win in one: after every win).
                for m in later:
                    if len(out) < limit:
                        out.append(m)
                later.clear()
                continue
            a = order[j]              # mine: on a shortest connection (0), a
            z = order[j + 1]          # square longer (1) or more (2); theirs
            j += 2
            # The squares of this pair, ints 0..2.
            if a == 0:
                m0 = e0 & sl[9]
                m1 = e1 & sl[10]
                m2 = e2 & sl[11]
            elif a == 1:
                m0 = e0 & sl[12] & ~sl[9]
                m1 = e1 & sl[13] & ~sl[10]
                m2 = e2 & sl[14] & ~sl[11]
            else:
                m0 = e0 & ~sl[12]
                m1 = e1 & ~sl[13]
                m2 = e2 & ~sl[14]
            if z == 0:
                m0 &= sl[0]
                m1 &= sl[1]
                m2 &= sl[2]
            elif z == 1:
                m0 &= sl[3] & ~sl[0]
                m1 &= sl[4] & ~sl[1]
                m2 &= sl[5] & ~sl[2]
            else:
                m0 &= ~sl[3]
                m1 &= ~sl[4]
                m2 &= ~sl[5]
            m0 &= u0
            m1 &= u1
            m2 &= u2
            if not (m0 or m1 or m2):
                continue
            # Its squares, nearest the centre first.
            tmp.clear()
            h = 0
            for m in (m0, m1, m2):
                while m:
                    t = m & -m
                    m ^= t
                    c = BITSQ[h + t % 37]
                    tmp.append(CEN[c] << 7 | c)
                h += 37
            tmp.sort()
            for t in tmp:
                t &= 127
                h = PJ[t]
                b = PB[t]
                if place and (opening or pc[h] & b) and (not check or self._steps(t, 0, pc) or self._then_slide(t, v)):
                    out.append(t)
                    if len(out) >= limit:
                        break
                if slide:
                    # The own stones that can slide to t: look only along the
                    # lines through t that hold one.
                    src.clear()
                    h = BOX[t]
                    x = h & 7
                    y = h >> 3
                    if (lines >> y) & 1:
                        for s in (1, -1):
                            f = t + s
                            while not cells[f]:
                                f += s
                            if cells[f] == v:
                                src.append(f)
                    if (lines >> (8 + x)) & 1:
                        for s in (9, -9):
                            f = t + s
                            while not cells[f]:
                                f += s
                            if cells[f] == v:
                                src.append(f)
                    if (diags >> (7 + x - y)) & 1:
                        for s in (10, -10):
                            f = t + s
                            while not cells[f]:
                                f += s
                            if cells[f] == v:
                                src.append(f)
                    if (diags >> (15 + x + y)) & 1:
                        for s in (8, -8):
                            f = t + s
                            while not cells[f]:
                                f += s
                            if cells[f] == v:
                                src.append(f)
                    cr = pc[3 + PJ[t]] & PB[t]   # a crossing on t, with every own stone
                    for f in src:
                        if cr and self._crosses(f, t, v, o):
                            continue
                        if check and not self._steps(t, f, pc):
                            for w in wit:
                                h = (w & 255) - t + 10
                                if (h < 0 or h > 20 or not NEAR[h]) and (w >> 8) != f:
                                    break
                            else:
                                if not self._then_place(f, t, v):
                                    continue
                        if mine == 1 and a == 0:
                            # t joins unless f was needed: off a shortest
                            # connection it was not, else try it.
                            h = not (sl[15 + PJ[f]] & PB[f]) or self._joins(f, t, v)
                        else:
                            h = not (sl[15 + PJ[f]] & PB[f])
                        if not h:
                            later.append(f << 7 | t)
                        else:
                            out.append(f << 7 | t)
                            if len(out) >= limit:
                                break
                    if len(out) >= limit:
                        break
        for m in later:
            if len(out) < limit:
                out.append(m)
        return out

    def _joins(self, f, t, v):
        """Does the slide f-t connect colour v?"""
        cells = self.cells
        cells[f] = 0
        cells[t] = v
        ok = self._connected(v)
        cells[t] = 0
        cells[f] = v
        return ok

    def _crosses(self, f, t, v, o):
        """Would colour v's stone from f make a crossing on t (f lifted)?"""
        cells = self.cells
        cells[f] = 0
        for s, a, b in DIAGS:
            if cells[t + s] == v and cells[t + a] == o and cells[t + b] == o:
                cells[f] = v
                return True
        cells[f] = v
        return False

    def _steps(self, c, f, pc):
        """A quick sufficient test that a stone put on the empty square c (by
        a placement when f is 0, by the movement f-c otherwise) leaves an
        action of the other kind: an empty square next to c (orthogonally
        after a movement: a placement; any way after a placement: a step of
        the new stone) where pc (see _pmask, taken before the action) shows
        no crossing. The stone on c cannot make that crossing (it lies
        orthogonally next to the square, or is the one that steps there),
        and lifting f only takes crossings away."""
        cells = self.cells
        for s in (ORTHS if f else STEPS):
            n = c + s
            if not cells[n] and n != f and not (pc[3 + PJ[n]] & PB[n]):
                return True
        return False

    def _then_slide(self, c, v):
        """After a placement of colour v on c, is a movement legal?"""
        cells = self.cells
        cells[c] = v
        ok = self._free_step(c, c, v) or self._slides(v, True)
        cells[c] = 0
        return bool(ok)

    def _then_place(self, f, t, v):
        """After colour v's movement f-t, is a placement legal?"""
        self._shift(f, t, v)
        ok = self._free_step(t, 0, v) or self._places(v, True)
        self._shift(t, f, v)
        return bool(ok)

    def _costs(self):
        """Black's cost | White's << 5. After an action from a position whose
        candidates() masks are at hand, most of it follows from them: a stone
        put on an empty square takes one off its colour's cost if the square
        lies on a shortest connection (else nothing), and leaves the other
        colour's cost alone if no shortest connection of the other colour
        passed there (the square itself, or a diagonal step the new stone
        shuts with one of its own). A movement from a stone on no shortest
        connection is the same for the mover; the other colour is searched."""
        h = self.history
        if h:
            e = h[-1]
            m = e & 0x3FFF
            mt = e >> 16              # the seat that made the action
            mv = mt + 1
            zc = self.zc
            f = 0
            if m < 128:
                pz = zc ^ _Z[mv * _MN + m]
            else:
                f = m >> 7
                m &= 127
                pz = zc ^ _Z[mv * _MN + f] ^ _Z[mv * _MN + m]
            k = pz & (_SCACHE - 1)
            if self._sk[k] == pz:
                sc = self._sc
                k *= 20
                bm = k + 9 * mt       # the mover's masks in the entry
                bn = k + 9 - 9 * mt   # the other colour's
                dm = sc[k + 18 + mt]
                dn = sc[k + 19 - mt]
                if sc[bm + PJ[m]] & PB[m]:
                    dm -= 1
                if f:
                    if sc[bm + 6 + PJ[f]] & PB[f]:
                        dm = -1       # it left a shortest connection
                    dn = self._cost(2 - mt)
                else:
                    cells = self.cells
                    if sc[bn + PJ[m]] & PB[m]:
                        dn = -1
                    else:
                        for s, a, b in DIAGS:
                            if cells[m + s] == mv:
                                a += m
                                b += m
                                if (sc[bn + PJ[a]] | sc[bn + 6 + PJ[a]]) & PB[a] and (sc[bn + PJ[b]] | sc[bn + 6 + PJ[b]]) & PB[b]:
                                    dn = -1
                                    break
                    if dn < 0:
                        dn = self._cost(2 - mt)
                if dm >= 0:
                    if mt:
                        return dn | dm << 5
                    return dm | dn << 5
        return self._cost(1) | self._cost(2) << 5

    def evaluate(self):
        """The race to connect: the difference of the two connection costs
        (empty squares each side still has to fill), with a tempo bonus for
        the side to move (two actions at the start of its turn, one after)."""
        # Both costs depend on the stones only: a small table keeps them, as
        # the same stones come back in a search (a turn's two actions in
        # either order).
        zc = self.zc
        i = zc & (_ECACHE - 1)
        if self._ek[i] == zc:
            c = self._ev[i]
        else:
            c = self._costs()
            self._ek[i] = zc
            self._ev[i] = c
        if self.turn:
            s = 100 * ((c & 31) - (c >> 5))
        else:
            s = 100 * ((c >> 5) - (c & 31))
        s += 30 if self._owed else 60
        # Stones in hand make placements possible: a side without them can
        # only shuffle.
        if not self.left[self.turn]:
            s -= 40
        if not self.left[self.turn ^ 1]:
            s += 40
        return s
