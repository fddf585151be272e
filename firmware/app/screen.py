"""The frame the app draws into, its palette, and scrolled text.

Colours are chosen for LEDs under wood: a black stone cannot be dark, so it is
a deep blue, and a white one a warm white. Every colour the board shows is
named here.
"""
from compat import ticks_diff
from hal.ledmap import copy_bytes, paint
from app import font

# What each look of games.common means in light (index = look).
LOOK_RGB = (
    (0, 0, 0),        # OFF
    (4, 4, 6),        # EMPTY
    (0, 70, 255),     # P0
    (255, 80, 0),     # P1
    (0, 14, 50),      # P0_SOFT
    (50, 16, 0),      # P1_SOFT
    (40, 0, 200),     # BLACK
    (200, 190, 150),  # WHITE
    (0, 200, 0),      # GREEN
    (230, 170, 0),    # YELLOW
    (230, 0, 0),      # RED
    (60, 0, 30),      # BLOCK
    (255, 255, 255),  # PIECE
    (60, 60, 60),     # DOT
    (0, 150, 150),    # LINE
    (22, 22, 0),      # ZONE
    (180, 120, 0),    # SEED
    (10, 0, 50),      # BLACK_SOFT
    (45, 42, 32),     # WHITE_SOFT
)

TEXT = (255, 255, 255)
TARGET = (0, 90, 0)        # a square that can come next
SELECTED = (255, 255, 255)
LAST = (0, 40, 60)         # the last move's squares, blinked in
ERROR = (255, 0, 0)
AI_MOVE = (0, 220, 220)
HINT = (200, 0, 200)
WIN = (255, 200, 0)
DEAD = (90, 0, 0)          # Go stones marked dead
THINK = (0, 60, 120)
FRAME = (12, 12, 12)       # the squares round a game smaller than the grid
LIFT = (0, 220, 220)       # real pieces: a piece to lift from here (the board's move)
PLACED = (110, 110, 110)   # real pieces: a piece just put down, until it has rested and counts

# The desktop simulator sets this to a list to hear every text the board
# scrolls (its status line, a script's dump). On the board it stays None and
# nothing is kept.
SAID = None


class Screen:
    """The frame being drawn. clear, keep and restore copy the whole frame
    with hal.ledmap.copy_bytes (machine code on the board): a loop of 243 byte
    stores took about 1 ms of a blinking pass on the Pico, twice per pass in
    play, and a slice would put an object on the heap at every drawn pass."""

    def __init__(self, cols, rows):
        self.cols, self.rows = cols, rows
        self.n = cols * rows
        self.frame = bytearray(self.n * 3)
        self._dark = bytes(self.n * 3)
        self._len = self.n * 3

    def clear(self):
        copy_bytes(self.frame, self._dark, self._len)

    def set(self, i, rgb):
        if i < 0 or i >= self.n:
            # A negative index would silently light a square at the far end.
            raise IndexError("square %d is outside the %dx%d grid" % (i, self.cols, self.rows))
        j = i * 3
        self.frame[j] = rgb[0]
        self.frame[j + 1] = rgb[1]
        self.frame[j + 2] = rgb[2]

    def keep(self, into):
        """Copy the frame into `into` (a bytearray of its size)."""
        copy_bytes(into, self.frame, self._len)

    def restore(self, saved):
        """The frame back as keep() saved it."""
        copy_bytes(self.frame, saved, self._len)

    def get(self, i):
        j = i * 3
        return (self.frame[j], self.frame[j + 1], self.frame[j + 2])

    def text_top(self):
        """The rank of the text's top row: a glyph's 5 rows, centred."""
        return (self.rows - 5) // 2 + 4

    def band(self, dim=False):
        """The rows the scrolled text uses made dark, so it reads over a
        board; with dim, the rest of the frame dimmed to a quarter too."""
        f = self.frame
        if dim:
            for i in range(len(f)):
                f[i] = f[i] // 4
        top = self.text_top()
        paint(f, (top - 4) * self.cols, 5 * self.cols, 0)

    def text(self, cols, offset, rgb=TEXT):
        """Draw text columns with column `offset` at the left edge, 5 rows centred."""
        top = self.text_top()
        w = self.cols
        f = self.frame
        r, g, b = rgb
        # set() inlined: every square here is on the grid, and a scrolling
        # text is drawn at every step of it (within a loop pass's 10 ms).
        for x in range(w):
            k = offset + x
            if 0 <= k < len(cols):
                c = cols[k]
                for y in range(5):
                    if c >> (4 - y) & 1:
                        j = ((top - y) * w + x) * 3
                        f[j] = r
                        f[j + 1] = g
                        f[j + 2] = b


class Scroll:
    """A text that scrolls in from the right and out to the left, once or
    looping. A text of parts (split by font.BREAK: "OK: PLAY ON|MENU: KEEP")
    scrolls them one after another, each in and out on its own: a question
    with three answers is read an answer at a time."""

    STEP_MS = 90

    def __init__(self, text, cols, rgb=TEXT, loop=False):
        if SAID is not None:
            said = " - ".join(text.split(font.BREAK))   # the parts, as the simulator says them
            SAID.append(said)
            self.text = said
        if font.BREAK in text:
            data = bytearray()
            for part in text.split(font.BREAK):
                if data:
                    data.extend(bytes(cols))    # the part before leaves the grid first
                data.extend(font.columns(part))
            self.cols_data = data
        else:
            self.cols_data = font.columns(text)
        self.width = cols
        self.rgb = rgb
        self.loop = loop
        self.t0 = None
        self.length = len(self.cols_data) + cols

    def offset(self, now):
        if self.t0 is None:
            self.t0 = now
        k = ticks_diff(now, self.t0) // self.STEP_MS
        if self.loop:
            k %= self.length
        return k - self.width

    def done(self, now):
        return (not self.loop and self.t0 is not None
                and ticks_diff(now, self.t0) // self.STEP_MS >= self.length)

    def draw(self, screen, now):
        screen.text(self.cols_data, self.offset(now), self.rgb)
