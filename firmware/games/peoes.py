"""Peões (Bill Taylor): chess pawns only, on 8 x 8. Rules: docs/rules/peoes.md.

White (seat 0) starts on a2-h2 and moves first, Black (seat 1) on a7-h7. Chess
pawn moves: one step forward to an empty square, two from the starting rank
over empty squares, a diagonal capture one step forward, en passant right after
an enemy double step. Reaching the last rank wins; a player with no legal move
(no pawns, or all blocked) loses.

A move is the int `from << 6 | to` (cells y * 8 + x); en passant is the capturing
pawn's move to its landing square. The history holds
`move | kind << 12 | previous en passant square << 14` (kind: 0 a step,
1 a capture, 2 en passant).
"""
from compat import const
from games.common import zobrist, Base, check_options, cell_name, EMPTY, WHITE, BLACK, ZONE
from games.pawns import rank_tables, race, key_of, own_piece, OWN_PIECE_SHORT

ID = "peoes"
NAME = "Peões"
SEATS = ("White", "Black")
OPTIONS = {}
# Its square in the menu: position, and the two looks it alternates between.
MENU = (11, WHITE, BLACK)
# AI node budgets (2 s: levels 1-2's cap; level 5, which ai.budget() divides
# for levels 3-4): the costliest phase stays within 2 s and
# 10 s on the Pico (`python -m tools.bench budgets`, docs/reports/ai-budgets.md).
NODES = (1350, 6700)
# Levels 3-4: level 5's nodes divided by 6 a level, not ai.STEP's 4 (the
# ladder, 40 games a pair): from the second seat, level 5 beat level 4 in
# 9 of 20 games with 4 and 11 with 6, and level 4 beat level 3 in 14 and 17.
LEVEL_STEP = 6
# Real pieces on a reed board: the looks of view() that are pieces on the board
# (app/pieces.py).
PIECES = (BLACK, WHITE)

_W = const(8)
_N = const(64)
_NOEP = const(64)       # no en passant square
_FULL = const(0xFF)     # all eight files of a rank, as a bit mask
_WIN = const(9000)      # a win on this move / a loss on the next one
_RACE = const(8000)     # a race that cannot be lost
_ZTURN = const(128)     # index of the side-to-move key in _Z
_ZEP = const(129)       # index of the en passant file keys in _Z

_LOOKS = (EMPTY, WHITE, BLACK)


def layout(options=None):
    return _W, _W


# Ranks a side moves from, the most advanced first.
_UP = (6, 5, 4, 3, 2, 1)
_DOWN = (1, 2, 3, 4, 5, 6)
# _LOW[m]: the lowest file set in a rank mask m.
_LOW = bytes(len(bin(m & -m)) - 3 if m else 0 for m in range(256))




_Z = zobrist(2 * _N + 1 + _W, 777)   # [side * 64 + c], side to move, en passant files

# Evaluation weights, indexed by how far a pawn has come from its own first
# rank (1 = the starting rank, 6 = one step from winning).
_PAWN = const(100)
_ADV = (0, 0, 4, 10, 20, 40, 0)         # advancement, weighted toward the last rank
_PASSED = (0, 0, 10, 20, 35, 60, 0)     # no enemy pawn ahead on its file or beside it
_FREE = (0, 8, 10, 20, 40, 80, 0)       # no enemy pawn can ever reach it (the cone)
_GUARD = const(8)                       # an enemy pawn whose next step we would capture
_MOB = const(4)                         # per legal move: the side that runs out loses


# Rank masks: POP[m] pieces, SPREAD[m] the files one step of spread covers,
# SIDES[m] the files diagonally beside (games/pawns.py).
_POP, _SPREAD, _SIDES = rank_tables(_W)


class Game(Base):
    SEATS = SEATS
    # The board's few words for each reason explain() gives (Base.short).
    SHORT = (
        ('moves only forward', 'ONLY FORWARD'),
        ('two from its first rank', 'TOO FAR'),
        ('double step needs', 'PATH BLOCKED'),
        ('by your own pawn', 'YOUR OWN PAWN'),
        ('captures only diagonally', 'TAKES DIAGONAL'),
        ('moves straight forward, or one square diagonally', 'NOT PAWN MOVE'),
        ('en passant', 'NO EN PASSANT'),
        ('diagonally only to capture', 'NONE TO TAKE'),
    ) + OWN_PIECE_SHORT
    SEAT_LOOKS = (WHITE, BLACK)   # the turn tint: the colour of its pieces

    def __init__(self, options=None):
        check_options(OPTIONS, options)
        self.cells = bytearray(_N)          # 0 empty, 1 white, 2 black
        self.rows = bytearray(2 * _W)       # [side * 8 + rank]: bit x set = a pawn on file x
        for x in range(_W):
            self.cells[_W + x] = 1
            self.cells[6 * _W + x] = 2
        self.rows[1] = _FULL
        self.rows[_W + 6] = _FULL
        self.count = bytearray((8, 8))
        self.ep = _NOEP                     # the square a double step just passed over
        self.turn = 0
        self.ply = 0
        self.history = []
        self.winner = None                  # set when a pawn reaches the last rank
        self._key = key_of(self.cells, _Z)

    def layout(self):
        return _W, _W

    # --- rules ------------------------------------------------------------
    def moves(self):
        """Captures (en passant included) first, then steps; the most advanced rank first.

        Worked out a rank at a time from the rank masks: the targets of all
        captures to the left, to the right, then the steps and double steps.
        """
        if self.winner is not None:
            return []
        rows = self.rows
        low = _LOW
        ep = self.ep
        if self.turn == 0:
            mine, theirs, ranks, d, start = 0, _W, _UP, 1, 1
        else:
            mine, theirs, ranks, d, start = _W, 0, _DOWN, -1, 6
        caps = []
        quiet = []
        cadd = caps.append
        qadd = quiet.append
        # A move from file x +- dx of rank r to file x of rank n is
        # (r * 8 + x + dx) << 6 | (n * 8 + x) = base + 65 * x.
        for r in ranks:
            m = rows[mine + r]
            if not m:
                continue
            n = r + d
            own = rows[mine + n]
            opp = rows[theirs + n]
            base = r * 512 + n * 8
            prey = opp
            if ep != _NOEP and ep >> 3 == n:
                prey |= 1 << (ep & 7)
            t = (m >> 1) & prey                 # from file x + 1 to file x
            while t:
                cadd(base + 64 + 65 * low[t])
                t &= t - 1
            t = (m << 1) & prey                 # from file x - 1 to file x
            while t:
                cadd(base - 64 + 65 * low[t])
                t &= t - 1
            t = m & ~(own | opp)                # steps, by file
            if r == start:
                n2 = n + d
                t2 = t & ~(rows[mine + n2] | rows[theirs + n2])
            else:
                t2 = 0
            while t:
                x = low[t]
                t &= t - 1
                qadd(base + 65 * x)
                if (t2 >> x) & 1:
                    qadd(base + 65 * x + d * _W)
        caps.extend(quiet)
        return caps

    def play(self, m):
        s = m >> 6
        t = m & 63
        b = self.cells
        rows = self.rows
        side = self.turn
        o = side ^ 1
        prev = self.ep
        k = self._key ^ _Z[_ZTURN] ^ _Z[side * _N + s] ^ _Z[side * _N + t]
        if prev != _NOEP:
            k ^= _Z[_ZEP + (prev & 7)]
        kind = 0
        if b[t]:
            kind = 1
            rows[o * _W + (t >> 3)] ^= 1 << (t & 7)
            self.count[o] -= 1
            k ^= _Z[o * _N + t]
        elif (s ^ t) & 7:                   # diagonal onto an empty square: en passant
            kind = 2
            v = t - 8 if side == 0 else t + 8
            b[v] = 0
            rows[o * _W + (v >> 3)] ^= 1 << (v & 7)
            self.count[o] -= 1
            k ^= _Z[o * _N + v]
        b[s] = 0
        b[t] = side + 1
        rows[side * _W + (s >> 3)] ^= 1 << (s & 7)
        rows[side * _W + (t >> 3)] |= 1 << (t & 7)
        d = t - s
        if d == 16 or d == -16:
            ep = (s + t) >> 1
            k ^= _Z[_ZEP + (ep & 7)]
        else:
            ep = _NOEP
        self.ep = ep
        self._key = k
        self.history.append(m | kind << 12 | prev << 14)
        self.ply += 1
        if t >> 3 == (7 if side == 0 else 0):
            self.winner = side
        self.turn = o

    def undo(self):
        e = self.history.pop()
        prev = e >> 14
        kind = (e >> 12) & 3
        s = (e >> 6) & 63
        t = e & 63
        side = self.turn ^ 1
        o = self.turn
        self.turn = side
        self.ply -= 1
        self.winner = None                  # no move is ever played after a win
        b = self.cells
        rows = self.rows
        k = self._key ^ _Z[_ZTURN] ^ _Z[side * _N + s] ^ _Z[side * _N + t]
        if self.ep != _NOEP:
            k ^= _Z[_ZEP + (self.ep & 7)]
        if prev != _NOEP:
            k ^= _Z[_ZEP + (prev & 7)]
        self.ep = prev
        b[s] = side + 1
        b[t] = 0
        rows[side * _W + (t >> 3)] ^= 1 << (t & 7)
        rows[side * _W + (s >> 3)] |= 1 << (s & 7)
        if kind:
            v = t
            if kind == 2:
                v = t - 8 if side == 0 else t + 8
            b[v] = o + 1
            rows[o * _W + (v >> 3)] |= 1 << (v & 7)
            self.count[o] += 1
            k ^= _Z[o * _N + v]
        self._key = k

    def _can_move(self, side):
        """Whether `side` has a legal move, from the rank masks (cheap)."""
        rows = self.rows
        if side == 0:
            for r in range(1, 7):
                m = rows[r]
                if m:
                    nb = rows[_W + r + 1]
                    if m & ~(rows[r + 1] | nb) or (((m << 1) | (m >> 1)) & nb):
                        return True
            ep = self.ep
            return ep != _NOEP and ep >> 3 == 5 and bool(
                ((rows[4] << 1) | (rows[4] >> 1)) & (1 << (ep & 7)))
        for r in range(1, 7):
            m = rows[_W + r]
            if m:
                nw = rows[r - 1]
                if m & ~(rows[_W + r - 1] | nw) or (((m << 1) | (m >> 1)) & nw):
                    return True
        ep = self.ep
        return ep != _NOEP and ep >> 3 == 2 and bool(
            ((rows[_W + 3] << 1) | (rows[_W + 3] >> 1)) & (1 << (ep & 7)))

    def result(self):
        if self.winner is not None:
            return self.winner
        if not self._can_move(self.turn):
            return self.turn ^ 1            # no pawns, or all blocked: the player to move loses
        return None

    def highlight(self):
        """The pawn that reached the last rank or took the last enemy pawn;
        if the loser is blocked, the loser's stuck pawns."""
        r = self.result()
        if r is None or not self.history:
            return ()
        loser = r ^ 1
        if self.winner is not None or not self.count[loser]:
            return (self.history[-1] & 63,)
        me = loser + 1
        return tuple(c for c in range(_N) if self.cells[c] == me)

    # --- notation ---------------------------------------------------------
    def move_text(self, m):
        s = m >> 6
        t = m & 63
        return cell_name(s & 7, s >> 3) + "-" + cell_name(t & 7, t >> 3)

    def move_cells(self, m):
        return (m >> 6, m & 63)

    def explain(self, text):
        st = own_piece(self, text, _W, "pawn", "e2-e4")
        if isinstance(st, str):
            return st
        s, t, name = st
        a, c = (s % _W, s // _W), (t % _W, t // _W)
        tname = cell_name(c[0], c[1])
        b = self.cells
        side = self.turn
        me = self.turn + 1
        dy = c[1] - a[1] if side == 0 else a[1] - c[1]
        dx = c[0] - a[0]
        if dy <= 0:
            return "%s is not legal: a pawn moves only forward" % name
        if dx == 0:
            start = 1 if side == 0 else 6
            if dy > 2 or (dy == 2 and a[1] != start):
                return "%s is not legal: a pawn moves one square (two from its first rank)" % name
            if dy == 2:
                mid = (s + t) >> 1
                if b[mid]:
                    return "%s is not legal: %s is occupied, and a double step needs both squares empty" % (
                        name, cell_name(c[0], (a[1] + c[1]) >> 1))
            if b[t] == me:
                return "%s is not legal: %s is occupied by your own pawn" % (name, tname)
            if b[t]:
                return "%s is not legal: %s is occupied (a pawn captures only diagonally)" % (name, tname)
            return "%s is not a legal move here" % name
        if dy != 1 or dx > 1 or dx < -1:
            return ("%s is not legal: a pawn moves straight forward, or one square diagonally "
                    "forward to capture" % name)
        if b[t] == me:
            return "%s is not legal: %s is occupied by your own pawn" % (name, tname)
        if not b[t]:
            v = t - 8 if side == 0 else t + 8
            if b[v] == 2 - side:
                return ("%s is not legal: %s is empty, and en passant takes the pawn on %s only "
                        "on the move right after its double step" % (name, tname, cell_name(v & 7, v >> 3)))
            return "%s is not legal: a pawn moves diagonally only to capture, and %s is empty" % (
                name, tname)
        return "%s is not a legal move here" % name

    # --- display ----------------------------------------------------------
    def view(self):
        v = bytearray(_LOOKS[c] for c in self.cells)
        if self.winner is None and self._can_move_ep():
            v[self.ep] = ZONE       # the square passed over, while en passant is possible
        return v

    def _can_move_ep(self):
        ep = self.ep
        if ep == _NOEP:
            return False
        r = 4 if self.turn == 0 else _W + 3
        m = self.rows[r]
        return bool(((m << 1) | (m >> 1)) & (1 << (ep & 7)))

    # --- AI ---------------------------------------------------------------
    def key(self):
        return self._key    # kept up to date by play/undo: side to move and en passant included

    def evaluate(self):
        """A race and a defence, from the side to move's view.

        Certain outcomes first: a pawn one step from the last rank always gets
        there (its square ahead is the enemy's first rank, where no enemy pawn
        ever stands, and nothing can capture it), so it wins now for the side to
        move and next move for the opponent. A runner is a pawn with no enemy
        pawn anywhere in the cone ahead of it (|dx| <= dy): nothing can ever
        block or capture it, so a side whose nearest runner needs no more moves
        than every enemy pawn wins the race. Otherwise: material, advancement
        weighted toward the last rank, passed pawns and runners, enemy pawns
        held back (their next step would be captured), and mobility (the side
        that runs out of moves loses).
        """
        rows = self.rows
        pop = _POP
        spread = _SPREAD
        sides = _SIDES
        side = self.turn
        if side == 0:
            if rows[6]:
                return _WIN
            if rows[_W + 1]:
                return -_WIN
        else:
            if rows[_W + 1]:
                return _WIN
            if rows[6]:
                return -_WIN
        adv, passed, free = _ADV, _PASSED, _FREE
        score = 0
        # White, from the top down: mw/fw = moves still needed by the nearest
        # pawn / the nearest runner (a double step counts one); `ahead` = the
        # files holding Black pawns above, `shadow` = the files covered at this
        # rank by the cones of Black's pawns above.
        mw = fw = mb = fb = 9
        shadow = ahead = 0
        for r in range(5, 0, -1):
            nb = rows[_W + r + 1]
            shadow = spread[shadow | nb]
            ahead |= nb
            m = rows[r]
            if m:
                if mw == 9:
                    mw = 5 if r == 1 else 7 - r
                score += pop[m] * adv[r]
                p = m & ~spread[ahead]
                if p:
                    score += pop[p] * passed[r]
                    f = p & ~shadow
                    if f:
                        score += pop[f] * free[r]
                        if fw == 9:
                            fw = 5 if r == 1 else 7 - r
                t = m & ~(rows[r + 1] | nb)
                mob = pop[t] + pop[sides[m] & nb]
                if r == 1:
                    mob += pop[t & ~(rows[3] | rows[_W + 3])]
                # Black pawns whose next step lands on a square we attack.
                score += _MOB * mob + _GUARD * pop[rows[_W + r + 2] & sides[m]]
        shadow = ahead = 0
        for r in range(2, 7):
            nw = rows[r - 1]
            shadow = spread[shadow | nw]
            ahead |= nw
            m = rows[_W + r]
            if m:
                if mb == 9:
                    mb = 5 if r == 6 else r
                k = 7 - r
                score -= pop[m] * adv[k]
                p = m & ~spread[ahead]
                if p:
                    score -= pop[p] * passed[k]
                    f = p & ~shadow
                    if f:
                        score -= pop[f] * free[k]
                        if fb == 9:
                            fb = 5 if r == 6 else r
                t = m & ~(rows[_W + r - 1] | nw)
                mob = pop[t] + pop[sides[m] & nw]
                if r == 6:
                    mob += pop[t & ~(rows[4] | rows[_W + 4])]
                score -= _MOB * mob + _GUARD * pop[rows[r - 2] & sides[m]]
        if fw + fb < 18:                   # a runner: the race may be decided
            v = race(side, _RACE, mw, fw, mb, fb)
            if v is not None:
                return v
        c = self.count
        score += _PAWN * (c[0] - c[1])
        return score if side == 0 else -score
