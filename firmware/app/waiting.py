"""What the board says while play waits for the real pieces (app/pieces.py).

The board sees where pieces stand, never their colour, and knows where they
should stand. From the squares that disagree, and from what made them
disagree (the start of a game, a player's move, the board's move, an undo),
it chooses what to ask first and says it in words, built only when said:

- the board's own move: MOVE THE BOARD'S PIECE D7 TO D6 (a placement: PUT
  A WHITE STONE ON D4, the colour where the look has one);
- captured pieces: TAKE OFF THE CAPTURED STONES;
- an undo of one move: PUT THE PIECE BACK ON B2, TAKE THE PIECE OFF C5,
  MOVE THE PIECE B3 BACK TO B2;
- anything else: TAKE OFF THE RED PIECES first, then PUT 28 PIECES ON THE
  BLINKING SQUARES (one square: PUT A WHITE PIECE ON B2).

While the same thing is asked, each square done counts down (12 TO GO); a
square gone wrong asks afresh. A piece whose colour must change where the
board cannot see it (Semaforo after an undo or the board's move) is said
once the switches agree: TURN THE PIECE ON C5 BACK TO YELLOW. The game names
its pieces (Base.PIECE_WORDS: stones in Go); everything else is the looks'.
"""
from games.common import cell_name, BLACK, WHITE, GREEN, YELLOW, RED, BLACK_SOFT, WHITE_SOFT

# Why play waits: what refreshed the pieces.
START = 0       # a game started or resumed
MOVE = 1        # a player's move
BOARD = 2       # the board's move
UNDO = 3        # a move taken back

# What is asked (the kinds of words), first first.
ASK_BOARD = 1
ASK_CAPTURED = 2
ASK_BACK = 3
ASK_RED = 4
ASK_PUT = 5


def colour_word(look):
    """The colour players call a piece of this look, or None (a seat's
    colour, which the pieces at the table need not share)."""
    if look == BLACK or look == BLACK_SOFT:
        return "BLACK"
    if look == WHITE or look == WHITE_SOFT:
        return "WHITE"
    if look == GREEN:
        return "GREEN"
    if look == YELLOW:
        return "YELLOW"
    if look == RED:
        return "RED"
    return None


def choose(missing, extra, cause, last, captured):
    """(what is asked, how many squares it covers) for the squares where a
    piece is missing and where one is too many; (None, 0) when they agree.
    `last`: the board's move's squares (cause BOARD), `captured`: the
    squares of pieces just captured."""
    if cause == BOARD and last:
        k = 0
        for sq in last:
            if sq in missing or sq in extra:
                k += 1
        if k:
            return ASK_BOARD, k
    k = 0
    for sq in captured:
        if sq in extra:
            k += 1
    if k:
        return ASK_CAPTURED, k
    if cause == UNDO and len(missing) <= 1 and len(extra) <= 1 and (missing or extra):
        return ASK_BACK, len(missing) + len(extra)
    if extra:
        return ASK_RED, len(extra)
    if missing:
        return ASK_PUT, len(missing)
    return None, 0


def words(ask, names, missing, extra, last, looks, piece_words):
    """The whole sentence for `ask`. `names(sq)`: a square's name as the
    board's margin shows it; `looks(sq)`: the look the game shows there;
    piece_words: the game's (singular, plural) word for a piece."""
    one, many = piece_words
    if ask == ASK_BOARD:
        if len(last) >= 2:
            return "MOVE THE BOARD'S %s %s TO %s" % (one, names(last[0]), names(last[1]))
        colour = colour_word(looks(last[0]))
        if colour is not None:
            return "PUT A %s %s ON %s" % (colour, one, names(last[0]))
        return "PUT THE BOARD'S %s ON %s" % (one, names(last[0]))
    if ask == ASK_CAPTURED:
        return "TAKE OFF THE CAPTURED %s" % many
    if ask == ASK_BACK:
        if missing and extra:
            return "MOVE THE %s %s BACK TO %s" % (one, names(extra[0]), names(missing[0]))
        if missing:
            return "PUT THE %s BACK ON %s" % (one, names(missing[0]))
        return "TAKE THE %s OFF %s" % (one, names(extra[0]))
    if ask == ASK_RED:
        if len(extra) == 1:
            return "TAKE THE %s OFF %s" % (one, names(extra[0]))
        return "TAKE OFF THE RED %s" % many
    if len(missing) == 1:
        colour = colour_word(looks(missing[0]))
        return "PUT A %s%s ON %s" % ("" if colour is None else colour + " ", one, names(missing[0]))
    return "PUT %d %s ON THE BLINKING SQUARES" % (len(missing), many)


def counted(k):
    """The countdown while the same thing is asked."""
    return "%d TO GO" % k


def turn_words(turns, back, names, piece_word):
    """A piece to turn to another colour, which no switch sees: `turns` is
    ((square, look), ...), `back` after an undo."""
    out = []
    for sq, look in turns:
        colour = colour_word(look) or "ITS COLOUR"
        if not out:
            out.append("TURN THE %s ON %s %sTO %s" % (
                piece_word, names(sq), "BACK " if back else "", colour))
        else:
            out.append("%s TO %s" % (names(sq), colour))
    return " - ".join(out)


def square_name(cols):
    """The function naming a grid square as the board's margin shows it."""
    def name(sq):
        return cell_name(sq % cols, sq // cols).upper()
    return name
