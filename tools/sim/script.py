"""Simulator scripts: board events, one per line, run on the simulated clock.

    place SQ | lift SQ            a piece put down / taken up (the switch stays so)
    press SQ|KEY | release SQ|KEY a switch closed / opened
    tap SQ|KEY                    closed for TAP_MS, then open until the board has seen it
    hold SQ|KEY MS                closed for MS, then open until the board has seen it
    wait MS                       let MS of board time pass
    step MS                       the board time after each event from now on (default 20)

SQ is a square of the grid (a1 at its bottom left, as the simulator's
margin shows it at the menu; in a game the margin names the game's own
squares, which a game smaller than the grid numbers from its own corner),
KEY one of menu, ok, undo, hint. `#` starts a
comment. `parse` checks the whole script first and names the first bad line;
`run` plays it through the simulated matrix's real scan path, one loop pass
every 10 ms as app/loop.py runs, and `dump` says where the app ended up.
docs/players/simulator.md is the user's description.
"""
from app.loop import PERIOD_MS
from games.common import FILES, DRAW
from hal import KEY_NAMES

STEP_MS = 20        # default board time after each event
TAP_MS = 100        # how long a tap keeps its switch changed: a quick finger
MAX_MS = 3600000    # longest wait, hold or step: an hour of board time
VERBS = ("place", "lift", "press", "release", "tap", "hold", "wait", "step")
_SQUARE_ONLY = ("place", "lift")


class ScriptError(ValueError):
    """A script line that cannot be run: the message names the line."""


def _square(word, cols, rows):
    """The key number of a square name like c3, or None."""
    if len(word) < 2 or word[0] not in FILES[:cols] or not word[1:].isdigit():
        return None
    y = int(word[1:]) - 1
    if not 0 <= y < rows:
        return None
    return y * cols + FILES.index(word[0])


def _ms(word):
    if not word.isdigit() or int(word) > MAX_MS:
        raise ValueError("'%s' is not a time in ms (a whole number, 0 to %d)" % (word, MAX_MS))
    return int(word)


def _line(words, cols, rows):
    """One line's words -> (verb, key or None, ms or None); ValueError says why not."""
    verb = words[0]
    if verb not in VERBS:
        raise ValueError("unknown event '%s' (events: %s)" % (verb, ", ".join(VERBS)))
    want = {"wait": 1, "step": 1, "hold": 2}.get(verb, 1)
    if len(words) - 1 != want:
        raise ValueError("%s takes %d word%s after it, got %d" % (
            verb, want, "s" if want > 1 else "", len(words) - 1))
    if verb in ("wait", "step"):
        return verb, None, _ms(words[1])
    where = words[1]
    key = _square(where, cols, rows)
    if key is None and where in KEY_NAMES and verb not in _SQUARE_ONLY:
        key = cols * rows + KEY_NAMES.index(where)
    if key is None:
        last = FILES[cols - 1] + str(rows)
        if verb in _SQUARE_ONLY:
            raise ValueError("'%s' is not a square of this board (a1 to %s)" % (where, last))
        raise ValueError("'%s' is not a square (a1 to %s) or a key (%s)" % (
            where, last, ", ".join(KEY_NAMES)))
    return verb, key, _ms(words[2]) if verb == "hold" else None


def parse(text, cols, rows, name="script"):
    """The events of a whole script as (line number, verb, key, ms); a
    ScriptError naming the first bad line before anything runs."""
    out = []
    n = 0
    for n, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].lower().split()
        if not words:
            continue
        try:
            verb, key, ms = _line(words, cols, rows)
        except ValueError as e:
            raise ScriptError("%s line %d: %s" % (name, n, e))
        out.append((n, verb, key, ms))
    return out


def run(sim, events):
    """Play the events on a headless Sim (its clock moves only when told)."""
    step = STEP_MS
    sim.advance(PERIOD_MS)          # the board is on: one loop pass before the first event
    for _, verb, key, ms in events:
        if verb == "step":
            step = ms
            continue
        if verb == "wait":
            sim.advance(ms)
            continue
        if verb in ("place", "lift"):
            sim.put(key, verb == "place")      # a piece: kept with the state folder
        elif verb == "press":
            sim.set_switch(key, True)
        elif verb == "release":
            sim.set_switch(key, False)
        else:
            # tap, hold: the switch changes for a while, then goes back (a
            # square with a piece on it: lifted and put back), and the finger
            # stays off until the board has seen it go back, so a tap right
            # after it on the same square is a second tap, not a bounce.
            closed = sim.switch(key)
            sim.set_switch(key, not closed)
            sim.advance(TAP_MS if verb == "tap" else ms)
            sim.set_switch(key, closed)
            sim.advance(sim.scans * PERIOD_MS)
        sim.advance(step)


def dump(sim):
    """Where the app is: the game, its moves, whose turn, the result, every
    text scrolled so far and the frame (square order, index y * cols + x)."""
    m = sim.app.mode
    name = type(m).__name__.lower()
    play = m.play if name == "result" else (m if name == "play" else None)
    game = turn = result = None
    moves = []
    if play is not None:
        game = play.settings.gid
        moves = list(play.texts)
        r = play.game.result()
        if r is None:
            turn = play.game.turn
        else:
            result = "draw" if r == DRAW else r
    elif hasattr(m, "gid"):        # the set-up, a race
        game = m.gid
    f = sim.hal.pixels.frame
    frame = [[f[i], f[i + 1], f[i + 2]] for i in range(0, len(f), 3)]
    return {"game": game, "mode": name, "moves": moves, "turn": turn, "result": result,
            "says": list(sim.said), "frame": frame}


__all__ = ("ScriptError", "parse", "run", "dump", "STEP_MS", "TAP_MS", "PERIOD_MS")
