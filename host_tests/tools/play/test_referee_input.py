"""Hostile input to the referee (docs/developers/referee.md, "Errors"): every line gets one
JSON reply, a clear error for anything malformed, and the process keeps serving.

The reproductions first (each once killed the referee, crashed inside it, or
was silently misread), then a seeded fuzz test of a few thousand generated
lines, in-process and through one referee process.
"""
import json
import random
import subprocess
import sys

import games
from check import random_playout
from tools.play import referee
from tools.play.referee import answer, MAX_LINE, MAX_NODES, MAX_MS
from tools.link.firmware_path import ROOT

FUZZ_SEED = 2026
FUZZ_LINES = 3000


def ask(obj):
    return answer(json.dumps(obj))


def run_referee(data, timeout=300):
    p = subprocess.run([sys.executable, "-m", "tools.play.referee"], input=data,
                       capture_output=True, cwd=ROOT, timeout=timeout)
    assert p.returncode == 0, p.stderr.decode()[-2000:]
    assert not p.stderr, p.stderr.decode()[-2000:]
    return [json.loads(line) for line in p.stdout.decode("ascii").splitlines()]


# --- the reproductions -------------------------------------------------------

def test_deeply_nested_json_is_an_error_not_the_end_of_the_referee():
    line = "[" * 991 + "]" * 991
    r = answer(line)
    assert r == {"ok": False, "error": "not valid JSON: nested too deeply", "ply": None}
    out = run_referee((line + "\n" + '{"game": "hex"}\n').encode())
    assert len(out) == 2 and out[0]["ok"] is False and out[1]["ok"] is True


def test_the_nesting_limit_does_not_depend_on_the_callers_stack():
    # json's RecursionError came or not with the stack in use: the same
    # 991-deep line was refused in one run and read as a list in another.
    from tools.play.referee import MAX_DEPTH
    deep = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    assert answer(deep)["error"] == "not valid JSON: nested too deeply"

    def nested(k, line):
        return answer(line) if k == 0 else nested(k - 1, line)
    assert nested(400, deep)["error"] == "not valid JSON: nested too deeply"
    ok = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert answer(ok)["error"] == "a request must be a JSON object"
    # brackets inside a string are text, not nesting
    r = answer('{"game": "hex", "moves": ["%s"]}' % ("[" * 100))
    assert "nested" not in r["error"] and r["ply"] == 0, r


def test_non_ascii_digits_and_letters_are_refused_in_every_game():
    # '²' once reached int() ("internal error"); '١' and full-width digits
    # were read as a1; the Kelvin sign lowers to 'k'.
    for gid in games.BOARD_GAMES:
        for text in ("a\u00b2", "a\u0661", "\uff41\uff11", "a\uff11", "\u212a1", "a1\u200b",
                     "pass\u00a0", "d4\ufeff"):
            r = ask({"game": gid, "moves": [text]})
            assert r["ok"] is False and r["ply"] == 0, (gid, text, r)
            assert "plain letters and digits" in r["error"], (gid, text, r["error"])


def test_ai_budgets_beyond_the_documented_maximum_are_refused_at_once():
    for ai, words in (({"nodes": 100000000}, "1 to %d" % MAX_NODES),
                      ({"ms": 600000}, "1 to %d" % MAX_MS),
                      ({"nodes": MAX_NODES + 1}, "nodes"), ({"ms": 0}, "ms"),
                      ({"nodes": 1.5}, "whole number"), ({"ms": True}, "whole number")):
        r = ask({"game": "go", "want": ["ai"], "ai": ai})
        assert r["ok"] is False and r["ply"] is None and words in r["error"], (ai, r)
    r = ask({"game": "go", "want": ["ai", "legal"], "ai": {"nodes": 50}})
    assert r["ok"] is True and r["ai_move"] in r["legal"]


def test_a_line_over_the_limit_gets_one_error_and_the_next_line_is_served():
    moves = ",".join(['"pass"'] * (MAX_LINE // 7))
    giant = '{"game": "go", "moves": [%s]}' % moves
    assert len(giant) > MAX_LINE
    assert "longer than 65536 bytes" in answer(giant)["error"]
    ok_line = '{"game": "go", "moves": [%s]}' % ",".join(['"d4"', '"pass"'] + ['" pass "'])
    assert len(ok_line) < MAX_LINE and answer(ok_line)["ok"] is True
    out = run_referee((giant + "\n" + giant * 20 + "\n" + ok_line + "\n").encode())
    assert [o["ok"] for o in out] == [False, False, True]
    assert "longer than" in out[0]["error"] and "longer than" in out[1]["error"]


def test_a_line_of_exactly_the_limit_is_read():
    pad = MAX_LINE - len('{"game": "hex", "moves": []}')
    line = '{"game": "hex", "moves": []' + " " * pad + "}"
    assert len(line) == MAX_LINE
    out = run_referee((line + "\n" + line + " \n").encode())
    assert out[0]["ok"] is True and "longer than" in out[1]["error"]


def test_invalid_utf8_is_an_error_and_the_referee_goes_on():
    out = run_referee(b'\xff\xfe{"game": "go"}\n{"game": "\xc3\x28"}\n{"game": "go"}\n')
    assert [o["ok"] for o in out] == [False, False, True]
    assert "not UTF-8" in out[0]["error"] and "byte 0" in out[0]["error"]


def test_the_last_line_needs_no_line_end_and_blank_lines_get_no_reply():
    out = run_referee(b'\n  \n{"game": "go"}\n\n{"game": "hex"}')
    assert [o["ok"] for o in out] == [True, True]


# --- the fuzz test -------------------------------------------------------------

JUNK_TEXT = ("", " ", "a", "zz", "a0", "a01", "a-", "-", "()", "a1-b2(", "pass pass", "swap",
             "a\u00b2", "a\u0661", "\uff41\uff11", "\u212a1", "\u00e91", "a1\u0301", "\x00",
             "\ud800", "\U0001f600", "A" * 200, "1a", "a1-a1(a1)", "Bz9", "W", "9", "a99999")
JUNK_VALUES = (None, True, False, 0, -1, 1.5, 10 ** 30, "", "x", [], {}, [[[]]], {"a": 1},
               float("inf"), "\u00b2")


_GAMES = {}


def _played(gid, i):
    """One of eight random whole games of gid (cached: replaying is the cost)."""
    key = (gid, i)
    if key not in _GAMES:
        _GAMES[key] = random_playout(games.load(gid).Game(), 1000 + i)
    return _GAMES[key]


def _valid(rng, gid):
    """A well-formed request: a prefix of a random game, some of what a client wants."""
    moves = list(_played(gid, rng.randrange(8)))
    k = rng.randrange(len(moves) + 1)
    want = rng.sample(["legal", "board", "ai"], rng.randrange(4))
    req = {"game": gid, "moves": moves[:k]}
    if want or rng.random() < 0.5:
        req["want"] = want
    if "ai" in want:
        req["ai"] = {"level": rng.randrange(1, 6), "seed": rng.randrange(100),
                     "nodes": rng.randrange(1, 200)}
    if rng.random() < 0.3:
        req["moves"] = [t.upper() if gid != "ouri" else t for t in req["moves"]]
    return req


def _mutate(rng, req):
    """One change that makes the request wrong in a way a client might; returns
    the ply the error must name (None for a request-level error), or "any"."""
    kind = rng.randrange(9)
    moves = req["moves"]
    if kind == 0 and moves:
        k = rng.randrange(len(moves))
        t = moves[k]
        i = rng.randrange(len(t))
        moves[k] = t[:i] + rng.choice("\u00b2\u0661\uff11\uff41\u212a\u00a0\u200b") + t[i + 1:]
        return k
    if kind == 1 and moves:
        k = rng.randrange(len(moves))
        moves[k] = rng.choice(JUNK_VALUES + JUNK_TEXT)
        return "any"
    if kind == 2:
        req[rng.choice(["moves", "want", "ai", "options", "game", "dead"])] = rng.choice(JUNK_VALUES)
        return "any"
    if kind == 3:
        req["ai"] = {rng.choice(["level", "seed", "nodes", "ms"]):
                     rng.choice([0, -5, 6, 2 ** 31, MAX_NODES + 1, MAX_MS + 1, 10 ** 8, 1.0, "3", None])}
        req["want"] = ["ai"]
        return "any"
    if kind == 4:
        req[rng.choice(["colour", "Game", "move", "", "\u00e9"])] = 1
        return None
    if kind == 5:
        req["game"] = rng.choice(["", "Go", "xadrez", "hex ", "g\u00f6", "semaforo\x00"])
        return None
    if kind == 6:
        req["options"] = {rng.choice(["size", "dots", "x", ""]): rng.choice(JUNK_VALUES + (3, 99))}
        return "any"
    if kind == 7:
        req["moves"] = moves + [rng.choice(JUNK_TEXT)] * rng.randrange(1, 4)
        return "any"
    req["dead"] = rng.choice([["a1"], ["zz"], "a1", [1], [], ["\u00b2"]])
    return "any"


def _raw(rng):
    """A line that is not a request: bytes, broken JSON, deep nesting."""
    kind = rng.randrange(5)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80))).replace(b"\n", b"")
    if kind == 1:
        d = rng.randrange(1, 5000)
        return (rng.choice("[{") * d if rng.random() < 0.5 else "[" * d + "]" * d).encode()
    if kind == 2:
        s = json.dumps({"game": rng.choice(games.BOARD_GAMES), "moves": ["a1", "b2"]})
        return s[:rng.randrange(len(s))].encode()
    if kind == 3:
        return json.dumps(rng.choice(JUNK_VALUES + JUNK_TEXT)).encode()
    return rng.choice(['{"game": "go",}', "{'game': 'go'}", '{"game": NaN}', '{"game": "go"} x',
                       "\ufeff{\"game\": \"go\"}", '{"game": "go", "game": 3}']).encode("utf-8")


def fuzz_lines(seed=FUZZ_SEED, n=FUZZ_LINES):
    """(line bytes, what the reply must be) for n generated inputs."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.35:
            gid = rng.choice(games.BOARD_GAMES)
            out.append((json.dumps(_valid(rng, gid)).encode(), "ok"))
        elif r < 0.8:
            gid = rng.choice(games.BOARD_GAMES)
            req = _valid(rng, gid)
            req.pop("ai", None)
            req["want"] = [w for w in req.get("want", []) if w != "ai"]
            ply = _mutate(rng, req)
            out.append((json.dumps(req).encode(), ("error", ply)))
        else:
            out.append((_raw(rng), "junk"))
    return out


def check_reply(line, expect, r):
    assert isinstance(r, dict) and isinstance(r.get("ok"), bool), r
    text = json.dumps(r)
    assert "\n" not in text and text.isascii()
    if r["ok"]:
        assert expect == "ok" or (expect[1] == "any" if isinstance(expect, tuple) else False), (
            line[:300], r)
        assert set(r) >= {"ply", "to_move", "over", "winner", "score"}, r
        return "ok"
    assert set(r) == {"ok", "error", "ply"}, r
    assert isinstance(r["error"], str) and r["error"], r
    assert not r["error"].startswith("internal error"), (line[:300], r)
    assert expect != "ok", (line[:300], r)
    if isinstance(expect, tuple) and expect[1] != "any":
        assert r["ply"] == expect[1], (line[:300], r)
    return "error"


def test_fuzz_every_generated_line_gets_one_reply_and_none_is_an_internal_error():
    lines = fuzz_lines()
    counts = {"ok": 0, "error": 0}
    for line, expect in lines:
        counts[check_reply(line, expect, answer(line))] += 1
    assert counts["ok"] + counts["error"] == FUZZ_LINES
    # The generator must exercise both sides (a broken generator would not).
    assert counts["ok"] > FUZZ_LINES // 5 and counts["error"] > FUZZ_LINES // 2, counts
    print("fuzz: %d lines, %d served, %d refused" % (FUZZ_LINES, counts["ok"], counts["error"]))


def test_fuzz_through_one_process_the_replies_match_line_for_line():
    lines = [(ln, e) for ln, e in fuzz_lines(seed=FUZZ_SEED + 1, n=1000) if ln.strip()]
    data = b"".join(ln + b"\n" for ln, _ in lines)
    out = run_referee(data)
    assert len(out) == len(lines)
    for (line, expect), r in zip(lines, out):
        check_reply(line, expect, r)
        if b'"ms"' in line and r["ok"]:
            continue                    # a time budget: the move depends on the machine's speed
        assert r == answer(line.strip()), line[:200]


def test_read_lines_drops_the_rest_of_a_long_line_in_pieces():
    import io
    data = b"x" * 100 + b"\n" + b"y" * 20 + b"\n" + b"w" * 21 + b"\n" + b"z" * 25
    got = list(referee.read_lines(io.BytesIO(data), limit=20))
    assert got == [None, b"y" * 20 + b"\n", None, None]
