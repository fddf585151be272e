"""The game in progress on flash: written after every move, offered at boot;
and the record book of finished games.

A save is one JSON object with a checksum over its content: the game, options,
players, level, the moves in notation, a tag naming this game, whether the
moves end it (`end`) and, in Go, the dead stones marked after play (`dead`).
Anything wrong with it (not JSON, a wrong checksum) makes read() raise
SaveError; the boot then moves it to save.bad.

A finished game reaches the record book before its save is cleared, and
exactly once: record() first looks at the end of games.txt and appends nothing
if the game's line (which ends with its tag) is already there, so a cut between
the append and the clear, or a resumed finished game, records nothing twice.
The record book rotates to games.1.txt past 64 KB (see FileStorage.append).
"""
import json

SAVE = "save.json"
BAD = "save.bad"
RECORDS = "games.txt"
RECORDS_LIMIT = 65536


class SaveError(ValueError):
    pass


def _canon(d):
    s = "|".join((d["game"], json.dumps(sorted(d["options"].items())), ",".join(d["players"]),
                  str(d["level"]), " ".join(d["moves"])))
    # Fields added later count only when present: an older save stays valid.
    if "tag" in d:
        s += "|%s|%d|%s" % (d["tag"], d["end"], ",".join(str(c) for c in d["dead"]))
    if "markers" in d:
        s += "|%d" % d["markers"]
    return s


def checksum(d):
    """A Fletcher checksum of the canonical content: catches torn or edited files.

    Kept below 2**30 so it stays a small int on the Pico (a 32-bit hash would
    be a heap-allocated big integer at every step).
    """
    a = c = 0
    for b in _canon(d).encode():
        a = (a + b) % 32749
        c = (c + a) % 32749
    return a * 32768 + c


def write(storage, game_id, options, players, level, moves, tag="", end=False, dead=(),
          markers=True):
    d = {"game": game_id, "options": options, "players": list(players), "level": level,
         "moves": list(moves), "tag": tag, "end": 1 if end else 0, "dead": sorted(dead),
         "markers": 1 if markers else 0}
    d["sum"] = checksum(d)
    storage.write_atomic(SAVE, json.dumps(d))


def read(storage):
    """The saved game as a dict, None if there is none, SaveError if it is damaged.

    The dict always has "tag", "end", "dead" and "markers" (defaults for an
    older save).
    """
    raw = storage.read(SAVE)
    if raw is None:
        return None
    try:
        d = json.loads(raw)
    except (ValueError, UnicodeError):
        raise SaveError("the save is not readable")
    if not isinstance(d, dict):
        raise SaveError("the save is not a game")
    for field, kind in (("game", str), ("options", dict), ("players", list), ("level", int),
                        ("moves", list), ("sum", int)):
        if not isinstance(d.get(field), kind):
            raise SaveError("the save has no valid '%s'" % field)
    if "tag" in d:
        for field, kind in (("tag", str), ("end", int), ("dead", list)):
            if not isinstance(d.get(field), kind):
                raise SaveError("the save has no valid '%s'" % field)
        for c in d["dead"]:
            if not isinstance(c, int):
                raise SaveError("the save marks a dead stone that is not a point")
    if "markers" in d and d["markers"] not in (0, 1):
        raise SaveError("the save has no valid 'markers'")
    for m in d["moves"]:
        if not isinstance(m, str):
            raise SaveError("the save holds a move that is not text")
    if len(d["players"]) != 2 or any(p not in ("human", "board") for p in d["players"]):
        raise SaveError("the save has no valid 'players'")
    if checksum(d) != d["sum"]:
        raise SaveError("the save's checksum does not match")
    if "tag" not in d:
        d["tag"], d["end"], d["dead"] = "", 0, []
    if "markers" not in d:
        d["markers"] = 1
    return d


def set_aside(storage):
    """Move a damaged save to save.bad (nothing to move is no error)."""
    storage.rename(SAVE, BAD)


def clear(storage):
    storage.remove(SAVE)


def new_tag(storage, salt):
    """A short name for a new game: differs from the last recorded game's."""
    try:
        size = storage.size(RECORDS)
    except OSError:
        size = 0
    return "%x" % ((size * 7919 + salt) & 0xFFFFFF)


def record_line(game_id, options, moves, outcome, tag=""):
    opts = " ".join("%s=%s" % kv for kv in sorted(options.items()))
    return "%s%s %s : %s%s\n" % (game_id, (" " + opts) if opts else "", outcome,
                                  " ".join(moves), (" #" + tag) if tag else "")


def record(storage, game_id, options, moves, outcome, tag="", log=None):
    """Append a finished game to the record book, unless its line is already
    its last one. A storage that refuses (games.txt a folder, a full or failing
    flash) is logged (by `log(storage, error, where)`) and the game goes on: the result must not end in the
    error screen. True if the line is in the book afterwards."""
    line = record_line(game_id, options, moves, outcome, tag).encode()
    try:
        end = storage.tail(RECORDS, len(line) + 1)
        if end == line or end == b"\n" + line:
            return True
        if end and not end.endswith(b"\n"):
            line = b"\n" + line   # a line torn by a cut stays on its own line
        storage.append(RECORDS, line, limit=RECORDS_LIMIT)
        return True
    except OSError as e:
        if log is not None:
            log(storage, e, "record book")
        return False
