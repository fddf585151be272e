"""The HAL on MicroPython for the RP2040: machine.Pin, neopixel, PWM.

Matrix scans the diode switch matrix itself (one row driven low at a time,
columns read through pull-ups) and debounces it in Python, row by row; Pixels
fills the `neopixel` driver's buffer straight from the logical frame through
hal.ledmap. Both run every pass of a 100 Hz loop, so the hot paths bind
locals, keep their buffers from construction and allocate nothing when
nothing changed (see docs/makers/hardware.md for the measured cost).
"""
import sys

import machine
import neopixel

from hal import ledmap
from hal.ledmap import copy_bytes
from hal import KEY_NAMES
import hal as _contract

from compat import sleep_us, sleep_ms, ticks_ms, ticks_diff  # time's, on the board

# scan() returns this when nothing changed: an empty tuple costs no allocation
# (a fresh [] each pass would feed the garbage collector 100 times a second).
_NO_EVENTS = ()

# The RP2040's (and RP2350's) SIO register that holds every GPIO's input level.
# One read of it replaces a Pin.value() call per column; only read, never
# written (the two chips' SIO write registers differ). Big ints on the Pico:
# kept as a module value, loaded once per scan, never rebuilt.
_GPIO_IN = 0xD0000004
PORT_READ = sys.platform == "rp2" or getattr(machine, "EMULATES_RP2_SIO", False)


class Matrix(_contract.Matrix):
    """Row/column scan of the switch matrix, debounced eagerly, row by row.

    Matrix position (row r, column c) is switch r*ncols + c. Squares sit at
    (rank y, file x); the function keys where board["keys"] says. A switch's
    change counts at the first scan that reads it (the touch is answered at
    once); the switch is then locked out for debounce_ms, so its contact's
    chatter never counts twice, and its reading is compared again when the
    lockout ends (hal/debounce.py says it per key; here it is bit masks per
    matrix row, one comparison per row while nothing changes). Switches
    already closed at boot (pieces on a reed board) are reported as presses
    by the first scan.
    """

    def __init__(self, board, port_read=None):
        Pin = machine.Pin
        cols, rows = board["cols"], board["rows"]
        self.cols, self.rows = cols, rows
        nrows, ncols = len(board["row_pins"]), len(board["col_pins"])
        self.size = cols * rows + len(KEY_NAMES)
        # Idle rows are driven high: with a diode per switch no current can
        # flow from a column into a high row, so only the low row is read.
        self._row_pins = [Pin(p, Pin.OUT, value=1) for p in board["row_pins"]]
        self._col_pins = [Pin(p, Pin.IN, Pin.PULL_UP) for p in board["col_pins"]]
        # Bound methods made once: `pin.value` would build one per call.
        self._drive = tuple(p.value for p in self._row_pins)
        # Read backwards so that `m = m << 1 | read()` puts column c at bit c.
        self._read = tuple(p.value for p in reversed(self._col_pins))
        self._nrows, self._ncols = nrows, ncols
        self._full = (1 << ncols) - 1
        # The fast scan reads all columns at once from the GPIO input
        # register: possible when they are consecutive GPIOs, in order.
        c0 = board["col_pins"][0]
        consecutive = tuple(board["col_pins"]) == tuple(range(c0, c0 + ncols))
        if port_read is None:
            port_read = PORT_READ
        self.port_read = bool(port_read and consecutive and hasattr(machine, "mem32"))
        self._shift = c0
        self._debounce = board.get("debounce_ms", 20)
        self._settle = board.get("settle_us", 10)
        # Per matrix row, as bit masks (bit c = column c, 1 = closed): the
        # last raw reading, the debounced state, the switches locked out and
        # when the row's last change counted (its lockout's start).
        self._raw = [0] * nrows
        self._stable = [0] * nrows
        self._locked = [0] * nrows
        self._since = [0] * nrows
        keymap = [-1] * (nrows * ncols)         # switch -> our key number, -1 unused
        where = [0] * self.size                 # our key number -> switch
        for y in range(rows):
            for x in range(cols):
                keymap[y * ncols + x] = y * cols + x
                where[y * cols + x] = y * ncols + x
        keys = board["keys"]
        for i in range(len(KEY_NAMES)):
            r, c = keys[KEY_NAMES[i]]
            keymap[r * ncols + c] = cols * rows + i
            where[cols * rows + i] = r * ncols + c
        self._keymap = tuple(keymap)
        self._where = tuple(where)
        self._busy = True                       # a row differs or is locked out

    def scan(self, now_ms=None):
        """Read every switch once; the debounced (key, down) changes since last time."""
        if now_ms is None:
            now_ms = ticks_ms()
        raw = self._raw
        settle = self._settle
        full = self._full
        busy = self._busy
        r = 0
        if self.port_read:
            mem = machine.mem32
            addr = _GPIO_IN
            shift = self._shift
            for drive in self._drive:
                drive(0)
                if settle:
                    sleep_us(settle)
                v = mem[addr]
                drive(1)
                m = (v >> shift & full) ^ full  # pull-ups: a closed switch reads 0
                if m != raw[r]:
                    raw[r] = m
                    busy = True
                r += 1
        else:
            read = self._read
            for drive in self._drive:
                drive(0)
                if settle:
                    sleep_us(settle)
                m = 0
                for rd in read:
                    m = m << 1 | rd()
                drive(1)
                m ^= full
                if m != raw[r]:
                    raw[r] = m
                    busy = True
                r += 1
        if not busy:
            return _NO_EVENTS
        return self._settle_rows(now_ms)

    def _settle_rows(self, now_ms):
        # Only runs while some row changed or has a switch locked out.
        raw, stable, locked, since = self._raw, self._stable, self._locked, self._since
        keymap, deb, ncols = self._keymap, self._debounce, self._ncols
        events = _NO_EVENTS
        busy = False
        for r in range(self._nrows):
            lk = locked[r]
            if lk:
                if ticks_diff(now_ms, since[r]) < deb:
                    busy = True
                else:
                    lk = 0
                    locked[r] = 0
            diff = (raw[r] ^ stable[r]) & ~lk
            if not diff:
                continue
            m = stable[r] ^ diff
            stable[r] = m
            if deb:
                locked[r] = lk | diff
                since[r] = now_ms
                busy = True
            sw = r * ncols
            while diff:
                if diff & 1:
                    key = keymap[sw]
                    if key >= 0:
                        if not events:
                            events = []
                        events.append((key, bool(m & 1)))
                diff >>= 1
                m >>= 1
                sw += 1
        self._busy = busy
        return events

    def is_down(self, key):
        sw = self._where[key]
        return bool(self._stable[sw // self._ncols] >> (sw % self._ncols) & 1)


class Pixels(_contract.Pixels):
    """The WS2812 chain through MicroPython's neopixel driver.

    The frame is mapped (order, rotation) and scaled (brightness, current
    cap) by hal.ledmap straight into the driver's own GRB buffer, so no
    per-pixel tuples are made. Python handles a byte at about 1.6 us on the
    Pico, so only what changed is redone: an unchanged frame is not sent at
    all, and a changed one is compared row by row (memoryviews made once)
    and only the chain segments showing a changed row are recomputed, unless
    the current cap moved the scale. The total for the cap comes from per-row
    sums (C-level sum()).
    """

    def __init__(self, board):
        cols, rows = board["cols"], board["rows"]
        self.cols, self.rows = cols, rows
        n = cols * rows
        self.order = ledmap.chain_order(cols, rows, board.get("led_order", "serpentine"),
                                        board.get("led_first", "a1"), board.get("rotation", 0))
        self.brightness = board.get("brightness", 40)
        self.max_current_ma = board.get("max_current_ma", 500)
        self._np = neopixel.NeoPixel(machine.Pin(board["led_pin"], machine.Pin.OUT), n)
        buf = getattr(self._np, "buf", None)
        # The driver keeps GRB bytes in .buf (its ORDER); a driver without it
        # gets the bytes pixel by pixel.
        self._direct = buf is not None and len(buf) == n * 3
        self.chain = buf if buf is not None and self._direct else bytearray(n * 3)
        self.frame = bytearray(n * 3)           # the frame on the LEDs now
        self._new = bytearray(n * 3)            # the one being shown
        w = cols * 3
        self._rows_new = tuple(memoryview(self._new)[y * w:(y + 1) * w] for y in range(rows))
        self._rows_old = tuple(memoryview(self.frame)[y * w:(y + 1) * w] for y in range(rows))
        self._row_sum = [0] * rows
        self._total = [0]                       # power_scale sums its input: give it the total
        # Chain segments of `cols` LEDs: their squares, their slice of the
        # chain buffer, and the logical rows they show (a bit mask).
        chain_mv = memoryview(self.chain)
        segs = []
        for k in range(rows):
            part = self.order[k * cols:(k + 1) * cols]
            mask = 0
            for sq in part:
                mask |= 1 << (sq // cols)
            if cols * rows <= 256:
                part = bytes(part)          # for the viper copy (ledmap.to_chain_grb)
            segs.append((part, chain_mv[k * w:(k + 1) * w], mask))
        self._segs = tuple(segs)
        self._fast = cols * rows <= 256
        self._scale = -1
        self._sent = False
        self.shows = 0

    def show(self, frame):
        if self._sent and frame == self.frame:
            return
        new = self._new
        n3 = len(new)
        copy_bytes(new, frame, n3)     # no slice: a heap object on MicroPython 1.25
        changed = 0
        row_sum = self._row_sum
        rows_new, rows_old = self._rows_new, self._rows_old
        sent = self._sent
        for y in range(self.rows):
            if not sent or rows_new[y] != rows_old[y]:
                changed |= 1 << y
                row_sum[y] = sum(rows_new[y])
        self._total[0] = sum(row_sum)
        scale = ledmap.power_scale(self._total, self.brightness, self.max_current_ma)
        if scale != self._scale:
            changed = -1                        # every LED's level moves
            self._scale = scale
        fast = self._fast
        cols = self.cols
        for part, out, mask in self._segs:
            if mask & changed:
                if fast:
                    ledmap.to_chain_grb(new, part, scale, out, cols)
                else:
                    ledmap.to_chain(new, part, scale, out)
        np = self._np
        if not self._direct:
            c = self.chain
            for i in range(len(c) // 3):
                j = i * 3
                np[i] = (c[j + 1], c[j], c[j + 2])
        np.write()
        copy_bytes(self.frame, new, n3)
        self._sent = True
        self.shows += 1

    def set_brightness(self, percent):
        self.brightness = percent
        self._sent = False          # force the next show() out at the new level

    def rgb(self, index):
        j = index * 3
        return (self.frame[j], self.frame[j + 1], self.frame[j + 2])


class Clock(_contract.Clock):
    def ticks_ms(self):
        return ticks_ms()

    def sleep_ms(self, ms):
        sleep_ms(ms)

    def every(self, ms, callback):
        """A periodic soft timer. MicroPython runs its callback between the
        main code's bytecodes (never inside a viper or native function or a
        collection), so the callback may allocate and draw, and waits at
        most one such call (a Go playout: about 16 ms at 125 MHz)."""
        def tick(timer):
            try:
                callback(ticks_ms())
            except Exception:
                timer.deinit()        # a spinner that cannot draw stops; the search goes on
        try:
            return machine.Timer(-1, mode=machine.Timer.PERIODIC, period=int(ms), callback=tick)
        except (AttributeError, TypeError, ValueError):
            return None


class Sound(_contract.Sound):
    """A passive piezo buzzer on a PWM pin; silent when the board has none.

    beep() starts the tone and returns at once: a one-shot timer stops it, so
    the main loop keeps scanning while it sounds.
    """

    def __init__(self, pin):
        self._pwm = None
        self._timer = None
        if pin is not None:
            self._pwm = machine.PWM(machine.Pin(pin))
            self._pwm.duty_u16(0)
        self._stop_cb = self._stop   # bound once, not in every beep

    def beep(self, freq_hz, ms):
        pwm = self._pwm
        if pwm is None or ms <= 0 or freq_hz <= 0:
            return
        if freq_hz < 20:
            freq_hz = 20
        pwm.freq(int(freq_hz))
        pwm.duty_u16(32768)
        if self._timer is not None:
            self._timer.deinit()
        try:
            self._timer = machine.Timer(-1, mode=machine.Timer.ONE_SHOT, period=int(ms),
                                        callback=self._stop_cb)
        except (AttributeError, TypeError, ValueError):
            # No soft timer on this port: sound the beep in full, then stop.
            sleep_ms(int(ms))
            pwm.duty_u16(0)

    def _stop(self, _timer=None):
        self._pwm.duty_u16(0)


class Hal(_contract.Hal):
    """The rp2 backend's objects together, built from a (checked) board dict."""

    MATRIX, PIXELS, CLOCK, SOUND = Matrix, Pixels, Clock, Sound
