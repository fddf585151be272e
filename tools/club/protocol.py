"""The club protocol's messages, checked and built (docs/developers/club-protocol.md).

One place for what a payload must be: UTF-8 JSON objects of at most 1024
bytes, "v": 1, every field of its kind present and of its type. A message
that is not so is dropped by its receiver with one line in its log; check_*
return (value, None) or (None, why) so the caller logs the why and changes
nothing.
"""
import json
import re

ROOT = "gb"
MAX_BYTES = 1024
BOARD_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,23}$")
GAME_ID = re.compile(r"^[A-Za-z0-9]{1,16}$")
CLUB_USER = "club"            # the club's own service; never a board's name
MODES = ("2p", "ai", "bvb")
NAME_MAX = 24                 # a player's name on the page


def topic(board, leaf):
    return "%s/%s/%s" % (ROOT, board, leaf)


def split_topic(t):
    """(board, leaf) of gb/<board>/<leaf>, or (None, None)."""
    parts = t.split("/")
    if len(parts) != 3 or parts[0] != ROOT or not BOARD_NAME.match(parts[1]):
        return None, None
    return parts[1], parts[2]


def board_name_error(name):
    """Why `name` cannot be a board's name, or None."""
    if not BOARD_NAME.match(name or ""):
        return ("%r is no board name: 1 to 24 of a-z, 0-9 and '-', starting with a letter "
                "or digit" % name)
    if name == CLUB_USER:
        return "%r is the club's own user, not a board's name" % name
    return None


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def decode(payload):
    """The JSON object of a payload with v == 1, or (None, why)."""
    if len(payload) > MAX_BYTES:
        return None, "longer than %d bytes (%d)" % (MAX_BYTES, len(payload))
    try:
        obj = json.loads(payload.decode("utf-8") if isinstance(payload, bytes) else payload)
    except (UnicodeError, ValueError):
        return None, "not JSON"
    if not isinstance(obj, dict):
        return None, "not a JSON object"
    if obj.get("v") != 1 or not _is_int(obj.get("v")):
        return None, "v is not 1"
    return obj, None


def _typed(obj, fields):
    """Why a field of `fields` ({name: check}) is missing or ill-typed, or None."""
    for name, ok in fields.items():
        if name not in obj:
            return "no %r" % name
        if not ok(obj[name]):
            return "%r is %r" % (name, obj[name])
    return None


def _text(x):
    return isinstance(x, str) and 0 < len(x) <= 200


def _int_or_none(x):
    return x is None or _is_int(x)


def _str_or_none(x):
    return x is None or isinstance(x, str)


EVENT_FIELDS = {
    "start": {"game": _text, "opt": lambda x: x is None or _is_int(x) or isinstance(x, dict),
              "mode": lambda x: x in MODES, "level": _int_or_none,
              "seat": lambda x: x is None or x in (0, 1), "vs": _str_or_none},
    "move": {"m": _text, "p": lambda x: _is_int(x) and x in (0, 1)},
    "undo": {},
    "end": {"r": _text},
}


def check_event(payload):
    """An event of gb/<board>/ev as its dict, or (None, why)."""
    ev, why = decode(payload)
    if ev is None:
        return None, why
    why = _typed(ev, {"g": lambda x: isinstance(x, str) and GAME_ID.match(x),
                      "n": lambda x: _is_int(x) and x >= 0,
                      "k": lambda x: x in EVENT_FIELDS})
    if why is None:
        why = _typed(ev, EVENT_FIELDS[ev["k"]])
    if why is None and (ev["n"] == 0) != (ev["k"] == "start"):
        why = "seq 0 is the start event and only it (%s at %d)" % (ev["k"], ev["n"])
    return (None, why) if why else (ev, None)


def check_position(payload):
    """A picture of gb/<board>/pos as its dict, or (None, why)."""
    pos, why = decode(payload)
    if pos is None:
        return None, why
    fields = {"g": lambda x: x is None or (isinstance(x, str) and GAME_ID.match(x)),
              "leds": lambda x: isinstance(x, str) and re.match(r"^[0-9A-Fa-f]*$", x)
              and len(x) % 6 == 0}
    if pos.get("g") is not None:
        fields.update({"n": _is_int, "game": _text, "turn": _int_or_none,
                       "last": _str_or_none, "cols": lambda x: _is_int(x) and 0 < x <= 32,
                       "rows": lambda x: _is_int(x) and 0 < x <= 32,
                       "clocks": lambda x: x is None or (isinstance(x, list) and len(x) == 2
                                                         and all(_is_int(c) for c in x))})
    why = _typed(pos, fields)
    if why is None and pos.get("g") is not None and len(pos["leds"]) != 6 * pos["cols"] * pos["rows"]:
        why = "leds has %d entries, cols*rows is %d" % (len(pos["leds"]) // 6, pos["cols"] * pos["rows"])
    return (None, why) if why else (pos, None)


def check_status(payload):
    st, why = decode(payload)
    if st is None:
        return None, why
    why = _typed(st, {"on": lambda x: x in (0, 1)})
    return (None, why) if why else (st, None)


def encode(obj):
    data = json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    if len(data) > MAX_BYTES:
        raise ValueError("a message of %d bytes: the protocol allows %d" % (len(data), MAX_BYTES))
    return data


def ack(game, n):
    return encode({"v": 1, "g": game, "n": n})


def relayed_move(game, n, move, source):
    return encode({"v": 1, "k": "move", "g": game, "n": n, "m": move, "from": source})


def names_message(game, names):
    return encode({"v": 1, "k": "names", "g": game, "names": list(names)})


def names_error(names):
    """Why `names` are not two players' names, or None."""
    if not isinstance(names, list) or len(names) != 2 or not all(isinstance(s, str) for s in names):
        return "two names, seat 0's and seat 1's"
    for s in names:
        if len(s) > NAME_MAX:
            return "%r is longer than %d characters" % (s, NAME_MAX)
        if any(ord(c) < 32 for c in s):
            return "%r holds a control character" % s
    return None
