"""Gatos & Caes (Snort, Simon Norton): cats and dogs on an 8 x 8 board.
Rules: docs/rules/gatos_caes.md.

Cats (seat 0) and Dogs (seat 1) take turns to place one of their 28 pieces on an
empty square. The first cat goes in the central zone d4 e4 d5 e5, the first dog
outside it. No cat may stand orthogonally next to a dog. Whoever makes the last
move wins: a player with no legal placement (or no piece left) loses.

A move is the cell index y * 8 + x. The position keeps, for every square, how
many cats and how many dogs stand orthogonally next to it, and the number of
empty squares in each class (dead, cats only, dogs only, both), so that
result() and evaluate() cost no loop over the board.
"""
from compat import const
from games.common import (zobrist, Base, check_options, cell_name, parse_cell,
                          EMPTY, P0, P1, P0_SOFT, P1_SOFT, BLOCK, ZONE)

ID = "gatos_caes"
NAME = "Gatos & Cães"
SEATS = ("Cats", "Dogs")
OPTIONS = {}
# Its square in the menu: position, and the two looks it alternates between.
MENU = (2, P0, P1)
# AI node budgets (2 s: levels 1-2's cap; level 5, which ai.budget() divides
# for levels 3-4): the costliest phase stays within 2 s and
# 10 s on the Pico (`python -m tools.bench budgets`, docs/reports/ai-budgets.md).
NODES = (1400, 7000)
# Level 1 plays this percent of its moves at random (ai.LEVEL1_RANDOM, 80 by
# default): its one-ply evaluation is strong enough here that with 80 it won
# 76 of 120 games against the one-ply greedy beginner, with 90 72 (the ladder's
# bound: 70%; docs/developers/ai.md, "Level 1").
LEVEL1_RANDOM = 90
# Real pieces on a reed board: the looks of view() that are pieces on the board
# (app/pieces.py).
PIECES = (P0, P1)

_W = const(8)
_N = const(64)
_PIECES = const(28)
_CAT = const(1)
_DOG = const(2)

ZONE_CELLS = (27, 28, 35, 36)            # d4 e4 d5 e5
_IN_ZONE = bytes(1 if c in ZONE_CELLS else 0 for c in range(_N))
_KIND = ("cat", "dog")
_KINDS = ("cats", "dogs")


def layout(options=None):
    return _W, _W


def _neighbours():
    out = []
    for c in range(_N):
        x, y = c % _W, c // _W
        ns = []
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= x + dx < _W and 0 <= y + dy < _W:
                ns.append((y + dy) * _W + x + dx)
        out.append(tuple(ns))
    return tuple(out)


NB = _neighbours()




ZOB = zobrist(2 * _N + 1, 2)          # ZOB[kind_index * 64 + cell], ZOB[128]: Dogs to move


class Game(Base):
    SEATS = SEATS
    # The board's few words for each reason explain() gives (Base.short).
    SHORT = (
        ('already holds a', 'SQUARE TAKEN'),
        ('the first cat goes', 'CAT IN CENTRE'),
        ('the first dog goes', 'DOG NOT CENTRE'),
        ('may not go next to', 'NEXT TO ENEMY'),
    )

    def __init__(self, options=None):
        check_options(OPTIONS, options)
        self.cells = bytearray(_N)          # 0 empty, 1 cat, 2 dog
        self.adj = (bytearray(_N), bytearray(_N))   # cats / dogs orthogonally next to each square
        # empty squares by class: 0 dead, 1 cats only, 2 dogs only, 3 both
        self.cnt = [0, 0, 0, _N]
        self.left = bytearray((_PIECES, _PIECES))   # pieces still in hand
        self.turn = 0
        self.ply = 0
        self.history = []
        self.h = 0

    def layout(self):
        return _W, _W

    # --- rules ------------------------------------------------------------
    def moves(self):
        if self.result() is not None:
            return []
        cells = self.cells
        bar = self.adj[self.turn ^ 1]       # squares next to the other kind are barred
        ply = self.ply
        if ply == 0:
            return [c for c in ZONE_CELLS if not cells[c]]
        if ply == 1:
            inz = _IN_ZONE
            return [c for c in range(_N) if not cells[c] and not bar[c] and not inz[c]]
        return [c for c in range(_N) if not cells[c] and not bar[c]]

    def play(self, c):
        s = self.turn
        cells = self.cells
        mine = self.adj[s]
        other = self.adj[s ^ 1]
        cnt = self.cnt
        # c leaves the empty classes
        cnt[(other[c] == 0) * (1 + s) + (mine[c] == 0) * (2 - s)] -= 1
        cells[c] = s + 1
        bit = 2 - s          # the class bit "the other kind may still go here"
        for n in NB[c]:
            v = mine[n] + 1
            mine[n] = v
            if v == 1 and not cells[n]:
                k = (other[n] == 0) * (1 + s) + bit
                cnt[k] -= 1
                cnt[k - bit] += 1
        self.left[s] -= 1
        self.history.append(c)
        self.h ^= ZOB[s * _N + c] ^ ZOB[128]
        self.ply += 1
        self.turn = s ^ 1

    def undo(self):
        c = self.history.pop()
        s = self.turn ^ 1
        cells = self.cells
        mine = self.adj[s]
        other = self.adj[s ^ 1]
        cnt = self.cnt
        bit = 2 - s
        for n in NB[c]:
            v = mine[n] - 1
            mine[n] = v
            if v == 0 and not cells[n]:
                k = (other[n] == 0) * (1 + s)
                cnt[k] -= 1
                cnt[k + bit] += 1
        cells[c] = 0
        cnt[(other[c] == 0) * (1 + s) + (mine[c] == 0) * (2 - s)] += 1
        self.left[s] += 1
        self.h ^= ZOB[s * _N + c] ^ ZOB[128]
        self.ply -= 1
        self.turn = s

    def result(self):
        if self.ply < 2:
            return None             # the first cat and the first dog always have a square
        t = self.turn
        if not self.left[t]:
            return t ^ 1
        cnt = self.cnt
        if cnt[3] or cnt[1 + t]:
            return None
        return t ^ 1                # no legal placement: the last mover wins

    # --- notation ---------------------------------------------------------
    def move_text(self, c):
        return cell_name(c % _W, c // _W)

    def move_cells(self, c):
        return (c,)

    def explain(self, text):
        if self.result() is not None:
            s = self.turn
            if not self.left[s]:
                why = "all %d %s are on the board" % (_PIECES, _KINDS[s])
            else:
                why = "no %s may go on any empty square" % _KIND[s]
            return "%s is not legal: the game is over, %s; %s made the last move and win" % (
                text, why, SEATS[s ^ 1])
        xy = parse_cell(text.strip(), _W, _W)
        if xy is None:
            return "'%s' is not a square: name one from a1 to h8" % text
        c = xy[1] * _W + xy[0]
        name = cell_name(xy[0], xy[1])
        s = self.turn
        kind = _KIND[s]
        if self.cells[c]:
            return "%s is not legal: %s already holds a %s" % (name, name, _KIND[self.cells[c] - 1])
        if self.ply == 0 and not _IN_ZONE[c]:
            return "%s is not legal: the first cat goes in the central zone (d4, e4, d5, e5)" % name
        if self.ply == 1 and _IN_ZONE[c]:
            return "%s is not legal: the first dog goes outside the central zone (d4, e4, d5, e5)" % name
        for n in NB[c]:
            if self.cells[n] == 2 - s:
                return "%s is not legal: a %s may not go next to a %s (%s)" % (
                    name, kind, _KIND[s ^ 1], cell_name(n % _W, n // _W))
        return "%s is not a legal move here" % text

    # --- display ----------------------------------------------------------
    def square_class(self, c):
        """For an empty square: 0 nobody may go there, 1 cats only, 2 dogs only, 3 both."""
        return (self.adj[1][c] == 0) + 2 * (self.adj[0][c] == 0)

    def view(self):
        cells = self.cells
        looks = (BLOCK, P0_SOFT, P1_SOFT, EMPTY)
        out = bytearray(_N)
        for c in range(_N):
            v = cells[c]
            if v == _CAT:
                out[c] = P0
            elif v == _DOG:
                out[c] = P1
            elif self.ply < 2 and _IN_ZONE[c]:
                out[c] = ZONE
            else:
                out[c] = looks[self.square_class(c)]
        return out

    def board_text(self):
        rows = []
        cells = self.cells
        for y in range(_W - 1, -1, -1):
            row = []
            for x in range(_W):
                c = y * _W + x
                v = cells[c]
                if v:
                    row.append("CD"[v - 1])
                elif self.ply < 2 and _IN_ZONE[c]:
                    row.append(":")
                else:
                    row.append(".")
            rows.append("%d %s" % (y + 1, " ".join(row)))
        rows.append("  a b c d e f g h")
        return "\n".join(rows)

    # --- AI ---------------------------------------------------------------
    def key(self):
        return self.h

    def evaluate(self):
        """Safe squares and mobility, from the side to move's view.

        A square only my kind may use (next to one of mine, next to none of
        theirs) is a move in reserve the opponent can hardly take away; a
        square both may use is mobility still to be fought for. Last mover
        wins, so with no shared square left the reserves decide: the side to
        move needs strictly more of them than the opponent. Counts are capped
        by the pieces still in hand.
        """
        t = self.turn
        r = self.result()
        if r is not None:
            return 9000 if r == t else -9000
        if self.ply < 2:
            return 0
        cnt = self.cnt
        shared = cnt[3]
        lm = self.left[t]
        lo = self.left[t ^ 1]
        em = cnt[1 + t]
        eo = cnt[2 - t]
        xm = em if em < lm else lm
        xo = eo if eo < lo else lo
        if not shared:
            d = xm - xo
            return 300 + 20 * d if d > 0 else -300 + 20 * d
        am = em + shared
        ao = eo + shared
        if am > lm:
            am = lm
        if ao > lo:
            ao = lo
        return 20 * (xm - xo) + 6 * (am - ao) + 10
