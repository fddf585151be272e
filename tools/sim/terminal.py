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

from tools.link import boardfile, firmware_path
from compat import ticks_add, ticks_diff
from hal import sim, MENU, OK, UNDO, HINT, KEY_NAMES
from hal.storage import FileStorage
from games.common import FILES, cell_name
from app import menu, screen
from app.core import App, LOG
from app.loop import PERIOD_MS
from tools.sim.script import TAP_MS

CELL_W = 4
CELL_H = 2
LETTER_KEYS = {"m": MENU, "o": OK, "u": UNDO, "h": HINT}
HOLD_MS = 2500      # a capital letter holds its key this long (the board's holds take 2 s)
REED_SCANS = 3      # a touch on a reed square lasts three scans at least
HELP = ("arrows move  space/enter touch  p piece on/off  click touch  right: piece",
        "m o u h tap Menu OK Undo Hint   M O U H hold it 2.5 s   q quit")
PIECES_FILE = "sim-pieces.txt"   # in the state folder: where the simulated pieces stand
MARK = "()"         # drawn in a square where a piece stands
MOUSE = re.compile(rb"\x1b\[<(\d+);(\d+);(\d+)([Mm])")
PLAYERS = ("human", "board")


def scans_to_count(board):
    """How many of the loop's 10 ms scans a touch lasts at least: its press
    counts at the first (hal/debounce.py), its release once the switch's
    lockout of debounce_ms is over."""
    scans = board.get("debounce_ms", 20) // PERIOD_MS + 1
    return max(scans, REED_SCANS if board.get("sensing") == "reed" else 1)


class Sim:
    """The simulator without the terminal: input bytes in, screen text out.

    With real_time the clock follows the desktop's (the terminal); without, it
    moves only by advance() (scripts, tests). Switch changes go through the
    simulated matrix's debounce, as the board's scan reads them. Every text
    the board scrolls is kept in `said` (one Sim at a time: app.screen.SAID
    is the app's one hook for it).
    """

    def __init__(self, board, state_dir, real_time=True):
        os.makedirs(state_dir, exist_ok=True)
        self.board = board
        self.cols, self.rows = board["cols"], board["rows"]
        self.said = []
        screen.SAID = self.said
        self.hal = sim.Hal(board, FileStorage(state_dir), real_time=real_time)
        self.scans = scans_to_count(board)
        self.hal.matrix.bounce_model(board.get("debounce_ms", 20))
        self.pieces = set()  # squares where a simulated piece stands (its switch held closed)
        self.pieces_path = None
        self.note = ""       # a word about the pieces file, shown until the first key
        self.cell_h = CELL_H
        self.app = App(board, self.hal)
        self.cursor = [0, self.rows - 1]
        self.quit = False
        self.pending = b""
        self.later = []      # [when, scans seen, key, closed]: a touch's or a hold's end

    def close(self):
        """Stop hearing the app's scrolled texts (the hook goes back to None)."""
        if screen.SAID is self.said:
            screen.SAID = None

    # --- switches -------------------------------------------------------------
    def switch(self, key):
        """True while the switch is closed (a finger or a piece on it)."""
        return bool(self.hal.matrix.raw[key])

    def set_switch(self, key, closed):
        m = self.hal.matrix
        if closed:
            m.press(key)
        else:
            m.release(key)

    def touch(self, key, ms=TAP_MS):
        """Change the switch for `ms`, then back: a tap, a hold, a piece lifted
        and put back. Ignored while the last one on it is still going on."""
        if any(item[2] == key for item in self.later):
            return
        closed = self.switch(key)
        self.set_switch(key, not closed)
        self.later.append([ticks_add(self.hal.clock.ticks_ms(), ms), 0, key, closed])

    def piece(self, key):
        """A piece put down on an empty square, or taken up from its square."""
        if not any(item[2] == key for item in self.later):
            self.put(key, key not in self.pieces)

    def put(self, key, on):
        """A piece put down on square `key` (on) or taken up; its switch stays
        so, and where the pieces stand is written to the state folder."""
        self.set_switch(key, on)
        if on:
            self.pieces.add(key)
        else:
            self.pieces.discard(key)
        self.save_pieces()

    # --- the pieces kept with the state ---------------------------------------
    def keep_pieces(self, folder):
        """Keep the pieces' squares in `folder` (the board's flash folder),
        and put down the pieces that stood there when the simulator last
        stopped. A file that cannot be read is set aside (renamed .bad) with a
        word saying so in self.note, and the board starts with no pieces."""
        self.pieces_path = os.path.join(folder, PIECES_FILE)
        try:
            with open(self.pieces_path, "rb") as f:
                text = f.read()
        except FileNotFoundError:
            return
        except OSError as e:
            self.note = "%s cannot be read (%s): no pieces on the board" % (self.pieces_path, e)
            return
        try:
            keys = self._read_pieces(text)
        except ValueError as e:
            bad = self.pieces_path + ".bad"
            os.replace(self.pieces_path, bad)
            self.note = "%s: %s; set aside as %s, no pieces on the board" % (
                self.pieces_path, e, os.path.basename(bad))
            return
        for key in keys:
            self.set_switch(key, True)
            self.hal.matrix.state[key] = 1  # stood there all along: no press for the app to answer
            self.pieces.add(key)

    def _read_pieces(self, text):
        """The squares of a pieces file; ValueError says what is wrong."""
        try:
            lines = text.decode("utf-8").splitlines()
        except UnicodeDecodeError:
            raise ValueError("not text")
        if not lines or lines[0] != self._pieces_header():
            raise ValueError("not this board's pieces (its first line is not '%s')"
                             % self._pieces_header())
        keys = []
        for n, line in enumerate(lines[1:], 2):
            word = line.strip()
            if not word:
                continue
            x = FILES.find(word[0]) if word[0].isalpha() else -1
            y = int(word[1:]) - 1 if word[1:].isdigit() else -1
            if not (0 <= x < self.cols and 0 <= y < self.rows):
                raise ValueError("line %d: '%s' is not a square of this board" % (n, word))
            keys.append(y * self.cols + x)
        return keys

    def _pieces_header(self):
        return "# pieces on %s (%dx%d), one square a line" % (
            self.board.get("name", "?"), self.cols, self.rows)

    def save_pieces(self):
        if self.pieces_path is None:
            return
        lines = [self._pieces_header()] + [
            cell_name(k % self.cols, k // self.cols) for k in sorted(self.pieces)]
        tmp = self.pieces_path + ".tmp"
        with open(tmp, "w") as f:
            f.write("\n".join(lines) + "\n")
        os.replace(tmp, self.pieces_path)

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

    # --- a game at once ---------------------------------------------------------
    def start_game(self, gid, players=("human", "human"), level=3, options=None):
        """Start a game as a player would: the menu's own call opens it (a
        board game's set-up, or the race), and the set-up takes the choices
        as touches on its own rows, then starts. ValueError says what is
        wrong; then nothing has changed."""
        import games
        ctx = self.app.ctx
        ids = games.installed()
        if gid not in ids:
            raise ValueError("--game: no game '%s' (games: %s)" % (gid, ", ".join(ids)))
        if not menu.fits(gid, ctx.cols, ctx.rows):
            raise ValueError("--game: %s does not fit on a %dx%d board" % (gid, ctx.cols, ctx.rows))
        choices = [m[1] for m in menu.MODES]
        board_game = games.mode_of(gid) == games.SETUP
        if not board_game and (tuple(players) != ("human", "human") or level != 3 or options):
            raise ValueError("--game: %s has no players, level or options to choose" % gid)
        if tuple(players) not in choices:
            raise ValueError("--players: two of human, board, e.g. human,board")
        if not 1 <= level <= 5:
            raise ValueError("--level: 1 to 5, not %d" % level)
        screen.SAID = None          # the menu and the set-up are never shown: not said
        try:
            picker = menu.Menu(ctx, kept={})    # a new game, whatever is kept
            picker.pointed = gid
            if board_game:
                setup = picker.choose()         # what OK on the game's square opens
                touches = _setup_touches(setup, choices.index(tuple(players)), level, options)
                setup.step(self.hal.clock.ticks_ms(), [(k, True) for k in touches])
        finally:
            screen.SAID = self.said
        # The race is shown at once, and says so; a set-up starts its game.
        opened = setup.start() if board_game else picker.choose()
        self.app.mode = opened

    # --- the loop -------------------------------------------------------------
    def step(self):
        """One loop pass: the touches that end now, a scan, the app's step, the LEDs."""
        now = self.hal.clock.ticks_ms()
        for item in list(self.later):
            item[1] += 1
            if ticks_diff(now, item[0]) >= 0 and item[1] > self.scans:
                self.set_switch(item[2], item[3])
                self.later.remove(item)
        frame = self.app.step(now, self.hal.matrix.scan(now))
        self.hal.pixels.show(frame)

    def advance(self, ms):
        """Let `ms` of board time pass, a loop pass every 10 ms (not real time)."""
        while ms > 0:
            d = min(PERIOD_MS, ms)
            self.hal.clock.advance(d)
            self.step()
            ms -= d

    def saying(self):
        """The text the board is scrolling now, in plain words ('' for none)."""
        sc = getattr(self.app.mode, "scroll", None)
        if sc is None or sc.done(self.hal.clock.ticks_ms()):
            return ""
        return getattr(sc, "text", "")

    def lines_needed(self, cell_h=CELL_H):
        """The terminal lines render() draws: a header, the grid, the files,
        the keys, the status line and the help."""
        return 1 + self.rows * cell_h + 3 + len(HELP)

    def columns_needed(self):
        return max(4 + self.cols * CELL_W, 2 + max(len(h) for h in HELP)) + 1

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

    def marked(self):
        """The squares drawn with a piece: on a reed board the simulated
        pieces (where their switches are held closed), on a button board
        the pieces the game has on its board (nothing holds a button down
        under them) and any square held down with p."""
        marks = set(self.pieces)
        if self.board.get("sensing") != "reed":
            marks |= self._game_pieces()
        return marks

    def _game_pieces(self):
        """The squares where the game being played shows one of its pieces."""
        m = self.app.mode
        play = getattr(m, "play", None)        # a result screen's game
        if not hasattr(play, "game"):
            play = m
        mod, game = getattr(play, "mod", None), getattr(play, "game", None)
        looks = getattr(mod, "PIECES", ())
        if not looks or game is None or not hasattr(play, "square"):
            return set()
        v = game.view()
        return {play.square(c) for c in range(len(v)) if v[c] in looks}

    def render(self, columns=80):
        """The whole screen as text with ANSI colours, no line longer than
        `columns`, and no newline after the last line (it would scroll the
        screen up by one on a terminal just tall enough)."""
        note = self.note
        head = "  %s board (%s)  mode: %s" % (
            self.board.get("name", "?"), self.board.get("sensing", "?"), type(self.app.mode).__name__)
        out = [head[:columns - 1]]
        px = self.hal.pixels
        marks = self.marked()
        for r in range(self.rows):
            y = self.rows - 1 - r
            for line in range(self.cell_h):
                row = ["%2d  " % (y + 1) if line == 0 else "    "]
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
        out.append("    " + "".join(chr(97 + x).center(CELL_W) for x in range(self.cols)))
        out.append("    " + "".join(("[%s]" % KEY_NAMES[k].capitalize()).ljust(8) for k in range(4)))
        out.append(("  says: %s" % self.saying())[:columns - 1])
        help_lines = [note] if note else []
        help_lines += list(HELP[len(help_lines):])
        out += [("  " + h)[:columns - 1] for h in help_lines]
        return "\x1b[H" + "\x1b[K\n".join(out) + "\x1b[K"


def _setup_touches(setup, players, level, options):
    """The set-up squares a player touches for these choices: the players on
    the top row, the level on the next (where the board plays), the option's
    value on the bottom row (app/menu.py says what each row chooses)."""
    c, top = setup.ctx.cols, setup.ctx.rows - 1
    keys = [top * c + players]
    if "board" in menu.MODES[players][1]:
        keys.append((top - 1) * c + level - 1)
    if options:
        keys.append(_option_square(setup, options))
    return keys


def _option_square(setup, options):
    """The bottom-row square of --options' value: its one option, at a value
    that fits this board (the values the set-up screen offers)."""
    gid = setup.gid
    if not setup.mod.OPTIONS:
        raise ValueError("--options: %s has no options" % gid)
    if setup.option is None:
        raise ValueError("--options: %s's option cannot be set on this board" % gid)
    name, vals, _ = setup.option
    for k in options:
        if k != name:
            raise ValueError("--options: %s's option is '%s', not '%s'" % (gid, name, k))
    v = options[name]
    if type(v) is not int or v not in vals:
        raise ValueError("--options: %s must be one of %s on this board, not %s" % (
            name, ", ".join(str(x) for x in vals), json.dumps(v)))
    return vals.index(v)


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
    s = Sim(args.board, state)
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
        s = Sim(board, args.state or tmp, real_time=False)
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

