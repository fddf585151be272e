"""A simulated board to drive the real app in tests, as a person would:
tap squares and keys, let time pass, read the LEDs. Runs on both Pythons."""
import os
import sys

from hal import sim, MENU, OK, UNDO, HINT
from hal.storage import FileStorage
from app.core import App
from games.common import FILES

KEYS = {"menu": MENU, "ok": OK, "undo": UNDO, "hint": HINT}
REST_WAIT = 400    # ms: longer than app.pieces.REST_MS, a piece put down to stay
LIFT_WAIT = 60     # ms: longer than a lift's confirmation (app.pieces: debounce + margin)
_count = [0]
_BASE = [None]     # this process's boards' folder, once known


def _base():
    """The folder of this process's boards: GAMEBOARD_TMP where the runner
    gives one (mptools.run_micropython: MicroPython's unix port has no
    getpid), else one named after the process. Test processes running at
    once never share a board's flash."""
    if _BASE[0] is None:
        given = os.getenv("GAMEBOARD_TMP") if hasattr(os, "getenv") else None
        if given:
            _BASE[0] = given
        elif hasattr(os, "getpid"):
            _BASE[0] = "/tmp/gameboard-tests-%d" % os.getpid()
        else:
            _BASE[0] = "/tmp/gameboard-tests-mp" + "".join("%02x" % b for b in os.urandom(6))
    return _BASE[0]


def fresh_dir():
    """A new empty folder for a board's flash."""
    _count[0] += 1
    base = _base()
    for d in (base, "%s/%d" % (base, _count[0])):
        try:
            os.mkdir(d)
        except OSError:
            pass
    root = "%s/%d" % (base, _count[0])
    for name in os.listdir(root):
        os.remove(root + "/" + name)
    return root


def club9(sensing="button", lang="en"):
    """The club board; by default with buttons (every square a tap), as most
    app tests drive it; sensing="reed" for play with real pieces. It speaks
    English unless told (lang="pt": the club board's own first language):
    the app's tests read its words in English."""
    from boards.club9 import BOARD
    b = dict(BOARD)
    b["sensing"] = sensing
    b["lang"] = lang
    return b


def _no_collect():
    pass


class SimBoard:
    # A function (board, storage) -> hal to drive another backend through the
    # same tests (the CircuitPython one with its modules faked); None: hal.sim.
    make_hal = None
    # The clock at boot: tests set it just before the wrap at 2**30 ms (as a
    # board left on for 12 days) to run the app across it.
    START = 0
    # The app collects garbage after each move for the Pico's heap; on
    # MicroPython the tests keep it (their memory checks rely on it). On
    # CPython it is skipped: there each gc.collect() walks the whole test
    # process, 0.15 s in a pytest worker, most of a game played by taps.
    COLLECT = sys.implementation.name == "micropython"

    def __init__(self, board=None, root=None, storage=None, net=None):
        self.board = board or club9()
        self.net = net          # net(storage) -> the club network's object (netboard.py)
        if storage is None:
            self.root = root or fresh_dir()
            storage = FileStorage(self.root)
        self.storage = storage
        if SimBoard.make_hal is None:
            self.hal = sim.Hal(self.board, self.storage)
        else:
            self.hal = SimBoard.make_hal(self.board, self.storage)
        if net is not None:
            self.hal.net = net(self.storage)
        self.app = App(self.board, self.hal)
        if not self.COLLECT:
            self.app.ctx.collect = _no_collect
        self.cols, self.rows = self.board["cols"], self.board["rows"]
        self.now = self.START
        self.after_tick = None   # called after every loop pass (memory checks)
        self.tick()

    def power_cut(self):
        """A new app on the same flash: what the board does after a cut."""
        return type(self)(self.board, getattr(self, "root", None), self.storage, self.net)

    def tick(self, ms=10):
        self.now = (self.now + ms) & 0x3FFFFFFF
        self.hal.clock.now = self.now
        events = self.hal.matrix.scan(self.now)
        frame = self.app.step(self.now, events)
        self.hal.pixels.show(frame)
        if self.app.ctx.net is not None:
            self.app.ctx.net.poll(self.now, frame, bool(events))   # as app/loop.py, after the frame
        if self.after_tick is not None:
            self.after_tick()

    def wait(self, ms):
        for _ in range(ms // 10):
            self.tick()

    def square(self, name):
        """'c3' on the full grid -> key number."""
        x = FILES.index(name[0])
        y = int(name[1:]) - 1
        return y * self.cols + x

    def tap_key(self, key):
        self.hal.matrix.tap(key)
        self.tick()

    def tap(self, name):
        self.tap_key(self.square(name) if isinstance(name, str) else name)

    # --- real pieces (a reed board) ---------------------------------------
    def _key(self, name):
        return self.square(name) if isinstance(name, str) else name

    def place(self, name, rest=True):
        """Put a piece down; with rest, leave it long enough to count."""
        self.hal.matrix.place(self._key(name))
        self.tick()
        if rest:
            self.tick(REST_WAIT)

    def lift(self, name, stay=True):
        """Lift a piece; with stay, keep it off long enough to count."""
        self.hal.matrix.lift(self._key(name))
        self.tick()
        if stay:
            self.tick(LIFT_WAIT)

    def has_piece(self, name):
        return self.hal.matrix.is_down(self._key(name))

    def follow(self):
        """Do what the blinking squares ask: lift where a square must be
        cleared, place where a piece belongs. Returns the squares changed."""
        p = self.play_mode().pieces
        done = []
        for sq in p.wrong():
            if p.expected[sq]:
                self.place(sq, rest=False)
            else:
                self.lift(sq)
            done.append(sq)
        self.tick()
        return done

    def move_pieces(self, text):
        """Make a move with pieces as a player would: lift the piece that moves
        (and a Semaforo piece to change), put it down on each next square,
        then do what the board asks (a capture to clear, a marker to place)."""
        play = self.play_mode()
        g = play.game
        m = g.parse(text)
        cells = [play.square(c) for c in g.move_cells(m)]
        before = g.ply
        if not cells:
            self.press("ok")
            while play.armed != m:
                self.press("hint")
            self.press("ok")
        elif self.has_piece(cells[0]):
            self.lift(cells[0])         # a piece that moves, or Semaforo's change
            for sq in cells[1:]:
                if self.has_piece(sq):
                    self.lift(sq)       # a capture: the taken piece off first
                self.place(sq)
        else:
            for sq in cells:
                self.place(sq)

        def again():
            self.lift(cells[-1])        # lifted and put down again: the next choice
            self.place(cells[-1])
        self._choose(play, m, text, before, again)
        assert g.ply == before + 1, "%s was not played (ply %d)" % (text, g.ply)
        self.tick()     # the pass after the move's: its save (app/play.py answers first)
        if self.mode() == "Play":               # the result screen does not wait for pieces
            self.follow()
            assert not play.pieces.syncing, (text, play.pieces.wrong())

    def _choose(self, play, m, text, before, again):
        """After a move's cells are touched: while the entry offers another
        move than m, touch its last cell again (again()) for the next choice;
        then OK, unless touching the cells has played the move already."""
        g = play.game
        tries = 0
        while g.ply == before and play.entry.pending() is not None and play.entry.pending() != m:
            again()
            tries += 1
            assert tries < 10, "cannot cycle to " + text
        if g.ply == before:
            self.press("ok")

    def crash(self, message):
        """Make the mode on screen raise RuntimeError(message) from its next
        step, as a bug in it would, and run that step."""
        def broken(now, events):
            raise RuntimeError(message)
        self.app.mode.step = broken
        self.tick()

    def press(self, key_name):
        self.tap_key(self.cols * self.rows + KEYS[key_name])

    def mode(self):
        return type(self.app.mode).__name__

    def rgb(self, name):
        return self.hal.pixels.rgb(self.square(name) if isinstance(name, str) else name)

    def play_mode(self):
        m = self.app.mode
        return m.play if type(m).__name__ == "Result" else m

    # --- helpers that go through the menus --------------------------------
    def open_entry(self, gid):
        """From the menu: point at an entry and open it (two taps on its square)."""
        menu = self.app.mode
        sq = menu.square_of(menu.ids.index(gid))
        self.tap_key(sq)
        self.tap_key(sq)

    def start(self, gid, players_col=0, level=None, option_col=None):
        """From the menu: point at the game, open it, choose players, start."""
        assert self.mode() == "Menu", self.mode()
        self.open_entry(gid)
        if self.mode() == "Resume":         # games of it are kept: the last choice is a new one
            while self.app.mode.save is not None:
                self.press("hint")
            self.press("ok")
        assert self.mode() == "Setup", self.mode()
        top = self.rows - 1
        self.tap_key(top * self.cols + players_col)
        if level is not None:
            self.tap_key((top - 1) * self.cols + level - 1)
        if option_col is not None:
            self.tap_key(option_col)
        self.press("ok")
        assert self.mode() == "Play", self.mode()
        return self.app.mode

    def enter(self, text):
        """Enter a move by touching its cells as a player would; OK if needed."""
        play = self.play_mode()
        g = play.game
        m = g.parse(text)
        cells = g.move_cells(m)
        before = g.ply
        if not cells:
            self.press("ok")                # names the first key move
            tries = 0
            while play.armed != m:          # HINT names the next one
                self.press("hint")
                tries += 1
                assert tries < 5, "cannot name " + text
            self.press("ok")
        else:
            for c in cells:
                self.tap_key(play.square(c))
            self._choose(play, m, text, before, lambda: self.tap_key(play.square(cells[-1])))
        assert g.ply == before + 1, "%s was not played (ply %d)" % (text, g.ply)
        self.tick()     # the pass after the move's: its save (app/play.py answers first)


WRAP = 1 << 30      # the board's clock wraps here (compat.ticks_*): about 12 days on


class WrapBoard(SimBoard):
    """A board switched on 3 s before its clock wraps (as one left on for 12
    days). The app-flow, whole-game and AI-play tests drive this one, so every
    one of them crosses the wrap in its first seconds (test_time_wrap.py)."""
    START = WRAP - 3000


def play_whole_game(board, gid, seed, options_col=None, limit=1000, after_move=None):
    """Start gid for two humans and tap a seeded random game to its result.

    after_move(n) is called after each move (the memory check measures there).
    """
    board.start(gid, option_col=options_col)
    x = seed
    n = 0
    while board.mode() == "Play" and n < limit:
        g = board.app.mode.game
        ms = g.moves()
        x = (x * 75 + 74) % 65537   # small ints only: the same on a 32-bit VM
        board.enter(g.move_text(ms[x % len(ms)]))
        n += 1
        if after_move is not None:
            after_move(n)
    return n
