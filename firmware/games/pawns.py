"""Pawn races, shared by Avanço and Peões (games/avanco.py, games/peoes.py).

Both games keep each side's pieces as one bit mask per rank (bit x: a piece
on file x), White moving up from rank 0 and Black down, and both evaluate a
race: a *runner* is a piece with no enemy piece anywhere in the cone ahead
of it (|dx| <= dy), so nothing can ever capture or stop it, and a side whose
nearest runner needs no more moves than every enemy piece wins the race.
What the two share lives here: the rank-mask tables, the race's verdict,
the Zobrist key of a position and the checks of a typed from-to move that
explain() starts with.
"""
from games.common import read_from_to, cell_name


def rank_tables(width):
    """(POP, SPREAD, SIDES) for rank masks of `width` files, as bytes indexed
    by the mask m: POP[m] its pieces, SPREAD[m] the files m covers with one
    step of spread either way (a cone one rank further on), SIDES[m] the
    files diagonally beside m's pieces (where they capture)."""
    full = (1 << width) - 1
    r = range(1 << width)
    return (bytes(bin(m).count("1") for m in r),
            bytes((m | (m << 1) | (m >> 1)) & full for m in r),
            bytes(((m << 1) | (m >> 1)) & full for m in r))


def race(side, win, mw, fw, mb, fb):
    """The race's verdict from `side`'s view, or None when it is open: mw, mb
    the moves White's and Black's nearest piece still needs, fw, fb those of
    their nearest runner (more than any board's ranks when there is none).
    The side to move wins a tie; `win` is the score of a race won (less 100
    a move still needed, so a shorter race scores higher)."""
    if side == 0:
        if fw <= mb:
            return win - 100 * fw
        if fb < mw:
            return 100 * fb - win
    else:
        if fb <= mw:
            return win - 100 * fb
        if fw < mb:
            return 100 * fw - win
    return None


def key_of(cells, zob):
    """The Zobrist key of the pieces: zob[(side) * len(cells) + c] for each
    piece of side 0 (1 in cells) or 1 (2) on cell c."""
    n = len(cells)
    k = 0
    for c in range(n):
        if cells[c]:
            k ^= zob[(cells[c] - 1) * n + c]
    return k


# The few words for own_piece()'s reasons (Base.short), for the games using it.
OWN_PIECE_SHORT = (
    ("(it is ", "NOT YOUR PIECE"),
    ("no piece of yours", "NO PIECE HERE"),
)


def own_piece(g, text, width, noun, example):
    """The first checks of explain() for a typed move like b2-b3 on a board
    `width` wide: (from, to, the move's name) when it moves one of the side
    to move's pieces, else the one line that says what is wrong."""
    if not isinstance(text, str):
        return "a move must be text, like %s" % example
    text = text.strip()
    if g.result() is not None:
        return "%s is not legal: the game is over" % text
    st = read_from_to(text, width, width, noun, example)
    if isinstance(st, str):
        return st
    s, t = st
    name = cell_name(s % width, s // width) + "-" + cell_name(t % width, t // width)
    b = g.cells[s]
    if b != g.turn + 1:
        if b:
            return "%s is not legal: there is no piece of yours on %s (it is %s's)" % (
                name, cell_name(s % width, s // width), g.SEATS[b - 1])
        return "%s is not legal: there is no piece of yours on %s" % (
            name, cell_name(s % width, s // width))
    return s, t, name
