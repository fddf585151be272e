"""The simulated board the simulator drives: the real firmware app on the
sim HAL, its switches (a finger's touch, a hold, a piece standing on a
square), its pieces kept with the board's flash folder, and a game opened as
the menu opens one. tools/sim/terminal.py draws it in a terminal and
tools/sim/script.py runs scripts of board events on it.
"""
import json
import os

from tools.link import firmware_path  # noqa: F401  (firmware/ on sys.path)
from compat import ticks_add, ticks_diff
from hal import sim
from hal.storage import FileStorage
from games.common import FILES, cell_name
from app import menu, screen, lang
from app.core import App
from app.loop import PERIOD_MS
from tools.sim.script import TAP_MS
from tools.sim.margins import margins

REED_SCANS = 3      # a touch on a reed square lasts three scans at least
PIECES_FILE = "sim-pieces.txt"   # in the state folder: where the simulated pieces stand


def scans_to_count(board):
    """How many of the loop's 10 ms scans a touch lasts at least: its press
    counts at the first (hal/debounce.py), its release once the switch's
    lockout of debounce_ms is over."""
    scans = board.get("debounce_ms", 20) // PERIOD_MS + 1
    return max(scans, REED_SCANS if board.get("sensing") == "reed" else 1)


class Board:
    """The simulated board: touches and pieces in, the app's frames and texts out.

    With real_time the clock follows the desktop's (the terminal); without, it
    moves only by advance() (scripts, tests). Switch changes go through the
    simulated matrix's debounce, as the board's scan reads them. Every text
    the board scrolls is kept in `said` (one Sim at a time: app.screen.SAID
    is the app's one hook for it).
    """

    def __init__(self, board, state_dir, real_time=True, lang_code=None):
        """lang_code: the language the board speaks ("pt", "en"), over the
        one chosen on it and its board file's (tools.sim --lang)."""
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
        self.app = App(board, self.hal)        # its language: the board's (app/lang.py)
        if lang_code is not None:
            lang.use(lang_code)
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

    def margins(self):
        """The names of each rank and file (margins())."""
        return margins(self.app.mode, self.cols, self.rows)

    def saying(self):
        """The text the board is scrolling now, in plain words ('' for none)."""
        sc = getattr(self.app.mode, "scroll", None)
        if sc is None or sc.done(self.hal.clock.ticks_ms()):
            return ""
        return getattr(sc, "text", "")

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
