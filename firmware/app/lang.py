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
import sys
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
# Tests set a list here to hear every text tr() found no words for.
MISSING = None


def key(text):
    """The number a text is looked up by (the same on every Python, as
    CPython randomises its own str hash and MicroPython's keeps 8 or 16
    bits): djb2 over its bytes, kept in 30 bits."""
    h = 5381
    for b in text.encode():
        h = (h * 33 + b) & 0x3FFFFFFF
    return h


def N_(text):
    """A text named here and said later through tr(): marks it for the
    catalogue's test, changes nothing."""
    return text


def find(text):
    """The words for `text` in the language in use, or None."""
    keys = KEYS
    lo, hi = 0, len(keys)
    if not hi:
        return None
    k = key(text)
    while lo < hi:
        mid = (lo + hi) >> 1
        if keys[mid] < k:
            lo = mid + 1
        else:
            hi = mid
    if lo == len(keys) or keys[lo] != k:
        return None
    return WORDS[ENDS[lo - 1] if lo else 0:ENDS[lo]]


def tr(text):
    """`text` in the language in use (itself in English, or where the
    catalogue has no words for it: MISSING hears of it)."""
    if not KEYS:
        return text
    got = find(text)
    if got is None:
        if MISSING is not None:
            MISSING.append(text)
        return text
    return got


def pack(table):
    """A catalogue's dict as (KEYS, ENDS, WORDS); ValueError if two of its
    texts share a key number (the catalogue's test makes sure none do)."""
    order = sorted((key(k), k) for k in table)
    keys, ends, parts, n = array("I"), array("I"), [], 0
    for k, text in order:
        if keys and keys[-1] == k:
            raise ValueError("%r and another text share the key %d" % (text, k))
        words = table[text]
        keys.append(k)
        n += len(words)
        ends.append(n)
        parts.append(words)
    return keys, ends, "".join(parts)


def use(code):
    """Speak `code` ("pt" or "en") from now on; ValueError for another."""
    global CODE, KEYS, ENDS, WORDS
    if code not in LANGS:
        raise ValueError("unknown language %r (the board speaks %s)" % (code, ", ".join(LANGS)))
    KEYS, ENDS, WORDS = array("I"), array("I"), ""
    if code != "en":
        name = "app.texts_" + code
        __import__(name)
        table = sys.modules[name].TEXTS
        sys.modules.pop(name, None)      # its code and dict go: only the packed words stay
        pkg = sys.modules.get("app")
        if pkg is not None and hasattr(pkg, "texts_" + code):
            delattr(pkg, "texts_" + code)
        KEYS, ENDS, WORDS = pack(table)
        table = None
        import gc
        gc.collect()
    CODE = code
