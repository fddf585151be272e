"""Pictures of the board for docs/players/playing.md, drawn from the real app.

    python -m tools.sim.pictures            # writes docs/reports/img/*.svg (English), img/pt/ (Portuguese)
    python -m tools.sim.pictures --check    # exit 1 if a committed picture is stale

Each scene drives the firmware app on the simulated board (hal.sim) the way a
player would (taps, keys, time passing) and draws the LEDs it shows as an SVG:
round LEDs in their squares on a wooden board, file letters and rank numbers
(the game's own names for its squares, as the simulator's margins), the
four function keys below, in the board's language. A white ring marks the square or key the player
has just touched. The app decides every colour: when it changes, run this
again (host_tests/tools/sim/test_pictures.py fails until the pictures match).
"""
import argparse
import os
import shutil
import sys
import tempfile

from tools.link import boardfile, firmware_path
from hal import sim, OK, HINT
from app import lang
from tools.sim.board import margins
from tools.sim.words import words
from hal.storage import FileStorage
import games
from app.core import App
from app import saves
from app.screen import HINT as HINT_RGB, ERROR, WIN, LAST, TARGET, LOOK_RGB
from games.common import FILES, BLACK

OUT = os.path.join(firmware_path.ROOT, "docs", "reports", "img")
LANG_DIRS = (("en", ""), ("pt", "pt"))      # each language's pictures, in OUT/<dir>
CELL = 44            # px per square
MARGIN = 34          # board edge round the grid (the labels live there)
KEYS_H = 64          # the function keys' strip below the grid
WOOD = "#c4925a"
WOOD_DARK = "#a8763f"
SQUARE = "#b07d47"
UNLIT_RGB = (77, 58, 41)
UNLIT = "#4d3a29"


class Board:
    """The app on a simulated club board with its flash in a temporary folder."""

    def __init__(self, board_file="club9", sensing="button", code="en"):
        self.board = boardfile.load(board_file)
        self.board["sensing"] = sensing
        self.cols, self.rows = self.board["cols"], self.board["rows"]
        self.n = self.cols * self.rows
        self.dir = tempfile.mkdtemp(prefix="pictures-")
        self.storage = FileStorage(self.dir)
        self.hal = sim.Hal(self.board, self.storage)
        self.app = App(self.board, self.hal)
        lang.use(code)
        self.now = 0
        self.marks = []
        self.tick()

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def tick(self, ms=10):
        self.now += ms
        self.hal.clock.now = self.now
        self.hal.pixels.show(self.app.step(self.now, self.hal.matrix.scan(self.now)))

    def wait(self, ms):
        for _ in range(ms // 10):
            self.tick()

    def until(self, test, limit=5000):
        """Let time pass until test() holds (a blink on, a scroll in place)."""
        for _ in range(limit // 10):
            if test():
                return
            self.tick()
        raise RuntimeError("the picture's moment never came: the app changed? (%s)" % self.mode())

    def square(self, name):
        """A square of the grid by its name ('a1' the bottom left)."""
        return (int(name[1:]) - 1) * self.cols + FILES.index(name[0])

    def cell(self, name):
        """A square by the game's own name for it (a game smaller than the
        grid lies centred on it)."""
        play = self.app.mode
        if self.mode() == "Result":
            play = play.play
        return play.square((int(name[1:]) - 1) * play.w + FILES.index(name[0]))

    def tap(self, name, mark=False):
        key = self.square(name) if isinstance(name, str) else name
        self.hal.matrix.tap(key)
        self.tick()
        self.marks = [key] if mark else []

    def press(self, k, mark=False):
        self.tap(self.n + k, mark)

    def mode(self):
        return type(self.app.mode).__name__

    def rgb(self, name):
        return self.hal.pixels.rgb(self.square(name) if isinstance(name, str) else name)

    def lit_in_band(self):
        """How many squares of the text rows are white (a scrolled word in view)."""
        top = (self.rows - 5) // 2 + 4
        return sum(1 for y in range(top - 4, top + 1) for x in range(self.cols)
                   if self.rgb(y * self.cols + x) in ((255, 255, 255), WIN))

    def start(self, gid, players_col=0):
        """From the menu: the game's square twice, the players, OK."""
        menu = self.app.mode
        sq = menu.square_of(menu.ids.index(gid))
        self.tap(sq)
        self.tap(sq)
        self.tap((self.rows - 1) * self.cols + players_col)
        self.press(OK)
        assert self.mode() == "Play", self.mode()
        return self.app.mode

    def enter(self, text):
        """A move by touching its squares, as a player does."""
        play = self.app.mode
        g = play.game
        before = g.ply
        m = g.parse(text)
        for c in g.move_cells(m):
            self.tap(play.square(c))
        if g.ply == before:
            self.press(OK)        # several moves share these squares: OK takes the one shown
        assert g.ply == before + 1 and play.texts[-1] == text, text
        self.wait(600)

    def picture(self):
        ranks, files = margins(self.app.mode, self.cols, self.rows)
        return svg(self.hal.pixels.frame, self.cols, self.rows, self.marks, ranks, files,
                   words()["keys"])


# --- the scenes -------------------------------------------------------------------------

def scene_menu(b):
    b.until(lambda: b.lit_in_band() >= 12)


def scene_setup(b):
    menu = b.app.mode
    sq = menu.square_of(menu.ids.index("hex"))
    b.tap(sq)
    b.tap(sq)
    b.tap((b.rows - 1) * b.cols + 1)     # you first: the board plays, so its level row shows
    b.until(lambda: b.app.mode.scroll.loop, 10000)   # its choice said, the guide again
    b.wait(900)
    b.until(lambda: b.lit_in_band() >= 12)           # the game's name, the guide's first part


def _avanco(b):
    b.start("avanco")
    for t in ("c2-c3", "e6-e5", "d2-d3", "e5-d4"):
        b.enter(t)


def scene_play(b):
    _avanco(b)
    b.tap(b.cell("e2"), mark=True)
    b.until(lambda: b.rgb(b.cell("e3")) == TARGET and b.rgb(b.cell("d3")) != TARGET)


def scene_hint(b):
    _avanco(b)
    b.press(HINT, mark=True)
    # Both squares of the move at once (they may light one after the other).
    b.until(lambda: [b.hal.pixels.rgb(i) for i in range(b.n)].count(HINT_RGB) >= 2)


def scene_illegal(b):
    _avanco(b)
    b.tap(b.cell("a5"), mark=True)
    b.until(lambda: b.rgb(b.cell("a5")) == ERROR)


def scene_result(b):
    play = b.start("semaforo")
    for t in ("a1", "b2", "b1", "c1"):
        b.enter(t)
    b.until(lambda: b.app.mode.scroll is None and b.hal.pixels.rgb(play.square(0)) == WIN, 60000)


def scene_selftest(b):
    b.tap("i1")
    b.tap("i1", mark=True)
    b.wait(1500 + 81 * 40 + 100)
    for name in ("a1", "b2", "c3", "d4", "e5"):
        b.tap(name)
    b.hal.matrix.press(b.square("f6"))
    b.tick()
    b.marks = [b.square("f6")]


def _record_three(b):
    """Three finished games in the record book: seeded random games played by
    the rules, recorded as the result screen records them."""
    from app.words import book_text
    for k, (gid, options) in enumerate((("hex", {"size": 5}), ("gatos_caes", {}), ("semaforo", {}))):
        g = games.load(gid).Game(options)
        x, texts = 7 + k, []
        while g.result() is None:
            ms = g.moves()
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            m = ms[(x >> 8) % len(ms)]
            texts.append(g.move_text(m))
            g.play(m)
        saves.record(b.storage, gid, options, texts, book_text(g), "%x" % (k + 10))
    games.unload()


def scene_replay_list(b):
    _record_three(b)
    b.tap("a1")
    b.tap("a1")
    b.tap("b9", mark=True)
    b.until(lambda: b.lit_in_band() >= 12)


def scene_replay(b):
    _record_three(b)
    b.tap("a1")
    b.tap("a1")
    b.tap("c9")
    b.press(OK)
    assert b.mode() == "Replay", b.mode()
    for _ in range(7):
        b.press(OK)
    b.press(OK, mark=True)
    b.until(lambda: LAST in [b.hal.pixels.rgb(i) for i in range(b.n)])


def scene_pieces(b):
    """A reed board: Avanco just opened, White's pieces put down, Black's
    squares blinking in their colour until the pieces stand there."""
    b.start("avanco")
    for rank in ("1", "2"):
        for f in "abcdefg":
            b.hal.matrix.place(b.cell(f + rank))
            b.tick()
    b.marks = [b.cell("g2")]
    b.wait(400)
    black = LOOK_RGB[BLACK]
    b.until(lambda: b.rgb(b.cell("a7")) == black)


scene_pieces.sensing = "reed"


def scene_race(b):
    """Jogos Poliedricos: the race on, the near player has stopped their
    clock (green), the far player's still runs."""
    menu = b.app.mode
    sq = menu.square_of(menu.ids.index("poliedricos"))
    b.tap(sq)
    b.tap(sq)
    assert b.mode() == "Race", b.mode()
    b.press(OK)
    b.wait(3000 + 700 + 12300)          # the countdown, GO, twelve seconds of racing
    b.tap("e2", mark=True)              # the near player's half: their clock stops
    b.wait(1500)


SCENES = (
    ("menu", scene_menu),
    ("setup", scene_setup),
    ("play", scene_play),
    ("hint", scene_hint),
    ("illegal", scene_illegal),
    ("result", scene_result),
    ("selftest", scene_selftest),
    ("replay-list", scene_replay_list),
    ("replay", scene_replay),
    ("pieces", scene_pieces),
    ("race", scene_race),
)


# --- drawing ----------------------------------------------------------------------------

def shown(rgb):
    """An LED's colour as a screen can show it, and how much it glows (0-1).

    A screen cannot be as bright as an LED, so every colour is drawn at full
    strength and its brightness becomes how far it stands out from an unlit
    LED: the eye sees an LED's light as less than in proportion, so a dim tint
    (an empty square showing whose turn it is, the frame round a small game)
    reads as a hint of its hue, as it does on the board."""
    m = max(rgb)
    full = tuple(c * 255 // m for c in rgb)
    f = (m / 255) ** 0.6
    return _mix(UNLIT_RGB, full, f), round(f, 2)


def _hex(rgb):
    return "#%02x%02x%02x" % rgb


def _mix(rgb, to, t):
    return tuple(int(a + (b - a) * t) for a, b in zip(rgb, to))


def svg(frame, cols, rows, marks=(), ranks=None, files=None, keys=("Menu", "OK", "Undo", "Hint")):
    """The frame (logical RGB, a1 first) as an SVG of the board, its margins
    labelled `ranks` and `files` (the grid's own names by default)."""
    ranks = ranks or [str(y + 1) for y in range(rows)]
    files = files or [FILES[x] for x in range(cols)]
    w = cols * CELL + 2 * MARGIN
    h = rows * CELL + 2 * MARGIN + KEYS_H
    lit = {}
    for i in range(cols * rows):
        rgb = (frame[3 * i], frame[3 * i + 1], frame[3 * i + 2])
        if rgb != (0, 0, 0):
            lit[i] = shown(rgb)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">'
           % (w, h, w, h), "<defs>",
           '<linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">'
           '<stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>'
           % (WOOD, WOOD_DARK)]
    for rgb, glow in sorted(set(lit.values())):
        # A lit LED's diffuser is brightest in the middle; an unlit one is flat.
        out.append('<radialGradient id="g%s"><stop offset="0" stop-color="%s"/>'
                   '<stop offset="0.6" stop-color="%s"/><stop offset="1" stop-color="%s"/>'
                   '</radialGradient>' % (_hex(rgb)[1:], _hex(_mix(rgb, (255, 255, 255), 0.5 * glow)),
                                          _hex(rgb), _hex(_mix(rgb, (0, 0, 0), 0.35))))
    out.append("</defs>")
    out.append('<rect width="%d" height="%d" rx="14" fill="url(#wood)"/>' % (w, h))
    for k in range(7):   # a few grain lines, the same in every picture
        y = (k * 2 + 1) * h // 14
        out.append('<path d="M0 %d C%d %d %d %d %d %d" stroke="#8a5a2b" stroke-opacity="0.18" '
                   'fill="none" stroke-width="2"/>' % (y, w // 3, y - 9 + k % 3 * 6, 2 * w // 3,
                                                        y + 7 - k % 2 * 10, w, y - 3))
    label = 'font-family="sans-serif" font-size="13" fill="#4a2e14" text-anchor="middle"'
    for x in range(cols):
        cx = MARGIN + x * CELL + CELL // 2
        out.append('<text x="%d" y="%d" %s>%s</text>' % (cx, MARGIN + rows * CELL + 20, label, files[x]))
    for y in range(rows):
        cy = MARGIN + (rows - 1 - y) * CELL + CELL // 2 + 5
        out.append('<text x="%d" y="%d" %s>%s</text>' % (MARGIN // 2, cy, label, ranks[y]))
    for i in range(cols * rows):
        x, y = i % cols, i // cols
        px, py = MARGIN + x * CELL, MARGIN + (rows - 1 - y) * CELL
        cx, cy = px + CELL // 2, py + CELL // 2
        out.append('<rect x="%d" y="%d" width="%d" height="%d" rx="5" fill="%s"/>'
                   % (px + 2, py + 2, CELL - 4, CELL - 4, SQUARE))
        if i in lit:
            c, glow = lit[i]
            out.append('<circle cx="%d" cy="%d" r="19" fill="%s" fill-opacity="%s"/>'
                       % (cx, cy, _hex(c), round(0.4 * glow * glow, 2)))
            out.append('<circle cx="%d" cy="%d" r="14" fill="url(#g%s)"/>' % (cx, cy, _hex(c)[1:]))
        else:
            out.append('<circle cx="%d" cy="%d" r="14" fill="%s"/>' % (cx, cy, UNLIT))
        if i in marks:
            out.append('<circle cx="%d" cy="%d" r="20" fill="none" stroke="#ffffff" stroke-width="3"/>'
                       % (cx, cy))
    ky = MARGIN + rows * CELL + 30
    kw = (cols * CELL) // 4
    for k in range(4):
        cx = MARGIN + k * kw + kw // 2
        out.append('<rect x="%d" y="%d" width="%d" height="26" rx="13" fill="#3b2a1b"/>'
                   % (cx - 34, ky, 68))
        out.append('<text x="%d" y="%d" font-family="sans-serif" font-size="13" fill="#f0e0c8" '
                   'text-anchor="middle">%s</text>' % (cx, ky + 18, keys[k]))
        if cols * rows + k in marks:
            out.append('<rect x="%d" y="%d" width="%d" height="34" rx="17" fill="none" stroke="#ffffff" '
                       'stroke-width="3"/>' % (cx - 38, ky - 4, 76))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def make(scene, code="en"):
    """The picture of one scene (its SVG text) in language `code`, on a board of its own."""
    b = Board(sensing=getattr(scene, "sensing", "button"), code=code)
    try:
        scene(b)
        return b.picture()
    finally:
        b.close()
        lang.use("en")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed pictures")
    ap.add_argument("--out", default=OUT)
    ap.add_argument("names", nargs="*", help="only these scenes")
    args = ap.parse_args(argv)
    stale = []
    for code, folder, name, scene in [(c, d, n, s) for c, d in LANG_DIRS for n, s in SCENES]:
        if args.names and name not in args.names:
            continue
        text = make(scene, code)
        path = os.path.join(args.out, folder, name + ".svg")
        if args.check:
            try:
                with open(path) as f:
                    old = f.read()
            except OSError:
                old = None
            if old != text:
                stale.append(path)
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        print("wrote", os.path.relpath(path, firmware_path.ROOT))
    for path in stale:
        print("stale:", os.path.relpath(path, firmware_path.ROOT))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
