"""The referee protocol (docs/developers/referee.md): replies, errors, and every game served."""
import json
import subprocess
import sys

import pytest

import games
from check import random_playout
from tools.play.referee import answer
from tools.link.firmware_path import ROOT



def ask(obj):
    return answer(json.dumps(obj))


def test_reply_fields_for_a_game_in_progress():
    r = ask({"game": "semaforo", "moves": ["a1", "b1"], "want": ["legal", "board"]})
    assert r["ok"] is True and r["ply"] == 2 and r["to_move"] == 0
    assert r["over"] is False and r["winner"] is None and r["score"] is None
    assert r["legal"] == sorted(r["legal"]) and len(r["legal"]) == 12
    assert "G G" in r["board"]
    assert "ai_move" not in r


def test_want_defaults_to_legal_and_moves_may_be_absent():
    r = ask({"game": "semaforo"})
    assert r["ply"] == 0 and r["to_move"] == 0 and len(r["legal"]) == 12 and "board" not in r


def test_the_reply_after_the_last_move_says_over_and_who_won():
    r = ask({"game": "semaforo", "moves": ["a1", "b1", "d3", "c1"]})
    assert r["over"] is True and r["winner"] == 1 and r["to_move"] is None and r["legal"] == []
    assert r["result"] == "ORANGE WINS", "two players: the winner's colour, as the board says it"
    r = ask({"game": "semaforo", "moves": ["a1", "b1", "d3", "c1"], "players": ["human", "board"]})
    assert r["result"] == "BOARD WINS"
    r = ask({"game": "go", "moves": ["d4", "pass", "pass"], "players": ["board", "human"]})
    assert r["result"] == "BOARD WINS 49-0" and r["winner"] == 0
    assert ask({"game": "semaforo", "moves": ["a1"]})["result"] is None, "none while playing"


@pytest.mark.parametrize("req, ply, words", [
    ({"game": "semaforo", "moves": ["a1", "zz"]}, 1, "not a square"),
    ({"game": "semaforo", "moves": ["a1", 7]}, 1, "not text"),
    ({"game": "semaforo", "moves": ["a1", "b1", "d3", "c1", "a2"]}, 4, "end of the game"),
    ({"game": "nope"}, None, "unknown game"),
    ({"game": "poliedricos"}, None, "no moves to referee"),
    ({}, None, "names no game"),
    ([1, 2], None, "JSON object"),
    ({"game": "semaforo", "options": {"size": 3}}, None, "unknown option"),
    ({"game": "semaforo", "moves": "a1"}, None, "list"),
    ({"game": "semaforo", "want": ["everything"]}, None, "want"),
    ({"game": "semaforo", "ai": {"level": 9}, "want": ["ai"]}, None, "level"),
    ({"game": "semaforo", "ai": {"mhz": 250}, "want": ["ai"]}, None, "'mhz'"),
    ({"game": "semaforo", "ai": {"clock": 200}, "want": ["ai"]}, None, "(level, seed, nodes, ms, mhz)"),
    ({"game": "semaforo", "colour": "red"}, None, "unknown field"),
    ({"game": "semaforo", "dead": ["a1"]}, None, "only for go"),
    ({"game": "semaforo", "players": ["human"]}, None, "'players'"),
    ({"game": "semaforo", "players": ["human", "robot"]}, None, "'players'"),
])
def test_errors_name_the_problem_and_the_ply(req, ply, words):
    r = ask(req)
    assert r["ok"] is False and r["ply"] == ply
    assert words in r["error"], r["error"]


def test_the_ai_searches_as_a_board_at_the_clock_asked():
    import ai
    r = ask({"game": "gatos_caes", "want": ["ai"]})
    assert r["ok"] and ai.last()[0] == ai.budget("gatos_caes", 3)      # the NODES' own 125 MHz
    r = ask({"game": "gatos_caes", "want": ["ai"], "ai": {"mhz": 200}})
    assert r["ok"] and ai.last()[0] == ai.budget("gatos_caes", 3, 200)


def test_bad_json_line():
    r = answer("{not json")
    assert r == {"ok": False, "error": r["error"], "ply": None} and "JSON" in r["error"]


def test_the_process_answers_line_by_line_and_survives_bad_lines():
    lines = ['{"game": "semaforo"}', "garbage", '{"game": "semaforo", "moves": ["a1"]}', "", "[]"]
    p = subprocess.run([sys.executable, "-m", "tools.play.referee"], input="\n".join(lines) + "\n",
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 0, p.stderr
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert [o["ok"] for o in out] == [True, False, True, False]
    assert out[2]["ply"] == 1


def test_the_process_flushes_each_reply():
    p = subprocess.Popen([sys.executable, "-m", "tools.play.referee"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        p.stdin.write('{"game": "semaforo"}\n')
        p.stdin.flush()
        line = p.stdout.readline()   # would hang if the reply were buffered
        assert json.loads(line)["ok"] is True
    finally:
        p.stdin.close()
        p.wait(timeout=30)


@pytest.mark.parametrize("gid", games.installed(games.SETUP))
def test_every_game_is_served_along_a_random_game(gid):
    mod = games.load(gid)
    for seed in (11, 12):
        moves = random_playout(mod.Game(), seed)
        for k in range(0, len(moves) + 1, max(1, len(moves) // 8)):
            r = ask({"game": gid, "moves": moves[:k], "want": ["legal", "board"]})
            assert r["ok"], r
            g = mod.Game()
            for t in moves[:k]:
                g.play_text(t)
            assert r["legal"] == ([] if g.result() is not None else g.legal_texts())
            assert r["ply"] == k and isinstance(r["board"], str)
            for t in r["legal"][:5]:
                assert ask({"game": gid, "moves": moves[:k] + [t]})["ok"], t
        end = ask({"game": gid, "moves": moves})
        assert end["over"] is True and end["to_move"] is None and end["legal"] == []
