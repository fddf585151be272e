"""Fake `machine` for the host tests: Pin, PWM, Timer, and the switch matrix
wired between the pins, so a test closes a switch and the rp2 backend finds
it by driving rows and reading columns, as on the board.

The wiring: switch (row gpio, column gpio) with a diode, anode on the column.
A column input reads 0 when a closed switch joins it to a row driven low.
With DIODES = False the switches join rows and columns both ways, so a
sneak path through three closed switches shows a fourth (ghosting).
"""

DIODES = True
# Tells hal.rp2 that mem32[0xD0000004] (the SIO GPIO_IN register) is emulated.
EMULATES_RP2_SIO = True
GPIO_IN = 0xD0000004
closed = set()      # {(row_gpio, col_gpio)} switches closed now
pins = {}           # gpio -> the last Pin made on it
# The clock and the core voltage (main.set_clock): the RP2040's reset state,
# VREG = ROK | VSEL 1.10 V | EN (datasheet 2.10), 125 MHz; `log` keeps each
# change, ("vreg", value) or ("freq", hz), in the order it was made.
VREG = 0x40064000
VREG_RESET = 0x000010B1
hz = 125000000
vreg = VREG_RESET
log = []
reads = 0           # Pin.value() reads, for counting tests
writes = 0
port_reads = 0      # mem32[GPIO_IN] reads
timers = []
pwms = {}


def reset():
    global DIODES, reads, writes, port_reads, hz, vreg
    DIODES = True
    hz, vreg = 125000000, VREG_RESET
    del log[:]
    port_reads = 0
    closed.clear()
    pins.clear()
    del timers[:]
    pwms.clear()
    reads = writes = 0


def _pll_makes(f):
    # What the SDK's set_sys_clock_khz accepts: 12 MHz x fbdiv in 750..1600 MHz,
    # divided exactly by two post dividers of 1..7.
    for pd1 in range(1, 8):
        for pd2 in range(1, pd1 + 1):
            vco = f * pd1 * pd2
            if 750000000 <= vco <= 1600000000 and vco % 12000000 == 0:
                return True
    return False


def freq(f=None):
    global hz
    if f is None:
        return hz
    if not _pll_makes(f):
        raise ValueError("cannot change frequency")
    log.append(("freq", f))
    hz = f


def set_switch(row_gpio, col_gpio, is_closed=True):
    if is_closed:
        closed.add((row_gpio, col_gpio))
    else:
        closed.discard((row_gpio, col_gpio))


def _low(p):
    return p is not None and p.mode == Pin.OUT and p._out == 0


def _column_low(col):
    if DIODES:
        for r, c in closed:
            if c == col and _low(pins.get(r)):
                return True
        return False
    # No diodes: any path of closed switches from this column to a low row.
    seen_cols, seen_rows, todo = {col}, set(), [col]
    while todo:
        c = todo.pop()
        for r, c2 in closed:
            if c2 == c and r not in seen_rows:
                if _low(pins.get(r)):
                    return True
                seen_rows.add(r)
                for r2, c3 in closed:
                    if r2 == r and c3 not in seen_cols:
                        seen_cols.add(c3)
                        todo.append(c3)
    return False


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        self._out = 0
        if value is not None:
            self._out = 1 if value else 0
        pins[id] = self

    def init(self, mode=-1, pull=-1, value=None):
        if mode != -1:
            self.mode = mode
        if pull != -1:
            self.pull = pull
        if value is not None:
            self._out = 1 if value else 0

    def value(self, v=None):
        global reads, writes
        if v is None:
            reads += 1
            return self._level()
        writes += 1
        self._out = 1 if v else 0

    __call__ = value

    def _level(self):
        if self.mode == Pin.OUT:
            return self._out
        if _column_low(self.id):
            return 0
        return 1 if self.pull == Pin.PULL_UP else 0

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class _Mem32:
    """The GPIO input register (every pin's level, bit n = GPIO n) and the
    core voltage regulator's VREG register, the only one that may be written."""

    def __getitem__(self, addr):
        global port_reads
        if addr == VREG:
            return vreg
        if addr != GPIO_IN:
            raise ValueError("fake mem32 has only GPIO_IN, not 0x%08x" % addr)
        port_reads += 1
        v = 0
        for n, p in pins.items():
            if p._level():
                v |= 1 << n
        return v

    def __setitem__(self, addr, value):
        global vreg
        if addr == VREG and value & ~0x10F3 == 0 and value & 1:
            # VSEL, HIZ and EN (kept on); ROK (bit 12) is read-only, the rest reserved
            vreg = (value & 0xF3) | 0x1000
            log.append(("vreg", vreg))
            return
        raise ValueError("only main.set_clock writes a register (VREG), not 0x%08x = 0x%x"
                         % (addr, value))


mem32 = _Mem32()


class PWM:
    def __init__(self, pin, freq=None, duty_u16=None):
        self.pin = pin
        self._freq = freq or 1000
        self._duty = duty_u16 or 0
        self.log = []           # (freq, duty) after every change
        pwms[pin.id] = self

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f
        self.log.append((self._freq, self._duty))

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        self._duty = d
        self.log.append((self._freq, self._duty))

    def deinit(self):
        self._duty = 0


class Timer:
    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id=-1, mode=PERIODIC, period=-1, callback=None):
        self.mode, self.period, self.callback = mode, period, callback
        self.active = True
        timers.append(self)

    def deinit(self):
        self.active = False

    def fire(self):
        if self.active:
            if self.mode == Timer.ONE_SHOT:
                self.active = False
            self.callback(self)


def fire_timers():
    for t in list(timers):
        t.fire()
