"""The board's words in its players' language: European Portuguese or English.

Every text the board says is written in English in the code, wrapped in
tr() where it is said (or N_() where it is only named, to be said later).
The English text is the key of the other language's catalogue,
app/texts_<code>.py, whose TEXTS maps each such text (or template, its %s
and {name} fields kept) to the words in that language. English needs no
catalogue: tr() gives the text back as it is.

Only the catalogue of the language in use is in RAM: use() imports it,
packs its words (KEYS below) and forgets the module. The language is a board setting,
kept on flash and chosen at the menu (app/langset.py, loaded only then).
Catalogues write Portuguese as it is written (ÁÃÇÉ...); the scroll font
shows an accented capital as its base letter (app/font.py FOLD), the
terminal and the web page show it as written.
"""
from array import array

LANGS = ("pt", "en")
DEFAULT = "en"        # a board file that names no language

CODE = DEFAULT
# The catalogue in use, packed (English: empty). A dict of str to str costs
# about 12 KB of the Pico's heap for 175 texts (each key and value its own
# object, rounded up to the heap's 16-byte blocks); packed, the words are
# one str and the keys 30-bit numbers: under 6 KB. KEYS is sorted; the words
# of KEYS[i] are WORDS[ENDS[i - 1]:ENDS[i]].
KEYS = array("I")
ENDS = array("I")
WORDS = ""
FIND = None           # the catalogue's look-up (app/langfind.py), loaded with one
# Tests set a list here to hear every text tr() found no words for.
MISSING = None


def N_(text):
    """A text named here and said later through tr(): marks it for the
    catalogue's test, changes nothing."""
    return text


def tr(text):
    """`text` in the language in use (itself in English, or where the
    catalogue has no words for it: MISSING hears of it)."""
    if not KEYS:
        return text
    got = FIND(text, KEYS, ENDS, WORDS)
    if got is None:
        if MISSING is not None:
            MISSING.append(text)
        return text
    return got


def use(code):
    """Speak `code` ("pt" or "en") from now on; ValueError for another.
    A catalogue is loaded and packed by app/langfind.py."""
    global CODE, KEYS, ENDS, WORDS, FIND
    if code not in LANGS:
        raise ValueError("unknown language %r (the board speaks %s)" % (code, ", ".join(LANGS)))
    KEYS, ENDS, WORDS = array("I"), array("I"), ""
    if code != "en":
        from app.langfind import find, load
        KEYS, ENDS, WORDS = load(code)
        FIND = find
    CODE = code
