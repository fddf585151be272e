"""Amazonas (Amazons, Walter Zamkauskas' 8 x 8 version). Rules: docs/rules/amazonas.md.

White (seat 0) a3 c1 f1 h3, Black (seat 1) a6 c8 f8 h6; White moves first. A
move is one amazon's queen move over empty squares followed by an arrow shot
the same way from where it landed (through or onto the square it left). The
player who cannot move loses. Notation `f1-c4(c7)`.

The board is a "mailbox": 10 rows of 9 cells, the 8 x 8 squares surrounded by
walls (a wall column on the right serves both sides), so a queen ray is walked
by adding a step until a non-empty cell, with no ray tables in the heap. Cell
(y + 1) * 9 + x is square (x, y). A move is the int from << 14 | to << 7 | arrow
in these cells. The down-left ray from a1 (cell 9, step -10) starts at cell
-1, which Python wraps to cell 89, a wall; viper code would read the byte
before the buffer there (docs/developers/ai.md, "The viper fault").
"""
from compat import const
from games.common import (zobrist, Base, MoveError, check_options, cell_name, parse_cell, typed,
                          EMPTY, WHITE, BLACK, BLOCK)

ID = "amazonas"
NAME = "Amazonas"
SEATS = ("White", "Black")
OPTIONS = {}
# Its square in the menu: position, and the two looks it alternates between.
MENU = (7, WHITE, BLOCK)
# AI node budgets (2 s: levels 1-2's cap; level 5, which ai.budget() divides
# for levels 3-4): the costliest phase stays within 2 s and
# 10 s on the Pico (`python -m tools.bench budgets`, docs/reports/ai-budgets.md). The
# evaluation with king distances costs 2.3 times the queen-distance one a
# node in the opening (3.2e6 fuel): 920 nodes became 388, and node_scale()
# gives the middle and the end more.
NODES = (77, 388)
# Level 1 plays this percent of its moves at random (ai.LEVEL1_RANDOM, 80 by
# default): its one-ply evaluation is strong enough here that with 80 it won
# 78 of 120 games against the one-ply greedy beginner, with 90 72 (the ladder's
# bound: 70%; docs/developers/ai.md, "Level 1").
LEVEL1_RANDOM = 90
# The search's move lists (ai.py): 30 at the root and 30 inside the tree. With
# the default 12 inside, level 5 beat level 3 in only 17 of 40 games (its
# deeper search saw too few replies); with 30, 33 of 40 (tools/play/match.py).
CANDIDATES = (30, 30)
# Real pieces on a reed board: the looks of view() that are pieces on the board
# (app/pieces.py); MARKERS: blocked squares, pieces where players use markers.
PIECES = (BLACK, WHITE)
MARKERS = (BLOCK,)

_W = const(8)
_MW = const(9)             # mailbox row width
_MN = const(90)            # mailbox cells
_ARROW = const(3)          # cells: 0 empty, 1 White amazon, 2 Black amazon, 3 arrow, 4 wall
_WALL = const(4)
_UNSEEN = const(255)
_WIDE = const(52)          # queen moves from which moves() sizes its list first
_START = ((16, 2, 5, 23), (40, 58, 61, 47))   # a3 c1 f1 h3 / a6 c8 f8 h6 (squares y * 8 + x)
_LOOKS = (EMPTY, WHITE, BLACK, BLOCK)
_WHAT = ("an empty square", "a White amazon", "a Black amazon", "an arrow")
# The eight queen steps in the mailbox: E W N S NE SW SE NW.
STEPS = (1, -1, 9, -9, 10, -10, -8, 8)
# SQ[i]: the mailbox cell of square i = y * 8 + x; BOX[c]: back (255 on walls).
SQ = bytes((i // 8 + 1) * _MW + i % 8 for i in range(64))


def _box():
    b = bytearray(b"\xff" * _MN)
    for i in range(64):
        b[SQ[i]] = i
    return bytes(b)


BOX = _box()


def layout(options=None):
    return _W, _W




_ECACHE = const(128)       # evaluate(): entries of its table of scores
_CCACHE = const(32)        # candidates(): entries of its table of lists
_ARROWS = const(3)         # candidates(): the best arrows of each queen move
_ZEROS = [0] * _MN
_Z = zobrist(4 * _MN, 1)    # _Z[v * 90 + c] for v = 1, 2, 3; _Z[0] is the side to move
# Value of an amazon by how many squares it can move to: the last few matter most.
_MOB = (-60, -25, -8, 3, 11, 17, 22, 26, 29, 31, 33, 34, 35, 36, 37, 38, 39, 40)
# evaluate()'s phase: how contested the board still is, 64 a square whose
# two queen distances are equal, less the further apart they are; capped here.
_OPEN = const(1600)
_OPENING_FREE = const(54)    # node_scale(): the empty squares NODES are set for
# 2 ** -d in 64ths, for distances d (c1 and the phase in _score).
_HALVES = bytes(64 >> d if d < 7 else 0 for d in range(256))


def _name(c):
    i = BOX[c]
    return cell_name(i & 7, i >> 3)


class Game(Base):
    SEATS = SEATS
    REFILLS = True          # moves(into) refills the caller's old list (app/entry.py)
    # The board's few words for each reason explain() gives (Base.short).
    SHORT = (
        ('the amazon on ', 'NOT YOURS'),
        ('holds an arrow, not an amazon', 'NO AMAZON HERE'),
        ('there is no amazon', 'NO AMAZON HERE'),
        ('the amazon must move', 'MUST MOVE'),
        ('an amazon moves in a straight line', 'NOT IN LINE'),
        ('the amazon cannot get', 'PATH BLOCKED'),
        ('the arrow must fly away', 'ARROW MUST FLY'),
        ('the arrow flies in a straight line', 'ARROW OFF LINE'),
        ('the arrow cannot land', 'SQUARE TAKEN'),
        ('the arrow cannot fly', 'ARROW BLOCKED'),
        ('is not empty: it holds', 'SQUARE TAKEN'),
        ('is not a square', 'NOT A SQUARE'),
    )
    SEAT_LOOKS = (WHITE, BLACK)   # the turn tint: the colour of its pieces

    def __init__(self, options=None):
        check_options(OPTIONS, options)
        self._place([SQ[i] for i in _START[0]], [SQ[i] for i in _START[1]], (), 0)
        self.ply = 0
        self.history = []

    def _place(self, white, black, arrows, turn):
        """Set a position: mailbox cells of the four amazons of each side and of
        the arrows (the start, and set-ups for tests)."""
        cells = self.cells = bytearray(bytes((_WALL,)) * _MN)
        for i in range(64):
            cells[SQ[i]] = 0
        self.amz = bytearray(list(white) + list(black))   # 0..3 White's, 4..7 Black's
        for i in range(8):
            cells[self.amz[i]] = 1 + (i >> 2)
        for c in arrows:
            cells[c] = _ARROW
        self.turn = turn
        self.hash = self._full_key()
        # free[c]: 255 on an empty square, 0 on anything else (walls too):
        # the start of each queen-distance map, kept by play and undo.
        self.free = bytearray(255 if c == 0 else 0 for c in cells)
        self.nfree = 56 - len(arrows)    # empty squares
        self._dw = bytearray(_MN)        # evaluate(): queen distances, White's and Black's
        self._db = bytearray(_MN)
        self._kw = bytearray(_MN)        # evaluate(): king distances
        self._kb = bytearray(_MN)
        self._q = bytearray(72)          # evaluate(): the searches' queue
        self._av = [0] * _MN             # candidates(): the arrows' values
        self._ek = [-1] * _ECACHE        # evaluate(): position -> score
        self._ev = [0] * _ECACHE
        self._ck = [-1] * _CCACHE        # candidates(): position -> moves
        self._cv: list = [None] * _CCACHE
        self._cl = [0] * _CCACHE         # the limit they were asked with

    def layout(self):
        return _W, _W

    def _full_key(self):
        h = _Z[0] if self.turn else 0
        for c in SQ:
            v = self.cells[c]
            if v:
                h ^= _Z[v * _MN + c]
        return h

    # --- rules ------------------------------------------------------------
    def moves(self, into=None):
        """Every legal move. `into`: a list of moves the caller gives up
        (app/entry.py's last one), refilled in place when it has room: the
        opening's thousand moves then never ask the heap for a new block."""
        cells, steps = self.cells, STEPS
        me = self.turn + 1
        base = self.turn * 4
        amz = self.amz
        # With many queen moves (the opening) there are over 1024 moves: a
        # list grown by appending would then ask the heap for one block of
        # 2048 slots (16 KB on a 64-bit port). Count first and allocate the
        # list at its exact size instead.
        d = 0
        for i in range(base, base + 4):
            f = amz[i]
            for s in steps:
                t = f + s
                while not cells[t]:
                    d += 1
                    t += s
        if d < _WIDE:
            out = []
            add = out.append
            for i in range(base, base + 4):
                f = amz[i]
                cells[f] = 0                  # the arrow may fly through or onto f
                fb = f << 14
                for s in steps:
                    t = f + s
                    while not cells[t]:
                        tb = fb | (t << 7)
                        for s2 in steps:
                            a = t + s2
                            while not cells[a]:
                                add(tb + a)
                                a += s2
                        t += s
                cells[f] = me
            return out
        n = 0
        for i in range(base, base + 4):
            f = amz[i]
            cells[f] = 0
            for s in steps:
                t = f + s
                while not cells[t]:
                    for s2 in steps:
                        a = t + s2
                        while not cells[a]:
                            n += 1
                            a += s2
                    t += s
            cells[f] = me
        if into is not None and len(into) >= n:
            out = into
            del out[n:]
        else:
            out = [0] * n
        n = 0
        for i in range(base, base + 4):
            f = amz[i]
            cells[f] = 0
            fb = f << 14
            for s in steps:
                t = f + s
                while not cells[t]:
                    tb = fb | (t << 7)
                    for s2 in steps:
                        a = t + s2
                        while not cells[a]:
                            out[n] = tb + a
                            n += 1
                            a += s2
                    t += s
            cells[f] = me
        return out

    def play(self, m):
        f, t, a = m >> 14, (m >> 7) & 127, m & 127
        me = self.turn + 1
        cells = self.cells
        cells[f] = 0
        cells[t] = me
        cells[a] = _ARROW
        free = self.free
        free[f] = 255
        free[t] = 0
        free[a] = 0
        self.nfree -= 1
        amz = self.amz
        i = self.turn * 4
        while amz[i] != f:
            i += 1
        amz[i] = t
        self.hash ^= _Z[0] ^ _Z[me * _MN + f] ^ _Z[me * _MN + t] ^ _Z[3 * _MN + a]
        self.history.append(m)
        self.ply += 1
        self.turn ^= 1

    def undo(self):
        m = self.history.pop()
        f, t, a = m >> 14, (m >> 7) & 127, m & 127
        self.turn ^= 1
        self.ply -= 1
        me = self.turn + 1
        cells = self.cells
        cells[a] = 0
        cells[t] = 0
        cells[f] = me
        free = self.free
        free[a] = 255
        free[t] = 255
        free[f] = 0
        self.nfree += 1
        amz = self.amz
        i = self.turn * 4
        while amz[i] != t:
            i += 1
        amz[i] = f
        self.hash ^= _Z[0] ^ _Z[me * _MN + f] ^ _Z[me * _MN + t] ^ _Z[3 * _MN + a]

    def _can_move(self, seat):
        """An amazon with an empty neighbour can move there and shoot back."""
        cells, amz = self.cells, self.amz
        for i in range(seat * 4, seat * 4 + 4):
            c = amz[i]
            for s in STEPS:
                if not cells[c + s]:
                    return True
        return False

    def result(self):
        if self._can_move(self.turn):
            return None
        return self.turn ^ 1        # the player who cannot move loses

    def highlight(self):
        """Once over: the loser's amazons, all walled in."""
        if self.result() is None:
            return ()
        s = self.turn * 4
        return tuple(BOX[c] for c in self.amz[s:s + 4])

    # --- notation ---------------------------------------------------------
    def move_text(self, m):
        return "%s-%s(%s)" % (_name(m >> 14), _name((m >> 7) & 127), _name(m & 127))

    def move_cells(self, m):
        return (BOX[m >> 14], BOX[(m >> 7) & 127], BOX[m & 127])

    def touch_text(self, cells):
        """The move touched cells would name, legal or not (the board asks
        explain() why not). Two cells (from, to) are named with the arrow
        shot back to the from-square, which is legal whenever the amazon's
        step is: so the reason is the step's."""
        if len(cells) == 2:
            cells = (cells[0], cells[1], cells[0])
        if len(cells) != 3:
            return None
        n = [cell_name(c % _W, c // _W) for c in cells]
        return "%s-%s(%s)" % (n[0], n[1], n[2])

    @staticmethod
    def _split(text):
        """'f1-c4(c7)' -> ('f1', 'c4', 'c7'), or None if not of that form."""
        t = text.strip().lower()
        i, j = t.find("-"), t.find("(")
        if i < 0 or j < i or not t.endswith(")"):
            return None
        return t[:i].strip(), t[i + 1:j].strip(), t[j + 1:-1].strip()

    def _line_block(self, a, b):
        """How a queen line from a to b is spoiled: None if it is open and b
        empty, -1 if b is not on a queen line from a, else the first cell in
        the way (b itself if b is occupied)."""
        i, j = BOX[a], BOX[b]
        dx, dy = (j & 7) - (i & 7), (j >> 3) - (i >> 3)
        if (dx and dy and dx != dy and dx != -dy) or not (dx or dy):
            return -1
        s = (dx > 0) - (dx < 0) + _MW * ((dy > 0) - (dy < 0))
        c = a + s
        while not self.cells[c] and c != b:
            c += s
        return None if c == b and not self.cells[c] else c

    def _reason(self, f, t, a):
        """None if f-t(a) (mailbox cells) is legal here, else why not."""
        cells = self.cells
        me = self.turn + 1
        fn, tn, an = _name(f), _name(t), _name(a)
        if cells[f] != me:
            if cells[f] == 3 - me:
                return "the amazon on %s is %s's, and %s moves now" % (
                    fn, SEATS[self.turn ^ 1], SEATS[self.turn])
            if cells[f] == _ARROW:
                return "%s holds an arrow, not an amazon" % fn
            return "there is no amazon on %s" % fn
        if t == f:
            return "the amazon must move away from %s" % fn
        cells[f] = 0
        try:
            b = self._line_block(f, t)
            if b == -1:
                return ("an amazon moves in a straight line (like a chess queen), and %s is not in line"
                        " with %s" % (tn, fn))
            if b == t:
                return "%s is not empty: it holds %s" % (tn, _WHAT[cells[t]])
            if b is not None:
                return "the amazon cannot get from %s to %s: %s is in the way" % (fn, tn, _name(b))
            if a == t:
                return "the arrow must fly away from %s, where the amazon landed" % tn
            cells[t] = me
            b = self._line_block(t, a)
            cells[t] = 0
            if b == -1:
                return ("the arrow flies in a straight line from %s (like a chess queen), and %s is not"
                        " in line with it" % (tn, an))
            if b == a:
                return "the arrow cannot land on %s: it holds %s" % (an, _WHAT[cells[a]])
            if b is not None:
                return "the arrow cannot fly from %s to %s: %s is in the way" % (tn, an, _name(b))
            return None
        finally:
            cells[f] = me

    def _cells_of(self, text):
        """The mailbox cells a text names, or None."""
        parts = self._split(text)
        if parts is None:
            return None
        out = []
        for p in parts:
            xy = parse_cell(p, _W, _W)
            if xy is None:
                return None
            out.append(SQ[xy[1] * _W + xy[0]])
        return out

    def parse(self, text):
        """Direct parse (the opening has over 1200 moves: no text search)."""
        text = typed(text, "a move must be text, like f1-c4(c7)")
        if self.result() is not None:
            raise MoveError("%s is not legal: the game is over" % text)
        fta = self._cells_of(text)
        if fta is not None and self._reason(fta[0], fta[1], fta[2]) is None:
            return fta[0] << 14 | fta[1] << 7 | fta[2]
        raise MoveError(self.explain(text))

    def explain(self, text):
        text = text.strip()
        if self.result() is not None:
            return "%s is not legal: the game is over" % text
        parts = self._split(text)
        if parts is None:
            return "'%s' is not an Amazons move: write from-to(arrow), like f1-c4(c7)" % text
        for p in parts:
            if parse_cell(p, _W, _W) is None:
                return "%s is not legal: '%s' is not a square (a1 to h8)" % (text, p)
        fta = self._cells_of(text)
        why = self._reason(fta[0], fta[1], fta[2])
        if why is None:
            return "%s is a legal move" % text
        return "%s is not legal: %s" % (text, why)

    # --- display ----------------------------------------------------------
    def view(self):
        cells = self.cells
        return bytearray(_LOOKS[cells[c]] for c in SQ)

    # --- AI ---------------------------------------------------------------
    def key(self):
        return self.hash

    def _qdist(self, seat, d, q):
        """Fill d (a bytearray of _MN) with the queen-move distance from
        `seat`'s amazons to every empty square (255 where none can get, 0 on
        anything but an empty square), by breadth-first layers (q: a
        bytearray for the queue); return the amazons' freedom (the _MOB value
        of each one's queen moves)."""
        d[:] = self.free
        steps = STEPS
        mob = _MOB
        amz = self.amz
        hi = 0
        score = 0
        # Layer 1, counting each amazon's moves: a square already reached by
        # another amazon is still one of its moves.
        for i in range(seat * 4, seat * 4 + 4):
            c0 = amz[i]
            n = 0
            for s in steps:
                c = c0 + s
                dc = d[c]
                while dc:
                    n += 1
                    if dc == 255:
                        d[c] = 1
                        q[hi] = c
                        hi += 1
                    c += s
                    dc = d[c]
            score += mob[n if n < 17 else 17]
        lo = 0
        level = 1
        while lo < hi:
            level += 1
            end = hi
            if self.nfree - hi + 3 < end - lo:
                # Fewer squares left to reach than to spread from: look
                # from each of them for a square of the last layer instead.
                last = level - 1
                for c in SQ:
                    if d[c] == 255:
                        for s in steps:
                            x = c + s
                            dx = d[x]
                            while dx > last:      # unreached, or reached just now
                                x += s
                                dx = d[x]
                            if dx == last:
                                d[c] = level
                                q[hi] = c
                                hi += 1
                                break
                lo = end
                continue
            while lo < end:
                c0 = q[lo]
                lo += 1
                for s in steps:
                    c = c0 + s
                    dc = d[c]
                    # On, over squares not reached sooner (a sooner one has
                    # already spread past here; anything but an empty
                    # square is 0).
                    while dc >= level:
                        if dc > level:
                            d[c] = level
                            q[hi] = c
                            hi += 1
                        c += s
                        dc = d[c]
        return score

    def _kdist(self, seat, d, q):
        """Fill d as _qdist does with the king-move distance (one step at a
        time) from `seat`'s amazons to every empty square."""
        d[:] = self.free
        steps = STEPS
        amz = self.amz
        hi = 0
        for i in range(seat * 4, seat * 4 + 4):
            c0 = amz[i]
            for s in steps:
                c = c0 + s
                if d[c] == 255:
                    d[c] = 1
                    q[hi] = c
                    hi += 1
        lo = 0
        # The eight steps written out: the search runs this loop twice a
        # node, and as bytecode it takes a third less time than a loop over
        # STEPS (the unix port: 62 against 94 us in an opening position).
        while lo < hi:
            c0 = q[lo]
            lo += 1
            n = d[c0] + 1
            c = c0 + 1
            if d[c] == 255:
                d[c] = n
                q[hi] = c
                hi += 1
            c = c0 - 1
            if d[c] == 255:
                d[c] = n
                q[hi] = c
                hi += 1
            c = c0 + 9
            if d[c] == 255:
                d[c] = n
                q[hi] = c
                hi += 1
            c = c0 - 9
            if d[c] == 255:
                d[c] = n
                q[hi] = c
                hi += 1
            c = c0 + 10
            if d[c] == 255:
                d[c] = n
                q[hi] = c
                hi += 1
            c = c0 - 10
            if d[c] == 255:
                d[c] = n
                q[hi] = c
                hi += 1
            c = c0 + 8
            if d[c] == 255:
                d[c] = n
                q[hi] = c
                hi += 1
            c = c0 - 8
            if d[c] == 255:
                d[c] = n
                q[hi] = c
                hi += 1

    def node_scale(self):
        """The AI's node budget here, in percent of NODES (ai.choose): a
        node costs the Pico in proportion to the empty squares its maps
        cover (about 61,000 fuel a square in the opening, the middle and
        the end alike), and NODES are set for the opening's 54."""
        return 100 * _OPENING_FREE // (self.nfree if self.nfree > 8 else 8)

    def evaluate(self):
        """Territory (who reaches each empty square first, in queen moves and
        in king moves, and how close each side is: _score) plus the amazons'
        freedom, where a nearly shut-in amazon costs the most."""
        # A small table keeps the last scores: a search meets the same
        # position again through other move orders.
        h = self.hash
        i = h & (_ECACHE - 1)
        if self._ek[i] == h:
            return self._ev[i]
        s = self._score()
        self._ek[i] = h
        self._ev[i] = s
        return s

    def _score(self):
        """White's score, then from the side to move's view. Lieberum's
        evaluation (2005): territory by queen distance t1 and by king
        distance t2 (5 a square the side reaches first, `lean` where both
        reach it at once), the closeness terms c1 (2^-d in queen moves) and
        c2 (the king distances' difference, capped at 6), weighed by the
        phase: how contested the board still is (_OPEN when open, 0 once
        every region has its owner). Early on t2, c1 and c2 count most, at
        the end t1 (regions are then owned, and queen distance counts
        them). Plus the amazons' freedom (_qdist)."""
        dw, db, kw, kb, q = self._dw, self._db, self._kw, self._kb, self._q
        s = self._qdist(0, dw, q) - self._qdist(1, db, q)
        self._kdist(0, kw, q)
        self._kdist(1, kb, q)
        lean = 1 if self.turn == 0 else -1
        half = _HALVES
        t1 = t2 = c1 = c2 = ph = 0
        for c in SQ:
            w = dw[c]
            if w:                     # an empty square
                b = db[c]
                if w < b:
                    t1 += 5
                    if b != _UNSEEN:
                        ph += half[b - w]
                elif b < w:
                    t1 -= 5
                    if w != _UNSEEN:
                        ph += half[w - b]
                elif w != _UNSEEN:
                    t1 += lean
                    ph += 64
                c1 += half[w] - half[b]
                x = kw[c]
                y = kb[c]
                if x < y:
                    t2 += 5
                    c2 += y - x if y - x < 6 else 6
                elif y < x:
                    t2 -= 5
                    c2 -= x - y if x - y < 6 else 6
                elif x != _UNSEEN:
                    t2 += lean
        if ph > _OPEN:
            ph = _OPEN
        end = _OPEN - ph
        # Each division rounds towards zero, so that Black's score is White's
        # negated exactly (the search must see either colour the same).
        x = 40 * ph * c1
        tot = x // 32 if x >= 0 else -(-x // 32)
        x = 40 * ph * c2
        tot += x // 6 if x >= 0 else -(-x // 6)
        tot += (10 * end + 6 * ph) * t1 + (5 * end + 10 * ph) * t2
        s += tot // (_OPEN * 5) if tot >= 0 else -(-tot // (_OPEN * 5))
        return s if self.turn == 0 else -s

    def candidates(self, limit):
        """At most `limit` promising legal moves, best first, for the AI (see
        _candidates). A small table keeps the last lists: a search comes
        back to the same positions (each deeper iteration). A list from the
        table is checked move by move (two positions could share a key)."""
        h = self.hash
        i = h & (_CCACHE - 1)
        if self._ck[i] == h and self._cl[i] == limit:
            c = self._cv[i]
            for m in c:
                if not self._legal(m):
                    break
            else:
                return list(c)
        out = self._candidates(limit)
        w = self._winning()
        if w:
            # A move that leaves the opponent no move wins: first.
            if w in out:
                out.remove(w)
            elif len(out) >= limit:
                out.pop()
            out.insert(0, w)
        self._ck[i] = h
        self._cv[i] = tuple(out)
        self._cl[i] = limit
        return out

    def _winning(self):
        """A move after which the opponent cannot move, or 0. Looked for only
        when the opponent's amazons have at most two empty squares round
        them: the landing square and the arrow must fill those, and the
        square the amazon leaves too if it touches one of them."""
        cells, steps = self.cells, STEPS
        amz = self.amz
        obase = (self.turn ^ 1) * 4
        e1 = e2 = 0
        for i in range(obase, obase + 4):
            o = amz[i]
            for s in steps:
                c = o + s
                if not cells[c] and c != e1 and c != e2:
                    if e2:
                        return 0          # three or more
                    if e1:
                        e2 = c
                    else:
                        e1 = c
        me = self.turn + 1
        you = 3 - me
        base = self.turn * 4
        for i in range(base, base + 4):
            f = amz[i]
            n1 = e1
            n2 = e2
            for s in steps:
                if cells[f + s] == you:   # leaving f opens it
                    if n2:
                        n1 = -1           # three to fill: not with this amazon
                    elif n1:
                        n2 = f
                    else:
                        n1 = f
                    break
            if n1 < 0:
                continue
            cells[f] = 0
            for s in steps:
                t = f + s
                while not cells[t]:
                    # What the arrow from t must fill (0: nothing, -1: two).
                    if t == n1:
                        want = n2
                    elif t == n2:
                        want = n1
                    elif n2:
                        want = -1
                    else:
                        want = n1
                    if want > 0:
                        for s2 in steps:
                            a = t + s2
                            while not cells[a] and a != want:
                                a += s2
                            if a == want:
                                cells[f] = me
                                return f << 14 | t << 7 | a
                    elif want == 0:
                        for s2 in steps:
                            if not cells[t + s2]:
                                cells[f] = me
                                return f << 14 | t << 7 | (t + s2)
                    t += s
            cells[f] = me
        return 0

    def _legal(self, m):
        """Is m a legal move here? (For lists kept from elsewhere.)"""
        cells = self.cells
        f = m >> 14
        if cells[f] != self.turn + 1:
            return False
        cells[f] = 0
        t = (m >> 7) & 127
        ok = self._line_block(f, t) is None and self._line_block(t, m & 127) is None
        cells[f] = self.turn + 1
        return ok

    def _candidates(self, limit):
        """At most `limit` promising legal moves, best first, for the AI.

        A queen move scores by the freedom (queen moves) of the square it
        lands on; an arrow scores for touching or cutting the lines of enemy
        amazons and loses for touching one's own. Each queen move brings its
        _ARROWS best arrows, so the list offers many queen moves, not the
        freest one with all its arrows; then the best `limit` of them all."""
        cells, steps = self.cells, STEPS
        me = self.turn + 1
        base = self.turn * 4
        obase = (self.turn ^ 1) * 4
        av = self._av
        av[:] = _ZEROS
        for i in range(obase, obase + 4):
            o = self.amz[i]
            for s in steps:
                av[o + s] += 4                # touching an enemy amazon
                c = o + s
                while not cells[c]:
                    av[c] += 1                # in its way
                    c += s
        for i in range(base, base + 4):
            f = self.amz[i]
            for s in steps:
                av[f + s] -= 2                # touching one of one's own
        # Where that gives fewer than `limit` moves (few queen moves), each
        # brings all its arrows.
        keep = _ARROWS
        while True:
            scored = []
            mine = []
            for i in range(base, base + 4):
                f = self.amz[i]
                cells[f] = 0
                for s in steps:
                    av[f + s] += 2            # no longer next to where it was
                for s in steps:
                    t = f + s
                    while not cells[t]:
                        n = 0                 # the freedom where it lands
                        for s2 in steps:
                            c = t + s2
                            while not cells[c]:
                                n += 1
                                c += s2
                        for s2 in steps:
                            av[t + s2] -= 2   # next to the amazon where it lands
                        # Scores stay below 512: the moves are small ints.
                        mb = (3 * n + 64) << 21 | f << 14 | t << 7
                        del mine[:]
                        for s2 in steps:
                            c = t + s2
                            while not cells[c]:
                                mine.append(mb + (av[c] << 21) + c)
                                c += s2
                        mine.sort(reverse=True)
                        scored.extend(mine[:keep])
                        for s2 in steps:
                            av[t + s2] += 2
                        t += s
                for s in steps:
                    av[f + s] -= 2
                cells[f] = me
            if len(scored) >= limit or keep >= limit:
                break
            keep = limit
        scored.sort(reverse=True)
        return [s & 0x1FFFFF for s in scored[:limit]]
