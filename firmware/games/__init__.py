"""The catalogue of games: id, menu name and icon, without importing any game.

A game module is imported only when chosen (`load`), so the board keeps the RAM
of eleven other games free. The menu lists only games whose module is present
(deploy may install a subset) and whose layout fits the board.

Most entries are board games: the menu opens their set-up, then Play, and the
AI, the referee and the bench work on them. An entry whose module declares
`MODE` (Jogos Poliedricos: a race the board times, MODE = "race") opens that
app mode instead and has no Game: `mode_of` tells them apart, and
`installed(SETUP)` / `BOARD_GAMES` keep only the board games.
"""
import os
import sys
# Generated from the game modules by `python -m tools.source.catalog`: (id, name,
# look, look) in menu order, and the grid each game needs per option value.
from games.catalog import CATALOG, LAYOUTS, MODES  # noqa: F401

IDS = tuple(row[0] for row in CATALOG)
NAMES = dict((row[0], row[1]) for row in CATALOG)
SETUP = "setup"     # the app mode a board game opens in (its set-up, then Play)
BOARD_GAMES = tuple(gid for gid in IDS if gid not in MODES)


def mode_of(game_id):
    """The app mode (app/core.py MODES) the menu opens for an entry: SETUP for
    a board game, else what its module declares as MODE."""
    return MODES.get(game_id, SETUP)


def load(game_id):
    """The module of a game, imported on first use."""
    if game_id not in IDS:
        raise ImportError("no game called '%s'" % game_id)
    name = "games." + game_id
    __import__(name)
    return sys.modules[name]


_FOUND: list = [None]   # the game ids whose module is on this board, once looked for


def _found():
    """The games whose module file is in this package's folder, found with
    one listing of it (a stat per game costs the Pico ~4 ms on its flash)
    and kept: the files change only by a deploy, which resets the board."""
    if _FOUND[0] is None:
        here = __file__.replace("\\", "/")
        here = here[:here.rindex("/")] if "/" in here else ""
        try:
            names = os.listdir(here) if here else os.listdir()
            _FOUND[0] = tuple(gid for gid in IDS if gid + ".mpy" in names or gid + ".py" in names)
        except OSError:         # a package that cannot be listed (frozen): a look for each
            _FOUND[0] = tuple(gid for gid in IDS if _present(gid))
    return _FOUND[0]


def _present(game_id):
    for root in sys.path:
        base = (root + "/" if root else "") + "games/" + game_id
        for ext in (".mpy", ".py"):
            try:
                os.stat(base + ext)
                return True
            except OSError:
                pass
    return False


def installed(mode=None):
    """Ids of the games whose module is on this board, in catalogue order;
    with `mode`, only the entries that open in it (SETUP: the board games).

    Looks for the files rather than importing them: importing all twelve
    would spend the RAM that lazy loading saves.
    """
    found = _found()
    return [gid for gid in found if mode is None or mode_of(gid) == mode]


def unload(game_id=None):
    """Forget a game's module and the helper modules games import (hex_ai,
    packed, ...), so leaving a game gives its code and tables back to the heap.

    With no id every game goes. games.common stays: this package imports it.
    The import left each module in sys.modules and as an attribute of this
    package; the caller drops its own references (the game, the module).
    """
    g = globals()
    for name in list(sys.modules):
        if not name.startswith("games.") or name == "games.common":
            continue
        short = name[6:]
        if game_id is not None and short in IDS and short != game_id:
            continue
        sys.modules.pop(name, None)
        g.pop(short, None)
