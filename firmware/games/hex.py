"""Hex on an N x N rhombus (N = 5..9, 9 by default). Rules: docs/rules/hex.md.

Neighbours of (x, y): (x+-1, y), (x, y+-1), (x+1, y-1), (x-1, y+1). Black joins
rank 1 to rank N, White joins file a to file N. Seat 0 starts with Black; seat
1's first move may be `swap`: the stone stays, seat 1 takes Black (and that
stone), seat 0 plays White next.

A move is a cell index y * N + x; `swap` is N * N. A union-find (union by size,
no path compression, undone on undo) joins each stone to its same-coloured
neighbours and to four virtual edge nodes N*N .. N*N+3, so a win is two finds.
"""
from compat import const
from games.common import (zobrist, Base, MoveError, check_options, cell_name, parse_cell, FILES,
                          EMPTY, BLACK, WHITE, BLACK_SOFT, WHITE_SOFT)

ID = "hex"
NAME = "Hex"
SEATS = ("Black", "White")
OPTIONS = {"size": (9, 5, 9)}

_FAR = const(99)   # "no path": farther than any board allows

# The six neighbour steps in ring order (consecutive steps touch each other),
# and the six bridges: (far cell, carrier 1, carrier 2) as steps.
_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
_BRIDGES = (((1, 1), (1, 0), (0, 1)), ((-1, -1), (-1, 0), (0, -1)),
            ((2, -1), (1, 0), (1, -1)), ((-2, 1), (-1, 0), (-1, 1)),
            ((1, -2), (0, -1), (1, -1)), ((-1, 2), (0, 1), (-1, 1)))


def layout(options=None):
    n = check_options(OPTIONS, options)["size"]
    return n, n




ZOB = zobrist(163, 3)   # [(colour - 1) * 81 + cell], and [162] for "swapped"
_TABLES = {}       # the tables of the last size used


def tables(n):
    """Neighbour, bridge and edge tables of an n x n board (built once per
    size). Flat bytearrays where possible: few objects, little heap."""
    t = _TABLES.get(n)
    if t is not None:
        return t
    _TABLES.clear()
    nn = n * n
    # nb[c]: the neighbours of c. br[18c ..]: up to six bridges of c as
    # (far cell, carrier, carrier), 255 after the last.
    nb = []
    tmp = []
    br = bytearray(nn * 18)
    for i in range(nn * 18):
        br[i] = 255
    for c in range(nn):
        x, y = c % n, c // n
        tmp.clear()
        for dx, dy in _STEPS:
            if 0 <= x + dx < n and 0 <= y + dy < n:
                tmp.append((y + dy) * n + x + dx)
        nb.append(tuple(tmp))
        j = c * 18
        for (fx, fy), (ax, ay), (bx, by) in _BRIDGES:
            if 0 <= x + fx < n and 0 <= y + fy < n:
                br[j] = (y + fy) * n + x + fx
                br[j + 1] = (y + ay) * n + x + ax
                br[j + 2] = (y + by) * n + x + bx
                j += 3
    # Per colour (index 1 Black, 2 White): the cells of its first and far
    # edge, a flag per cell for the far edge, the edge node of each cell (255:
    # none), and the edge templates: a stone on the second line with both
    # cells between it and the edge empty is joined to that edge. For the
    # first edge they are (stone, carrier, carrier) triples, for the far edge
    # both as triples and as the carrier pair at [2c], [2c + 1] (255: none).
    # Black: (x, 1) over (x, 0), (x+1, 0); (x, n-2) under (x, n-1), (x-1, n-1).
    # White: (1, y) beside (0, y), (0, y+1); (n-2, y) beside (n-1, y), (n-1, y-1).
    first = (None, tuple(range(n)), tuple(y * n for y in range(n)))
    last = (None, tuple((n - 1) * n + x for x in range(n)), tuple(y * n + n - 1 for y in range(n)))
    lastflag = (None, bytearray(nn), bytearray(nn))
    edge = (None, bytearray(nn), bytearray(nn))
    tfirst = (None, bytearray(3 * (n - 1)), bytearray(3 * (n - 1)))
    tlast3 = (None, bytearray(3 * (n - 1)), bytearray(3 * (n - 1)))
    tlast = (None, bytearray(2 * nn), bytearray(2 * nn))
    for k in (1, 2):
        for i in range(nn):
            edge[k][i] = 255
        for i in range(2 * nn):
            tlast[k][i] = 255
        for c in last[k]:
            lastflag[k][c] = 1
    for x in range(n):
        edge[1][x] = nn
        edge[1][(n - 1) * n + x] = nn + 1
        edge[2][x * n] = nn + 2
        edge[2][x * n + n - 1] = nn + 3
    for i in range(n - 1):
        j = 3 * i
        tfirst[1][j], tfirst[1][j + 1], tfirst[1][j + 2] = n + i, i, i + 1
        tfirst[2][j], tfirst[2][j + 1], tfirst[2][j + 2] = i * n + 1, i * n, (i + 1) * n
        # Far edge, at i + 1 (1 .. n-1).
        c, a, b = (n - 2) * n + i + 1, (n - 1) * n + i + 1, (n - 1) * n + i
        tlast3[1][j], tlast3[1][j + 1], tlast3[1][j + 2] = c, a, b
        tlast[1][2 * c], tlast[1][2 * c + 1] = a, b
        c, a, b = (i + 1) * n + n - 2, (i + 1) * n + n - 1, i * n + n - 1
        tlast3[2][j], tlast3[2][j + 1], tlast3[2][j + 2] = c, a, b
        tlast[2][2 * c], tlast[2][2 * c + 1] = a, b
    # Hex distance of each cell from the centre, for move ordering.
    h = n // 2
    cen = bytearray(nn)
    for c in range(nn):
        x, y = c % n, c // n
        cen[c] = max(abs(x - h), abs(y - h), abs(x + y - 2 * h))
    t = (tuple(nb), br, first, last, lastflag, tfirst, tlast, tlast3, edge, cen)
    _TABLES[n] = t
    return t


# --- packed rows, for the AI's connection distances -------------------------
# Each colour's stones are also kept as three ints of three rows each: row y
# is bits (y % 3) * 10 .. + 8 of int y // 3 (bit x is file x), bit 9 of each
# row stays clear so that shifts never carry into the next row. All values
# stay below 2**30: small ints on the Pico. A breadth-first search then moves
# a whole board of cells per few integer operations.
_LOW2 = const(0x1FF | 0x1FF << 10)   # the two lower rows of an int
_LOW1 = const(0x1FF)                 # the lowest row of an int
_LAYERS = const(24)                  # candidates(): the most layers recorded
_ECACHE = const(128)                 # evaluate(): entries of its table of scores
_SLOTS = const(16)                   # candidates(): entries of masks, by ply
_CSLOTS = const(16)                  # candidates(): entries of masks, by position
_PACKS = {}


def packing(n):
    """Packed tables of an n x n board (built once per size):
    (PJ, PB, BITSQ, TB): PJ[c] the int of cell c and PB[c] its bit;
    BITSQ[37 * j + b % 37] the cell of the single bit b of int j (2**k % 37
    differs for every k below 36); TB the masks, three ints each: TB[0..2]
    the cells, TB[3 + 3e ..] edge e (0 rank 1, 1 rank n, 2 file a, 3 file
    n), TB[15 + 3e ..] the line next to edge e (where an edge template's
    stone stands)."""
    t = _PACKS.get(n)
    if t is not None:
        return t
    _PACKS.clear()
    nn = n * n
    pj = bytearray(nn)
    pb = [0] * nn
    bitsq = bytearray(3 * 37)
    tb = [0] * 27
    for c in range(nn):
        x, y = c % n, c // n
        j = y // 3
        b = 1 << ((y % 3) * 10 + x)
        pj[c] = j
        pb[c] = b
        bitsq[37 * j + b % 37] = c
        tb[j] |= b
        for e, on in ((0, y == 0), (1, y == n - 1), (2, x == 0), (3, x == n - 1)):
            if on:
                tb[3 + 3 * e + j] |= b
        for e, on in ((0, y == 1), (1, y == n - 2), (2, x == 1), (3, x == n - 2)):
            if on:
                tb[15 + 3 * e + j] |= b
    t = (bytes(pj), tuple(pb), bytes(bitsq), tuple(tb))
    _PACKS[n] = t
    return t


def _reach(o0, o1, o2, x0, x1, x2, k, lay, cap, base, g):
    """Connection distance of the colour whose stones are o0..o2 (packed)
    against the opponent's x0..x2, from edge k to edge k ^ 1 (see packing):
    a 0-1 breadth-first search by layers of whole boards, own stones free,
    empty cells one, with bridges (two own stones whose two common
    neighbours are empty) and edge templates (an own stone on the second
    line with both cells before the edge empty) counted as joined. Returns
    the distance (_FAR: no way).

    With `lay` (a list) it also records each layer from lay[base] on (the
    cells the colour reaches at cost <= d, three ints per layer d) and goes
    on to cap layers (fewer once the distance is known: distance + 2),
    padding with the last. `g` is the game (its tables and union-find).
    """
    tb = g.tb
    par = g.parent
    gm = g.gm
    bitsq = g.bitsq
    far = g.nn + (k ^ 1)          # the union-find root of the far edge
    while par[far] != far:
        far = par[far]
    e0 = tb[0] & ~(o0 | x0)
    e1 = tb[1] & ~(o1 | x1)
    e2 = tb[2] & ~(o2 | x2)
    # The empty cells of the row below (b) and above (a), aligned.
    b0 = (e0 & _LOW2) << 10
    b1 = ((e1 & _LOW2) << 10) | (e0 >> 20)
    b2 = ((e2 & _LOW2) << 10) | (e1 >> 20)
    a0 = (e0 >> 10) | ((e1 & _LOW1) << 20)
    a1 = (e1 >> 10) | ((e2 & _LOW1) << 20)
    a2 = e2 >> 10
    # Own stones joined to an edge by a template: g* at the start, h* at the end.
    j = k
    while True:
        i = 15 + 3 * j
        if j == 0:
            t0 = b0 & (b0 >> 1)
            t1 = b1 & (b1 >> 1)
            t2 = b2 & (b2 >> 1)
        elif j == 1:
            t0 = a0 & (a0 << 1)
            t1 = a1 & (a1 << 1)
            t2 = a2 & (a2 << 1)
        elif j == 2:
            t0 = (e0 & a0) << 1
            t1 = (e1 & a1) << 1
            t2 = (e2 & a2) << 1
        else:
            t0 = (e0 & b0) >> 1
            t1 = (e1 & b1) >> 1
            t2 = (e2 & b2) >> 1
        t0 &= o0 & tb[i]
        t1 &= o1 & tb[i + 1]
        t2 &= o2 & tb[i + 2]
        if j == k:
            g0 = t0
            g1 = t1
            g2 = t2
            j = k ^ 1
        else:
            h0 = t0
            h1 = t1
            h2 = t2
            break
    i = 3 + 3 * k
    f0 = tb[i]
    f1 = tb[i + 1]
    f2 = tb[i + 2]
    # Own stones free from the start: on the first edge, joined to it
    # (their union-find set), or by a template.
    i = g.nn + k
    while par[i] != i:
        i = par[i]
    i *= 3
    r0 = (o0 & f0) | g0 | gm[i]
    r1 = (o1 & f1) | g1 | gm[i + 1]
    r2 = (o2 & f2) | g2 | gm[i + 2]
    f0 &= e0                      # empty cells of the first edge: cost 1
    f1 &= e1
    f2 &= e2
    i = 3 + 3 * (k ^ 1)
    h0 |= tb[i]                   # the far edge, or a template to it
    h1 |= tb[i + 1]
    h2 |= tb[i + 2]
    # Bridges: where a bridge from an own stone may land, by direction, as
    # the carriers allow (masks of the source's bit in the target's row).
    br = (o0 & (o0 - 1)) or (o1 & (o1 - 1)) or (o2 & (o2 - 1)) or (o0 and o1) or (o1 and o2) or (o0 and o2)
    if br:
        p10 = (b0 >> 1) & e0          # from the row below, to x + 1
        p11 = (b1 >> 1) & e1
        p12 = (b2 >> 1) & e2
        p20 = (b0 & e0) << 1          # from the row below, to x - 2
        p21 = (b1 & e1) << 1
        p22 = (b2 & e2) << 1
        p30 = b0 & (b0 << 1)          # from two rows below, to x - 1
        p31 = b1 & (b1 << 1)
        p32 = b2 & (b2 << 1)
        p40 = (a0 & e0) >> 1          # from the row above, to x + 2
        p41 = (a1 & e1) >> 1
        p42 = (a2 & e2) >> 1
        p50 = (a0 << 1) & e0          # from the row above, to x - 1
        p51 = (a1 << 1) & e1
        p52 = (a2 << 1) & e2
        p60 = a0 & (a0 >> 1)          # from two rows above, to x + 1
        p61 = a1 & (a1 >> 1)
        p62 = a2 & (a2 >> 1)
        # The own stones with a bridge (bridges go both ways: those a bridge
        # from an own stone lands on); the others never need looking at.
        v = (o0 & _LOW2) << 10
        q = (o0 & _LOW1) << 20
        d0 = ((v & p10) << 1) | ((v & p20) >> 2) | ((q & p30) >> 1)
        v = ((o1 & _LOW2) << 10) | (o0 >> 20)
        q = ((o1 & _LOW1) << 20) | (o0 >> 10)
        d1 = ((v & p11) << 1) | ((v & p21) >> 2) | ((q & p31) >> 1)
        v = ((o2 & _LOW2) << 10) | (o1 >> 20)
        q = ((o2 & _LOW1) << 20) | (o1 >> 10)
        d2 = ((v & p12) << 1) | ((v & p22) >> 2) | ((q & p32) >> 1)
        v = (o0 >> 10) | ((o1 & _LOW1) << 20)
        q = (o0 >> 20) | ((o1 & _LOW2) << 10)
        d0 |= ((v & p40) << 2) | ((v & p50) >> 1) | ((q & p60) << 1)
        v = (o1 >> 10) | ((o2 & _LOW1) << 20)
        q = (o1 >> 20) | ((o2 & _LOW2) << 10)
        d1 |= ((v & p41) << 2) | ((v & p51) >> 1) | ((q & p61) << 1)
        v = o2 >> 10
        q = o2 >> 20
        d2 |= ((v & p42) << 2) | ((v & p52) >> 1) | ((q & p62) << 1)
        # d*: own stones whose bridges are taken (or that have none).
        d0 = o0 & ~d0
        d1 = o1 & ~d1
        d2 = o2 & ~d2
        br = d0 != o0 or d1 != o1 or d2 != o2
    dist = 0
    found = _FAR
    while True:
        w = (r0 & _LOW2) << 10
        u = (r0 >> 10) | ((r1 & _LOW1) << 20)
        t0 = (r0 << 1) | (r0 >> 1) | w | (w >> 1) | u | (u << 1)
        w = ((r1 & _LOW2) << 10) | (r0 >> 20)
        u = (r1 >> 10) | ((r2 & _LOW1) << 20)
        t1 = (r1 << 1) | (r1 >> 1) | w | (w >> 1) | u | (u << 1)
        w = ((r2 & _LOW2) << 10) | (r1 >> 20)
        u = r2 >> 10
        t2 = (r2 << 1) | (r2 >> 1) | w | (w >> 1) | u | (u << 1)
        w = t0 & o0 & ~r0
        u = t1 & o1 & ~r1
        t = t2 & o2 & ~r2
        if not (w or u or t) and br:
            # The bridges of own stones reached since the last time.
            s0 = r0 & o0 & ~d0
            s1 = r1 & o1 & ~d1
            s2 = r2 & o2 & ~d2
            if s0 or s1 or s2:
                d0 |= s0
                d1 |= s1
                d2 |= s2
                v = (s0 & _LOW2) << 10                          # below
                q = (s0 & _LOW1) << 20                          # two below
                w |= (((v & p10) << 1) | ((v & p20) >> 2) | ((q & p30) >> 1)) & o0 & ~r0
                v = ((s1 & _LOW2) << 10) | (s0 >> 20)
                q = ((s1 & _LOW1) << 20) | (s0 >> 10)
                u |= (((v & p11) << 1) | ((v & p21) >> 2) | ((q & p31) >> 1)) & o1 & ~r1
                v = ((s2 & _LOW2) << 10) | (s1 >> 20)
                q = ((s2 & _LOW1) << 20) | (s1 >> 10)
                t |= (((v & p12) << 1) | ((v & p22) >> 2) | ((q & p32) >> 1)) & o2 & ~r2
                v = (s0 >> 10) | ((s1 & _LOW1) << 20)           # above
                q = (s0 >> 20) | ((s1 & _LOW2) << 10)           # two above
                w |= (((v & p40) << 2) | ((v & p50) >> 1) | ((q & p60) << 1)) & o0 & ~r0
                v = (s1 >> 10) | ((s2 & _LOW1) << 20)
                q = (s1 >> 20) | ((s2 & _LOW2) << 10)
                u |= (((v & p41) << 2) | ((v & p51) >> 1) | ((q & p61) << 1)) & o1 & ~r1
                v = s2 >> 10
                q = s2 >> 20
                t |= (((v & p42) << 2) | ((v & p52) >> 1) | ((q & p62) << 1)) & o2 & ~r2
        if w or u or t:
            # Own stones next to (or bridged to) those reached: not closed
            # yet. Each comes with its whole group (the stones joined to it,
            # from the game's union-find), but a group joined to the far edge
            # only stone by stone: joined through the edge, its stones are
            # no nearer each other.
            while w or u or t:
                if w:
                    v = w & -w
                    q = bitsq[v % 37]
                elif u:
                    v = u & -u
                    q = bitsq[37 + v % 37]
                else:
                    v = t & -t
                    q = bitsq[74 + v % 37]
                x = par[q]
                while x != q:
                    q = x
                    x = par[q]
                if q == far:
                    if lay is None:
                        return dist       # the far edge is reached
                    if w:
                        r0 |= v
                    elif u:
                        r1 |= v
                    else:
                        r2 |= v
                else:
                    q *= 3
                    r0 |= gm[q]
                    r1 |= gm[q + 1]
                    r2 |= gm[q + 2]
                w &= ~r0
                u &= ~r1
                t &= ~r2
            continue
        if lay is None:
            if (r0 & h0) or (r1 & h1) or (r2 & h2):
                return dist
        else:
            j = base + 3 * dist
            lay[j] = r0
            lay[j + 1] = r1
            lay[j + 2] = r2
            if found == _FAR and ((r0 & h0) or (r1 & h1) or (r2 & h2)):
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


_RINGS = {}


def ring(n):
    """RING[6c + i]: the neighbours of cell c in ring order (_STEPS: each
    touches the next), 255 off the board."""
    t = _RINGS.get(n)
    if t is None:
        _RINGS.clear()
        t = bytearray(6 * n * n)
        for c in range(n * n):
            x, y = c % n, c // n
            for i in range(6):
                dx, dy = _STEPS[i]
                if 0 <= x + dx < n and 0 <= y + dy < n:
                    t[6 * c + i] = (y + dy) * n + x + dx
                else:
                    t[6 * c + i] = 255
        t = bytes(t)
        _RINGS[n] = t
    return t


class Game(Base):
    SEATS = SEATS

    def __init__(self, options=None):
        self.options = check_options(OPTIONS, options)
        n = self.options["size"]
        self.n = n
        self.nn = nn = n * n
        self.SWAP = nn
        (self.nb, self.br, self.first, self.last, self.lastflag,
         self.tfirst, self.tlast, self.tlast3, self.edge, self.cen) = tables(n)
        self.board = bytearray(nn)             # 0 empty, 1 black, 2 white
        self.parent = bytearray(range(nn + 4))
        self.size = bytearray(b"\x01" * (nn + 4))
        self.black_seat = 0                    # 1 after a swap
        self.turn = 0
        self.ply = 0
        self.winner = None
        self.history = []   # per move: cell | (o1 + 1) << 8 | (o2 + 1) << 15 | (o3 + 1) << 22; swap: N*N
        self.hash = 0
        self.pj, self.pb, self.bitsq, self.tb = packing(n)
        self.pk = [0] * 6                      # packed rows: Black's ints 0-2, White's 3-5
        self.gm = [0] * (3 * nn + 12)          # the stones of each union-find set, at its root
        self._lay = [0] * (6 * _LAYERS)        # candidates(): the layers of two searches
        self._sm = [0] * (26 * _SLOTS)         # candidates(): masks by ply (see there)
        self._sk = [-1] * _SLOTS               # the position of each entry
        self._cm = [0] * (26 * _CSLOTS)        # candidates(): the same by position
        self._ck = [-1] * _CSLOTS
        self._bk = [0] * 21                    # candidates(): the groups of cells
        self._ek = [-1] * _ECACHE              # evaluate(): position -> score
        self._ev = [0] * _ECACHE
        self.ring = ring(n)
        self._tmp = []

    def layout(self):
        return self.n, self.n

    def seat_name(self, seat):
        return "Black" if seat == self.black_seat else "White"

    def turn_look(self):
        return BLACK if self.turn == self.black_seat else WHITE

    def colour_of(self, seat):
        """1 (Black) or 2 (White): the colour a seat plays now."""
        return 1 if seat == self.black_seat else 2

    # --- rules ------------------------------------------------------------
    def _find(self, c):
        par = self.parent
        p = par[c]
        while p != c:
            c = p
            p = par[c]
        return c

    def moves(self):
        if self.winner is not None:
            return []
        bd = self.board
        out = [c for c in range(self.nn) if not bd[c]]
        if self.ply == 1:
            out.append(self.nn)
        return out

    def play(self, c):
        nn = self.nn
        if c == nn:
            self.black_seat = 1
            self.history.append(nn)
            self.hash ^= ZOB[162]
            self.ply += 1
            self.turn ^= 1
            return
        k = 1 if self.turn == self.black_seat else 2
        bd, par, sz = self.board, self.parent, self.size
        bd[c] = k
        self.pk[self.pj[c] + 3 * k - 3] |= self.pb[c]
        r1 = r2 = r3 = r4 = 255
        r = self.edge[k][c]
        if r != 255:
            p = par[r]
            while p != r:
                r = p
                p = par[r]
            r1 = r
        for n in self.nb[c]:
            if bd[n] == k:
                r = n          # find, inlined (a bound method would be allocated)
                p = par[r]
                while p != r:
                    r = p
                    p = par[r]
                if r != r1 and r != r2 and r != r3 and r != r4:
                    if r1 == 255:
                        r1 = r
                    elif r2 == 255:
                        r2 = r
                    elif r3 == 255:
                        r3 = r
                    else:
                        r4 = r
        rec = c
        if r1 != 255:
            # The biggest root becomes r1; the others hang under it and the
            # record keeps them for undo (no tuples here: they would be allocated).
            if r2 != 255:
                if sz[r2] > sz[r1]:
                    r1, r2 = r2, r1
                if r3 != 255:
                    if sz[r3] > sz[r1]:
                        r1, r3 = r3, r1
                    if r4 != 255 and sz[r4] > sz[r1]:
                        r1, r4 = r4, r1
            big = r1
            s = sz[big] + 1
            gm = self.gm              # the groups' stones, packed, at their roots
            b = 3 * big
            if r2 != 255:
                par[r2] = big
                s += sz[r2]
                rec |= (r2 + 1) << 8
                r = 3 * r2
                gm[b] |= gm[r]
                gm[b + 1] |= gm[r + 1]
                gm[b + 2] |= gm[r + 2]
                if r3 != 255:
                    par[r3] = big
                    s += sz[r3]
                    rec |= (r3 + 1) << 15
                    r = 3 * r3
                    gm[b] |= gm[r]
                    gm[b + 1] |= gm[r + 1]
                    gm[b + 2] |= gm[r + 2]
                    if r4 != 255:
                        par[r4] = big
                        s += sz[r4]
                        rec |= (r4 + 1) << 22
                        r = 3 * r4
                        gm[b] |= gm[r]
                        gm[b + 1] |= gm[r + 1]
                        gm[b + 2] |= gm[r + 2]
            gm[b + self.pj[c]] |= self.pb[c]
            par[c] = big
            sz[big] = s
            if k == 1:
                if self._find(nn) == self._find(nn + 1):
                    self.winner = self.turn
            elif self._find(nn + 2) == self._find(nn + 3):
                self.winner = self.turn
        else:
            self.gm[3 * c + self.pj[c]] = self.pb[c]
        self.history.append(rec)
        self.hash ^= ZOB[(k - 1) * 81 + c]
        self.ply += 1
        self.turn ^= 1

    def undo(self):
        rec = self.history.pop()
        nn = self.nn
        self.ply -= 1
        self.turn ^= 1
        self.winner = None
        if rec == nn:
            self.black_seat = 0
            self.hash ^= ZOB[162]
            return
        c = rec & 0xFF
        par, sz, gm = self.parent, self.size, self.gm
        big = par[c]
        if big != c:
            s = sz[big] - 1
            b = 3 * big
            rec >>= 8
            while rec:
                r = (rec & 0x7F) - 1
                par[r] = r
                s -= sz[r]
                r *= 3
                gm[b] &= ~gm[r]
                gm[b + 1] &= ~gm[r + 1]
                gm[b + 2] &= ~gm[r + 2]
                rec >>= 7
            sz[big] = s
            par[c] = c
            gm[b + self.pj[c]] &= ~self.pb[c]
        else:
            gm[3 * c + self.pj[c]] = 0
        sz[c] = 1
        k = self.board[c]
        self.board[c] = 0
        self.pk[self.pj[c] + 3 * k - 3] ^= self.pb[c]
        self.hash ^= ZOB[(k - 1) * 81 + c]

    def result(self):
        return self.winner

    def highlight(self):
        """The winning chain: a shortest run of the winner's stones from edge to edge."""
        if self.winner is None:
            return ()
        k = self.colour_of(self.winner)
        bd, nb = self.board, self.nb
        prev = bytearray(b"\xff" * self.nn)
        queue = []
        for c in self.first[k]:
            if bd[c] == k:
                prev[c] = c
                queue.append(c)
        end = self.lastflag[k]
        i = 0
        while i < len(queue):
            c = queue[i]
            i += 1
            if end[c]:
                path = [c]
                while prev[c] != c:
                    c = prev[c]
                    path.append(c)
                path.reverse()
                return tuple(path)
            for n in nb[c]:
                if bd[n] == k and prev[n] == 255:
                    prev[n] = c
                    queue.append(n)
        return ()

    # --- notation ---------------------------------------------------------
    def parse(self, text):
        """As Base.parse (the canonical text or a case variant of it), read
        directly instead of by comparing with every move's text."""
        if not isinstance(text, str):
            raise MoveError("a move must be text, like a cell name")
        t = text.strip()
        if self.winner is None:
            if t.lower() == "swap":
                if self.ply == 1:
                    return self.nn
            else:
                xy = parse_cell(t, self.n, self.n)
                if xy is not None:
                    c = xy[1] * self.n + xy[0]
                    if not self.board[c]:
                        return c
        raise MoveError(self.explain(t))

    def move_text(self, c):
        if c == self.nn:
            return "swap"
        return cell_name(c % self.n, c // self.n)

    def move_cells(self, c):
        if c == self.nn:
            return (self.history[0] & 0xFF,)   # tap the stone that changes hands
        return (c,)

    def explain(self, text):
        if not isinstance(text, str):
            return "a move must be text, like a cell name"
        t = text.strip()
        if self.winner is not None:
            return "%s is not legal: the game is over" % t
        n = self.n
        if t.lower() == "swap":
            if self.ply == 0:
                return "swap is not legal: there is no stone to swap yet"
            return "swap is not legal: only the second player's first move may be swap"
        xy = parse_cell(t, n, n)
        if xy is None:
            return "'%s' is not a cell: name one from a1 to %s%d, or swap" % (t, FILES[n - 1], n)
        c = xy[1] * n + xy[0]
        if self.board[c]:
            return "%s is not legal: the cell already holds a %s stone" % (
                cell_name(xy[0], xy[1]), "black" if self.board[c] == 1 else "white")
        return "%s is not a legal move here" % t

    # --- display ----------------------------------------------------------
    def view(self):
        """Stones as BLACK/WHITE; an empty cell on an edge shows the soft look
        of the seat that must reach that edge (the four corners lie on both
        edges and stay plain)."""
        n, bd = self.n, self.board
        bsoft = BLACK_SOFT
        wsoft = WHITE_SOFT
        v = bytearray(self.nn)
        for c in range(self.nn):
            k = bd[c]
            if k:
                v[c] = BLACK if k == 1 else WHITE
            else:
                x, y = c % n, c // n
                be = y == 0 or y == n - 1
                we = x == 0 or x == n - 1
                v[c] = bsoft if be and not we else (wsoft if we and not be else EMPTY)
        return v

    def board_text(self):
        """The rhombus with each rank shifted half a cell, so neighbours look like neighbours."""
        n, bd = self.n, self.board
        rows = []
        for y in range(n - 1, -1, -1):
            rows.append("%d " % (y + 1) + " " * y + " ".join(".BW"[bd[y * n + x]] for x in range(n)))
        rows.append("  " + " ".join(FILES[x] for x in range(n)))
        rows.append("Black (seat %d) joins ranks 1-%d, White (seat %d) files a-%s" % (
            self.black_seat, n, 1 - self.black_seat, FILES[n - 1]))
        return "\n".join(rows)

    # --- AI ---------------------------------------------------------------
    def key(self):
        return self.hash   # stones and the swap fix the ply and so the side to move

    def distance(self, k):
        """Colour k's connection distance (0: joined, or joined by templates):
        the fewest empty cells it still needs, own stones free, bridges and
        edge templates counted as joined (see _reach)."""
        pk = self.pk
        if k == 1:
            return _reach(pk[0], pk[1], pk[2], pk[3], pk[4], pk[5], 0, None, 0, 0, self)
        return _reach(pk[3], pk[4], pk[5], pk[0], pk[1], pk[2], 2, None, 0, 0, self)

    def evaluate(self):
        """Connection distance race: the opponent's distance minus ours.

        Distances count the empty cells a colour still needs, with own stones
        free, bridges (two stones with both common neighbours empty) and edge
        templates counted as already joined.
        """
        if self.winner is not None:
            return -9000   # the last mover won, so the side to move has lost
        # A small table keeps the last scores: a search meets the same
        # position again through other move orders.
        h = self.hash
        i = h & (_ECACHE - 1)
        if self._ek[i] == h:
            return self._ev[i]
        me = 1 if self.turn == self.black_seat else 2
        v = (self._gained(3 - me) - self._kept(me)) * 100
        self._ek[i] = h
        self._ev[i] = v
        return v

    def _kept(self, k):
        """Colour k's distance when the opponent has just played (see _same)."""
        p = self._same(k)
        if p >= 0:
            return self._sm[p + 25]
        return self.distance(k)

    def _gained(self, k):
        """Colour k's distance when it has just played. When candidates()
        found k's masks in the position before (see _same), a stone that
        forms no new bridge and no edge template takes one off k's distance
        if it lies on a shortest connection, else nothing."""
        h = self.history
        if h:
            c = h[-1] & 0xFF
            p = (self.ply - 1) & (_SLOTS - 1)
            if c < self.nn and self._sk[p] == self.hash ^ ZOB[(k - 1) * 81 + c]:
                bd = self.board
                br = self.br
                j = 18 * c
                e = j + 18
                while j < e:
                    a = br[j]
                    if a == 255:
                        break
                    if bd[a] == k and not bd[br[j + 1]] and not bd[br[j + 2]]:
                        return self.distance(k)     # a new bridge
                    j += 3
                j = self.pj[c]
                b = self.pb[c]
                t = self.tb
                e = 15 if k == 1 else 21
                if (t[e + j] | t[e + 3 + j]) & b:
                    return self.distance(k)         # maybe a new template
                p *= 26
                if self._sm[p + j] & b:
                    return self._sm[p + 24] - 1
                return self._sm[p + 24]
        return self.distance(k)

    def _same(self, k):
        """Is colour k's distance the one candidates() found in the position
        before the opponent's last stone? Then the index of that position's
        entry in _sm (see candidates), else -1. The stone leaves it alone
        unless it took a cell every shortest connection of k passes, the
        carrier of a bridge between two of k's stones on one, or an edge cell
        next to such a stone (a template's)."""
        h = self.history
        if not h:
            return -1
        c = h[-1] & 0xFF
        if c >= self.nn:              # a swap
            return -1
        bd = self.board
        x = bd[c]
        p = (self.ply - 1) & (_SLOTS - 1)
        if x != 3 - k or self._sk[p] != self.hash ^ ZOB[(x - 1) * 81 + c]:
            return -1
        p *= 26
        sl = self._sm
        pj = self.pj
        pb = self.pb
        j = pj[c]
        b = pb[c]
        if sl[p + 21 + j] & b:
            return -1
        ring = self.ring
        i = 6 * c
        e = i + 6
        while i < e:
            a = ring[i]
            q = ring[i + 2 if i + 2 < e else i - 4]
            if a != 255 and q != 255 and bd[a] == k and bd[q] == k and (sl[p + 18 + pj[a]] & pb[a]) and (sl[p + 18 + pj[q]] & pb[q]):
                return -1
            i += 1
        t = self.tb
        e = 3 if k == 1 else 9
        if (t[e + j] | t[e + 3 + j]) & b:
            for a in self.nb[c]:
                if bd[a] == k and (sl[p + 18 + pj[a]] & pb[a]):
                    return -1
        return p

    def _slack(self, k, sl, at):
        """Colour k's cells near its shortest connections, as packed masks
        from sl[at]: [0..2] the empty cells on a shortest connection, [3..5]
        those on one at most a cell longer, [6..8] its own stones on a
        shortest one, [9..11] the cells every shortest one passes. Returns
        the distance (_FAR: none, and the masks are 0)."""
        pk = self.pk
        tb = self.tb
        lay = self._lay
        if k == 1:
            o0, o1, o2 = pk[0], pk[1], pk[2]
            x0, x1, x2 = pk[3], pk[4], pk[5]
            e = 0
        else:
            o0, o1, o2 = pk[3], pk[4], pk[5]
            x0, x1, x2 = pk[0], pk[1], pk[2]
            e = 2
        for i in range(at, at + 12):
            sl[i] = 0
        dist = _reach(o0, o1, o2, x0, x1, x2, e, lay, _LAYERS, 0, self)
        if dist >= _FAR:
            return dist
        n = dist + 2                  # layers needed from each edge
        b = 3 * _LAYERS               # where the far edge's layers go
        _reach(o0, o1, o2, x0, x1, x2, e + 1, lay, n, b, self)
        e0 = tb[0] & ~(o0 | x0)
        e1 = tb[1] & ~(o1 | x1)
        e2 = tb[2] & ~(o2 | x2)
        # Own stones first reached at cost i from one edge and at cost
        # <= dist - i from the other lie on a shortest connection; an empty
        # cell first reached at cost i, and at cost <= dist + s + 1 - i
        # from the other edge, on one s cells longer.
        p0 = lay[0]
        p1 = lay[1]
        p2 = lay[2]
        h = b + 3 * dist
        c0 = p0 & lay[h]
        c1 = p1 & lay[h + 1]
        c2 = p2 & lay[h + 2]
        z0 = z1 = z2 = w0 = w1 = w2 = u0 = u1 = u2 = 0
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
                # Every shortest connection has one empty cell first reached
                # at cost i: if only one cell is, all of them pass there.
                v0 = y0 & e0 & lay[h]
                v1 = y1 & e1 & lay[h + 1]
                v2 = y2 & e2 & lay[h + 2]
                z0 |= v0
                z1 |= v1
                z2 |= v2
                if not (v0 & (v0 - 1) or v1 & (v1 - 1) or v2 & (v2 - 1)) and bool(v0) + bool(v1) + bool(v2) == 1:
                    u0 |= v0
                    u1 |= v1
                    u2 |= v2
            w0 |= y0 & e0 & lay[h + 3]
            w1 |= y1 & e1 & lay[h + 4]
            w2 |= y2 & e2 & lay[h + 5]
            p0 = q0
            p1 = q1
            p2 = q2
        sl[at] = z0
        sl[at + 1] = z1
        sl[at + 2] = z2
        sl[at + 3] = w0
        sl[at + 4] = w1
        sl[at + 5] = w2
        sl[at + 6] = c0
        sl[at + 7] = c1
        sl[at + 8] = c2
        sl[at + 9] = u0
        sl[at + 10] = u1
        sl[at + 11] = u2
        return dist

    def candidates(self, limit):
        """At most `limit` promising moves, best first: the empty cells on a
        shortest connection of both colours, then of one colour and a cell
        off the other's, then of one colour only, then a cell off both, a
        cell off one, then the others; each group nearest the centre first.
        With a win in one, its cells come first; `swap` first when legal."""
        if self.winner is not None:
            return []
        nn = self.nn
        me = 1 if self.turn == self.black_seat else 2
        # The masks of this position go to an entry of _sm by ply (so that
        # those of the positions before stay while a search is below them):
        # sl[s..s+11] mine, sl[s+12..s+23] theirs, the two distances.
        # They also go to a table by position, as a search comes back to the
        # same positions (each deeper iteration).
        sl = self._sm
        i = self.ply & (_SLOTS - 1)
        self._sk[i] = -1
        s = 26 * i
        h = self.hash
        j = h & (_CSLOTS - 1)
        cm = self._cm
        k = 26 * j
        if self._ck[j] == h:
            for i in range(26):
                sl[s + i] = cm[k + i]
            mine = sl[s + 24]
            theirs = sl[s + 25]
        else:
            mine = self._slack(me, sl, s)
            theirs = self._slack(3 - me, sl, s + 12)
            sl[s + 24] = mine
            sl[s + 25] = theirs
            for i in range(26):
                cm[k + i] = sl[s + i]
            self._ck[j] = h
        self._sk[self.ply & (_SLOTS - 1)] = h
        pk = self.pk
        tb = self.tb
        # The groups, three ints each, from (mine, theirs) levels: 0 on a
        # shortest connection, 1 on one a cell longer, 2 farther.
        bk = self._bk
        for j in (0, 1, 2):
            e = tb[j] & ~(pk[j] | pk[3 + j])
            a = sl[s + j]
            b = sl[s + 3 + j] & ~a
            c = e & ~sl[s + 3 + j]
            x = sl[s + 12 + j]
            y = sl[s + 15 + j] & ~x
            z = e & ~sl[s + 15 + j]
            if mine == 1:
                bk[j] = a & e                       # a win: first
                a = 0
            else:
                bk[j] = 0
            bk[3 + j] = a & x
            bk[6 + j] = (a & y) | (b & x)
            bk[9 + j] = (a & z) | (c & x)
            bk[12 + j] = b & y
            bk[15 + j] = (b & z) | (c & y)
            bk[18 + j] = c & z & e
        out = []
        if self.ply == 1:
            out.append(nn)
        if mine <= 1 or theirs <= 1:
            # A colour (nearly) joined: the cells that join it at once, the
            # mover's first, then those that stop the opponent's.
            for k in (1, 2):
                if k == 1:
                    k = me
                    if mine > 1:
                        continue
                    i = s + 3           # a joining cell lies on a connection of cost 1
                else:
                    k = 3 - me
                    if theirs > 1:
                        continue
                    i = s + 15
                for c in self._joining(k, sl[i], sl[i + 1], sl[i + 2]):
                    if c not in out:
                        out.append(c)
                        if len(out) >= limit:
                            return out
        tmp = self._tmp
        bitsq = self.bitsq
        cen = self.cen
        for g in range(0, 21, 3):
            if len(out) >= limit:
                break
            m0 = bk[g]
            m1 = bk[g + 1]
            m2 = bk[g + 2]
            if not (m0 or m1 or m2):
                continue
            # Its cells, nearest the centre first.
            tmp.clear()
            h = 0
            for m in (m0, m1, m2):
                while m:
                    t = m & -m
                    m ^= t
                    c = bitsq[h + t % 37]
                    tmp.append(cen[c] << 7 | c)
                h += 37
            tmp.sort()
            for t in tmp:
                t &= 127
                if t not in out:
                    out.append(t)
                    if len(out) >= limit:
                        break
        return out

    def _joining(self, k, m0, m1, m2):
        """The empty cells among m0..m2 (packed) where a stone of colour k
        joins its two edges."""
        nn = self.nn
        bd, nb, par, ek = self.board, self.nb, self.parent, self.edge[k]
        a = nn if k == 1 else nn + 2
        while par[a] != a:
            a = par[a]
        b = nn + 1 if k == 1 else nn + 3
        while par[b] != b:
            b = par[b]
        out = []
        bitsq = self.bitsq
        h = 0
        m = m0
        while True:
            if not m:
                if h == 74:
                    break
                h += 37
                m = m1 if h == 37 else m2
                continue
            c = m & -m
            m ^= c
            c = bitsq[h + c % 37]
            ha = hb = False
            r = ek[c]
            if r != 255:
                while par[r] != r:
                    r = par[r]
                ha = r == a
                hb = r == b
            for n in nb[c]:
                if bd[n] == k:
                    r = n
                    while par[r] != r:
                        r = par[r]
                    if r == a:
                        ha = True
                    elif r == b:
                        hb = True
            if ha and hb:
                out.append(c)
        return out
