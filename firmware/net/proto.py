"""The club protocol's messages, pure: built, and checked on the way in.

Every rule by which the board drops a message is here and nowhere else
(docs/developers/club-protocol.md): a payload longer than MOST bytes, not
UTF-8 JSON, not an object, `v` not 1, a field missing or of the wrong type,
a topic that is not this board's `ack` or `in`, a move for a game the board
does not hold, out of turn, replayed or out of order, or illegal. A dropped
message raises Drop with the one line the board logs; nothing else changes.
"""
import binascii
import json

V = 1
MOST = 1024                # bytes of a payload at most, either way
ROOT = "gb/"
NAME_MOST = 24             # a board's name: [a-z0-9][a-z0-9-]{0,23}
GID_MOST = 16              # a game id: [A-Za-z0-9]{1,16}
PLAYER_MOST = 24           # a player's name written on the club's page
MOVE_MOST = 64             # a move's text: no game's notation is longer
MODES = ("2p", "ai", "bvb")
_LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
_GID = _LOWER + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Drop(Exception):
    """A message the board does not take: the reason, for its log line."""


def name_ok(name):
    """Whether `name` is a board name as the club writes them."""
    if not isinstance(name, str) or not 1 <= len(name) <= NAME_MOST:
        return False
    if name[0] not in _LOWER:
        return False
    for ch in name:
        if ch not in _LOWER and ch != "-":
            return False
    return True


def gid_ok(g):
    if not isinstance(g, str) or not 1 <= len(g) <= GID_MOST:
        return False
    for ch in g:
        if ch not in _GID:
            return False
    return True


def base36(n):
    """A whole number >= 0 in base 36, lower case (game ids)."""
    if n == 0:
        return "0"
    out = ""
    while n:
        out = _LOWER[n % 36] + out
        n //= 36
    return out


def topic(board, leaf):
    """gb/<board>/<leaf>: ev, pos, status (the board's), ack, in (the club's)."""
    return ROOT + board + "/" + leaf


def encode(d):
    """A message's payload: compact JSON, UTF-8; Drop if it passes MOST."""
    b = json.dumps(d, separators=(",", ":")).encode()
    if len(b) > MOST:
        raise Drop("%s message of %d bytes is longer than %d" % (d.get("k", "pos"), len(b), MOST))
    return b


# --- what the board sends -------------------------------------------------

def start(g, game, opt, mode, level, seat, vs):
    return {"v": V, "g": g, "n": 0, "k": "start", "game": game, "opt": opt, "mode": mode,
            "level": level, "seat": seat, "vs": vs}


def move(g, n, m, p):
    return {"v": V, "g": g, "n": n, "k": "move", "m": m, "p": p}


def undo(g, n):
    return {"v": V, "g": g, "n": n, "k": "undo"}


def end(g, n, r):
    return {"v": V, "g": g, "n": n, "k": "end", "r": r}


def pos(g, n, game, turn, last, leds, cols, rows, clocks=None):
    if g is None:
        return {"v": V, "g": None, "leds": leds}
    return {"v": V, "g": g, "n": n, "game": game, "turn": turn, "last": last, "leds": leds,
            "cols": cols, "rows": rows, "clocks": clocks}


def status(on):
    return {"v": V, "on": 1 if on else 0}


def leds_hex(frame):
    """A frame's bytes (RGB per LED in grid order) as the pos message's hex
    (binascii's C loop: a Python one took 27 ms of a Pico's pass for 81 LEDs)."""
    return binascii.hexlify(bytes(frame)).decode()


def event_ok(d):
    """Whether a dict is an event the board itself could have written (the
    outbox's lines are read back through this: a damaged line is skipped)."""
    if not isinstance(d, dict) or d.get("v") != V or not gid_ok(d.get("g")):
        return False
    n, k = d.get("n"), d.get("k")
    if type(n) is not int or n < 0:
        return False
    if k == "start":
        return n == 0 and isinstance(d.get("game"), str)
    if k == "move":
        return isinstance(d.get("m"), str) and d.get("p") in (0, 1) and n > 0
    if k == "undo":
        return n > 0
    if k == "end":
        return isinstance(d.get("r"), str) and n > 0
    return False


# --- what the board takes ---------------------------------------------------

def decode(board, tpc, payload):
    """(leaf, message dict) of a message to this board, or Drop: its topic
    is gb/<board>/ack or gb/<board>/in, its payload a UTF-8 JSON object of
    at most MOST bytes with v 1 and the fields of its kind, well typed."""
    if not isinstance(tpc, str):
        raise Drop("a topic that is no text")
    if tpc == topic(board, "ack"):
        leaf = "ack"
    elif tpc == topic(board, "in"):
        leaf = "in"
    else:
        raise Drop("topic %r is not this board's" % tpc[:60])
    if isinstance(payload, str):
        payload = payload.encode()
    if not isinstance(payload, (bytes, bytearray)):
        raise Drop("%s: a payload that is no bytes" % leaf)
    if len(payload) > MOST:
        raise Drop("%s: %d bytes, longer than %d" % (leaf, len(payload), MOST))
    try:
        d = json.loads(bytes(payload).decode())
    except (ValueError, UnicodeError, TypeError, IndexError):  # MicroPython raises more kinds
        raise Drop("%s: not UTF-8 JSON" % leaf)
    if not isinstance(d, dict):
        raise Drop("%s: not a JSON object" % leaf)
    if d.get("v") != V or type(d.get("v")) is not int:
        raise Drop("%s: v is not 1" % leaf)
    if not gid_ok(d.get("g")):
        raise Drop("%s: no game id g" % leaf)
    if leaf == "ack":
        _need_n(d, leaf)
        return leaf, d
    k = d.get("k")
    if k == "move":
        _need_n(d, "in move")
        m, frm = d.get("m"), d.get("from")
        if not isinstance(m, str) or not 1 <= len(m) <= MOVE_MOST:
            raise Drop("in move: no move text m")
        if not name_ok(frm):
            raise Drop("in move: no board name from")
    elif k == "names":
        names = d.get("names")
        if not isinstance(names, list) or len(names) != 2:
            raise Drop("in names: names is not a list of two")
        for s in names:
            if not isinstance(s, str) or len(s) > PLAYER_MOST:
                raise Drop("in names: a name that is no text of %d characters at most"
                           % PLAYER_MOST)
    else:
        raise Drop("in: no kind k of move or names")
    return leaf, d


def _need_n(d, what):
    n = d.get("n")
    if type(n) is not int or n < 0:
        raise Drop("%s: no seq n" % what)


def check_move(d, held, expect, remote_turn, parse):
    """The legal move (parse()'s) a checked `in` move names, or Drop: the
    board holds its game `held`, it is the remote side's turn, its seq is
    exactly `expect` (one it has seen is a replay) and parse(m) is legal."""
    if held is None or d["g"] != held:
        raise Drop("in move: game %s is not the one this board holds" % d["g"])
    n = d["n"]
    if n < expect:
        raise Drop("in move: seq %d replayed (next is %d)" % (n, expect))
    if n != expect:
        raise Drop("in move: seq %d out of order (next is %d)" % (n, expect))
    if not remote_turn:
        raise Drop("in move: not the other board's turn")
    try:
        return parse(d["m"])
    except Exception:        # the game's MoveError, or any text parse refuses
        raise Drop("in move: %r is not legal here" % d["m"][:MOVE_MOST])
