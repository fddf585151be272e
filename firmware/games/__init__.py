"""The catalogue of games: id, menu name and icon, without importing any game.

A game module is imported only when chosen (`load`), so the board keeps the RAM
of eleven other games free. The menu lists only games whose module is present
(deploy may install a subset) and whose layout fits the board.
"""
import os
import sys
from games.common import (GREEN, RED, P0, P1, BLOCK, PIECE, WHITE, BLACK,
                          YELLOW, LINE, SEED, DOT)

# id, name scrolled in the menu, two looks the menu square alternates between.
CATALOG = (
    ("semaforo", "Semaforo", GREEN, RED),
    ("gatos_caes", "Gatos e Caes", P0, P1),
    ("rastros", "Rastros", PIECE, BLOCK),
    ("avanco", "Avanco", WHITE, BLACK),
    ("produto", "Produto", BLACK, WHITE),
    ("sesqui", "Sesqui", BLACK, WHITE),
    ("amazonas", "Amazonas", WHITE, BLOCK),
    ("pontos", "Pontos e Quadrados", DOT, LINE),
    ("hex", "Hex", BLACK, WHITE),
    ("ouri", "Ouri", SEED, YELLOW),
    ("peoes", "Peoes", WHITE, BLACK),
    ("go", "Go 7x7", BLACK, WHITE),
)

IDS = tuple(row[0] for row in CATALOG)
NAMES = dict((row[0], row[1]) for row in CATALOG)


def load(game_id):
    """The module of a game, imported on first use."""
    if game_id not in IDS:
        raise ImportError("no game called '%s'" % game_id)
    name = "games." + game_id
    __import__(name)
    return sys.modules[name]


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


def installed():
    """Ids of the games whose module is on this board, in catalogue order.

    Looks for the files rather than importing them: importing all twelve
    would spend the RAM that lazy loading saves.
    """
    return [gid for gid in IDS if _present(gid)]


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
