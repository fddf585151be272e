"""The eager debounce every backend that reads raw switches shares.

A switch's change counts at the first scan that reads it, so a touch is
answered without waiting; the switch is then locked out for debounce_ms, its
further changes ignored, so the chatter of a closing or opening contact never
counts twice. When the lockout ends the switch's reading is compared again:
a release that came during it (a quick tap) counts then. A reed square a
piece slides over thus reports a placement and, after the lockout, a lift;
the app counts a placement only once the piece has rested (app/pieces.py).

hal/rp2.py does the same per matrix row with bit masks (its scan runs 100
times a second on the Pico); this per-key form serves the simulated board,
the web page and CircuitPython's keypad events.
"""
from compat import ticks_diff


class Lockout:
    """Per key: `raw` (the last reading, 1 = closed, set by the backend),
    `state` (the debounced state), and the lockout."""

    def __init__(self, size, debounce_ms):
        self.size = size
        self.ms = debounce_ms
        self.raw = bytearray(size)
        self.state = bytearray(size)
        self.locked = bytearray(size)
        self.since = [0] * size
        self.held = 0                   # keys locked out now

    def settle(self, now_ms, out):
        """Append to `out` the (key, down) changes that count at `now_ms`."""
        raw, state, locked, since, ms = self.raw, self.state, self.locked, self.since, self.ms
        for key in range(self.size):
            if locked[key]:
                if ticks_diff(now_ms, since[key]) < ms:
                    continue
                locked[key] = 0
                self.held -= 1
            v = raw[key]
            if v != state[key]:
                state[key] = v
                out.append((key, bool(v)))
                if ms > 0:
                    locked[key] = 1
                    since[key] = now_ms
                    self.held += 1
        return out
