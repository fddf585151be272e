"""Pontos e Quadrados (Dots and Boxes). Rules: docs/rules/pontos.md.

n x n dots (option "dots", 3..6, default 5) on a (2n-1) x (2n-1) block: dots on
even/even cells, lines on odd/even and even/odd cells, boxes on odd/odd cells.
A move is the block index y * S + x of the line's cell (S = 2n - 1). Whoever
completes a box (or two) moves again; completing is never forced. When every
line is drawn, more boxes wins; equal is a draw.
"""
from compat import const
from games.common import (zobrist, Base, check_options, cell_name, parse_cell, DRAW,
                          OFF, EMPTY, P0_SOFT, P1_SOFT, DOT, LINE)

ID = "pontos"
NAME = "Pontos e Quadrados"
SEATS = ("First", "Second")
OPTIONS = {"dots": (5, 3, 6)}
# Its square in the menu: position, and the two looks it alternates between.
MENU = (8, DOT, LINE)
# What a closed box adds to the score, as the board says what it took in a turn.
GAINS = ("BOX", "BOXES")
# AI node budgets (2 s: levels 1-2's cap; level 5, which ai.budget() divides
# for levels 3-4): the costliest phase stays within 2 s and
# 10 s on the Pico (`python -m tools.bench budgets`, docs/reports/ai-budgets.md).
NODES = (1100, 5500)

_TURN_Z = const(0x2A5F3C1D)


def layout(options=None):
    n = check_options(OPTIONS, options)["dots"]
    return 2 * n - 1, 2 * n - 1




_TABLES = {}


def _tables(n):
    """Per board size: line cells, boxes, and who touches whom (built once)."""
    if n in _TABLES:
        return _TABLES[n]
    s = 2 * n - 1
    lines = []
    boxes = []
    line_boxes = [()] * (s * s)   # line cell -> the 1 or 2 boxes it borders
    box_lines = [()] * (s * s)    # box cell -> its 4 line cells
    box_links = [()] * (s * s)    # box cell -> ((line, other box), ...) inner sides
    for y in range(s):
        for x in range(s):
            c = y * s + x
            if (x + y) & 1:
                lines.append(c)
                if x & 1:   # horizontal line: boxes below and above
                    near = [c + d for d, ok in ((-s, y > 0), (s, y < s - 1)) if ok]
                else:       # vertical line: boxes left and right
                    near = [c + d for d, ok in ((-1, x > 0), (1, x < s - 1)) if ok]
                line_boxes[c] = tuple(near)
            elif x & 1:
                boxes.append(c)
                box_lines[c] = (c - s, c - 1, c + 1, c + s)
    for b in boxes:
        links = []
        for ln in box_lines[b]:
            lb = line_boxes[ln]
            if len(lb) == 2:
                links.append((ln, lb[0] + lb[1] - b))
        box_links[b] = tuple(links)
    t = (s, tuple(lines), tuple(boxes), tuple(line_boxes), tuple(box_lines),
         tuple(box_links), zobrist(s * s, 7 + n), zobrist(len(boxes) + 1, 99 + n))
    _TABLES[n] = t
    return t


class Game(Base):
    SEATS = SEATS
    SEAT_WORDS = ("BLUE", "ORANGE")    # the seats' names say nothing at the table
    # The board's few words for each reason explain() gives (Base.short).
    SHORT = (
        ('already drawn', 'ALREADY DRAWN'),
    )

    def __init__(self, options=None):
        self.n = check_options(OPTIONS, options)["dots"]
        (self.size, self.lines, self.boxes, self.line_boxes, self.box_lines,
         self.box_links, self.zl, self.zs) = _tables(self.n)
        cells = self.size * self.size
        self.drawn = bytearray(cells)   # 1 on a drawn line
        self.sides = bytearray(cells)   # per box: sides drawn, 0..4
        self.owner = bytearray(cells)   # per box: 0 open, 1 seat 0, 2 seat 1
        self.won = bytearray(2)         # boxes per seat
        self.count = 0                  # lines drawn
        self.total = len(self.lines)
        self.turn = 0
        self.ply = 0
        self.history = []               # line | mover << 8 | boxes made << 9
        self.z = 0                      # xor of the drawn lines' keys
        self._mark = bytearray(cells)   # scratch for evaluate's chain search
        self._stamp = 0

    def layout(self):
        return self.size, self.size

    # --- rules ------------------------------------------------------------
    def moves(self):
        drawn = self.drawn
        return [c for c in self.lines if not drawn[c]]

    def play(self, m):
        turn = self.turn
        sides = self.sides
        self.drawn[m] = 1
        got = 0
        for b in self.line_boxes[m]:
            v = sides[b] + 1
            sides[b] = v
            if v == 4:
                self.owner[b] = turn + 1
                got += 1
        self.history.append(m | turn << 8 | got << 9)
        self.z ^= self.zl[m]
        self.count += 1
        self.ply += 1
        if got:
            self.won[turn] += got
        else:
            self.turn = turn ^ 1

    def undo(self):
        h = self.history.pop()
        m = h & 0xFF
        mover = (h >> 8) & 1
        sides = self.sides
        for b in self.line_boxes[m]:
            if sides[b] == 4:
                self.owner[b] = 0
            sides[b] -= 1
        self.won[mover] -= h >> 9
        self.drawn[m] = 0
        self.z ^= self.zl[m]
        self.count -= 1
        self.ply -= 1
        self.turn = mover

    def result(self):
        if self.count < self.total:
            return None
        a, b = self.won[0], self.won[1]
        if a == b:
            return DRAW
        return 0 if a > b else 1

    def score(self):
        return [self.won[0], self.won[1]]

    def highlight(self):
        r = self.result()
        if r is None or r == DRAW:
            return ()
        return tuple(b for b in self.boxes if self.owner[b] == r + 1)

    # --- notation ---------------------------------------------------------
    def _dots(self, c):
        """The two dots of line cell c, lower one first, then left one first."""
        s = self.size
        x, y = c % s, c // s
        if x & 1:
            return (x - 1) >> 1, y >> 1, (x + 1) >> 1, y >> 1
        return x >> 1, (y - 1) >> 1, x >> 1, (y + 1) >> 1

    def move_text(self, c):
        x0, y0, x1, y1 = self._dots(c)
        return cell_name(x0, y0) + "-" + cell_name(x1, y1)

    def move_cells(self, c):
        return (c,)

    def touch_text(self, cells):
        """The line a touched cell would name, legal or not (the board asks
        explain() why not); None for a dot or a box."""
        c = cells[-1]
        s = self.size
        if len(cells) != 1 or not ((c % s + c // s) & 1):
            return None
        return self.move_text(c)

    def name_cell(self, x, y):
        """The cell of view() that a name in the notation stands for: the
        notation names dots, which lie on every other square."""
        return 2 * y * self.size + 2 * x

    def explain(self, text):
        t = text.strip()
        if self.result() is not None:
            return "%s is not legal: the game is over" % t
        n = self.n
        last = cell_name(n - 1, n - 1)
        parts = t.split("-")
        if len(parts) != 2:
            return "'%s' is not a line: name its two dots, like a1-a2" % t
        p = parse_cell(parts[0].strip(), n, n)
        q = parse_cell(parts[1].strip(), n, n)
        for part, xy in ((parts[0], p), (parts[1], q)):
            if xy is None:
                return "'%s' is not a dot: the dots go from a1 to %s" % (part.strip(), last)
        dx, dy = q[0] - p[0], q[1] - p[1]
        if dx * dx + dy * dy != 1:
            if dx * dx == 1 and dy * dy == 1:
                return "%s is not a line: lines are horizontal or vertical, never diagonal" % t
            return "%s is not a line: a line joins two neighbouring dots" % t
        if dx < 0 or dy < 0:
            p, q = q, p
        s = self.size
        c = (p[1] + q[1]) * s + p[0] + q[0]
        name = self.move_text(c)
        if self.drawn[c]:
            return "%s is not legal: that line is already drawn" % name
        if name != t.lower():
            return "write %s as %s: the lower dot first, then the left one" % (t, name)
        return "%s is not a legal move here" % t

    # --- display ----------------------------------------------------------
    def view(self):
        s = self.size
        v = bytearray(s * s)
        drawn, owner = self.drawn, self.owner
        for y in range(0, s, 2):
            for x in range(0, s, 2):
                v[y * s + x] = DOT
        for c in self.lines:
            v[c] = LINE if drawn[c] else EMPTY
        for b in self.boxes:
            o = owner[b]
            v[b] = OFF if o == 0 else (P0_SOFT if o == 1 else P1_SOFT)
        return v

    def board_text(self):
        s = self.size
        drawn, owner = self.drawn, self.owner
        rows = []
        for y in range(s - 1, -1, -1):
            if y & 1 == 0:
                row = "%d " % (y // 2 + 1)
                for x in range(s):
                    if x & 1:
                        row += "---" if drawn[y * s + x] else "   "
                    else:
                        row += "+"
            else:
                row = "  "
                for x in range(s):
                    c = y * s + x
                    if x & 1:
                        row += (" ", " X ", " O ")[owner[c]] if owner[c] else "   "
                    else:
                        row += "|" if drawn[c] else " "
            rows.append(row.rstrip())
        rows.append("  " + "   ".join("abcdef"[i] for i in range(self.n)))
        rows.append("boxes %d-%d, %s to move" % (self.won[0], self.won[1], self.SEATS[self.turn]))
        return "\n".join(rows)

    # --- AI ---------------------------------------------------------------
    def key(self):
        k = self.z ^ self.zs[self.won[0]]
        if self.turn:
            k ^= _TURN_Z
        return k

    def evaluate(self):
        """Boxes, then who will have to open the chains.

        While safe lines remain (lines that give no box away), their parity
        says who runs out first and must open a chain: an odd count is good for
        the side to move. Once none remain, the open boxes are split into
        chains and loops: boxes offered now are taken, short chains (1-2
        boxes) are handed out alternately, and whoever must then open the long
        chains lets the other keep control (all but 2 of each chain, 4 of each
        loop), unless taking all is better: the long-chain rule, counted out.
        """
        me = self.turn
        won = self.won
        val = (won[me] - won[me ^ 1]) * 100
        if self.count == self.total:
            return val
        drawn, sides, box_lines = self.drawn, self.sides, self.box_lines
        # Safe lines: undrawn lines touching no box that already has 2 sides.
        mark = self._mark
        self._stamp = stamp = self._stamp % 255 + 1
        unsafe = 0
        left = 0
        offered = 0
        for b in self.boxes:
            v = sides[b]
            if v >= 2:
                if v == 4:
                    continue
                if v == 3:
                    offered += 1
                for ln in box_lines[b]:
                    if not drawn[ln] and mark[ln] != stamp:
                        mark[ln] = stamp
                        unsafe += 1
            left += 1
        safe = self.total - self.count - unsafe
        if safe:
            t = left * 100 // (safe + 2)
            val += offered * 100 + (t if safe & 1 else -t)
        else:
            val += self._endgame() * 100
        if val > 9999:
            return 9999
        if val < -9999:
            return -9999
        return val

    def _endgame(self):
        """Net boxes for the side to move when every line gives boxes away."""
        drawn, sides, owner = self.drawn, self.sides, self.owner
        box_lines, line_boxes, box_links = self.box_lines, self.line_boxes, self.box_links
        mark = self._mark
        self._stamp = stamp = self._stamp % 255 + 1
        offered = 0      # boxes the side to move can take now
        chain_offered = 0
        shorts = []
        longs = []       # (0 for a loop / 1 for a chain, size)
        stack = []
        for b0 in self.boxes:
            if owner[b0] or mark[b0] == stamp:
                continue
            mark[b0] = stamp
            stack.append(b0)
            size = 0
            inner = 0
            border = 0
            has3 = 0
            while stack:
                b = stack.pop()
                size += 1
                if sides[b] == 3:
                    has3 = 1
                for ln in box_lines[b]:
                    if not drawn[ln] and len(line_boxes[ln]) == 1:
                        border += 1
                for ln, o in box_links[b]:
                    if not drawn[ln]:
                        inner += 1
                        if mark[o] != stamp:
                            mark[o] = stamp
                            stack.append(o)
            if has3:
                offered += size
                if size >= 2:
                    chain_offered = 1
            elif size <= 2:
                shorts.append(size)
            else:
                loop = border == 0 and inner // 2 >= size
                longs.append((0 if loop else 1, size))
        shorts.sort()
        longs.sort()
        # g: net for the side that must open next, from what is left.
        g = 0
        sign = 1
        for s in shorts:
            g -= sign * s
            sign = -sign
        if longs:
            # v: net for the side in control over the long ones, last first.
            kind, size = longs[-1]
            v = size
            for i in range(len(longs) - 2, -1, -1):
                kind, size = longs[i]
                keep = size - (4 if kind else 8) + v
                take = size - v
                v = keep if keep > take else take
            g -= sign * v
        if not offered:
            return g
        best = offered + g
        if chain_offered and offered - 4 - g > best:
            best = offered - 4 - g   # decline the last two: the other must open
        return best
