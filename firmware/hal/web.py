"""The board in a web page: the HAL on MicroPython's WebAssembly port.

The switches, the LEDs, the clock, the sound and the flash live in
JavaScript (web/link.js), handed to MicroPython as the JS module `webboard`
(registerJsModule); on CPython a test passes an object with the same methods.
What the link must offer (all plain strings and ints, nothing shared):

  switches()          '0'/'1' per key (squares, then Menu OK Undo Hint): the
                      switches as they are now, a finger or a piece on them
  now()               milliseconds, a whole number that never goes back
  show(hex, scale)    the logical frame as hex (cols*rows*3 bytes, RGB in
                      square order) and the board's brightness scale 0-255
  beep(freq_hz, ms)   a tone
  saved(path, b64)    a file of the flash was written whole (base64)
  renamed(old, new)   a file was renamed over another
  removed(path)       a file was removed

The matrix debounces as the board reads its switches (hal/debounce.py): a
change counts at the first scan that reads it, then the switch is deaf for
the board file's debounce_ms; the page holds a click down for `scans` scans
of the loop's 10 ms, so that its release comes after that lockout. The flash
is a folder of the port's own file system whose every change is also told
to the link, which keeps it in the browser's storage; the page writes it
back into the folder before boot, so hal.storage.FileStorage works on it
unchanged with all its promises.
"""
import binascii
import os

import hal as _contract
from hal import ledmap
from hal.debounce import Lockout
from compat import ticks_ms as _ticks_ms

LOOP_MS = 10          # app/loop.py's pass: the debounce counts scans of it
REED_SCANS = 3        # a click on a reed board's square lasts three scans at least


def debounce_scans(board):
    """Scans a click is held down: its press counts at the first, its
    release once the switch's lockout (debounce_ms) is over."""
    scans = board.get("debounce_ms", 20) // LOOP_MS + 1
    return max(scans, REED_SCANS if board.get("sensing") == "reed" else 1)


def _link(link):
    if link is not None:
        return link
    import webboard           # the page's JavaScript (web/link.js)
    return webboard


class WebMatrix(_contract.Matrix):
    def __init__(self, board, link=None):
        self.cols, self.rows = board["cols"], board["rows"]
        self.size = self.cols * self.rows + 4
        self.link = _link(link)
        self.scans = debounce_scans(board)
        self.lockout = Lockout(self.size, board.get("debounce_ms", 20))
        self.state = self.lockout.state

    def scan(self, now_ms=None):
        raw = self.link.switches()
        if len(raw) != self.size:
            raise ValueError("the page sent %d switches, the board has %d" % (len(raw), self.size))
        mine = self.lockout.raw
        for key in range(self.size):
            mine[key] = 1 if raw[key] == "1" else 0
        if now_ms is None:
            now_ms = int(self.link.now()) & 0x3FFFFFFF      # WebClock's time
        return self.lockout.settle(now_ms, [])

    def is_down(self, key):
        return bool(self.state[key])


class WebPixels(_contract.Pixels):
    def __init__(self, board, link=None):
        cols, rows = board["cols"], board["rows"]
        self.link = _link(link)
        self.order = ledmap.chain_order(cols, rows, board.get("led_order", "serpentine"),
                                        board.get("led_first", "a1"), board.get("rotation", 0))
        self.brightness = board.get("brightness", 100)
        self.max_current_ma = board.get("max_current_ma", 100000)
        self.frame = bytearray(cols * rows * 3)
        self.chain = bytearray(cols * rows * 3)
        self.shows = 0
        self.sent = None       # the last frame the page drew: an unchanged one is not sent

    def show(self, frame):
        if self.sent is not None and frame == self.sent:
            return          # unchanged (most passes): nothing to map or send
        self.frame[:] = frame
        scale = ledmap.power_scale(frame, self.brightness, self.max_current_ma)
        ledmap.to_chain(frame, self.order, scale, self.chain)
        self.shows += 1
        self.sent = bytes(self.frame)
        self.link.show(binascii.hexlify(self.sent).decode(), scale)

    def rgb(self, index):
        j = index * 3
        return (self.frame[j], self.frame[j + 1], self.frame[j + 2])


class WebClock(_contract.Clock):
    """The page's milliseconds (a script in the page runs on its own clock),
    wrapped at 2**30 like the board's."""

    def __init__(self, link=None):
        self.link = _link(link)

    def ticks_ms(self):
        return int(self.link.now()) & 0x3FFFFFFF

    def sleep_ms(self, ms):
        # Only app/loop.run sleeps; the page drives the app from its timers
        # instead, so this waits out the time the way the board would.
        t0 = _ticks_ms()
        while True:
            d = (_ticks_ms() - t0) & 0x3FFFFFFF
            if d >= ms:
                return

    def every(self, ms, callback):
        return None           # the AI runs in a worker: its progress calls send the spinner


class WebSound(_contract.Sound):
    def __init__(self, link=None):
        self.link = _link(link)

    def beep(self, freq_hz, ms):
        self.link.beep(int(freq_hz), int(ms))


class _File:
    """A file of the flash open for writing: the link hears its whole content
    when it is closed, so the browser's copy never holds a torn write."""

    def __init__(self, files, path, mode):
        self.files, self.path = files, path
        self.f = open(path, mode)

    def write(self, data):
        return self.f.write(data)

    def close(self):
        self.f.close()
        self.files.tell_saved(self.path)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class WebFiles:
    """hal.storage's `files` on the port's file system, every change told to
    the link (paths as the link sees them: relative to `root`)."""

    def __init__(self, root, link=None):
        self.root = root.rstrip("/") + "/"
        self.link = _link(link)

    def _name(self, path):
        return path[len(self.root):] if path.startswith(self.root) else path

    def tell_saved(self, path):
        with open(path, "rb") as f:
            data = f.read()
        self.link.saved(self._name(path), binascii.b2a_base64(data).decode().strip())

    def open(self, path, mode):
        if "r" in mode and "+" not in mode:
            return open(path, mode)
        return _File(self, path, mode)

    def stat(self, path):
        return os.stat(path)

    def rename(self, old, new):
        os.rename(old, new)
        self.link.renamed(self._name(old), self._name(new))

    def remove(self, path):
        os.remove(path)
        self.link.removed(self._name(path))

    def listdir(self, path=None):
        return os.listdir(path) if path else os.listdir()


def flash(root, link=None):
    """The board's flash in the page: a FileStorage on `root` (made if missing)."""
    from hal.storage import FileStorage
    try:
        os.mkdir(root)
    except OSError:
        pass           # already there
    return FileStorage(root, WebFiles(root, link))


class Hal(_contract.Hal):
    """The page's board from a checked board dict; `storage` defaults to the
    flash folder /flash kept in the browser's storage."""

    def __init__(self, board, storage=None, link=None):
        link = _link(link)
        self.board = board
        self.matrix = WebMatrix(board, link)
        self.pixels = WebPixels(board, link)
        self.clock = WebClock(link)
        self.storage = storage if storage is not None else flash("/flash", link)
        self.sound = WebSound(link)
