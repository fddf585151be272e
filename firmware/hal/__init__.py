"""The hardware abstraction: what the app may ask of a board, nothing of games.

Every backend (sim, rp2, circuitpython) provides the same four objects:

Matrix   scan(now_ms) -> list of (key, down) events since the last scan, debounced.
         Keys 0 .. cols*rows-1 are the squares, index y*cols + x (x the file from
         the left of seat 0, y the rank from seat 0's edge); then the function
         keys at cols*rows + MENU/OK/UNDO/HINT. `down` is True when a button
         is pressed or a reed switch is closed (a piece is on the square).
         is_down(key) -> the debounced state now.
Pixels   show(frame): frame is a bytearray of cols*rows*3 (r, g, b) in the same
         logical order; the backend maps it to the LED chain (ledmap) and caps
         brightness and total current.
Clock    ticks_ms(), sleep_ms(n).
Storage  (hal.storage.FileStorage on every backend) read/write_atomic/rename/
         remove/append/tail/size/exists on small files, safe against power
         cuts on LittleFS and FAT (see its docstring).
Sound    beep(freq_hz, ms); silent where the board has no buzzer.
"""
from compat import const

MENU = const(0)
OK = const(1)
UNDO = const(2)
HINT = const(3)
KEY_NAMES = ("menu", "ok", "undo", "hint")


# --- The contract, in code -------------------------------------------------
# Every backend's objects derive from these; host_tests/firmware/test_hal_contract.py
# runs one conformance test over every backend against them. The methods here
# only say what a backend must do: each backend overrides every one of them.

class Matrix:
    """The switches. Attributes: cols, rows, size (squares + 4 keys)."""

    def scan(self, now_ms=None):
        """Debounced (key, down) events since the last scan, in key numbers."""
        raise NotImplementedError

    def is_down(self, key):
        """The debounced state of a key now (a piece on a reed square)."""
        raise NotImplementedError


class Pixels:
    """The LEDs. Attributes: frame (the last logical frame), chain (the bytes
    last sent down the LED chain), shows (frames sent), order, brightness,
    max_current_ma."""

    def show(self, frame):
        """Send a bytearray of cols*rows*3 RGB, mapped to the chain by ledmap
        with brightness and the current cap applied."""
        raise NotImplementedError

    def rgb(self, index):
        """The logical (r, g, b) of square `index` in the last frame shown."""
        raise NotImplementedError


class Clock:
    """Milliseconds that wrap at 2**30 like MicroPython's ticks_ms: compare
    them only with compat.ticks_diff / ticks_add."""

    def ticks_ms(self):
        raise NotImplementedError

    def sleep_ms(self, ms):
        raise NotImplementedError

    def every(self, ms, callback):
        """callback(now) every `ms` while the main code runs on (the
        thinking spinner), until the returned object's deinit(); None where
        the backend has no such timer: the caller then calls it itself."""
        raise NotImplementedError


class Sound:
    def beep(self, freq_hz, ms):
        """A tone that stops by itself; silent where the board has no buzzer."""
        raise NotImplementedError


class Hal:
    """The five objects the app uses, built from a checked board dict. A
    backend subclasses it and names its own parts (MATRIX, PIXELS, CLOCK,
    SOUND); storage (hal.storage.FileStorage) is the same everywhere."""

    MATRIX = PIXELS = CLOCK = SOUND = None
    # The club network (net/club.py), set by start.py on a board whose file
    # names one; None elsewhere: the app then carries none of it.
    net = None

    def __init__(self, board, storage):
        self.board = board
        self.matrix = self.MATRIX(board)
        self.pixels = self.PIXELS(board)
        self.clock = self.CLOCK()
        self.storage = storage
        self.sound = self.SOUND(board.get("buzzer_pin"))


# The backend of each platform a board file may name, the default first
# (boardcheck checks the field against this table; main.py imports the module).
BACKENDS = (("micropython", "hal.rp2"), ("circuitpython", "hal.circuitpython"))


def backend(platform):
    """The module name of a platform's backend (KeyError for an unknown one)."""
    for name, module in BACKENDS:
        if name == platform:
            return module
    raise KeyError(platform)
