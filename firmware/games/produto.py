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
from compat import const
from games.common import zobrist, Base, MoveError, check_options, cell_name, parse_cell, EMPTY, BLACK, WHITE

ID = "produto"
NAME = "Produto"
SEATS = ("Black", "White")
OPTIONS = {}

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
_CNT0 = bytes(16)
_FF = b"\xff" * _NN
_GAP_CAP = const(7)
_PARTNER = bytes((0, 2, 1, 0, 8, 0, 0, 0, 4))   # the other top group's bit, same colour


class Game(Base):
    SEATS = SEATS

    def __init__(self, options=None):
        check_options(OPTIONS, options)
        self.board = bytearray(_NN)           # 0 empty, 1 black, 2 white
        self.parent = bytearray(range(_NN))   # union-find parent (roots point to themselves)
        self.size = bytearray(_NN)            # group size, valid at roots
        self.count = bytearray(3)             # stones of each colour on the board
        self.turn = 0
        self.ply = 0
        self.history = []   # per move: m | (o1 + 1) << 8 | (o2 + 1) << 16, o: roots merged into the stone's group
        self.hash = 0
        self._result = None
        self.sv = bytearray(16)               # scratch of _survey()
        self.scratch = bytearray(_NN)         # liberty marks of _survey()
        self.roots = bytearray(_NN)
        self.cnt = bytearray(16)
        self.distb = bytearray(_NN)
        self.distw = bytearray(_NN)
        self.gap = bytearray(2)

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

    def _survey(self, level):
        """Fill self.sv with, for Black at 0 and White at 8: the sizes of the
        two largest groups and of the third (0 if none), their roots (_NONE if
        none); from level 1 the true liberties of the two largest and how many
        empty cells touch both (where one stone would merge them), with each
        empty cell's marks in self.scratch (bit 1, 2: touches Black's largest,
        second largest; 4, 8: White's); at level 2 also self.gap."""
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
        if not level:
            return sv
        rab, rbb = sv[3], sv[4]     # (pairs: a 4-tuple would be allocated)
        raw, rbw = sv[11], sv[12]
        lib = self.scratch
        lib[:] = _ZERO
        cnt = self.cnt
        cnt[:] = _CNT0
        # Distance maps for _gap(), with each colour's largest group marked
        # done at 0 so that the search never walks through it.
        db, dw = self.distb, self.distw
        db[:] = _FF
        dw[:] = _FF
        for c in VALID:
            if not bd[c]:
                continue
            r = c
            p = par[r]
            while p != r:
                r = p
                p = par[r]
            if r == rab:
                bit = 1
            elif r == rbb:
                bit = 2
            elif r == raw:
                bit = 4
            elif r == rbw:
                bit = 8
            else:
                continue
            if bit == 1:
                db[c] = 0
            elif bit == 4:
                dw[c] = 0
            other = _PARTNER[bit]
            for n in NB[c]:
                if not bd[n]:
                    v = lib[n]
                    if not v & bit:
                        lib[n] = v | bit
                        cnt[bit] += 1
                        if v & other:
                            cnt[bit | other] += 1
        sv[5], sv[6], sv[7] = cnt[1], cnt[2], cnt[3]
        sv[13], sv[14], sv[15] = cnt[4], cnt[8], cnt[12]
        if level < 2:
            return sv
        # The gap between each colour's two largest groups: the fewest empty
        # cells that, given that colour, would join them (through empty cells
        # and its own stones); _GAP_CAP or more means "far" or walled apart.
        self.gap[0] = self._gap(1, 1, 2, db) if sv[1] else _GAP_CAP
        self.gap[1] = self._gap(2, 4, 8, dw) if sv[9] else _GAP_CAP
        return sv

    def _gap(self, k, abit, bbit, d):
        bd, lib = self.board, self.scratch
        nbt = NB
        cur = []
        for c in VALID:
            v = lib[c]
            if v & abit:
                if v & bbit:
                    return 1
                d[c] = 1
                cur.append(c)
        dist = 1
        while cur and dist < _GAP_CAP:
            nxt = []
            nd = dist + 1
            for c in cur:
                if d[c] != dist:
                    continue
                for n in nbt[c]:
                    v = bd[n]
                    if v == 0:
                        if d[n] > nd:
                            if lib[n] & bbit:
                                return nd
                            d[n] = nd
                            nxt.append(n)
                    elif v == k and d[n] > dist:
                        d[n] = dist
                        cur.append(n)
            cur = nxt
            dist = nd
        return _GAP_CAP

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
        sv = self._survey(0)
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
        sv = self._survey(0)
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
        if not isinstance(text, str):
            raise MoveError("a move must be text, like Bc3")
        t = text.strip()
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
        """Estimated final products, the side to move's minus the other's.

        For each colour, its two largest groups: size plus a quarter of a
        stone for each liberty (room to grow, capped by the cells left),
        multiplied; a colour with a single group gets a token second group.
        Then the danger that the two are merged into one (the opponent places
        stones of their colour between them): the gap is the fewest empty
        cells that would join them. If the opponent moves next and the gap
        is within the stones they place now, the merge is as good as done;
        larger gaps, or gaps the owner can still plug (by putting the other
        colour on them) this turn, count part of the loss, less the wider the
        gap. A merged colour is valued as its merged group times its third
        group. As the board fills this becomes the true product difference;
        the tie-break (fewer stones of one's own colour) is the last, small
        term. The weights were tuned in self-play and against random play.
        """
        ply = self.ply
        left = _CELLS - ply
        if left <= 0:
            return 9000 if self.result() == self.turn else -9000
        sv = self._survey(2)
        me = self.turn          # Black is seat 0: colour index 0/1 = seat
        # Stones the side to move still places this turn.
        now = 2 if ply < _CELLS - 1 and SEAT_AT[ply + 1] == me else 1
        spare = 1 if left >= 2 else 0
        cnt = self.count
        gap = self.gap
        eb = _estimate(sv, 0, left, spare, me == 0, now, cnt[1] < _SUPPLY, gap[0])
        ew = _estimate(sv, 8, left, spare, me == 1, now, cnt[2] < _SUPPLY, gap[1])
        d = cnt[2] - cnt[1]
        if d > 15:
            d = 15
        elif d < -15:
            d = -15
        v = (eb - ew) * 4 + d
        if v > 8000:
            v = 8000
        elif v < -8000:
            v = -8000
        return v if me == 0 else -v

    def candidates(self, limit):
        """At most `limit` promising legal moves, best first.

        Each move is scored by what it does to the products: a stone of
        colour k joins the k groups around it, which can raise k's product
        (growing a group, starting a second one) or wreck it (joining the two
        largest into one, or half of that when it is the first of two stones
        that would). For the other colour the stone on a cell touching both of
        its largest groups saves them from a merge, and on one of two cells
        that would join them it cuts that path. Good for the mover counts up,
        good for the opponent counts down.
        """
        ms = self.moves()
        if len(ms) <= limit:
            return ms
        bd, par = self.board, self.parent
        sz = self.size
        sv = self._survey(1)
        lib = self.scratch
        roots = self.roots
        for c in VALID:
            if bd[c]:
                r = c
                p = par[r]
                while p != r:
                    r = p
                    p = par[r]
                roots[c] = r
        ab, bb, thb, rab, rbb = sv[0], sv[1], sv[2], sv[3], sv[4]
        aw, bw, thw, raw, rbw = sv[8], sv[9], sv[10], sv[11], sv[12]
        # What a colour loses if its two largest groups are merged.
        lossb = ab * bb - _after(ab, bb, thb, True, True, ab + bb + 1)
        lossw = aw * bw - _after(aw, bw, thw, True, True, aw + bw + 1)
        sb = 1 if self.turn == 0 else -1   # +1 where the colour is the mover's
        sw = -sb
        canb = self.count[1] < _SUPPLY
        canw = self.count[2] < _SUPPLY
        mark = bytearray(_NN)
        stamp = 0
        scored = []
        for c in VALID:
            if bd[c]:
                continue
            stamp += 1
            gb = gw = 1
            hab = hbb = haw = hbw = False
            near = 0     # the liberty marks of the empty neighbours
            for n in NB[c]:
                v = bd[n]
                if not v:
                    near |= lib[n]
                else:
                    r = roots[n]
                    if mark[r] != stamp:
                        mark[r] = stamp
                        if v == 1:
                            gb += sz[r]
                            if r == rab:
                                hab = True
                            elif r == rbb:
                                hbb = True
                        else:
                            gw += sz[r]
                            if r == raw:
                                haw = True
                            elif r == rbw:
                                hbw = True
            # Is the cell one of two that would join a colour's largest groups?
            own = lib[c]
            twob = (own & 1 and near & 2) or (own & 2 and near & 1)
            twow = (own & 4 and near & 8) or (own & 8 and near & 4)
            # A black stone here: what it does to Black's product now or as
            # the first of two joining stones, and what it is worth to White
            # (a merge prevented, or a two-cell gap cut).
            if canb:
                gain = _after(ab, bb, thb, hab, hbb, gb) - ab * bb
                if twob and not (hab and hbb):
                    gain -= lossb // 2
                other = 2 * lossw if haw and hbw else (lossw if twow else 0)
                scored.append(sb * (2 * gain - other) * 256 + c)
            if canw:
                gain = _after(aw, bw, thw, haw, hbw, gw) - aw * bw
                if twow and not (haw and hbw):
                    gain -= lossw // 2
                other = 2 * lossb if hab and hbb else (lossb if twob else 0)
                scored.append(sw * (2 * gain - other) * 256 + (c | _WHITE_BIT))
        scored.sort(reverse=True)
        return [s & 0xFF for s in scored[:limit]]


def _estimate(sv, i, left, spare, moving, now, supply, gap):
    """A colour's expected final product, from its survey at sv[i:i + 8]
    and the gap between its two largest groups. Sizes are counted in half
    stones (2 * size + liberties / 2), so the product is divided by 4."""
    a, b, third = sv[i], sv[i + 1], sv[i + 2]
    la = sv[i + 5]
    if la > left:
        la = left
    ea = 2 * a + la // 2
    if b:
        lb = sv[i + 6]
        if lb > left:
            lb = left
        eb = 2 * b + lb // 2
    else:
        eb = spare
    val = ea * eb // 4
    if gap < _GAP_CAP and supply:
        # Stones of this colour on the gap make one big group.
        merged = (ea + eb + 2) * (2 * third if third else spare) // 4
        if merged < val:
            shared = sv[i + 7]
            if not moving:
                risk = 8 if gap <= now else RISK_OPP[gap - now]
            elif gap == 1:
                risk = 8 if shared > now else 2 * shared
            else:
                risk = RISK_OWN[gap]
            val -= (val - merged) * risk // 8
    return val


RISK_OPP = (8, 6, 5, 4, 3, 2, 1, 0)   # by gap beyond the opponent's stones this turn, in eighths
RISK_OWN = (0, 0, 5, 4, 3, 2, 1, 0)   # by gap, when the colour's owner is to move


def _after(a, b, third, hit_a, hit_b, g):
    """The product of a colour whose largest groups are a >= b >= third once a
    stone joins a group of size g (stone included), swallowing the largest
    group if hit_a and the second if hit_b."""
    if hit_a:
        if hit_b:
            x, y = third, 0
        else:
            x, y = b, third
    elif hit_b:
        x, y = a, third
    else:
        x, y = a, b
    if g >= x:
        return g * x
    return x * (g if g > y else y)
