"""What play draws over the board view: the squares that can come next, the
board's move or a hint shown in order, and on a reed board the squares whose
pieces disagree with the game.
"""
from compat import ticks_diff
from games.common import P0, P1
from app.screen import LOOK_RGB, TARGET, SELECTED, ERROR, LIFT

SEQ_MS = 400           # a shown move's squares light one after another, in order
START_GREEN = 8        # the green added to an empty square where a move can start


def _piece_looks(play):
    # A game played by taps (Ouri, Pontos) has no PIECES: its seats' own
    # looks are what a move starts from (Ouri's pits).
    return getattr(play.mod, "PIECES", None) or (P0, P1)


def starts(play, scr, v):
    """Before a touch, the empty squares where a move starts (a placement)
    are tinted a little greener, so a full board of them stays readable.
    They do not blink: drawn with the board, once a change."""
    entry = play.entry
    if entry.touched:
        return
    view = play.view           # not view.square: a bound method kept in a local is a heap object
    pieces = _piece_looks(play)
    f = scr.frame
    for c in entry.next_cells():
        if v[c] not in pieces:
            j = view.square(c) * 3 + 1
            f[j] = min(255, f[j] + START_GREEN)


def targets(play, scr, blink, pending, v):
    """What can be done now, drawn at every blink. Before a touch: the
    pieces that can move blink; after a touch, the squares that can come
    next."""
    entry = play.entry
    view = play.view
    touched = entry.touched
    if touched:
        for c in entry.next_cells():
            if v[c] <= 1 or blink:
                scr.set(view.square(c), TARGET)
    elif blink:
        pieces = _piece_looks(play)
        for c in entry.next_cells():
            if v[c] in pieces:
                scr.set(view.square(c), TARGET)
    for c in touched:
        if pending is None or blink:
            scr.set(view.square(c), SELECTED)


def shown(play, scr, now, blink):
    """The board's move or a hint: one square blinks; several light one
    after another in the order they are touched (from, to, arrow), then
    all, then none. A hint's square also shows what it would hold
    (Produto's stone colour) between blinks."""
    cells = play.shown
    view = play.view
    k = len(cells)
    if k == 1:
        sq = view.square(cells[0])
        if blink:
            scr.set(sq, play.shown_rgb)
        elif play.shown_looks and play.shown_looks[0] > 1:
            scr.set(sq, LOOK_RGB[play.shown_looks[0]])
        return
    phase = ticks_diff(now, play.shown_from) // SEQ_MS % (k + 2)
    for i in range(min(phase, k)):
        scr.set(view.square(cells[i]), play.shown_rgb)


def wrong(play, scr, blink, v):
    """Real pieces: each square that disagrees with the game blinks with
    what it should hold: the piece's colour, red where a square must be
    cleared (a capture, a piece put down wrongly), or the lift colour on
    the from-square of the move just made. The piece in hand and one
    being put down are not wrong."""
    p = play.pieces
    view = play.view
    touched = play.entry.touched
    resting = p.resting[0] if p.resting is not None else -1
    for sq in play.wrong_sq:
        c = view.cell(sq)
        if sq == resting or c is not None and c in touched:
            continue
        if p.expected[sq]:
            scr.set(sq, LOOK_RGB[v[c]] if blink else (0, 0, 0))
        elif blink:
            scr.set(sq, LIFT if c is not None and c in play.last else ERROR)
