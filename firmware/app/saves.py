"""The game in progress on flash, offered at boot; and the record book of
finished games.

The save (save.json) is a journal, so a move costs the same at move 5 and at
move 500: its first line is a JSON header with its own checksum (the game,
options, players, level, markers, a tag naming this game), then one line per
change, each ending with a check chained to the line before:

    +a1 1f3a07      a move            -  2b0c11   a move taken back
    !d3 0a9e52      the move that ended the game
    *12,13 3c0d01   Go's dead stones as marked after play

A move appends one line (Journal.append). The whole game is written only
when the journal is compacted (a new game's first save, a resumed game, a
journal grown long with take-backs), through write_atomic in pieces of a
line each, so no large contiguous block is ever needed. A line without its
newline is the torn end of an append a power cut stopped: it is not read,
and the game resumes without that one change. Any other damage (not JSON, a
checksum or check that does not match) makes read() raise SaveError; the
boot then moves the save to save.bad. A save of the older one-JSON-object
form is still read.

The record book of finished games is app/records.py's.
"""
import json

# The record book (app/records.py), named here too for those that know saves.
from app.records import (RECORDS, RECORDS_LIMIT, RECORDS_OLD, CHUNK,  # noqa: F401
                         record_line, record, records_back, parse_record)

SAVE = "save.json"
BAD = "save.bad"
LONGEST = 4096                # a longer line is no game's (an edited or worn file): skipped
SAVE_CHUNK = 256              # bytes read at a time when reading the save
NO_LIMIT = 0x3FFFFFFF         # the journal is never rotated (a small int on the Pico)


class SaveError(ValueError):
    pass


class Settings:
    """How a game is played: the game, its options, who plays each seat
    ("human" or "board"), the AI's level and, on a reed board, whether
    blocked squares are marked with marker pieces. Set up in the menu, kept
    in the save, given to Play as one object."""

    def __init__(self, gid, options=None, players=("human", "human"), level=3, markers=True):
        self.gid = gid
        self.options = dict(options or {})
        self.players = tuple(players)
        self.level = level
        self.markers = bool(markers)


def settings_of(d):
    """The settings a save (read()'s dict) holds."""
    return Settings(d["game"], d["options"], d["players"], d["level"], d["markers"])


def _canon(d):
    s = "|".join((d["game"], json.dumps(sorted(d["options"].items())), ",".join(d["players"]),
                  str(d["level"]), " ".join(d["moves"])))
    # Fields added later count only when present: an older save stays valid.
    if "tag" in d:
        s += "|%s|%d|%s" % (d["tag"], d["end"], ",".join(str(c) for c in d["dead"]))
    if "markers" in d:
        s += "|%d" % d["markers"]
    return s


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


def checksum(d):
    """The checksum of a save of the older form (one JSON object)."""
    return fletcher(_canon(d))


def _head_canon(h):
    return "|".join((h["game"], json.dumps(sorted(h["options"].items())), ",".join(h["players"]),
                     str(h["level"]), h["tag"], str(h["markers"])))


def line_check(prev, body):
    """The check of a journal line: its body chained to the line before's
    check, so a line out of its place fails too."""
    return fletcher("%d %s" % (prev, body))


def _line(prev, body):
    """A journal line and its check."""
    ck = line_check(prev, body)
    return "%s %x\n" % (body, ck), ck


def move_body(text, ends):
    return ("!" if ends else "+") + text


def dead_body(dead):
    return "*" + ",".join(str(c) for c in sorted(dead))


UNDO_BODY = "-"


class Journal:
    """The save of the game being played, as Play keeps it on flash."""

    def __init__(self, storage):
        self.storage = storage
        self.started = False     # the file holds this game's header and every line so far
        self.check = 0           # the last line's check: the next one chains to it
        self.lines = 0           # lines appended since the last compaction

    def write_all(self, settings, moves, tag, end, dead):
        """Compaction: the whole game, header and one line a move, replaced
        atomically and written a line at a time."""
        head = {"game": settings.gid, "options": settings.options, "players": list(settings.players),
                "level": settings.level, "tag": tag, "markers": 1 if settings.markers else 0, "v": 2}
        head["sum"] = fletcher(_head_canon(head))
        last = len(moves) - 1
        state = [head["sum"]]

        def pieces():
            yield json.dumps(head) + "\n"
            for i in range(len(moves)):
                text, state[0] = _line(state[0], move_body(moves[i], end and i == last))
                yield text
            if end and dead:
                text, state[0] = _line(state[0], dead_body(dead))
                yield text

        self.storage.write_atomic(SAVE, pieces())
        self.check = state[0]
        self.started = True
        self.lines = 0

    def append(self, bodies):
        """Changes since the last save, as one append of their lines."""
        out = ""
        ck = self.check
        for body in bodies:
            text, ck = _line(ck, body)
            out += text
        self.storage.append(SAVE, out, NO_LIMIT)
        self.check = ck
        self.lines += len(bodies)

    def clear(self):
        clear(self.storage)
        self.started = False


def write(storage, game_id, options, players, level, moves, tag="", end=False, dead=(),
          markers=True):
    """The whole save of a game written at once (compaction)."""
    Journal(storage).write_all(Settings(game_id, options, players, level, markers), moves, tag,
                               end, dead)


def _save_name(storage):
    """The file the save is in: save.json, or save.json.new (a FAT replace cut
    between its renames), or None."""
    for name in (SAVE, SAVE + ".new"):
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


def read(storage):
    """The saved game as a dict, None if there is none, SaveError if it is damaged.

    The dict has "game", "options", "players", "level", "moves", "tag", "end",
    "dead" and "markers" (defaults for an older save).
    """
    name = _save_name(storage)
    if name is None:
        return None
    lines = _save_lines(storage, name)
    first = None
    for first in lines:
        break
    if first is None:
        raw = storage.read(name)
        if not raw:
            raise SaveError("the save is empty")
        first = raw           # a single line with no newline: the older form
    try:
        d = json.loads(first)
    except (ValueError, UnicodeError):
        raise SaveError("the save is not readable")
    if not isinstance(d, dict):
        raise SaveError("the save is not a game")
    if "moves" in d:
        return _read_whole(d)
    return _read_journal(d, lines)


def _check_fields(d, fields):
    for field, kind in fields:
        if not isinstance(d.get(field), kind):
            raise SaveError("the save has no valid '%s'" % field)


def _read_journal(d, lines):
    _check_fields(d, (("game", str), ("options", dict), ("players", list), ("level", int),
                      ("tag", str), ("markers", int), ("sum", int)))
    if len(d["players"]) != 2 or any(p not in ("human", "board") for p in d["players"]):
        raise SaveError("the save has no valid 'players'")
    if d["markers"] not in (0, 1):
        raise SaveError("the save has no valid 'markers'")
    if fletcher(_head_canon(d)) != d["sum"]:
        raise SaveError("the save's checksum does not match")
    moves = []
    ends = []
    dead = []
    prev = d["sum"]
    for raw in lines:
        try:
            text = raw.decode()
            k = text.rindex(" ")
            body, ck = text[:k], int(text[k + 1:], 16)
        except (ValueError, UnicodeError):
            raise SaveError("the save holds a damaged line")
        if ck != line_check(prev, body):
            raise SaveError("a line of the save fails its check")
        prev = ck
        kind = body[:1]
        if kind in ("+", "!") and len(body) > 1:
            moves.append(body[1:])
            ends.append(kind == "!")
            dead = []
        elif body == UNDO_BODY and moves:
            moves.pop()
            ends.pop()
            dead = []
        elif kind == "*":
            try:
                dead = [int(c) for c in body[1:].split(",")] if len(body) > 1 else []
            except ValueError:
                raise SaveError("the save marks a dead stone that is not a point")
        else:
            raise SaveError("the save holds a line that is no change")
    return {"game": d["game"], "options": d["options"], "players": d["players"],
            "level": d["level"], "moves": moves, "tag": d["tag"],
            "end": 1 if ends and ends[-1] else 0, "dead": dead if ends and ends[-1] else [],
            "markers": d["markers"]}


def _read_whole(d):
    """A save of the older form: one JSON object with every move."""
    _check_fields(d, (("game", str), ("options", dict), ("players", list), ("level", int),
                      ("moves", list), ("sum", int)))
    if "tag" in d:
        _check_fields(d, (("tag", str), ("end", int), ("dead", list)))
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
