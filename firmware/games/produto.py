"""Produto (Product): a hexagon of side 5 on a 9 x 9 grid. Rules: docs/rules/produto.md.

Cells (x, y) with |x - y| <= 4 (61 of them). Black's first turn is one stone,
every later turn two stones of either colour, each its own move. When the board
is full each colour scores the product of its two largest groups; the higher
product wins, equal products go to the player with fewer stones of their own
colour. Black is seat 0.

A move is `cell | colour << 7`: cell = y * 9 + x, colour 0 Black, 1 White.
Groups live in a union-find (union by size, no path compression, roots keep
the group's size) that play() merges and undo() splits again, so the score
needs one pass over the roots and no flood fill.
"""
from compat import const, native
from games.common import (zobrist, Base, MoveError, check_options, cell_name, parse_cell, typed,
                          EMPTY, BLACK, WHITE)

ID = "produto"
NAME = "Produto"
SEATS = ("Black", "White")
OPTIONS = {}
# Its square in the menu: position, and the two looks it alternates between.
MENU = (5, BLACK, WHITE)
# AI node budgets (2 s: levels 1-2's cap; level 5, which ai.budget() divides
# for levels 3-4): the costliest phase stays within 2 s and
# 10 s on the Pico (`python -m tools.bench budgets`, docs/reports/ai-budgets.md), with
# the native _frontiers and _seeds: on the emulated Pico they make a level-3
# move 1.49-1.50 times as fast as its bytecode, whose fuel the bench measures,
# and NATIVE_SPEEDUP (percent, a little under) tells the bench so (docs/developers/ai-measuring.md).
NODES = (160, 870)
NATIVE_SPEEDUP = 145
# Real pieces on a reed board: the looks of view() that are pieces on the board
# (app/pieces.py).
PIECES = (BLACK, WHITE)

_W = const(9)
_NN = const(81)
_CELLS = const(61)
_SUPPLY = const(45)
_WHITE_BIT = const(128)
_CELL_MASK = const(127)
_NONE = const(255)


def layout(options=None):
    return _W, _W


def _valid(x, y):
    return 0 <= x < _W and 0 <= y < _W and -4 <= x - y <= 4


# VALID: the 61 cell indices in index order. NB[c]: the neighbours of c, in ring
# order (consecutive ones touch each other), empty for cells off the hexagon.
VALID = tuple(y * _W + x for y in range(_W) for x in range(_W) if _valid(x, y))
ON = bytes(1 if _valid(c % _W, c // _W) else 0 for c in range(_NN))
NB = tuple(
    tuple((c // _W + dy) * _W + c % _W + dx
          for dx, dy in ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))
          if ON[c] and _valid(c % _W + dx, c // _W + dy))
    for c in range(_NN))
# Seat to move at each ply: 0, then 1 1, 0 0, 1 1, ... (61 stones: plies 0-60).
SEAT_AT = bytes([0] + [((p - 1) // 2 + 1) & 1 for p in range(1, _CELLS + 1)])




ZOB = zobrist(256, 4)
_SV0 = bytes((0, 0, 0, _NONE, _NONE, 0, 0, 0) * 2)
_ZERO = bytes(_NN)
_FAR = const(255)         # the gap of two groups no path of empty cells joins

# The AI's weights (docs/rules/produto.md, "For the AI"); tuned in self-play,
# against random play and against level 1.
_GROW = const(4)          # an empty cell of a group's territory: half a stone (in eighths)
_RISK_SLOPE = const(2)    # merge risk (sixteenths) per wall stone missing beyond the gap
_PAIR_RISK = const(6)     # eighths of the loss when a two-cell path is left open
_TIE = const(1)           # per stone of one's own colour fewer (the tie-break)
# candidates(): the bonus of a stone by what it does to the frontiers.
_C_MERGE = const(80)      # the other colour joins its two largest groups at once
_C_PLUG = const(60)       # the other colour fills a cell that would join my two
_C_WALL = const(40)       # the other colour on the frontier between my two
_C_BRIDGE = const(20)     # the other colour on the frontier between its two
_C_OWN_WALL = const(20)   # my colour on the frontier between my two (narrows it)
_C_OWN_BRIDGE = const(20)  # my colour on the other's frontier (walls it for them)
_C_OWN_JOIN = const(120)  # my colour on a cell that joins my two largest


class Game(Base):
    SEATS = SEATS
    # The board's few words for each reason explain() gives (Base.short).
    SHORT = (
        ('outside the hexagon', 'OFF THE BOARD'),
        ('already holds a', 'CELL TAKEN'),
        ('already on the board', 'NO STONES LEFT'),
    )

    def __init__(self, options=None):
        check_options(OPTIONS, options)
        self.board = bytearray(_NN)           # 0 empty, 1 black, 2 white
        self.parent = bytearray(range(_NN))   # union-find parent (roots point to themselves)
        self.size = bytearray(_NN)            # group size, valid at roots
        self.count = bytearray(3)             # stones of each colour on the board
        self.turn = 0
        self.ply = 0
        # per move: m | (o1 + 1) << 8 | (o2 + 1) << 16, o: roots merged into the stone's group
        self.history = []
        self.hash = 0
        self._result = None
        self.sv = bytearray(16)               # scratch of _survey()
        # Scratch of _frontiers(): per colour (Black, White) the side of each
        # cell (1: nearer the largest group, 2: the second, 3: the other
        # colour's stone), its distance and the search queue; the frontier
        # marks of every cell (bit 1/2: on Black's/White's frontier, 4/8: an
        # empty cell touching both of that colour's groups); the results,
        # Black's at 0 and White's at 8.
        self.sides = (bytearray(_NN), bytearray(_NN))
        self.dists = (bytearray(_NN), bytearray(_NN))
        self.queues = (bytearray(64), bytearray(64))
        self.front = bytearray(_NN)
        self.fr = bytearray(16)

    def layout(self):
        return _W, _W

    # --- groups -----------------------------------------------------------
    def _find(self, c):
        par = self.parent
        p = par[c]
        while p != c:
            c = p
            p = par[c]
        return c

    def _survey(self):
        """Fill self.sv with, for Black at 0 and White at 8: the sizes of the
        two largest groups and of the third (0 if none), and the roots of the
        two largest (_NONE if none)."""
        bd, par = self.board, self.parent
        sz = self.size
        sv = self.sv
        sv[:] = _SV0
        for c in VALID:
            k = bd[c]
            if k and par[c] == c:
                s = sz[c]
                i = (k - 1) << 3
                if s > sv[i]:
                    sv[i + 2] = sv[i + 1]
                    sv[i + 1] = sv[i]
                    sv[i + 4] = sv[i + 3]
                    sv[i] = s
                    sv[i + 3] = c
                elif s > sv[i + 1]:
                    sv[i + 2] = sv[i + 1]
                    sv[i + 1] = s
                    sv[i + 4] = c
                elif s > sv[i + 2]:
                    sv[i + 2] = s
        return sv

    # Machine code on the Pico (docs/developers/ai-measuring.md, "Native code on the Pico"): these two
    # are two thirds of a move's time, and native they make a level-3 move 33%
    # faster for 2.4 KB of heap.
    @native
    def _frontiers(self):
        """The frontier between each colour's two largest groups; returns
        self.sv as _survey() fills it.

        For each colour k, one breadth-first search from both groups at once
        through the cells that are not of the other colour (empty cells and
        k's stones) gives each such cell a side, the group it is nearer to.
        Where the two sides touch runs the frontier: the opponent fills it
        with k to join the two groups, the owner with the other colour to
        wall them apart for good. Writes self.fr[(k - 1) * 8 + ...]: 0, 1 the
        empty cells on each side (room to grow); 2 the frontier's width (the
        fewest empty cells on one side of it, 99 when stones of both sides
        touch across it); 3 the gap (the fewest empty cells a path from one
        group to the other crosses, _FAR when walled apart); 4 the empty
        cells touching both. Marks the frontier's empty cells in self.front
        (bit 1 << (k - 1)), those touching both groups also with
        bit 4 << (k - 1)."""
        sv = self._survey()
        fr, front = self.fr, self.front
        front[:] = _ZERO
        bd = self.board
        sb, sw = self.sides
        db, dw = self.dists
        qb, qw = self.queues
        n = self._seeds(sv)
        nb_ = n & 255
        nw = n >> 8
        rbb, rbw = sv[4], sv[12]
        nb = NB
        for k in (1, 2):
            o = (k - 1) << 3
            # (One name at a time: a five-name assignment builds a tuple.)
            if k == 1:
                side = sb
                dist = db
                q = qb
                n = nb_
                second = rbb
            else:
                side = sw
                dist = dw
                q = qw
                n = nw
                second = rbw
            if second == _NONE:       # fewer than two groups
                fr[o] = fr[o + 1] = fr[o + 2] = fr[o + 4] = 0
                fr[o + 3] = _FAR
                continue
            fbit = 1 << (k - 1)
            jbit = fbit << 2
            ta = tb = fa = fb = joins = bad = 0
            gap = _FAR
            i = 0
            while i < n:
                c = q[i]
                i += 1
                s = side[c]
                d = dist[c]
                for x in nb[c]:
                    sx = side[x]
                    if sx == s:
                        continue
                    if not sx:
                        side[x] = s
                        dist[x] = d + 1
                        q[n] = x
                        n += 1
                        if not bd[x]:
                            if s == 1:
                                ta += 1
                            else:
                                tb += 1
                    elif sx != 3:
                        g = d + dist[x]
                        if g < gap:
                            gap = g
                        # Both ends of the contact are on the frontier.
                        if bd[c]:
                            bad |= s
                        elif not front[c] & fbit:
                            front[c] |= fbit
                            if s == 1:
                                fa += 1
                            else:
                                fb += 1
                        if bd[x]:
                            bad |= sx
                        elif not front[x] & fbit:
                            front[x] |= fbit
                            if sx == 1:
                                fa += 1
                            else:
                                fb += 1
                        if g == 1:
                            e = c if d else x      # the empty end touches both groups
                            if not front[e] & jbit:
                                front[e] |= jbit
                                joins += 1
            if bad == 3:
                w = 99
            elif bad == 1:
                w = fb
            elif bad == 2:
                w = fa
            else:
                w = fa if fa < fb else fb
            fr[o] = ta
            fr[o + 1] = tb
            fr[o + 2] = w
            fr[o + 3] = gap
            fr[o + 4] = joins
        return sv

    @native
    def _seeds(self, sv):
        """Start _frontiers()' searches: each colour's side of its own stones
        (1 in its largest group, 2 in the second, 0 in the others) and of the
        other colour's (3), at distance 0, the stones of the two groups queued.
        sv: as _survey() fills it. Returns Black's queue length | White's << 8."""
        bd, par = self.board, self.parent
        rab, rbb, raw, rbw = sv[3], sv[4], sv[11], sv[12]
        # side: 0 not reached yet, 1 or 2, 3 a stone of the other colour.
        sides, dists, queues = self.sides, self.dists, self.queues
        sb, sw = sides
        sb[:] = _ZERO
        sw[:] = _ZERO
        qb, qw = queues
        db, dw = dists
        nb_ = nw = 0
        for c in VALID:
            v = bd[c]
            if not v:
                continue
            r = c
            p = par[r]
            while p != r:
                r = p
                p = par[r]
            if v == 1:
                sw[c] = 3
                if r == rab:
                    sb[c] = 1
                elif r == rbb:
                    sb[c] = 2
                else:
                    continue
                db[c] = 0
                qb[nb_] = c
                nb_ += 1
            else:
                sb[c] = 3
                if r == raw:
                    sw[c] = 1
                elif r == rbw:
                    sw[c] = 2
                else:
                    continue
                dw[c] = 0
                qw[nw] = c
                nw += 1
        return nb_ | nw << 8

    # --- rules ------------------------------------------------------------
    def moves(self):
        if self.ply >= _CELLS:
            return []
        bd = self.board
        nb = self.count[1] < _SUPPLY
        nw = self.count[2] < _SUPPLY
        out = []
        for c in VALID:
            if not bd[c]:
                if nb:
                    out.append(c)
                if nw:
                    out.append(c | _WHITE_BIT)
        return out

    def play(self, m):
        c = m & _CELL_MASK
        k = (m >> 7) + 1
        bd, par = self.board, self.parent
        sz = self.size
        # Join the groups of the stone's colour around it (at most three
        # distinct ones: the neighbours form a ring).
        r1 = r2 = r3 = _NONE
        for n in NB[c]:
            if bd[n] == k:
                r = n
                p = par[r]
                while p != r:
                    r = p
                    p = par[r]
                if r != r1 and r != r2:
                    if r1 == _NONE:
                        r1 = r
                    elif r2 == _NONE:
                        r2 = r
                    else:
                        r3 = r
        bd[c] = k
        rec = m
        if r1 == _NONE:
            sz[c] = 1
        else:
            # The biggest root becomes r1 and the others hang under it; the
            # record keeps them for undo (no tuples: they would be allocated).
            if r2 != _NONE:
                if sz[r2] > sz[r1]:
                    r1, r2 = r2, r1
                if r3 != _NONE and sz[r3] > sz[r1]:
                    r1, r3 = r3, r1
            s = sz[r1] + 1
            if r2 != _NONE:
                par[r2] = r1
                s += sz[r2]
                rec |= (r2 + 1) << 8
                if r3 != _NONE:
                    par[r3] = r1
                    s += sz[r3]
                    rec |= (r3 + 1) << 16
            par[c] = r1
            sz[r1] = s
        self.history.append(rec)
        self.count[k] += 1
        self.hash ^= ZOB[m]
        p = self.ply + 1
        self.ply = p
        self.turn = SEAT_AT[p]

    def undo(self):
        rec = self.history.pop()
        m = rec & 0xFF
        c = m & _CELL_MASK
        par, sz = self.parent, self.size
        big = par[c]
        if big != c:
            s = sz[big] - 1
            rec >>= 8
            while rec:
                r = (rec & 0xFF) - 1
                par[r] = r
                s -= sz[r]
                rec >>= 8
            sz[big] = s
            par[c] = c
        self.board[c] = 0
        self.count[(m >> 7) + 1] -= 1
        self.hash ^= ZOB[m]
        p = self.ply - 1
        self.ply = p
        self.turn = SEAT_AT[p]
        self._result = None

    def _products(self):
        sv = self._survey()
        return sv[0] * sv[1], sv[8] * sv[9]

    def score(self):
        pb, pw = self._products()
        return [pb, pw]

    def result(self):
        if self.ply < _CELLS:
            return None
        if self._result is None:
            pb, pw = self._products()
            if pb != pw:
                self._result = 0 if pb > pw else 1
            else:
                # Equal products: fewer stones of one's own colour wins (61 is
                # odd, so the counts always differ).
                self._result = 0 if self.count[1] < self.count[2] else 1
        return self._result

    def highlight(self):
        """At the end, the winner's two largest groups."""
        r = self.result()
        if r is None:
            return ()
        sv = self._survey()
        i = r << 3
        if sv[i + 1] == 0:
            return ()
        ra, rb = sv[i + 3], sv[i + 4]
        find = self._find
        k = r + 1
        return tuple(c for c in VALID if self.board[c] == k and find(c) in (ra, rb))

    # --- notation ---------------------------------------------------------
    def parse(self, text):
        """As Base.parse (the canonical text or a case variant of it), read
        directly instead of by comparing with all 122 move texts."""
        t = typed(text, "a move must be text, like Bc3")
        if self.ply < _CELLS and len(t) >= 3 and t[0] in "BbWw":
            xy = parse_cell(t[1:], _W, _W)
            if xy is not None and _valid(xy[0], xy[1]):
                c = xy[1] * _W + xy[0]
                k = 1 if t[0] in "Bb" else 2
                if not self.board[c] and self.count[k] < _SUPPLY:
                    return c | (k - 1) << 7
        raise MoveError(self.explain(t))

    def move_text(self, m):
        c = m & _CELL_MASK
        return ("W" if m & _WHITE_BIT else "B") + cell_name(c % _W, c // _W)

    def move_cells(self, m):
        return (m & _CELL_MASK,)

    def touch_text(self, cells):
        """The move a touched cell would name, legal or not (the board asks
        explain() why not): a black stone there (either colour is refused
        for the same reason)."""
        if len(cells) != 1:
            return None
        return "B" + cell_name(cells[0] % _W, cells[0] // _W)

    def explain(self, text):
        if not isinstance(text, str):
            return "a move must be text, like Bc3"
        t = text.strip()
        if self.result() is not None:
            return "%s is not legal: the game is over" % t
        if not t:
            return "'' is not a move: write a colour and a cell, like Bc3 or We5"
        colour = t[0].upper()
        if parse_cell(t, _W, _W) is not None and (colour not in "BW" or parse_cell(t[1:], _W, _W) is None):
            return "%s is not a move: name the colour too, B%s or W%s" % (t, t.lower(), t.lower())
        if colour not in "BW":
            return "'%s' is not a move: write a colour (B or W) and a cell, like Bc3" % t
        xy = parse_cell(t[1:], _W, _W)
        if xy is None:
            return "'%s' is not a move: after %s comes a cell from a1 to i9, like %sc3" % (t, colour, colour)
        x, y = xy
        name = cell_name(x, y)
        if not _valid(x, y):
            return "%s%s is not legal: %s is outside the hexagon" % (colour, name, name)
        c = y * _W + x
        if self.board[c]:
            return "%s%s is not legal: %s already holds a %s stone" % (
                colour, name, name, "black" if self.board[c] == 1 else "white")
        k = 1 if colour == "B" else 2
        if self.count[k] >= _SUPPLY:
            return "%s%s is not legal: all %d %s stones are already on the board" % (
                colour, name, _SUPPLY, "black" if k == 1 else "white")
        return "%s is not a legal move here" % t

    # --- display ----------------------------------------------------------
    def view(self):
        bd = self.board
        v = bytearray(_NN)
        for c in VALID:
            k = bd[c]
            v[c] = EMPTY if k == 0 else (BLACK if k == 1 else WHITE)
        return v

    def board_text(self):
        """The hexagon drawn with its rows shifted, so that neighbours look like neighbours."""
        rows = []
        bd = self.board
        for y in range(_W - 1, -1, -1):
            line = "%d " % (y + 1) + " " * (_W - 1 - y)
            for x in range(_W):
                c = y * _W + x
                line += (".BW"[bd[c]] if ON[c] else " ") + " "
            rows.append(line.rstrip())
        rows.append("  " + " " * 8 + " ".join("abcdefghi"))
        pb, pw = self._products()
        rows.append("Black %d (%d stones), White %d (%d stones)" % (pb, self.count[1], pw, self.count[2]))
        return "\n".join(rows)

    # --- AI ---------------------------------------------------------------
    def key(self):
        return self.hash   # the board fixes the ply, so the side to move too

    def evaluate(self):
        """The expected final products, the side to move's minus the other's.

        Both players place both colours, so for each colour what counts is
        whether its two largest groups stay apart: the opponent will fill the
        cells between them with that colour, the owner walls them apart with
        the other colour. _frontiers() finds, for each colour, the empty cells
        nearer each of the two groups (their room to grow), the gap (the
        fewest empty cells joining them) and the frontier's width (the wall
        stones still missing). A colour is worth
          - its product now, less what a merge would cost it where the side
            to move can join the opponent's two this turn (the gap within its
            stones) and where the opponent will join ours next (cells
            touching both, or two-cell paths, left after our stones);
          - plus its expected product: each group grown by half its room,
            less a share of what a merge would cost (the merged group times
            the third), by a race between the owner's wall (the width left
            after the stones the owner places first) and the gap; none once
            the frontier is closed (walled apart for good).
        The tie-break (fewer stones of one's own colour) is the last, small
        term.
        """
        ply = self.ply
        if ply >= _CELLS:
            return 9000 if self.result() == self.turn else -9000
        sv = self._frontiers()
        fr = self.fr
        me = self.turn          # Black is seat 0: colour index = seat
        # Stones the side to move still places this turn.
        now = 2 if ply < _CELLS - 1 and SEAT_AT[ply + 1] == me else 1
        i = me << 3
        o = 8 - i
        am, bm, tm = sv[i], sv[i + 1], sv[i + 2]
        ao, bo, to = sv[o], sv[o + 1], sv[o + 2]
        gm, wm, jm = fr[i + 3], fr[i + 2], fr[i + 4]
        go = fr[o + 3]
        # Threats this turn and the next: join the opponent's two now (if the
        # gap is within our stones), and lose ours next unless we plug.
        best = -_loss(am, bm, tm, gm, wm, jm, now)
        if go <= now:
            pm = ao * bo - (ao + bo + go) * to
            if pm > 0:
                v = pm - _loss(am, bm, tm, gm, wm, jm, now - go)
                if v > best:
                    best = v
        v = am * bm - ao * bo + best
        v += _expect(am, bm, tm, fr[i], fr[i + 1], wm, gm, now, 0)
        v -= _expect(ao, bo, to, fr[o], fr[o + 1], fr[o + 2], go, 0, now)
        v <<= 2
        d = self.count[2 - me] - self.count[me + 1]
        if d > 15:
            d = 15
        elif d < -15:
            d = -15
        v += d * _TIE
        if v > 8000:
            return 8000
        if v < -8000:
            return -8000
        return v

    def candidates(self, limit):
        """At most `limit` promising legal moves, best first.

        The stones that decide Produto are on the frontiers between each
        colour's two largest groups (see _frontiers()): the other colour there
        walls the groups apart or, on a cell touching both, saves them from
        a merge; the same colour narrows the gap or joins them. So a stone of
        the opponent's colour comes first where it joins the opponent's two
        at once, then where it plugs a cell joining mine, walls my two apart,
        or bridges toward joining theirs; a stone of my colour goes last
        where it joins or narrows my two or walls theirs apart. Equal moves
        keep the board order of moves().
        """
        ms = self.moves()
        n = len(ms)
        if n <= limit:
            return ms
        self._frontiers()
        front = self.front
        me = self.turn + 1
        mine = 1 << (me - 1)          # frontier bit of my colour
        theirs = 3 - mine
        wbit = _WHITE_BIT if me == 1 else 0     # the opponent's colour bit in a move
        # Only stones on a frontier get a bonus (the opponent's colour) or a
        # malus (mine); the others follow in board order, then the maluses.
        up = []
        down = []
        for idx in range(n):
            m = ms[idx]
            f = front[m & _CELL_MASK]
            if not f:
                continue
            s = 0
            if (m & _WHITE_BIT) == wbit:          # the opponent's colour
                if f & (theirs << 2):
                    s += _C_MERGE
                if f & (mine << 2):
                    s += _C_PLUG
                if f & mine:
                    s += _C_WALL
                if f & theirs:
                    s += _C_BRIDGE
                up.append(s << 8 | (255 - idx))
            else:
                if f & (mine << 2):
                    s += _C_OWN_JOIN
                if f & mine:
                    s += _C_OWN_WALL
                if f & theirs:
                    s += _C_OWN_BRIDGE
                down.append(s << 8 | idx)
        up.sort(reverse=True)
        out = []
        for k in up:
            out.append(ms[255 - (k & 255)])
            if len(out) == limit:
                return out
        for m in ms:
            if not front[m & _CELL_MASK]:
                out.append(m)
                if len(out) == limit:
                    return out
        down.sort()
        for k in down:
            out.append(ms[k & 255])
            if len(out) == limit:
                break
        return out


def _loss(a, b, t, gap, width, joins, rem):
    """What colour a, b, t loses to the opponent's next turn (two stones)
    when its owner has `rem` stones left to plug: a cell touching both
    groups left open is a merge; a two-cell path left open, most of one."""
    if gap == 1 and joins > rem:
        v = a * b - (a + b + 1) * t
        return v if v > 0 else 0
    if gap <= 2 and width > rem:
        v = a * b - (a + b + 2) * t
        return v * _PAIR_RISK >> 3 if v > 0 else 0
    return 0


def _expect(a, b, t, room_a, room_b, width, gap, own, opp):
    """A colour's expected final product (see evaluate()). `own`: the stones
    its owner places before the opponent's next turn; `opp`: the stones the
    opponent then places (0 when it is the owner's move)."""
    if not b:
        return 0
    e = (8 * a + _GROW * room_a) * (8 * b + _GROW * room_b) >> 6
    if gap == _FAR:
        return e
    m = (a + b) * t
    if m >= e:
        return e
    left = width - own
    if left <= 0:
        return e
    if opp and gap <= opp:
        return m
    r = 8 + (left - gap) * _RISK_SLOPE
    if r <= 0:
        return e
    if r > 16:
        r = 16
    return e - ((e - m) * r >> 4)
