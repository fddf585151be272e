"""Go's playouts for the Monte-Carlo search (firmware/mcts.py).

A padded 9 x 9 `bytearray` board (3 on the border), so a neighbour is p + 1,
p - 1, p + 9 or p - 9 without tables. Liberties are counted by a flood fill
that stops at the third (7 x 7 groups are small); marks use a stamp, so they
are never cleared in the loop. The functions are plain integer and
`bytearray` code marked `@viper`: machine code on the board (deploy),
bytecode elsewhere.

The playout policy (docs/developers/ai-mcts.md, "Monte-Carlo tree search"): after each move,
fifteen times in sixteen, the liberty of any group in atari at or around
(diagonals too) the last two stones is tried first (capture it, or escape
with it, never into a new atari); otherwise a random point, tried from a
random start, skipping the mover's own eyes, suicide, the simple ko and
(seven times in eight) self-atari.
No point left: pass; two passes end the playout, then the area is counted
(stones plus empty points that touch one colour only). A playout is Black's
win when Black's margin is over the hooks' komi: 0, the game's, unless the
root is lost in most playouts (`Hooks.calibrate`, dynamic komi).
"""
from compat import const, viper, ptr8

_P = const(81)            # padded points
# The workspace: one bytearray, so a viper function takes it as one pointer.
_MK = const(81)           # marks of a flood fill (a stamp per fill)
_STAMP = const(162)       # the current stamp
_ST = const(163)          # the flood fill's stack
_LIB = const(244)         # the liberties libs() found (2)
_BUF = const(246)         # the local moves a playout move tries (24)
_NBUF = const(24)
_S = const(270)           # colour to move, ko point, last stone, passes, moves left,
_WS = const(278)          # the random state (2 bytes), the stone before the last
_BORDER = const(3)
# Padded neighbour offsets as q - 10 + _D[k]: +1, -1, +9, -9; then the diagonals.
_D = b"\x0b\x09\x13\x01"
_DG = b"\x14\x12\x02\x00"
# The 8 neighbours as q - 10 + _N8[k]: N, NE, E, SE, S, SW, W, NW.
_N8 = b"\x01\x02\x0b\x14\x13\x12\x09\x00"
_CFG = b"\x00\x18\x16\x08"   # priors by distance from the last stone (Michi's CFG)
# cell c = y * 7 + x (the game's move) <-> padded point (y + 1) * 9 + x + 1
PT = bytes((c // 7 + 1) * 9 + c % 7 + 1 for c in range(49))
CELL = bytes(((p // 9 - 1) * 7 + p % 9 - 1) if 0 < p % 9 < 8 and 0 < p // 9 < 8 else 255
             for p in range(_P))
LINE = bytes(min(c % 7, c // 7, 6 - c % 7, 6 - c // 7) for c in range(49))


def workspace():
    """A workspace with an empty board (3 on the border)."""
    w = bytearray(_WS)
    for p in range(_P):
        w[p] = _BORDER
    for c in range(49):
        w[PT[c]] = 0
    return w


# Viper code that is also plain Python: ptr8() is a cast on the board and
# the identity elsewhere (compat), ints stay below 2**16, no % or //.
@viper
def libs(ws, p: int) -> int:
    """Liberties of the group on p, counted up to 2 (2: two or more); the
    first ones found go to ws[_LIB], ws[_LIB + 1]."""
    w = ptr8(ws)
    d = ptr8(_D)
    s = w[_STAMP] + 1
    if s > 255:
        for i in range(_P):
            w[_MK + i] = 0
        s = 1
    w[_STAMP] = s
    col = w[p]
    w[_ST] = p
    w[_MK + p] = s
    sp = 1
    n = 0
    while sp > 0:
        sp -= 1
        q = w[_ST + sp] - 10
        for k in range(4):
            r = q + d[k]
            v = w[r]
            if v == 0:
                if w[_MK + r] != s:
                    w[_MK + r] = s
                    w[_LIB + n] = r
                    n += 1
                    if n >= 2:
                        return n
            elif v == col and w[_MK + r] != s:
                w[_MK + r] = s
                w[_ST + sp] = r
                sp += 1
    return n


@viper
def remove(ws, p: int) -> int:
    """Take the group on p off the board; returns its size."""
    w = ptr8(ws)
    d = ptr8(_D)
    col = w[p]
    w[p] = 0
    w[_ST] = p
    sp = 1
    n = 0
    while sp > 0:
        sp -= 1
        q = w[_ST + sp] - 10
        n += 1
        for k in range(4):
            r = q + d[k]
            if w[r] == col:
                w[r] = 0
                w[_ST + sp] = r
                sp += 1
    return n


@viper
def eye(ws, p: int, col: int) -> int:
    """1 if empty p is an eye of col: its neighbours col or border, and not
    false by its diagonals (one enemy diagonal on the edge, two inside)."""
    w = ptr8(ws)
    d = ptr8(_D)
    dg = ptr8(_DG)
    q = p - 10
    edge = 0
    for k in range(4):
        v = w[q + d[k]]
        if v == _BORDER:
            edge = 1
        elif v != col:
            return 0
    bad = edge
    opp = 3 - col
    for k in range(4):
        if w[q + dg[k]] == opp:
            bad += 1
    return 1 if bad < 2 else 0


@viper
def place(ws, p: int, strict: int) -> int:
    """Put a stone of the colour to move (ws[_S]) on empty p with its
    captures. Returns -1, the board unchanged, if p is the ko point
    (ws[_S + 1]), a suicide or, when `strict`, a self-atari that captures
    nothing; else the new ko point (0: none)."""
    w = ptr8(ws)
    d = ptr8(_D)
    col = w[_S]
    if p == w[_S + 1]:
        return -1
    w[p] = col
    opp = 3 - col
    cap = 0
    kp = 0
    q = p - 10
    empty = 0
    for k in range(4):
        r = q + d[k]
        v = w[r]
        if v == 0:
            empty += 1
        elif v == opp:
            s = r - 10
            free = 0
            for j in range(4):
                if w[s + d[j]] == 0:
                    free = 1
            if free == 0 and int(libs(ws, r)) == 0:
                cap += int(remove(ws, r))
                kp = r
    n = 2
    if empty < 2:
        n = int(libs(ws, p))
    if n == 0 or (n == 1 and cap == 0 and strict != 0):
        w[p] = 0
        return -1
    if cap == 1 and n == 1:
        for k in range(4):
            if w[q + d[k]] == col:
                return 0
        return kp
    return 0


@viper
def area(ws) -> int:
    """Black's area minus White's: stones, and empty regions that touch one
    colour only."""
    w = ptr8(ws)
    d = ptr8(_D)
    s = w[_STAMP] + 1
    if s > 255:
        for i in range(_P):
            w[_MK + i] = 0
        s = 1
    w[_STAMP] = s
    total = 0
    for p in range(10, 71):
        v = w[p]
        if v == 1:
            total += 1
        elif v == 2:
            total -= 1
        elif v == 0 and w[_MK + p] != s:
            w[_MK + p] = s
            w[_ST] = p
            sp = 1
            n = 0
            seen = 0
            while sp > 0:
                sp -= 1
                q = w[_ST + sp] - 10
                n += 1
                for k in range(4):
                    r = q + d[k]
                    v = w[r]
                    if v == 0:
                        if w[_MK + r] != s:
                            w[_MK + r] = s
                            w[_ST + sp] = r
                            sp += 1
                    elif v != _BORDER:
                        seen |= v
            if seen == 1:
                total += n
            elif seen == 2:
                total -= n
    return total


@viper
def scan(ws, out) -> int:
    """The tree's moves with their priors (Michi's, in pseudo-playouts):
    out[3i] the cell, out[3i + 1] visits, out[3i + 2] wins. Not the ko
    point, one's own eyes, suicide or a self-atari of a group. Even 10/5; a
    capture +60/+60 (each group taken, two at most), an escape from atari +15/+15; a
    single-stone self-atari +10/0; 1-3 steps from the last stone +24, +22,
    +8 both; the first line +10/0."""
    w = ptr8(ws)
    o = ptr8(out)
    d = ptr8(_D)
    pt = ptr8(PT)
    line = ptr8(LINE)
    cfg = ptr8(_CFG)
    col = w[_S]
    opp = 3 - col
    ko = w[_S + 1]
    last = w[_S + 2]
    n = 0
    for c in range(49):
        p = pt[c]
        if w[p] != 0 or p == ko or int(eye(ws, p, col)) != 0:
            continue
        cap = 0
        save = 0
        mine = 0
        q = p - 10
        for k in range(4):
            r = q + d[k]
            v = w[r]
            if v == opp:
                if int(libs(ws, r)) == 1:
                    cap += 1
            elif v == col:
                mine = 1
                if int(libs(ws, r)) == 1:
                    save = 1
        v = 10
        u = 5
        if cap == 0:
            w[p] = col
            k = int(libs(ws, p))
            w[p] = 0
            if k == 0 or (k == 1 and mine != 0):
                continue
            if k == 1:
                v += 10
            elif save != 0:
                v += 15
                u += 15
        else:
            if cap > 2:
                cap = 2           # priors stay bytes
            v += 60 * cap
            u += 60 * cap
        if last != 0:
            dx = p - last
            dy = 0
            while dx > 4:
                dx -= 9
                dy += 1
            while dx < -4:
                dx += 9
                dy += 1
            if dx < 0:
                dx = 0 - dx
            dx += dy
            if dx < 4:
                v += cfg[dx]
                u += cfg[dx]
        if line[c] == 0:
            v += 10
        o[3 * n] = c
        o[3 * n + 1] = v
        o[3 * n + 2] = u
        n += 1
    return n


@viper
def _local(ws, strict: int, nc: int, x: int) -> int:
    """Try the nc moves in the buffer from a random one on (x: random bits);
    place the first legal one (a self-atari too unless `strict`). Returns
    the point played, 0 if none was."""
    w = ptr8(ws)
    j = (x * nc) >> 16
    for i in range(nc):
        t = i + j
        if t >= nc:
            t -= nc
        r = w[_BUF + t]
        if w[r] == 0:
            k = int(place(ws, r, strict))
            if k >= 0:
                w[_S + 1] = k
                return r
    return 0


@viper
def _ataris(ws) -> int:
    """Into the buffer, the liberty of every group in atari at or next to
    (diagonals too) the last two stones; returns how many."""
    w = ptr8(ws)
    d = ptr8(_D)
    n8 = ptr8(_N8)
    nc = 0
    # A stone marked after s0 was in a group this call already counted:
    # a group in atari is marked whole, so it is not counted twice. (Marks
    # start again from 1 when the stamp wraps: then nothing is skipped.)
    s0 = w[_STAMP]
    for h in range(2):
        c = w[_S + 2]
        if h == 1:
            c = w[_S + 7]
        if c == 0:
            continue
        q = c - 10
        for k in range(9):
            r = c
            if k < 8:
                r = q + n8[k]
            v = w[r]
            if v == 1 or v == 2:
                s = r - 10
                free = 0
                for j in range(4):
                    if w[s + d[j]] == 0:
                        free += 1
                if free < 2 and nc < _NBUF and w[_MK + r] <= s0 and int(libs(ws, r)) == 1:
                    w[_BUF + nc] = w[_LIB]
                    nc += 1
    return nc


@viper
def playout(ws, amaf) -> int:
    """Play from the workspace's position to two passes (or ws[_S + 4]
    moves) and return Black's area minus White's. amaf[cell] gets the colour that
    first played there (where still 0). The random state (ws[_S + 5],
    ws[_S + 6]) is written back."""
    w = ptr8(ws)
    a = ptr8(amaf)
    d = ptr8(_D)
    pt = ptr8(PT)
    cell = ptr8(CELL)
    passes = w[_S + 3]
    left = w[_S + 4]
    x = (w[_S + 5] << 8) | w[_S + 6]
    if x == 0:
        x = 1
    while passes < 2 and left > 0:
        left -= 1
        x ^= (x << 7) & 0xFFFF
        x ^= x >> 9
        x ^= (x << 8) & 0xFFFF
        col = w[_S]
        p = 0
        # 15 times in 16: capture a group in atari near the last stones,
        # or escape with one's own (never into a new atari).
        if x & 15:
            nc = int(_ataris(ws))
            if nc > 0:
                p = int(_local(ws, 1, nc, x))
        if p == 0:
            j = (x * 49) >> 16
            for i in range(49):
                t = i + j
                if t >= 49:
                    t -= 49
                r = pt[t]
                if w[r] != 0:
                    continue
                # Most points have an empty or enemy neighbour: no eye, no call.
                q = r - 10
                own = 0
                for k in range(4):
                    v = w[q + d[k]]
                    if v == col or v == _BORDER:
                        own += 1
                if own < 4 or int(eye(ws, r, col)) == 0:
                    # A self-atari one time in eight: a throw-in or a
                    # nakade kills, and never trying one misreads them.
                    k = int(place(ws, r, (x + i) & 7))
                    if k >= 0:
                        w[_S + 1] = k
                        p = r
                        break
        if p != 0:
            c = cell[p]
            if a[c] == 0:
                a[c] = col
            passes = 0
        else:
            passes += 1
            w[_S + 1] = 0
        w[_S + 7] = w[_S + 2]
        w[_S + 2] = p
        w[_S] = 3 - col
    w[_S + 3] = passes
    w[_S + 5] = x >> 8
    w[_S + 6] = x & 255
    return int(area(ws))


_PASS = const(49)


class Hooks:
    """What firmware/mcts.py asks of Go: the root position copied into the
    padded board, legal moves with priors, a move, a playout. Players are
    named by colour (1 Black, 2 White) inside the tree."""

    MAXMOVES = 50
    AMAF = 49                 # moves below this are points (RAVE)
    TYPECODE = "B"            # a byte tree: moves below 64, players 1 and 2 (mcts.Tree)

    def __init__(self, game, seed):
        self.game = game
        self.w = workspace()
        self.out = bytearray(3 * 49)  # scan(): cell, prior visits, prior wins
        self.rb = bytearray(_P)       # the root's board
        self.komi = 0                 # a playout is Black's win when its margin is over this
        self.rs = bytearray(6)        # the root's colour, ko, last stone, passes, moves left,
        #                               the stone before the last
        self.w[_S + 5] = (seed >> 8) & 255
        self.w[_S + 6] = seed & 255

    def root(self):
        g = self.game
        rb = self.rb
        rb[:] = self.w[:_P]
        board = g.board
        for c in range(49):
            rb[PT[c]] = board[c]
        rs = self.rs
        rs[0] = g.col
        rs[1] = 0
        rs[2] = 0
        rs[3] = g.passes if g.passes < 2 else 2
        rs[4] = 120
        rs[5] = 0
        if len(g.hist) > 1 and g.hist[-2] & 63 < _PASS:
            rs[5] = PT[g.hist[-2] & 63]
        if g.hist:
            e = g.hist[-1]
            m = e & 63
            if m < _PASS:
                rs[2] = PT[m]
                if e >> 8 == 1 and board[m]:
                    # A single stone that took a single stone with one
                    # liberty left: retaking at once is ko.
                    p = PT[m]
                    n = 0
                    for k in range(4):
                        v = rb[p - 10 + _D[k]]
                        if v == 0:
                            n += 1
                        elif v == board[m]:
                            n = 9
                    if n == 1:
                        rs[1] = PT[g.caps[-1]]
        self.reset()

    def book(self, legal):
        from games.go_book import book
        return book(self.game, legal)

    def reset(self):
        w = self.w
        w[:_P] = self.rb
        rs = self.rs
        for i in range(5):
            w[_S + i] = rs[i]
        w[_S + 7] = rs[5]

    def who(self):
        return self.w[_S]

    def moves(self, mv, pv, pw, at):
        """The legal moves of the position (not into one's own eye, nor a
        self-atari of a group) from mv[at], their priors in pv (visits) and
        pw (wins); returns how many."""
        w = self.w
        if w[_S + 3] >= 2:
            return 0
        out = self.out
        n = scan(w, out)
        j = 0
        for i in range(at, at + n):
            mv[i] = out[j]
            pv[i] = out[j + 1]
            pw[i] = out[j + 2]
            j += 3
        n += at
        # Pass when nothing else is left, or to end a won count after the
        # opponent's pass (passing there while behind would concede).
        if n == at or (w[_S + 3] and (area(w) > 0) == (w[_S] == 1)):
            mv[n] = _PASS
            pv[n] = 10
            pw[n] = 10
            n += 1
        return n - at

    def play(self, m):
        w = self.w
        w[_S + 7] = w[_S + 2]
        if m >= _PASS:
            w[_S + 3] += 1
            w[_S + 1] = 0
            w[_S + 2] = 0
        else:
            p = PT[m]
            k = place(w, p, 0)
            w[_S + 1] = k if k > 0 else 0
            w[_S + 2] = p
            w[_S + 3] = 0
        w[_S] = 3 - w[_S]

    def playout(self, amaf):
        return 1 if playout(self.w, amaf) > self.komi else 2

    def calibrate(self, n):
        """Dynamic komi (Pachi's, for handicap games), from n playouts of
        the root: when the side to move wins fewer than a third of them, a
        playout counts as its win if it ends a point better than their mean
        margin. Every playout lost tells no move from another, and the
        search would throw away whole groups; this way it holds the loss
        down until the opponent errs. Without komi Black starts about 9
        points ahead, so this is White's usual case. Returns n."""
        w = self.w
        me = w[_S]
        scratch = bytearray(49)
        total = 0
        wins = 0
        for _ in range(n):
            self.reset()
            a = playout(w, scratch)
            total += a
            if (a > 0) == (me == 1):
                wins += 1
        self.reset()
        self.komi = 0
        if n and wins * 3 < n:
            m = total // n
            self.komi = m - 1 if m > 0 else m + 1
        return n
