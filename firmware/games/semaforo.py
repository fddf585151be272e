"""Semáforo (Alan Parr): traffic lights on a 4 x 3 board. Rules: docs/rules/semaforo.md.

A move names a cell: empty -> green -> yellow -> red; red never changes. At most
8 pieces of a colour. Whoever makes three in a row of one colour wins; a player
with no legal move loses. A move is the cell index y * 4 + x.
"""
from array import array

from compat import const
from games.common import Base, check_options, cell_name, parse_cell, EMPTY, GREEN, YELLOW, RED

ID = "semaforo"
NAME = "Semáforo"
SEATS = ("First", "Second")
OPTIONS = {}
# Its square in the menu: position, and the two looks it alternates between.
MENU = (1, GREEN, RED)
# AI node budgets (2 s: levels 1-2's cap; level 5, which ai.budget() divides
# for levels 3-4): the costliest phase stays within 2 s and
# 10 s on the Pico (`python -m tools.bench budgets`, docs/reports/ai-budgets.md). Level
# 5's search follows a failed perfect() (up to 4.4e8 fuel) from ply 8 on, so it
# gets 750 nodes (worst measured: 1.34e9 fuel with 880).
NODES = (175, 750)
# Real pieces on a reed board: the looks of view() that are pieces on the board
# (app/pieces.py).
PIECES = (GREEN, YELLOW, RED)

_W = const(4)
_H = const(3)
_N = const(12)
_PER_COLOUR = const(8)
_RED = const(3)
_COLOUR_NAMES = ("empty", "green", "yellow", "red")
_LOOKS = (EMPTY, GREEN, YELLOW, RED)


def layout(options=None):
    return _W, _H


def _lines():
    """Every three consecutive cells in a row, column or diagonal (14 lines)."""
    out = []
    for y in range(_H):
        for x in range(_W):
            for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                ex, ey = x + 2 * dx, y + 2 * dy
                if 0 <= ex < _W and 0 <= ey < _H:
                    out.append((y * _W + x, (y + dy) * _W + x + dx, ey * _W + ex))
    return tuple(out)


LINES = _lines()
# LINES_AT[c]: the lines through cell c, so a move checks only those.
LINES_AT = tuple(tuple(line for line in LINES if c in line) for c in range(_N))
# The rectangle's four symmetries as permutations: position Q = s(P) has
# Q[c] = P[perm[c]] (identity, mirror left-right, half turn, mirror top-bottom).
SYMMETRY = tuple(tuple((y if s < 2 else _H - 1 - y) * _W + (x if s % 3 == 0 else _W - 1 - x)
                       for y in range(_H) for x in range(_W)) for s in range(4))
# Level 5's solver (Game.perfect): at most this many positions a move, about
# 1.1e5 fuel each (0.75 s a thousand on the Pico at 125 MHz). Beyond the book
# the board's own strategy needs at most 1697 (tools/play/solve_semaforo.py --check).
SOLVE_NODES = const(4000)
_TT = const(4096)       # the solver's memo: slots of key << 1 | won
_SLOT = (1101, 517, 2089, 965, 4059, 3683, 3869, 3109, 1719, 769, 3997, 233)  # random, odd
# Earlier than this ply no position outside the book is proven within
# SOLVE_NODES (measured), so the solver is not tried there.
_SOLVE_FROM = const(8)


def _threats():
    """_THREAT[a * 16 + b * 4 + d]: 1 when a line whose cells hold colours
    a, b, d can be made three of one colour by one move (two cells hold a
    colour and the third the colour before it)."""
    t = bytearray(64)
    for a in range(4):
        for b in range(4):
            for d in range(4):
                v = (a, b, d)
                for i in range(3):
                    x, y = v[(i + 1) % 3], v[(i + 2) % 3]
                    if x == y and x >= 1 and v[i] == x - 1:
                        t[a * 16 + b * 4 + d] = 1
    return bytes(t)


_THREAT = _threats()


class _OutOfNodes(Exception):
    pass


class Game(Base):
    SEATS = SEATS
    SEAT_WORDS = ("BLUE", "ORANGE")    # the seats' names say nothing at the table
    RECOLOURS = True                   # a piece turns green, yellow, red where it stands
    # The board's few words for each reason explain() gives (Base.short).
    SHORT = (
        ('a red piece never changes', 'RED IS FINAL'),
        ('already on the board', 'NO PIECES LEFT'),
    )

    def __init__(self, options=None):
        check_options(OPTIONS, options)
        self.cells = bytearray(_N)       # 0 empty, 1 green, 2 yellow, 3 red
        self.count = bytearray(4)        # pieces of each colour on the board
        self.turn = 0
        self.ply = 0
        self.history = []                # cells played, for undo
        self.line = None                 # the winning line, once made

    def layout(self):
        return _W, _H

    # --- rules ------------------------------------------------------------
    def moves(self):
        if self.line is not None:
            return []
        cells, count = self.cells, self.count
        return [c for c in range(_N)
                if cells[c] < _RED and count[cells[c] + 1] < _PER_COLOUR]

    def play(self, c):
        cells = self.cells
        old = cells[c]
        new = old + 1
        cells[c] = new
        self.count[new] += 1
        if old:
            self.count[old] -= 1
        self.history.append(c)
        self.ply += 1
        for a, b, d in LINES_AT[c]:
            if cells[a] == new and cells[b] == new and cells[d] == new:
                self.line = (a, b, d)
                self.winner = self.turn
                break
        self.turn ^= 1

    def undo(self):
        c = self.history.pop()
        cells = self.cells
        old = cells[c]
        cells[c] = old - 1
        self.count[old] -= 1
        if old > 1:
            self.count[old - 1] += 1
        self.ply -= 1
        self.turn ^= 1
        self.line = None

    def result(self):
        if self.line is not None:
            return self.winner
        if not self.moves():
            return self.turn ^ 1   # the player who cannot move loses
        return None

    def highlight(self):
        return self.line or ()

    # --- notation ---------------------------------------------------------
    def move_text(self, c):
        return cell_name(c % _W, c // _W)

    def move_cells(self, c):
        return (c,)

    def explain(self, text):
        if self.result() is not None:
            return "%s is not legal: the game is over" % text
        xy = parse_cell(text.strip(), _W, _H)
        if xy is None:
            return "'%s' is not a square: name one from a1 to d3" % text
        c = xy[1] * _W + xy[0]
        name = cell_name(xy[0], xy[1])
        if self.cells[c] == _RED:
            return "%s is not legal: a red piece never changes" % name
        nxt = self.cells[c] + 1
        return "%s is not legal: all %d %s pieces are already on the board" % (
            name, _PER_COLOUR, _COLOUR_NAMES[nxt])

    # --- display ----------------------------------------------------------
    def view(self):
        return bytearray(_LOOKS[v] for v in self.cells)

    def board_text(self):
        rows = []
        for y in range(_H - 1, -1, -1):
            rows.append("%d %s" % (y + 1, " ".join(".GYR"[self.cells[y * _W + x]] for x in range(_W))))
        rows.append("  a b c d")
        return "\n".join(rows)

    # --- AI ---------------------------------------------------------------
    def key(self):
        h = self.turn
        for v in self.cells:
            h = h * 4 + v
        return h  # 24 bits + 1: stays a small int

    def evaluate(self):
        """Parity of safe moves: the endgame is a race to run out of them.

        A move is safe if it neither loses at once (it cannot: a move can only
        win) nor hands the opponent a winning reply. With an odd number of safe
        moves left, the side to move makes the last safe move.
        """
        safe = 0
        for m in self.moves():
            self.play(m)
            if self.line is not None:
                self.undo()
                return 900     # a win in one: the search sees it too
            if not self._has_win():
                safe += 1
            self.undo()
        return 100 if safe & 1 else -100

    # --- perfect play (level 5) -------------------------------------------
    # The game is solved (tools/play/solve_semaforo.py): the second player wins
    # after every opening. perfect() plays the book (games/semaforo_book.py,
    # the second player's winning replies for the early plies) and beyond it
    # proves a win with an exact search. Colours are shared, so a position
    # where the mover has no win in one has no line one move from three; from
    # such a position a move is either safe (it makes no such line: checked
    # on the lines through its cell) or hands the opponent the win, and the
    # mover wins exactly when some safe move leaves the opponent lost.
    def perfect(self, nodes=SOLVE_NODES):
        """A move that wins with perfect play, or None: the position is lost
        (every move loses against perfect play) or not proven within
        `nodes` positions. self.solver_nodes says how many it searched."""
        self.solver_nodes = 0
        if self.line is not None:
            return None
        cells = self.cells
        for c in range(_N):
            new = cells[c] + 1
            if new <= _RED:
                for a, b, d in LINES_AT[c]:
                    if ((cells[a] == new or a == c) and (cells[b] == new or b == c)
                            and (cells[d] == new or d == c)):
                        return c       # a win in one
        m = self._book()
        if m is not None or self.ply < _SOLVE_FROM:
            return m
        self._tt = array("i", bytes(4 * _TT))     # 0: empty (keys here are > 0)
        self._left = nodes
        saved = bytes(cells)
        key = 0
        h = 0
        for c in range(_N - 1, -1, -1):
            key = key * 4 + cells[c]
            h += cells[c] * _SLOT[c]
        t = _THREAT
        try:
            for c in range(_N):
                v = cells[c]
                if v >= _RED:
                    continue
                cells[c] = v + 1
                won = True
                for a, b, d in LINES_AT[c]:
                    if t[cells[a] * 16 + cells[b] * 4 + cells[d]]:
                        won = False
                        break
                won = won and not self._won(key + (1 << 2 * c), h + _SLOT[c])
                cells[c] = v
                if won:
                    return c
        except _OutOfNodes:
            for c in range(_N):    # the search stopped inside: the board as it was
                cells[c] = saved[c]
        finally:
            self.solver_nodes = nodes - self._left
            self._tt = None
        return None

    def _won(self, key, h):
        """Does the side to move win from this position (no line one move
        from three), cell c's colour at key's 4**c? h: its memo slot, the
        sum of colour * _SLOT[c] (near positions spread better than by
        any mix of the key's bits)."""
        tt = self._tt
        i = h & (_TT - 1)
        v = tt[i]
        if v >> 1 == key:
            return v & 1
        left = self._left - 1     # positions searched, not those found in the memo
        if left < 0:
            raise _OutOfNodes
        self._left = left
        cells = self.cells
        t = _THREAT
        slot = _SLOT
        won = 0
        for c in range(_N):
            v = cells[c]
            if v >= _RED:
                continue
            cells[c] = v + 1
            safe = True
            for a, b, d in LINES_AT[c]:
                if t[cells[a] * 16 + cells[b] * 4 + cells[d]]:
                    safe = False
                    break
            if safe and not self._won(key + (1 << 2 * c), h + slot[c]):
                won = 1
            cells[c] = v
            if won:
                break
        tt[i] = key << 1 | won
        return won

    def _book(self):
        """The book's winning reply here, or None (games/semaforo_book.py)."""
        from games.semaforo_book import BOOK
        cells = self.cells
        best = -1
        bs = 0
        for s in range(4):
            perm = SYMMETRY[s]
            k = 0
            for c in range(_N - 1, -1, -1):
                k = k * 4 + cells[perm[c]]
            if best < 0 or k < best:
                best = k
                bs = s
        lo = 0
        hi = len(BOOK) // 4
        while lo < hi:
            mid = (lo + hi) // 2
            j = 4 * mid
            k = BOOK[j] << 16 | BOOK[j + 1] << 8 | BOOK[j + 2]
            if k == best:
                m = SYMMETRY[bs][BOOK[j + 3]]
                return m if cells[m] < _RED else None
            if k < best:
                lo = mid + 1
            else:
                hi = mid
        return None

    def _has_win(self):
        cells = self.cells
        for c in self.moves():
            new = cells[c] + 1
            for a, b, d in LINES_AT[c]:
                n = (cells[a] == new) + (cells[b] == new) + (cells[d] == new)
                if n == 2:
                    return True
        return False
