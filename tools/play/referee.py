"""The referee: the firmware's rules and AI over JSON lines (docs/developers/referee.md).

    python -m tools.play.referee  < requests.jsonl

One JSON object per line in, exactly one JSON object per line out, flushed.
A bad line (not UTF-8, not JSON, nested too deep, too long, a bad field or
move) gets {"ok": false, "error": ..., "ply": K or null} and the process goes
on with the next one.
"""
import argparse
import json
import sys

from tools.link import firmware_path  # noqa: F401  (firmware/ on sys.path)
import games
from games.common import MoveError, OptionError
from app.words import outcome

FIELDS = ("game", "moves", "options", "want", "ai", "dead", "players")
WANTS = ("legal", "ai", "board")
AI_FIELDS = ("level", "seed", "nodes", "ms", "mhz")
# Documented limits (docs/developers/referee.md): a request is a few KB even for a long
# game; an AI budget beyond these would hold the referee for minutes.
MAX_LINE = 65536          # bytes in one request line
MAX_NODES = 1000000       # about half a minute for the slowest game on a desktop
MAX_MS = 60000


class BadRequest(Exception):
    def __init__(self, message, ply=None):
        Exception.__init__(self, message)
        self.ply = ply


def _int_field(obj, name, lo, hi, where):
    v = obj[name]
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or v > hi:
        raise BadRequest("%s '%s' must be a whole number from %d to %d" % (where, name, lo, hi))
    return v


def check_request(req):
    if not isinstance(req, dict):
        raise BadRequest("a request must be a JSON object")
    for k in req:
        if k not in FIELDS:
            raise BadRequest("unknown field '%s' (a request may have: %s)" % (k, ", ".join(FIELDS)))
    gid = req.get("game")
    if gid is None:
        raise BadRequest("the request names no game")
    if gid in games.IDS and gid not in games.BOARD_GAMES:
        raise BadRequest("%s has no moves to referee: the board runs it as its %s (games: %s)"
                         % (json.dumps(gid), games.mode_of(gid), ", ".join(games.BOARD_GAMES)))
    if gid not in games.IDS:
        raise BadRequest("unknown game %s (games: %s)" % (json.dumps(gid), ", ".join(games.BOARD_GAMES)))
    moves = req.get("moves", [])
    if moves is None:
        moves = []
    if not isinstance(moves, list):
        raise BadRequest("'moves' must be a list of moves")
    want = req.get("want", ["legal"])
    if not isinstance(want, list) or any(w not in WANTS for w in want):
        raise BadRequest("'want' must be a list of: legal, ai, board")
    ai = req.get("ai", {})
    if not isinstance(ai, dict):
        raise BadRequest("'ai' must be an object")
    for k in ai:
        if k not in AI_FIELDS:
            raise BadRequest("unknown ai field '%s' (level, seed, nodes, ms, mhz)" % k)
    # mhz: the level's budget as on a board at that clock (the games' NODES
    # are for a Pico at 125 MHz; a club board at 200 MHz searches 1.6 times more)
    opts = {"level": 3, "seed": 0, "nodes": None, "ms": None, "mhz": 125}
    if "level" in ai:
        opts["level"] = _int_field(ai, "level", 1, 5, "ai")
    if "seed" in ai:
        opts["seed"] = _int_field(ai, "seed", 0, 2 ** 31 - 1, "ai")
    if ai.get("nodes") is not None:
        opts["nodes"] = _int_field(ai, "nodes", 1, MAX_NODES, "ai")
    if ai.get("ms") is not None:
        opts["ms"] = _int_field(ai, "ms", 1, MAX_MS, "ai")
    if ai.get("mhz") is not None:
        opts["mhz"] = _int_field(ai, "mhz", 125, 200, "ai")
    dead = req.get("dead")
    if dead is not None:
        if not hasattr(games.load(gid).Game, "set_dead"):
            marking = [g for g in games.BOARD_GAMES if hasattr(games.load(g).Game, "set_dead")]
            raise BadRequest("'dead' is only for %s (the games whose dead stones are marked "
                             "after play)" % ", ".join(marking))
        if not isinstance(dead, list) or any(not isinstance(p, str) for p in dead):
            raise BadRequest("'dead' must be a list of points like \"c3\"")
    players = req.get("players", ["human", "human"])
    if not isinstance(players, list) or len(players) != 2 or any(p not in ("human", "board")
                                                                 for p in players):
        raise BadRequest("'players' must be two of \"human\" and \"board\", seat 0 first")
    return gid, moves, req.get("options"), want, opts, dead, players


def serve(req):
    gid, moves, options, want, ai_opts, dead, players = check_request(req)
    mod = games.load(gid)
    try:
        g = mod.Game(options)
    except OptionError as e:
        raise BadRequest(str(e))
    for i, t in enumerate(moves):
        if not isinstance(t, str):
            raise BadRequest("move %d is not text: %s" % (i + 1, json.dumps(t)), i)
        if g.result() is not None:
            raise BadRequest("%s comes after the end of the game" % t, i)
        try:
            g.play_text(t)
        except MoveError as e:
            raise BadRequest(str(e), i)
    if dead is not None:
        cells = []
        w, h = g.layout()
        from games.common import parse_cell
        for p in dead:
            xy = parse_cell(p, w, h)
            if xy is None:
                raise BadRequest("dead point '%s' is not a point of the board" % p)
            cells.append(xy[1] * w + xy[0])
        try:
            g.set_dead(cells)
        except MoveError as e:
            raise BadRequest(str(e))
    r = g.result()
    over = r is not None
    out = {"ok": True, "ply": g.ply, "to_move": None if over else g.turn, "over": over,
           "winner": r if r in (0, 1) else None, "score": g.score(),
           "result": outcome(g, players) if over else None}
    if "legal" in want:
        out["legal"] = [] if over else g.legal_texts()
    if "ai" in want:
        if over:
            out["ai_move"] = None
        else:
            import ai
            m = ai.choose(g, level=ai_opts["level"], seed=ai_opts["seed"], nodes=ai_opts["nodes"],
                          ms=ai_opts["ms"], clock=_clock() if ai_opts["ms"] else None,
                          mhz=ai_opts["mhz"])
            out["ai_move"] = g.move_text(m)
    if "board" in want:
        out["board"] = g.board_text()
    return out


def _clock():
    import time

    def ms():
        return int(time.monotonic() * 1000)
    return ms


MAX_DEPTH = 32   # a request nests 3 deep; json's own limit depends on the stack in use


def _too_deep(line):
    """Whether brackets outside strings nest deeper than MAX_DEPTH. Checked
    before json.loads, whose RecursionError comes or not with the depth of
    the caller's stack (the same line passed in one run and not in another)."""
    if line.count("[") + line.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    in_string = escaped = False
    for ch in line:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def answer(line):
    """One reply object for one request line, str or bytes (never raises)."""
    if isinstance(line, bytes):
        if len(line) > MAX_LINE:
            return _too_long()
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as e:
            return {"ok": False, "error": "not UTF-8 text (byte %d)" % e.start, "ply": None}
    elif len(line.encode("utf-8", "surrogatepass")) > MAX_LINE:
        return _too_long()
    if _too_deep(line):
        return {"ok": False, "error": "not valid JSON: nested too deeply", "ply": None}
    try:
        req = json.loads(line)
    except RecursionError:
        return {"ok": False, "error": "not valid JSON: nested too deeply", "ply": None}
    except ValueError as e:
        return {"ok": False, "error": "not valid JSON: %s" % e, "ply": None}
    try:
        return serve(req)
    except BadRequest as e:
        return {"ok": False, "error": str(e), "ply": e.ply}
    except Exception as e:  # a bug must not end the session: say it and go on
        return {"ok": False, "error": "internal error: %s: %s" % (type(e).__name__, e), "ply": None}


def _too_long():
    return {"ok": False, "error": "the request is longer than %d bytes" % MAX_LINE, "ply": None}


def read_lines(stream, limit=MAX_LINE):
    """The lines of `stream` (bytes or str, line end included), or None for a
    line of more than `limit` characters: its rest is read and dropped in
    pieces, so a giant line costs no memory and still gets its one reply."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        nl = b"\n" if isinstance(line, bytes) else "\n"
        if len(line) > limit and not (len(line) == limit + 1 and line.endswith(nl)):
            while not line.endswith(nl):
                line = stream.readline(limit)
                if not line:
                    break
            yield None
        else:
            yield line


def main(stdin=None, stdout=None):
    src = stdin if stdin is not None else sys.stdin.buffer
    out = stdout if stdout is not None else sys.stdout
    for line in read_lines(src):
        if line is None:
            reply = _too_long()
        else:
            if isinstance(line, str):
                line = line.encode("utf-8", "surrogatepass")
            line = line.strip()
            if not line:
                continue                # a blank line is no request
            reply = answer(line)
        out.write(json.dumps(reply) + "\n")
        out.flush()


if __name__ == "__main__":
    argparse.ArgumentParser(prog="python -m tools.play.referee", description=__doc__.split("\n\n")[0],
                            epilog="Requests on standard input, one JSON object a line; "
                            "docs/developers/referee.md has the protocol.").parse_args()
    main()
