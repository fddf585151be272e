"""The 7 x 7 Go board as the rules (games/go.py) and the AI (games/go_ai.py)
both read it: the points and their neighbours, the moves that are no point,
the stone colours, and the group scan.

A point is y * 7 + x (a1 = 0, g7 = 48). Groups.scan() labels the groups of a
board once; moves() and the rules' checks read its results, and the
evaluation reads them again in the same position.
"""
from compat import const

W = const(7)              # points a side
N = const(49)             # points
PASS = const(49)
SWAP = const(50)          # seat 1's first move may take Black's stone and colour
STONES = const(25)        # stones of each colour

# A point's colour in Game.board (0 empty); a colour to move is one of them,
# its opponent 3 - it.
BLACK_STONE = const(1)
WHITE_STONE = const(2)

_ZERO = bytes(N)


def _neighbours():
    out = []
    for c in range(N):
        x, y = c % W, c // W
        ns = []
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < W and 0 <= ny < W:
                ns.append(ny * W + nx)
        out.append(tuple(ns))
    return tuple(out)


NB = _neighbours()
del _neighbours
# 0 on the edge, 1 on the second line, 2 on the third, 3 at the centre d4.
CENTRE = bytes(min(c % W, c // W, W - 1 - c % W, W - 1 - c // W) for c in range(N))


class Groups:
    """The groups of a board, as scan() last found them (arrays reused from
    scan to scan: the heap is small). Group numbers run from 1; per point:
    gid[point] its stone's group (0: empty), atari[point] bit `colour` set
    when it is the last liberty of a group of that colour, adj[point] the
    colours of the stones next to an empty point; per group: gcol, gsize and
    glib (colour, stones, liberties). lmark and stack are the scan's
    scratch, free for whoever reads the results until the next scan (the
    evaluation numbers its regions in them)."""

    def __init__(self):
        self.gid = bytearray(N)
        self.glib = bytearray(N + 1)
        self.gsize = bytearray(N + 1)
        self.gcol = bytearray(N + 1)
        self.lmark = bytearray(N)
        self.stack = bytearray(N)
        self.atari = bytearray(N)
        self.adj = bytearray(N)

    def scan(self, b):
        """Label every group of board b; returns the group count."""
        gid = self.gid
        gid[:] = _ZERO
        lmark = self.lmark
        lmark[:] = _ZERO
        stack = self.stack
        atari = self.atari
        atari[:] = _ZERO
        adj = self.adj
        adj[:] = _ZERO
        glib, gsize, gcol = self.glib, self.gsize, self.gcol
        nb = NB
        ng = 0
        last = 0
        for s in range(N):
            col = b[s]
            if col == 0 or gid[s]:
                continue
            ng += 1
            gid[s] = ng
            stack[0] = s
            sp = 1
            size = 0
            libs = 0
            while sp:
                sp -= 1
                c = stack[sp]
                size += 1
                for n in nb[c]:
                    v = b[n]
                    if v == 0:
                        adj[n] |= col
                        if lmark[n] != ng:
                            lmark[n] = ng
                            libs += 1
                            last = n
                    elif v == col and not gid[n]:
                        gid[n] = ng
                        stack[sp] = n
                        sp += 1
            if libs == 1:
                atari[last] |= col
            glib[ng] = libs
            gsize[ng] = size
            gcol[ng] = col
        return ng
