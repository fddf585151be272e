"""Semáforo (Alan Parr): traffic lights on a 4 x 3 board. Rules: docs/rules/semaforo.md.

A move names a cell: empty -> green -> yellow -> red; red never changes. At most
8 pieces of a colour. Whoever makes three in a row of one colour wins; a player
with no legal move loses. A move is the cell index y * 4 + x.
"""
from compat import const
from games.common import Base, check_options, cell_name, parse_cell, EMPTY, GREEN, YELLOW, RED

ID = "semaforo"
NAME = "Semaforo"
SEATS = ("First", "Second")
OPTIONS = {}
# Its square in the menu: position, and the two looks it alternates between.
MENU = (1, GREEN, RED)
# AI node budgets (level 3, level 5): the costliest phase stays within 2 s and
# 10 s on the Pico (`python -m tools.bench budgets`, docs/ai-budgets.md).
NODES = (175, 880)
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


class Game(Base):
    SEATS = SEATS

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

    def _has_win(self):
        cells = self.cells
        for c in self.moves():
            new = cells[c] + 1
            for a, b, d in LINES_AT[c]:
                n = (cells[a] == new) + (cells[b] == new) + (cells[d] == new)
                if n == 2:
                    return True
        return False
