"""A match's report: one line a game, the table row, and the section of
docs/reports/ai-strength.md that keeps one row per game, level, opponent and settings."""
import os
import re

SECTION = "## Against other engines"


def outcome(r):
    """'W', 'L' or 'D' for our AI."""
    if r["result"] is None or r["result"] not in (0, 1):
        return "D"
    return "W" if r["result"] == r["our_seat"] else "L"


def game_line(r):
    if r["error"]:
        return "game %d: ERROR %s" % (r["index"] + 1, r["error"])
    s = r["score"]
    score = "" if s is None else " %d-%d" % (s[r["our_seat"]], s[1 - r["our_seat"]])
    extra = (" (%s)" % r["how"]) if r["how"] else ""
    if r.get("dead"):
        extra += " dead %d" % r["dead"]
    if r.get("refused"):
        extra += " engine moves refused %d" % r["refused"]
    return "game %d: us seat %d, %s%s%s in %d plies, %.0f s: %s" % (
        r["index"] + 1, r["our_seat"], {"W": "won", "L": "lost", "D": "drawn"}[outcome(r)], score,
        extra, r["plies"], r["secs"], " ".join(r["record"]))


TABLE_HEAD = ("| game | us | opponent | games | won | lost | drawn | won as seat 0 | won as seat 1 "
              "| mean margin | notes |\n|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|")


def summary(gid, level, against, results, mhz=None, their_swap="own", opening=2):
    """(table row, list of notes) for a finished match. The notes name a
    setting other than the default first (`--opening K`, they swap): the
    row's key in write_section."""
    played = [r for r in results if not r["error"]]
    tally = {"W": 0, "L": 0, "D": 0}
    seat_wins = [0, 0]
    seat_games = [0, 0]
    margins = []
    for r in played:
        o = outcome(r)
        tally[o] += 1
        seat_games[r["our_seat"]] += 1
        if o == "W":
            seat_wins[r["our_seat"]] += 1
        if r["score"] is not None:
            margins.append(r["score"][r["our_seat"]] - r["score"][1 - r["our_seat"]])
    notes = []
    if opening == 0:
        notes.append("the players make their own first moves (`--opening 0`)")
    elif opening != 2:
        plies = "ply" if opening == 1 else "plies"
        notes.append("the first %d %s picked (`--opening %d`)" % (opening, plies, opening))
    if their_swap != "own":
        notes.append("they %s" % ("swap" if their_swap == "always" else "never swap"))
    errors = len(results) - len(played)
    if errors:
        notes.append("%d games failed" % errors)
    capped = sum(1 for r in played if r["how"] == "move cap")
    if capped:
        notes.append("%d at the move cap" % capped)
    resigned = sum(1 for r in played if r["how"] == "resigned")
    if resigned:
        notes.append("%d resigned" % resigned)
    refused = sum(r["refused"] for r in played)
    if refused:
        notes.append("%d engine moves refused" % refused)
    engine = next((r["engine"] for r in played if r.get("engine")), "")
    if engine:
        notes.append(engine)
    us = "level %d" % level
    if mhz and level >= 3:          # levels 1-2 search a fixed depth, whatever the clock
        us += " at %d MHz" % mhz
    row = "| %s | %s | %s | %d | %d | %d | %d | %d/%d | %d/%d | %s | %s |" % (
        gid, us, against, len(played), tally["W"], tally["L"], tally["D"], seat_wins[0],
        seat_games[0], seat_wins[1], seat_games[1],
        "%+.1f" % (sum(margins) / len(margins)) if margins else "-", "; ".join(notes))
    return row, notes


SECTION_TEXT = """%s

Written by `python -m tools.bench match ... --write` on CPython: our AI at the
node budget of its level (the game's NODES, what a Pico move affords at
125 MHz, scaled to the clock in the "us" column: club boards run at 200 MHz; a
row without one was measured at 125 MHz), half the games on each seat; the
first two plies with a choice (Go's d4 is none) of each pair of games picked
among the few most promising moves, a different opening for every pair. GNU Go
plays over GTP with `--chinese-rules --positional-superko --komi 0` and marks
the dead stones at the end (`final_status_list dead`); the game's own count
decides (area, no komi, White wins ties). `uct:N`: UCT with N random playouts a
move (tools/play/match.py). Margin: our points minus theirs, where the game counts
points. The notes name any other setting: `--opening K` plies picked (0: the
players' own first moves), and `they swap` / `they never swap` (`--their-swap`:
what the opponent does with seat 1's first move when it is theirs).

%s
"""


def kept_section(path):
    """The "Against other engines" section of `path` ("" if none), for a tool
    that rewrites the rest of the file (bench strength --write)."""
    text = open(path).read() if os.path.exists(path) else ""
    if SECTION not in text:
        return ""
    return "\n" + SECTION + text.split(SECTION, 1)[1]


def row_key(row):
    """What a row measured: its game, level and opponent, and the settings
    its notes name (`--opening K`, they swap, they never swap)."""
    cells = row.split("|")
    notes = cells[-2] if len(cells) > 11 else ""
    return cells[1:4] + re.findall(r"`--opening \d+`|\bthey (?:never )?swap\b", notes)


def write_section(path, row):
    """Put `row` into the "Against other engines" table of `path`, replacing the
    row that measured the same (row_key); the rest of the file stays."""
    text = open(path).read() if os.path.exists(path) else ""
    key = row_key(row)
    head, rows, tail = text, [], ""
    if SECTION in text:
        head, rest = text.split(SECTION, 1)
        nxt = rest.find("\n## ")
        if nxt >= 0:
            rest, tail = rest[:nxt], rest[nxt + 1:]
        rows = [ln for ln in rest.split("\n") if ln.startswith("| ") and not ln.startswith("| game |")]
    rows = [r for r in rows if row_key(r) != key] + [row]
    out = head.rstrip("\n") + "\n\n" + SECTION_TEXT % (SECTION, TABLE_HEAD + "\n" + "\n".join(rows))
    if tail:
        out += "\n" + tail
    with open(path, "w") as f:
        f.write(out)
