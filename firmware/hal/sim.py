"""The simulated board: pure Python, for the desktop simulator and the tests.

Input is injected (press/release/tap, or place/lift for reed boards); output
is kept (the last logical frame and the bytes a real chain would be sent), so
a test can read the board as a person would see it.
"""
from hal import ledmap
import hal as _contract


class SimMatrix(_contract.Matrix):
    def __init__(self, cols, rows, nkeys=4):
        self.cols, self.rows = cols, rows
        self.size = cols * rows + nkeys
        self.state = bytearray(self.size)
        self.queue = []
        self.raw = None           # switch readings with bounces (see bounce_model)
        self.lockout = None

    def bounce_model(self, debounce_ms=20):
        """From now on the switches are read raw (set_raw) and debounced as
        the board's backends do (hal/debounce.py: a change counts at the
        first scan, then the switch is deaf for debounce_ms): for tests of
        bounces and flickering magnets."""
        from hal.debounce import Lockout
        self.lockout = Lockout(self.size, debounce_ms)
        self.lockout.raw[:] = self.state
        self.lockout.state = self.state
        self.raw = self.lockout.raw

    def set_raw(self, key, closed):
        self.raw[key] = 1 if closed else 0

    def scan(self, now_ms=0):
        out, self.queue = self.queue, []
        if self.lockout is not None:
            self.lockout.settle(now_ms, out)
        return out

    def is_down(self, key):
        return bool(self.state[key])

    def press(self, key):
        if self.raw is not None:
            return self.set_raw(key, True)
        if not self.state[key]:
            self.state[key] = 1
            self.queue.append((key, True))

    def release(self, key):
        if self.raw is not None:
            return self.set_raw(key, False)
        if self.state[key]:
            self.state[key] = 0
            self.queue.append((key, False))

    def tap(self, key):
        self.press(key)
        self.release(key)

    # A reed board sees pieces: a placed piece closes the switch.
    place = press
    lift = release


class SimPixels(_contract.Pixels):
    def __init__(self, cols, rows, order="serpentine", first="a1", rotation=0,
                 brightness=100, max_current_ma=100000):
        self.cols, self.rows = cols, rows
        self.order = ledmap.chain_order(cols, rows, order, first, rotation)
        self.brightness = brightness
        self.max_current_ma = max_current_ma
        self.frame = bytearray(cols * rows * 3)
        self.chain = bytearray(cols * rows * 3)
        self.shows = 0

    def show(self, frame):
        if self.shows and frame == self.frame:
            return          # unchanged: nothing to map, as rp2's show() sends nothing
        self.frame[:] = frame
        scale = ledmap.power_scale(frame, self.brightness, self.max_current_ma)
        ledmap.to_chain(frame, self.order, scale, self.chain)
        self.shows += 1

    def rgb(self, index):
        j = index * 3
        return (self.frame[j], self.frame[j + 1], self.frame[j + 2])


class SimClock(_contract.Clock):
    """Time that moves only when told to (tests), or follows the real clock."""

    def __init__(self, real=False):
        self.real = real
        self.now = 0
        if real:
            import compat
            self._ticks = compat.ticks_ms
            self._diff = compat.ticks_diff
            self._t0 = compat.ticks_ms()

    def ticks_ms(self):
        if self.real:
            return self._diff(self._ticks(), self._t0) & 0x3FFFFFFF
        return self.now

    def sleep_ms(self, ms):
        if self.real:
            import time
            time.sleep(ms / 1000)
        else:
            self.now = (self.now + ms) & 0x3FFFFFFF

    def every(self, ms, callback):
        return None           # one thread, time moved by hand: the search's progress calls draw

    def advance(self, ms):
        self.now = (self.now + ms) & 0x3FFFFFFF


class SimSound(_contract.Sound):
    def __init__(self):
        self.beeps = []

    def beep(self, freq_hz, ms):
        self.beeps.append((freq_hz, ms))


class Hal(_contract.Hal):
    """The simulated objects together, built from a board dict (real_time: the
    clock follows the desktop's, for the terminal simulator)."""

    def __init__(self, board, storage, real_time=False):
        cols, rows = board["cols"], board["rows"]
        self.board = board
        self.matrix = SimMatrix(cols, rows)
        self.pixels = SimPixels(cols, rows, board.get("led_order", "serpentine"),
                                board.get("led_first", "a1"), board.get("rotation", 0),
                                board.get("brightness", 100), board.get("max_current_ma", 100000))
        self.clock = SimClock(real_time)
        self.storage = storage
        self.sound = SimSound()
