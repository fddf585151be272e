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
        self._ff = b"\xff" * nn
        self._d = bytearray(nn)

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
            if r2 != 255:
                par[r2] = big
                s += sz[r2]
                rec |= (r2 + 1) << 8
                if r3 != 255:
                    par[r3] = big
                    s += sz[r3]
                    rec |= (r3 + 1) << 15
                    if r4 != 255:
                        par[r4] = big
                        s += sz[r4]
                        rec |= (r4 + 1) << 22
            par[c] = big
            sz[big] = s
            if k == 1:
                if self._find(nn) == self._find(nn + 1):
                    self.winner = self.turn
            elif self._find(nn + 2) == self._find(nn + 3):
                self.winner = self.turn
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
        par, sz = self.parent, self.size
        big = par[c]
        if big != c:
            s = sz[big] - 1
            rec >>= 8
            while rec:
                r = (rec & 0x7F) - 1
                par[r] = r
                s -= sz[r]
                rec >>= 7
            sz[big] = s
            par[c] = c
        sz[c] = 1
        k = self.board[c]
        self.board[c] = 0
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

    def _dist(self, k, first, tfirst, lastflag, tlast, dist_out):
        """Fewest empty cells colour k still needs to join its two edges (own
        stones cost 0, a bridge with both carriers empty joins for free, and a
        stone on the second line with both cells before the edge empty touches
        that edge). With `dist_out` (a bytearray) fill the whole map instead
        and return it: the cost of the best path from the first edge to each
        cell, counting the cell."""
        bd, nb, br = self.board, self.nb, self.br
        if dist_out is None:
            d = self._d             # reused: no allocation per evaluation
            d[:] = self._ff
        else:
            d = dist_out
        cur = []
        nxt = []
        for c in first:
            v = bd[c]
            if v == k:
                d[c] = 0
                cur.append(c)
            elif v == 0:
                d[c] = 1
                nxt.append(c)
        j = 0
        while j < len(tfirst):
            c = tfirst[j]
            if bd[c] == k and d[c] and not bd[tfirst[j + 1]] and not bd[tfirst[j + 2]]:
                d[c] = 0
                cur.append(c)
            j += 3
        full = dist_out is not None
        dist = 0
        while cur or nxt:
            append = cur.append
            nappend = nxt.append
            nd = dist + 1
            for c in cur:   # grows while it is walked: cells reached at no cost
                if d[c] != dist:
                    continue
                own = bd[c] == k
                if not full:
                    if lastflag[c]:
                        return dist
                    if own:
                        a = tlast[2 * c]
                        if a != 255 and not bd[a] and not bd[tlast[2 * c + 1]]:
                            return dist
                for n in nb[c]:
                    v = bd[n]
                    if v == k:
                        if d[n] > dist:
                            d[n] = dist
                            append(n)
                    elif v == 0 and d[n] > nd:
                        d[n] = nd
                        nappend(n)
                if own:
                    j = c * 18
                    e = j + 18
                    while j < e:
                        p = br[j]
                        if p == 255:
                            break
                        if bd[p] == k and d[p] > dist and not bd[br[j + 1]] and not bd[br[j + 2]]:
                            d[p] = dist
                            append(p)
                        j += 3
            cur = nxt
            nxt = []
            dist = nd
        return d if full else _FAR

    def distance(self, k):
        """Colour k's connection distance (0: joined, or joined by templates)."""
        return self._dist(k, self.first[k], self.tfirst[k], self.lastflag[k], self.tlast[k], None)

    def evaluate(self):
        """Connection distance race: the opponent's distance minus ours.

        Distances count the empty cells a colour still needs, with own stones
        free, bridges (two stones with both common neighbours empty) and edge
        templates counted as already joined.
        """
        if self.winner is not None:
            return -9000   # the last mover won, so the side to move has lost
        me = 1 if self.turn == self.black_seat else 2
        return (self.distance(3 - me) - self.distance(me)) * 100

    def _map(self, k, reverse):
        d = bytearray(self._ff)
        if reverse:
            return self._dist(k, self.last[k], self.tlast3[k], None, None, d)
        return self._dist(k, self.first[k], self.tfirst[k], None, None, d)

    def candidates(self, limit):
        """At most `limit` promising moves, best first: the empty cells lying
        on (or nearest to) a shortest connection of either colour, cells on
        both preferred, then cells near the centre. `swap` comes first when legal."""
        ms = self.moves()
        if len(ms) <= limit:
            return ms
        nn, bd, cen = self.nn, self.board, self.cen
        slacks = []
        for k in (1, 2):
            a = self._map(k, False)
            b = self._map(k, True)
            best = 510
            tot = bytearray(nn)
            for c in range(nn):
                if not bd[c]:
                    s = a[c] + b[c]
                    if s > 255:
                        s = 255
                    tot[c] = s
                    if s < best:
                        best = s
            for c in range(nn):
                if not bd[c]:
                    tot[c] -= best
            slacks.append(tot)
        s1, s2 = slacks
        scored = []
        for c in range(nn):
            if not bd[c]:
                x, y = s1[c], s2[c]
                if x > y:
                    x, y = y, x
                scored.append(-((4 * x + y) * 32 + cen[c]) * 128 + c)
        scored.sort(reverse=True)
        out = []
        if self.ply == 1:
            out.append(nn)
        for v in scored:
            if len(out) >= limit:
                break
            out.append(v & 0x7F)
        return out
