"""Fake CircuitPython `keypad` for the host tests.

KeyMatrix keeps a grid of switches the test opens and closes, and scans it
when the test says (run_scans), debouncing as CircuitPython does: a switch
must be seen debounce_threshold scans in a row in its new state before its
event is queued. `SUPPORTS_THRESHOLD = False` plays a CircuitPython older
than 9, whose KeyMatrix takes no debounce_threshold.

Switches closed in the fake digitalio (`digitalio.closed`, pairs of pin
names) when a KeyMatrix is made are closed in it too, and, as on
CircuitPython (seen on CircuitPython 10.2.1; adafruit/circuitpython issue
9818), it takes them as its starting state and reports no press for them,
until reset() makes it assume every key released.
"""
import digitalio as _digitalio      # the fake beside this one

SUPPORTS_THRESHOLD = True
instances = []


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    def __init__(self, max_events):
        self._q = []
        self.max_events = max_events
        self.overflowed = False

    def __len__(self):
        return len(self._q)

    def __bool__(self):
        return bool(self._q)

    def _put(self, key_number, pressed):
        if len(self._q) >= self.max_events:
            self.overflowed = True
            return
        self._q.append((key_number, pressed))

    def get(self):
        if not self._q:
            return None
        k, p = self._q.pop(0)
        return Event(k, p)

    def get_into(self, event):
        if not self._q:
            return False
        event.key_number, event.pressed = self._q.pop(0)
        return True

    def clear(self):
        del self._q[:]
        self.overflowed = False


class KeyMatrix:
    def __init__(self, row_pins, column_pins, columns_to_anodes=True, interval=0.02,
                 max_events=64, **kw):
        if "debounce_threshold" in kw and not SUPPORTS_THRESHOLD:
            raise TypeError("unexpected keyword argument 'debounce_threshold'")
        self.debounce_threshold = kw.pop("debounce_threshold", 1)
        if kw:
            raise TypeError("unexpected keyword arguments %r" % sorted(kw))
        self.row_pins = tuple(row_pins)
        self.column_pins = tuple(column_pins)
        self.columns_to_anodes = columns_to_anodes
        self.interval = interval
        self.key_count = len(self.row_pins) * len(self.column_pins)
        self.events = EventQueue(max_events)
        self.switches = bytearray(self.key_count)    # closed now
        self._state = bytearray(self.key_count)      # debounced, as reported
        self._count = bytearray(self.key_count)      # scans seen in a new state
        self.deinited = False
        for r, row in enumerate(self.row_pins):
            for c, col in enumerate(self.column_pins):
                if (row.name, col.name) in _digitalio.closed:
                    k = self.row_column_to_key_number(r, c)
                    self.switches[k] = self._state[k] = 1
        instances.append(self)

    def key_number_to_row_column(self, key_number):
        return divmod(key_number, len(self.column_pins))

    def row_column_to_key_number(self, row, column):
        return row * len(self.column_pins) + column

    def set_switch(self, row, column, is_closed=True):
        """A switch of the board closed or opened: a KeyMatrix made later sees it too."""
        self.switches[self.row_column_to_key_number(row, column)] = 1 if is_closed else 0
        wire = (self.row_pins[row].name, self.column_pins[column].name)
        if is_closed:
            _digitalio.closed.add(wire)
        else:
            _digitalio.closed.discard(wire)

    def run_scans(self, n=1):
        for _ in range(n):
            for k in range(self.key_count):
                if self.switches[k] != self._state[k]:
                    self._count[k] += 1
                    if self._count[k] >= self.debounce_threshold:
                        self._state[k] = self.switches[k]
                        self._count[k] = 0
                        self.events._put(k, bool(self._state[k]))
                else:
                    self._count[k] = 0

    def reset(self):
        for k in range(self.key_count):
            self._state[k] = 0
            self._count[k] = 0

    def deinit(self):
        self.deinited = True
