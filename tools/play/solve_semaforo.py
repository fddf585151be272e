"""Solve Semáforo on the desktop and write the board's opening book.

    python -m tools.play.solve_semaforo            # solve, verify, print the figures
    python -m tools.play.solve_semaforo --write    # also write firmware/games/semaforo_book.py

The 4 x 3 board with three colours and empty has 4**12 positions; the side to
move in each follows from the cells (every move adds one to a cell), so the
cells are the whole position. A full negamax with a memo over them proves that
the first player loses: the second player wins after each of the 12 openings.

The book is the second player's winning strategy for the early plies: for
every position the board (second player) meets up to ply BOOK_PLY when it
plays the book and the human plays anything, the winning reply. From
each position only one reply is kept: the winning move that leaves the
opponent the fewest safe moves (moves that hand no win in one), which keeps
the tree small. Positions are stored once per symmetry class (the
rectangle's four symmetries), as 4 bytes each: the canonical key (24 bits,
cell c's colour at 4**c) and the move in the canonical frame. Beyond the book
the firmware's own solver (semaforo.Game.perfect) finds the win within its
node budget; `--check` plays every line of the strategy through the
firmware's code to the end and confirms that.
"""
import argparse
import os
import sys

from tools.link.firmware_path import ROOT  # (and firmware/ on sys.path)

from games import semaforo  # noqa: E402

sys.setrecursionlimit(10000)
N = 12
BOOK_PLY = 11
OUT = os.path.join(ROOT, "firmware", "games", "semaforo_book.py")


# For each cell, the other two cells of each line through it; a cell's
# weight in a position's key (its colour at 4**c).
PAIRS = tuple(tuple(tuple(x for x in line if x != c) for line in semaforo.LINES_AT[c]) for c in range(N))
WEIGHT = tuple(4 ** c for c in range(N))


def wins_at(cells, c):
    """Does a move at c make three in a row?"""
    new = cells[c] + 1
    for a, b in PAIRS[c]:
        if cells[a] == new and cells[b] == new:
            return True
    return False


def has_win(cells):
    return any(cells[c] < 3 and wins_at(cells, c) for c in range(N))


class Solver:
    """Exact win/loss of every position, memoised on the cells."""

    def __init__(self):
        self.memo = {}

    def wins(self, cells):
        """Does the side to move win with perfect play?"""
        return self._wins(cells, sum(cells[c] * WEIGHT[c] for c in range(N)))

    def _wins(self, cells, k):
        # k is the cells' key, kept up to date move by move (the hot path:
        # a million positions).
        r = self.memo.get(k)
        if r is not None:
            return r
        ms = [c for c in range(N) if cells[c] < 3]
        res = False
        for c in ms:
            if wins_at(cells, c):
                res = True
                break
        if not res:
            for c in ms:
                cells[c] += 1
                res = not self._wins(cells, k + WEIGHT[c])
                cells[c] -= 1
                if res:
                    break
        self.memo[k] = res
        return res


def canonical(cells):
    """(key, symmetry) of the smallest key over the four symmetries."""
    best = None
    for s, perm in enumerate(semaforo.SYMMETRY):
        k = 0
        for c in range(N - 1, -1, -1):
            k = k * 4 + cells[perm[c]]
        if best is None or k < best[0]:
            best = (k, s)
    return best


def safe_moves(cells):
    out = []
    for c in range(N):
        if cells[c] < 3:
            cells[c] += 1
            if not has_win(cells):
                out.append(c)
            cells[c] -= 1
    return out


def strategy(solver, max_ply):
    """The book: {canonical key: canonical move} for the second player's
    positions up to max_ply, the human playing every move that does not lose
    at once (a move that hands a win in one is answered by that win)."""
    book = {}

    def board(cells, ply):
        k, s = canonical(cells)
        if k in book or ply > max_ply:
            return
        best = None
        for d in range(N):
            if cells[d] < 3 and not wins_at(cells, d):
                cells[d] += 1
                if not solver.wins(cells):
                    n = len(safe_moves(cells))
                    if best is None or n < best[0]:
                        best = (n, d)
                cells[d] -= 1
        assert best is not None, "the second player has no winning reply: %r" % bytes(cells)
        d = best[1]
        perm = semaforo.SYMMETRY[s]
        book[k] = perm.index(d)     # the move in the canonical frame
        cells[d] += 1
        for c in safe_moves(cells):
            cells[c] += 1
            board(cells, ply + 2)
            cells[c] -= 1
        cells[d] -= 1

    cells = bytearray(N)
    for c in range(N):
        cells[c] += 1
        board(cells, 1)
        cells[c] -= 1
    return book


def pack(book):
    out = bytearray()
    for k in sorted(book):
        out += bytes((k >> 16, (k >> 8) & 255, k & 255, book[k]))
    return bytes(out)


def write(data):
    lines = ['"""Semáforo\'s opening book: the second player\'s winning replies up to ply %d.' % BOOK_PLY,
             "",
             "Generated by `python -m tools.play.solve_semaforo --write`; do not edit. Four bytes",
             "an entry, sorted: the position's canonical key (24 bits, big-endian) and",
             "the winning move in that frame (semaforo.SYMMETRY).",
             '"""',
             "BOOK = ("]
    for i in range(0, len(data), 16):
        lines.append("    %r" % data[i:i + 16])
    lines.append(")")
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")


def check(nodes):
    """Play every line of the board's strategy as second player through the
    firmware (book, then Game.perfect(nodes)), the human trying every move:
    the board must win them all. Returns (positions, worst solver nodes)."""
    g = semaforo.Game()
    seen = set()
    worst = [0]

    def human():
        k = g.key()
        if k in seen:
            return
        seen.add(k)
        for m in g.moves():
            g.play(m)
            if g.result() is None:
                reply = g.perfect(nodes)
                worst[0] = max(worst[0], g.solver_nodes)
                assert reply is not None, g.board_text()
                g.play(reply)
                assert g.result() in (None, 1), g.board_text()
                if g.result() is None:
                    human()
                g.undo()
            else:
                assert g.result() == 1
            g.undo()

    human()
    return len(seen), worst[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="write firmware/games/semaforo_book.py")
    ap.add_argument("--check", action="store_true", help="play the whole strategy through the firmware")
    ap.add_argument("--nodes", type=int, default=semaforo.SOLVE_NODES,
                    help="the solver's budget a move for --check (default: the firmware's)")
    opts = ap.parse_args(argv)
    solver = Solver()
    first = solver.wins(bytearray(N))
    print("first player wins: %s (%d positions solved)" % (first, len(solver.memo)))
    cells = bytearray(N)
    for c in range(N):
        cells[c] += 1
        assert solver.wins(cells), "opening %d is not a second-player win" % c
        cells[c] -= 1
    print("the second player wins after each of the 12 openings")
    book = strategy(solver, BOOK_PLY)
    data = pack(book)
    print("book: %d positions up to ply %d, %d bytes" % (len(book), BOOK_PLY, len(data)))
    if opts.write:
        write(data)
        print("wrote", os.path.relpath(OUT, ROOT))
    if opts.check:
        n, worst = check(opts.nodes)
        print("strategy checked: %d human-to-move positions, worst solver search %d nodes" % (n, worst))
    return 0


if __name__ == "__main__":
    sys.exit(main())
