"""Avanço (Dan Troyka's Breakthrough) on 7 x 7. Rules: docs/rules/avanco.md.

White (seat 0) starts on ranks 1-2 and moves first, Black (seat 1) on ranks
6-7. A piece steps one square forward, straight or diagonally, to an empty
square, or captures an enemy piece diagonally forward (optional, one per move).
Reaching the far rank wins; a player with no piece (or no move) loses.

A move is the int `from << 6 | to` (cells y * 7 + x). The history holds
`move | captured << 12` (captured: 0 none, 1 white, 2 black).
"""
from compat import const
from games.common import zobrist, Base, check_options, cell_name, EMPTY, WHITE, BLACK
from games.pawns import rank_tables, race, key_of, own_piece, OWN_PIECE_SHORT

ID = "avanco"
NAME = "Avanço"
SEATS = ("White", "Black")
OPTIONS = {}
# Its square in the menu: position, and the two looks it alternates between.
MENU = (4, WHITE, BLACK)
# AI node budgets (2 s: levels 1-2's cap; level 5, which ai.budget() divides
# for levels 3-4): the costliest phase stays within 2 s and
# 10 s on the Pico (`python -m tools.bench budgets`, docs/reports/ai-budgets.md).
NODES = (1250, 6200)
# Real pieces on a reed board: the looks of view() that are pieces on the board
# (app/pieces.py).
PIECES = (BLACK, WHITE)

_W = const(7)
_N = const(49)
_FULL = const(0x7F)     # all seven files of a rank, as a bit mask
_WIN = const(9000)      # a win on this move / a loss on the next one
_RACE = const(8000)     # a race that cannot be lost

_LOOKS = (EMPTY, WHITE, BLACK)


def layout(options=None):
    return _W, _W


# Ranks a side moves from, the most advanced first.
_UP = (5, 4, 3, 2, 1, 0)
_DOWN = (1, 2, 3, 4, 5, 6)
# _XS[m]: 65 * x for each file x set in a rank mask m (see moves()).
_XS = tuple(tuple(65 * x for x in range(_W) if (m >> x) & 1) for m in range(128))




_Z = zobrist(2 * _N + 1, 4242)   # [side * 49 + c], then the side to move

# Evaluation weights, indexed by how far a piece has come from its home rank.
_PIECE = const(100)
_ADV = (0, 4, 10, 20, 36, 60, 0)        # advancement, weighted toward the far rank
_FREE = (0, 6, 14, 30, 60, 120, 0)      # a runner no enemy piece can stop any more
_HOME = const(12)                       # a piece still guarding the home rank
_SECOND = const(3)                      # a piece on the second rank (second line)
_MOB = const(2)                         # per legal move


# Rank masks: POP[m] pieces, SPREAD[m] the files one step of spread covers,
# SIDES[m] the files diagonally beside (games/pawns.py).
_POP, _SPREAD, _SIDES = rank_tables(_W)


class Game(Base):
    SEATS = SEATS
    # The board's few words for each reason explain() gives (Base.short).
    SHORT = (
        ('moves only forward', 'ONLY FORWARD'),
        ('one square forward', 'ONE STEP ONLY'),
        ('by your own piece', 'YOUR OWN PIECE'),
        ('captures only diagonally', 'TAKES DIAGONAL'),
    ) + OWN_PIECE_SHORT
    SEAT_LOOKS = (WHITE, BLACK)   # the turn tint: the colour of its pieces

    def __init__(self, options=None):
        check_options(OPTIONS, options)
        self.cells = bytearray(_N)          # 0 empty, 1 white, 2 black
        self.rows = bytearray(2 * _W)       # [side * 7 + rank]: bit x set = a piece on file x
        for x in range(_W):
            for y in (0, 1):
                self.cells[y * _W + x] = 1
            for y in (5, 6):
                self.cells[y * _W + x] = 2
        for y in (0, 1):
            self.rows[y] = _FULL
        for y in (5, 6):
            self.rows[_W + y] = _FULL
        self.count = bytearray((14, 14))
        self.turn = 0
        self.ply = 0
        self.history = []
        self.winner = None
        self._key = key_of(self.cells, _Z)

    def layout(self):
        return _W, _W

    # --- rules ------------------------------------------------------------
    def moves(self):
        """Captures first, then the other steps; the most advanced rank first.

        Worked out a rank at a time from the rank masks: the targets of all
        straight steps of a rank in one mask, then of the left and the right
        diagonal steps.
        """
        if self.winner is not None:
            return []
        rows = self.rows
        xs = _XS
        if self.turn == 0:
            mine, theirs, ranks, d = 0, _W, _UP, 1
        else:
            mine, theirs, ranks, d = _W, 0, _DOWN, -1
        caps = []
        quiet = []
        cadd = caps.append
        qadd = quiet.append
        # A move from file x +- dx of rank r to file x of rank n is
        # (r * 7 + x + dx) << 6 | (n * 7 + x) = base + 65 * x.
        for r in ranks:
            m = rows[mine + r]
            if not m:
                continue
            n = r + d
            own = rows[mine + n]
            opp = rows[theirs + n]
            base = (r * _W) * 64 + n * _W
            t = m & ~(own | opp)                # straight steps, by file
            for v in xs[t]:
                qadd(base + v)
            left = (m >> 1) & ~own              # from file x + 1 to file x
            right = (m << 1) & _FULL & ~own     # from file x - 1 to file x
            t = left & opp
            for v in xs[t]:
                cadd(base + 64 + v)
            t = right & opp
            for v in xs[t]:
                cadd(base - 64 + v)
            t = left & ~opp
            for v in xs[t]:
                qadd(base + 64 + v)
            t = right & ~opp
            for v in xs[t]:
                qadd(base - 64 + v)
        caps.extend(quiet)
        return caps

    def play(self, m):
        s = m >> 6
        t = m & 63
        b = self.cells
        side = self.turn
        me = side + 1
        cap = b[t]
        b[s] = 0
        b[t] = me
        rows = self.rows
        rows[side * _W + s // _W] ^= 1 << (s % _W)
        rows[side * _W + t // _W] |= 1 << (t % _W)
        k = self._key ^ _Z[side * _N + s] ^ _Z[side * _N + t] ^ _Z[2 * _N]
        if cap:
            o = cap - 1
            rows[o * _W + t // _W] ^= 1 << (t % _W)
            self.count[o] -= 1
            k ^= _Z[o * _N + t]
            if not self.count[o]:
                self.winner = side          # the opponent has no piece left
        self._key = k
        self.history.append(m | cap << 12)
        self.ply += 1
        if t // _W == (_W - 1 if side == 0 else 0):
            self.winner = side              # reached the far rank
        self.turn = side ^ 1

    def undo(self):
        e = self.history.pop()
        cap = e >> 12
        s = (e >> 6) & 63
        t = e & 63
        side = self.turn ^ 1
        self.turn = side
        self.ply -= 1
        self.winner = None                  # no move is ever played after a win
        b = self.cells
        b[s] = side + 1
        b[t] = cap
        rows = self.rows
        rows[side * _W + t // _W] ^= 1 << (t % _W)
        rows[side * _W + s // _W] |= 1 << (s % _W)
        k = self._key ^ _Z[side * _N + s] ^ _Z[side * _N + t] ^ _Z[2 * _N]
        if cap:
            o = cap - 1
            rows[o * _W + t // _W] |= 1 << (t % _W)
            self.count[o] += 1
            k ^= _Z[o * _N + t]
        self._key = k

    def result(self):
        # A side with pieces always has a move (its most advanced piece can
        # always step or capture: see docs/rules/avanco.md), so "no move" only
        # happens with no pieces, which play() records as a win.
        return self.winner

    def highlight(self):
        """The piece that reached the far rank, or that took the last enemy piece."""
        if self.winner is None or not self.history:
            return ()
        return (self.history[-1] & 63,)

    # --- notation ---------------------------------------------------------
    def move_text(self, m):
        s = m >> 6
        t = m & 63
        return cell_name(s % _W, s // _W) + "-" + cell_name(t % _W, t // _W)

    def move_cells(self, m):
        return (m >> 6, m & 63)

    def explain(self, text):
        st = own_piece(self, text, _W, "piece", "b2-b3")
        if isinstance(st, str):
            return st
        s, t, name = st
        a, c = (s % _W, s // _W), (t % _W, t // _W)
        tname = cell_name(c[0], c[1])
        b = self.cells
        me = self.turn + 1
        dy = c[1] - a[1] if me == 1 else a[1] - c[1]
        dx = c[0] - a[0]
        if dy <= 0:
            return "%s is not legal: a piece moves only forward, one square straight or diagonally" % name
        if dy != 1 or dx > 1 or dx < -1:
            return "%s is not legal: a piece moves one square forward, straight or diagonally" % name
        if b[t] == me:
            return "%s is not legal: %s is occupied by your own piece" % (name, tname)
        if dx == 0 and b[t]:
            return "%s is not legal: %s is occupied (a piece captures only diagonally)" % (name, tname)
        return "%s is not a legal move here" % name

    # --- display ----------------------------------------------------------
    def view(self):
        return bytearray(_LOOKS[v] for v in self.cells)

    # --- AI ---------------------------------------------------------------
    def key(self):
        return self._key    # kept up to date by play/undo, the side to move included

    def evaluate(self):
        """A race and a defence, from the side to move's view.

        Certain outcomes first: a piece one step from the far rank always gets
        there (a win now for the side to move; for the opponent, a loss unless
        it is the only one and can be captured). A runner is a piece with no
        enemy piece anywhere in the cone ahead of it (|dx| <= dy): nothing can
        ever capture or stop it, so a side whose nearest runner is no farther
        than every enemy piece wins the race. Otherwise: material, advancement
        weighted toward the far rank, runners, pieces still guarding the home
        rank (and the second rank), and mobility.
        """
        rows = self.rows
        pop = _POP
        spread = _SPREAD
        sides = _SIDES
        side = self.turn
        w0 = rows[0]
        b6 = rows[_W + 6]
        if side == 0:
            if rows[5]:
                return _WIN
            t = rows[_W + 1]
            if t and (pop[t] > 1 or t & ~sides[w0]):
                return -_WIN
        else:
            if rows[_W + 1]:
                return _WIN
            t = rows[5]
            if t and (pop[t] > 1 or t & ~sides[b6]):
                return -_WIN
        adv, free = _ADV, _FREE
        score = 0
        # White, from the top down: mw/fw = moves still needed by the nearest
        # piece / the nearest runner; `shadow` = the files covered at this rank
        # by the cones of Black's pieces above.
        mw = fw = mb = fb = 7
        shadow = 0
        for r in range(5, -1, -1):
            opp = rows[_W + r + 1]
            shadow = spread[shadow | opp]
            m = rows[r]
            if m:
                if mw == 7:
                    mw = 6 - r
                score += pop[m] * adv[r]
                f = m & ~shadow
                if f:
                    score += pop[f] * free[r]
                    if fw == 7:
                        fw = 6 - r
                own = rows[r + 1]
                score += _MOB * (pop[m & ~(own | opp)] + pop[((m << 1) & _FULL) & ~own]
                                 + pop[(m >> 1) & ~own])
        shadow = 0
        for r in range(1, 7):
            opp = rows[r - 1]
            shadow = spread[shadow | opp]
            m = rows[_W + r]
            if m:
                if mb == 7:
                    mb = r
                k = 6 - r
                score -= pop[m] * adv[k]
                f = m & ~shadow
                if f:
                    score -= pop[f] * free[k]
                    if fb == 7:
                        fb = r
                own = rows[_W + r - 1]
                score -= _MOB * (pop[m & ~(own | opp)] + pop[((m << 1) & _FULL) & ~own]
                                 + pop[(m >> 1) & ~own])
        if fw + fb < 14:                   # a runner: the race may be decided
            v = race(side, _RACE, mw, fw, mb, fb)
            if v is not None:
                return v
        c = self.count
        score += _PIECE * (c[0] - c[1])
        score += _HOME * (pop[w0] - pop[b6]) + _SECOND * (pop[rows[1]] - pop[rows[_W + 5]])
        return score if side == 0 else -score
