"""The firmware's files a board needs: which modules go on for a choice of
games, read from what each file imports. The deploy, the CircuitPython
drive, the web page's bundle and the bench all take their lists from here."""
import ast
import os


_GAMES_NAMED = {}    # a file's bytes -> the games.X names its imports give


def _games_named(source, path):
    names = _GAMES_NAMED.get(source)
    if names is None:
        names = set()
        for node in ast.walk(ast.parse(source, path)):
            if isinstance(node, ast.Import):
                found = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                found = [node.module] + [node.module + "." + a.name for a in node.names]
            else:
                continue
            for n in found:
                parts = n.split(".")
                if len(parts) == 2 and parts[0] == "games":
                    names.add(parts[1])
        _GAMES_NAMED[source] = names
    return names


def games_imported(root, rel):
    """The modules of firmware/games a firmware file imports (names without
    .py: games.common and `from games import hex_ai` alike). Parsing is
    remembered by the file's content: a plan walks every module, and a
    session plans many times."""
    path = os.path.join(root, rel)
    with open(path, "rb") as f:
        source = f.read()
    return set(g for g in _games_named(source, path)
               if os.path.exists(os.path.join(root, "games", g + ".py")))


def firmware_files(root, games, ids=None):
    """{remote path: (source relative to root, compile?)} for the chosen games
    (ids, the catalogue's, is not needed: what a game needs is read from the
    imports).

    Every module goes on as .mpy except main.py, which MicroPython runs only
    from source. A module of games/ goes on only if something on the board
    imports it: a chosen game, or a module outside games/ (the app), and what
    those import in turn. So a game's own helpers (games/hex_ai.py) and the
    ones games share (games/packed.py) go and come with the games that use
    them, and a game another chosen game imports goes too.
    """
    rels = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if not x.startswith((".", "__pycache__")))
        for f in sorted(files):
            if f.endswith(".py") and not f.startswith("."):
                rels.append(os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/"))
    want = set(games) | {"__init__"}
    todo = [r for r in rels if not (r.startswith("games/") and r.count("/") == 1)]
    todo += ["games/%s.py" % g for g in want]
    while todo:
        for g in games_imported(root, todo.pop()):
            if g not in want:
                want.add(g)
                todo.append("games/%s.py" % g)
    out = {}
    for rel in rels:
        if rel.startswith("games/") and rel.count("/") == 1 and rel[6:-3] not in want:
            continue
        if rel == "main.py":
            out["main.py"] = (rel, False)
        else:
            out[rel[:-3] + ".mpy"] = (rel, True)
    return out
