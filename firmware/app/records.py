"""The record book: one line per finished game, in the games' notation.

A finished game reaches the record book before its save is cleared, and
exactly once: record() first looks at the end of games.txt and appends nothing
if the game's line (which ends with its tag) is already there, so a cut between
the append and the clear, or a resumed finished game, records nothing twice.
The record book rotates to games.1.txt past 64 KB (see FileStorage.append).
records_back() reads it back, newest game first, a piece at a time (the
replay's list of the last games), and parse_record() takes a line apart.

A line is the game, its options, the line's own fields, the result (NOT
FINISHED for a kept game abandoned before its end), the moves and the tag:

    go players=human,board level=3 dead=c3,e5 BLACK WINS 26-22 : d4 ... #3f2a

The own fields (EXTRA) say who played each seat, the board's level when it
played, and Go's stones marked dead; they come before the result so that the
tag stays the line's last word (a line torn by a cut has no tag). Lines
written before they existed have none, and read the same otherwise.
"""
RECORDS = "games.txt"
RECORDS_LIMIT = 65536
RECORDS_OLD = "games.1.txt"   # the book before its last rotation
CHUNK = 512                   # bytes read at a time when reading the book back
LONGEST = 4096                # a longer line is no game's (an edited or worn file): skipped


EXTRA = ("players", "level", "dead")   # the line's own fields: never a game's option
# The result of a kept game abandoned before its end. Its tag ends in "u"
# (UNFINISHED_TAG), so that a game resumed after a cut and finished after
# all still gets its finished line: record() looks for the same tag's end.
UNFINISHED = "NOT FINISHED"
UNFINISHED_TAG = "u"


def _head(game_id, options, outcome, extra):
    words = [game_id]
    for kv in sorted(options.items()):
        words.append("%s=%s" % kv)
    for kv in extra:
        words.append("%s=%s" % kv)
    words.append(outcome)
    return " ".join(words) + " : "


def record_line(game_id, options, moves, outcome, tag="", extra=()):
    """The record book's line of a game; `extra` is the line's own fields as
    (name, text) pairs, in the order written (see EXTRA)."""
    return "%s%s%s\n" % (_head(game_id, options, outcome, extra), " ".join(moves),
                         (" #" + tag) if tag else "")


def _record_pieces(first, head, moves, end):
    if first:
        yield first
    yield head
    for i in range(len(moves)):
        yield moves[i] if i == 0 else " " + moves[i]
    yield end


def record(storage, game_id, options, moves, outcome, tag="", log=None, extra=()):
    """Append a finished game to the record book, unless its line is already
    its last one. A storage that refuses (games.txt a folder, a full or failing
    flash) is logged (by `log(storage, error, where)`) and the game goes on: the
    result must not end in the error screen. True if the line is in the book
    afterwards.

    The line is written a move at a time (a 600-move Go game's is 2-3 KB,
    never one block of RAM). With a tag, the book's last line is this game's
    when the book ends with its " #tag": a cut leaves only a line's start,
    never its end, and a new game's tag differs from the last one's. A cut
    that left all of the line but its newline is finished with that
    newline (the book's end compared with the line a chunk at a time), so
    the game is in the book once, not a torn copy and a whole one."""
    if not tag:
        line = record_line(game_id, options, moves, outcome, tag, extra).encode()
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
    head = _head(game_id, options, outcome, extra)
    end = " #%s\n" % tag
    length = len(head) + len(end) + sum(len(m) for m in moves) + max(0, len(moves) - 1)
    try:
        last = storage.tail(RECORDS, len(end))
        if last == end.encode():
            return True
        if last[1:] == end[:-1].encode() and _ends_with(
                storage, _record_pieces("", head, moves, end[:-1]), length - 1):
            # The whole line but its newline (a cut came just before it;
            # the append never rotated for it, so it fits the limit).
            storage.append(RECORDS, b"\n", RECORDS_LIMIT)
            return True
        first = ""
        if storage.tail(RECORDS, 1) not in (b"", b"\n"):
            first = "\n"              # a line torn by a cut stays on its own line
        storage.append(RECORDS, _record_pieces(first, head, moves, end), RECORDS_LIMIT,
                       length + len(first))
        return True
    except OSError as e:
        if log is not None:
            log(storage, e, "record book")
        return False


def _ends_with(storage, pieces, n):
    """Whether the record book's last n bytes are the pieces' (n bytes in
    all), compared a chunk at a time: a long line is never whole in RAM."""
    pos = storage.size(RECORDS) - n
    if pos < 0:
        return False
    buf = b""
    for piece in pieces:
        buf += piece.encode()
        while len(buf) >= CHUNK:
            if storage.read_at(RECORDS, pos, CHUNK) != buf[:CHUNK]:
                return False
            pos += CHUNK
            buf = buf[CHUNK:]
    return storage.read_at(RECORDS, pos, len(buf)) == buf


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
    """A record-book line (bytes) as (game id, options, result, moves, tag,
    extra), the inverse of record_line(): extra is a dict of the line's own
    fields as text. None if it is not a whole line of that form (a torn line
    ends before its '#tag'; a worn flash gives bytes that are not text)."""
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
    extra = {}
    k = 1
    while k < len(head) and "=" in head[k]:
        name, value = head[k].split("=", 1)
        if name in EXTRA:
            extra[name] = value
        else:
            try:
                options[name] = int(value)
            except ValueError:
                return None
        k += 1
    if k == len(head):
        return None
    return head[0], options, " ".join(head[k:]), moves[:-1], moves[-1][1:], extra
