"""The board's words in its players' language: European Portuguese or English.

Every text the board says is written in English in the code, wrapped in
tr() where it is said (or N_() where it is only named, to be said later).
The English text is the key of the other language's catalogue,
app/texts_<code>.py, whose TEXTS maps each such text (or template, its %s
and {name} fields kept) to the words in that language. English needs no
catalogue: tr() gives the text back as it is.

Only the catalogue of the language in use is in RAM: use() imports it,
keeps its dict and forgets the module. The language is a board setting,
kept on flash and chosen at the menu (app/langset.py, loaded only then).
Catalogues write Portuguese as it is written (ÁÃÇÉ...); the scroll font
shows an accented capital as its base letter (app/font.py FOLD), the
terminal and the web page show it as written.
"""
import sys

LANGS = ("pt", "en")
DEFAULT = "en"        # a board file that names no language

CODE = DEFAULT
T = {}                # English text -> the words in the language in use; {} in English
# Tests set a list here to hear every text tr() found no words for.
MISSING = None


def N_(text):
    """A text named here and said later through tr(): marks it for the
    catalogue's test, changes nothing."""
    return text


def tr(text):
    """`text` in the language in use (itself in English, or where the
    catalogue has no words for it: MISSING hears of it)."""
    if not T:
        return text
    got = T.get(text)
    if got is None:
        if MISSING is not None:
            MISSING.append(text)
        return text
    return got


def use(code):
    """Speak `code` ("pt" or "en") from now on; ValueError for another."""
    global CODE, T
    if code not in LANGS:
        raise ValueError("unknown language %r (the board speaks %s)" % (code, ", ".join(LANGS)))
    table = {}
    if code != "en":
        name = "app.texts_" + code
        __import__(name)
        table = sys.modules[name].TEXTS
        sys.modules.pop(name, None)      # the dict stays, the module's code goes
        pkg = sys.modules.get("app")
        if pkg is not None and hasattr(pkg, "texts_" + code):
            delattr(pkg, "texts_" + code)
    T = table
    CODE = code
