"""The Sesqui board as the code sees it, for the rules (games/sesqui.py) and
the AI (games/sesqui_ai.py): a "mailbox" of 10 rows of 9 cells, the 8 x 8
squares surrounded by walls (a wall column on the right serves both sides),
so that neighbours and queen rays are found by adding steps, with no tables
in the heap. Cell (y + 1) * 9 + x is square (x, y). The packed rows of
games/packed.py index the squares by PJ, PB and BITSQ.
"""
from compat import const
from games.common import zobrist
from games.packed import pack

_W = const(8)
_MW = const(9)             # mailbox row width
_MN = const(90)            # mailbox cells

# Steps in the mailbox: the 4 orthogonal ones, and all 8 queen directions.
ORTHS = (1, -1, 9, -9)
STEPS = (1, -1, 9, -9, 10, -10, -8, 8)
# The 4 diagonal steps s with the two cells beside the step (c + a, c + b):
# colour v on c makes a crossing with c + s when c + s is v and c + a, c + b
# the other colour; a chain cannot link c to c + s through an empty square
# when c + a and c + b are the opponent's.
DIAGS = ((10, 1, 9), (-10, -1, -9), (8, -1, 9), (-8, 1, -9))
# NEAR[a - b + 10]: 1 when cells a and b are the same or touch (8 ways).
NEAR = bytes(1 if d in (0, 1, -1, 8, -8, 9, -9, 10, -10) else 0 for d in range(-10, 11))
# SQ[i]: the mailbox cell of square i = y * 8 + x; BOX[c]: back (255 on walls).
SQ = bytes((i // 8 + 1) * _MW + i % 8 for i in range(64))
# The two edges of each colour (index 1 black, 2 white): where chains start,
# where they end.
START = (None, SQ[0:8], bytes(SQ[i * 8] for i in range(8)))
END = (None, SQ[56:64], bytes(SQ[i * 8 + 7] for i in range(8)))


def _tables():
    box = bytearray(b"\xff" * _MN)
    g1, g2 = bytearray(_MN), bytearray(_MN)
    for i in range(64):
        box[SQ[i]] = i
    for c in END[1]:
        g1[c] = 1
    for c in END[2]:
        g2[c] = 1
    return bytes(box), (None, bytes(g1), bytes(g2))


BOX, GOAL = _tables()   # GOAL[v][c]: 1 on the far edge of colour v

# --- packed rows ------------------------------------------------------------
# Each colour's stones are also kept as three ints of three rows each (see
# games/packed.py): row y is bits (y % 3) * 10 .. + 7 of int y // 3 (bit x is
# file x). _pmask() finds the legal placements from them; the AI's searches
# (games/sesqui_ai.py) run on them.
# PJ[c], PB[c]: the int and bit of cell c; BITSQ: the cell of a bit (packed.pack).
PJ, PB, BITSQ = pack(_W, lambda x, y: (y + 1) * _MW + x, _MN)
# CEN[c]: the distance of cell c from the centre, for the AI's ordering.
CEN = bytes(max(abs(2 * (BOX[c] & 7) - 7), abs(2 * (BOX[c] >> 3) - 7)) if BOX[c] != 255 else 0
            for c in range(_MN))

# Zobrist keys: ZOB[v * 90 + c] for colour v = 1, 2 on cell c; ZOB[270 + turn * 3 + owed].
ZOB = zobrist(3 * _MN + 6, 6)
