"""Self-test for a new build: checks every LED and every switch.

First the whole grid shows red, green and blue, then a dot runs through the
squares in order a1, b1, ... (a wrong LED chain order shows as a dot that
jumps). Then every square is dim and lights green while its switch is closed;
a function key held lights the bottom row in its own colour and scrolls its
name. Hold Menu for two seconds to leave: Menu let go sooner scrolls
HOLD_HINT. A switch already closed when the test starts (a piece left on
the board, a key held) shows closed, and seen, at once: the scan reports
only changes, so it is read from the matrix.
"""
from compat import ticks_diff
from hal import MENU, KEY_NAMES
from app.screen import Scroll, TEXT
from app.core import mode
from app.lang import N_, tr
from app.words import caps

PHASE_MS = 500
HOLD_TO_LEAVE_MS = 2000
KEY_RGB = ((200, 0, 0), (0, 200, 0), (0, 0, 200), (200, 0, 200))
HOLD_HINT = N_("HOLD MENU TO LEAVE")    # Menu let go too soon: it leaves when held 2 s


class SelfTest:
    def __init__(self, ctx):
        self.ctx = ctx
        self.t0 = None
        self.down = bytearray(ctx.n + 4)
        self.menu_since = None
        self.scroll = None
        self.seen = bytearray(ctx.n + 4)   # every switch seen closed at least once
        is_down = ctx.hal.matrix.is_down
        for key in range(ctx.n + 4):
            if is_down(key):
                self.down[key] = self.seen[key] = 1

    def step(self, now, events):
        ctx = self.ctx
        if self.t0 is None:
            self.t0 = now
        for key, down in events:
            if key < len(self.down):
                self.down[key] = 1 if down else 0
                if down:
                    self.seen[key] = 1
                    if key >= ctx.n:
                        self.scroll = Scroll(tr(caps(KEY_NAMES[key - ctx.n])), ctx.cols, TEXT)
            if key == ctx.key(MENU):
                if not down and self.menu_since is not None:
                    self.scroll = Scroll(tr(HOLD_HINT), ctx.cols, TEXT)
                self.menu_since = now if down else None
        if self.menu_since is not None and ticks_diff(now, self.menu_since) >= HOLD_TO_LEAVE_MS:
            return mode("menu", ctx)
        if self.scroll is not None and self.scroll.done(now):
            self.scroll = None
        return None

    def draw(self, scr, now):
        ctx = self.ctx
        t = ticks_diff(now, self.t0) if self.t0 is not None else 0
        colours = ((120, 0, 0), (0, 120, 0), (0, 0, 120))
        if t < 3 * PHASE_MS:
            rgb = colours[t // PHASE_MS]
            for sq in range(ctx.n):
                scr.set(sq, rgb)
            return
        t -= 3 * PHASE_MS
        if t < ctx.n * 40:
            scr.set(t // 40, (255, 255, 255))
            return
        for sq in range(ctx.n):
            if self.down[sq]:
                scr.set(sq, (0, 255, 0))
            elif self.seen[sq]:
                scr.set(sq, (0, 12, 0))
            else:
                scr.set(sq, (10, 10, 10))
        for k in range(4):
            if self.down[ctx.n + k]:
                for x in range(ctx.cols):
                    scr.set(x, KEY_RGB[k])
        if self.scroll is not None:
            self.scroll.draw(scr, now)
