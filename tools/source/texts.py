"""Every text the board says, found in the firmware's source: what the
catalogues (firmware/app/texts_<code>.py) must hold words for, and how long
each takes to scroll on a board in each language.

    python -m tools.source.texts            # writes docs/reports/texts.md
    python -m tools.source.texts --check    # exit 1 if it is stale

The texts:

- the literal first argument of every tr() and N_() call in firmware/app/
  and firmware/missing.py;
- the words each game declares for the board (its SHORT reasons, the ones
  every game shares, its seats, its piece and gain words, its options'
  names, its key moves' texts), read from the game modules themselves;
- the function keys' names and the colour words of app/waiting.py.

Seats and colours are looked up with a kind (app/lang.py tr_as): those come
back as "seat:WORD" / "colour:WORD" where the other language needs a word of
its own, and the plain word is enough otherwise.
"""
import argparse
import ast
import importlib
import os
import re
import sys

from tools.link import firmware_path  # noqa: F401  (firmware/ on sys.path)

ROOT = firmware_path.FIRMWARE
REPORT = os.path.join(firmware_path.ROOT, "docs", "reports", "texts.md")
READ_MS = 6000        # a reason for a refused touch (app/explain.py READ_MS)
PROMPT_MS = 10000     # anything else, a part at a time
FIELDS = re.compile(r"\{\w+\}|%d|%s")
CALLS = ("tr", "N_")
OUTSIDE_APP = ("missing.py",)   # says a text before (or without) the app


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
    paths = [os.path.join(folder, name) for name in sorted(os.listdir(folder))
             if name.endswith(".py") and not name.startswith("texts_")]
    for path in paths + [os.path.join(ROOT, name) for name in OUTSIDE_APP]:
        for text, where in _calls(path):
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


# --- how long each text takes to scroll ---------------------------------------------

def reasons():
    """The texts that are reasons for a refused touch (explain.reason)."""
    out = {w for w, where in game_words().items() if where.startswith("games/")}
    return out | {"OUTSIDE GAME", "NO MOVE HERE", "NO MOVE THERE", "%d TO GO"}


_SAID = {}     # code -> {text: its words}, made once a language


def in_lang(code, text):
    """`text`, one of all_texts() ("seat:BLACK" too), in language `code`."""
    if code not in _SAID:
        from app import lang, words
        lang.use(code)
        try:
            _SAID[code] = dict((t, lang.tr(t) if ":" not in t[:7] else words.tr_as(*t.split(":", 1)))
                               for t in all_texts())
        finally:
            lang.use("en")
    return _SAID[code][text]


def _longest(code, texts):
    return max((in_lang(code, t) for t in texts), key=len)


def fills(code):
    """Each field's longest value in language `code`."""
    import games
    words = all_texts()
    seats = [t for t in words if t.startswith("seat:")]
    results = [in_lang(code, t).format(seat=_longest(code, seats)) + " 25-23"
               for t in ("YOU WIN", "BOARD WINS", "{seat} WINS", "DRAW")]
    return {
        "{game}": max((row[1] for row in games.CATALOG), key=len),
        "{seat}": _longest(code, seats),
        "{n}": "28", "%d": "28", "%s": "NEOPIXEL", "{sq}": "H9", "{a}": "H9", "{b}": "H9", "{wrong}": "H9",
        "{piece}": _longest(code, ("PIECE", "STONE")),
        "{pieces}": _longest(code, ("PIECES", "STONES")),
        "{colour}": _longest(code, [t for t in words if t.startswith("colour:")] + ["ITS COLOUR"]),
        "{result}": max(results, key=len),
        "{what}": _longest(code, ("ITS RESULT", "NOT FINISHED")),
        "{option}": _longest(code, ("SIZE", "DOTS")),
        "{gains}": _longest(code, ("SEEDS", "BOXES")),
        "{move}": _longest(code, ("PASS", "SWAP")),
        "{board}": "W" * 24,          # a board's name on the club network (net/proto.py)
    }


def filled(text, fill):
    return FIELDS.sub(lambda m: fill.get(m.group(0), m.group(0)), text)


def scroll_ms(part, cols):
    from app.screen import Scroll
    return Scroll(part, cols).length * Scroll.STEP_MS


def timed(cols=9):
    """[(text, limit ms, [(code, words, slowest part's ms)])] for every
    text, its fields at their longest, on a board `cols` squares wide; Ouri
    says a pit's seeds before its reasons."""
    from app import font
    short = reasons()
    ouri = {w for w, where in game_words().items() if where == "games/ouri.py"}
    fill = dict((code, fills(code)) for code in ("en", "pt"))
    out = []
    for text in sorted(all_texts(), key=lambda t: (t not in short, t)):
        limit = READ_MS if text in short else PROMPT_MS
        row = []
        for code in ("en", "pt"):
            said = filled(in_lang(code, text), fill[code])
            if text in ouri:
                said = "12: " + said
            row.append((code, said, max(scroll_ms(p, cols) for p in said.split(font.BREAK))))
        out.append((text, limit, row))
    return out


def report():
    """docs/reports/texts.md: every text in both languages and its time."""
    lines = ["# What the board says, in both languages",
             "",
             "Every text the firmware scrolls, in English and in Portuguese, and how long",
             "its slowest part takes to scroll past on club9 (9 squares wide) with its",
             "fields at their longest (a game's name, a seat, a square). A `|` splits a",
             "text into parts that scroll one after another. A reason for a refused touch",
             "must scroll past in 6 s, anything else in 10 s a part.",
             "Written by `python -m tools.source.texts`; host_tests/firmware/test_texts.py",
             "fails when a text is missing, too slow, or this page is stale.",
             "",
             "| kind | English | s | Portuguese | s |",
             "|---|---|---:|---|---:|"]
    for text, limit, row in timed():
        kind = "reason" if limit == READ_MS else "prompt"
        cells = []
        for code, said, ms in row:
            cells += ["`%s`" % said.replace("|", " \\| "), "%.1f" % (ms / 1000.0)]
        lines.append("| %s | %s |" % (kind, " | ".join(cells)))
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if docs/reports/texts.md is stale")
    args = ap.parse_args(argv)
    text = report()
    if args.check:
        with open(REPORT, encoding="utf-8") as f:
            if f.read() != text:
                print("stale: docs/reports/texts.md (python -m tools.source.texts writes it)")
                return 1
        return 0
    with open(REPORT, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote docs/reports/texts.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
