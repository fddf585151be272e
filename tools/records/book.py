"""One line of a board's record book (games.txt), taken apart on the desktop.

The board writes (firmware/app/records.py, record_line):

    <game> [<option>=<int> ...] [<field>=<text> ...] <result words> : <move> ... #<tag>

e.g. `go players=human,board level=3 dead=c3 BLACK WINS 26-22 : d4 c5 pass pass #3f2a`,
`hex size=5 players=human,human WHITE WINS : c3 swap a5 ... #9a`. The line's
own fields: `players=human,board` (who played each seat), `level=N` (the
board's AI level, where it played), `dead=c3,e5` (Go's stones marked dead).
Lines of an older firmware have none of them and name the winner by seat
(`FIRST WINS`). The race timer (poliedricos) writes its fields where the moves
go (`blue=61234 orange=DNF`).

This is the one place on the tools side that reads that format, so a field
the board adds later is one edit here. Any other `name=value` word before the
result (an unknown option name) is kept in `extra`, not taken as an option,
as are `name=value` words after the tag.
"""
import re

from tools.link import firmware_path  # noqa: F401  (firmware/ on sys.path)
import games

_SCORE = re.compile(r"^(\S+)-(\S+)$")


class Record:
    """A parsed record-book line. `board` is the folder it was pulled into."""

    def __init__(self, game, options, result, moves, tag, extra, line, board=""):
        self.game = game
        self.options = options      # {name: int}: the game's options
        self.result = result        # the result words, e.g. "BLACK WINS 26-22"
        self.moves = moves          # move texts (the race: its fields)
        self.tag = tag
        self.extra = extra          # {name: str}: fields this tool has no column for
        self.line = line            # the line as written, no newline
        self.board = board

    def key(self):
        """What makes two lines the same game: the tag with the game and its
        moves (two boards may give two games one tag; the same game pulled twice
        from two folders or both rotations is one)."""
        return (self.tag, self.game, tuple(sorted(self.options.items())), tuple(self.moves))

    def winner_words(self):
        """The result without its score: 'BLACK WINS', 'DRAW', 'NOBODY FINISHED'."""
        words = self.result.split()
        if words and _SCORE.match(words[-1]) and len(words) > 1:
            words = words[:-1]
        return " ".join(words)

    def score(self):
        """The score as the board wrote it ('26-22', '1:02.3-1:10.0'), '' if none."""
        words = self.result.split()
        if len(words) > 1 and _SCORE.match(words[-1]):
            return words[-1]
        return ""

    def players(self):
        """(seat 0, seat 1) as 'human'/'board', or (None, None) when the line
        does not say (the board's lines say it from a later firmware on)."""
        p = self.extra.get("players", "")
        parts = p.split(",")
        if len(parts) == 2 and all(x in ("human", "board") for x in parts):
            return tuple(parts)
        return (None, None)

    def said(self):
        """The result as the board said it at the game's end (BOARD WINS,
        YOU WIN, BLUE WINS 5-3: app/words.py said_result); a race's as written."""
        mod = games.load(self.game)
        if getattr(mod, "MODE", None):
            return self.result
        from app.words import said_result
        players = self.players()
        return said_result(mod.Game, self.result, self.moves, players if players[0] else None)

    def level(self):
        v = self.extra.get("level", "")
        return int(v) if v.isdigit() else None

    def dead(self):
        """Go's dead stones as written on the line (a list of points), or None
        when the line does not say."""
        if "dead" not in self.extra:
            return None
        return [p for p in self.extra["dead"].split(",") if p]


def _option_names(gid):
    try:
        return set(getattr(games.load(gid), "OPTIONS", {}) or {})
    except (ImportError, KeyError, ValueError):
        return set()


def parse(line, board=""):
    """A Record, or None when the line is no whole record (a line torn by a cut
    has no '#tag'; bytes that are not text; a blank line)."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeError:
            return None
    line = line.rstrip("\r\n")
    i = line.find(" : ")
    if i < 0:
        return None
    head = line[:i].split()
    tail = line[i + 3:].split()
    t = None
    for k in range(len(tail) - 1, -1, -1):
        if tail[k].startswith("#"):
            t = k
            break
    if len(head) < 2 or t is None or len(tail[t]) < 2:
        return None
    gid = head[0]
    if gid not in games.IDS:
        return None
    names = _option_names(gid)
    options, extra = {}, {}
    k = 1
    while k < len(head) and "=" in head[k]:
        name, value = head[k].split("=", 1)
        if name in names:
            try:
                options[name] = int(value)
            except ValueError:
                return None
        else:
            extra[name] = value
        k += 1
    if k == len(head):
        return None
    for word in tail[t + 1:]:
        if "=" in word:
            name, value = word.split("=", 1)
            extra[name] = value
    return Record(gid, options, " ".join(head[k:]), tail[:t], tail[t][1:], extra, line, board)


def read_book(data, board=""):
    """The records of one book file's bytes, oldest first; unreadable lines
    (torn by a cut, worn flash) are left out and counted.

    Returns (records, skipped)."""
    out, skipped = [], 0
    for raw in data.split(b"\n"):
        if not raw.strip():
            continue
        r = parse(raw, board)
        if r is None:
            skipped += 1
        else:
            out.append(r)
    return out, skipped
