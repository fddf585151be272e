"""Ouri (Oware, Cape Verdean rules). Rules: docs/rules/ouri.md.

Twelve pits, four seeds each. Pit index 0..5 are South's a..f (left to right as
South sees them), 6..11 North's A..F (left to right as North sees them, so A
faces f). Sowing runs up the indices: a..f, A..F, a (counter-clockwise). A move
is the pit index. The stores are kept by seat; the game ends at 25 captured, on
a third repetition, or when the player to move has no legal move (including
"must feed and cannot"), and then each side adds its own seeds to its store.
"""
from compat import const
from games.common import (zobrist, Base, check_options, DRAW, EMPTY, P0, P1,
                          P0_SOFT, P1_SOFT, SEED, GREEN, YELLOW, RED, WHITE, ZONE,
                          PIECE, BLOCK)

ID = "ouri"
NAME = "Ouri"
SEATS = ("South", "North")
OPTIONS = {}
# Its square in the menu: position, and the two looks it alternates between.
MENU = (10, SEED, YELLOW)
# What a capture adds to a store, as the board says what it took in a turn.
GAINS = ("SEED", "SEEDS")
# AI node budgets (2 s: levels 1-2's cap; level 5, which ai.budget() divides
# for levels 3-4): the costliest phase stays within 2 s and
# 10 s on the Pico (`python -m tools.bench budgets`, docs/reports/ai-budgets.md).
NODES = (1300, 6500)

_W = const(8)
_H = const(9)
_SEEDS = const(48)
_WIN = const(25)
_TURN_Z = const(0x1B873593)
_PLAYING = const(0)
_WON = const(1)        # a store reached 25: the stores stand as they are
_REPEATED = const(2)   # third repetition: each side adds its own seeds

PIT_TEXT = "abcdefABCDEF"


def layout(options=None):
    return _W, _H




# Z[pit * 49 + seeds], then 49 keys for South's store. ZD[pit * 49 + v] is
# Z[.. v] ^ Z[.. v + 1]: the change of key when that pit gains a seed.
_Z = zobrist(13 * 49, 12345)
_ZD = tuple(_Z[k] ^ _Z[k + 1] if k % 49 < 48 else 0 for k in range(12 * 49))

# The grid (8 x 9): North's store is column 0 (North's right), South's column 7
# (South's right). South's pits a..f on row 3, columns 1..6, bars of 3 cells
# below (rows 2, 1, 0); North's pits on row 5 with A above f (column 6) and F
# above a (column 1), bars above (rows 6, 7, 8). Row 4 is a dark gap.
PIT_CELL = tuple(3 * _W + 1 + i for i in range(6)) + tuple(5 * _W + 6 - i for i in range(6))
BAR_CELLS = (tuple(tuple((2 - k) * _W + 1 + i for k in range(3)) for i in range(6)) +
             tuple(tuple((6 + k) * _W + 6 - i for k in range(3)) for i in range(6)))
STORE_CELLS = (tuple(y * _W + 7 for y in range(9)),            # South: from the bottom up
               tuple((8 - y) * _W for y in range(9)))          # North: from the top down
# A bar shows 1-3 seeds as SEED cells; each further 3 wrap over it in the next look.
BAR_LOOKS = (SEED, GREEN, YELLOW, RED, WHITE, ZONE, PIECE, BLOCK)


class Game(Base):
    SEATS = SEATS
    # The board's few words for each reason explain() gives (Base.short).
    SHORT = (
        ('plays ', 'NOT YOURS'),
        ('a pit with one seed', 'USE BIGGER'),
        ('is empty', 'EMPTY PIT'),
        ('has no seeds', 'FEED THEM'),
    )
    CASE_SENSITIVE = True          # a is South's pit, A North's
    NOT_TEXT = "a move must be text: a pit, a-f (South) or A-F (North)"

    def __init__(self, options=None):
        check_options(OPTIONS, options)
        self.pits = bytearray(b"\x04" * 12)
        self.store = bytearray(2)
        self.turn = 0
        self.ply = 0
        self.end = _PLAYING
        self.history = []     # per move: pit | seeds << 4 | captured pits << 10 | threes << 13 | mover << 19
        self.h = self._hash()        # key of the position, kept up to date
        self.seen = [self.h]         # position hashes, the start counting

    def layout(self):
        return _W, _H

    def setup(self, pits, stores=(0, 0), turn=0):
        """Start from a given position (puzzles, tests): 12 pit counts a..f, A..F,
        the two stores; the 48 seeds must all be there. History starts here."""
        if len(pits) != 12 or sum(pits) + stores[0] + stores[1] != _SEEDS:
            raise ValueError("a position needs 12 pits and 48 seeds in all")
        self.pits[:] = bytearray(pits)
        self.store[0], self.store[1] = stores[0], stores[1]
        self.turn = turn
        self.ply = 0
        self.end = _PLAYING
        self.history = []
        self.h = self._hash()
        self.seen = [self.h]
        return self

    def _hash(self):
        pits = self.pits
        z = _Z
        h = z[588 + self.store[0]]
        for j in range(12):
            h ^= z[j * 49 + pits[j]]
        if self.turn:
            h ^= _TURN_Z
        return h

    # --- rules ------------------------------------------------------------
    def _legal(self, t):
        """The legal pits of seat t: singletons filter first, then feeding."""
        pits = self.pits
        base = 6 * t
        opp = 6 - base
        starving = True
        for j in range(opp, opp + 6):
            if pits[j]:
                starving = False
                break
        many = False
        for j in range(base, base + 6):
            if pits[j] >= 2:
                many = True
                break
        out = []
        for k in range(6):
            n = pits[base + k]
            if n == 0 or (n == 1 and many):
                continue
            if starving and n < 6 - k:   # does not reach the opponent's row
                continue
            out.append(base + k)
        return out

    def _can_move(self):
        """Whether the side to move has a legal move (fast when nobody starves)."""
        pits = self.pits
        base = 6 * self.turn
        opp = 6 - base
        if (pits[opp] or pits[opp + 1] or pits[opp + 2] or pits[opp + 3] or
                pits[opp + 4] or pits[opp + 5]):
            return (pits[base] or pits[base + 1] or pits[base + 2] or pits[base + 3] or
                    pits[base + 4] or pits[base + 5]) != 0
        return len(self._legal(self.turn)) > 0

    def moves(self):
        if self.end:
            return []
        return self._legal(self.turn)

    def play(self, i):
        pits = self.pits
        turn = self.turn
        z = _Z
        n = pits[i]
        h = self.h ^ z[i * 49 + n] ^ z[i * 49]
        pits[i] = 0
        if n < 11:
            q, r = 0, n
        else:
            q, r = divmod(n, 11)     # every other pit gets q, the next r one more
            for j in range(12):
                if j != i:
                    v = pits[j]
                    h ^= z[j * 49 + v] ^ z[j * 49 + v + q]
                    pits[j] = v + q
        zd = _ZD
        j = i
        for k in range(r):
            j += 1
            if j == 12:
                j = 0
            v = pits[j]
            h ^= zd[j * 49 + v]
            pits[j] = v + 1
        last = j if r else (i + 11) % 12
        # Captures: backwards from the last seed through the opponent's 2s and 3s.
        lo = 6 - 6 * turn
        caught = 0
        ncap = 0
        threes = 0
        j = last
        while lo <= j < lo + 6:
            v = pits[j]
            if v != 2 and v != 3:
                break
            caught += v
            if v == 3:
                threes |= 1 << ncap
            ncap += 1
            pits[j] = 0
            h ^= z[j * 49 + v] ^ z[j * 49]
            j -= 1
        self.history.append(i | n << 4 | ncap << 10 | threes << 13 | turn << 19)
        self.ply += 1
        nxt = turn ^ 1
        if caught:
            s0 = self.store[0]
            s = self.store[turn] + caught
            self.store[turn] = s
            if turn == 0:
                h ^= z[588 + s0] ^ z[588 + s]
            if s >= _WIN:         # 25 captured wins at once
                self.end = _WON
            for j in range(lo, lo + 6):
                if pits[j]:
                    break
            else:
                nxt = turn        # the opponent is left empty: the mover plays again
        if nxt != turn:
            h ^= _TURN_Z
        self.turn = nxt
        self.h = h
        seen = self.seen
        seen.append(h)
        if not self.end and seen.count(h) >= 3:
            self.end = _REPEATED

    def undo(self):
        rec = self.history.pop()
        seen = self.seen
        seen.pop()
        self.h = seen[-1]
        self.end = _PLAYING
        pits = self.pits
        i = rec & 15
        n = (rec >> 4) & 63
        ncap = (rec >> 10) & 7
        threes = (rec >> 13) & 63
        mover = rec >> 19
        if n < 11:
            q, r = 0, n
        else:
            q, r = divmod(n, 11)
        last = (i + (r if r else 11)) % 12
        caught = 0
        for k in range(ncap):
            v = 3 if threes >> k & 1 else 2
            pits[last - k] = v
            caught += v
        self.store[mover] -= caught
        for k in range(1, r + 1):
            pits[(i + k) % 12] -= 1
        if q:
            for j in range(12):
                if j != i:
                    pits[j] -= q
        pits[i] = n
        self.turn = mover
        self.ply -= 1

    def _final(self):
        """The final [south, north] totals once the game is over, else None."""
        st = self.store
        if self.end == _WON:
            return [st[0], st[1]]
        if self.end == _PLAYING and self._can_move():
            return None
        pits = self.pits
        return [st[0] + sum(pits[0:6]), st[1] + sum(pits[6:12])]

    def result(self):
        f = self._final()
        if f is None:
            return None
        if f[0] == f[1]:
            return DRAW
        return 0 if f[0] > f[1] else 1

    def score(self):
        f = self._final()
        if f is None:
            return [self.store[0], self.store[1]]
        return f

    def score_words(self):
        """Each side's seeds by its name: "0-2" does not say whose is whose
        (the pits have no colour of their own)."""
        s = self.score()
        return "%s %d %s %d" % (SEATS[0].upper(), s[0], SEATS[1].upper(), s[1])

    def highlight(self):
        r = self.result()
        if r is None or r == DRAW:
            return ()
        return STORE_CELLS[r]

    # --- notation ---------------------------------------------------------
    def move_text(self, i):
        return PIT_TEXT[i]

    def move_cells(self, i):
        return (PIT_CELL[i],)

    def touch_text(self, cells):
        """The pit a touched cell would name, legal or not (the board asks
        explain() why not); None for a cell that is no pit of the side to
        move: the board then says only the seeds there (count_at), as the
        reason would name pits by letters the board does not show."""
        if len(cells) == 1 and cells[0] in PIT_CELL:
            i = PIT_CELL.index(cells[0])
            if i // 6 == self.turn:
                return PIT_TEXT[i]
        return None

    def count_at(self, cell):
        """The seeds a cell of view() stands for: a pit's, or a bar's (the
        pit's count drawn below or above it), or a store's; None elsewhere.
        The board scrolls it when such a cell is touched and is no move."""
        for i in range(12):
            if cell == PIT_CELL[i] or cell in BAR_CELLS[i]:
                return self.pits[i]
        sc = self.score()
        for s in (0, 1):
            if cell in STORE_CELLS[s]:
                return sc[s]
        return None

    def explain(self, text):
        t = text.strip()
        if self.result() is not None:
            return "%s is not legal: the game is over" % t
        if len(t) != 1 or t not in PIT_TEXT:
            return "'%s' is not a pit: South's are a-f, North's A-F" % t
        i = PIT_TEXT.find(t)
        me = self.turn
        mine = "abcdef" if me == 0 else "ABCDEF"
        if i // 6 != me:
            return "%s is not legal: pit %s is %s's, and %s plays %s-%s" % (
                t, t, SEATS[i // 6], SEATS[me], mine[0], mine[5])
        pits = self.pits
        n = pits[i]
        if n == 0:
            return "%s is not legal: pit %s is empty" % (t, t)
        if n == 1:
            for j in range(6 * me, 6 * me + 6):
                if pits[j] >= 2:
                    return ("%s is not legal: a pit with one seed may not be played "
                            "while one of your pits holds two or more" % t)
        return ("%s is not legal: %s has no seeds, so you must play a move that "
                "gives them seeds, and %s does not reach their side" % (t, SEATS[me ^ 1], t))

    # --- display ----------------------------------------------------------
    def view(self):
        v = bytearray(_W * _H)
        pits = self.pits
        for i in range(12):
            n = pits[i]
            v[PIT_CELL[i]] = (P0 if i < 6 else P1) if n else EMPTY
            if n:
                q = (n - 1) // 3
                if q > 7:
                    q = 7
                    n = 24
                r = n - 3 * q
                bar = BAR_CELLS[i]
                for k in range(3):
                    if k < r:
                        v[bar[k]] = BAR_LOOKS[q]
                    elif q:
                        v[bar[k]] = BAR_LOOKS[q - 1]
        sc = self.score()
        for s in (0, 1):
            lit = (sc[s] + 2) // 3
            look = P0_SOFT if s == 0 else P1_SOFT
            cells = STORE_CELLS[s]
            for k in range(9):
                v[cells[k]] = look if k < lit else EMPTY
        return v

    def board_text(self):
        p = self.pits
        sc = self.score()
        over = self.result() is not None
        rows = [
            "North store %d%s" % (sc[1], " (final)" if over else ""),
            "   " + "".join("%3s" % c for c in "FEDCBA"),
            "   " + "".join("%3d" % p[j] for j in range(11, 5, -1)),
            "   " + "".join("%3d" % p[j] for j in range(6)),
            "   " + "".join("%3s" % c for c in "abcdef"),
            "South store %d%s" % (sc[0], " (final)" if over else ""),
        ]
        if not over:
            rows.append("%s to move" % SEATS[self.turn])
        return "\n".join(rows)

    # --- AI ---------------------------------------------------------------
    def key(self):
        return self.h

    def _threat(self, t):
        """The most seeds seat t could capture with one sowing now."""
        pits = self.pits
        lo = 6 - 6 * t
        best = 0
        for i in range(6 * t, 6 * t + 6):
            n = pits[i]
            if not n:
                continue
            if n < 11:
                q, r = 0, n
            else:
                q, r = divmod(n, 11)
            last = (i + (r if r else 11)) % 12
            if not lo <= last < lo + 6:
                continue
            got = 0
            j = last
            while j >= lo:
                d = (j - i) % 12
                v = pits[j] + q + (1 if 0 < d <= r else 0)
                if v != 2 and v != 3:
                    break
                got += v
                j -= 1
            if got > best:
                best = got
        return best

    def evaluate(self):
        """Seeds captured first; then mobility and the pits each side can hit.

        The store difference counts 100 a seed. Each playable pit is worth a
        little (a side short of moves is forced into bad sowings). The best
        capture the side to move can make now counts most of its value; the
        best the opponent could make next counts against, less (a reply may
        defend it): vulnerable pits are the opponent's with 1-2 seeds in reach.
        """
        me = self.turn
        f = self._final()
        if f is not None:
            return (f[me] - f[me ^ 1]) * 100
        st = self.store
        val = (st[me] - st[me ^ 1]) * 100
        pits = self.pits
        mob = 0
        for j in range(6 * me, 6 * me + 6):
            if pits[j]:
                mob += 1
        for j in range(6 - 6 * me, 12 - 6 * me):
            if pits[j]:
                mob -= 1
        val += mob * 10
        val += self._threat(me) * 70 - self._threat(me ^ 1) * 40
        return val
