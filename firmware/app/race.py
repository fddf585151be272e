"""Jogos Poliedricos on the board: the race timer (the rules: games/poliedricos.py).

The two players sit on opposite sides, and each owns the half of the grid
nearest them: the rows along their edge (on a 9 x 9 board the middle row is
nobody's). A half is drawn the right way up for its player, so the far
player's half is turned 180 degrees. A touch anywhere in one's own half (a
tap, or a piece put down on a reed board) stops one's clock.

- Ready: the name scrolls, each half's edge row lit in its player's colour;
  OK starts the countdown.
- Countdown: 3, 2, 1 in both halves, a beep each second; at GO the halves
  flash green and the clocks run. A stop before GO is a false start: the
  start is called off, that player's edge row blinks red, FALSE START
  scrolls and OK starts again.
- Racing: each half shows its player's time in digits four rows high: the
  seconds; past a minute the minutes ("2:", white, one second) and the
  seconds (two seconds) by turns. A stopped clock stands still in green.
  UNDO takes back the last stop (the arbiter found that player's polyhedra
  not done: their clock runs on); once a player has stopped, OK twice ends
  the race (the other has not finished); MENU twice leaves, recording nothing.
- Over (both stopped, the arbiter's end, or the time limit): the result and
  both times scroll, the line goes to the record book (once), and the halves
  show the final times by turns with their tenths, the winner's in gold, a
  red "-" for a player who did not finish. OK scrolls the result again,
  MENU leaves.

Nothing is written before the race is over, so a power cut during a race
leaves no trace but a menu at boot (a race is a few minutes, run again).
"""
import games
from compat import ticks_add, ticks_diff
from games.common import P0, P1, DRAW
from hal import MENU, OK, UNDO
from app import saves, font
from app.core import mode, log_exception
from app.screen import Scroll, LOOK_RGB, TEXT, ERROR, WIN
from hal.ledmap import paint
from app.lang import tr
from app.words import tr_as, caps

CONFIRM_MARGIN_MS = 2000   # a second MENU or OK press counts until the prompt has
                           # scrolled past, and this much longer
GO_MS = 700            # the halves flash green this long at GO
PAGE_MS = 1000         # each page of a clock's time, by turns
BLINK_MS = 400
SEAT_RGB = (LOOK_RGB[P0], LOOK_RGB[P1])
COUNT_RGB = (230, 170, 0)
GO_RGB = (0, 160, 0)
DONE_RGB = (0, 200, 0)
MINUTES_RGB = (150, 150, 150)


def announce(r, mod):
    """The race's result as the board scrolls it, in the board's language:
    the winner and both times, then what OK does."""
    w = r.result()
    t = [mod.time_text(x) for x in r.times]
    if w == mod.NOBODY:
        text = tr("NOBODY FINISHED")
    elif w == DRAW:
        text = tr("DRAW") + " " + t[0]
    else:
        seats = [tr_as("seat", caps(x)) for x in mod.SEATS]
        text = tr("{seat} WINS").format(seat=seats[w]) + " %s|%s %s" % (t[w], seats[1 - w], t[1 - w])
    return text + tr("|OK: SAY IT AGAIN|MENU: LEAVE")


def _before(now, deadline):
    return deadline is not None and ticks_diff(deadline, now) > 0


def page_count(ms, final):
    """How many pages a clock showing `ms` turns through: the seconds; past
    a minute the minutes ("2:") first; once it has stopped the tenths (".4")."""
    return (2 if ms >= 60000 else 1) + (1 if final else 0)


def time_page(ms, final, i):
    """Page i of page_count's: only the page shown is written (a pass that
    turns both clocks' pages stays within 10 ms on the Pico)."""
    s = ms // 1000
    if final and i == page_count(ms, final) - 1:
        return ".%d" % (ms // 100 % 10)
    if s < 60:
        return "%d" % s
    return "%d:" % (s // 60) if i == 0 else "%02d" % (s % 60)


class Race:
    def __init__(self, ctx, gid):
        self.ctx = ctx
        self.gid = gid
        self.mod = games.load(gid)
        self.race = self.mod.Race()
        self.h = ctx.rows // 2           # a player's half: rows along their edge
        self.origin = None               # the ticks of the race's millisecond 0
        self.state = self.race.state     # as last stepped: GO and the end are noticed once
        self.recorded = False
        self.armed = None                # MENU or OK: pressed once, waiting for the second
        self.armed_until = None
        self.beeped = 0                  # the countdown's second last beeped
        self.due_beep = None             # (freq, ms): a stop's beep, sounded the pass after
        self.scroll = None
        # Redraw only what changed: the clocks are drawn when their picture
        # changes (at most a few times a second) and kept in `still`; a
        # scrolled text's steps are drawn over a copy of it.
        self.still = bytearray(ctx.n * 3)
        self.still_key = None
        self.keyed_now = self.keyed = None   # the last frame_key's time and clocks_key
        self.ready_scroll()

    # --- time -------------------------------------------------------------
    def ms(self, now):
        """The race's milliseconds (they only grow, as the rules want). Until
        a start they count from now, so a board left on the ready screen for
        days never nears the ticks' wrap."""
        if self.origin is None or self.race.state == self.mod.READY:
            self.origin = now
        return ticks_diff(now, self.origin)

    # --- the two halves -----------------------------------------------------
    def owner(self, square):
        """The player whose half a square is in, or None (the middle row)."""
        y = square // self.ctx.cols
        if y < self.h:
            return 0
        if y >= self.ctx.rows - self.h:
            return 1
        return None

    def write(self, scr, seat, text, rgb):
        """Digits four rows high, centred in a player's half. A minutes page
        too wide for the grid ("12:" on 8 columns) loses its colon."""
        cols = font.small_columns(text)
        if len(cols) > self.ctx.cols and text.endswith(":"):
            cols = font.small_columns(text[:-1])
        c, h = self.ctx.cols, self.h
        u0 = (c - len(cols)) // 2
        v0 = (h - 4) // 2
        # A half is drawn the right way up for its player: u from their
        # left, v down from the row nearest the middle. j0 is the frame index
        # of column u0's top row, du and dv its steps along a row and down
        # the digits, as the seat sees them. A page turning while a text
        # scrolls draws both clocks and the text in one pass, within the
        # loop's 10 ms on the Pico: no call a square.
        if seat == 0:
            j0, du, dv = ((h - 1 - v0) * c + u0) * 3, 3, -3 * c
        else:
            j0, du, dv = ((self.ctx.rows - h + v0) * c + c - 1 - u0) * 3, -3, 3 * c
        f = scr.frame
        r, g, b = rgb
        for k in range(len(cols)):
            bits = cols[k]
            j = j0 + k * du
            for v in range(4):
                if bits >> (3 - v) & 1:
                    f[j] = r
                    f[j + 1] = g
                    f[j + 2] = b
                j += dv

    def fill(self, scr, seat, rgb):
        """A player's whole half in one colour."""
        n = self.h * self.ctx.cols
        paint(scr.frame, 0 if seat == 0 else self.ctx.n - n, n, rgb[0] << 16 | rgb[1] << 8 | rgb[2])

    # --- the loop -------------------------------------------------------------
    def frame_key(self, now):
        """Changes whenever the picture would (core.App): the clocks'
        picture (clocks_key) and the scrolled text's offset; events redraw
        too. Below 2**24: a small int on the Pico, so no allocation."""
        k = self.clocks_key(now)
        self.keyed_now, self.keyed = now, k  # draw() in the same pass reads it, not again
        if self.scroll is not None:
            k = ((k << 5) ^ self.scroll.offset(now)) & 0xFFFFFF
        return k

    def clocks_key(self, now):
        """Changes whenever the picture under the scrolled text would: the
        state, the stops, the race's second (the digits, the countdown, a
        running clock's pages), GO's flash, a stopped clock's pages, a false
        start's blink (once over, only the pages turn). Below 2**19."""
        r = self.race
        ms = self.ms(now)
        k = r.state | len(r.order) << 2 | (r.times[0] is None) << 4 | (r.times[1] is None) << 5
        if r.flagged is not None:
            k |= (1 + r.flagged) << 6 | ((now // BLINK_MS) & 1) << 8
        if r.go is not None and r.state != self.mod.OVER:
            rel = ms - r.go                      # below 0 in the countdown
            k = (k << 7) ^ (rel // 1000) & 63 ^ (64 if 0 <= rel < GO_MS else 0)
        return (k << 3) ^ (now // PAGE_MS) & 7

    def step(self, now, events):
        ctx, r, mod = self.ctx, self.race, self.mod
        if self.due_beep is not None:            # the stop was shown last pass: now its beep
            ctx.beep(self.due_beep[0], self.due_beep[1])
            self.due_beep = None
        ms = self.ms(now)
        r.update(ms)
        for key, down in events:
            if not down:
                continue
            k = ctx.fkey(key)
            if k < 0:
                seat = self.owner(key)
                if seat is not None:
                    self.stop(seat, ms)
            elif k == MENU:
                on = r.state in (mod.COUNTDOWN, mod.RACING)
                if not on or self.confirm(MENU, now, tr("MENU AGAIN TO LEAVE")):
                    return mode("menu", ctx)
            elif k == OK:
                self.ok(now, ms)
            elif k == UNDO:
                p = r.reopen(ms)
                if p is not None:
                    self.say(tr("{seat} RUNS ON").format(seat=tr_as("seat", caps(mod.SEATS[p]))))
        self.sounds(ms)
        if r.state == mod.OVER and not self.recorded and not events:
            # A pass after the stop that ended it: the frozen clock is shown
            # first, the record book written after (answer first).
            self.finish(now)
        if self.scroll is not None and self.scroll.done(now):
            self.scroll = None
        return None

    def stop(self, seat, ms):
        what = self.race.stop(seat, ms)
        # Answer first: the frozen clock goes out this pass, the beep the next.
        if what == self.mod.FALSE_START:
            self.due_beep = (220, 600)
            self.ready_scroll()
        elif what == self.mod.STOPPED:
            self.due_beep = (1320, 150)

    def ok(self, now, ms):
        r, mod = self.race, self.mod
        if r.state == mod.READY:
            r.start(ms)
            self.beeped = 0
            self.scroll = None
        elif r.state == mod.RACING and r.order:
            if self.confirm(OK, now, tr("OK AGAIN TO END")):
                r.end(ms)
        elif r.state == mod.OVER:
            self.scroll = Scroll(announce(r, self.mod), self.ctx.cols, WIN)

    def confirm(self, key, now, prompt):
        """True on a second press of `key` before the first's prompt (which
        says what a second one does) has scrolled past, and a margin."""
        if self.armed == key and _before(now, self.armed_until):
            self.armed = None
            return True
        self.armed = key
        self.say(prompt)
        # Waits as long as the prompt takes to read, and a margin.
        s = self.scroll
        self.armed_until = ticks_add(now, s.length * s.STEP_MS + CONFIRM_MARGIN_MS)
        return False

    def sounds(self, ms):
        """A beep at each second of the countdown, a long high one at GO."""
        r, mod = self.race, self.mod
        if r.state == mod.COUNTDOWN:
            n = (r.countdown_left(ms) + 999) // 1000
            if n != self.beeped:
                self.beeped = n
                self.ctx.beep(880, 100)
        elif r.state == mod.RACING and self.state == mod.COUNTDOWN:
            self.ctx.beep(1760, 400)
        self.state = r.state

    def finish(self, now):
        """Into the record book, once: the result and both times."""
        ctx, r = self.ctx, self.race
        self.recorded = True
        ctx.seed += 1
        tag = saves.new_tag(ctx.storage, now ^ ctx.seed)   # not ticks_add: the seed is 30 bits
        saves.record(ctx.storage, self.gid, {}, r.book_fields(), r.book_outcome(), tag, log_exception)
        self.scroll = Scroll(announce(r, self.mod), ctx.cols, WIN)
        ctx.beep(660, 300)

    def say(self, text, rgb=TEXT):
        self.scroll = Scroll(text, self.ctx.cols, rgb)

    def ready_scroll(self):
        r = self.race
        if r.flagged is None:
            self.scroll = Scroll(tr("{game}|OK TO START").format(game=games.NAMES[self.gid]),
                                 self.ctx.cols, TEXT, loop=True)
        else:
            seat = tr_as("seat", caps(self.mod.SEATS[r.flagged]))
            self.scroll = Scroll(tr("FALSE START: {seat}|OK TO START AGAIN").format(seat=seat),
                                 self.ctx.cols, ERROR, loop=True)

    # --- drawing ----------------------------------------------------------------
    def draw(self, scr, now):
        key = self.keyed if self.keyed_now == now else self.clocks_key(now)
        if key == self.still_key:
            scr.restore(self.still)
        else:
            self.draw_clocks(scr, now)
            scr.keep(self.still)
            self.still_key = key
        if self.scroll is not None:
            scr.band()
            self.scroll.draw(scr, now)

    def draw_clocks(self, scr, now):
        """All but the scrolled text: the edge rows, the countdown, the clocks."""
        r, mod = self.race, self.mod
        ms = self.ms(now)
        blink = (now // BLINK_MS) & 1
        if r.state == mod.READY:
            c, top = self.ctx.cols, self.ctx.rows - 1
            for seat in (0, 1):
                rgb = ERROR if seat == r.flagged and blink else SEAT_RGB[seat]
                for x in range(c):
                    scr.set(x if seat == 0 else top * c + x, rgb)
        elif r.state == mod.COUNTDOWN:
            n = (r.countdown_left(ms) + 999) // 1000
            for seat in (0, 1):
                self.write(scr, seat, "%d" % n, COUNT_RGB)
        else:
            for seat in (0, 1):
                self.clock(scr, seat, ms, now)

    def clock(self, scr, seat, ms, now):
        """A player's half while racing or over: their time, in their colour
        while it runs, green once stopped; at the end gold for the winner."""
        r, mod = self.race, self.mod
        t = r.elapsed(seat, ms)
        if t is None:                          # the race ended without their stop
            self.write(scr, seat, "-", ERROR)
            return
        stopped = r.times[seat] is not None
        if not stopped and t < GO_MS:
            self.fill(scr, seat, GO_RGB)
            return
        n = page_count(t, stopped)
        if stopped:
            i = (now // PAGE_MS) % n
        else:
            # Running: minutes one second, seconds two, in step with the clock.
            i = 0 if n == 1 or t % (3 * PAGE_MS) < PAGE_MS else 1
        text = time_page(t, stopped, i)
        rgb = SEAT_RGB[seat] if not stopped else DONE_RGB
        if r.state == mod.OVER:
            win = r.result()
            rgb = WIN if win == seat or win == DRAW else SEAT_RGB[seat]
        if text.endswith(":") and not stopped:
            rgb = MINUTES_RGB                  # running: minutes and seconds told apart
        self.write(scr, seat, text, rgb)
