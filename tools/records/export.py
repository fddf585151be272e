"""Pulled record books into files people open elsewhere (docs/makers/records.md).

Every game of every board folder under the source, and of a club's store
when the source is a club's folder (python -m tools.club: the recorder's
games as record-book lines, tools/club/store.py) (duplicates, the same game
pulled twice or from both rotations, removed by their tag) is replayed by the
firmware's own rules, then written as: an SGF file for Go and Hex
(tools/records/sgf.py), a plain text in the notation of docs/rules for the other
games, and one results table (results.csv, results.html) over all of them.
"""
import csv
import html
import os

from tools.link import firmware_path  # noqa: F401  (firmware/ on sys.path)
import games
from games.common import DRAW, MoveError, OptionError, parse_cell
from tools.records import gocount
from tools.records import sgf
from tools.club import store as club_store
from tools.records.book import parse, read_book
from app.records import UNFINISHED

COLUMNS = ("game", "board", "tag", "seat 0", "seat 1", "result", "score", "moves", "file", "note")
GO_RULES = ("Area count, positional superko, no suicide, no komi, White wins equal scores; "
            "seat 1 may swap (take Black) at its first move")
HEX_RULES = "Swap at seat 1's first move (the board keeps the stone; SGF mirrors it)"


class Replayed:
    """A record played again by the firmware's rules."""

    def __init__(self, rec):
        self.rec = rec
        self.game = None       # the Game after the moves (None: the race, or no replay)
        self.error = ""        # why it could not be replayed
        self.dead = []         # Go: points marked dead
        self.seat_of = []      # the seat that made each move
        mod = games.load(rec.game)
        self.mod = mod
        if getattr(mod, "MODE", None):
            return
        try:
            g = mod.Game(rec.options)
        except OptionError as e:
            self.error = str(e)
            return
        try:
            for t in rec.moves:
                if g.result() is not None:
                    raise MoveError("%s comes after the end of the game" % t)
                self.seat_of.append(g.turn)
                g.play_text(t)
        except MoveError as e:
            self.error = "move %d: %s" % (len(self.seat_of), e)
            return
        if g.result() is None:
            # A kept game abandoned before its end (app/records.py UNFINISHED)
            # is no error; any other result must be what the moves end in.
            if rec.result != UNFINISHED:
                self.error = "the moves do not end the game"
            return
        self.game = g
        if rec.game == "go":
            self._go_marks()
        self.check()

    def _go_marks(self):
        g, rec = self.game, self.rec
        marks = rec.dead()
        if marks is None:
            score = _score_pair(rec.score())
            cells = gocount.marks_for(g, score) if score else []
            if cells is None:
                self.error = "no dead stones give the recorded count %s" % rec.score()
                return
        else:
            cells = []
            for p in marks:
                xy = parse_cell(p, 7, 7)
                if xy is None:
                    self.error = "dead point %r is not a point of the board" % p
                    return
                cells.append(xy[1] * 7 + xy[0])
        try:
            g.set_dead(cells)
        except MoveError as e:
            self.error = str(e)
            return
        self.dead = gocount.points(g.dead)

    def check(self):
        """The replayed result must be the recorded one, word for word."""
        if self.error:
            return
        from app.words import book_text
        g = self.game
        text = book_text(g)
        r = g.result()
        # Books written before the seats' words name the winner by seat name
        # (FIRST WINS for BLUE WINS): the same result.
        older = text if r == DRAW else text.replace(g.seat_word(r), g.seat_name(r).upper(), 1)
        if self.rec.result not in (text, older):
            self.error = "the rules give %s, the book says %s" % (text, self.rec.result)

    def winner(self):
        r = self.game.result() if self.game else None
        return None if r is None or r == DRAW else r


def _score_pair(text):
    parts = text.split("-")
    if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit():
        return [int(parts[0]), int(parts[1])]
    return None


def load(src, board=None):
    """Every record under src (one folder per board, any depth, and the
    games of a club's store when src is a club's folder), duplicates
    removed; with a board id, src is that one board's folder (the
    simulator's flash). Returns (records, duplicates, unreadable lines)."""
    found, seen, dups, bad = [], set(), 0, 0
    if board is not None:
        folders = [(board, src)] if os.path.isdir(src) else []
    else:
        folders = [(b, os.path.join(src, b)) for b in sorted(os.listdir(src))
                   if b != "export" and os.path.isdir(os.path.join(src, b))] \
            if os.path.isdir(src) else []
    sources, club = [], board is None and os.path.join(src, club_store.FILE)
    for board, folder in folders:
        paths = []
        for base, _dirs, files in os.walk(folder):
            for f in files:
                if f.startswith("games") and f.endswith(".txt"):
                    paths.append(os.path.join(base, f))
        # oldest first: kept older copies, the rotated book, then the book
        paths.sort(key=lambda p: (os.sep + "older" + os.sep not in p, p.endswith("games.txt"), p))
        for p in paths:
            with open(p, "rb") as f:
                sources.append(read_book(f.read(), board))
    if club and os.path.isfile(club):
        sources.append(club_records(club))
    for recs, skipped in sources:
        bad += skipped
        for r in recs:
            if r.key() in seen:
                dups += 1
                continue
            seen.add(r.key())
            found.append(r)
    return found, dups, bad


def club_records(path):
    """(records, unreadable) of a club's store (python -m tools.club): each
    ended game as its record-book line, read by the same reader as a pulled book."""
    store = club_store.Store(path)
    try:
        lines = store.book_lines()
    finally:
        store.close()
    recs, bad = [], 0
    for board, line in lines:
        r = parse(line, board)
        if r is None:
            bad += 1
        else:
            recs.append(r)
    return recs, bad


def seat_player(rec, seat, colour):
    """'Board level N' for the board's seat, else the seat's colour or name."""
    players = rec.players()
    if players[seat] == "board":
        lv = rec.level()
        return "Board level %s" % (lv if lv is not None else "?")
    return colour


def _name(rec, suffix):
    # the whole id: boards of one batch share its first bytes
    return "%s-%s-%s.%s" % (rec.game, rec.board or "board", rec.tag, suffix)


def go_file(rp):
    rec, g = rp.rec, rp.game
    black_seat = g.black_seat()
    pb = seat_player(rec, black_seat, "Black")
    pw = seat_player(rec, 1 - black_seat, "White")
    black, white, bterr = g.area(1)
    _, _, wterr = g.area(2)
    margin = abs(black - white)
    re = "B+%d" % margin if black > white else "W+%d" % margin
    root = [("RU", "Chinese"), ("KM", "0"), ("PB", pb), ("PW", pw), ("RE", re),
            ("GN", "go #%s" % rec.tag), ("PC", "board %s" % rec.board),
            ("GC", GO_RULES + ". Board's count: %s." % rec.result)]
    swap_note = sgf.SWAP_NOTE + " seat 1 took Black (and its stone); seat 0 plays White"
    return sgf.go(rec.moves, root, rp.dead, gocount.points(bterr), gocount.points(wterr), swap_note)


def hex_file(rp):
    rec, g = rp.rec, rp.game
    size = g.layout()[0]
    r = g.result()
    root = [("RU", HEX_RULES), ("PB", seat_player(rec, 0, "Black")),
            ("PW", seat_player(rec, 1, "White")), ("RE", "B+" if r == 0 else "W+"),
            ("GN", "hex #%s" % rec.tag), ("PC", "board %s" % rec.board)]
    return sgf.hex(rec.moves, size, root)


def text_file(rp):
    """A game as plain text: what it is, the result, one move a line."""
    rec, mod = rp.rec, rp.mod
    name = games.NAMES.get(rec.game, rec.game)
    seats = getattr(mod, "SEATS", ("seat 0", "seat 1"))
    if rp.game is not None:       # as the players know them (Blue, not First)
        seats = [rp.game.seat_word(0).title(), rp.game.seat_word(1).title()]
    lines = ["%s (%s)" % (name, rec.game),
             "Board: %s" % rec.board,
             "Tag: %s" % rec.tag,
             "Options: %s" % (" ".join("%s=%s" % kv for kv in sorted(rec.options.items())) or "none"),
             "Seat 0: %s" % seat_player(rec, 0, seats[0]),
             "Seat 1: %s" % seat_player(rec, 1, seats[1]),
             "Result: %s" % rec.result]
    if rp.error:
        lines.append("Note: %s" % rp.error)
    if getattr(mod, "MODE", None):
        lines.append("Times (ms) and false starts: %s" % " ".join(rec.moves))
    else:
        lines.append("Moves (notation: docs/rules/%s.md):" % rec.game)
        for k, t in enumerate(rec.moves):
            seat = rp.seat_of[k] if k < len(rp.seat_of) else None
            who = "" if seat is None else "  %s" % _seat_name(rp, seat)
            lines.append("%4d %-14s%s" % (k + 1, t, who))
    return "\n".join(lines) + "\n"


def _seat_name(rp, seat):
    return getattr(rp.mod, "SEATS", ("seat 0", "seat 1"))[seat]


def read_text(text):
    """(game id, options, moves) of a text written by text_file()."""
    gid, options, moves, in_moves = None, {}, [], False
    for line in text.splitlines():
        if gid is None and line.endswith(")") and "(" in line:
            gid = line[line.rindex("(") + 1:-1]
        elif line.startswith("Options: ") and line != "Options: none":
            for w in line[9:].split():
                k, v = w.split("=", 1)
                options[k] = int(v)
        elif line.startswith("Moves ("):
            in_moves = True
        elif in_moves and line.strip():
            moves.append(line.split()[1])
    return gid, options, moves


def export(src, out, say=print, board=None):
    """Write every record under src into out (board: src is that one board's
    folder, as load()); returns the results table's rows."""
    recs, dups, bad = load(src, board)
    os.makedirs(out, exist_ok=True)
    rows = []
    for rec in recs:
        rp = Replayed(rec)
        if rec.game in ("go", "hex") and rp.game is not None and not rp.error:
            fname = _name(rec, "sgf")
            text = go_file(rp) if rec.game == "go" else hex_file(rp)
        else:
            fname = _name(rec, "txt")
            text = text_file(rp)
        with open(os.path.join(out, fname), "w", encoding="utf-8") as f:
            f.write(text)
        seats = list(getattr(rp.mod, "SEATS", ("seat 0", "seat 1")))
        if rp.game is not None:   # the seats as the players know them; after a swap, seat 0 holds White
            seats = [rp.game.seat_word(0).title(), rp.game.seat_word(1).title()]
        rows.append({"game": rec.game, "board": rec.board, "tag": rec.tag,
                     "seat 0": seat_player(rec, 0, seats[0]), "seat 1": seat_player(rec, 1, seats[1]),
                     "result": rec.winner_words(), "score": rec.score(),
                     "moves": 0 if getattr(rp.mod, "MODE", None) else len(rec.moves),
                     "file": fname, "note": rp.error})
        if rp.error:
            say("  %s #%s from %s: %s (written as text)" % (rec.game, rec.tag, rec.board, rp.error))
    with open(os.path.join(out, "results.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, COLUMNS)
        w.writeheader()
        w.writerows(rows)
    with open(os.path.join(out, "results.html"), "w", encoding="utf-8") as f:
        f.write(results_html(rows))
    boards = sorted(set(r.board for r in recs))
    say("%d game%s from %d board%s into %s (%d duplicate%s left out%s)"
        % (len(rows), "" if len(rows) == 1 else "s", len(boards), "" if len(boards) == 1 else "s",
           out, dups, "" if dups == 1 else "s",
           ", %d unreadable line(s) skipped" % bad if bad else ""))
    return rows


_SORT_JS = """
document.querySelectorAll('th').forEach(function (th, col) {
  th.addEventListener('click', function () {
    var body = th.closest('table').tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var up = th.dataset.dir !== 'up';
    document.querySelectorAll('th').forEach(function (o) { delete o.dataset.dir; });
    th.dataset.dir = up ? 'up' : 'down';
    rows.sort(function (a, b) {
      var x = a.cells[col].dataset.key || a.cells[col].textContent;
      var y = b.cells[col].dataset.key || b.cells[col].textContent;
      var nx = parseFloat(x), ny = parseFloat(y);
      var c = (!isNaN(nx) && !isNaN(ny) && String(nx) === x && String(ny) === y)
        ? nx - ny : x.localeCompare(y);
      return up ? c : -c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  });
});
"""

_CSS = """
body { font-family: sans-serif; margin: 1em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #999; padding: 0.2em 0.5em; text-align: left; }
th { background: #eee; cursor: pointer; user-select: none; }
th[data-dir=up]::after { content: " \\25B2"; }
th[data-dir=down]::after { content: " \\25BC"; }
tbody tr:nth-child(even) { background: #f6f6f6; }
@media print { th { cursor: auto; } a { color: black; text-decoration: none; } }
"""


def results_html(rows):
    head = "".join("<th>%s</th>" % html.escape(c) for c in COLUMNS)
    body = []
    for r in rows:
        cells = []
        for c in COLUMNS:
            v = str(r[c])
            if c == "file":
                cells.append('<td><a href="%s">%s</a></td>' % (html.escape(v), html.escape(v)))
            else:
                cells.append("<td>%s</td>" % html.escape(v))
        body.append("<tr>%s</tr>" % "".join(cells))
    return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Results</title>"
            "<style>%s</style></head><body>\n<h1>Results</h1>\n"
            "<p>%d games. Click a column's title to sort by it (again: the other way).</p>\n"
            "<table><thead><tr>%s</tr></thead><tbody>\n%s\n</tbody></table>\n"
            "<script>%s</script>\n</body></html>\n"
            % (_CSS, len(rows), head, "\n".join(body), _SORT_JS))
