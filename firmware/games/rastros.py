"""Rastros (Bill Taylor): one white piece on a 7 x 7 board. Rules: docs/rules/rastros.md.

The white piece starts on e5. Each player in turn moves it to an empty, unblocked
king-neighbour square; the square it left becomes black and is closed for good.
If the piece enters a1 seat 0 wins, if it enters g7 seat 1 wins, whoever moved
it. A player who cannot move loses. A move is the index y * 7 + x of the square
the piece goes to.
"""
from compat import const
from games.common import (zobrist, Base, check_options, cell_name, parse_cell,
                          EMPTY, BLOCK, PIECE, P0_SOFT, P1_SOFT)

ID = "rastros"
NAME = "Rastros"
SEATS = ("Goal a1", "Goal g7")
OPTIONS = {}
# Its square in the menu: position, and the two looks it alternates between.
MENU = (3, PIECE, BLOCK)
# AI node budgets (2 s: levels 1-2's cap; level 5, which ai.budget() divides
# for levels 3-4): the costliest phase stays within 2 s and
# 10 s on the Pico (`python -m tools.bench budgets`, docs/reports/ai-budgets.md).
NODES = (1600, 8000)
# Real pieces on a reed board: the looks of view() that are pieces on the board
# (app/pieces.py); MARKERS: blocked squares, pieces where players use markers.
PIECES = (PIECE,)
MARKERS = (BLOCK,)

_W = const(7)
_N = const(49)
_START = const(32)     # e5
_A1 = const(0)
_G7 = const(48)
_FAR = const(255)
GOALS = (_A1, _G7)     # GOALS[seat]: the square that wins for that seat


def layout(options=None):
    return _W, _W


def _neighbours():
    out = []
    for c in range(_N):
        x, y = c % _W, c // _W
        ns = []
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if (dx or dy) and 0 <= x + dx < _W and 0 <= y + dy < _W:
                    ns.append((y + dy) * _W + x + dx)
        out.append(tuple(ns))
    return tuple(out)


NB = _neighbours()




ZOB = zobrist(2 * _N + 1, 5)       # ZOB[c]: black on c; ZOB[49 + c]: the piece on c; ZOB[98]: seat 1 to move

# For the rank-at-a-time search: _SPREAD[m] = the files of m and their
# neighbours on a rank; _POP[m] = the number of squares in m.
_SPREAD = bytes(((m | (m << 1) | (m >> 1)) & 127) for m in range(128))
_POP = bytes(bin(m).count("1") for m in range(128))


class Game(Base):
    SEATS = SEATS
    SEAT_WORDS = ("BLUE", "ORANGE")    # the seats' names say nothing at the table
    # The board's few words for each reason explain() gives (Base.short).
    SHORT = (
        ('already there', 'ALREADY THERE'),
        ('never enter a black square', 'BLACK SQUARE'),
        ('moves one square', 'ONE STEP ONLY'),
    )

    def __init__(self, options=None):
        check_options(OPTIONS, options)
        self.cells = bytearray(_N)     # 1 = black (the piece has left it)
        self.open = bytearray(b"\x7f" * _W)   # per rank, a bit per file: not black
        self.pos = _START
        self.turn = 0
        self.ply = 0
        self.history = []              # the squares the piece left, for undo
        self.winner = None             # set when the piece enters a goal
        self.h = ZOB[_N + _START]

    def layout(self):
        return _W, _W

    # --- rules ------------------------------------------------------------
    def moves(self):
        if self.winner is not None:
            return []
        cells = self.cells
        return [n for n in NB[self.pos] if not cells[n]]

    def play(self, m):
        p = self.pos
        self.cells[p] = 1
        self.open[p // _W] ^= 1 << (p % _W)
        self.history.append(p)
        self.pos = m
        self.h ^= ZOB[p] ^ ZOB[_N + p] ^ ZOB[_N + m] ^ ZOB[98]
        self.ply += 1
        self.turn ^= 1
        if m == _A1:
            self.winner = 0
        elif m == _G7:
            self.winner = 1

    def undo(self):
        m = self.pos
        p = self.history.pop()
        self.cells[p] = 0
        self.open[p // _W] ^= 1 << (p % _W)
        self.pos = p
        self.h ^= ZOB[p] ^ ZOB[_N + p] ^ ZOB[_N + m] ^ ZOB[98]
        self.ply -= 1
        self.turn ^= 1
        self.winner = None             # only the last move can have ended the game

    def result(self):
        if self.winner is not None:
            return self.winner
        cells = self.cells
        for n in NB[self.pos]:
            if not cells[n]:
                return None
        return self.turn ^ 1           # the player to move is blocked and loses

    def highlight(self):
        if self.winner is not None:
            return (self.pos,)         # the goal the piece entered
        if self.result() is not None:
            return (self.pos,) + NB[self.pos]   # the piece and the black ring round it
        return ()

    # --- notation ---------------------------------------------------------
    def move_text(self, m):
        return cell_name(m % _W, m // _W)

    def move_cells(self, m):
        return (self.pos, m)           # lift (touch) the white piece, then its new square

    def touch_text(self, cells):
        """The move touched cells would name, legal or not (the board asks
        explain() why not): the square the white piece goes to."""
        if len(cells) != 2 or cells[0] != self.pos:
            return None
        return cell_name(cells[1] % _W, cells[1] // _W)

    def explain(self, text):
        if self.result() is not None:
            return "%s is not legal: the game is over" % text
        t = text.strip()
        here = cell_name(self.pos % _W, self.pos // _W)
        if "-" in t:
            return "'%s': write only the square the white piece goes to, like %s" % (
                text, self.move_text(self.moves()[0]))
        xy = parse_cell(t, _W, _W)
        if xy is None:
            return "'%s' is not a square: name one from a1 to g7" % text
        c = xy[1] * _W + xy[0]
        name = cell_name(xy[0], xy[1])
        if c == self.pos:
            return ("%s is not legal: the white piece is already there; move it to a neighbouring square"
                    % name)
        if self.cells[c]:
            return ("%s is not legal: %s is black, and the white piece may never enter a black square"
                    % (name, name))
        if c not in NB[self.pos]:
            return "%s is not legal: the white piece moves one square, to a neighbour of %s" % (name, here)
        return "%s is not a legal move here" % text

    # --- display ----------------------------------------------------------
    def view(self):
        cells = self.cells
        out = bytearray(_N)
        for c in range(_N):
            out[c] = BLOCK if cells[c] else EMPTY
        out[_A1] = P0_SOFT
        out[_G7] = P1_SOFT
        out[self.pos] = PIECE
        return out

    def board_text(self):
        cells = self.cells
        rows = []
        for y in range(_W - 1, -1, -1):
            row = []
            for x in range(_W):
                c = y * _W + x
                if c == self.pos:
                    row.append("W")
                elif cells[c]:
                    row.append("#")
                elif c == _A1:
                    row.append("1")
                elif c == _G7:
                    row.append("2")
                else:
                    row.append(".")
            rows.append("%d %s" % (y + 1, " ".join(row)))
        rows.append("  a b c d e f g")
        return "\n".join(rows)

    # --- AI ---------------------------------------------------------------
    def key(self):
        return self.h

    def distances(self):
        """Moves the piece needs to reach a1 and g7 over open squares (255: cut
        off), and the number of other open squares it can still reach.

        A breadth-first search done a whole rank at a time: each rank is a
        7-bit mask, so one step of the search is a few operations per rank.
        """
        sp = _SPREAD
        o = self.open
        p = self.pos
        r = p // _W
        b = 1 << (p % _W)
        # u: open squares not reached yet; f: the squares reached at the last step
        u0, u1, u2, u3, u4, u5, u6 = o[0], o[1], o[2], o[3], o[4], o[5], o[6]
        f0 = f1 = f2 = f3 = f4 = f5 = f6 = 0
        if r == 0:
            f0 = b
            u0 &= ~b
        elif r == 1:
            f1 = b
            u1 &= ~b
        elif r == 2:
            f2 = b
            u2 &= ~b
        elif r == 3:
            f3 = b
            u3 &= ~b
        elif r == 4:
            f4 = b
            u4 &= ~b
        elif r == 5:
            f5 = b
            u5 &= ~b
        else:
            f6 = b
            u6 &= ~b
        pc = _POP
        start = pc[u0] + pc[u1] + pc[u2] + pc[u3] + pc[u4] + pc[u5] + pc[u6]
        d0 = d1 = _FAR
        d = 0
        while f0 | f1 | f2 | f3 | f4 | f5 | f6:
            d += 1
            n0 = sp[f0 | f1] & u0
            n1 = sp[f0 | f1 | f2] & u1
            n2 = sp[f1 | f2 | f3] & u2
            n3 = sp[f2 | f3 | f4] & u3
            n4 = sp[f3 | f4 | f5] & u4
            n5 = sp[f4 | f5 | f6] & u5
            n6 = sp[f5 | f6] & u6
            if n0 & 1:                 # a1 reached; the game would end there
                d0 = d
                n0 ^= 1
                u0 ^= 1
                start -= 1
            if n6 & 64:                # g7 reached
                d1 = d
                n6 ^= 64
                u6 ^= 64
                start -= 1
            u0 ^= n0
            u1 ^= n1
            u2 ^= n2
            u3 ^= n3
            u4 ^= n4
            u5 ^= n5
            u6 ^= n6
            f0 = n0
            f1 = n1
            f2 = n2
            f3 = n3
            f4 = n4
            f5 = n5
            f6 = n6
        left = pc[u0] + pc[u1] + pc[u2] + pc[u3] + pc[u4] + pc[u5] + pc[u6]
        return d0, d1, start - left

    def evaluate(self):
        """Distance race to the goals, then the parity of the open region.

        While both goals can be reached, being nearer to one's own goal (and
        farther from the opponent's) is good, and so is a goal with open squares
        round it. A goal that is cut off is lost for its owner. With both cut
        off, the game is a race to make the last move: with an odd number of
        open squares left the side to move makes the last one (if the piece can
        use them all), and mobility tells how likely that is.
        """
        t = self.turn
        r = self.result()
        if r is not None:
            return 9000 if r == t else -9000
        d0, d1, region = self.distances()
        if t:
            dm, do = d1, d0
        else:
            dm, do = d0, d1
        if dm == 1:
            return 5000                  # my goal is next to the piece: I step in
        cells = self.cells
        free = 0
        for n in NB[self.pos]:
            if not cells[n]:
                free += 1
        if dm != _FAR and do != _FAR:
            gm = GOALS[t]
            go = GOALS[t ^ 1]
            om = oo = 0
            for n in NB[gm]:
                if not cells[n]:
                    om += 1
            for n in NB[go]:
                if not cells[n]:
                    oo += 1
            return 60 * (do - dm) + 15 * (om - oo) + 4 * free
        if dm != _FAR:
            return 600 - 20 * dm + 2 * region
        if do != _FAR:
            if do == 1 and free == 1:
                return -5000             # the only move left enters their goal
            return -600 + 20 * do - 2 * region
        return (200 if region & 1 else -200) + 10 * free
