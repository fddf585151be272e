"""The desktop simulator: the real firmware app on the sim HAL, in a terminal.

    python3 -m tools.sim [--board boards/club9.py] [--state DIR]

The LED grid is drawn in colour (24-bit ANSI). Arrow keys move the cursor,
space or enter touches the square under it, a mouse click touches a square or
a function key. m = Menu, o = OK, u = Undo, h = Hint, q = quit. The board's
flash (saves, records, error log) is the folder --state (default simstate/),
so a game survives closing the simulator like it survives a power cut.
"""
import argparse
import importlib.util
import os
import re
import select
import sys
import time

from tools import firmware_path
from hal import sim, MENU, OK, UNDO, HINT, KEY_NAMES
from hal.storage import FileStorage
from app.core import App

CELL_W = 4
CELL_H = 2
LETTER_KEYS = {"m": MENU, "o": OK, "u": UNDO, "h": HINT}
HELP = ("arrows: move   space/enter: touch   mouse: click a square or a key   "
        "m Menu  o OK  u Undo  h Hint   q quit")
MOUSE = re.compile(rb"\x1b\[<(\d+);(\d+);(\d+)([Mm])")


def load_board(path):
    """The BOARD dict of a board file, checked when boardcheck is available."""
    spec = importlib.util.spec_from_file_location("board_under_sim", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    board = mod.BOARD
    try:
        import boardcheck
    except ImportError:
        return board
    return boardcheck.check(board, os.path.basename(path))


class Sim:
    """The simulator without the terminal: input bytes in, screen text out."""

    def __init__(self, board, state_dir):
        os.makedirs(state_dir, exist_ok=True)
        self.board = board
        self.cols, self.rows = board["cols"], board["rows"]
        self.hal = sim.Hal(board, FileStorage(state_dir), real_time=True)
        self.app = App(board, self.hal)
        self.cursor = [0, self.rows - 1]
        self.quit = False
        self.pending = b""

    # --- input ----------------------------------------------------------------
    def feed(self, data):
        """Handle keyboard/mouse bytes."""
        buf = self.pending + data
        self.pending = b""
        i = 0
        while i < len(buf):
            m = MOUSE.match(buf, i)
            if m:
                self.click(int(m.group(1)), int(m.group(2)), int(m.group(3)), m.group(4) == b"M")
                i = m.end()
                continue
            if buf[i:i + 1] == b"\x1b":
                if buf[i + 1:i + 2] == b"[" and i + 2 < len(buf):
                    self.arrow(buf[i + 2:i + 3])
                    i += 3
                    continue
                if i + 1 >= len(buf) or (buf[i + 1:i + 2] == b"[" and i + 2 >= len(buf)):
                    self.pending = buf[i:]   # an escape split across reads
                    return
                i += 1
                continue
            ch = chr(buf[i]).lower()
            i += 1
            if ch in (" ", "\r", "\n"):
                x, y = self.cursor
                self.hal.matrix.tap(y * self.cols + x)
            elif ch in LETTER_KEYS:
                self.hal.matrix.tap(self.cols * self.rows + LETTER_KEYS[ch])
            elif ch in ("q", "\x03"):
                self.quit = True

    def arrow(self, code):
        dx, dy = {b"A": (0, 1), b"B": (0, -1), b"C": (1, 0), b"D": (-1, 0)}.get(code, (0, 0))
        self.cursor[0] = min(self.cols - 1, max(0, self.cursor[0] + dx))
        self.cursor[1] = min(self.rows - 1, max(0, self.cursor[1] + dy))

    def click(self, button, col, row, press):
        """A mouse press at terminal column/row (1-based)."""
        if not press or button & 3 != 0:
            return
        x = (col - 4) // CELL_W
        r = (row - 2) // CELL_H
        if 0 <= x < self.cols and 0 <= r < self.rows and row >= 2:
            y = self.rows - 1 - r
            self.cursor = [x, y]
            self.hal.matrix.tap(y * self.cols + x)
            return
        key_row = 2 + self.rows * CELL_H + 1
        if row == key_row:
            k = (col - 4) // 8
            if 0 <= k < 4:
                self.hal.matrix.tap(self.cols * self.rows + k)

    # --- the loop -------------------------------------------------------------
    def step(self):
        now = self.hal.clock.ticks_ms()
        frame = self.app.step(now, self.hal.matrix.scan(now))
        self.hal.pixels.show(frame)

    def render(self):
        """The whole screen as text with ANSI colours."""
        out = ["\x1b[H", "  %s board (%s)  mode: %s\x1b[K\n" % (
            self.board.get("name", "?"), self.board.get("sensing", "?"), type(self.app.mode).__name__)]
        px = self.hal.pixels
        for r in range(self.rows):
            y = self.rows - 1 - r
            for line in range(CELL_H):
                out.append("%2d  " % (y + 1) if line == 0 else "    ")
                for x in range(self.cols):
                    cr, cg, cb = _visible(px.rgb(y * self.cols + x))
                    here = self.cursor == [x, y]
                    fg = "\x1b[38;2;255;255;255m" if sum((cr, cg, cb)) < 300 else "\x1b[38;2;0;0;0m"
                    body = ("[  ]" if line == 0 else "    ") if here else " " * CELL_W
                    out.append("\x1b[48;2;%d;%d;%dm%s%s" % (cr, cg, cb, fg, body))
                out.append("\x1b[0m\x1b[K\n")
        out.append("    " + "".join(chr(97 + x).center(CELL_W) for x in range(self.cols)) + "\x1b[K\n")
        keys = "".join(("[%s]" % KEY_NAMES[k].capitalize()).ljust(8) for k in range(4))
        out.append("    " + keys + "\x1b[K\n")
        out.append("\n  " + HELP + "\x1b[K\n")
        return "".join(out)


def _visible(rgb):
    """Lift dim LED colours so they read on a screen (LEDs are bright in a room)."""
    r, g, b = rgb
    if r or g or b:
        m = max(r, g, b)
        if m < 90:
            k = 90 / m
            r, g, b = int(r * k), int(g * k), int(b * k)
    return r, g, b


def main(argv=None):
    root = firmware_path.ROOT
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", default=os.path.join(root, "boards", "club9.py"))
    ap.add_argument("--state", default=os.path.join(root, "simstate"))
    args = ap.parse_args(argv)
    if not sys.stdin.isatty():
        sys.exit("tools.sim needs a terminal (run it in a terminal window)")
    board = load_board(args.board)
    s = Sim(board, args.state)
    import termios
    import tty
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    w = sys.stdout.write
    try:
        tty.setraw(fd)
        w("\x1b[?1049h\x1b[?25l\x1b[2J\x1b[?1000h\x1b[?1006h")
        last = ""
        while not s.quit:
            r, _, _ = select.select([fd], [], [], 0.01)
            if r:
                s.feed(os.read(fd, 256))
            s.step()
            screen = s.render()
            if screen != last:
                w(screen.replace("\n", "\r\n"))
                sys.stdout.flush()
                last = screen
            time.sleep(0.005)
    finally:
        w("\x1b[?1000l\x1b[?1006l\x1b[?25h\x1b[?1049l")
        sys.stdout.flush()
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


if __name__ == "__main__":
    main()
