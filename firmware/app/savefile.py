"""A save file read back: the checksummed journal (app/saves.py writes it)
and the older one-JSON-object form.

A save is read SAVE_CHUNK bytes at a time, never whole in RAM. A line
without its newline is the torn end of an append a power cut stopped: it
is not read, with every change it holds (the changes of one save share a
line, app/saves.py). Any other damage (not JSON, a checksum or a line's
check that does not match) raises SaveError. Loaded only to read a save
(the boot, a kept game offered): the menu gives it back
(core.back_at_menu).
"""
import json

from app.savecheck import (SAVE, LONGEST, UNDO_BODY, SaveError, fletcher, _head_canon, line_check,
                           _save_name, _save_lines)

def _canon(d):
    s = "|".join((d["game"], json.dumps(sorted(d["options"].items())), ",".join(d["players"]),
                  str(d["level"]), " ".join(d["moves"])))
    # Fields added later count only when present: an older save stays valid.
    if "tag" in d:
        s += "|%s|%d|%s" % (d["tag"], d["end"], ",".join(str(c) for c in d["dead"]))
    if "markers" in d:
        s += "|%d" % d["markers"]
    return s


def checksum(d):
    """The checksum of a save of the older form (one JSON object)."""
    return fletcher(_canon(d))


def read(storage, save=SAVE):
    """The game saved in file `save` as a dict, None if there is none,
    SaveError if it is damaged.

    The dict has "game", "options", "players", "level", "moves", "tag", "end",
    "dead", "markers" (defaults for an older save), "seq" and "name" (the file).
    """
    name = _save_name(storage, save)
    if name is None:
        return None
    d = _read(storage, name)
    d["name"] = save
    return d


def _read(storage, name):
    lines = _save_lines(storage, name)
    first = None
    for first in lines:
        break
    if first is None:
        # A single line with no newline: the older form, never longer than a line.
        size = storage.size(name)
        if size > LONGEST:
            raise SaveError("the save holds a line too long to be a game's")
        first = storage.read_at(name, 0, size) if size > 0 else b""
        if not first:
            raise SaveError("the save is empty")
    try:
        d = json.loads(first)
    except (ValueError, UnicodeError):
        raise SaveError("the save is not readable")
    if not isinstance(d, dict):
        raise SaveError("the save is not a game")
    if "moves" in d:
        return _read_whole(d)
    return _read_journal(d, lines)


def _check_fields(d, fields):
    for field, kind in fields:
        if not isinstance(d.get(field), kind):
            raise SaveError("the save has no valid '%s'" % field)


def _read_journal(d, lines):
    _check_fields(d, (("game", str), ("options", dict), ("players", list), ("level", int),
                      ("tag", str), ("markers", int), ("sum", int)))
    if len(d["players"]) != 2 or any(p not in ("human", "board", "remote") for p in d["players"]):
        raise SaveError("the save has no valid 'players'")
    if d["markers"] not in (0, 1):
        raise SaveError("the save has no valid 'markers'")
    if not isinstance(d.get("seq", 0), int):
        raise SaveError("the save has no valid 'seq'")
    if fletcher(_head_canon(d)) != d["sum"]:
        raise SaveError("the save's checksum does not match")
    moves = []
    ends = []
    dead = []
    prev = d["sum"]
    for raw in lines:
        try:
            text = raw.decode()
            k = text.rindex(" ")
            body, ck = text[:k], int(text[k + 1:], 16)
        except (ValueError, UnicodeError):
            raise SaveError("the save holds a damaged line")
        if ck != line_check(prev, body):
            raise SaveError("a line of the save fails its check")
        prev = ck
        for change in body.split(" "):      # the changes of one save, in order
            dead = _apply(change, moves, ends, dead)
    return {"game": d["game"], "options": d["options"], "players": d["players"],
            "level": d["level"], "moves": moves, "tag": d["tag"],
            "end": 1 if ends and ends[-1] else 0, "dead": dead if ends and ends[-1] else [],
            "markers": d["markers"], "seq": d.get("seq", 0)}


def _apply(change, moves, ends, dead):
    """One change of a journal line applied to the moves; the dead stones
    after it."""
    kind = change[:1]
    if kind in ("+", "!") and len(change) > 1:
        moves.append(change[1:])
        ends.append(kind == "!")
        return []
    if change == UNDO_BODY and moves:
        moves.pop()
        ends.pop()
        return []
    if kind == "*":
        try:
            return [int(c) for c in change[1:].split(",")] if len(change) > 1 else []
        except ValueError:
            raise SaveError("the save marks a dead stone that is not a point")
    raise SaveError("the save holds a line that is no change")


def _read_whole(d):
    """A save of the older form: one JSON object with every move."""
    _check_fields(d, (("game", str), ("options", dict), ("players", list), ("level", int),
                      ("moves", list), ("sum", int)))
    if "tag" in d:
        _check_fields(d, (("tag", str), ("end", int), ("dead", list)))
        for c in d["dead"]:
            if not isinstance(c, int):
                raise SaveError("the save marks a dead stone that is not a point")
    if "markers" in d and d["markers"] not in (0, 1):
        raise SaveError("the save has no valid 'markers'")
    for m in d["moves"]:
        if not isinstance(m, str):
            raise SaveError("the save holds a move that is not text")
    if len(d["players"]) != 2 or any(p not in ("human", "board", "remote") for p in d["players"]):
        raise SaveError("the save has no valid 'players'")
    if checksum(d) != d["sum"]:
        raise SaveError("the save's checksum does not match")
    if "tag" not in d:
        d["tag"], d["end"], d["dead"] = "", 0, []
    if "markers" not in d:
        d["markers"] = 1
    d["seq"] = 0
    return d
