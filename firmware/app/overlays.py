"""What play draws: the board (app/view.py) and over it the last move, the
squares that can come next, an illegal touch, the board's move or a hint
shown in order, captured stones fading, and on a reed board the squares
whose pieces disagree with the game and a piece just put down.

Redraw only what changed: frame_key() tells core.App when the picture would
change; the board under the blinking overlays is kept in play.base and
drawn again only when play.version moved, so a blink's pass restores it and
draws the few squares that blink, allocating nothing.
"""
from compat import ticks_diff
from games.common import P0, P1
from app.screen import LOOK_RGB, TARGET, SELECTED, ERROR, LIFT, LAST, PLACED

SEQ_MS = 400           # a shown move's squares light one after another, in order
START_GREEN = 8        # the green added to an empty square where a move can start
VANISH_MS = 1500       # captured stones fade out over this long
BEAT_MS = 250          # a blink's phase


def _before(now, deadline):
    """True while a deadline (ticks, or None for none) lies ahead: wrap-safe."""
    return deadline is not None and ticks_diff(deadline, now) > 0


def beat(play, now):
    """Quarter seconds since the last answered touch: a blink's phase (odd:
    lit) and, one beat in six, the last move's marker."""
    return ticks_diff(now, play.beat0) // BEAT_MS


def frame_key(play, now):
    """A small int that changes whenever play's picture would (core.App):
    its state's version, the blink's beat, a text's offset, its deadlines.
    Kept below 2**24: a small int on the Pico, so no allocation."""
    if play.seen is not None and ticks_diff(play.seen, now) > 0:
        now = play.seen
    k = play.version & 0xFFFF
    k = ((k << 6) ^ beat(play, now) % 48) & 0xFFFFFF   # blinks, the last move's beat
    if play.scroll is not None:
        k = ((k << 5) ^ play.scroll.offset(now)) & 0xFFFFFF
    if _before(now, play.flash_until):
        k = ((k << 5) ^ 1) & 0xFFFFFF
    if play.vanished and _before(now, play.vanished_until):
        k = ((k << 5) ^ ticks_diff(play.vanished_until, now) // 40) & 0xFFFFFF
    if play.shown and _before(now, play.shown_until):
        k = ((k << 5) ^ 2 ^ ticks_diff(now, play.shown_from) // SEQ_MS) & 0xFFFFFF
    return k


def draw(play, scr, now, text=True):
    """The play screen; without `text`, no scrolled text over it."""
    if play.seen is not None and ticks_diff(play.seen, now) > 0:
        # The board thought after this pass read the clock: draw at the time
        # its deadlines were set from, so one pass has one time.
        now = play.seen
    view, g = play.view, play.game
    pending = play.entry.pending()
    if play.base_version != play.version:
        # What does not blink, drawn once a change: the board (as it would
        # be after a selected move), the squares where a move starts.
        v = play.v = g.view()
        if pending is not None:
            g.play(pending)
            view.draw(scr, g)
            g.undo()
        else:
            view.draw(scr, g, v)
        if play.humans_turn():
            starts(play, scr, v)
        play.wrong_sq = play.pieces.wrong() if play.pieces is not None else ()
        scr.keep(play.base)
        play.base_version = play.version
    else:
        scr.restore(play.base)
        v = play.v
    b = beat(play, now)
    blink = b & 1
    if play.last and b % 6 == 5:
        for c in play.last:
            scr.set(view.square(c), LAST)
    if play.humans_turn():
        targets(play, scr, blink, pending, v)
    if play.vanished and _before(now, play.vanished_until):
        fade = min(255, ticks_diff(play.vanished_until, now) * 255 // VANISH_MS)
        for c in play.vanished:
            scr.set(view.square(c), (fade, fade // 3, 0) if blink else (0, 0, 0))
    if play.shown and _before(now, play.shown_until):
        shown(play, scr, now, blink)
    flashing = play.flash_cell is not None and _before(now, play.flash_until)
    if flashing and not blink:
        for c in play.entry.next_cells():
            scr.set(view.square(c), TARGET)
    if play.pieces is not None:
        wrong(play, scr, blink, v)
        for sq, look in play.pieces.turning():     # a colour to change by hand, while said
            scr.set(sq, (0, 0, 0) if blink else LOOK_RGB[look])
        if play.pieces.resting is not None:
            scr.set(play.pieces.resting[0], PLACED)   # answered at once, counted once it rests
        if play.pieces.lifting is not None:
            # Seen, as a placement is: the selection's white once it counts.
            scr.set(play.pieces.lifting[0], PLACED)
    if text:
        view.say(scr, play.scroll, now)
    if flashing and blink:
        scr.set(play.flash_cell, ERROR)   # over the text: the refused square shows at once


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
        # Lit on the still phase: after a move, what to do shows at once.
        if p.expected[sq]:
            scr.set(sq, (0, 0, 0) if blink else LOOK_RGB[v[c]])
        elif not blink:
            scr.set(sq, LIFT if c is not None and c in play.last else ERROR)
