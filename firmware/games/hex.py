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
from games.common import (zobrist, Base, MoveError, check_options, cell_name, parse_cell, typed, FILES,
                          EMPTY, BLACK, WHITE, BLACK_SOFT, WHITE_SOFT, attach_ai)

ID = "hex"
NAME = "Hex"
SEATS = ("Black", "White")
OPTIONS = {"size": (9, 5, 9)}
# Its square in the menu: position, and the two looks it alternates between.
MENU = (9, BLACK, WHITE)
# AI node budgets (2 s: levels 1-2's cap; level 5, which ai.budget() divides
# for levels 3-4): the costliest phase stays within 2 s and
# 10 s on the Pico (`python -m tools.bench budgets`, docs/reports/ai-budgets.md).
NODES = (380, 1550)
# Level 1 plays this percent of its moves at random (ai.LEVEL1_RANDOM, 80 by
# default): with 80 it won only 43 of 120 games against the one-ply greedy
# beginner, with 70 54, about even (the ladder's bound: at most 70%;
# docs/developers/ai.md, "Level 1").
LEVEL1_RANDOM = 70
# Real pieces on a reed board: the looks of view() that are pieces on the board
# (app/pieces.py).
PIECES = (BLACK, WHITE)

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




from games.hex_ai import HexAI, packing  # noqa: E402 (the AI half of Game: distances, evaluate, candidates)

ZOB = zobrist(163, 3)   # [(colour - 1) * 81 + cell], and [162] for "swapped"
_TABLES = {}       # the tables of the last size used


class Tables:
    """The tables of an n x n board: nb[c] the neighbours of c; br[18c ..]
    up to six bridges of c as (far cell, carrier, carrier), 255 after the
    last; ring[6c + i] the neighbours of c in ring order (_STEPS: each
    touches the next), 255 off the board; per colour k (index 1 Black, 2
    White): first[k] the cells of its first edge, lastflag[k][c] 1 on its
    far edge, edge[k][c] the union-find edge node of c (255: none); cen[c]
    the hex distance of c from the centre, for move ordering."""

    def __init__(self, n):
        nn = n * n
        nb = []
        tmp = []
        br = bytearray(b"\xff" * (nn * 18))
        ring = bytearray(b"\xff" * (6 * nn))
        h = n // 2
        cen = bytearray(nn)
        for c in range(nn):
            x, y = c % n, c // n
            tmp.clear()
            for i in range(6):
                dx, dy = _STEPS[i]
                if 0 <= x + dx < n and 0 <= y + dy < n:
                    tmp.append((y + dy) * n + x + dx)
                    ring[6 * c + i] = (y + dy) * n + x + dx
            nb.append(tuple(tmp))
            j = c * 18
            for (fx, fy), (ax, ay), (bx, by) in _BRIDGES:
                if 0 <= x + fx < n and 0 <= y + fy < n:
                    br[j] = (y + fy) * n + x + fx
                    br[j + 1] = (y + ay) * n + x + ax
                    br[j + 2] = (y + by) * n + x + bx
                    j += 3
            cen[c] = max(abs(x - h), abs(y - h), abs(x + y - 2 * h))
        self.nb = tuple(nb)
        self.br = br
        self.ring = bytes(ring)
        self.cen = cen
        self.first = (None, tuple(range(n)), tuple(y * n for y in range(n)))
        self.lastflag = (None, bytearray(nn), bytearray(nn))
        self.edge = (None, bytearray(b"\xff" * nn), bytearray(b"\xff" * nn))
        for x in range(n):
            self.lastflag[1][(n - 1) * n + x] = 1
            self.lastflag[2][x * n + n - 1] = 1
            self.edge[1][x] = nn
            self.edge[1][(n - 1) * n + x] = nn + 1
            self.edge[2][x * n] = nn + 2
            self.edge[2][x * n + n - 1] = nn + 3


def tables(n):
    """The Tables of an n x n board, built once per size (the last size used
    is kept)."""
    t = _TABLES.get(n)
    if t is None:
        _TABLES.clear()
        t = _TABLES[n] = Tables(n)
    return t


class Game(Base):
    _ai_init = None      # games/hex_ai.py's, put in place by attach_ai below
    SEATS = SEATS
    SWAP_TEXT = "swap"
    # The board's few words for each reason explain() gives (Base.short).
    SHORT = (
        ('no stone to swap', 'NO SWAP YET'),
        ('may be swap', 'NO SWAP NOW'),
        ('already holds a', 'CELL TAKEN'),
    )
    ZOB = ZOB

    def __init__(self, options=None):
        self.options = check_options(OPTIONS, options)
        n = self.options["size"]
        self.n = n
        self.nn = nn = n * n
        self.SWAP = nn
        t = tables(n)
        self.nb = t.nb
        self.br = t.br
        self.first = t.first
        self.lastflag = t.lastflag
        self.edge = t.edge
        self.cen = t.cen
        self.board = bytearray(nn)             # 0 empty, 1 black, 2 white
        self.parent = bytearray(range(nn + 4))
        self.size = bytearray(b"\x01" * (nn + 4))
        self.black_seat = 0                    # 1 after a swap
        self.turn = 0
        self.ply = 0
        self.winner = None
        self.history = []   # per move: cell | (o1 + 1) << 8 | (o2 + 1) << 15 | (o3 + 1) << 22; swap: N*N
        self.hash = 0
        # The stones again, packed (games/packed.py), for the AI's searches.
        self.pj, self.pb, self.bitsq, self.tb = packing(n)
        self.pk = [0] * 6                      # packed rows: Black's ints 0-2, White's 3-5
        self.gm = [0] * (3 * nn + 12)          # the stones of each union-find set, at its root
        self._ai_init(t.ring)

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
        t = typed(text, "a move must be text, like a cell name")
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


attach_ai(Game, HexAI)   # its AI half (games/hex_ai.py)
