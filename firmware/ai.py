"""The board's opponent: one game-agnostic search for every game.

    move = ai.choose(game, level=3, seed=0, nodes=None, ms=None, clock=None, progress=None)

Negamax with alpha-beta (principal-variation windows), iterative deepening
under a budget of nodes (and of milliseconds when a clock is given), a
transposition table (1 KB chunks, built per move), and move ordering: the table's
move, then two killer moves per ply, then the history heuristic. The search
only talks to the game interface of docs/developers/architecture.md: moves() (or
candidates(limit) where a game offers it), play(), undo(), result(),
evaluate(), key() and turn. `game` is left exactly as it was found, also when
the budget runs out in the middle of an iteration.

Multi-action turns: when play(m) leaves the same seat to move, the child's
score is already from our side and is not negated.

Levels: 1 and 2 are shallow with seeded noise (a child can beat level 1); 3, 4
and 5 search deterministically under a node budget: level 5's calibrated per
game by `python -m tools.bench budgets` so that a move costs at most 10 s on
the Pico, each level below a STEP-th of the one above. docs/developers/ai.md
explains the numbers.

A game whose module declares PLAYOUTS (Go) plays levels 3-5 with the
Monte-Carlo tree search of mcts.py instead (docs/developers/ai-mcts.md, "The second search").
"""
import gc
from array import array

from compat import const, ticks_ms, ticks_diff, native
from rng import Rng

WIN = const(30000)            # a won position, minus the plies to reach it
_WON = const(29000)           # scores beyond this are wins or losses
_INF = const(32000)
_EXACT = const(0)
_LOWER = const(1)             # the score is at least the stored value
_UPPER = const(2)             # the score is at most the stored value
_MAXPLY = const(96)           # deepest ply a search reaches (killer tables)
_MAXDEPTH = const(60)
_HMASK = const(1023)          # history table index mask (moves hashed to 10 bits)
_CB = const(8)                # tables are chunks of 1 << _CB slots (1 KB)
_CM = const(255)
_DRAW = const(2)              # games.common.DRAW (not imported: keeps ai.py light)

TT_BITS = 11                  # 2048 entries x 3 x 4 bytes: 24 KB
TICK = 15                     # look at the clock every TICK + 1 nodes (2**k - 1)
PROGRESS_MS = 100             # progress() at most this often when there is a clock

# Each game module declares its node budgets, NODES = (2 s, level 5), from
# `python -m tools.bench budgets`: the costliest phase of the game stays under
# 3.0e8 fuel (2 s) with NODES[0] nodes and 1.5e9 fuel (10 s) at level 5.
# NODES[0] caps levels 1-2 (their depth ends them first). A game with
# candidates(limit) may declare CANDIDATES = (limit at the root, limit inside
# the tree).
DEFAULT_NODES = (1000, 5000)
# NODES are measured for a Pico at 125 MHz. A faster clock searches more nodes
# in the same time: choose(mhz=...) scales the budgets by mhz / BENCH_MHZ (the
# board passes its clock; the referee and the bench keep 125 unless told).
BENCH_MHZ = 125
DEFAULT_CANDIDATES = (30, 12)

# The ladder of levels: level 4 searches a STEP-th of level 5's nodes, level 3
# a STEP-th of level 4's. With level 4 at the geometric mean of a 2 s level 3
# and level 5 (2.2 times fewer nodes a step), a game's seat decided more than
# the level: level 4 beat level 3, and 5 beat 4, on both seats in only 1 of
# 12 games (the ladder, docs/reports/ai-strength.md). A game module may
# declare its own LEVEL_STEP where its first seat weighs more.
STEP = 4

# The most nodes a level's search takes, whatever its budget. Only a
# measuring run lowers it (the emulated Pico's memory runs: the level's
# tables in full, its search shorter), as mcts.MAX_PLAYOUTS for Go.
MAX_NODES = 1 << 29

# Level 1's slips: the percent of its moves picked among all those that do
# not lose at once rather than the better half (a game module may declare
# its own LEVEL1_RANDOM). Measured with the ladder: level 1 should win at
# most 70% against the one-ply greedy beginner (docs/developers/ai.md).
LEVEL1_RANDOM = 80

# Safety stop in milliseconds per level when the caller passes a clock.
SAFETY_MS = (0, 1500, 1500, 1800, 4500, 9000)


class _Stop(Exception):
    pass


_STOP = _Stop()


def _module(game_or_id):
    """The module that declares a game (from its id or its class), or None.

    A game can outlive its module in sys.modules (games.unload() ran while
    someone still held the game, as a test can): its module is then imported
    again, so its budgets are its own and not, silently, the defaults."""
    import sys
    if isinstance(game_or_id, str):
        name = "games." + game_or_id
    else:
        name = getattr(type(game_or_id), "__module__", "")
    mod = sys.modules.get(name)
    if mod is None and name.startswith("games."):
        try:
            __import__(name)
        except ImportError:
            return None
        mod = sys.modules.get(name)
    return mod


def game_id(game):
    """The ID of the module that defines the game's class ('' if unknown)."""
    return getattr(_module(game), "ID", "")


def budget(game_or_id, level, mhz=BENCH_MHZ):
    """The node budget of a level (3..5) for a game (None for levels 1-2), on
    a chip clocked at `mhz`: level 5 the game's NODES[1], each level below it
    STEP times fewer nodes (the game's LEVEL_STEP where it declares one)."""
    if level < 3:
        return None
    mod = _module(game_or_id)
    n5 = getattr(mod, "NODES", DEFAULT_NODES)[1]
    if mhz != BENCH_MHZ:
        n5 = n5 * mhz // BENCH_MHZ
    return max(1, n5 // getattr(mod, "LEVEL_STEP", STEP) ** (5 - min(level, 5)))


def shallow_cap(game_or_id, mhz=BENCH_MHZ):
    """The most nodes levels 1-2 search (their depth ends them sooner): the
    game's NODES[0], what a 2 s move affords, scaled to `mhz`."""
    n = getattr(_module(game_or_id), "NODES", DEFAULT_NODES)[0]
    return n if mhz == BENCH_MHZ else n * mhz // BENCH_MHZ


def _table(n, zeros):
    """n zeros as signed 32-bit arrays of 1 << _CB slots (array has no `*`
    on MicroPython, so each is copied from `zeros`, one shared block of
    bytes: a fresh one per chunk doubled what the heap had to give)."""
    return [array("i", zeros) for _ in range(n >> _CB)]


class Searcher:
    """One search's state and its tables (built per choose(), unless HOLD)."""

    def __init__(self, tt_bits=None):
        bits = TT_BITS if tt_bits is None else max(tt_bits, _CB)
        n = 1 << bits
        self.mask = n - 1
        self.cand: "tuple | None" = None   # (root, inner) candidate limits, per choose()
        # Slot i is [i >> _CB][i & _CM] of each table: chunks of 1 KB (32-bit
        # arrays, 4 bytes a slot on every port) that a fragmented heap can
        # still give, where one 8 KB block could be refused with 90 KB free.
        # Keys stay below 2**30, moves and scores well inside 32 bits.
        zeros = bytes(4 << _CB)
        self.tk = _table(n, zeros)    # key of the position held in the slot (-1: none)
        self.tm = _table(n, zeros)    # its best move
        self.tv = _table(n, zeros)    # (score + 32768) << 8 | depth << 2 | flag
        self.hist = _table(_HMASK + 1, zeros)
        self.k1 = [None] * _MAXPLY
        self.k2 = [None] * _MAXPLY
        # A unique sort key (history, then the move's low bits), so the order
        # is the same under MicroPython's unstable sort as under CPython's.
        hist = self.hist
        self.hkey = lambda m: (hist[(m & _HMASK) >> _CB][m & _CM] << 15) | (m & 0x7FFF)

    def clear(self):
        k1, k2 = self.k1, self.k2
        for tk in self.tk:
            for i in range(_CM + 1):
                tk[i] = -1
        for hist in self.hist:
            for i in range(_CM + 1):
                hist[i] = 0
        for i in range(_MAXPLY):
            k1[i] = None
            k2[i] = None

    def _age(self):
        for hist in self.hist:
            for i in range(_CM + 1):
                hist[i] >>= 1

    # --- the budget -------------------------------------------------------
    def _tick(self, ply):
        """Every TICK + 1 nodes: the clock's stop, and progress (at most every
        PROGRESS_MS with a clock, else every 256 nodes)."""
        clock = self.clock
        if clock is not None:
            now = clock()
            if ticks_diff(now, self.t0) >= self.ms:
                self.abort_ply = ply
                raise _STOP
            if self.progress is not None and ticks_diff(now, self.tp) >= PROGRESS_MS:
                self.tp = now
                self.progress(self.depth)
        elif self.progress is not None and not (self.nodes & 255):
            self.progress(self.depth)

    # --- the move list of a node ------------------------------------------
    def _gen(self, root):
        g = self.game
        if self.cand is not None:
            return g.candidates(self.cand[0] if root else self.cand[1])
        return g.moves()

    # --- negamax ----------------------------------------------------------
    # One function: it runs at every node, and each helper call would cost
    # about 1,500-2,500 fuel a node (docs/developers/ai-games.md, "What a split costs").
    # Machine code on the Pico: a level-3 move 10% faster in Avanco, 1-4% in
    # the games whose own calls cost most, for 2.7 KB of heap (docs/developers/ai-measuring.md).
    @native
    def search(self, depth, alpha, beta, ply):  # noqa: C901
        g = self.game
        n = self.nodes + 1
        if n > self.limit:
            self.abort_ply = ply
            raise _STOP
        self.nodes = n
        if not (n & self.tick):
            self._tick(ply)
        r = g.result()
        if r is not None:
            if r == _DRAW:
                return 0
            return WIN - ply if r == g.turn else ply - WIN
        if depth <= 0:
            self.open += 1
            return g.evaluate()

        # The transposition table: a cut-off, or at least the move to try first.
        key = g.key()
        i = key & self.mask
        c = i >> _CB
        i &= _CM
        hint = None
        if self.tk[c][i] == key:
            hint = self.tm[c][i]
            v = self.tv[c][i]
            if (v >> 2) & 63 >= depth:
                s = (v >> 8) - 32768
                if s > _WON:
                    s -= ply
                elif s < -_WON:
                    s += ply
                f = v & 3
                if f == _EXACT or (f == _LOWER and s >= beta) or (f == _UPPER and s <= alpha):
                    self.open += 1
                    return s

        ms = self._gen(False)
        if not ms:            # result() said the game goes on: score it statically
            self.open += 1
            return g.evaluate()
        if depth >= 2 and self.cand is None and len(ms) > 2:
            ms.sort(key=self.hkey, reverse=True)
        # Table move first, then the killers of this ply.
        front = 0
        for m in (hint, self.k1[ply], self.k2[ply]):
            if m is not None and m in ms:
                j = ms.index(m)
                if j >= front:
                    ms[j] = ms[front]
                    ms[front] = m
                    front += 1

        a0 = alpha
        best = -_INF
        bm = ms[0]
        first = True
        nd = depth - 1
        np = ply + 1
        turn = g.turn
        search = self.search
        for m in ms:
            g.play(m)
            if g.turn == turn:
                if first:
                    s = search(nd, alpha, beta, np)
                else:
                    s = search(nd, alpha, alpha + 1, np)
                    if alpha < s < beta:
                        s = search(nd, alpha, beta, np)
            else:
                if first:
                    s = -search(nd, -beta, -alpha, np)
                else:
                    s = -search(nd, -alpha - 1, -alpha, np)
                    if alpha < s < beta:
                        s = -search(nd, -beta, -alpha, np)
            g.undo()
            first = False
            if s > best:
                best = s
                bm = m
                if s > alpha:
                    alpha = s
                    if s >= beta:
                        self._cutoff(m, depth, ply)
                        break

        # Store: the deepest result for a slot wins; a new position replaces.
        # A win is kept as from this position (its plies from the root off).
        f = _UPPER if best <= a0 else (_LOWER if best >= beta else _EXACT)
        tk = self.tk[c]
        tv = self.tv[c]
        if tk[i] != key or (tv[i] >> 2) & 63 <= depth:
            s = best + ply if best > _WON else (best - ply if best < -_WON else best)
            tk[i] = key
            self.tm[c][i] = bm
            tv[i] = ((s + 32768) << 8) | (depth << 2) | f
        return best

    def _cutoff(self, m, depth, ply):
        """Move m refuted its position at `ply`: a killer there, and its
        history grows by depth squared (all of it halved past 16383)."""
        if self.k1[ply] != m:
            self.k2[ply] = self.k1[ply]
            self.k1[ply] = m
        j = m & _HMASK
        hc = self.hist[j >> _CB]
        h = hc[j & _CM] + depth * depth
        hc[j & _CM] = h
        if h > 16383:
            self._age()

    def root(self, depth, ms, scores, exact):
        """Search every root move to `depth`; scores[i] gets move i's score.

        Returns (best index, its score). With `exact` every move gets its true
        score (levels 1-2 choose among them); otherwise later moves are only
        proven worse than the best. If the budget runs out, self.partial holds
        the index of a move proven better than the first one, or -1.
        """
        g = self.game
        turn = g.turn
        alpha = -_INF
        beta = _INF
        best = -_INF
        bi = 0
        self.partial = -1
        search = self.search
        for i in range(len(ms)):
            m = ms[i]
            g.play(m)
            same = g.turn == turn
            if exact or i == 0:
                s = search(depth - 1, -_INF, _INF, 1) if same else -search(depth - 1, -_INF, _INF, 1)
            else:
                s = (search(depth - 1, alpha, alpha + 1, 1) if same
                     else -search(depth - 1, -alpha - 1, -alpha, 1))
                if s > alpha:
                    self.partial = i     # proven better than the best so far
                    s = search(depth - 1, alpha, beta, 1) if same else -search(depth - 1, -beta, -alpha, 1)
            g.undo()
            scores[i] = s
            if s > best:
                best = s
                bi = i
                if s > alpha:
                    alpha = s
            self.partial = bi
        return bi, best

    # --- iterative deepening ----------------------------------------------
    def run(self, game, limit, maxdepth, exact, ms, clock, progress):
        """Deepen until the budget, maxdepth, a proven result or a solved tree.

        Returns (root moves, their scores from the last finished depth, best
        index, depth finished).
        """
        self.game = game
        self.limit = limit
        self.nodes = 0
        self.clock = clock
        self.ms = ms
        self.t0 = clock() if clock is not None else 0
        self.tp = self.t0
        self.progress = progress
        self.tick = TICK
        self.depth = 0
        self.score = 0
        self.clear()
        moves = self._gen(True)
        n = len(moves)
        scores = [0] * n
        if n <= 1:
            self.done = 0
            return moves, scores, 0, 0
        done = 0
        bi = 0
        for depth in range(1, maxdepth + 1):
            self.depth = depth
            self.open = 0
            work = [0] * n
            try:
                bi, best = self.root(depth, moves, work, exact)
            except _Stop:
                p = self.abort_ply
                while p > 0:      # take back the plays the search had made
                    game.undo()
                    p -= 1
                if not exact and self.partial > 0:
                    # A move proven better than the last depth's best.
                    i = self.partial
                    moves = [moves[i]] + moves[:i] + moves[i + 1:]
                bi = 0
                break
            done = depth
            self.score = best
            # Order the next iteration: best first, then by score (stable).
            order = sorted(range(n), key=lambda i: (-work[i] << 12) + i if i != bi else -(1 << 29))
            moves = [moves[i] for i in order]
            scores = [work[i] for i in order]
            bi = 0
            if progress is not None:
                progress(depth)
            if best > _WON or best < -_WON or self.open == 0:
                break         # a forced result, or every line ran to the end
        self.done = done
        return moves, scores, bi, done


_searcher = None
_last = (0, 0, 0)
SHRUNK = 0                    # tables halved for want of heap since import (tests read it)

# The tables live only during choose(): each search clears them anyway, and
# freeing them between moves gives their 28 KB back to the game for the
# player's turn. A tool that measures one move without their allocation sets
# HOLD to keep them.
HOLD = False


def last():
    """(nodes searched, depth finished, score) of the last choose()."""
    return _last


def release():
    """Free the search tables and what the last search held (the game, its
    callbacks): the app calls this when a game is left. The next choose()
    builds them again, in 1 KB chunks that a fragmented heap can still give."""
    global _searcher
    _searcher = None
    import sys
    if "mcts" in sys.modules:
        sys.modules["mcts"].release()


def _table_bits():
    """TT_BITS, or fewer where the whole heap is small: the tables take at
    most an eighth of it, so a big game's search keeps room for its lists
    (all 24 KB on a Pico's 230 KB heap; less on a port whose objects are
    twice as big in the same heap). Read once, at import: gc.mem_free()
    walks the whole heap's allocation table."""
    if not hasattr(gc, "mem_free"):
        return TT_BITS
    heap = gc.mem_free() + gc.mem_alloc()
    bits = TT_BITS
    while bits > _CB + 1 and (12 << bits) > heap // 8:
        bits -= 1
    return bits


_TABLE_BITS = _table_bits()


# Levels 1-2 search one or two plies: at most 1,400 positions, measured
# over 94 positions of the twelve games, where 512 slots chose the same
# move as 2048 in every one. The small table leaves 18 KB more to a big
# game on a full heap (Hex 9x9 against the board, after a day of games).
_SHALLOW_BITS = _CB + 1


def _get_searcher(most=None):
    """The searcher, its tables built if needed, of at most 2**most slots
    (None: the heap's share). Where the heap cannot give them (a big game's
    position and moves live at once, a fragmented heap) the table is halved
    until it fits: a move from a smaller table is a little weaker, an error
    screen would end the game."""
    global _searcher, SHRUNK
    bits = _TABLE_BITS if most is None or most > _TABLE_BITS else most
    if _searcher is not None and _searcher.mask + 1 != 1 << bits:
        _searcher = None
    if _searcher is None:
        while True:
            try:
                _searcher = Searcher(bits)
                break
            except MemoryError:
                _searcher = None
                SHRUNK += 1
                if bits <= _CB:
                    raise
                bits -= 1
                gc.collect()
    return _searcher


def choose(game, level=3, seed=0, nodes=None, ms=None, clock=None, progress=None, mhz=BENCH_MHZ):
    """The move the board plays: an int from game.moves().

    level 1..5; `nodes` and/or `ms` replace the level's budget, which is
    otherwise the game's NODES scaled to a chip clocked at `mhz` (and by the
    game's node_scale(), where it has one); `clock()`
    returns milliseconds (the board's HAL clock), used with `ms` (or with the
    level's safety stop); progress(depth) is called between iterations and,
    while searching, every PROGRESS_MS (with a clock) or every 256 nodes.
    Deterministic for a given position, level, seed and node budget (a clock
    can only stop it sooner). `game` is left exactly as it was.
    """
    level = 1 if level < 1 else (5 if level > 5 else level)
    global _last, _searcher
    perfect = getattr(game, "perfect", None)
    if level == 5 and perfect is not None and nodes is None and ms is None:
        # A solved game (Semáforo) plays a proven win where it finds one in
        # its own budget; otherwise (a lost position, or none proven) the
        # search below picks the move.
        m = perfect()
        if m is not None:
            _last = (0, 0, WIN)
            return m
    mod = _module(game)
    if level >= 3 and nodes is None and getattr(mod, "PLAYOUTS", None):
        # The game plays the Monte-Carlo search from level 3 (docs/developers/ai-mcts.md).
        import mcts
        if ms is None and clock is not None:
            ms = SAFETY_MS[level]
        m = mcts.choose(game, level, seed, None, ms, clock, progress, mhz, mod)
        _last = (mcts.last()[0], 0, 0)
        return m
    gid = game_id(game)
    exact = level <= 2
    s = _get_searcher(_SHALLOW_BITS if exact and nodes is None else None)
    s.cand = None
    if hasattr(game, "candidates"):
        s.cand = getattr(_module(game), "CANDIDATES", DEFAULT_CANDIDATES)
    if nodes is None:
        if ms is not None:
            limit = 1 << 29
        elif exact:
            limit = shallow_cap(game, mhz)
        else:
            limit = budget(game, level, mhz)
        scale = getattr(game, "node_scale", None)
        if scale is not None and ms is None:
            # NODES buy the costliest phase its time; a game whose nodes
            # cost less elsewhere says how many times more it gets there.
            limit = limit * scale() // 100
        if limit > MAX_NODES:
            limit = MAX_NODES
    else:
        limit = nodes
    maxdepth = level if exact else _MAXDEPTH
    if ms is not None:
        if clock is None:
            clock = ticks_ms
    elif clock is not None:
        ms = SAFETY_MS[level]
    else:
        ms = 0
    tclock = clock if ms else None
    moves, scores, bi, done = s.run(game, limit, maxdepth, exact, ms, tclock, progress)
    _last = (s.nodes, s.done, s.score)
    s.game = None
    s.progress = None
    s.clock = None
    if not HOLD:
        _searcher = None
    if not moves:
        raise ValueError("choose: no legal move (the game is over)")
    if not exact or done == 0:
        return moves[bi]
    # Levels 1-2: a win if there is one; otherwise a seeded pick among the
    # better moves that do not lose at once (level 1: the better half, level 2:
    # the better quarter). Level 1 also slips like a beginner: the game's
    # LEVEL1_RANDOM percent of its moves are any move that does not lose at
    # once, so that a player who only looks one move ahead can beat it.
    if scores[0] > _WON:
        return moves[0]
    keep = [i for i in range(len(moves)) if scores[i] >= -_WON]
    if not keep:
        return moves[0]
    keep.sort(key=lambda i: (-scores[i] << 12) + i)
    rng = Rng((seed % 65537) * 257 + game.ply + gid_hash(gid))
    if level == 1 and rng.below(100) < getattr(mod, "LEVEL1_RANDOM", LEVEL1_RANDOM):
        m = _slip(game, rng)
        if m is not None:
            return m
    k = (len(keep) + 1) // 2 if level == 1 else (len(keep) + 3) // 4
    return moves[keep[rng.below(k)]]


def _slip(game, rng):
    """Level 1's slip: any legal move (not only the game's candidates, which
    are already its most promising), unless it loses at once (None then)."""
    ms = game.moves()
    m = ms[rng.below(len(ms))]
    me = game.turn
    game.play(m)
    r = game.result()
    game.undo()
    if r is not None and r != me and r != _DRAW:
        return None
    return m


def gid_hash(gid):
    h = 0
    for ch in gid:
        h = (h * 31 + ord(ch)) & 0xFFFF
    return h
