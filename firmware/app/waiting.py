"""What the board says while play waits for the real pieces (app/pieces.py).

The board sees where pieces stand, never their colour, and knows where they
should stand. From the squares that disagree, and from what made them
disagree (the start of a game, a player's move, the board's move, an undo),
it chooses what to ask first and says it in words, built only when said:

- the board's own move: MOVE THE PIECE D7 TO D6 (a placement: PUT A WHITE
  STONE ON D4, the colour where the look has one); carried out onto another
  square: NOT D5: THE PIECE GOES TO D6;
- captured pieces: TAKE OFF THE CAPTURED STONES;
- an undo of one move: PUT THE PIECE BACK ON B2, TAKE THE PIECE OFF C5,
  MOVE B3 BACK TO B2;
- anything else: TAKE OFF THE RED PIECES first, then PUT 28 PIECES ON THE
  BLINKING SQUARES (one square: PUT A WHITE PIECE ON B2).

While the same thing is asked, each square done counts down (12 TO GO); a
square gone wrong asks afresh. A piece whose colour must change where the
board cannot see it (Semaforo after an undo or the board's move) is said
once the switches agree: TURN THE PIECE ON C5 BACK TO YELLOW. The game names
its pieces (Base.PIECE_WORDS: stones in Go); everything else is the looks'.
Every square is named as the game names it, the words are the board's
language's (app/lang.py).
"""
from games.common import cell_name, BLACK, WHITE, GREEN, YELLOW, RED, BLACK_SOFT, WHITE_SOFT
from app.lang import tr
from app.words import tr_as

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
ASK_WRONG = 6      # the board's move carried out onto another square


def colour_word(look):
    """The colour players call a piece of this look (in English: the
    catalogue's "colour:" words), or None (a seat's colour, which the
    pieces at the table need not share)."""
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


def _colour(look):
    word = colour_word(look)
    return None if word is None else tr_as("colour", word)


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
            # The piece taken from its square (or a stone to place) put down
            # on another one: say where it goes.
            moved = len(last) == 1 or last[0] not in extra
            if moved and last[-1] in missing:
                for sq in extra:
                    if sq not in last and sq not in captured:
                        return ASK_WRONG, k
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
    """The whole sentence for `ask`, in the board's language. `names(sq)`:
    a square's name as the game names it; `looks(sq)`: the look the game
    shows there; piece_words: the game's (singular, plural) word for a
    piece."""
    one, many = tr(piece_words[0]), tr(piece_words[1])
    if ask == ASK_BOARD:
        if len(last) >= 2:
            return tr("MOVE THE {piece} {a} TO {b}").format(piece=one, a=names(last[0]), b=names(last[1]))
        colour = _colour(looks(last[0]))
        if colour is not None:
            return tr("PUT A {colour} {piece}|ON {sq}").format(colour=colour, piece=one, sq=names(last[0]))
        return tr("PUT THE BOARD'S {piece}|ON {sq}").format(piece=one, sq=names(last[0]))
    if ask == ASK_WRONG:
        wrong = [sq for sq in extra if sq not in last][0]
        goes = [sq for sq in last if sq in missing] or [last[-1]]
        return tr("NOT {wrong}: THE {piece}|GOES TO {sq}").format(
            wrong=names(wrong), piece=one, sq=names(goes[0]))
    if ask == ASK_CAPTURED:
        return tr("REMOVE CAPTURED {pieces}").format(pieces=many)
    if ask == ASK_BACK:
        if missing and extra:
            return tr("MOVE {a} BACK TO {b}").format(a=names(extra[0]), b=names(missing[0]))
        if missing:
            return tr("PUT THE {piece} BACK ON {sq}").format(piece=one, sq=names(missing[0]))
        return tr("TAKE THE {piece} OFF {sq}").format(piece=one, sq=names(extra[0]))
    if ask == ASK_RED:
        if len(extra) == 1 and names(extra[0]) is None:
            return tr("TAKE OFF THE {piece}|ON THE RED SQUARE").format(piece=one)   # off the game: no name
        if len(extra) == 1:
            return tr("TAKE THE {piece} OFF {sq}").format(piece=one, sq=names(extra[0]))
        return tr("TAKE OFF THE RED {pieces}").format(pieces=many)
    if len(missing) == 1:
        colour = _colour(looks(missing[0]))
        if colour is None:
            return tr("PUT A {piece} ON {sq}").format(piece=one, sq=names(missing[0]))
        return tr("PUT A {colour} {piece}|ON {sq}").format(colour=colour, piece=one, sq=names(missing[0]))
    return tr("PUT {n} {pieces}|ON THE BLINKING SQUARES").format(n=len(missing), pieces=many)


def counted(k):
    """The countdown while the same thing is asked."""
    return tr("%d TO GO") % k


def turn_words(turns, back, names, piece_word):
    """A piece to turn to another colour, which no switch sees: `turns` is
    ((square, look), ...), `back` after an undo."""
    out = []
    piece = tr(piece_word)
    for sq, look in turns:
        colour = _colour(look) or tr("ITS COLOUR")
        if not out:
            text = tr("TURN THE {piece} ON {sq}|BACK TO {colour}") if back else tr(
                "TURN THE {piece} ON {sq}|TO {colour}")
            out.append(text.format(piece=piece, sq=names(sq), colour=colour))
        else:
            out.append(tr("{sq} TO {colour}").format(sq=names(sq), colour=colour))
    return "|".join(out)


def square_name(play):
    """The function naming a grid square as the game names the cell it
    shows (app/explain.py: one name for a square everywhere); None for a
    square off the game, which has no name (it blinks red)."""
    w = play.w

    def name(sq):
        c = play.cell(sq)
        return None if c is None else cell_name(c % w, c // w).upper()
    return name
