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
records_back() reads it back, newest game first, a piece at a time (the
replay's list of the last games), and parse_record() takes a line apart.
"""
import json

SAVE = "save.json"
BAD = "save.bad"
RECORDS = "games.txt"
RECORDS_LIMIT = 65536
RECORDS_OLD = "games.1.txt"   # the book before its last rotation
CHUNK = 512                   # bytes read at a time when reading the book back
LONGEST = 4096                # a longer line is no game's (an edited or worn file): skipped


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


def _lines_back(storage, name, chunk, longest):
    """The whole lines of a file, last first, read `chunk` bytes at a time
    from its end. What follows the last newline is a line torn by a cut during
    its append: never given. A line longer than `longest` is skipped, never
    gathered (the RAM it would take is what reading in chunks saves)."""
    end = storage.size(name)
    tail = None        # the end of the line being gathered; None: no newline seen yet
    skip = False       # the line being gathered is too long
    while end > 0:
        start = end - chunk if end > chunk else 0
        data = storage.read_at(name, start, end - start)
        if len(data) != end - start:
            return     # the file changed under us: what was read is all we trust
        end = start
        i = len(data)
        while True:
            j = data.rfind(b"\n", 0, i)
            if j < 0:
                break
            if tail is not None and not skip and i - j - 1 + len(tail) <= longest:
                line = data[j + 1:i] + tail
                if line:
                    yield line
            tail, skip = b"", False
            i = j
        if tail is not None and not skip:
            if i + len(tail) <= longest:
                tail = data[:i] + tail
            else:
                tail, skip = b"", True
    if tail and not skip:
        yield tail     # the file's first line


def records_back(storage, chunk=CHUNK, longest=LONGEST):
    """The record book's lines (bytes, no newline), newest first: games.txt,
    then games.1.txt. A line torn by a cut is not given: at the end of a file
    it has no newline, and anywhere else the whole line follows it (record()
    writes it again), so a line that begins the next one is dropped. Only a
    few chunks are in RAM at a time, however long the book."""
    newer = None
    for name in (RECORDS, RECORDS_OLD):
        for line in _lines_back(storage, name, chunk, longest):
            if newer is not None and newer.startswith(line):
                continue
            newer = line
            yield line


def parse_record(line):
    """A record-book line (bytes) as (game id, options, result, moves, tag),
    the inverse of record_line(); None if it is not a whole line of that form
    (a torn line ends before its '#tag'; a worn flash gives bytes that are not
    text)."""
    try:
        text = line.decode()
    except (UnicodeError, ValueError):
        return None
    i = text.find(" : ")
    if i < 0:
        return None
    head = text[:i].split()
    moves = text[i + 3:].split()
    if len(head) < 2 or not moves or not moves[-1].startswith("#") or len(moves[-1]) < 2:
        return None
    options = {}
    k = 1
    while k < len(head) and "=" in head[k]:
        name, value = head[k].split("=", 1)
        try:
            options[name] = int(value)
        except ValueError:
            return None
        k += 1
    if k == len(head):
        return None
    return head[0], options, " ".join(head[k:]), moves[:-1], moves[-1][1:]
