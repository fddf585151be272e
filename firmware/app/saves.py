"""The games kept on flash, offered at boot and on the menu; and the record
book of finished games.

Every game in progress or kept for later has its own save, one file a game:
save-<game id>.json, then save-<game id>-2.json ... (PER_GAME of one game at
most), so starting a game never touches another's file. Each is a journal,
so a move costs the same at move 5 and at move 500: its first line is a
JSON header with its own checksum (the game, options, players, level,
markers, a tag naming this game, its seq), then one line per save, each
ending with a check chained to the line before:

    +a1 1f3a07      a move            -  2b0c11   a move taken back
    !d3 0a9e52      the move that ended the game
    *12,13 3c0d01   Go's dead stones as marked after play
    - - 0d4e2f      the changes of one save (an Undo against the board's
                    two take-backs), by spaces: kept whole or not at all

A move appends one line (Journal.append). Journals of older firmware (a
line a change) read the same: a move's text never holds a space. The
whole game is written only when the journal is compacted (a new game's
first save, a resumed game, a journal grown long with take-backs),
through write_atomic in pieces of a line each, so no large contiguous
block is ever needed. A line without its newline is the torn end of an
append a power cut stopped: it is not read, and the game resumes without
that save's changes (a move, or an Undo's take-backs). Any other damage (not JSON, a
checksum or check that does not match) makes read() (app/savefile.py) raise
SaveError; the boot then moves that save to its .bad name (save-x.bad). A save of the older one-JSON-object
form is still read. The one save.json of firmware that kept a single game
is moved to its game's file at boot (app/kept.py migrate); a cut part-way leaves the
same game in both, and the next boot finishes the move.

Which game is older: the header's `seq`, one more than every other kept
game's when a game is first saved or resumed, so the lowest is the game left
longest ago (kept() lists them oldest first).

The record book of finished games is app/records.py's.
"""
import json

# The record book (app/records.py), named here too for those that know saves.
from app.records import (RECORDS, RECORDS_LIMIT, RECORDS_OLD, CHUNK,  # noqa: F401
                         record_line, record, records_back, parse_record, UNFINISHED,
                         UNFINISHED_TAG)

# A save's checks and lines (app/savecheck.py), named here too for those that know saves.
from app.savecheck import (SAVE, LONGEST, SAVE_CHUNK, SaveError, fletcher,  # noqa: F401
                           line_check, _line, UNDO_BODY, _head_canon, _save_name, _save_lines)

BAD = "save.bad"
PER_GAME = 6                  # kept games of one game id at most (each looked for by name)
NO_LIMIT = 0x3FFFFFFF         # the journal is never rotated (a small int on the Pico)


class Settings:
    """How a game is played: the game, its options, who plays each seat
    ("human" or "board"), the AI's level and, on a reed board, whether
    blocked squares are marked with marker pieces. Set up in the menu, kept
    in the save, given to Play as one object."""

    def __init__(self, gid, options=None, players=("human", "human"), level=3, markers=True,
                 keep=None):
        self.gid = gid
        self.options = dict(options or {})
        self.players = tuple(players)
        self.level = level
        self.markers = bool(markers)
        self.keep = keep          # the save's file name; None: a new game, a free one at its first save


def read(storage, save=SAVE):
    """The game kept in file `save` (app/savefile.py read: a dict, None, or
    SaveError); the reader is loaded only when a save is read."""
    from app.savefile import read as read_save
    return read_save(storage, save)


def checksum(d):
    """The checksum of a save of the older form (app/savefile.py)."""
    from app.savefile import checksum as older
    return older(d)


def settings_of(d):
    """The settings a save (read()'s dict) holds."""
    return Settings(d["game"], d["options"], d["players"], d["level"], d["markers"], d.get("name"))


def save_name(gid, k=0):
    """The file of kept game k of a game id."""
    return "save-%s.json" % gid if k == 0 else "save-%s-%d.json" % (gid, k + 1)


def bad_name(name):
    """Where a damaged save is set aside: save-x.json -> save-x.bad."""
    return name[:-5] + ".bad" if name.endswith(".json") else name + ".bad"


def free_name(storage, gid):
    """A file for a new game of gid, or None when PER_GAME are kept."""
    for k in range(PER_GAME):
        name = save_name(gid, k)
        if _save_name(storage, name) is None:
            return name
    return None


def _installed():
    import games
    return games.installed()


def kept(storage, gids=None, order=True):
    """Every kept game as (seq, game id, file name), oldest first. Only the
    headers are read; a header that cannot be read sorts first (seq -1):
    read() then says what is wrong. Without order no file is read (seq 0):
    the menu only counts them."""
    out = []
    gids = gids if gids is not None else _installed()
    listed = storage.names()
    found = []
    if listed is not None:         # one listing rather than a look for every name
        for n in listed:
            if n.startswith("save-") and (n.endswith(".json") or n.endswith(".json.new")):
                n = n[:n.index(".json") + 5]
                if n not in found:
                    found.append(n)
    for gid in gids:
        for k in range(PER_GAME):
            name = save_name(gid, k)
            if (name in found) if listed is not None else _save_name(storage, name) is not None:
                out.append((_seq(storage, name) if order else 0, gid, name))
    if order:
        out.sort()
    return out


def _seq(storage, name):
    try:
        for first in _save_lines(storage, _save_name(storage, name)):
            d = json.loads(first)
            return d.get("seq", 0) if isinstance(d, dict) and isinstance(d.get("seq", 0), int) else -1
    except (ValueError, UnicodeError):
        pass
    return -1


def next_seq(storage):
    """One more than every kept game's seq: the newest."""
    last = 0
    for seq, gid, name in kept(storage):
        if seq > last:
            last = seq
    return last + 1


def move_body(text, ends):
    return ("!" if ends else "+") + text


def dead_body(dead):
    return "*" + ",".join(str(c) for c in sorted(dead))




class Journal:
    """The save of the game being played, as Play keeps it on flash: in
    `name`, or (None) a free file of its game found at its first save."""

    def __init__(self, storage, name=None):
        self.storage = storage
        self.name = name
        self.seq = 0
        self.started = False     # the file holds this game's header and every line so far
        self.check = 0           # the last line's check: the next one chains to it
        self.lines = 0           # lines appended since the last compaction

    def write_all(self, settings, moves, tag, end, dead):
        """Compaction: the whole game, header and one line a move, replaced
        atomically and written a line at a time."""
        if self.name is None:
            self.name = free_name(self.storage, settings.gid)
            if self.name is None:
                raise SaveError("no room to keep another %s" % settings.gid)
        if not self.started:      # a new or resumed game: the newest kept
            self.seq = next_seq(self.storage)
        head = {"game": settings.gid, "options": settings.options, "players": list(settings.players),
                "level": settings.level, "tag": tag, "markers": 1 if settings.markers else 0, "v": 2,
                "seq": self.seq}
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

        self.storage.write_atomic(self.name, pieces())
        self.check = state[0]
        self.started = True
        self.lines = 0

    def append(self, bodies):
        """The changes since the last save as one journal line, their bodies
        joined by spaces under one check (an Undo against the board takes
        back two moves: `- - 3a0b1c`). A cut keeps the whole line or, torn
        before its newline, none of it: never one take-back of two."""
        text, ck = _line(self.check, " ".join(bodies))
        self.storage.append(self.name, text, NO_LIMIT)
        self.check = ck
        self.lines += len(bodies)

    def clear(self):
        if self.name is not None:
            clear(self.storage, self.name)
        self.started = False


def write(storage, game_id, options, players, level, moves, tag="", end=False, dead=(),
          markers=True, name=None):
    """The whole save of a game written at once (compaction), in `name` (by
    default its game's first file)."""
    Journal(storage, name or save_name(game_id)).write_all(
        Settings(game_id, options, players, level, markers), moves, tag, end, dead)


def set_aside(storage, name=SAVE):
    """Move a damaged save to its .bad name (nothing to move is no error):
    the filesystem's rename, no byte of it in RAM, however large. A save that
    cannot be moved at all is removed: kept, it would fail at every boot."""
    try:
        storage.rename(name, bad_name(name))
    except OSError:
        storage.remove(name)


def clear(storage, name=SAVE):
    storage.remove(name)


def new_tag(storage, salt):
    """A short name for a new game: differs from the last recorded game's."""
    try:
        size = storage.size(RECORDS)
    except OSError:
        size = 0
    return "%x" % ((size * 7919 + salt) & 0xFFFFFF)
