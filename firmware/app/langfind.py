"""A catalogue loaded, packed and looked up (app/lang.py KEYS, ENDS,
WORDS): imported with a catalogue, so a board that speaks English carries
none of it.
"""
from array import array

def key(text):
    """The number a text is looked up by (the same on every Python, as
    CPython randomises its own str hash and MicroPython's keeps 8 or 16
    bits): djb2 over its bytes, kept in 30 bits."""
    h = 5381
    for b in text.encode():
        h = (h * 33 + b) & 0x3FFFFFFF
    return h


def find(text, keys, ends, words):
    """The words for `text` in a packed catalogue, or None."""
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
    return words[ends[lo - 1] if lo else 0:ends[lo]]


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


def load(code):
    """Language `code`'s catalogue (app/texts_<code>.py), packed; its
    module and dict are given back at once."""
    import sys
    name = "app.texts_" + code
    __import__(name)
    table = sys.modules[name].TEXTS
    import app
    app.forget("texts_" + code)
    packed = pack(table)
    table = None
    import gc
    gc.collect()
    return packed
