"""The desktop simulator: the real firmware app on the sim HAL, in a terminal or from a script.

    python3 -m tools.sim [--board NAME|FILE] [--state DIR]
                         [--game ID [--players P,P] [--level N] [--options JSON]]
                         [--script FILE [--dump]]

The LED grid is drawn in colour (24-bit ANSI), with the file letters and rank
numbers in its margin. Arrow keys move the cursor, space or enter touches the
square under it, p puts a piece down there or takes it up (a reed board), a
mouse click touches a square or a key (a right click: a piece). m o u h tap
Menu, OK, Undo, Hint; M O U H hold them for HOLD_MS; q quits. The status
line shows the text the board is scrolling in plain words. The board's flash
(saves, records, error log) is the folder --state (default simstate/), so a
game survives closing the simulator like it survives a power cut.

--game starts a game at once, as its set-up screen would (a reed board with
its pieces off the board). --script runs board events on the simulated clock
instead of the terminal (tools/sim/script.py), --dump then prints one JSON
object saying where the app ended up. docs/players/simulator.md explains it all.
"""
import argparse
import json
import os
import re
import select
import shutil
import sys
import tempfile
import time

from tools.link import boardfile, firmware_path  # noqa: F401  (firmware/ on sys.path)
from tools.sim.board import Board
from tools.sim.words import words, WORDS
from hal import MENU, OK, UNDO, HINT
from app.core import LOG

CELL_W = 4
CELL_H = 2
LETTER_KEYS = {"m": MENU, "o": OK, "u": UNDO, "h": HINT}
HOLD_MS = 2500      # a capital letter holds its key this long (the board's holds take 2 s)
HELP = words("en")["help"]     # as long as its Portuguese lines: the terminal's size needs them
MARK = "()"         # drawn in a square where a piece stands
MOUSE = re.compile(rb"\x1b\[<(\d+);(\d+);(\d+)([Mm])")
PLAYERS = ("human", "board")


class Sim(Board):
    """The simulated board in a terminal: keyboard and mouse bytes in, the
    screen as text out, a cursor on the grid."""

    def __init__(self, board, state_dir, real_time=True, lang_code=None):
        Board.__init__(self, board, state_dir, real_time, lang_code)
        self.cell_h = CELL_H
        self.cursor = [0, self.rows - 1]
        self.quit = False
        self.pending = b""

    # --- input ----------------------------------------------------------------
    def feed(self, data):
        """Handle keyboard/mouse bytes."""
        self.note = ""
        buf = self.pending + data
        self.pending = b""
        i = 0
        while i < len(buf):
            m = MOUSE.match(buf, i)
            if m:
                self.click(int(m.group(1)), int(m.group(2)), int(m.group(3)), m.group(4) == b"M")
                i = m.end()
                continue
            if buf[i:i + 1] == b"\x1b":
                if buf[i + 1:i + 2] == b"[" and i + 2 < len(buf):
                    self.arrow(buf[i + 2:i + 3])
                    i += 3
                    continue
                if i + 1 >= len(buf) or (buf[i + 1:i + 2] == b"[" and i + 2 >= len(buf)):
                    self.pending = buf[i:]   # an escape split across reads
                    return
                i += 1
                continue
            self.letter(chr(buf[i]))
            i += 1

    def letter(self, ch):
        x, y = self.cursor
        n = self.cols * self.rows
        if ch in (" ", "\r", "\n"):
            self.touch(y * self.cols + x)
        elif ch in ("p", "P"):
            self.piece(y * self.cols + x)
        elif ch in LETTER_KEYS:
            self.touch(n + LETTER_KEYS[ch])
        elif ch.lower() in LETTER_KEYS:
            self.touch(n + LETTER_KEYS[ch.lower()], HOLD_MS)
        elif ch in ("q", "Q", "\x03"):
            self.quit = True

    def arrow(self, code):
        dx, dy = {b"A": (0, 1), b"B": (0, -1), b"C": (1, 0), b"D": (-1, 0)}.get(code, (0, 0))
        self.cursor[0] = min(self.cols - 1, max(0, self.cursor[0] + dx))
        self.cursor[1] = min(self.rows - 1, max(0, self.cursor[1] + dy))

    def click(self, button, col, row, press):
        """A mouse press at terminal column/row (1-based): the left button
        touches, the right one puts a piece down or takes it up."""
        if not press or button & 3 not in (0, 2):
            return
        x = (col - 4) // CELL_W
        r = (row - 2) // self.cell_h
        if 0 <= x < self.cols and 0 <= r < self.rows and row >= 2:
            y = self.rows - 1 - r
            self.cursor = [x, y]
            if button & 3 == 2:
                self.piece(y * self.cols + x)
            else:
                self.touch(y * self.cols + x)
            return
        key_row = 2 + self.rows * self.cell_h + 1
        if row == key_row and button & 3 == 0:
            k = (col - 4) // 8
            if 0 <= k < 4:
                self.touch(self.cols * self.rows + k)

    def lines_needed(self, cell_h=CELL_H):
        """The terminal lines render() draws: a header, the grid, the files,
        the keys, the status line and the help."""
        return 1 + self.rows * cell_h + 3 + len(HELP)

    def columns_needed(self):
        longest = max(len(h) for code in WORDS for h in WORDS[code]["help"])
        return max(4 + self.cols * CELL_W, 2 + longest) + 1

    def best(self):
        """The terminal size for two-line squares: (columns, lines), at least 80 x 24."""
        return max(80, self.columns_needed()), max(24, self.lines_needed())

    def fit(self, columns, lines):
        """Choose the grid's height for a terminal this size: two lines a
        square, or one on a small terminal. None: it does not fit, with
        the size it needs in self.too_small."""
        for cell_h in (CELL_H, 1):
            if lines >= self.lines_needed(cell_h) and columns >= self.columns_needed():
                self.cell_h = cell_h
                return cell_h
        self.too_small = (self.columns_needed(), self.lines_needed(1))
        return None

    def render(self, columns=80):
        """The whole screen as text with ANSI colours, no line longer than
        `columns`, and no newline after the last line (it would scroll the
        screen up by one on a terminal just tall enough)."""
        note = self.note
        said = words()
        head = "  " + said["head"] % (
            self.board.get("name", "?"), said.get(self.board.get("sensing"), "?"),
            type(self.app.mode).__name__)
        ranks, files = self.margins()
        out = [head[:columns - 1]]
        px = self.hal.pixels
        marks = self.marked()
        for r in range(self.rows):
            y = self.rows - 1 - r
            for line in range(self.cell_h):
                row = ["%2s  " % ranks[y] if line == 0 else "    "]
                for x in range(self.cols):
                    k = y * self.cols + x
                    cr, cg, cb = _visible(px.rgb(k))
                    fg = "\x1b[38;2;255;255;255m" if sum((cr, cg, cb)) < 300 else "\x1b[38;2;0;0;0m"
                    body = "    "
                    if line == 0:
                        mid = MARK if k in marks else "  "
                        body = ("[%s]" if self.cursor == [x, y] else " %s ") % mid
                    row.append("\x1b[48;2;%d;%d;%dm%s%s" % (cr, cg, cb, fg, body))
                out.append("".join(row) + "\x1b[0m")
        out.append("    " + "".join(files[x].center(CELL_W) for x in range(self.cols)))
        out.append("    " + "".join(("[%s]" % said["keys"][k]).ljust(8) for k in range(4)))
        out.append(("  %s: %s" % (said["says"], self.saying()))[:columns - 1])
        help_lines = [note] if note else []
        help_lines += list(said["help"][len(help_lines):])
        out += [("  " + h)[:columns - 1] for h in help_lines]
        return "\x1b[H" + "\x1b[K\n".join(out) + "\x1b[K"


def _visible(rgb):
    """Lift dim LED colours so they read on a screen (LEDs are bright in a room)."""
    r, g, b = rgb
    if r or g or b:
        m = max(r, g, b)
        if m < 90:
            k = 90 / m
            r, g, b = int(r * k), int(g * k), int(b * k)
    return r, g, b


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        """Bad arguments: one line and exit code 2."""
        self.exit(2, "%s: error: %s\n" % (self.prog, message))


def _arguments(argv):
    ap = _Parser(prog="python -m tools.sim", description=__doc__.splitlines()[0])
    ap.add_argument("--board", default="club9", help="a board name (club9, club8, club9_cp) or file")
    ap.add_argument("--state", help="the board's flash folder (default simstate/; a script: a "
                                    "new empty one)")
    ap.add_argument("--game", help="start this game at once (an id of docs/rules/)")
    ap.add_argument("--players", help="human or board for each seat, first seat first "
                                      "(default human,human)")
    ap.add_argument("--level", type=int, help="the AI's level, 1-5 (default 3)")
    ap.add_argument("--options", help='the game\'s option as JSON, e.g. {"size": 9}')
    ap.add_argument("--script", help="run the board events in this file instead of the terminal")
    ap.add_argument("--dump", action="store_true", help="after the script, print the state as JSON")
    ap.add_argument("--lang", choices=("pt", "en"), help="the language the board speaks (default: "
                    "the one chosen on it, else its board file's)")
    args = ap.parse_args(argv)
    if args.game is None:
        for name in ("players", "level", "options"):
            if getattr(args, name) is not None:
                ap.error("--%s needs --game" % name)
    if args.dump and args.script is None:
        ap.error("--dump needs --script")
    args.players = tuple((args.players or "human,human").split(","))
    if len(args.players) != 2 or any(p not in PLAYERS for p in args.players):
        ap.error("--players: two of human, board separated by a comma, e.g. human,board")
    if args.level is None:
        args.level = 3
    if not 1 <= args.level <= 5:
        ap.error("--level: 1 to 5, not %d" % args.level)
    try:
        args.options = json.loads(args.options) if args.options is not None else None
    except ValueError:
        ap.error("--options: not JSON: %s" % args.options)
    if args.options is not None and not isinstance(args.options, dict):
        ap.error('--options: a JSON object, e.g. {"size": 9}')
    try:
        args.board = boardfile.load(args.board)
    except boardfile.BoardError as e:
        ap.error("--board: %s" % str(e).splitlines()[0])
    return ap, args


def main(argv=None):
    ap, args = _arguments(argv)
    if args.script is not None:
        return _script(ap, args)
    state = args.state or os.path.join(firmware_path.ROOT, "simstate")
    s = Sim(args.board, state, lang_code=args.lang)
    try:
        if not sys.stdin.isatty():
            sys.exit("tools.sim needs a terminal (run it in a terminal window), or give it --script")
        columns, lines = shutil.get_terminal_size((0, 0))
        if s.fit(columns, lines) is None:
            sys.exit("tools.sim needs a terminal of at least %d columns and %d lines (this one has "
                     "%d x %d): make the window larger (%d x %d shows the squares best), or run "
                     "it in `xterm -geometry %dx%d -e python3 -m tools.sim`" % (
                         s.too_small + (columns, lines) + s.best() + s.best()))
        s.keep_pieces(state)
        _start(ap, s, args)
        _terminal(s)
    finally:
        s.close()


def _start(ap, s, args):
    """--game: start it as its set-up would; a bad choice is a usage error."""
    if args.game is not None:
        try:
            s.start_game(args.game, args.players, args.level, args.options)
        except ValueError as e:
            ap.error(str(e))


def _script(ap, args):
    """Run a script headless; print where the app ended up (--dump: as JSON)."""
    from tools.sim import script as simscript
    try:
        with open(args.script) as f:
            text = f.read()
    except OSError as e:
        ap.error("--script: %s" % e)
    board = args.board
    try:
        events = simscript.parse(text, board["cols"], board["rows"], args.script)
    except simscript.ScriptError as e:
        ap.error(str(e))
    with tempfile.TemporaryDirectory(prefix="sim-") as tmp:
        s = Sim(board, args.state or tmp, real_time=False, lang_code=args.lang)
        try:
            if args.state:
                s.keep_pieces(args.state)
                if s.note:
                    sys.stderr.write(s.note + "\n")
            _start(ap, s, args)
            simscript.run(s, events)
            d = simscript.dump(s)
        finally:
            s.close()
        if s.app.errors:
            log = s.hal.storage.read(LOG)
            sys.stderr.write("the app met an error (its error.log):\n%s\n" % (
                log.decode() if isinstance(log, bytes) else log))
    if args.dump:
        print(json.dumps(d))
    else:
        print("mode: %s   game: %s   turn: %s   result: %s" % (
            d["mode"], d["game"] or "-", "-" if d["turn"] is None else d["turn"],
            "-" if d["result"] is None else d["result"]))
        print("moves: %s" % " ".join(d["moves"]))
        print("says: %s" % " | ".join(d["says"]))
    return 1 if s.app.errors else 0


def _terminal(s):
    import termios
    import tty
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    w = sys.stdout.write
    try:
        tty.setraw(fd)
        w("\x1b[?1049h\x1b[?25l\x1b[2J\x1b[?1000h\x1b[?1006h")
        last = ""
        while not s.quit:
            r, _, _ = select.select([fd], [], [], 0.01)
            if r:
                s.feed(os.read(fd, 256))
            s.step()
            text = s.render(shutil.get_terminal_size((80, 24)).columns)
            if text != last:
                w(text.replace("\n", "\r\n"))
                sys.stdout.flush()
                last = text
            time.sleep(0.005)
    finally:
        w("\x1b[?1000l\x1b[?1006l\x1b[?25h\x1b[?1049l")
        sys.stdout.flush()
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)

