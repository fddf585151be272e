"""`python -m tools.records export`: every game of every pulled board into SGF
(Go, Hex) or text, and the results table; every file replayed by the
referee to the result the board recorded; every Go SGF loaded by GNU Go to
the record's final position."""
import csv
import os

import pytest

from tools.link import firmware_path  # noqa: F401
import games
from tools.records import cli as records
from tools.play import referee
from tools.records import sgf
from tools.records.export import COLUMNS, read_text
from tools.records.book import read_book

from app.words import said_result

from helpers import recordgames
from tools.play import gtp_client

BOARD_A, BOARD_B = "e6614c311b4e6a2f", "e66138935f2c4b2d"


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    src = tmp_path_factory.mktemp("records")
    a, b = recordgames.book(1), recordgames.book(2)
    shared = a.splitlines(True)[0]            # one game pulled from both boards' folders
    for board, text in ((BOARD_A, a), (BOARD_B, b + shared)):
        os.makedirs(src / board)
        (src / board / "games.txt").write_text(text)
    os.makedirs(src / BOARD_A / "older")
    (src / BOARD_A / "older" / "games.1.0123.txt").write_text(a)   # a kept copy: all duplicates
    out = src / "export"
    assert records.main(["export", "--dir", str(src), "--out", str(out)]) == 0
    recs = read_book(a.encode(), BOARD_A)[0] + read_book(b.encode(), BOARD_B)[0]
    with open(out / "results.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    return out, recs, rows


def _replay(gid, options, moves, dead=None, players=None):
    req = {"game": gid, "moves": moves, "options": options}
    if dead:
        req["dead"] = dead
    if players:
        req["players"] = list(players)
    reply = referee.answer(__import__("json").dumps(req))
    assert reply["ok"], reply
    return reply


def _words(gid, options, moves, reply):
    """The result in the book's words, from the referee's reply."""
    g = games.load(gid).Game(options)
    for t in moves:
        g.play_text(t)
    text = "DRAW" if reply["winner"] is None else "%s WINS" % g.seat_word(reply["winner"])
    if reply["score"] is not None:
        text += " %d-%d" % tuple(reply["score"])
    return text


def test_one_file_per_game_duplicates_removed(exported):
    out, recs, rows = exported
    assert len(rows) == len(recs)
    assert len(set((r["board"], r["tag"]) for r in rows)) == len(rows)
    files = sorted(f for f in os.listdir(out) if f not in ("results.csv", "results.html"))
    assert sorted(r["file"] for r in rows) == files
    for r in rows:
        assert r["file"].endswith(".sgf") == (r["game"] in ("go", "hex")), r
        assert r["note"] == "", r
    assert {r["game"] for r in rows} == set(games.BOARD_GAMES) | {"poliedricos"}


def test_every_exported_game_replays_through_the_referee_to_the_recorded_result(exported):
    out, recs, rows = exported
    by_tag = dict((r.tag, r) for r in recs)
    checked = 0
    for row in rows:
        rec = by_tag[row["tag"]]
        if rec.game == "poliedricos":
            continue                      # a race: no moves to replay
        text = open(out / row["file"], encoding="utf-8").read()
        if row["file"].endswith(".sgf"):
            gid, options, moves, _colours, dead = sgf.read_game(text)
        else:
            (gid, options, moves), dead = read_text(text), None
        assert (gid, options, moves) == (rec.game, rec.options, rec.moves)
        players = rec.players() if rec.players()[0] else None
        reply = _replay(gid, options, moves, dead, players)
        assert reply["over"]
        assert _words(gid, options, moves, reply) == rec.result, row
        # the referee says it as the board did at the end, as its list does
        said = said_result(games.load(gid).Game, rec.result, rec.moves, players)
        assert reply["result"] == said, row
        checked += 1
    assert checked == len(rows) - 2       # all but the two races


def test_sgf_properties(exported):
    out, recs, rows = exported
    for row in rows:
        if row["game"] not in ("go", "hex"):
            continue
        root = sgf.parse(open(out / row["file"], encoding="utf-8").read())[0]
        assert root["FF"] == ["4"] and root["GM"] == (["1"] if row["game"] == "go" else ["11"])
        assert root["PB"] and root["PW"] and root["RU"]
        if row["game"] == "go":
            assert root["SZ"] == ["7"] and root["KM"] == ["0"]
            black_wins = row["result"] == ("%s WINS" % "BLACK")
            assert root["RE"][0].startswith("B+" if black_wins else "W+")
            a, b = (int(x) for x in row["score"].split("-"))
            assert root["RE"][0][2:] == str(abs(a - b))
        else:
            assert root["SZ"] == ["5"] and root["RE"][0] in ("B+", "W+")


def test_the_swaps_as_sgf_writes_them(exported):
    out, recs, rows = exported
    hexes = [r for r in rows if r["game"] == "hex"]
    swapped = [r for r in hexes if "swap-pieces" in open(out / r["file"]).read()]
    assert swapped, "the book has a Hex game with a swap"
    text = open(out / swapped[0]["file"]).read()
    nodes = sgf.parse(text)
    assert nodes[2] == {"W": ["swap-pieces"]}
    gos = [r for r in rows if r["game"] == "go" and "swap:" in open(out / r["file"]).read()]
    assert len(gos) == 4                  # d4 swap and pass swap, on each board
    assert any(r["seat 0"] == "White" for r in gos)
    sem = [r for r in rows if r["game"] == "semaforo"]
    assert sem and sem[0]["seat 0"] == "Blue" and sem[0]["seat 1"] == "Orange", \
        "the seats as the players know them, as the result names them"


@pytest.mark.skipif(not gtp_client.has_gnugo(), reason="GNU Go is not installed (apt-get install gnugo)")
def test_every_go_sgf_loads_in_gnu_go_to_the_recorded_final_position(exported):
    out, recs, rows = exported
    by_tag = dict((r.tag, r) for r in recs)
    n = 0
    for row in rows:
        if row["game"] != "go":
            continue
        g = games.load("go").Game()
        for t in by_tag[row["tag"]].moves:
            g.play_text(t)
        want = {1: [], 2: []}
        for c, v in enumerate(g.board):
            if v:
                want[v].append(("ABCDEFG"[c % 7] + str(c // 7 + 1)))
        gnugo = gtp_client.Engine(gtp_client.gnugo_argv())
        try:
            gnugo.ask("loadsgf %s" % (out / row["file"]))
            assert sorted(gnugo.ask("list_stones black").split()) == sorted(want[1]), row
            assert sorted(gnugo.ask("list_stones white").split()) == sorted(want[2]), row
        finally:
            gnugo.close()
        n += 1
    assert n == 6                          # three Go games in each book


def test_the_results_table(exported):
    out, recs, rows = exported
    with open(out / "results.csv", newline="") as f:
        assert next(csv.reader(f)) == list(COLUMNS)
    html = open(out / "results.html", encoding="utf-8").read()
    assert html.count("<tr>") == len(rows) + 1
    assert "<script>" in html and "@media print" in html
    for r in rows:
        assert int(r["moves"]) == (0 if r["game"] == "poliedricos" else
                                   len([x for x in recs if x.tag == r["tag"]][0].moves))


def test_who_played_and_a_game_the_rules_refuse(tmp_path):
    src = tmp_path / "records"
    os.makedirs(src / "b1")
    got = recordgames.play_out("go", 5)
    line = recordgames.line("go", got[0], got[1], "77", ("human", "board"), 3)
    assert line.startswith("go players=human,board level=3 ")
    (src / "b1" / "games.txt").write_text(line + "semaforo FIRST WINS : b2 b2 b2 b2 #78\n")
    said = []
    from tools.records.export import export
    rows = export(str(src), str(tmp_path / "out"), say=said.append)
    go, bad = rows
    root = sgf.parse(open(tmp_path / "out" / go["file"]).read())[0]
    assert root["PB"] == ["Black"] and root["PW"] == ["Board level 3"]
    assert go["seat 1"] == "Board level 3"
    assert bad["file"].endswith(".txt") and "move 4" in bad["note"] and "not legal" in bad["note"]
    assert any("semaforo #78" in s for s in said)


def test_nothing_pulled_says_so(tmp_path, capsys):
    assert records.main(["export", "--dir", str(tmp_path / "none")]) == 1
    assert "pull first" in capsys.readouterr().err


def test_a_kept_game_abandoned_unfinished_is_read_and_exported_without_error(tmp_path):
    """The line the board writes when a kept game is abandoned (app/result.py
    record_unfinished) is read back by every reader of the book."""
    from app.records import parse_record, UNFINISHED
    src = tmp_path / "records"
    os.makedirs(src / "b1")
    line = "go players=human,board level=2 NOT FINISHED : d4 c5 #a1u\n"
    assert parse_record(line.strip().encode())[2] == UNFINISHED
    (src / "b1" / "games.txt").write_text(line)
    recs, skipped = read_book(line.encode(), "b1")
    assert skipped == 0 and recs[0].result == UNFINISHED and recs[0].winner_words() == UNFINISHED
    said = []
    from tools.records.export import export
    rows = export(str(src), str(tmp_path / "out"), say=said.append)
    assert len(rows) == 1 and rows[0]["note"] == "" and rows[0]["result"] == UNFINISHED
    assert rows[0]["seat 1"] == "Board level 2" and not said[:-1]
    text = open(tmp_path / "out" / rows[0]["file"]).read()
    assert "Result: NOT FINISHED" in text and "Note:" not in text
    assert said_result(games.load("go").Game, UNFINISHED, ["d4", "c5"], ("human", "board")) == UNFINISHED


def test_the_simulator_s_record_book_exports_from_its_state_folder(tmp_path, capsys):
    # A game of Semaforo won in the simulator, as a player would (club8: a1 is c3).
    from tools.sim import terminal as sim
    state = tmp_path / "simstate"
    script = tmp_path / "script.txt"
    script.write_text("tap c3\nwait 300\ntap d3\nwait 300\ntap e3\nwait 3000\n")
    assert sim.main(["--board", "club8", "--game", "semaforo", "--players", "human,human",
                     "--script", str(script), "--state", str(state)]) == 0
    capsys.readouterr()
    assert records.main(["export", "--from-sim", str(state)]) == 0
    out = tmp_path / "simstate-export"
    assert "1 game from 1 board into %s" % out in capsys.readouterr().out
    rows = list(csv.DictReader(open(out / "results.csv", encoding="utf-8")))
    assert [(r["game"], r["board"], r["note"]) for r in rows] == [("semaforo", "sim", "")]
    text = open(out / rows[0]["file"], encoding="utf-8").read()
    assert read_text(text)[2] == ["a1", "b1", "c1"]
    assert records.main(["export", "--from-sim", str(state), "--out", str(tmp_path / "o")]) == 0
    assert (tmp_path / "o" / "results.csv").exists()


def test_a_simulator_folder_without_a_record_book_says_so(tmp_path, capsys):
    assert records.main(["export", "--from-sim", str(tmp_path)]) == 1
    assert "holds no record book" in capsys.readouterr().err
