"""The recorder's store: every event of every board's games in SQLite.

One row per (board, game id, seq), the primary key, so an event sent twice
(the board republishes what it has no ack for) is stored once. `add` says
the highest contiguous seq of the game afterwards, which the recorder acks.
`book_lines` gives each ended game as the record book's line (the format
firmware/app/records.py writes), so `python -m tools.records export` reads
a club's games through the same path as a board's pulled book.
"""
import json
import sqlite3
import threading
import time

from tools.link import firmware_path  # noqa: F401  (firmware/ on sys.path)

FILE = "club.sqlite"
SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    board TEXT NOT NULL, g TEXT NOT NULL, n INTEGER NOT NULL,
    k TEXT NOT NULL, body TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (board, g, n)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS names (
    board TEXT NOT NULL, g TEXT NOT NULL, names TEXT NOT NULL,
    PRIMARY KEY (board, g)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS pairs (
    a TEXT NOT NULL, b TEXT NOT NULL, at REAL NOT NULL, done INTEGER NOT NULL DEFAULT 0,
    old_a TEXT, old_b TEXT);
"""


class Store:
    """The club's SQLite file; safe to share between the recorder's thread
    and the page's (one connection behind a lock)."""

    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")   # WAL: a power cut loses no committed event's order
        self.db.executescript(SCHEMA)
        self.contig = {}      # (board, g) -> highest contiguous seq stored
        self.pending = {}     # (board, g) -> the seqs stored beyond a gap
        for board, g, ns in self._seqs():
            c = self.contig[(board, g)] = _contiguous(ns)
            if ns[-1] > c:
                self.pending[(board, g)] = set(n for n in ns if n > c)

    def _seqs(self):
        rows = self.db.execute("SELECT board, g, n FROM events ORDER BY board, g, n").fetchall()
        out, cur = [], None
        for board, g, n in rows:
            if cur is None or cur[:2] != (board, g):
                cur = (board, g, [])
                out.append(cur)
            cur[2].append(n)
        return out

    def close(self):
        self.db.close()

    def add(self, board, ev):
        """Store one checked event; (new, highest contiguous seq of its game)."""
        key = (board, ev["g"])
        with self.lock:
            cur = self.db.execute(
                "INSERT OR IGNORE INTO events (board, g, n, k, body, at) VALUES (?, ?, ?, ?, ?, ?)",
                (board, ev["g"], ev["n"], ev["k"], json.dumps(ev, separators=(",", ":")), time.time()))
            new = cur.rowcount == 1
            c = self.contig.get(key, -1)
            if new and ev["n"] == c + 1:
                c = ev["n"]
                later = self.pending.get(key)
                while later and c + 1 in later:       # the gap closed: on through what came early
                    c += 1
                    later.remove(c)
                self.contig[key] = c
            elif new and ev["n"] > c + 1:
                self.pending.setdefault(key, set()).add(ev["n"])
            return new, c

    def events(self, board, g):
        """The game's stored events in seq order, up to its first gap."""
        with self.lock:
            rows = self.db.execute("SELECT n, body FROM events WHERE board = ? AND g = ? ORDER BY n",
                                   (board, g)).fetchall()
        out = []
        for n, body in rows:
            if n != len(out):
                break
            out.append(json.loads(body))
        return out

    def games(self, board=None):
        """(board, g, first stored time) of every game, oldest first."""
        q = "SELECT board, g, MIN(at) FROM events %s GROUP BY board, g ORDER BY MIN(at), board, g"
        with self.lock:
            if board is None:
                return self.db.execute(q % "").fetchall()
            return self.db.execute(q % "WHERE board = ?", (board,)).fetchall()

    def count(self):
        with self.lock:
            return self.db.execute("SELECT COUNT(*) FROM events").fetchone()[0]

    def set_names(self, board, g, names):
        with self.lock:
            self.db.execute("INSERT OR REPLACE INTO names (board, g, names) VALUES (?, ?, ?)",
                            (board, g, json.dumps(names)))

    def names(self, board, g):
        with self.lock:
            r = self.db.execute("SELECT names FROM names WHERE board = ? AND g = ?", (board, g)).fetchone()
        return json.loads(r[0]) if r else None

    def add_pair(self, a, b, old_a=None, old_b=None):
        """A pair of boards; old_a, old_b: each one's game at the pairing that is
        not the pair's (an ended one), whose end does not end the pair."""
        with self.lock:
            self.db.execute("INSERT INTO pairs (a, b, at, old_a, old_b) VALUES (?, ?, ?, ?, ?)",
                            (a, b, time.time(), old_a, old_b))

    def pair_old(self, a, b):
        """{board: its game that was over when the pair was made} of the pair in force."""
        with self.lock:
            r = self.db.execute("SELECT a, b, old_a, old_b FROM pairs WHERE done = 0 AND ((a = ? AND b = ?) "
                                "OR (a = ? AND b = ?))", (a, b, b, a)).fetchone()
        return {r[0]: r[2], r[1]: r[3]} if r else {}

    def end_pair(self, a, b):
        with self.lock:
            self.db.execute("UPDATE pairs SET done = 1 WHERE done = 0 AND ((a = ? AND b = ?) OR "
                            "(a = ? AND b = ?))", (a, b, b, a))

    def pairs(self):
        """The pairs in force: [(a, b)]."""
        with self.lock:
            return self.db.execute("SELECT a, b FROM pairs WHERE done = 0 ORDER BY at").fetchall()

    def book_lines(self):
        """(board, record-book line) of every game that has its end event."""
        out = []
        for board, g, _at in self.games():
            line = book_line(board, self.events(board, g))
            if line:
                out.append((board, line))
        return out


def _contiguous(ns, start=-1):
    """The highest seq reached from `start` through the sorted seqs `ns` with no gap."""
    c = start
    for n in ns:
        if n != c + 1:
            break
        c = n
    return c


def replay(events):
    """(start event, moves after undos, end event or None) of a game's events."""
    if not events or events[0]["k"] != "start":
        return None, [], None
    moves, end = [], None
    for ev in events[1:]:
        if ev["k"] == "move":
            moves.append(ev["m"])
        elif ev["k"] == "undo" and moves:
            moves.pop()
        elif ev["k"] == "end":
            end = ev
            break
    return events[0], moves, end


def book_line(board, events):
    """The record book's line of a game's events, or None before its end."""
    import games
    from app.records import record_line
    start, moves, end = replay(events)
    if start is None or end is None or start["game"] not in games.IDS:
        return None
    opt = start.get("opt")
    if isinstance(opt, dict):
        options = dict((str(k), v) for k, v in opt.items())
    elif opt is None:
        options = {}
    else:   # the game's one option's value
        names = sorted(getattr(games.load(start["game"]), "OPTIONS", {}) or {})
        options = {names[0]: opt} if names else {}
    extra = []
    if start["mode"] == "ai" and start.get("seat") in (0, 1):
        seats = ["human", "human"]
        seats[start["seat"]] = "board"
        extra.append(("players", ",".join(seats)))
        if start.get("level") is not None:
            extra.append(("level", str(start["level"])))
    else:
        extra.append(("players", "human,human"))
    return record_line(start["game"], options, moves, end["r"], events[0]["g"], extra).rstrip("\n")
