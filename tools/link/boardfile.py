"""The desktop's one way to find and read a board file.

A board is named as on the command line: a name (club9 means boards/club9.py)
or the path of a board file. `load` gives its BOARD checked as the board
checks it at boot (firmware/boardcheck.py); `read` gives the file's bytes too,
for a deploy. Every mistake is a boardcheck.BoardError whose message names
the file (and, for an unknown name, the boards there are).
"""
import os

from tools.link import firmware_path

import boardcheck

BOARDS = os.path.join(firmware_path.ROOT, "boards")
BoardError = boardcheck.BoardError


def names():
    """The boards in boards/, by name."""
    return sorted(f[:-3] for f in os.listdir(BOARDS) if f.endswith(".py") and f[0] != "_")


def is_path(arg):
    return os.sep in arg or "/" in arg or arg.endswith(".py")


def find(arg):
    """(path, name shown in messages, name kept in a deploy's manifest) of a board."""
    if is_path(arg):
        path = os.path.abspath(arg)
        if not os.path.isfile(path):
            raise BoardError("no board file %s" % arg)
        rel = os.path.relpath(path)
        return path, (path if rel.startswith("..") else rel), path
    path = os.path.join(BOARDS, arg + ".py")
    if not os.path.isfile(path):
        known = names()
        hint = boardcheck.suggest(arg, known)
        raise BoardError("there is no board '%s'%s: the boards are %s, or give the path of "
                         "a board file" % (arg, " (did you mean '%s'?)" % hint if hint else "",
                                           ", ".join(known)))
    return path, "boards/%s.py" % arg, arg


def read(arg):
    """(name shown, source bytes, name kept, checked BOARD) of a board."""
    path, shown, keep = find(arg)
    with open(path, "rb") as f:
        src = f.read()
    return shown, src, keep, boardcheck.load_file(path, shown)


def load(arg):
    """The checked BOARD of a board (a name or a path)."""
    return read(arg)[3]
