"""The board's Go and Hex, rules and AI, as a GTP engine (docs/makers/records.md).

    python -m tools.play.gtp_engine --game go [--level N] [--mhz M] [--seed S]
    python -m tools.play.gtp_engine --game hex [--size N] [--level N] [--mhz M] [--seed S]

GTP version 2 (the Go Text Protocol of GNU Go, Sabaki, GoGui; HexGui speaks
the same protocol for Hex). Commands are read from standard input, one per
line, and answered on standard output: `= answer` or `? message`, then a blank
line. A wrong command gets its `?` answer and changes nothing; only `quit` or
the end of the input ends the engine. The moves are checked and played by
the firmware's own game modules and chosen by its own AI (firmware/ai.py) at
the board's level and clock.

Go: 7x7 only, the board's rules (area count, positional superko, no
suicide); `final_score` counts the dead stones as tools/records/gocount.py finds them,
with the komi set by `komi` (0 by default, the board's rule: then White wins
equal scores, `W+0`). GTP has no word for Go's swap: the engine never swaps.

Hex: the sizes the firmware offers (5 to 9), HexGui's names (`boardsize N N`,
`swap-pieces`). Black is seat 0 throughout, as in SGF: after `swap-pieces`
the cells are mirrored (tools/records/sgf.py says why).
"""
import argparse
import os
import sys

if __package__ in (None, ""):
    # Run as a file (`python /path/to/tools/play/gtp_engine.py`, as a GUI's engine list
    # starts it from anywhere): the repository goes on sys.path.
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from tools.link import firmware_path  # noqa: E402,F401  (firmware/ on sys.path)
import games  # noqa: E402
from games.common import FILES, MoveError, OptionError, parse_cell  # noqa: E402
from tools.records import gocount  # noqa: E402
from tools.records import sgf

NAME = "games-board"
VERSION = "1.0"
COMMON = ("protocol_version", "name", "version", "known_command", "list_commands", "quit",
          "boardsize", "clear_board", "komi", "play", "genmove", "undo", "final_score",
          "showboard", "loadsgf")
GO_ONLY = ("final_status_list", "list_stones")
HEX_SWAP = "swap-pieces"


class GtpError(Exception):
    """A command that cannot be served: its `?` answer."""


def colour_of(word):
    w = word.lower()
    if w in ("b", "black"):
        return "B"
    if w in ("w", "white"):
        return "W"
    raise GtpError("invalid color %r (black or white)" % word)


class Engine:
    def __init__(self, game="go", level=2, mhz=125, seed=0, size=None):
        self.gid = game
        self.mod = games.load(game)
        self.level, self.mhz, self.seed = level, mhz, seed
        self.komi = 0.0
        self.size = size or (7 if game == "go" else 9)
        self.quit = False
        self.new_game()

    # --- state --------------------------------------------------------------
    def new_game(self, moves=()):
        opts = {} if self.gid == "go" else {"size": self.size}
        g = self.mod.Game(opts)
        for t in moves:
            g.play_text(t)
        self.game = g
        self.texts = list(moves)

    def mirrored(self):
        return self.gid == "hex" and "swap" in self.texts

    def to_move(self):
        """The colour to move, as GTP names it."""
        g = self.game
        if self.gid == "go":
            return "B" if g.col == 1 else "W"
        return "B" if g.turn == 0 else "W"

    def over(self):
        return self.game.result() is not None

    # --- vertices -------------------------------------------------------------
    def vertex_in(self, text):
        """A GTP vertex as the board's move text."""
        t = text.lower()
        if self.gid == "go":
            if t == "pass":
                return "pass"
            cell = _gtp_cell(t, self.size)
            if cell is None:
                raise GtpError("invalid coordinate %r (a1 to %s%d, or pass)"
                               % (text, _GTP_FILES[self.size - 1], self.size))
            return cell
        if t in (HEX_SWAP, "swap"):
            return "swap"
        if parse_cell(t, self.size, self.size) is None:
            raise GtpError("invalid coordinate %r (a1 to %s%d, or %s)"
                           % (text, FILES[self.size - 1], self.size, HEX_SWAP))
        return sgf.hex_mirror(t) if self.mirrored() else t

    def vertex_out(self, t):
        if self.gid == "go":
            return "pass" if t == "pass" else _gtp_name(t)
        if t == "swap":
            return HEX_SWAP
        return sgf.hex_mirror(t) if self.mirrored() else t

    # --- commands -------------------------------------------------------------
    def commands(self):
        return COMMON + (GO_ONLY if self.gid == "go" else ())

    def run(self, line):
        """One command line (no id) -> the answer text; GtpError for `?`."""
        words = line.split()
        cmd, args = words[0], words[1:]
        if cmd not in self.commands():
            raise GtpError("unknown command")
        return getattr(self, "cmd_" + cmd)(args)

    def cmd_protocol_version(self, args):
        return "2"

    def cmd_name(self, args):
        return NAME

    def cmd_version(self, args):
        return "%s (%s, level %d, %d MHz)" % (VERSION, self.gid, self.level, self.mhz)

    def cmd_known_command(self, args):
        _need(args, 1, "known_command COMMAND")
        return "true" if args[0] in self.commands() else "false"

    def cmd_list_commands(self, args):
        return "\n".join(self.commands())

    def cmd_quit(self, args):
        self.quit = True
        return ""

    def cmd_boardsize(self, args):
        if not args or len(args) > 2:
            raise GtpError("syntax error: boardsize N")
        try:
            sizes = [int(a) for a in args]
        except ValueError:
            raise GtpError("syntax error: boardsize N")
        n = sizes[0]
        if self.gid == "go":
            ok = n == 7 and len(sizes) == 1 or sizes == [7, 7]
        else:
            ok = all(s == n for s in sizes) and 5 <= n <= 9
        if not ok:
            raise GtpError("unacceptable size: the board plays %s" %
                           ("Go on 7x7" if self.gid == "go" else "Hex from 5x5 to 9x9"))
        self.size = n
        self.new_game()
        return ""

    def cmd_clear_board(self, args):
        self.new_game()
        return ""

    def cmd_komi(self, args):
        _need(args, 1, "komi FLOAT")
        try:
            self.komi = float(args[0])
        except ValueError:
            raise GtpError("syntax error: komi takes a number")
        return ""

    def _check_turn(self, colour, what):
        if self.over():
            raise GtpError("the game is over")
        if colour != self.to_move():
            raise GtpError("it is %s's turn: the board's rules alternate (%s)"
                           % ("black" if self.to_move() == "B" else "white", what))

    def cmd_play(self, args):
        _need(args, 2, "play COLOR VERTEX")
        colour = colour_of(args[0])
        t = self.vertex_in(args[1])
        self._check_turn(colour, "play a pass for the other colour first"
                         if self.gid == "go" else "one stone each")
        try:
            self.game.play_text(t)
        except MoveError as e:
            raise GtpError("illegal move: %s" % e)
        self.texts.append(t)
        return ""

    def cmd_genmove(self, args):
        _need(args, 1, "genmove COLOR")
        colour = colour_of(args[0])
        self._check_turn(colour, "genmove for the side to move")
        import ai
        g = self.game
        if self.gid == "go" and g.ply == 1:
            from tools.play.match import no_swap_class
            g = no_swap_class(self.mod)()      # the same position, the swap left out
            g.play_text(self.texts[0])
        m = ai.choose(g, level=self.level, seed=self.seed + g.ply, mhz=self.mhz)
        t = g.move_text(m)
        self.game.play_text(t)
        self.texts.append(t)
        return self.vertex_out(t)

    def cmd_undo(self, args):
        if not self.texts:
            raise GtpError("cannot undo: no move played")
        self.new_game(self.texts[:-1])   # replayed: Go's marks and hashes rebuilt exactly
        return ""

    def cmd_showboard(self, args):
        return "\n" + self.game.board_text()

    def cmd_final_score(self, args):
        g = self.game
        if self.gid == "hex":
            r = g.result()
            if r is None:
                raise GtpError("the game is not over")
            return "B+" if r == 0 else "W+"
        black, white = self.area()
        margin = black - white - self.komi
        return ("B+%s" if margin > 0 else "W+%s") % _num(abs(margin))

    def area(self):
        """(black, white) by area, the dead stones (tools/records/gocount) taken off."""
        g = self.game
        keep_passes, keep_dead = g.passes, set(g.dead)
        try:
            g.passes = 2         # count now, as if play had ended
            g.set_dead(gocount.estimate_dead(g))
            black, white, _ = g.area()
        finally:
            g.dead = keep_dead
            g.passes = keep_passes
        return black, white

    def cmd_final_status_list(self, args):
        _need(args, 1, "final_status_list alive|dead|seki")
        g = self.game
        dead = set(gocount.estimate_dead(g))
        if args[0] == "dead":
            cells = sorted(dead)
        elif args[0] == "alive":
            cells = [c for c in range(len(g.board)) if g.board[c] and c not in dead]
        elif args[0] == "seki":
            cells = []
        else:
            raise GtpError("syntax error: final_status_list alive, dead or seki")
        return " ".join(_gtp_name(p) for p in gocount.points(cells))

    def cmd_list_stones(self, args):
        _need(args, 1, "list_stones COLOR")
        want = 1 if colour_of(args[0]) == "B" else 2
        b = self.game.board
        return " ".join(_gtp_name(p) for p in gocount.points(c for c in range(len(b)) if b[c] == want))

    def cmd_loadsgf(self, args):
        if not args or len(args) > 2:
            raise GtpError("syntax error: loadsgf FILENAME [MOVE_NUMBER]")
        try:
            with open(args[0], encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError as e:
            raise GtpError("cannot load file: %s" % e.strerror)
        try:
            gid, opts, moves, colours, _dead = sgf.read_game(text)
        except sgf.SgfError as e:
            raise GtpError("cannot load file: %s" % e)
        if gid != self.gid:
            raise GtpError("cannot load file: it holds %s, this engine plays %s" % (gid, self.gid))
        if len(args) == 2:
            try:
                upto = int(args[1])   # GTP: play up to, not including, move number N
            except ValueError:
                raise GtpError("syntax error: the move number must be an integer")
            moves = moves[:max(0, upto - 1)]
        size = opts.get("size", 7)
        keep = (self.size, self.game, self.texts)
        self.size = size
        try:
            self.new_game(moves)
        except (MoveError, OptionError) as e:
            self.size, self.game, self.texts = keep
            raise GtpError("cannot load file: %s" % e)
        km = sgf.parse(text)[0].get("KM")
        if km:                       # GTP: loadsgf sets the komi of the file
            try:
                self.komi = float(km[0])
            except ValueError:
                pass
        return ""


_GTP_FILES = "abcdefghjklmnopqrst"   # GTP's Go letters leave out i


def _gtp_cell(t, size):
    if len(t) < 2 or t[0] not in _GTP_FILES[:size] or not t[1:].isdigit():
        return None
    y = int(t[1:])
    if not 1 <= y <= size or not t[1:].isascii():
        return None
    return FILES[_GTP_FILES.index(t[0])] + str(y)


def _gtp_name(t):
    return (_GTP_FILES[FILES.index(t[0])] + t[1:]).upper()


def _num(x):
    return ("%d" % x) if x == int(x) else ("%g" % x)


def _need(args, n, usage):
    if len(args) != n:
        raise GtpError("syntax error: %s" % usage)


def clean(line):
    """GTP's preprocessing: control characters out (tab to space), the
    comment after '#' dropped, spaces at the ends stripped."""
    out = []
    for ch in line:
        if ch == "\t":
            out.append(" ")
        elif ch == "\n" or ord(ch) >= 32 and ord(ch) != 127:
            out.append(ch)
    s = "".join(out)
    i = s.find("#")
    if i >= 0:
        s = s[:i]
    return s.strip()


def answer(engine, raw):
    """The reply text to one input line, or None for a blank/comment line."""
    line = clean(raw)
    if not line:
        return None
    ident = ""
    words = line.split(None, 1)
    if words[0].isdigit():
        ident = words[0]
        line = words[1] if len(words) > 1 else ""
        if not line:
            return "?%s syntax error: no command after the id\n\n" % ident
    try:
        text = engine.run(line)
        ok = "="
    except GtpError as e:
        text, ok = str(e), "?"
    except Exception as e:   # a bug must not end the session: say it and go on
        text, ok = "internal error: %s: %s" % (type(e).__name__, e), "?"
    return "%s%s %s\n\n" % (ok, ident, text) if text else "%s%s\n\n" % (ok, ident)


def serve(engine, stdin, stdout):
    for raw in stdin:
        reply = answer(engine, raw)
        if reply is None:
            continue
        stdout.write(reply)
        stdout.flush()
        if engine.quit:
            break


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.play.gtp_engine", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", choices=("go", "hex"), default="go")
    p.add_argument("--level", type=int, default=2, choices=range(1, 6), metavar="1-5",
                   help="the board's AI level (default 2)")
    p.add_argument("--mhz", type=int, default=125, help="the board's clock, 125 to 200 MHz: "
                   "the level's budget as on that board (default 125)")
    p.add_argument("--seed", type=int, default=0, help="the AI's seed (default 0)")
    p.add_argument("--size", type=int, help="Hex: the board's size at start, 5 to 9 (default 9)")
    a = p.parse_args(argv)
    if not 125 <= a.mhz <= 200:
        p.error("--mhz: from 125 to 200")
    if a.size is not None and (a.game != "hex" or not 5 <= a.size <= 9):
        p.error("--size: Hex only, 5 to 9")
    engine = Engine(a.game, a.level, a.mhz, a.seed, a.size)
    # Line-buffered text both ways, whatever the controller's platform.
    stdin = open(sys.stdin.fileno(), encoding="utf-8", errors="replace", closefd=False)
    serve(engine, stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
