"""Where a power cut lands inside an append, for the power-cut sweeps.

A flash (FAT, and the in-memory models of flash.py) can land part of a
write: any first k bytes of it. An append is where that matters (a write
to a .tmp file is never read), so the sweeps cut inside every append at
byte k for every k from 1 to its length - 1 where asked (and in every
sweep where the environment has GAMEBOARD_EVERY_BYTE=1), and otherwise at
the bytes where a reader of lines can tell a difference: either side of
every newline (a line whole, a line all but its newline), or the middle
of a write that holds none (as the sweeps cut every other write). A
one-line append is then one cut, as many as the half write it replaces:
the sweeps take no longer. Portable (both Pythons).
"""
import os


def _every_byte():
    get = getattr(os, "getenv", None)
    return get is not None and get("GAMEBOARD_EVERY_BYTE") == "1"


EVERY_BYTE = _every_byte()


class Appends:
    """Follows the files a flash opens, so that a write can be told to be
    an append (a file opened with "a")."""

    def __init__(self):
        self.modes = {}

    def note(self, op):
        """Call with every operation, before appending()."""
        kind, path = op[0], op[1]
        if kind.startswith("open "):
            self.modes[path] = kind[5:]

    def appending(self, op):
        return op[0] == "write" and "a" in self.modes.get(op[1], "")


def points(data, every=None):
    """The byte counts (0 < k < len(data)) a cut inside this append lands."""
    n = len(data)
    if every if every is not None else EVERY_BYTE:
        return list(range(1, n))
    ks = set()
    for i in range(n):
        if data[i] == 10:           # b"\n"
            ks.add(i)
            ks.add(i + 1)
    ks = [k for k in ks if 0 < k < n]
    return sorted(ks) if ks else [n // 2] if n > 1 else []


def landed(flash, op, k):
    """The files a cut leaves when only the first k bytes of write op landed."""
    files = dict(flash.files)
    kind, path, data = op
    files[path] = files.get(path, b"") + data[:k]
    return files
