"""Go's playouts for the Monte-Carlo search (firmware/mcts.py).

A padded 9 x 9 `bytearray` board (3 on the border), so a neighbour is p + 1,
p - 1, p + 9 or p - 9 without tables. Liberties are counted by a flood fill
that stops at the third (7 x 7 groups are small); marks use a stamp, so they
are never cleared in the loop. The functions are plain integer and
`bytearray` code marked `@native`: machine code on the board (deploy),
bytecode elsewhere.

The playout policy (docs/ai.md, "Monte-Carlo tree search"): after each move,
the liberty of any group in atari at or next to the last stone is tried first
(capture it, or escape with it); otherwise a random point, tried from a random
start, skipping the mover's own eyes, suicide, the simple ko and (seven
times in eight) self-atari.
No point left: pass; two passes end the playout, then the area is counted
(stones plus empty points that touch one colour only; no komi, White wins
ties).
"""
from compat import const, native

_P = const(81)            # padded points; mk[_P] holds the mark stamp
_BORDER = const(3)
_EMPTY = const(0)
_CAP = const(2)           # liberties are counted up to this many
# Padded neighbour offsets as q - 10 + _D[k]: +1, -1, +9, -9; then the diagonals.
_D = b"\x0b\x09\x13\x01"
_DG = b"\x14\x12\x02\x00"
# cell c = y * 7 + x (the game's move) <-> padded point (y + 1) * 9 + x + 1
PT = bytes((c // 7 + 1) * 9 + c % 7 + 1 for c in range(49))
CELL = bytes(((p // 9 - 1) * 7 + p % 9 - 1) if 0 < p % 9 < 8 and 0 < p // 9 < 8 else 255
             for p in range(_P))
LINE = bytes(min(c % 7, c // 7, 6 - c % 7, 6 - c // 7) for c in range(49))


def new_board():
    """An empty padded board."""
    b = bytearray(b"\x03" * _P)
    for c in range(49):
        b[PT[c]] = 0
    return b


@native
def libs(b, mk, st, p, lib):
    """Liberties of the group on p, counted up to 2 (0, 1 or 2: more); lib[0]
    gets the first found."""
    s = mk[_P] + 1
    if s > 255:
        for i in range(_P):
            mk[i] = 0
        s = 1
    mk[_P] = s
    col = b[p]
    st[0] = p
    mk[p] = s
    sp = 1
    n = 0
    while sp:
        sp -= 1
        q = st[sp] - 10
        for k in range(4):
            r = q + _D[k]
            v = b[r]
            if v == 0:
                if mk[r] != s:
                    mk[r] = s
                    lib[n] = r
                    n += 1
                    if n >= _CAP:
                        return n
            elif v == col and mk[r] != s:
                mk[r] = s
                st[sp] = r
                sp += 1
    return n


@native
def remove(b, st, p):
    """Take the group on p off the board; returns its size."""
    col = b[p]
    b[p] = 0
    st[0] = p
    sp = 1
    n = 0
    while sp:
        sp -= 1
        q = st[sp] - 10
        n += 1
        for k in range(4):
            r = q + _D[k]
            if b[r] == col:
                b[r] = 0
                st[sp] = r
                sp += 1
    return n


@native
def open2(b, p):
    """True if the stone on p has two empty neighbours (its group two
    liberties at least: no flood fill needed)."""
    q = p - 10
    n = 0
    for k in range(4):
        if b[q + _D[k]] == 0:
            n += 1
    return n >= 2


@native
def free1(b, p, skip):
    """True if the stone on p has an empty neighbour other than skip."""
    q = p - 10
    for k in range(4):
        r = q + _D[k]
        if r != skip and b[r] == 0:
            return True
    return False


@native
def eye(b, p, col):
    """True if empty p is an eye of col: its neighbours col or border, and
    not false by its diagonals (one enemy diagonal on the edge, two inside)."""
    q = p - 10
    edge = 0
    for k in range(4):
        v = b[q + _D[k]]
        if v == _BORDER:
            edge = 1
        elif v != col:
            return False
    bad = 0
    opp = 3 - col
    for k in range(4):
        if b[q + _DG[k]] == opp:
            bad += 1
    return bad + edge < 2


@native
def place(b, mk, st, lib, p, col, ko, strict):
    """Put a stone of col on empty p with its captures. Returns -1 (and the
    board unchanged) if it is the ko point, suicide, or, when `strict`, a
    self-atari that captures nothing; otherwise the new ko point (0: none)."""
    if p == ko:
        return -1
    b[p] = col
    opp = 3 - col
    cap = 0
    kp = 0
    q = p - 10
    for k in range(4):
        r = q + _D[k]
        if b[r] == opp and not free1(b, r, -1) and libs(b, mk, st, r, lib) == 0:
            cap += remove(b, st, r)
            kp = r
    n = 2 if open2(b, p) else libs(b, mk, st, p, lib)
    if n == 0 or (n == 1 and cap == 0 and strict):
        b[p] = 0
        return -1
    if cap == 1 and n == 1:
        for k in range(4):
            if b[q + _D[k]] == col:
                return 0
        return kp
    return 0


@native
def area(b, mk, st):
    """Black's area minus White's: stones, and empty regions that touch one
    colour only."""
    s = mk[_P] + 1
    if s > 255:
        for i in range(_P):
            mk[i] = 0
        s = 1
    mk[_P] = s
    d = 0
    for c in range(49):
        p = PT[c]
        v = b[p]
        if v == 1:
            d += 1
        elif v == 2:
            d -= 1
        elif mk[p] != s:
            mk[p] = s
            st[0] = p
            sp = 1
            n = 0
            seen = 0
            while sp:
                sp -= 1
                q = st[sp] - 10
                n += 1
                for k in range(4):
                    r = q + _D[k]
                    v = b[r]
                    if v == 0:
                        if mk[r] != s:
                            mk[r] = s
                            st[sp] = r
                            sp += 1
                    elif v != _BORDER:
                        seen |= v
            if seen == 1:
                d += n
            elif seen == 2:
                d -= n
    return d


@native
def playout(b, mk, st, lib, buf, amaf, st8):
    """Play from the position in b to two passes (or st8[4] moves), the
    colour to move st8[0], ko st8[1], last stone st8[2], passes st8[3], the
    random state in st8[5] * 256 + st8[6] (written back). amaf[cell] gets the colour that
    first played there (where still 0). Returns the winner's colour."""
    col = st8[0]
    ko = st8[1]
    last = st8[2]
    passes = st8[3]
    left = st8[4]
    x = st8[5] * 256 + st8[6] + 1
    while passes < 2 and left > 0:
        left -= 1
        x = (x * 75) % 65537
        p = 0
        # Liberties of groups in atari at or next to the last stone.
        nc = 0
        if last:
            q = last - 10
            for k in range(5):
                r = last if k == 4 else q + _D[k]
                v = b[r]
                if (v == 1 or v == 2) and not open2(b, r) and libs(b, mk, st, r, lib) == 1:
                    buf[nc] = lib[0]
                    nc += 1
        if nc:
            j = x % nc
            for i in range(nc):
                r = buf[(i + j) % nc]
                if b[r] == 0:
                    k = place(b, mk, st, lib, r, col, ko, 1)
                    if k >= 0:
                        ko = k
                        p = r
                        break
        if not p:
            j = x % 49
            for i in range(49):
                r = PT[(i + j) % 49]
                if b[r] == 0 and not eye(b, r, col):
                    # A self-atari one time in eight: a throw-in or a
                    # nakade kills, and never trying one misreads them.
                    k = place(b, mk, st, lib, r, col, ko, (x + i) & 7)
                    if k >= 0:
                        ko = k
                        p = r
                        break
        if p:
            c = CELL[p]
            if amaf[c] == 0:
                amaf[c] = col
            passes = 0
        else:
            passes += 1
            ko = 0
        last = p
        col = 3 - col
    x -= 1
    st8[5] = x >> 8
    st8[6] = x & 255
    return 1 if area(b, mk, st) > 0 else 2


_PASS = const(49)


class Hooks:
    """What firmware/mcts.py asks of Go: the root position copied into the
    padded board, legal moves with priors, a move, a playout. Players are
    named by colour (1 Black, 2 White) inside the tree."""

    MAXMOVES = 50
    AMAF = 49                 # moves below this are points (RAVE)
    TYPECODE = "B"            # a move fits a byte

    def __init__(self, game, seed):
        self.game = game
        self.b = new_board()
        self.rb = new_board()
        self.mk = bytearray(_P + 1)
        self.st = bytearray(_P)
        self.lib = bytearray(2)
        self.buf = bytearray(8)
        self.s = bytearray(7)         # col, ko, last, passes, moves left, random state
        self.rs = bytearray(7)
        self.s[5] = (seed >> 8) & 255
        self.s[6] = seed & 255

    def root(self):
        g = self.game
        rb = self.rb
        board = g.board
        for c in range(49):
            rb[PT[c]] = board[c]
        rs = self.rs
        rs[0] = g.col
        rs[1] = 0
        rs[2] = 0
        rs[3] = g.passes if g.passes < 2 else 2
        rs[4] = 120
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
        self.b[:] = self.rb
        s = self.s
        rs = self.rs
        for i in range(5):
            s[i] = rs[i]

    def who(self):
        return self.s[0]

    def moves(self, mv, pv, pw, at):
        """The legal moves of the position (not into one's own eye, nor a
        self-atari of a group) from mv[at], their priors in pv (visits) and
        pw (wins); returns how many."""
        s = self.s
        if s[3] >= 2:
            return 0
        b, mk, st, lib = self.b, self.mk, self.st, self.lib
        col = s[0]
        opp = 3 - col
        ko = s[1]
        last = s[2]
        lx = last % 9
        ly = last // 9
        n = at
        for c in range(49):
            p = PT[c]
            if b[p] or p == ko or eye(b, p, col):
                continue
            cap = 0
            save = 0
            mine = 0
            q = p - 10
            for k in range(4):
                r = q + _D[k]
                v = b[r]
                if v == opp:
                    if libs(b, mk, st, r, lib) == 1:
                        cap += 1
                elif v == col:
                    mine = 1
                    if libs(b, mk, st, r, lib) == 1:
                        save = 1
            v = 10
            w = 5
            if not cap:
                b[p] = col
                k = libs(b, mk, st, p, lib)
                b[p] = 0
                if k == 0 or (k == 1 and mine):
                    continue
                if k == 1:
                    v += 10
                elif save:
                    v += 15
                    w += 15
            else:
                v += 15 * cap
                w += 15 * cap
            if last:
                d = abs(p % 9 - lx) + abs(p // 9 - ly)
                if d < 4:
                    e = (0, 24, 22, 8)[d]
                    v += e
                    w += e
            if LINE[c] == 0:
                v += 10
            mv[n] = c
            pv[n] = v
            pw[n] = w
            n += 1
        # Pass when nothing else is left, or to end a won count after the
        # opponent's pass (passing there while behind would concede).
        if n == at or (s[3] and (area(b, mk, st) > 0) == (col == 1)):
            mv[n] = _PASS
            pv[n] = 10
            pw[n] = 10
            n += 1
        return n - at

    def play(self, m):
        s = self.s
        if m >= _PASS:
            s[3] += 1
            s[1] = 0
            s[2] = 0
        else:
            p = PT[m]
            k = place(self.b, self.mk, self.st, self.lib, p, s[0], s[1], 0)
            s[1] = k if k > 0 else 0
            s[2] = p
            s[3] = 0
        s[0] = 3 - s[0]

    def playout(self, amaf):
        return playout(self.b, self.mk, self.st, self.lib, self.buf, amaf, self.s)
