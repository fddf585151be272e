"""The HAL on CircuitPython for the RP2040: keypad, neopixel, pwmio.

keypad.KeyMatrix scans and debounces the switch matrix in C, in the
background; Matrix only maps its key numbers to ours. Pins are the board
file's names ("GP0") looked up in CircuitPython's `board` module. Frames go
through hal.ledmap like on every backend, into Adafruit's neopixel library.
On the desktop the same code runs against the fakes in host_tests/fakes.
"""
import time

import board as _board
import keypad
import neopixel

from hal import ledmap
from hal import KEY_NAMES
import hal as _contract

try:
    from supervisor import ticks_ms as _raw_ticks
    _RAW_MASK = 0x1FFFFFFF          # supervisor.ticks_ms() wraps at 2**29
except ImportError:
    _RAW_MASK = 0x3FFFFFFF

    def _raw_ticks():
        return time.monotonic_ns() // 1000000 & 0x3FFFFFFF

_TICKS_MASK = 0x3FFFFFFF            # what compat.ticks_diff expects
_SCAN_MS = 5                        # keypad's scan period when it can count scans
_NO_EVENTS = ()                     # see hal/rp2.py: no allocation when quiet


def pin(name):
    """The `board` pin called `name` ("GP0"), with a message naming it if absent."""
    p = getattr(_board, name, None)
    if p is None:
        raise ValueError("board has no pin %r" % (name,))
    return p


def claim_flash(board, storage=None, digitalio=None):
    """At power-up (boot.py): give the flash to the firmware, unless Menu is held.

    CircuitPython lets either the computer (the CIRCUITPY drive, over USB) or
    the program write the flash, and the computer has it unless boot.py
    remounts it. The firmware must write (the game in progress, the record of
    games); a deploy needs the drive. So boot.py takes the flash for the
    firmware, except when Menu is held as the board powers up: then the drive
    stays writable for one session, for a deploy. Returns True if the firmware
    has the flash.
    """
    if storage is None:
        import storage
    if digitalio is None:
        import digitalio
    r, c = board["keys"]["menu"]
    row = digitalio.DigitalInOut(pin(board["row_pins"][r]))
    col = digitalio.DigitalInOut(pin(board["col_pins"][c]))
    row.switch_to_output(value=False)           # drive Menu's row low, as a scan does
    col.switch_to_input(pull=digitalio.Pull.UP)
    time.sleep(0.001)
    held = not col.value                        # the diode lets the row pull it low
    row.deinit()
    col.deinit()
    if held:
        return False
    storage.remount("/", readonly=False)
    return True


# A reading counts after at least this many equal scans (a reed switch under a
# weak magnet, a bounce), as on the rp2 backend's reed boards.
_MIN_SCANS = 3


def keypad_timing(debounce_ms):
    """(interval_s, debounce_threshold) for keypad.KeyMatrix from debounce_ms.

    keypad scans every `interval` and needs `debounce_threshold` scans in a
    row in a new state before it reports it: scanning every 5 ms and asking
    for debounce_ms/5 scans gives the same window as the rp2 backend.
    """
    threshold = (debounce_ms + _SCAN_MS - 1) // _SCAN_MS
    if threshold < _MIN_SCANS:
        threshold = _MIN_SCANS
    return _SCAN_MS / 1000, threshold


class Matrix(_contract.Matrix):
    """keypad.KeyMatrix, its key numbers mapped to the squares and keys.

    keypad numbers matrix position (row r, column c) as r*ncols + c; squares
    are (rank y, file x) and the function keys sit where board["keys"] says.
    The diodes' anodes are on the columns (columns_to_anodes=True): keypad
    drives a row low and reads the columns with pull-ups, as rp2 does.

    keypad takes the switches closed when it starts as its starting state and
    reports no press for them (adafruit/circuitpython issue 9818), so a piece
    left standing over a power cut would go unseen. reset() right after it
    starts makes it assume every key released: the closed ones are then
    reported pressed at its next scans (seen on CircuitPython 10.2.1 on the
    emulated Pico: a switch closed at power-up reported pressed 20 ms later).
    """

    def __init__(self, board):
        cols, rows = board["cols"], board["rows"]
        self.cols, self.rows = cols, rows
        self.size = cols * rows + len(KEY_NAMES)
        row_pins = tuple(pin(n) for n in board["row_pins"])
        col_pins = tuple(pin(n) for n in board["col_pins"])
        ncols = len(col_pins)
        debounce = board.get("debounce_ms", 20)
        interval, threshold = keypad_timing(debounce)
        try:
            self.km = keypad.KeyMatrix(row_pins=row_pins, column_pins=col_pins,
                                       columns_to_anodes=True, interval=interval,
                                       max_events=64, debounce_threshold=threshold)
        except TypeError:
            # CircuitPython before 9 has no debounce_threshold: a scan period
            # as long as the window ignores the bounces in between.
            interval = max(debounce, 1) / 1000
            self.km = keypad.KeyMatrix(row_pins=row_pins, column_pins=col_pins,
                                       columns_to_anodes=True, interval=interval,
                                       max_events=64)
        self.interval = interval
        self.km.reset()
        keymap = [-1] * (len(row_pins) * ncols)
        for y in range(rows):
            for x in range(cols):
                keymap[y * ncols + x] = y * cols + x
        keys = board["keys"]
        for i in range(len(KEY_NAMES)):
            r, c = keys[KEY_NAMES[i]]
            keymap[r * ncols + c] = cols * rows + i
        self._keymap = tuple(keymap)
        self._state = bytearray(self.size)
        self._queue = self.km.events
        self._get_into = self.km.events.get_into
        self._event = keypad.Event()

    def scan(self, now_ms=None):
        """The (key, down) changes keypad has queued since the last scan."""
        get_into, ev = self._get_into, self._event
        if not get_into(ev):
            if self._queue.overflowed:
                return self._recover([])
            return _NO_EVENTS
        keymap, state = self._keymap, self._state
        events = []
        while True:
            k = keymap[ev.key_number]
            if k >= 0:
                down = bool(ev.pressed)
                if state[k] != down:
                    state[k] = 1 if down else 0
                    events.append((k, down))
            if not get_into(ev):
                break
        if self._queue.overflowed:
            return self._recover(events)
        return events

    def _recover(self, events):
        # Events were lost (the loop stalled): release everything we think is
        # down and let keypad report what is really pressed from scratch.
        state = self._state
        for k in range(self.size):
            if state[k]:
                state[k] = 0
                events.append((k, False))
        self._queue.clear()
        self.km.reset()
        return events

    def is_down(self, key):
        return bool(self._state[key])


class Pixels(_contract.Pixels):
    """The WS2812 chain through Adafruit's neopixel library.

    The library's own brightness stays at 1.0: hal.ledmap scales for the
    brightness and the current cap, the same arithmetic as every backend.
    Pixels are set as 0xRRGGBB ints (small ints, no tuples) and the library
    reorders them for the chip (GRB).
    """

    def __init__(self, board):
        cols, rows = board["cols"], board["rows"]
        self.cols, self.rows = cols, rows
        n = cols * rows
        self.order = ledmap.chain_order(cols, rows, board.get("led_order", "serpentine"),
                                        board.get("led_first", "a1"), board.get("rotation", 0))
        self.brightness = board.get("brightness", 40)
        self.max_current_ma = board.get("max_current_ma", 500)
        self._np = neopixel.NeoPixel(pin(board["led_pin"]), n, brightness=1.0, auto_write=False)
        self.chain = bytearray(n * 3)      # the wire's GRB bytes, as on every backend
        self.frame = bytearray(n * 3)
        self._sent = False
        self.shows = 0

    def show(self, frame):
        if self._sent and frame == self.frame:
            return
        self.frame[:] = frame
        scale = ledmap.power_scale(frame, self.brightness, self.max_current_ma)
        c = ledmap.to_chain(frame, self.order, scale, self.chain)
        np = self._np
        j = 0
        for i in range(len(self.order)):
            np[i] = c[j + 1] << 16 | c[j] << 8 | c[j + 2]   # chain bytes are GRB
            j += 3
        np.show()
        self._sent = True
        self.shows += 1

    def set_brightness(self, percent):
        self.brightness = percent
        self._sent = False

    def rgb(self, index):
        j = index * 3
        return (self.frame[j], self.frame[j + 1], self.frame[j + 2])


class Clock(_contract.Clock):
    """Milliseconds that wrap at 2**30 like MicroPython's ticks_ms.

    supervisor.ticks_ms() wraps at 2**29 and time.monotonic() loses
    precision after hours (a 30-bit float), so the raw ticks are extended
    to the 2**30 wrap that compat.ticks_diff expects.
    """

    def __init__(self):
        self._last = _raw_ticks()
        self._now = self._last & _TICKS_MASK

    def ticks_ms(self):
        t = _raw_ticks()
        self._now = (self._now + ((t - self._last) & _RAW_MASK)) & _TICKS_MASK
        self._last = t
        return self._now

    def sleep_ms(self, ms):
        time.sleep(ms / 1000)

    def every(self, ms, callback):
        return None           # no timer callbacks: the search's progress calls draw the spinner


class Sound(_contract.Sound):
    """A passive piezo buzzer through pwmio; silent when the board has none.

    CircuitPython has no timer callbacks, so a beep holds the loop for its
    length (keypad keeps scanning in the background meanwhile).
    """

    def __init__(self, pin_name):
        self._pwm = None
        if pin_name is not None:
            import pwmio
            self._pwm = pwmio.PWMOut(pin(pin_name), frequency=440, duty_cycle=0,
                                     variable_frequency=True)

    def beep(self, freq_hz, ms):
        pwm = self._pwm
        if pwm is None or ms <= 0 or freq_hz <= 0:
            return
        pwm.frequency = max(20, int(freq_hz))
        pwm.duty_cycle = 32768
        time.sleep(ms / 1000)
        pwm.duty_cycle = 0


class Hal(_contract.Hal):
    """The circuitpython backend's objects together, built from a (checked) board dict."""

    MATRIX, PIXELS, CLOCK, SOUND = Matrix, Pixels, Clock, Sound
    # The highest level each game holds here, where it is below MicroPython's
    # 5 (app/setup.py says it on the set-up screen). Go's playouts are viper
    # code on MicroPython and bytecode here: on the emulated Pico at 125 MHz
    # (2026-12-08) a level-3 move took 23.7 s for its 88 playouts against
    # MicroPython's 1.6 s, so the level's 1.8 s stop would leave it a few;
    # level 2 (alpha-beta, 130 nodes) took 1.25 s, within its 1.5 s.
    LEVELS = {"go": 2}
