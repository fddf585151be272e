"""What the board says in words about squares: why a touch is no move, and
every square name a game writes, turned into the name of the board's square.

A game names its cells in its own coordinates (Rastros' g7), but it lies
centred on the grid, so the players see that cell as another square of the
board (h8 on a 9x9 board). Everything the board scrolls that comes from a
game's text goes through board_names() first.

A touch that starts or continues no legal move flashes red at once (app/play);
the reason is then scrolled in a few words: the game's short form of what
its explain() says (Base.short, e.g. "ONLY FORWARD"), short enough to scroll
past in READ_MS at the board's speed; the whole sentence stays explain()'s.
The text explain() needs is the move the touched cells
would name: a game whose notation is not its cells joined by '-' says it
with touch_text(cells) (None: no move's text, the board then says where no
move starts or goes). A game that counts seeds in its cells (Ouri) tells
their number with count_at(cell), said first.
"""
from games.common import FILES, cell_name
from app.font import GLYPHS, FOLD


def _cell_of(g, x, y):
    name_cell = getattr(g, "name_cell", None)
    if name_cell is not None:
        return name_cell(x, y)
    return y * g.layout()[0] + x


def board_names(play, text):
    """`text` with every name of a cell of the game (a letter and a number:
    'c3') replaced by the board square that shows that cell, in capitals."""
    g = play.game
    w, h = g.layout()
    if getattr(g, "name_cell", None) is not None:
        w = h = (w + 1) // 2            # the notation names every other cell
    out = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        j = i + 1
        while j < n and "0" <= text[j] <= "9":
            j += 1
        x = FILES.find(ch.lower())
        before = text[i - 1] if i else " "
        after = text[j] if j < n else " "
        if (0 <= x < w and j > i + 1 and j - i <= 3 and text[i + 1] != "0"
                and not before.isalpha() and not after.isalpha()
                and int(text[i + 1:j]) <= h):
            sq = play.square(_cell_of(g, x, int(text[i + 1:j]) - 1))
            out.append(cell_name(sq % play.ctx.cols, sq // play.ctx.cols))
        else:
            out.append(text[i:j])
        i = j
    return "".join(out).upper()


def _texts(g, cells):
    """The move text the touched cells would name, or None."""
    own = getattr(g, "touch_text", None)
    if own is not None:
        return own(cells)
    w = g.layout()[0]
    return "-".join(cell_name(c % w, c // w) for c in cells)


OUTSIDE = "OUTSIDE GAME"
READ_MS = 6000      # the longest a reason may take to scroll past


def reason(play, cell):
    """Why a touch on `cell` (None: outside the game) is no move now, short,
    with board square names; the seed count first where the game has one."""
    if cell is None:
        return OUTSIDE
    g = play.game
    touched = list(play.entry.touched)
    why = None
    text = _texts(g, touched + [cell])
    if text is not None:
        said = g.explain(text)
        k = said.find(" is not legal: ")
        if k >= 0:
            why = g.short(said) or board_names(play, said[k + 15:])
    if why is None:
        sq = play.square(cell)
        here = cell_name(sq % play.ctx.cols, sq // play.ctx.cols)
        why = ("no move to %s" if touched else "no move at %s") % here
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
