"""What each game needs at the table, read from the game modules themselves.

    python -m tools.source.needs      # print the table of docs/makers/pieces.md

For a maker building a set of pieces, or a teacher getting a game ready: the
grid the game takes (games.LAYOUTS, from each module's layout()), whether it
fits the 8 x 8 board, the real pieces it is played with on a piece (reed)
board (the looks of view() its module lists in PIECES, by colour), how many
of each stand at the start (Game().view()) and the most that stand at once in
play, and the markers for blocked squares (MARKERS), which the players may
leave to the lights. A game with no PIECES is played by taps; a module with
MODE (the race timer) uses no board pieces.

The most at once is found by playing the firmware's own rules: for each
colour, a few games in which every move is the one that leaves the most of
that colour on the board (a move that ends the game only when every move
does). `most()` returns the moves that reach it, so it can be replayed. A
game's rules page (docs/rules) gives each side's supply, which some games
never fill. Markers are counted as one for each square that can be blocked
(the game's squares less the pieces at the start).
host_tests/tools/source/test_needs.py checks docs/makers/pieces.md against it.
"""
import random

from tools.link import boardfile
from tools.link import firmware_path  # noqa: F401  (firmware/ on sys.path)

import games
from games.common import P0, P1, PIECE, BLOCK
from app.waiting import colour_word

SEEDS = 3               # games played for each colour
PLIES = 400             # longer than any game
SMALL_BOARD = "club8"


def groups(mod):
    """{what a player calls the pieces: (looks, ...)} of a module's PIECES,
    in the order the module lists them (Go's dead stones are its stones)."""
    out = {}
    for look in getattr(mod, "PIECES", ()):
        out.setdefault(piece_name(mod, look), []).append(look)
    return dict((k, tuple(v)) for k, v in out.items())


def piece_name(mod, look):
    word = colour_word(look)
    if word is not None:
        return word.lower()
    if look in (P0, P1):
        return mod.SEATS[0 if look == P0 else 1].lower()
    if look == PIECE:
        return "neutral"
    return "look %d" % look


def count(game, looks):
    return sum(1 for x in game.view() if x in looks)


def most(mod, looks, seed):
    """(the most pieces of these looks on the board at once, the moves that
    reach it) in one game whose every move leaves the most of them."""
    rnd = random.Random(seed)
    g = mod.Game()
    best, moves, best_moves = count(g, looks), [], []
    for _ in range(PLIES):
        if g.result() is not None:
            break
        scored = []
        for m in g.moves():
            g.play(m)
            scored.append((g.result() is None, count(g, looks), rnd.random(), m))
            g.undo()
        if not scored:
            break
        ending = max((s for s in scored if not s[0]), default=None, key=lambda s: s[1])
        if ending is not None and ending[1] > best:       # the end may stand the most
            best, best_moves = ending[1], moves + [ending[3]]
        m = max(scored)[3]
        g.play(m)
        moves.append(m)
        if count(g, looks) > best:
            best, best_moves = count(g, looks), list(moves)
    return best, best_moves


def grid(gid):
    """(the grid text, what fits the small board) from games.LAYOUTS."""
    option, sizes = games.LAYOUTS[gid]
    cols, rows = boardfile.read(SMALL_BOARD)[3]["cols"], boardfile.read(SMALL_BOARD)[3]["rows"]
    text = ["%d x %d" % (w, h) for _, w, h in sizes]
    fits = [v for v, w, h in sizes if w <= cols and h <= rows]
    if option is None:
        return text[0], "yes" if fits else "no"
    span = "%s to %s (%s %d-%d)" % (text[0], text[-1], option, sizes[0][0], sizes[-1][0])
    if not fits:
        return span, "no"
    if len(fits) == len(sizes):
        return span, "yes"
    return span, "%s %d-%d" % (option, fits[0], fits[-1])


def needs(gid):
    """One game's row: {"id", "name", "grid", "small", "pieces": [(name,
    at the start, most at once)], "markers": count or None, "mode"}."""
    mod = games.load(gid)
    span, small = grid(gid)
    row = {"id": gid, "name": games.NAMES[gid], "grid": span, "small": small, "pieces": [],
           "markers": None, "mode": getattr(mod, "MODE", None)}
    if row["mode"]:
        return row
    start = mod.Game()
    for name, looks in groups(mod).items():
        top = max(most(mod, looks, seed)[0] for seed in range(SEEDS))
        row["pieces"].append((name, count(start, looks), top))
    markers = tuple(getattr(mod, "MARKERS", ()))
    if markers:
        w, h = start.layout()
        row["markers"] = w * h - sum(1 for x in start.view()
                                     if x in getattr(mod, "PIECES", ()) or x in markers)
    assert BLOCK in markers or not markers
    return row


HEAD = ("| game | grid | on club8 (8 x 8) | pieces on a piece board | at the start "
        "| most at once | markers for blocked squares |")


def line(row):
    if row["mode"]:
        pieces = "none: the board is the race's timer (the puzzles' own pieces)"
        return "| %s | %s | %s | %s | - | - | - |" % (row["name"], row["grid"], row["small"], pieces)
    if not row["pieces"]:
        return "| %s | %s | %s | none: played by taps on the lit squares | - | - | - |" % (
            row["name"], row["grid"], row["small"])
    names = ", ".join(n for n, _, _ in row["pieces"])
    start = ", ".join("%d %s" % (s, n) for n, s, _ in row["pieces"])
    top = ", ".join("%d %s" % (t, n) for n, _, t in row["pieces"])
    markers = "-" if row["markers"] is None else "up to %d (or the lights alone)" % row["markers"]
    return "| %s | %s | %s | %s | %s | %s | %s |" % (row["name"], row["grid"], row["small"],
                                                     names, start, top, markers)


def table(rows=None):
    """The markdown table, one row a menu entry in menu order (rows: needs()
    of every game, when made already)."""
    rows = rows or [needs(gid) for gid in games.IDS]
    return [HEAD, "|" + "---|" * HEAD.count(" | ") + "---|"] + [line(r) for r in rows]


def main():
    for ln in table():
        print(ln)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
