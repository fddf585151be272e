"""A small GTP controller for the tests: two engines, one game between them."""
import subprocess
import sys

from tools.link import firmware_path  # noqa: F401

GNUGO = "/usr/games/gnugo"


class Gtp:
    def __init__(self, argv, log=None):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.log = log

    def ask(self, command):
        """(ok, answer text) for one command."""
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise EOFError("the engine ended on %r" % command)
            line = line.rstrip("\n")
            if line == "" and lines:
                break
            if line == "" and not lines:
                continue
            lines.append(line)
        head = lines[0]
        ok = head.startswith("=")
        text = "\n".join([head[1:].lstrip()] + lines[1:])
        if self.log is not None:
            self.log.append("%s -> %s%s" % (command, "= " if ok else "? ", text))
        return ok, text

    def close(self):
        try:
            self.ask("quit")
        except (EOFError, BrokenPipeError, OSError):
            pass
        self.p.wait(timeout=30)


def ours(game="go", level=1, seed=0, *extra):
    return [sys.executable, "-m", "tools.play.gtp_engine", "--game", game, "--level", str(level),
            "--seed", str(seed)] + list(extra)


def gnugo(level=1):
    return [GNUGO, "--mode", "gtp", "--boardsize", "7", "--komi", "0", "--chinese-rules",
            "--positional-superko", "--capture-all-dead", "--level", str(level), "--seed", "1"]


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
        ok, mv = me.ask("genmove " + colours[ply % 2])
        assert ok, mv
        ok, why = other.ask("play %s %s" % (colours[ply % 2], mv))
        if not ok and refusals is not None and "stones left" in why:
            # GNU Go knows no 25-stone reserve: its 26th stone becomes a pass
            refusals.append((mv, why))
            assert me.ask("undo")[0] and me.ask("play %s pass" % colours[ply % 2])[0]
            mv = "pass"
            ok, why = other.ask("play %s pass" % colours[ply % 2])
        assert ok, why
        moves.append(mv)
        passes = passes + 1 if mv.lower() == "pass" else 0
        if passes == 2:
            break
    return moves
