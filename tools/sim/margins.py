"""The names of a grid's ranks and files as the game on it names its
squares: one name for a square everywhere (app/explain.py), in the
terminal's margins (tools/sim/board.py), the pictures (tools/sim/pictures.py)
and the web page's labels and squares' accessible names (web/page/webmain.py
runs this file on the page's MicroPython: tools/sim/web.py bundles it).
"""
from games.common import FILES


def margins(mode, cols, rows):
    """The names of each rank and file of the grid, as the game the mode
    shows names its squares (its a1 is its own corner: one name for a square
    everywhere, app/explain.py); the grid's own without a game. A rank or
    file off the game is blank, and Pontos names only its dots."""
    view = getattr(mode, "view", None) or getattr(getattr(mode, "play", None), "view", None)
    if view is None:
        return [str(y + 1) for y in range(rows)], [FILES[x] for x in range(cols)]
    game = getattr(mode, "game", None) or getattr(getattr(mode, "play", None), "game", None)
    step = 2 if getattr(game, "name_cell", None) is not None else 1

    def name(i, origin, size, names):
        k = i - origin
        return names[k // step] if 0 <= k < size and k % step == 0 else ""
    digits = [str(n + 1) for n in range(rows)]
    return ([name(y, view.oy, view.h, digits) for y in range(rows)],
            [name(x, view.ox, view.w, FILES) for x in range(cols)])
