"""The game in progress on flash: written after every move, offered at boot.

A save is one JSON object with a checksum over its content. Anything wrong
with it (not JSON, a wrong checksum, an unknown game, an illegal move) makes
load() raise SaveError; the boot then renames the file to save.bad.
"""
import json

SAVE = "save.json"
BAD = "save.bad"
RECORDS = "games.txt"


class SaveError(ValueError):
    pass


def _canon(d):
    return "|".join((d["game"], json.dumps(sorted(d["options"].items())), ",".join(d["players"]),
                     str(d["level"]), " ".join(d["moves"])))


def checksum(d):
    """A Fletcher checksum of the canonical content: catches torn or edited files.

    Kept below 2**30 so it stays a small int on the Pico (a 32-bit hash would
    be a heap-allocated big integer at every step).
    """
    a = c = 0
    for b in _canon(d).encode():
        a = (a + b) % 32749
        c = (c + a) % 32749
    return a * 32768 + c


def write(storage, game_id, options, players, level, moves):
    d = {"game": game_id, "options": options, "players": list(players), "level": level,
         "moves": list(moves)}
    d["sum"] = checksum(d)
    storage.write_atomic(SAVE, json.dumps(d))


def read(storage):
    """The saved game as a dict, None if there is none, SaveError if it is damaged."""
    raw = storage.read(SAVE)
    if raw is None:
        return None
    try:
        d = json.loads(raw)
    except (ValueError, UnicodeError):
        raise SaveError("the save is not readable")
    if not isinstance(d, dict):
        raise SaveError("the save is not a game")
    for field, kind in (("game", str), ("options", dict), ("players", list), ("level", int),
                        ("moves", list), ("sum", int)):
        if not isinstance(d.get(field), kind):
            raise SaveError("the save has no valid '%s'" % field)
    for m in d["moves"]:
        if not isinstance(m, str):
            raise SaveError("the save holds a move that is not text")
    if len(d["players"]) != 2 or any(p not in ("human", "board") for p in d["players"]):
        raise SaveError("the save has no valid 'players'")
    if checksum(d) != d["sum"]:
        raise SaveError("the save's checksum does not match")
    return d


def set_aside(storage):
    storage.rename(SAVE, BAD)


def clear(storage):
    storage.remove(SAVE)


def record(storage, game_id, options, moves, outcome):
    """Append a finished game to the board's plain-text record book."""
    opts = " ".join("%s=%s" % kv for kv in sorted(options.items()))
    storage.append(RECORDS, "%s%s %s : %s\n" % (game_id, (" " + opts) if opts else "", outcome,
                                                " ".join(moves)), limit=32768)
