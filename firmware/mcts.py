"""The board's second search: Monte-Carlo tree search, for games with playouts.

    move = mcts.choose(game, level=5, seed=0, playouts=None, ms=None, clock=None,
                       progress=None, mhz=125)

Game-agnostic like ai.py's alpha-beta. A game opts in by declaring PLAYOUTS =
(level 3, level 5) in its module; its Game may offer `playouts(seed)`, an
object of hooks (root, reset, who, moves with priors, play, playout; Go's is
games/go_playout.py). Without it the search plays the game's own
play()/undo() and ends each playout with evaluate() (the `Plain` hooks below).

The tree lives in preallocated arrays of at most CAP nodes (11 bytes a node
for Go, 16 for other games: 38.5 KB at level 5), built at the first move and
kept for the game (the app's ai.release() drops it at the game's end). Each
playout: from the root, the child with the best value (RAVE-blended win rate
where the hooks give AMAF moves, else UCB1), a leaf expanded once it has
EXPAND visits (the root at once) while the arena has room, then the hooks'
playout to the end, and its winner counted up the path (and, for RAVE, into
every sibling whose move the same player made later in the playout). The
move played is the root's most visited. Integer arithmetic only where RAVE
applies (floats are heap objects on the Pico). Deterministic for a seed: the
hooks hold a seeded generator.
"""
import gc
from array import array

from compat import const, ticks_ms, ticks_diff, viper, ptr8, ptr16

BENCH_MHZ = 125
DEFAULT_PLAYOUTS = (300, 1500)
CAP = 3500                 # tree nodes at level 5
MIN_TREE = 400            # nodes: the smallest tree a heap short of room gets
EXPAND = 8                 # visits before a leaf gets its children
RAVE_EQUIV = 3500          # playouts at which RAVE and the win rate weigh the same
MAX_PLAYOUTS = 20000       # counts stay far below 2**16 and products below 2**30
_ONE = const(1024)
_MAXDEPTH = const(100)
# A byte tree's mv[i]: the move in bits 0-5, _LAST on a node's last child,
# _P2 where the player who made the move is 2 (not 1).
_MOVE = const(63)
_LAST = const(64)
_P2 = const(128)
CALIBRATE = 32            # playouts a game's calibrate() may spend (a 16th of the budget at most)
TICK = 3                   # the clock is read every TICK + 1 playouts (about 90 ms of Go)
PROGRESS_MS = 100

_tree = None
_last = (0, 0)
SHRUNK = 0                    # trees halved for want of heap since import (tests read it)


def budget(mod, level, mhz=BENCH_MHZ):
    """Playouts of a level (3..5) for a game module, on a chip at mhz."""
    p3, p5 = getattr(mod, "PLAYOUTS", DEFAULT_PLAYOUTS)
    if level <= 3:
        n = p3
    elif level >= 5:
        n = p5
    else:
        n = int((p3 * p5) ** 0.5)
    return min(MAX_PLAYOUTS, n * mhz // BENCH_MHZ)


def cap(level):
    """Tree nodes of a level: CAP at level 5, a third of it at level 3."""
    return CAP if level >= 5 else (CAP * 2 // 3 if level == 4 else CAP // 3)


class Tree:
    """The arena: node 0 the root; node i's children are first[i] onwards
    (0: none yet, as the root is no node's child), each with its move mv,
    visits vis and wins win (both with the priors; wins in half points),
    RAVE visits rv and wins rw.

    A byte tree (typecode "B": moves below 64, players 1 and 2, Go's) keeps
    the rest in mv's top bits: _LAST on a node's last child, _P2 on a move
    of player 2. 11 bytes a node. Another ("i") keeps the child count on
    the parent (nch) and the player in who: 16 bytes a node."""

    def __init__(self, n, typecode):
        # A node's fields are all written when it is born, so the arrays
        # start from range(n) and its copies, not from zeros: an array made
        # from bytes(2 * n) would take as much again at once, a hole the
        # game's objects then scatter into (the Pico's heap is not
        # compacted). A slice is a copy made whole, in C, where range's
        # items come one by one (Tree(3500) takes 12 ms on the Pico, 42 ms
        # with every array from range).
        self.n = n
        self.typecode = typecode
        self.packed = typecode == "B"
        self.mv = bytearray(n) if self.packed else array(typecode, range(n))
        self.vis = v = array("H", range(n))
        self.win = v[:]
        self.rv = v[:]
        self.rw = v[:]
        self.first = v[:]
        self.nch = None if self.packed else bytearray(n)
        self.who = None if self.packed else bytearray(n)

    def nbytes(self):
        return self.n * (11 if self.packed else 16)

    def count(self, node):
        """How many children node has (0: a leaf)."""
        f = self.first[node]
        if f == 0:
            return 0
        if not self.packed:
            return self.nch[node]
        mv = self.mv
        i = f
        while not mv[i] & _LAST:
            i += 1
        return i - f + 1

    def move(self, i):
        """Node i's move, as the game numbers it."""
        return self.mv[i] & _MOVE if self.packed else self.mv[i]

    def born(self, f, c, who):
        """Nodes f .. f + c - 1 just given their moves and priors by the
        hooks: wins to half points, no RAVE counts, no children, moved by
        `who`."""
        mv, win, rv, rw, first = self.mv, self.win, self.rv, self.rw, self.first
        if self.packed:
            if who != 1 and who != 2:
                raise ValueError("a byte tree's players are 1 and 2, not %r" % (who,))
            if _born(mv, win, rv, rw, first, f << 9 | c << 1 | (1 if who == 2 else 0)) < 0:
                raise ValueError("a byte tree's moves are below 64")
        else:
            nch, pl = self.nch, self.who
            for i in range(f, f + c):
                win[i] = win[i] * 2
                rv[i] = 0
                rw[i] = 0
                first[i] = 0
                nch[i] = 0
                pl[i] = who


def release():
    """Free the tree (the app calls it, through ai.release(), at a game's end)."""
    global _tree
    _tree = None


def last():
    """(playouts, tree nodes used) of the last choose()."""
    return _last


def _get_tree(n, typecode):
    """The tree for n nodes, kept from the last move if it is big enough. A
    heap with no room for it (an undo after the result gave it back) gets a
    smaller one, down to MIN_TREE nodes: a weaker move, not an error screen."""
    global _tree, SHRUNK
    t = _tree
    if t is None or t.n < n or t.typecode != typecode:
        _tree = t = None
        while t is None:
            try:
                t = Tree(n, typecode)
            except MemoryError:
                SHRUNK += 1
                if n <= MIN_TREE:
                    raise
                n //= 2
                gc.collect()
        _tree = t
    return t


class Plain:
    """Hooks for a game without its own: its play()/undo(), candidates() (or
    moves()) ranked as priors, and a playout of PLIES random moves ended by
    evaluate() (side to move's view): the sign says who wins."""

    PLIES = 2
    MAXMOVES = 24
    AMAF = 0
    TYPECODE = "i"

    def __init__(self, game, seed):
        from rng import Rng
        self.game = game
        self.rng = Rng(seed)
        self.base = game.ply

    def root(self):
        self.base = self.game.ply

    def reset(self):
        g = self.game
        while g.ply > self.base:
            g.undo()

    def who(self):
        return self.game.turn

    def moves(self, mv, pv, pw, at):
        g = self.game
        if g.result() is not None:
            return 0
        if hasattr(g, "candidates"):
            ms = g.candidates(self.MAXMOVES)
        else:
            ms = g.moves()[:self.MAXMOVES]
        n = len(ms)
        for i in range(n):
            mv[at + i] = ms[i]
            pv[at + i] = 4
            pw[at + i] = 4 if i < 4 else 2    # the game's first few: a small head start
        return n

    def play(self, m):
        self.game.play(m)

    def playout(self, amaf):
        g = self.game
        rng = self.rng
        for _ in range(self.PLIES):
            if g.result() is not None:
                break
            ms = g.moves()
            if not ms:
                break
            g.play(ms[rng.below(len(ms))])
        r = g.result()
        if r is not None:
            return r if r == 0 or r == 1 else -1     # -1: a draw
        return g.turn if g.evaluate() > 0 else 1 - g.turn


def choose(game, level=5, seed=0, playouts=None, ms=None, clock=None, progress=None,
           mhz=BENCH_MHZ, mod=None):
    """The move to play: an int of game.moves(). `playouts` and/or `ms` replace
    the level's budget (the module's PLAYOUTS scaled to mhz); clock() gives
    milliseconds; progress(n) is called with the playouts done. `game` is left
    as it was."""
    global _last
    level = 3 if level < 3 else (5 if level > 5 else level)
    seed = ((seed % 65537) * 31 + game.ply * 7 + 1) & 0xFFFF
    hooks = game.playouts(seed) if hasattr(game, "playouts") else Plain(game, seed)
    legal = game.moves()
    if not legal:
        raise ValueError("choose: no legal move (the game is over)")
    if len(legal) == 1:
        _last = (0, 0)
        return legal[0]
    me = game.turn
    for m in legal:           # a win at once needs no search (nor luck in one)
        game.play(m)
        won = game.result() == me
        game.undo()
        if won:
            _last = (0, 0)
            return m
    book = getattr(hooks, "book", None)
    if book is not None:
        m = book(legal)
        if m is not None and m in legal:
            _last = (0, 0)
            return m
    if playouts is None:
        playouts = budget(mod, level, mhz) if ms is None else MAX_PLAYOUTS
    if ms is not None and clock is None:
        clock = ticks_ms
    t = _get_tree(cap(level), hooks.TYPECODE)
    try:
        _search(t, hooks, legal, playouts, ms, clock, progress)
    finally:
        hooks.reset()
    vis = t.vis
    f = t.first[0]
    best = -1
    bv = -1
    for i in range(f, f + t.count(0)):
        if vis[i] > bv:
            bv = vis[i]
            best = i
    return t.move(best) if best >= 0 else legal[0]


# The loops over a node's children, run at every level of every playout
# (and over every node made): viper on the board (bytecode they cost the
# Pico about as much as the playout itself). Plain integer code, so they run
# as Python elsewhere.
@viper
def _select(mv, vis, win, rv, rw, f: int) -> int:
    """The child of a byte tree's node, f onwards, with the best
    RAVE-blended win rate (Michi's: beta = rv / (rv + v + v * rv /
    RAVE_EQUIV)), in 1/1024."""
    m = ptr8(mv)
    pv = ptr16(vis)
    pw = ptr16(win)
    prv = ptr16(rv)
    prw = ptr16(rw)
    best = f
    bv = -1
    i = f
    while True:
        v = pv[i]
        q = (pw[i] * 512) // v
        r = prv[i]
        if r != 0:
            beta = (r * 1024) // (r + v + (v * r) // 3500)
            q = ((1024 - beta) * q + beta * ((prw[i] * 512) // r)) >> 10
        if q > bv:
            bv = q
            best = i
        if m[i] & _LAST:
            return best
        i += 1


@viper
def _born(mv, win, rv, rw, first, x: int) -> int:
    """Tree.born() of a byte tree's nodes x >> 9 .. + (x >> 1 & 255) - 1,
    their player 2 if x & 1; -1 if a move is not below 64."""
    m = ptr8(mv)
    pw = ptr16(win)
    prv = ptr16(rv)
    prw = ptr16(rw)
    pf = ptr16(first)
    f = x >> 9
    e = f + ((x >> 1) & 255)
    b = (x & 1) << 7
    for i in range(f, e):
        v = m[i]
        if v > _MOVE:
            return -1
        m[i] = v | b
        pw[i] = pw[i] * 2
        prv[i] = 0
        prw[i] = 0
        pf[i] = 0
    m[e - 1] = m[e - 1] | _LAST
    return 0


@viper
def _rave(mv, rv, rw, amaf, x: int):
    """RAVE counts of the children x >> 2 onwards of a byte tree's node:
    each whose move its player made later in the playout; won by winner
    x & 3."""
    m = ptr8(mv)
    prv = ptr16(rv)
    prw = ptr16(rw)
    a = ptr8(amaf)
    winner = x & 3
    i = x >> 2
    while True:
        v = m[i]
        k = (v >> 7) + 1
        if a[v & _MOVE] == k:
            prv[i] = prv[i] + 1
            if winner == k:
                prw[i] = prw[i] + 2
        if v & _LAST:
            return
        i += 1


def _root(t, hooks, legal):
    """Lay out the root and its children in the tree; the first free node.

    The children are the hooks' moves that the game allows (its own rules
    may be stricter, as Go's superko), or the game's list if they offer
    none of them."""
    mv, vis, win, first, nch = t.mv, t.vis, t.win, t.first, t.nch
    hooks.root()
    n = hooks.moves(mv, vis, win, 1)
    k = 1
    ok = set(legal)
    for i in range(1, 1 + n):
        if mv[i] in ok:
            mv[k] = mv[i]
            vis[k] = vis[i]
            win[k] = win[i]
            k += 1
    ok = None
    if k == 1:
        for m in legal[:t.n - 1]:
            mv[k] = m
            vis[k] = 1
            win[k] = 1
            k += 1
    t.born(1, k - 1, hooks.who())
    vis[0] = 0
    win[0] = 0
    first[0] = 1
    if nch is not None:
        nch[0] = k - 1
    return k


def _search(t, hooks, legal, playouts, ms, clock, progress):  # noqa: C901
    global _last
    mv, vis, win, rv, rw, first, nch, who = t.mv, t.vis, t.win, t.rv, t.rw, t.first, t.nch, t.who
    packed = t.packed
    cap_n = t.n
    used = _root(t, hooks, legal)
    amafn = hooks.AMAF
    rave = amafn > 0 and packed
    amaf = bytearray(256)     # by move (a byte); 0: nobody played it
    zero = bytes(256)
    path = array("H", bytes(2 * _MAXDEPTH))
    t0 = clock() if clock is not None else 0
    tp = t0
    cal = getattr(hooks, "calibrate", None)
    done = cal(min(CALIBRATE, playouts >> 4)) if cal is not None else 0
    from math import log, sqrt
    while done < playouts:
        if clock is not None and not (done & TICK):
            now = clock()
            if ms is not None and ticks_diff(now, t0) >= ms:
                break
            if progress is not None and ticks_diff(now, tp) >= PROGRESS_MS:
                tp = now
                progress(done)
        elif progress is not None and not (done & 255):
            progress(done)
        if done:
            hooks.reset()
        done += 1
        node = 0
        d = 0
        if rave:
            amaf[:] = zero
        while True:
            f = first[node]
            if f == 0:
                if vis[node] < EXPAND or used + hooks.MAXMOVES > cap_n or d >= _MAXDEPTH - 1:
                    break
                c = hooks.moves(mv, vis, win, used)
                if c == 0:
                    break
                t.born(used, c, hooks.who())
                first[node] = f = used
                if nch is not None:
                    nch[node] = c
                used += c
            if rave:
                best = _select(mv, vis, win, rv, rw, f)
            else:
                best = f
                bv = -1
                ln = log(vis[node] + 1)
                for i in range(f, f + t.count(node)):
                    v = vis[i]
                    q = win[i] / (2 * v) + 1.4 * sqrt(ln / v)
                    if q > bv:
                        bv = q
                        best = i
            m = mv[best]
            if packed:
                m &= _MOVE
            if m < amafn and not amaf[m]:
                amaf[m] = (mv[best] >> 7) + 1 if packed else who[best]
            hooks.play(m)
            d += 1
            path[d] = best
            node = best
        winner = hooks.playout(amaf)
        vis[0] += 1
        if packed:
            wb = winner - 1           # as a player's _P2 bit (a draw's -2 is nobody's)
            for j in range(1, d + 1):
                i = path[j]
                vis[i] += 1
                if mv[i] >> 7 == wb:
                    win[i] += 2
                elif winner < 0:
                    win[i] += 1
        else:
            for j in range(1, d + 1):
                i = path[j]
                vis[i] += 1
                if winner == who[i]:
                    win[i] += 2
                elif winner < 0:
                    win[i] += 1
        if rave:
            for j in range(d):
                _rave(mv, rv, rw, amaf, first[path[j]] << 2 | (winner & 3))
    _last = (done, used)
    return used
