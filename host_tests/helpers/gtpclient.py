"""Two GTP engines in one game, for the tests: the board's own engine and GNU
Go, through the tools' one GTP client (tools/play/gtp_client.py)."""
import sys

from tools.play.gtp_client import gnugo_argv


def ours(game="go", level=1, seed=0, *extra):
    return [sys.executable, "-m", "tools.play.gtp_engine", "--game", game, "--level", str(level),
            "--seed", str(seed)] + list(extra)


def gnugo(level=1):
    """GNU Go as the tests' opponent: seeded, dead stones played out."""
    return gnugo_argv(level=level, seed=1, capture_all_dead=True)


def margin(score):
    """'B+3' -> 3, 'W+2.5' -> -2.5, '0' -> 0."""
    s = score.strip().upper()
    if s in ("0", "DRAW"):
        return 0.0
    sign = 1 if s[0] == "B" else -1
    return sign * float(s[2:] or 0)


def match(black, white, max_plies=120, refusals=None):
    """Play black against white (Gtp engines) to two passes; the moves. A
    move the other engine refuses for the board's 25-stone reserve is listed
    in `refusals` and played as a pass, if a list is given; any other
    refusal fails."""
    colours = ("black", "white")
    engines = (black, white)
    moves, passes = [], 0
    for ply in range(max_plies):
        me, other = engines[ply % 2], engines[1 - ply % 2]
        ok, mv = me.answer("genmove " + colours[ply % 2])
        assert ok, mv
        ok, why = other.answer("play %s %s" % (colours[ply % 2], mv))
        if not ok and refusals is not None and "stones left" in why:
            # GNU Go knows no 25-stone reserve: its 26th stone becomes a pass
            refusals.append((mv, why))
            assert me.answer("undo")[0] and me.answer("play %s pass" % colours[ply % 2])[0]
            mv = "pass"
            ok, why = other.answer("play %s pass" % colours[ply % 2])
        assert ok, why
        moves.append(mv)
        passes = passes + 1 if mv.lower() == "pass" else 0
        if passes == 2:
            break
    return moves
