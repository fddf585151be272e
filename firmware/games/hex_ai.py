"""Hex's AI: connection distances, evaluation and candidate moves.

The rules live in games/hex.py; this is the half only the AI uses, HexAI,
attached to hex.Game (games.common.attach_ai). It reads the game's board,
union-find (parent, and gm: the stones of each set, packed, at its root) and
packed rows (pk), which play() and undo() keep, and never changes them. The packed layout and the layered
search it shares with Sesqui: games/packed.py.
"""
from compat import const
from games.packed import pack, pad, slack

_FAR = const(99)                     # "no path": farther than any board allows
_LOW2 = const(0x1FF | 0x1FF << 10)   # the two lower rows of an int
_LOW1 = const(0x1FF)                 # the lowest row of an int
_LAYERS = const(24)                  # candidates(): the most layers recorded
_ECACHE = const(128)                 # evaluate(): entries of its table of scores
_SLOTS = const(16)                   # candidates(): entries of masks, by ply
_CSLOTS = const(16)                  # candidates(): entries of masks, by position
_PACKS = {}


def packing(n):
    """Packed tables of an n x n board (built once per size):
    (PJ, PB, BITSQ, TB): PJ, PB and BITSQ as packed.pack() makes them
    (cell y * n + x); TB the masks, three ints each: TB[0..2] the cells,
    TB[3 + 3e ..] edge e (0 rank 1, 1 rank n, 2 file a, 3 file n),
    TB[15 + 3e ..] the line next to edge e (where an edge template's stone
    stands)."""
    t = _PACKS.get(n)
    if t is not None:
        return t
    _PACKS.clear()
    pj, pb, bitsq = pack(n, lambda x, y: y * n + x, n * n)
    tb = [0] * 27
    for c in range(n * n):
        x, y = c % n, c // n
        j = pj[c]
        b = pb[c]
        tb[j] |= b
        for e, on in ((0, y == 0), (1, y == n - 1), (2, x == 0), (3, x == n - 1)):
            if on:
                tb[3 + 3 * e + j] |= b
        for e, on in ((0, y == 1), (1, y == n - 2), (2, x == 1), (3, x == n - 2)):
            if on:
                tb[15 + 3 * e + j] |= b
    t = (pj, pb, bitsq, tuple(tb))
    _PACKS[n] = t
    return t


# The AI's hottest code, one function on purpose (see the docstring): its set-up
# hands 44 values to its loop. Split as _reach (155 lines) calling _layers
# (108), level 3 cost +2.5% to +3.7% fuel per node and allocated 1,670-1,938
# bytes a node against 1,276-1,412, the call's frame on the heap (tools.bench
# budgets; docs/developers/ai-games.md, "What a split costs").
def _reach(g, k, lay, cap, base):  # noqa: C901
    """Connection distance from edge k to edge k ^ 1 (see packing: 0, 1
    Black's, 2, 3 White's) of the colour those edges belong to, in game g:
    a 0-1 breadth-first search by layers of whole boards, own stones free,
    empty cells one, with bridges (two own stones whose two common
    neighbours are empty) and edge templates (an own stone on the second
    line with both cells before the edge empty) counted as joined. Returns
    the distance (_FAR: no way).

    With `lay` (a list) it also records each layer from lay[base] on (the
    cells the colour reaches at cost <= d, three ints per layer d) and goes
    on to cap layers (fewer once the distance is known: distance + 2),
    padding with the last.

    One function on purpose: it is the AI's hottest code, and on the Pico
    every call and every value passed through a list costs as much as a
    dozen of the operations here (measured: docs/developers/ai-games.md).
    """
    pk = g.pk
    if k < 2:                         # Black's edges: its rows are 0-2
        o0 = pk[0]
        o1 = pk[1]
        o2 = pk[2]
        x0 = pk[3]
        x1 = pk[4]
        x2 = pk[5]
    else:
        o0 = pk[3]
        o1 = pk[4]
        o2 = pk[5]
        x0 = pk[0]
        x1 = pk[1]
        x2 = pk[2]
    tb = g.tb
    par = g.parent
    gm = g.gm
    bitsq = g.bitsq
    far = g.nn + (k ^ 1)          # the union-find root of the far edge
    while par[far] != far:
        far = par[far]
    e0 = tb[0] & ~(o0 | x0)
    e1 = tb[1] & ~(o1 | x1)
    e2 = tb[2] & ~(o2 | x2)
    # The empty cells of the row below (b) and above (a), aligned.
    b0 = (e0 & _LOW2) << 10
    b1 = ((e1 & _LOW2) << 10) | (e0 >> 20)
    b2 = ((e2 & _LOW2) << 10) | (e1 >> 20)
    a0 = (e0 >> 10) | ((e1 & _LOW1) << 20)
    a1 = (e1 >> 10) | ((e2 & _LOW1) << 20)
    a2 = e2 >> 10
    # Own stones joined to an edge by a template: g* at the start, h* at the end.
    j = k
    while True:
        i = 15 + 3 * j
        if j == 0:
            t0 = b0 & (b0 >> 1)
            t1 = b1 & (b1 >> 1)
            t2 = b2 & (b2 >> 1)
        elif j == 1:
            t0 = a0 & (a0 << 1)
            t1 = a1 & (a1 << 1)
            t2 = a2 & (a2 << 1)
        elif j == 2:
            t0 = (e0 & a0) << 1
            t1 = (e1 & a1) << 1
            t2 = (e2 & a2) << 1
        else:
            t0 = (e0 & b0) >> 1
            t1 = (e1 & b1) >> 1
            t2 = (e2 & b2) >> 1
        t0 &= o0 & tb[i]
        t1 &= o1 & tb[i + 1]
        t2 &= o2 & tb[i + 2]
        if j == k:
            g0 = t0
            g1 = t1
            g2 = t2
            j = k ^ 1
        else:
            h0 = t0
            h1 = t1
            h2 = t2
            break
    i = 3 + 3 * k
    f0 = tb[i]
    f1 = tb[i + 1]
    f2 = tb[i + 2]
    # Own stones free from the start: on the first edge, joined to it
    # (their union-find set), or by a template.
    i = g.nn + k
    while par[i] != i:
        i = par[i]
    i *= 3
    r0 = (o0 & f0) | g0 | gm[i]
    r1 = (o1 & f1) | g1 | gm[i + 1]
    r2 = (o2 & f2) | g2 | gm[i + 2]
    f0 &= e0                      # empty cells of the first edge: cost 1
    f1 &= e1
    f2 &= e2
    i = 3 + 3 * (k ^ 1)
    h0 |= tb[i]                   # the far edge, or a template to it
    h1 |= tb[i + 1]
    h2 |= tb[i + 2]
    # Bridges: where a bridge from an own stone may land, by direction, as
    # the carriers allow (masks of the source's bit in the target's row).
    br = (o0 & (o0 - 1)) or (o1 & (o1 - 1)) or (o2 & (o2 - 1)) or (o0 and o1) or (o1 and o2) or (o0 and o2)
    if br:
        p10 = (b0 >> 1) & e0          # from the row below, to x + 1
        p11 = (b1 >> 1) & e1
        p12 = (b2 >> 1) & e2
        p20 = (b0 & e0) << 1          # from the row below, to x - 2
        p21 = (b1 & e1) << 1
        p22 = (b2 & e2) << 1
        p30 = b0 & (b0 << 1)          # from two rows below, to x - 1
        p31 = b1 & (b1 << 1)
        p32 = b2 & (b2 << 1)
        p40 = (a0 & e0) >> 1          # from the row above, to x + 2
        p41 = (a1 & e1) >> 1
        p42 = (a2 & e2) >> 1
        p50 = (a0 << 1) & e0          # from the row above, to x - 1
        p51 = (a1 << 1) & e1
        p52 = (a2 << 1) & e2
        p60 = a0 & (a0 >> 1)          # from two rows above, to x + 1
        p61 = a1 & (a1 >> 1)
        p62 = a2 & (a2 >> 1)
        # The own stones with a bridge (bridges go both ways: those a bridge
        # from an own stone lands on); the others never need looking at.
        v = (o0 & _LOW2) << 10
        q = (o0 & _LOW1) << 20
        d0 = ((v & p10) << 1) | ((v & p20) >> 2) | ((q & p30) >> 1)
        v = ((o1 & _LOW2) << 10) | (o0 >> 20)
        q = ((o1 & _LOW1) << 20) | (o0 >> 10)
        d1 = ((v & p11) << 1) | ((v & p21) >> 2) | ((q & p31) >> 1)
        v = ((o2 & _LOW2) << 10) | (o1 >> 20)
        q = ((o2 & _LOW1) << 20) | (o1 >> 10)
        d2 = ((v & p12) << 1) | ((v & p22) >> 2) | ((q & p32) >> 1)
        v = (o0 >> 10) | ((o1 & _LOW1) << 20)
        q = (o0 >> 20) | ((o1 & _LOW2) << 10)
        d0 |= ((v & p40) << 2) | ((v & p50) >> 1) | ((q & p60) << 1)
        v = (o1 >> 10) | ((o2 & _LOW1) << 20)
        q = (o1 >> 20) | ((o2 & _LOW2) << 10)
        d1 |= ((v & p41) << 2) | ((v & p51) >> 1) | ((q & p61) << 1)
        v = o2 >> 10
        q = o2 >> 20
        d2 |= ((v & p42) << 2) | ((v & p52) >> 1) | ((q & p62) << 1)
        # d*: own stones whose bridges are taken (or that have none).
        d0 = o0 & ~d0
        d1 = o1 & ~d1
        d2 = o2 & ~d2
        br = d0 != o0 or d1 != o1 or d2 != o2
    dist = 0
    found = _FAR
    while True:
        w = (r0 & _LOW2) << 10
        u = (r0 >> 10) | ((r1 & _LOW1) << 20)
        t0 = (r0 << 1) | (r0 >> 1) | w | (w >> 1) | u | (u << 1)
        w = ((r1 & _LOW2) << 10) | (r0 >> 20)
        u = (r1 >> 10) | ((r2 & _LOW1) << 20)
        t1 = (r1 << 1) | (r1 >> 1) | w | (w >> 1) | u | (u << 1)
        w = ((r2 & _LOW2) << 10) | (r1 >> 20)
        u = r2 >> 10
        t2 = (r2 << 1) | (r2 >> 1) | w | (w >> 1) | u | (u << 1)
        w = t0 & o0 & ~r0
        u = t1 & o1 & ~r1
        t = t2 & o2 & ~r2
        if not (w or u or t) and br:
            # The bridges of own stones reached since the last time.
            s0 = r0 & o0 & ~d0
            s1 = r1 & o1 & ~d1
            s2 = r2 & o2 & ~d2
            if s0 or s1 or s2:
                d0 |= s0
                d1 |= s1
                d2 |= s2
                v = (s0 & _LOW2) << 10                          # below
                q = (s0 & _LOW1) << 20                          # two below
                w |= (((v & p10) << 1) | ((v & p20) >> 2) | ((q & p30) >> 1)) & o0 & ~r0
                v = ((s1 & _LOW2) << 10) | (s0 >> 20)
                q = ((s1 & _LOW1) << 20) | (s0 >> 10)
                u |= (((v & p11) << 1) | ((v & p21) >> 2) | ((q & p31) >> 1)) & o1 & ~r1
                v = ((s2 & _LOW2) << 10) | (s1 >> 20)
                q = ((s2 & _LOW1) << 20) | (s1 >> 10)
                t |= (((v & p12) << 1) | ((v & p22) >> 2) | ((q & p32) >> 1)) & o2 & ~r2
                v = (s0 >> 10) | ((s1 & _LOW1) << 20)           # above
                q = (s0 >> 20) | ((s1 & _LOW2) << 10)           # two above
                w |= (((v & p40) << 2) | ((v & p50) >> 1) | ((q & p60) << 1)) & o0 & ~r0
                v = (s1 >> 10) | ((s2 & _LOW1) << 20)
                q = (s1 >> 20) | ((s2 & _LOW2) << 10)
                u |= (((v & p41) << 2) | ((v & p51) >> 1) | ((q & p61) << 1)) & o1 & ~r1
                v = s2 >> 10
                q = s2 >> 20
                t |= (((v & p42) << 2) | ((v & p52) >> 1) | ((q & p62) << 1)) & o2 & ~r2
        if w or u or t:
            # Own stones next to (or bridged to) those reached: not closed
            # yet. Each comes with its whole group (the stones joined to it,
            # from the game's union-find), but a group joined to the far edge
            # only stone by stone: joined through the edge, its stones are
            # no nearer each other.
            while w or u or t:
                if w:
                    v = w & -w
                    q = bitsq[v % 37]
                elif u:
                    v = u & -u
                    q = bitsq[37 + v % 37]
                else:
                    v = t & -t
                    q = bitsq[74 + v % 37]
                x = par[q]
                while x != q:
                    q = x
                    x = par[q]
                if q == far:
                    if lay is None:
                        return dist       # the far edge is reached
                    if w:
                        r0 |= v
                    elif u:
                        r1 |= v
                    else:
                        r2 |= v
                else:
                    q *= 3
                    r0 |= gm[q]
                    r1 |= gm[q + 1]
                    r2 |= gm[q + 2]
                w &= ~r0
                u &= ~r1
                t &= ~r2
            continue
        if lay is None:
            if (r0 & h0) or (r1 & h1) or (r2 & h2):
                return dist
        else:
            j = base + 3 * dist
            lay[j] = r0
            lay[j + 1] = r1
            lay[j + 2] = r2
            if found == _FAR and ((r0 & h0) or (r1 & h1) or (r2 & h2)):
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


class HexAI:
    """The AI half of hex.Game (see the module's docstring)."""

    def _ai_init(self, ring):
        """The AI's scratch lists, allocated once per game; `ring` the
        neighbours in ring order (hex.Tables)."""
        self._lay = [0] * (6 * _LAYERS)        # candidates(): the layers of two searches
        self._sm = [0] * (26 * _SLOTS)         # candidates(): masks by ply (see there)
        self._sk = [-1] * _SLOTS               # the position of each entry
        self._cm = [0] * (26 * _CSLOTS)        # candidates(): the same by position
        self._ck = [-1] * _CSLOTS
        self._bk = [0] * 21                    # candidates(): the groups of cells
        self._ek = [-1] * _ECACHE              # evaluate(): position -> score
        self._ev = [0] * _ECACHE
        self.ring = ring
        self._tmp = []

    def key(self):
        return self.hash   # stones and the swap fix the ply and so the side to move

    def distance(self, k):
        """Colour k's connection distance (0: joined, or joined by templates):
        the fewest empty cells it still needs, own stones free, bridges and
        edge templates counted as joined (see _reach)."""
        return _reach(self, 2 * k - 2, None, 0, 0)

    def evaluate(self):
        """Connection distance race: the opponent's distance minus ours.

        Distances count the empty cells a colour still needs, with own stones
        free, bridges (two stones with both common neighbours empty) and edge
        templates counted as already joined.
        """
        if self.winner is not None:
            return -9000   # the last mover won, so the side to move has lost
        # A small table keeps the last scores: a search meets the same
        # position again through other move orders.
        h = self.hash
        i = h & (_ECACHE - 1)
        if self._ek[i] == h:
            return self._ev[i]
        me = 1 if self.turn == self.black_seat else 2
        v = (self._gained(3 - me) - self._kept(me)) * 100
        self._ek[i] = h
        self._ev[i] = v
        return v

    def _kept(self, k):
        """Colour k's distance when the opponent has just played (see _same)."""
        p = self._same(k)
        if p >= 0:
            return self._sm[p + 25]
        return self.distance(k)

    def _gained(self, k):
        """Colour k's distance when it has just played. When candidates()
        found k's masks in the position before (see _same), a stone that
        forms no new bridge and no edge template takes one off k's distance
        if it lies on a shortest connection, else nothing."""
        h = self.history
        if h:
            c = h[-1] & 0xFF
            p = (self.ply - 1) & (_SLOTS - 1)
            if c < self.nn and self._sk[p] == self.hash ^ self.ZOB[(k - 1) * 81 + c]:
                bd = self.board
                br = self.br
                j = 18 * c
                e = j + 18
                while j < e:
                    a = br[j]
                    if a == 255:
                        break
                    if bd[a] == k and not bd[br[j + 1]] and not bd[br[j + 2]]:
                        return self.distance(k)     # a new bridge
                    j += 3
                j = self.pj[c]
                b = self.pb[c]
                t = self.tb
                e = 15 if k == 1 else 21
                if (t[e + j] | t[e + 3 + j]) & b:
                    return self.distance(k)         # maybe a new template
                p *= 26
                if self._sm[p + j] & b:
                    return self._sm[p + 24] - 1
                return self._sm[p + 24]
        return self.distance(k)

    def _same(self, k):
        """Is colour k's distance the one candidates() found in the position
        before the opponent's last stone? Then the index of that position's
        entry in _sm (see candidates), else -1. The stone leaves it alone
        unless it took a cell every shortest connection of k passes, the
        carrier of a bridge between two of k's stones on one, or an edge cell
        next to such a stone (a template's)."""
        h = self.history
        if not h:
            return -1
        c = h[-1] & 0xFF
        if c >= self.nn:              # a swap
            return -1
        bd = self.board
        x = bd[c]
        p = (self.ply - 1) & (_SLOTS - 1)
        if x != 3 - k or self._sk[p] != self.hash ^ self.ZOB[(x - 1) * 81 + c]:
            return -1
        p *= 26
        sl = self._sm
        pj = self.pj
        pb = self.pb
        j = pj[c]
        b = pb[c]
        if sl[p + 21 + j] & b:
            return -1
        ring = self.ring
        i = 6 * c
        e = i + 6
        while i < e:
            a = ring[i]
            q = ring[i + 2 if i + 2 < e else i - 4]
            if (a != 255 and q != 255 and bd[a] == k and bd[q] == k
                    and (sl[p + 18 + pj[a]] & pb[a]) and (sl[p + 18 + pj[q]] & pb[q])):
                return -1
            i += 1
        t = self.tb
        e = 3 if k == 1 else 9
        if (t[e + j] | t[e + 3 + j]) & b:
            for a in self.nb[c]:
                if bd[a] == k and (sl[p + 18 + pj[a]] & pb[a]):
                    return -1
        return p

    def _slack(self, k, sl, at):
        """Colour k's cells near its shortest connections, as packed masks
        from sl[at] (see packed.slack): [0..2] the empty cells on a shortest
        connection, [3..5] those on one at most a cell longer, [6..8] its own
        stones on a shortest one, [9..11] the cells every shortest one
        passes. Returns the distance (_FAR: none, and the masks are 0)."""
        for i in range(at, at + 12):
            sl[i] = 0
        e = 2 * k - 2
        lay = self._lay
        dist = _reach(self, e, lay, _LAYERS, 0)
        if dist >= _FAR:
            return dist
        b = 3 * _LAYERS               # where the far edge's layers go
        _reach(self, e + 1, lay, dist + 2, b)
        pk = self.pk
        tb = self.tb
        o = 3 * k - 3
        slack(lay, b, dist, pk[o], pk[o + 1], pk[o + 2], tb[0] & ~(pk[0] | pk[3]), tb[1] & ~(pk[1] | pk[4]),
              tb[2] & ~(pk[2] | pk[5]), sl, at, True)
        return dist

    def candidates(self, limit):
        """At most `limit` promising moves, best first: the empty cells on a
        shortest connection of both colours, then of one colour and a cell
        off the other's, then of one colour only, then a cell off both, a
        cell off one, then the others; each group nearest the centre first.
        With a win in one, its cells come first. The opening (the swap
        rule): on the empty board the cells just outside swap_radius() of
        the centre come first; at seat 1's first move `swap` comes first
        for a stone within that radius, else last."""
        if self.winner is not None:
            return []
        nn = self.nn
        me = 1 if self.turn == self.black_seat else 2
        # The masks of this position go to an entry of _sm by ply (so that
        # those of the positions before stay while a search is below them):
        # sl[s..s+11] mine, sl[s+12..s+23] theirs, the two distances.
        # They also go to a table by position, as a search comes back to the
        # same positions (each deeper iteration).
        sl = self._sm
        i = self.ply & (_SLOTS - 1)
        self._sk[i] = -1
        s = 26 * i
        h = self.hash
        j = h & (_CSLOTS - 1)
        cm = self._cm
        k = 26 * j
        if self._ck[j] == h:
            for i in range(26):
                sl[s + i] = cm[k + i]
            mine = sl[s + 24]
            theirs = sl[s + 25]
        else:
            mine = self._slack(me, sl, s)
            theirs = self._slack(3 - me, sl, s + 12)
            sl[s + 24] = mine
            sl[s + 25] = theirs
            for i in range(26):
                cm[k + i] = sl[s + i]
            self._ck[j] = h
        self._sk[self.ply & (_SLOTS - 1)] = h
        pk = self.pk
        tb = self.tb
        # The groups, three ints each, from (mine, theirs) levels: 0 on a
        # shortest connection, 1 on one a cell longer, 2 farther.
        bk = self._bk
        for j in (0, 1, 2):
            e = tb[j] & ~(pk[j] | pk[3 + j])
            a = sl[s + j]
            b = sl[s + 3 + j] & ~a
            c = e & ~sl[s + 3 + j]
            x = sl[s + 12 + j]
            y = sl[s + 15 + j] & ~x
            z = e & ~sl[s + 15 + j]
            if mine == 1:
                bk[j] = a & e                       # a win: first
                a = 0
            else:
                bk[j] = 0
            bk[3 + j] = a & x
            bk[6 + j] = (a & y) | (b & x)
            bk[9 + j] = (a & z) | (c & x)
            bk[12 + j] = b & y
            bk[15 + j] = (b & z) | (c & y)
            bk[18 + j] = c & z & e
        out = []
        swap = self.ply <= 1 and self._opening(out, limit)
        if len(out) >= limit:
            return out
        if mine <= 1 or theirs <= 1:
            # A colour (nearly) joined: the cells that join it at once, the
            # mover's first, then those that stop the opponent's.
            for k in (1, 2):
                if k == 1:
                    k = me
                    if mine > 1:
                        continue
                    i = s + 3           # a joining cell lies on a connection of cost 1
                else:
                    k = 3 - me
                    if theirs > 1:
                        continue
                    i = s + 15
                for c in self._joining(k, sl[i], sl[i + 1], sl[i + 2]):
                    if c not in out:
                        out.append(c)
                        if len(out) >= limit:
                            return out
        tmp = self._tmp
        bitsq = self.bitsq
        cen = self.cen
        for g in range(0, 21, 3):
            if len(out) >= limit:
                break
            m0 = bk[g]
            m1 = bk[g + 1]
            m2 = bk[g + 2]
            if not (m0 or m1 or m2):
                continue
            # Its cells, nearest the centre first.
            tmp.clear()
            h = 0
            for m in (m0, m1, m2):
                while m:
                    t = m & -m
                    m ^= t
                    c = bitsq[h + t % 37]
                    tmp.append(cen[c] << 7 | c)
                h += 37
            tmp.sort()
            for t in tmp:
                t &= 127
                if t not in out:
                    out.append(t)
                    if len(out) >= limit:
                        break
        if swap and len(out) < limit:
            out.append(nn)
        return out

    def _opening(self, out, limit):
        """The swap rule (docs/rules/hex.md, "The opening"): on the empty
        board, the cells just outside the central region go to `out`; at
        seat 1's first move `swap` does if the stone is inside it. True
        when `swap` should still come, last."""
        r = self.swap_radius()
        if self.ply == 0:
            cen = self.cen
            for c in range(self.nn):
                if cen[c] == r + 1 and len(out) < limit:
                    out.append(c)
            return False
        if self.cen[self.history[0] & 0xFF] <= r:
            out.append(self.nn)
            return False
        return True

    def swap_radius(self):
        """The central region's radius (hex distance from the centre): an
        opening stone within it is strong enough to swap, one just outside
        it is the board's own opening. 2 on 9 x 9, 1 on 5-7."""
        return (self.n - 1) // 4

    def _joining(self, k, m0, m1, m2):
        """The empty cells among m0..m2 (packed) where a stone of colour k
        joins its two edges."""
        nn = self.nn
        bd, nb, par, ek = self.board, self.nb, self.parent, self.edge[k]
        a = nn if k == 1 else nn + 2
        while par[a] != a:
            a = par[a]
        b = nn + 1 if k == 1 else nn + 3
        while par[b] != b:
            b = par[b]
        out = []
        bitsq = self.bitsq
        h = 0
        m = m0
        while True:
            if not m:
                if h == 74:
                    break
                h += 37
                m = m1 if h == 37 else m2
                continue
            c = m & -m
            m ^= c
            c = bitsq[h + c % 37]
            ha = hb = False
            r = ek[c]
            if r != 255:
                while par[r] != r:
                    r = par[r]
                ha = r == a
                hb = r == b
            for n in nb[c]:
                if bd[n] == k:
                    r = n
                    while par[r] != r:
                        r = par[r]
                    if r == a:
                        ha = True
                    elif r == b:
                        hb = True
            if ha and hb:
                out.append(c)
        return out
