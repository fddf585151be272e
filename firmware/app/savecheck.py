"""What a save's lines carry and how they are read off flash: the checks
(Fletcher sums, each journal line's chained to the line before) and the
whole lines of a file, a chunk at a time. Both the writer (app/saves.py)
and the reader (app/savefile.py) use them.
"""
import json

SAVE = "save.json"            # the one save of older firmware: migrated at boot (app/saves.py)
LONGEST = 4096                # a longer line is no game's (an edited or worn file): skipped
SAVE_CHUNK = 256              # bytes read at a time when reading the save
UNDO_BODY = "-"               # a journal line: a move taken back


class SaveError(ValueError):
    pass


def fletcher(data):
    """A Fletcher checksum of text or bytes: catches torn or edited files.

    Kept below 2**30 so it stays a small int on the Pico (a 32-bit hash would
    be a heap-allocated big integer at every step).
    """
    if isinstance(data, str):
        data = data.encode()
    a = c = 0
    for b in data:
        a = (a + b) % 32749
        c = (c + a) % 32749
    return a * 32768 + c


def _head_canon(h):
    s = "|".join((h["game"], json.dumps(sorted(h["options"].items())), ",".join(h["players"]),
                  str(h["level"]), h["tag"], str(h["markers"])))
    if "seq" in h:                # a header of older firmware has none, and stays valid
        s += "|%d" % h["seq"]
    return s


def line_check(prev, body):
    """The check of a journal line: its body chained to the line before's
    check, so a line out of its place fails too."""
    return fletcher("%d %s" % (prev, body))


def _line(prev, body):
    """A journal line and its check."""
    ck = line_check(prev, body)
    return "%s %x\n" % (body, ck), ck


def _save_name(storage, save=SAVE):
    """The file a save is in: its name, or name.new (a FAT replace cut
    between its renames), or None."""
    for name in (save, save + ".new"):
        if storage.size(name) >= 0:
            return name
    return None


def _save_lines(storage, name):
    """The whole lines of the save, first to last, read SAVE_CHUNK bytes at a
    time; a last line without its newline (a torn append) is not given."""
    pos = 0
    rest = b""
    while True:
        data = storage.read_at(name, pos, SAVE_CHUNK)
        if not data:
            return
        pos += len(data)
        data = rest + data
        i = 0
        while True:
            j = data.find(b"\n", i)
            if j < 0:
                break
            yield data[i:j]
            i = j + 1
        rest = data[i:]
        if len(rest) > LONGEST:
            raise SaveError("the save holds a line too long to be a game's")
