"""Every text the board says, found in the firmware's source: what the
catalogues (firmware/app/texts_<code>.py) must hold words for.

- the literal first argument of every tr() and N_() call in firmware/app/;
- the words each game declares for the board (its SHORT reasons, the ones
  every game shares, its seats, its piece and gain words, its options'
  names, its key moves' texts), read from the game modules themselves;
- the function keys' names and the colour words of app/waiting.py.

Seats and colours are looked up with a kind (app/lang.py tr_as): those come
back as "seat:WORD" / "colour:WORD" where the other language needs a word of
its own, and the plain word is enough otherwise.
"""
import ast
import importlib
import os

from tools.link import firmware_path  # noqa: F401  (firmware/ on sys.path)

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "firmware")
CALLS = ("tr", "N_")


def _calls(path):
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CALLS
                and node.args and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)):
            yield node.args[0].value, "%s:%d" % (os.path.relpath(path, ROOT), node.lineno)


def app_texts():
    """{text: where} for every literal tr()/N_() text of the app."""
    out = {}
    folder = os.path.join(ROOT, "app")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py") and not name.startswith("texts_"):
            for text, where in _calls(os.path.join(folder, name)):
                out.setdefault(text, where)
    return out


def game_words():
    """{text: where} for the words the games give the board, as the app asks
    for them (capitals: app/lang.py caps)."""
    import games
    from games.common import COMMON_SHORT, Base
    from app.words import caps
    out = {}
    for piece, words in COMMON_SHORT:
        out.setdefault(words, "games/common.py")
    for w in Base.PIECE_WORDS:
        out.setdefault(w, "games/common.py")
    for gid in [row[0] for row in games.CATALOG]:
        mod = importlib.import_module("games." + gid)
        where = "games/%s.py" % gid
        g = getattr(mod, "Game", None)
        for name in getattr(mod, "OPTIONS", {}):
            out.setdefault(caps(name), where)
        for w in getattr(mod, "GAINS", ()) or ():
            out.setdefault(w, where)
        seats = [caps(s) for s in mod.SEATS]
        if g is not None and g.SEAT_WORDS is not None:
            seats = list(g.SEAT_WORDS)      # the seats' own names are never said
        if g is not None:
            for piece, words in g.SHORT:
                out.setdefault(words, where)
            for w in g.PIECE_WORDS:
                out.setdefault(w, where)
            swap = getattr(g, "SWAP_TEXT", None)
            if swap:
                out.setdefault(caps(swap), where)
        for s in seats:
            out.setdefault("seat:" + s, where)
    return out


def other_words():
    from hal import KEY_NAMES
    from app.words import caps
    out = {}
    for k in KEY_NAMES:
        out[caps(k)] = "hal/__init__.py"
    out["PASS"] = "games/go.py"          # the key move of Go (and Hex's swap above)
    for c in ("BLACK", "WHITE", "GREEN", "YELLOW", "RED"):
        out["colour:" + c] = "app/waiting.py"
    return out


def all_texts():
    """{text: where it comes from} for everything the board can say."""
    out = other_words()
    out.update(game_words())
    out.update(app_texts())
    return out
