"""Packed boards: the layered connection search that Hex's and Sesqui's AI share.

A board of up to 9 x 9 cells is kept as three ints of three rows each: row y
is bits (y % 3) * 10 .. (y % 3) * 10 + 8 of int y // 3 (bit x is file x), and
the bits above the last file of each row stay clear, so that shifting a row
by a file never carries into the next row. Every value stays below 2**30: a
small int on the Pico, so a whole board of cells moves in a few integer
operations and nothing is allocated.

The searches (games/hex_ai.py, games/sesqui_ai.py) are 0-1 breadth-first
searches by layers of whole boards: layer d is the set of cells a colour
reaches from one edge at cost <= d (own stones free, empty cells one). Each
game spreads a layer by its own neighbourhood (six hex neighbours and
bridges; eight king steps that no crossing shuts); what the layers are then
used for lives here, once:

- `pack()`: the tables between cells and bits;
- `pad()`: a search that ran out of cells repeats its last layer;
- `slack()`: from the layers of two searches (one from each edge), the
  cells on a shortest connection, on one a cell longer, the own stones on a
  shortest one and the cells every shortest one passes.

Each game's search stays one function of its own, on purpose: it is the AI's
hottest code, and on the Pico a call costs about 2,500 fuel and each value
passed through a list or returned in a tuple more than an operation does
(docs/developers/ai-games.md), so splitting a search into helpers would cost time per node.
"""


def pack(n, cell, cells):
    """(PJ, PB, BITSQ) of an n x n board whose square (x, y) is cell(x, y),
    for `cells` cell indices: PJ[c] the int of cell c, PB[c] its bit (0 for
    a cell off the board), BITSQ[37 * j + b % 37] the cell of the single bit
    b of int j (2**k % 37 differs for every k below 36)."""
    pj = bytearray(cells)
    pb = [0] * cells
    bitsq = bytearray(3 * 37)
    for y in range(n):
        for x in range(n):
            c = cell(x, y)
            b = 1 << ((y % 3) * 10 + x)
            pj[c] = y // 3
            pb[c] = b
            bitsq[37 * (y // 3) + b % 37] = c
    return bytes(pj), tuple(pb), bytes(bitsq)


def pad(lay, base, dist, cap, r0, r1, r2):
    """Repeat the layer at `dist` (r0..r2) up to layer cap - 1: the search
    reached everything it could."""
    j = base + 3 * dist
    while j + 3 < base + 3 * cap:
        lay[j + 3] = r0
        lay[j + 4] = r1
        lay[j + 5] = r2
        j += 3


def slack(lay, far, dist, o0, o1, o2, e0, e1, e2, sl, at, every):
    """The masks of a colour's shortest connections, from its two layered
    searches: lay[0 ..] from its first edge, lay[far ..] from the other (at
    least dist + 2 layers each), dist its distance, o0..o2 its stones, e0..e2
    the empty cells. Writes sl[at ..]: [0..2] the empty cells on a shortest
    connection, [3..5] those on one at most a cell longer, [6..8] its stones
    on a shortest one and, when `every`, [9..11] the empty cells every
    shortest connection passes.

    A cell first reached at cost i from the first edge and at cost <= dist
    - i (a stone) or <= dist + 1 - i (an empty cell, counted in both) from
    the other lies on a shortest connection; an empty cell reached at
    <= dist + 2 - i from the other, on one a cell longer. Every shortest
    connection fills one empty cell first reached at each cost 1..dist: if
    only one cell is, all of them pass there."""
    p0 = lay[0]
    p1 = lay[1]
    p2 = lay[2]
    h = far + 3 * dist
    c0 = p0 & lay[h]
    c1 = p1 & lay[h + 1]
    c2 = p2 & lay[h + 2]
    z0 = z1 = z2 = w0 = w1 = w2 = u0 = u1 = u2 = 0
    for i in range(1, dist + 1):
        j = 3 * i
        q0 = lay[j]
        q1 = lay[j + 1]
        q2 = lay[j + 2]
        y0 = q0 & ~p0
        y1 = q1 & ~p1
        y2 = q2 & ~p2
        h = far + 3 * (dist + 1 - i)
        c0 |= y0 & o0 & lay[h - 3]
        c1 |= y1 & o1 & lay[h - 2]
        c2 |= y2 & o2 & lay[h - 1]
        v0 = y0 & e0 & lay[h]
        v1 = y1 & e1 & lay[h + 1]
        v2 = y2 & e2 & lay[h + 2]
        z0 |= v0
        z1 |= v1
        z2 |= v2
        if every and not (v0 & (v0 - 1) or v1 & (v1 - 1) or v2 & (v2 - 1)) \
                and bool(v0) + bool(v1) + bool(v2) == 1:
            u0 |= v0
            u1 |= v1
            u2 |= v2
        w0 |= y0 & e0 & lay[h + 3]
        w1 |= y1 & e1 & lay[h + 4]
        w2 |= y2 & e2 & lay[h + 5]
        p0 = q0
        p1 = q1
        p2 = q2
    # Cost dist + 1 from the first edge: only a cell a cell longer.
    j = 3 * dist + 3
    w0 |= lay[j] & ~p0 & e0 & lay[far + 3]
    w1 |= lay[j + 1] & ~p1 & e1 & lay[far + 4]
    w2 |= lay[j + 2] & ~p2 & e2 & lay[far + 5]
    sl[at] = z0
    sl[at + 1] = z1
    sl[at + 2] = z2
    sl[at + 3] = w0
    sl[at + 4] = w1
    sl[at + 5] = w2
    sl[at + 6] = c0
    sl[at + 7] = c1
    sl[at + 8] = c2
    if every:
        sl[at + 9] = u0
        sl[at + 10] = u1
        sl[at + 11] = u2

