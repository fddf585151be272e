"""Jogos Poliedricos (Jorge Rezende): a race, refereed by the board's clock.
Rules: docs/rules/poliedricos.md.

Each player builds a cube, an octahedron and a dodecahedron from numbered
pieces, the two numbers on every edge equal; the faster wins. There is no
position and no move, so no Game: this module is the race's timing rules
alone (countdown, false start, time limit, who won, the result's text), fed
with milliseconds of one counter that only grows. It knows no clock and no
LEDs: app/race.py runs it (MODE), the way Play runs a Game.
"""
from compat import const
from games.common import DRAW, YELLOW, LINE

ID = "poliedricos"
NAME = "Jogos Poliédricos"
SEATS = ("Blue", "Orange")
OPTIONS = {}
# Its square in the menu: the championship's thirteenth event.
MENU = (13, YELLOW, LINE)
# Not a board game: the menu opens this app mode (app/core.py MODES) for it.
MODE = "race"

COUNTDOWN_MS = 3000           # "3, 2, 1", then GO
LIMIT_MS = 30 * 60 * 1000     # a clock still running at 30:00 has not finished

# The race's states.
READY = const(0)              # waiting for the start (again, after a false start)
COUNTDOWN = const(1)
RACING = const(2)
OVER = const(3)

NOBODY = const(3)             # result(): neither player finished (0, 1, DRAW otherwise)

# What a stop was.
FALSE_START = const(1)        # before GO: the start is called off, the player flagged
STOPPED = const(2)            # the player's time is taken


def layout(options=None):
    """The grid the race needs: each player's half four rows high (the
    clock's digits) and eight columns wide (minutes up to "29:")."""
    return (8, 8)


def time_text(ms):
    """A time as m:ss.s (tenths cut, as a stopwatch shows them); DNF for None."""
    if ms is None:
        return "DNF"
    tenths = ms // 100
    return "%d:%02d.%d" % (tenths // 600, tenths // 10 % 60, tenths % 10)


class Race:
    """One race: start(), stop() and the rest take `ms`, the same growing
    counter every time (the app's milliseconds since the race screen opened)."""

    def __init__(self, countdown_ms=COUNTDOWN_MS, limit_ms=LIMIT_MS):
        self.countdown_ms = countdown_ms
        self.limit_ms = limit_ms
        self.state = READY
        self.go = None                # ms of GO, once a countdown starts
        self.times = [None, None]     # each player's time from GO, once stopped
        self.order = []               # the players who stopped, first first
        self.false_starts = [0, 0]
        self.flagged = None           # the player whose false start called off the last start

    def start(self, ms):
        """Begin the countdown (READY only); True if it began."""
        if self.state != READY:
            return False
        self.state = COUNTDOWN
        self.go = ms + self.countdown_ms
        self.flagged = None
        return True

    def update(self, ms):
        """Let time pass: GO at the end of the countdown; at the time limit
        the race is over, whoever still runs has not finished."""
        if self.state == COUNTDOWN and ms >= self.go:
            self.state = RACING
        if self.state == RACING and ms - self.go >= self.limit_ms:
            self.state = OVER
        return self.state

    def stop(self, player, ms):
        """A player's stop: FALSE_START before GO (the countdown is called
        off, back to READY, the player flagged and counted), STOPPED while
        racing (their time taken; the second stop ends the race), None when
        there is nothing to stop (ready, already stopped, over)."""
        self.update(ms)
        if self.state == COUNTDOWN:
            self.false_starts[player] += 1
            self.flagged = player
            self.state = READY
            self.go = None
            return FALSE_START
        if self.state != RACING or self.times[player] is not None:
            return None
        self.times[player] = ms - self.go
        self.order.append(player)
        if self.times[1 - player] is not None:
            self.state = OVER
        return STOPPED

    def reopen(self, ms):
        """The arbiter finds the last player who stopped not done (a polyhedron
        that falls apart, an edge whose numbers differ): their stop is taken
        back and their clock runs on from GO, as if never stopped. Only while
        the race is on. The player, or None."""
        self.update(ms)
        if self.state != RACING or not self.order:
            return None
        p = self.order.pop()
        self.times[p] = None
        return p

    def end(self, ms):
        """The arbiter ends the race once a player has stopped: whoever still
        runs has not finished. True if it ended."""
        self.update(ms)
        if self.state != RACING or not self.order:
            return False
        self.state = OVER
        return True

    def elapsed(self, player, ms):
        """The time a player's clock shows: 0 before GO, running while racing,
        their time once stopped; None if the race ended without their stop."""
        t = self.times[player]
        if t is not None:
            return t
        if self.state == RACING:
            return min(ms - self.go, self.limit_ms)
        if self.state == OVER:
            return None
        return 0

    def countdown_left(self, ms):
        """Milliseconds to GO during the countdown, else 0."""
        return self.go - ms if self.state == COUNTDOWN and ms < self.go else 0

    def result(self):
        """None until the race is over; then the winner 0 or 1 (the faster,
        or the only one who finished), DRAW for equal times, NOBODY."""
        if self.state != OVER:
            return None
        a, b = self.times
        if a is None and b is None:
            return NOBODY
        if b is None or (a is not None and a < b):
            return 0
        if a is None or b < a:
            return 1
        return DRAW

    def announce(self):
        """The result as the board scrolls it: the winner and both times."""
        r = self.result()
        if r is None:
            return None
        t = [time_text(x) for x in self.times]
        if r == NOBODY:
            return "NOBODY FINISHED"
        if r == DRAW:
            return "DRAW %s" % t[0]
        return "%s WINS %s %s %s" % (SEATS[r].upper(), t[r], SEATS[1 - r].upper(), t[1 - r])

    def book_outcome(self):
        """The record book's result: the winner, then both times by seat."""
        r = self.result()
        if r is None:
            return None
        head = "NOBODY FINISHED" if r == NOBODY else "DRAW" if r == DRAW else \
            "%s WINS" % SEATS[r].upper()
        return "%s %s-%s" % (head, time_text(self.times[0]), time_text(self.times[1]))

    def book_fields(self):
        """The record book's detail: each seat's time in ms (DNF: not
        finished), then the false starts by seat if there were any."""
        out = ["%s=%s" % (SEATS[p].lower(), "DNF" if self.times[p] is None else self.times[p])
               for p in (0, 1)]
        if self.false_starts[0] or self.false_starts[1]:
            out.append("false_starts=%d-%d" % (self.false_starts[0], self.false_starts[1]))
        return out
