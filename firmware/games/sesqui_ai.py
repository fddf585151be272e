"""Sesqui's AI: connection costs, evaluation and candidate moves.

The rules live in games/sesqui.py; this is the half only the AI uses,
SesquiAI, attached to sesqui.Game (games.common.attach_ai). It reads the game's cells, packed rows (pk,
kept by play() and undo()) and the mailbox geometry of games/sesqui.py, and
leaves them as it found them. The packed layout and the layered search it
shares with Hex: games/packed.py.
"""
from compat import const, native
from games.packed import pad, slack
from games.sesqui_board import BOX, STEPS, ORTHS, DIAGS, NEAR, PJ, PB, BITSQ, CEN, ZOB

_MN = const(90)            # mailbox cells (as in games/sesqui.py)
_PLACE = const(1)          # owed: the placement is still to come this turn
_MOVE = const(2)           # owed: the movement is still to come this turn
_FAR = const(20)           # connection cost when the way is shut
_LAYERS = const(24)        # candidates(): the most layers a search records
_ECACHE = const(128)       # evaluate(): entries of its table of costs
_FEW = const(8)            # candidates(): up to so many stones, find where they slide first
_SCACHE = const(16)        # candidates(): entries of its table of masks
# The packed rows as in games/sesqui.py (const names are not shared on the Pico).
_FULL = const(0xFF | 0xFF << 10 | 0xFF << 20)   # the squares of ints 0 and 1
_FULL2 = const(0xFF | 0xFF << 10)               # int 2 holds ranks 7 and 8
_LOW2 = const(0xFF | 0xFF << 10)                # the two lower rows of an int
_LOW1 = const(0xFF)                             # the lowest row of an int
_COL = const(1 | 1 << 10 | 1 << 20)             # file a in each row of an int
# Where the searches start and end, per colour and direction (ints 0, 1, 2):
# 0 rank 1, 1 rank 8, 2 file a, 3 file h; a search from edge k ends on k ^ 1.
_EDGES = ((0xFF, 0, 0), (0, 0, 0xFF << 10),
          (_COL, _COL, 1 | 1 << 10), (_COL << 7, _COL << 7, (1 | 1 << 10) << 7))

# candidates(): the order of the empty squares by (mine, theirs): whether a
# square lies on a shortest connection of each colour (0), on one a square
# longer (1) or farther (2), by 4 * the smaller + the larger; the mover's own
# first, or the opponent's when the opponent is closer to connecting.
_ORDER_MINE = (0, 0, 0, 1, 1, 0, 0, 2, 2, 0, 1, 1, 1, 2, 2, 1, 2, 2)
_ORDER_THEIRS = (0, 0, 1, 0, 0, 1, 2, 0, 0, 2, 1, 1, 2, 1, 1, 2, 2, 2)
_ORDER_WIN = (0, 0, 0, 1, 0, 2, 1, 0, 2, 0, 1, 1, 1, 2, 2, 1, 2, 2)


# Machine code on the Pico (docs/developers/ai-measuring.md, "Native code on the Pico"): _reach,
# _ordered and evaluate are three quarters of a move's time; native, a level-3
# move takes 24% less time for 6.3 KB of heap.
@native
def _reach(pk, k, lay, cap, base):
    """Connection cost from edge k to edge k ^ 1 (_EDGES: 0, 1 Black's, 2, 3
    White's) of that colour, its stones and the opponent's in the packed
    rows pk: a 0-1 breadth-first search by layers of whole boards, own
    stones free, empty squares one, never through the opponent's stones nor
    diagonally between two of them (a crossing). Returns the cost (_FAR
    when shut or that far). With `lay`, records the layers as hex_ai._reach.
    """
    if k < 2:                         # Black's edges: its rows are 0-2
        o0, o1, o2, x0, x1, x2 = pk
    else:
        x0, x1, x2, o0, o1, o2 = pk
    e0 = _FULL & ~(o0 | x0)
    e1 = _FULL & ~(o1 | x1)
    e2 = _FULL2 & ~(o2 | x2)
    if x0 | x1 | x2:
        # A diagonal step into a square is shut when both squares beside it
        # are the opponent's; a0..d2 are the squares each step may enter:
        # a from below left, b from below right, c from above left, d from
        # above right.
        w = (x0 & _LOW2) << 10                    # the opponent's row below
        a0 = ~(w & (x0 << 1))
        b0 = ~(w & (x0 >> 1))
        w = ((x1 & _LOW2) << 10) | (x0 >> 20)
        a1 = ~(w & (x1 << 1))
        b1 = ~(w & (x1 >> 1))
        w = ((x2 & _LOW2) << 10) | (x1 >> 20)
        a2 = ~(w & (x2 << 1))
        b2 = ~(w & (x2 >> 1))
        w = (x0 >> 10) | ((x1 & _LOW1) << 20)      # the row above
        c0 = ~(w & (x0 << 1))
        d0 = ~(w & (x0 >> 1))
        w = (x1 >> 10) | ((x2 & _LOW1) << 20)
        c1 = ~(w & (x1 << 1))
        d1 = ~(w & (x1 >> 1))
        w = x2 >> 10
        c2 = ~(w & (x2 << 1))
        d2 = ~(w & (x2 >> 1))
        # No step shut anywhere (no two diagonal opponent's stones): the
        # search spreads the plain way, at half the work.
        blk = (a0 & a1 & a2 & b0 & b1 & b2 & c0 & c1 & c2 & d0 & d1 & d2) != -1
    else:
        blk = False
    f0, f1, f2 = _EDGES[k]
    g0, g1, g2 = _EDGES[k ^ 1]
    r0 = o0 & f0
    r1 = o1 & f1
    r2 = o2 & f2
    f0 &= e0                      # empty squares of the first edge: cost 1
    f1 &= e1
    f2 &= e2
    dist = 0
    found = _FAR
    while True:
        if blk:
            w = (r0 & _LOW2) << 10
            u = (r0 >> 10) | ((r1 & _LOW1) << 20)
            t0 = ((r0 << 1) | (r0 >> 1) | w | u | ((w << 1) & a0) | ((w >> 1) & b0)
                  | ((u << 1) & c0) | ((u >> 1) & d0))
            w = ((r1 & _LOW2) << 10) | (r0 >> 20)
            u = (r1 >> 10) | ((r2 & _LOW1) << 20)
            t1 = ((r1 << 1) | (r1 >> 1) | w | u | ((w << 1) & a1) | ((w >> 1) & b1)
                  | ((u << 1) & c1) | ((u >> 1) & d1))
            w = ((r2 & _LOW2) << 10) | (r1 >> 20)
            u = r2 >> 10
            t2 = ((r2 << 1) | (r2 >> 1) | w | u | ((w << 1) & a2) | ((w >> 1) & b2)
                  | ((u << 1) & c2) | ((u >> 1) & d2))
        else:
            # Each row spread sideways, then up and down a row.
            w = r0 | (r0 << 1) | (r0 >> 1)
            u = r1 | (r1 << 1) | (r1 >> 1)
            t2 = r2 | (r2 << 1) | (r2 >> 1)
            t0 = w | ((w & _LOW2) << 10) | (w >> 10) | ((u & _LOW1) << 20)
            t1 = u | ((u & _LOW2) << 10) | (w >> 20) | (u >> 10) | ((t2 & _LOW1) << 20)
            t2 |= ((t2 & _LOW2) << 10) | (u >> 20) | (t2 >> 10)
        w = t0 & o0 & ~r0
        u = t1 & o1 & ~r1
        t = t2 & o2 & ~r2
        if w or u or t:           # own stones reached at no cost: not closed yet
            r0 |= w
            r1 |= u
            r2 |= t
            continue
        if lay is None:
            if (r0 & g0) or (r1 & g1) or (r2 & g2):
                return dist
        else:
            j = base + 3 * dist
            lay[j] = r0
            lay[j + 1] = r1
            lay[j + 2] = r2
            if found == _FAR and ((r0 & g0) or (r1 & g1) or (r2 & g2)):
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
                pad(lay, base, dist, cap, r0, r1, r2)
            return found
        r0 |= w
        r1 |= u
        r2 |= t
        f0 = f1 = f2 = 0
        dist += 1
        if dist >= _FAR:
            return found



class SesquiAI:
    """The AI half of sesqui.Game (see the module's docstring)."""

    def _ai_init(self):
        """The AI's scratch lists and tables, allocated once per game."""
        self._lay = [0] * (6 * _LAYERS)  # candidates(): the layers of two searches
        self._sl = [0] * 18              # candidates(): slack masks (see _slack)
        self._pc = [0] * 6               # candidates(): masks (see _pmask)
        self._ek = [-1] * _ECACHE        # evaluate(): stones hash -> both costs
        self._ev = [0] * _ECACHE
        self._sk = [-1] * _SCACHE        # candidates(): stones hash -> masks
        self._sc = [0] * (20 * _SCACHE)

    def key(self):
        return self.zc ^ ZOB[270 + self.turn * 3 + self._owed]

    def _cost(self, v):
        """How many empty squares colour v still has to fill to connect its
        edges: a 0-1 breadth-first search over own stones (free) and empty
        squares (1), never through the opponent's, nor diagonally between two
        of the opponent's (that link would be a crossing). See _reach."""
        return _reach(self.pk, 2 * v - 2, None, 0, 0)

    def _slack(self, v, lay, sl):
        """Colour v's squares near its shortest connections, as packed masks
        (see packed.slack): sl[0..2] the empty squares on a shortest
        connection, sl[3..5] those on one at most a square longer, sl[6..8]
        its own stones on a shortest one. Returns the shortest cost (_FAR:
        none, and the masks are 0)."""
        for i in range(9):
            sl[i] = 0
        pk = self.pk
        k = 2 * v - 2
        dist = _reach(pk, k, lay, _LAYERS, 0)
        if dist >= _FAR:
            return dist
        b = 3 * _LAYERS               # where the far edge's layers go
        _reach(pk, k + 1, lay, dist + 2, b)
        o = 3 * v - 3
        slack(lay, b, dist, pk[o], pk[o + 1], pk[o + 2], _FULL & ~(pk[0] | pk[3]),
              _FULL & ~(pk[1] | pk[4]), _FULL2 & ~(pk[2] | pk[5]), sl, 0, False)
        return dist

    def candidates(self, limit):
        """At most `limit` promising legal moves, best first, for the AI: the
        actions onto empty squares lying on (or near) a shortest connection
        of either colour (both first, then the closer ones; the mover's own
        first unless the opponent is closer), placements before movements
        and movements from stones off one's shortest connection before those
        that leave it; then the other legal moves."""
        if self.winner is not None:
            return []
        turn = self.turn
        v = turn + 1
        owed = self._owed
        place = slide = True
        check = False                 # a first action must leave a second one
        if self.ply < 3:
            slide = False
        elif owed == _PLACE:
            slide = False
        elif owed == _MOVE:
            place = False
        elif not self.left[turn]:
            place = False
        elif self._places(v, True):
            check = True              # a placement is legal: a full turn exists
        else:
            return self.moves()[:limit]   # rare: let moves() sort it out
        opening = self.ply < 3
        pc = self._pc
        self._pmask(v, pc)
        d = self._masks(turn)
        mine = d & 31
        theirs = d >> 5
        # The squares worth looking at: where a placement is legal, where an
        # own stone can slide (found along its lines when it has few stones);
        # and the lines holding an own stone, for the movements: bits y
        # (rank) and 8 + x (file) of `lines`, 7 + x - y (diagonal) and
        # 15 + x + y (the other diagonal) of `diags`.
        pk = self.pk
        cells = self.cells
        u0 = u1 = u2 = lines = diags = 0
        if place:
            if opening:
                u0 = u1 = u2 = -1
            else:
                u0 = pc[0]
                u1 = pc[1]
                u2 = pc[2]
        if slide:
            h = 0
            n = 0
            for m in (pk[3 * turn], pk[3 * turn + 1], pk[3 * turn + 2]):
                while m:
                    t = m & -m
                    m ^= t
                    t = BOX[BITSQ[h + t % 37]]
                    x = t & 7
                    y = t >> 3
                    lines |= (1 << y) | (256 << x)
                    diags |= (128 << x >> y) | (32768 << x << y)
                    n += 1
                h += 37
            if n > _FEW:
                u0 = u1 = u2 = -1
            else:
                h = 0
                for m in (pk[3 * turn], pk[3 * turn + 1], pk[3 * turn + 2]):
                    while m:
                        t = m & -m
                        m ^= t
                        f = BITSQ[h + t % 37]
                        for s in STEPS:
                            t = f + s
                            while not cells[t]:
                                x = PJ[t]
                                if x == 0:
                                    u0 |= PB[t]
                                elif x == 1:
                                    u1 |= PB[t]
                                else:
                                    u2 |= PB[t]
                                t += s
                    h += 37
        wit = []
        if check and slide:
            self._witnesses(v, pc, wit)
        if mine == 1:
            order = _ORDER_WIN        # one square joins: take it first
        elif mine <= theirs:
            order = _ORDER_MINE
        else:
            order = _ORDER_THEIRS
        return self._ordered(order, place, slide, check, limit, wit,
                             _FULL & ~(pk[0] | pk[3]) & u0, _FULL & ~(pk[1] | pk[4]) & u1,
                             _FULL2 & ~(pk[2] | pk[5]) & u2, lines, diags)

    # One pass over the squares in the order's sequence, per candidate square:
    # the per-square tests stay inline (a call a square would cost more than the tests).
    @native
    def _ordered(self, order, place, slide, check, limit, wit, e0, e1, e2, lines, diags):  # noqa: C901
        """candidates() from here: the moves onto the squares of each pair of
        levels (mine, theirs) in `order` (see _ORDER_MINE), a pair's squares
        nearest the centre first, placements before movements; movements
        that leave a shortest connection of the mover after its pair's other
        moves (with _ORDER_WIN, a square that joins: after every win). wit,
        e0..e2 (the squares worth looking at), lines, diags: candidates()'s."""
        win = order is _ORDER_WIN
        opening = self.ply < 3
        v = self.turn + 1
        o = 3 - v
        pc = self._pc
        sl = self._sl
        tmp = []
        src = []
        out = []
        later = []
        j = 0
        while j < 18 and len(out) < limit:
            if later and not (win and j < 6):
                for m in later:
                    if len(out) < limit:
                        out.append(m)
                later.clear()
                continue
            a = order[j]              # mine: on a shortest connection (0), a
            z = order[j + 1]          # square longer (1) or more (2); theirs
            j += 2
            if a == 0:
                m0 = e0 & sl[9]
                m1 = e1 & sl[10]
                m2 = e2 & sl[11]
            elif a == 1:
                m0 = e0 & sl[12] & ~sl[9]
                m1 = e1 & sl[13] & ~sl[10]
                m2 = e2 & sl[14] & ~sl[11]
            else:
                m0 = e0 & ~sl[12]
                m1 = e1 & ~sl[13]
                m2 = e2 & ~sl[14]
            if z == 0:
                m0 &= sl[0]
                m1 &= sl[1]
                m2 &= sl[2]
            elif z == 1:
                m0 &= sl[3] & ~sl[0]
                m1 &= sl[4] & ~sl[1]
                m2 &= sl[5] & ~sl[2]
            else:
                m0 &= ~sl[3]
                m1 &= ~sl[4]
                m2 &= ~sl[5]
            if not (m0 or m1 or m2):
                continue
            self._by_centre(tmp, m0, m1, m2)
            for t in tmp:
                t &= 127
                if (place and (opening or pc[PJ[t]] & PB[t])
                        and (not check or self._steps(t, 0, pc) or self._then_slide(t, v))):
                    out.append(t)
                    if len(out) >= limit:
                        break
                if not slide:
                    continue
                self._sliders(t, v, lines, diags, src)
                cr = pc[3 + PJ[t]] & PB[t]   # a crossing on t, with every own stone
                for f in src:
                    if cr and self._crosses(f, t, v, o):
                        continue
                    if check and not self._steps(t, f, pc):
                        for w in wit:
                            h = (w & 255) - t + 10
                            if (h < 0 or h > 20 or not NEAR[h]) and (w >> 8) != f:
                                break
                        else:
                            if not self._then_place(f, t, v):
                                continue
                    # f off a shortest connection, or t joins even without f.
                    if not (sl[15 + PJ[f]] & PB[f]) or (win and a == 0 and self._joins(f, t, v)):
                        out.append(f << 7 | t)
                        if len(out) >= limit:
                            break
                    else:
                        later.append(f << 7 | t)
                if len(out) >= limit:
                    break
        for m in later:
            if len(out) < limit:
                out.append(m)
        return out

    @native
    def _sliders(self, t, v, lines, diags, src):
        """Into src: the stones of colour v that slide to empty t, along
        t's lines that hold one (bits of lines and diags: candidates())."""
        src.clear()
        cells = self.cells
        h = BOX[t]
        x = h & 7
        y = h >> 3
        if (lines >> y) & 1:
            for s in (1, -1):
                f = t + s
                while not cells[f]:
                    f += s
                if cells[f] == v:
                    src.append(f)
        if (lines >> (8 + x)) & 1:
            for s in (9, -9):
                f = t + s
                while not cells[f]:
                    f += s
                if cells[f] == v:
                    src.append(f)
        if (diags >> (7 + x - y)) & 1:
            for s in (10, -10):
                f = t + s
                while not cells[f]:
                    f += s
                if cells[f] == v:
                    src.append(f)
        if (diags >> (15 + x + y)) & 1:
            for s in (8, -8):
                f = t + s
                while not cells[f]:
                    f += s
                if cells[f] == v:
                    src.append(f)

    def _by_centre(self, tmp, m0, m1, m2):
        """The squares of the packed mask m0..m2 into tmp as CEN[c] << 7 | c,
        nearest the centre first (unique keys: the same order on MicroPython,
        whose sort is not stable)."""
        tmp.clear()
        h = 0
        for m in (m0, m1, m2):
            while m:
                t = m & -m
                m ^= t
                c = BITSQ[h + t % 37]
                tmp.append(CEN[c] << 7 | c)
            h += 37
        tmp.sort()

    def _masks(self, turn):
        """The slack masks (see _slack) of both colours, which depend on the
        stones only: the mover's in _sl[9..17], the opponent's in _sl[0..8],
        from a small table when the same stones were seen lately (Black's
        then White's, and their costs). Returns the mover's cost | the
        opponent's << 5."""
        sl = self._sl
        sc = self._sc
        zc = self.zc
        i = zc & (_SCACHE - 1)
        k = 20 * i
        b = 9 * turn                  # the mover's masks in the entry
        if self._sk[i] == zc:
            for i in range(9):
                sl[9 + i] = sc[k + b + i]
                sl[i] = sc[k + 9 - b + i]
            return sc[k + 18 + turn] | sc[k + 19 - turn] << 5
        lay = self._lay
        mine = self._slack(turn + 1, lay, sl)
        for i in range(9):
            sl[9 + i] = sl[i]
        theirs = self._slack(2 - turn, lay, sl)
        self._sk[zc & (_SCACHE - 1)] = zc
        for i in range(9):
            sc[k + b + i] = sl[9 + i]
            sc[k + 9 - b + i] = sl[i]
        sc[k + 18 + turn] = mine
        sc[k + 19 - turn] = theirs
        return mine | theirs << 5

    def _witnesses(self, v, pc, wit):
        """A movement f-t leaves a placement p legal when p does not touch t
        and leans on an own stone other than f (dep: its only own neighbour,
        255 if several): a few such witnesses, p | dep << 8, into wit settle
        most movements without trying them."""
        cells = self.cells
        h = 0
        for m in (pc[0], pc[1], pc[2]):
            while m and len(wit) < 6:
                t = m & -m
                m ^= t
                p = BITSQ[h + t % 37]
                k = 0
                for s in ORTHS:
                    if cells[p + s] == v:
                        if k:
                            k = 255
                            break
                        k = p + s
                wit.append(p | k << 8)
            h += 37

    def _joins(self, f, t, v):
        """Does the slide f-t connect colour v?"""
        cells = self.cells
        cells[f] = 0
        cells[t] = v
        ok = self._connected(v)
        cells[t] = 0
        cells[f] = v
        return ok

    def _crosses(self, f, t, v, o):
        """Would colour v's stone from f make a crossing on t (f lifted)?"""
        cells = self.cells
        cells[f] = 0
        for s, a, b in DIAGS:
            if cells[t + s] == v and cells[t + a] == o and cells[t + b] == o:
                cells[f] = v
                return True
        cells[f] = v
        return False

    def _steps(self, c, f, pc):
        """A quick sufficient test that a stone put on the empty square c (by
        a placement when f is 0, by the movement f-c otherwise) leaves an
        action of the other kind: an empty square next to c (orthogonally
        after a movement: a placement; any way after a placement: a step of
        the new stone) where pc (see _pmask, taken before the action) shows
        no crossing. The stone on c cannot make that crossing (it lies
        orthogonally next to the square, or is the one that steps there),
        and lifting f only takes crossings away."""
        cells = self.cells
        for s in (ORTHS if f else STEPS):
            n = c + s
            if not cells[n] and n != f and not (pc[3 + PJ[n]] & PB[n]):
                return True
        return False

    def _then_slide(self, c, v):
        """After a placement of colour v on c, is a movement legal?"""
        cells = self.cells
        cells[c] = v
        ok = self._free_step(c, c, v) or self._slides(v, True)
        cells[c] = 0
        return bool(ok)

    def _then_place(self, f, t, v):
        """After colour v's movement f-t, is a placement legal?"""
        self._shift(f, t, v)
        ok = self._free_step(t, 0, v) or self._places(v, True)
        self._shift(t, f, v)
        return bool(ok)

    def _costs(self):
        """Black's cost | White's << 5. After an action from a position whose
        candidates() masks are at hand, most of it follows from them: a stone
        put on an empty square takes one off its colour's cost if the square
        lies on a shortest connection (else nothing), and leaves the other
        colour's cost alone if no shortest connection of the other colour
        passed there (the square itself, or a diagonal step the new stone
        shuts with one of its own). A movement from a stone on no shortest
        connection is the same for the mover; the other colour is searched."""
        h = self.history
        if h:
            e = h[-1]
            m = e & 0x3FFF
            mt = e >> 16              # the seat that made the action
            mv = mt + 1
            zc = self.zc
            f = 0
            if m < 128:
                pz = zc ^ ZOB[mv * _MN + m]
            else:
                f = m >> 7
                m &= 127
                pz = zc ^ ZOB[mv * _MN + f] ^ ZOB[mv * _MN + m]
            k = pz & (_SCACHE - 1)
            if self._sk[k] == pz:
                sc = self._sc
                k *= 20
                bm = k + 9 * mt       # the mover's masks in the entry
                bn = k + 9 - 9 * mt   # the other colour's
                dm = sc[k + 18 + mt]
                dn = sc[k + 19 - mt]
                if sc[bm + PJ[m]] & PB[m]:
                    dm -= 1
                if f:
                    if sc[bm + 6 + PJ[f]] & PB[f]:
                        dm = -1       # it left a shortest connection
                    dn = self._cost(2 - mt)
                else:
                    cells = self.cells
                    if sc[bn + PJ[m]] & PB[m]:
                        dn = -1
                    else:
                        for s, a, b in DIAGS:
                            if cells[m + s] == mv:
                                a += m
                                b += m
                                if ((sc[bn + PJ[a]] | sc[bn + 6 + PJ[a]]) & PB[a]
                                        and (sc[bn + PJ[b]] | sc[bn + 6 + PJ[b]]) & PB[b]):
                                    dn = -1
                                    break
                    if dn < 0:
                        dn = self._cost(2 - mt)
                if dm >= 0:
                    if mt:
                        return dn | dm << 5
                    return dm | dn << 5
        return self._cost(1) | self._cost(2) << 5

    @native
    def evaluate(self):
        """The race to connect: the difference of the two connection costs
        (empty squares each side still has to fill), with a tempo bonus for
        the side to move (two actions at the start of its turn, one after)."""
        # Both costs depend on the stones only: a small table keeps them, as
        # the same stones come back in a search (a turn's two actions in
        # either order).
        zc = self.zc
        i = zc & (_ECACHE - 1)
        if self._ek[i] == zc:
            c = self._ev[i]
        else:
            c = self._costs()
            self._ek[i] = zc
            self._ev[i] = c
        if self.turn:
            s = 100 * ((c & 31) - (c >> 5))
        else:
            s = 100 * ((c >> 5) - (c & 31))
        s += 30 if self._owed else 60
        # Stones in hand make placements possible: a side without them can
        # only shuffle.
        if not self.left[self.turn]:
            s -= 40
        if not self.left[self.turn ^ 1]:
            s += 40
        return s
