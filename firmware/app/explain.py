"""What the board says in words about a touch that is no move.

Squares are named as the game names them, everywhere: on the board, in the
terminal and on the web page (their margins letter the game's own squares),
in the record book, the replay and the exports. A game smaller than the grid
lies centred on it, and its a1 is its own corner, not the grid's.

A touch that starts or continues no legal move flashes red at once (app/play);
the reason is then scrolled in a few words: the game's short form of what
its explain() says (Base.short, e.g. "ONLY FORWARD"), in the board's
language (app/lang.py), short enough to scroll past in READ_MS at the
board's speed; the whole sentence stays explain()'s (the referee).
The text explain() needs is the move the touched cells
would name: a game whose notation is not its cells joined by '-' says it
with touch_text(cells) (None: no move's text, the board then says that no
move starts or goes there). A game that counts seeds in its cells (Ouri)
tells their number with count_at(cell), said first.
"""
from games.common import cell_name
from app.font import GLYPHS, FOLD
from app.lang import N_, tr


def _texts(g, cells):
    """The move text the touched cells would name, or None."""
    own = getattr(g, "touch_text", None)
    if own is not None:
        return own(cells)
    w = g.layout()[0]
    return "-".join(cell_name(c % w, c // w) for c in cells)


OUTSIDE = N_("OUTSIDE GAME")
READ_MS = 6000      # the longest a reason may take to scroll past


def reason(play, cell):
    """Why a touch on `cell` (None: outside the game) is no move now, short,
    with board square names; the seed count first where the game has one."""
    if cell is None:
        return tr(OUTSIDE)
    g = play.game
    touched = list(play.entry.touched)
    why = None
    text = _texts(g, touched + [cell])
    if text is not None:
        said = g.explain(text)
        k = said.find(" is not legal: ")
        if k >= 0:
            short = g.short(said)
            why = tr(short) if short is not None else tr(said[k + 15:].upper())
    if why is None:
        why = tr("NO MOVE THERE") if touched else tr("NO MOVE HERE")
    count = getattr(g, "count_at", None)
    n = count(cell) if count is not None else None
    if n is not None:
        why = "%d" % n if text is None else "%d: %s" % (n, why)
    return plain(why)


def plain(text):
    """Capitals the scroll font has: brackets would show as '?', a comma as
    a gap."""
    out = []
    for ch in text.upper():
        if ch in GLYPHS or ch in FOLD:
            if not (ch == " " and out and out[-1] == " "):
                out.append(ch)
        elif ch in ",;" and out and out[-1] != " ":
            out.append(" ")
    return "".join(out).strip()
