"""The board's language as a setting: kept on flash in FILE, chosen at the
menu's language square (app/menu.py), the board file's "lang" the first
language of a board that has never chosen one. Loaded at boot and when the
language square is touched, then given back: a game never holds it.
"""
from app.lang import LANGS, DEFAULT, use
from app import lang

NAMES = {"pt": "PORTUGUÊS", "en": "ENGLISH"}     # each in its own language
FILE = "lang.txt"


def saved(storage):
    """The language chosen on this board (FILE), or None."""
    try:
        data = storage.read(FILE)
    except OSError:
        return None
    if data is None:
        return None
    code = data.decode().strip() if isinstance(data, bytes) else str(data).strip()
    return code if code in LANGS else None


def start(storage, board):
    """At boot: the language chosen on the board, else the board file's."""
    code = saved(storage) or board.get("lang", DEFAULT)
    use(code if code in LANGS else DEFAULT)


def choose(storage, code):
    """The players chose `code` on the board: spoken from now on and kept."""
    use(code)
    storage.write_atomic(FILE, code + "\n")


def other(code):
    """The language the menu's language square offers next."""
    return LANGS[(LANGS.index(code) + 1) % len(LANGS)]


def at_menu(storage, change):
    """The menu's language square touched (`change`: again, or OK): the
    other language chosen if so; what the square says, the language in use
    and the one OK gives, each in its own words."""
    if change:
        choose(storage, other(lang.CODE))
    return "%s|OK: %s" % (NAMES[lang.CODE], NAMES[other(lang.CODE)])


def forget():
    """Give this module back to the heap."""
    import app
    app.forget("langset")

