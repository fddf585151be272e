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
from games.common import (Base, check_options, cell_name, parse_cell,
                          EMPTY, BLACK, WHITE, attach_ai)

ID = "sesqui"
NAME = "Sesqui"
SEATS = ("Vertical", "Horizontal")
OPTIONS = {}
# Its square in the menu: position, and the two looks it alternates between.
MENU = (6, BLACK, WHITE)
# AI node budgets (2 s: levels 1-2's cap; level 5, which ai.budget() divides
# for levels 3-4): the costliest phase stays within 2 s and
# 10 s on the Pico (`python -m tools.bench budgets`, docs/reports/ai-budgets.md), with
# sesqui_ai's native functions: on the emulated Pico they make a level-3 move
# 1.31 times as fast as its bytecode, whose fuel the bench measures, and
# NATIVE_SPEEDUP (percent, a little under) tells the bench so (docs/developers/ai-measuring.md).
NODES = (320, 1500)
# Level 1 plays this percent of its moves at random (ai.LEVEL1_RANDOM, 80 by
# default): its one-ply evaluation is strong enough here that with 80 it won
# 85 of 120 games against the one-ply greedy beginner, with 90 71 (the ladder's
# bound: 70%; docs/developers/ai.md, "Level 1").
LEVEL1_RANDOM = 90
NATIVE_SPEEDUP = 125
# Real pieces on a reed board: the looks of view() that are pieces on the board
# (app/pieces.py).
PIECES = (BLACK, WHITE)

_W = const(8)
_MW = const(9)             # mailbox row width
_MN = const(90)            # mailbox cells
_STONES = const(30)
_PLACE = const(1)          # owed: the placement is still to come this turn
_MOVE = const(2)           # owed: the movement is still to come this turn
_LOOKS = (EMPTY, BLACK, WHITE)
_COLOUR = ("", "black", "white")
# The board: mailbox cells, steps, the crossing table, edges, packed rows
# (they are not rules but the way the code sees the board).
from games.sesqui_board import (ORTHS, STEPS, DIAGS, NEAR, SQ, BOX, START, END,  # noqa: E402,F401
                                GOAL, PJ, PB, BITSQ, ZOB)

# --- packed rows ------------------------------------------------------------
# Each colour's stones are also kept as three ints of three rows each (see
# games/packed.py): row y is bits (y % 3) * 10 .. + 7 of int y // 3 (bit x is
# file x). _pmask() finds the legal placements from them; the AI's searches
# (games/sesqui_ai.py) run on them.
_FULL = const(0xFF | 0xFF << 10 | 0xFF << 20)   # the squares of ints 0 and 1
_FULL2 = const(0xFF | 0xFF << 10)               # int 2 holds ranks 7 and 8
_LOW2 = const(0xFF | 0xFF << 10)                # the two lower rows of an int
_LOW1 = const(0xFF)                             # the lowest row of an int



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




from games.sesqui_ai import SesquiAI  # noqa: E402 (the AI half of Game, which needs the above)


# explain(): a first action that would leave no second one in a full turn.
_FULL_TURN = ("a full turn (a placement and a movement) is possible, and this first action would leave"
              " no %s to follow it")

class Game(Base):
    _ai_init = None      # games/sesqui_ai.py's, put in place by attach_ai below
    SEATS = SEATS
    # The board's few words for each reason explain() gives (Base.short).
    SHORT = (
        ('now moves one', 'NOW MOVE ONE'),
        ('now places one', 'NOW PLACE ONE'),
        ('has placed all', 'ALL PLACED'),
        ('a new stone goes next to', 'NEXT TO YOURS'),
        ('a crossing', 'CROSSING'),
        ('a full turn', 'NO SECOND STEP'),
        ('opens with placements only', 'PLACE FIRST'),
        ('there is no stone on', 'NO STONE HERE'),
        ('the stone on ', 'NOT YOUR STONE'),
        ('must move to another square', 'MUST MOVE'),
        ('slides in a straight line', 'NOT IN LINE'),
        ('is not empty', 'SQUARE TAKEN'),
        ('is in the way', 'PATH BLOCKED'),
    )
    SEAT_LOOKS = (BLACK, WHITE)   # the turn tint: the colour of its pieces

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
                h ^= ZOB[cells[c] * _MN + c]
                pk[PJ[c] + 3 * cells[c] - 3] |= PB[c]
        self.zc = h                      # Zobrist hash of the stones
        self._pm = [0] * 6               # _places(), _slides(): masks (see _pmask)
        self._ai_init()

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
        c0 = (((x0 >> 1) & (((a0 >> 1) & z0) | ((b0 >> 1) & y0)))
              | ((x0 << 1) & (((a0 << 1) & z0) | ((b0 << 1) & y0))))
        c1 = (((x1 >> 1) & (((a1 >> 1) & z1) | ((b1 >> 1) & y1)))
              | ((x1 << 1) & (((a1 << 1) & z1) | ((b1 << 1) & y1))))
        c2 = (((x2 >> 1) & (((a2 >> 1) & z2) | ((b2 >> 1) & y2)))
              | ((x2 << 1) & (((a2 << 1) & z2) | ((b2 << 1) & y2))))
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
            self.zc ^= ZOB[v * _MN + m]
            pk[PJ[m] + k] ^= PB[m]
        else:
            f = m >> 7
            t = m & 127
            cells[f] = 0
            cells[t] = v
            self.zc ^= ZOB[v * _MN + f] ^ ZOB[v * _MN + t]
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
            self.zc ^= ZOB[v * _MN + m]
            pk[PJ[m] + k] ^= PB[m]
        else:
            f = m >> 7
            t = m & 127
            cells[t] = 0
            cells[f] = v
            self.zc ^= ZOB[v * _MN + f] ^ ZOB[v * _MN + t]
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
        parts = text.split("-")
        if len(parts) > 2 or not text:
            return "'%s' is not a move: write a placement like c3 or a movement like c3-c6" % text
        sqs = []
        for p in parts:
            xy = parse_cell(p.strip(), _W, _W)
            if xy is None:
                return "'%s' is not a square: name one from a1 to h8" % p.strip()
            sqs.append(SQ[xy[1] * _W + xy[0]])
        if len(sqs) == 1:
            return self._why_not_placed(text, sqs[0])
        return self._why_not_moved(text, sqs[0], sqs[1])

    def _why_not_placed(self, text, c):
        """explain() for a placement on c."""
        cells = self.cells
        v = self.turn + 1
        me = SEATS[self.turn]
        if self._owed == _MOVE:
            return "%s is not legal: %s has placed a stone this turn, and now moves one" % (text, me)
        if cells[c]:
            return "%s is not legal: %s is not empty" % (text, _name(c))
        if not self.left[self.turn]:
            return "%s is not legal: %s has placed all %d stones, so a turn is a movement only" % (
                text, me, _STONES)
        if self.ply >= 3:
            if not any(cells[c + s] == v for s in ORTHS):
                return ("%s is not legal: a new stone goes next to one of your %s stones (up, down,"
                        " left or right)" % (text, _COLOUR[v]))
            why = self._crossing_text(c, v)
            if why:
                return "%s is not legal: %s" % (text, why)
            if not self._owed:
                return "%s is not legal: %s" % (text, _FULL_TURN % "movement")
        return "%s is not a legal move here" % text

    def _why_not_moved(self, text, f, t):
        """explain() for a movement from f to t."""
        cells = self.cells
        v = self.turn + 1
        me = SEATS[self.turn]
        if self.ply < 3:
            return ("%s is not legal: the game opens with placements only (Vertical one stone, then"
                    " Horizontal two)" % text)
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
            return "%s is not legal: %s" % (text, _FULL_TURN % "placement")
        return "%s is not a legal move here" % text

    # --- display ----------------------------------------------------------
    def view(self):
        cells = self.cells
        return bytearray(_LOOKS[cells[c]] for c in SQ)

    # --- AI ---------------------------------------------------------------


attach_ai(Game, SesquiAI)   # its AI half (games/sesqui_ai.py)
