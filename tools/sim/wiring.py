"""Draw a board's wiring diagram as SVG, from its board file.

    python -m tools.sim.wiring boards/club9.py -o docs/reports/img/wiring-club9.svg

The picture is made from the file alone, so it always matches the firmware:
the Pico with the pins the board uses, the switch matrix (row and column
lines, a switch and a diode at every used crossing, the function keys), the
LED chain in its order from its first square, the buzzer and the power.
Wires between the Pico and the matrix are shown as net labels (the GPIO name
at each end), as schematics do, so the drawing stays readable at 16 x 16.
"""
import argparse
import os
import sys
from xml.sax.saxutils import escape

from tools.link import boardfile
from tools.link.firmware_path import ROOT  # (and firmware/ on sys.path)

import boardcheck  # noqa: E402
from hal import ledmap  # noqa: E402

# The Pico's 40 pins, by physical number (1-20 down the left edge seen from
# above with the USB end at the top, 21-40 up the right edge).
PICO_PINS = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND",
    9: "GP6", 10: "GP7", 11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11",
    16: "GP12", 17: "GP13", 18: "GND", 19: "GP14", 20: "GP15", 21: "GP16", 22: "GP17",
    23: "GND", 24: "GP18", 25: "GP19", 26: "GP20", 27: "GP21", 28: "GND", 29: "GP22",
    30: "RUN", 31: "GP26", 32: "GP27", 33: "GND", 34: "GP28", 35: "ADC_VREF",
    36: "3V3(OUT)", 37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}
KEY_LABELS = {"menu": "MENU", "ok": "OK", "undo": "UNDO", "hint": "HINT"}

INK = "#222"
ROW_COLOUR = "#1f6fb2"
COL_COLOUR = "#b2431f"
LED_COLOUR = "#2a8a2a"
BUZ_COLOUR = "#8a2a8a"
PWR_COLOUR = "#c00000"


def gpio(pin):
    """GPIO number of a pin value: 5 or "GP5"."""
    return pin if isinstance(pin, int) else int(pin[2:])


def file_letter(x):
    return boardcheck.FILES[x]


def pin_roles(board):
    """{gpio: (role text, colour)} for every pin the board uses."""
    roles = {}
    keyrows = {r for r, c in board["keys"].values()}
    for r, p in enumerate(board["row_pins"]):
        what = "rank %d" % (r + 1) if r < board["rows"] else "keys"
        if r < board["rows"] and r in keyrows:
            what += " + keys"
        roles[gpio(p)] = ("row %d (%s)" % (r, what), ROW_COLOUR)
    keycols = {c for r, c in board["keys"].values()}
    for c, p in enumerate(board["col_pins"]):
        what = "file %s" % file_letter(c) if c < board["cols"] else "keys"
        if c >= board["cols"] and c not in keycols:
            what = "unused"
        roles[gpio(p)] = ("col %d (%s)" % (c, what), COL_COLOUR)
    roles[gpio(board["led_pin"])] = ("LED data", LED_COLOUR)
    if board["buzzer_pin"] is not None:
        roles[gpio(board["buzzer_pin"])] = ("buzzer", BUZ_COLOUR)
    return roles


class Svg:
    def __init__(self):
        self.parts = []

    def add(self, s):
        self.parts.append(s)

    def line(self, x1, y1, x2, y2, colour=INK, width=1.5, extra=""):
        self.add('<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="%g"%s/>'
                 % (x1, y1, x2, y2, colour, width, extra))

    def rect(self, x, y, w, h, fill="none", stroke=INK, width=1.5, rx=0):
        self.add('<rect x="%g" y="%g" width="%g" height="%g" rx="%g" fill="%s" stroke="%s" '
                 'stroke-width="%g"/>' % (x, y, w, h, rx, fill, stroke, width))

    def circle(self, x, y, r, fill=INK, stroke="none"):
        self.add('<circle cx="%g" cy="%g" r="%g" fill="%s" stroke="%s"/>' % (x, y, r, fill, stroke))

    def text(self, x, y, s, size=12, colour=INK, anchor="start", weight="normal"):
        self.add('<text x="%g" y="%g" font-size="%g" fill="%s" text-anchor="%s" font-weight="%s">'
                 '%s</text>' % (x, y, size, colour, anchor, weight, escape(str(s))))

    def poly(self, points, fill=INK, stroke=INK):
        pts = " ".join("%g,%g" % p for p in points)
        self.add('<polygon points="%s" fill="%s" stroke="%s"/>' % (pts, fill, stroke))


def draw_pico(svg, board, x0, y0):
    """The Pico seen from above, USB at the top, every used pin labelled."""
    roles = pin_roles(board)
    pitch = 22
    w, h = 110, 20 * pitch + 30
    svg.text(x0 + w / 2, y0 - 30, "Raspberry Pi Pico", 15, anchor="middle", weight="bold")
    svg.rect(x0, y0, w, h, fill="#e8f3e8", rx=6)
    svg.rect(x0 + w / 2 - 18, y0 - 10, 36, 16, fill="#bbb", rx=3)
    svg.text(x0 + w / 2, y0 + 2, "USB", 9, anchor="middle")
    for num, name in PICO_PINS.items():
        left = num <= 20
        i = num - 1 if left else 40 - num
        py = y0 + 25 + i * pitch
        px = x0 if left else x0 + w
        colour, role = "#999", None
        if name.startswith("GP") and int(name[2:]) in roles:
            role, colour = roles[int(name[2:])]
        elif name == "VSYS":
            role, colour = "5 V in (through a Schottky diode)", PWR_COLOUR
        elif name == "GND" and num == 38:
            role, colour = "ground (common with the LED supply)", INK
        svg.circle(px, py, 4, fill=colour if role else "#fff", stroke=colour)
        inner = px + 8 if left else px - 8
        svg.text(inner, py + 4, "%d %s" % (num, name), 9, colour="#333",
                 anchor="start" if left else "end")
        if role:
            stub = px - 30 if left else px + 30
            svg.line(px, py, stub, py, colour, 2)
            label = "%s: %s" % (name, role)
            svg.text(stub - 4 if left else stub + 4, py + 4, label, 11, colour,
                     anchor="end" if left else "start")
    return x0 + w, y0 + h


def draw_switch(svg, cx, ry, label, reed, key):
    """Column line at cx, row line at ry: column -> switch -> diode -> row."""
    y = ry - 22
    svg.circle(cx, y, 2.2)
    svg.line(cx, y, cx + 7, y)
    svg.line(cx + 7, y, cx + 19, y - 6)              # the open contact
    svg.circle(cx + 7, y, 1.5)
    svg.circle(cx + 20, y, 1.5)
    if reed and not key:
        svg.add('<rect x="%g" y="%g" width="18" height="10" rx="5" fill="none" stroke="#777" '
                'stroke-width="0.8"/>' % (cx + 4.5, y - 8))
    svg.line(cx + 20, y, cx + 26, y)
    svg.line(cx + 26, y, cx + 26, ry - 14)
    svg.poly([(cx + 21.5, ry - 14), (cx + 30.5, ry - 14), (cx + 26, ry - 7)])   # anode up
    svg.line(cx + 21.5, ry - 7, cx + 30.5, ry - 7, width=1.8)                  # cathode bar
    svg.line(cx + 26, ry - 7, cx + 26, ry)
    svg.circle(cx + 26, ry, 2.2)
    svg.text(cx + 3, ry - 32, label, 9 if not key else 9.5, "#000" if key else "#444",
             weight="bold" if key else "normal")


def draw_matrix(svg, board, x0, y0):
    nrows, ncols = len(board["row_pins"]), len(board["col_pins"])
    cell = 50
    reed = board["sensing"] == "reed"
    gx, gy = x0 + 60, y0 + 75                        # first column line, first row line
    svg.text(x0, y0 - 44, "Switch matrix: %d rows x %d columns" % (nrows, ncols), 15,
             weight="bold")
    svg.text(x0, y0 - 28, "a %s and a 1N4148 diode per switch; one row driven low at a time,"
             % ("reed switch" if reed else "push button"), 11, "#444")
    svg.text(x0, y0 - 14, "the columns read through pull-ups. Current flows column -> switch ->",
             11, "#444")
    svg.text(x0, y0 + 0, "diode (anode on the column, cathode bar on the row) -> row.", 11, "#444")
    keys_at = {}
    for name, (r, c) in board["keys"].items():
        keys_at[(r, c)] = KEY_LABELS[name]
    right = gx + (ncols - 1) * cell + 40
    bottom = gy + (nrows - 1) * cell + 10
    for c, p in enumerate(board["col_pins"]):
        cx = gx + c * cell
        svg.line(cx, gy - 40, cx, bottom, COL_COLOUR, 2)
        name = p if isinstance(p, str) else "GP%d" % p
        svg.text(cx, gy - 44, name, 10, COL_COLOUR, anchor="middle", weight="bold")
        svg.text(cx, gy - 56, "file " + file_letter(c) if c < board["cols"] else "keys", 9,
                 COL_COLOUR, anchor="middle")
    for r, p in enumerate(board["row_pins"]):
        ry = gy + r * cell
        svg.line(gx - 30, ry, right, ry, ROW_COLOUR, 2)
        name = p if isinstance(p, str) else "GP%d" % p
        svg.text(gx - 34, ry - 2, name, 10, ROW_COLOUR, anchor="end", weight="bold")
        svg.text(gx - 34, ry + 10, "rank %d" % (r + 1) if r < board["rows"] else "keys", 9,
                 ROW_COLOUR, anchor="end")
    for r in range(nrows):
        for c in range(ncols):
            cx, ry = gx + c * cell, gy + r * cell
            if r < board["rows"] and c < board["cols"]:
                draw_switch(svg, cx, ry, "%s%d" % (file_letter(c), r + 1), reed, False)
            elif (r, c) in keys_at:
                draw_switch(svg, cx, ry, keys_at[(r, c)], reed, True)
    svg.text(gx - 34, bottom + 24, "columns: inputs with the internal pull-up (add 10 kOhm "
             "to 3V3 for long wires)", 10, "#444")
    svg.text(gx - 34, bottom + 38, "rows: outputs, high when idle", 10, "#444")
    svg.text(gx - 34, bottom + 52, "function keys are push buttons on the %s, with their "
             "diodes too" % ("last matrix row" if len({r for r, c in board["keys"].values()}) == 1
                             else "free crossings"), 10, "#444")
    return right, bottom + 54


def draw_leds(svg, board, x0, y0):
    cols, rows = board["cols"], board["rows"]
    order = ledmap.chain_order(cols, rows, board["led_order"], board["led_first"], board["rotation"])
    cell = 34
    svg.text(x0, y0 - 30, "LED chain: %d WS2812, %s from %s" % (cols * rows, board["led_order"],
                                                               board["led_first"]), 15, weight="bold")
    svg.text(x0, y0 - 14, "the squares as seen from seat 0 (rotation %d);" % board["rotation"],
             11, "#444")
    svg.text(x0, y0 + 0, "numbers: position in the chain", 11, "#444")
    gy0 = y0 + 20

    def centre(sq):
        x, y = sq % cols, sq // cols
        return x0 + 30 + x * cell + cell / 2, gy0 + (rows - 1 - y) * cell + cell / 2

    for y in range(rows):
        for x in range(cols):
            px, py = x0 + 30 + x * cell, gy0 + (rows - 1 - y) * cell
            shade = "#f3e6cf" if (x + y) % 2 else "#d9bf94"
            svg.rect(px, py, cell, cell, fill=shade, stroke="#a08050", width=0.8)
        svg.text(x0 + 22, gy0 + (rows - 1 - y) * cell + cell / 2 + 4, str(y + 1), 10,
                 anchor="end")
    for x in range(cols):
        svg.text(x0 + 30 + x * cell + cell / 2, gy0 + rows * cell + 14, file_letter(x), 10,
                 anchor="middle")
    pts = [centre(sq) for sq in order]
    svg.add('<polyline points="%s" fill="none" stroke="%s" stroke-width="2.2" '
            'marker-mid="url(#arrow)" marker-end="url(#arrow)"/>'
            % (" ".join("%g,%g" % p for p in pts), LED_COLOUR))
    for i, sq in enumerate(order):
        cx, cy = centre(sq)
        svg.circle(cx, cy, 3, fill=LED_COLOUR)
        svg.text(cx + 4, cy - 5, str(i + 1), 8, "#333")
    sx, sy = pts[0]
    svg.circle(sx, sy, 7, fill="none", stroke=LED_COLOUR)
    led = board["led_pin"] if isinstance(board["led_pin"], str) else "GP%d" % board["led_pin"]
    bottom = gy0 + rows * cell + 30
    svg.text(x0, bottom, "DIN of LED 1 (square %s) <- 330 Ohm <- 74AHCT125 <- %s (LED data)"
             % (square_name(order[0], cols), led), 11, LED_COLOUR, weight="bold")
    svg.text(x0, bottom + 15, "last LED: square %s (DOUT unconnected)"
             % square_name(order[-1], cols), 11, "#444")
    return x0 + 30 + cols * cell, bottom + 15


def square_name(sq, cols):
    return "%s%d" % (file_letter(sq % cols), sq // cols + 1)


def draw_power(svg, board, x0, y0):
    need = board["max_current_ma"] + 100
    amps = -(-need // 500) * 0.5                     # round up to half an amp
    svg.text(x0, y0, "Power and buzzer", 15, weight="bold")
    lines = [
        (PWR_COLOUR, "5 V supply, at least %.1f A (the LED cap max_current_ma = %d mA, + 100 mA "
         "for the Pico)" % (amps, board["max_current_ma"])),
        (PWR_COLOUR, "5 V and GND to the LED chain at its start and at its end"),
        (PWR_COLOUR, "5 V -> Schottky diode (1N5817) -> Pico VSYS (pin 39), so USB and the "
         "supply can both be plugged in"),
        (PWR_COLOUR, "1000 uF capacitor across 5 V / GND at the strip's input; all grounds joined"),
        (INK, "brightness cap %d%%: the firmware scales every frame so the LEDs never draw more "
         "than %d mA" % (board["brightness"], board["max_current_ma"])),
    ]
    if board["buzzer_pin"] is not None:
        bz = board["buzzer_pin"] if isinstance(board["buzzer_pin"], str) else "GP%d" % board["buzzer_pin"]
        lines.append((BUZ_COLOUR, "%s (buzzer) -> 100 Ohm -> passive piezo buzzer (+), (-) -> GND"
                      % bz))
    else:
        lines.append((BUZ_COLOUR, "no buzzer on this board (buzzer_pin None)"))
    y = y0 + 20
    for colour, s in lines:
        svg.text(x0, y, s, 11, colour)
        y += 16
    return y


def render(board, source="board.py"):
    """The SVG text for a checked board dict."""
    svg = Svg()
    svg.text(20, 34, "%s wiring (%s): %d x %d squares, %s, %s" % (
        board["name"], source, board["cols"], board["rows"],
        "reed switches" if board["sensing"] == "reed" else "push buttons", board["platform"]),
        20, weight="bold")
    svg.text(20, 54, "Generated by tools/sim/wiring.py from the board file: change a pin there "
             "and draw again.", 11, "#555")
    # Top: the Pico and the matrix. Below: the LED chain and the power notes.
    top = 120
    _, pico_bottom = draw_pico(svg, board, 230, top + 20)
    m_right, m_bottom = draw_matrix(svg, board, 640, top)
    y2 = max(pico_bottom, m_bottom) + 80
    led_right, led_bottom = draw_leds(svg, board, 20, y2)
    px = max(led_right, 540) + 40
    end = draw_power(svg, board, px, y2 - 30)
    width = max(m_right + 40, px + 720)
    height = max(led_bottom, end) + 30
    head = ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
            'font-family="DejaVu Sans, Arial, sans-serif">\n'
            '<title>%s wiring</title>\n'
            '<defs><marker id="arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" '
            'markerHeight="5" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" '
            'fill="%s"/></marker></defs>\n'
            '<rect width="100%%" height="100%%" fill="white"/>\n'
            % (width, height, width, height, escape(board["name"]), LED_COLOUR))
    return head + "\n".join(svg.parts) + "\n</svg>\n"


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.sim.wiring", description=__doc__.splitlines()[0])
    ap.add_argument("board", help="a board: a name (club9) or a board file's path")
    ap.add_argument("-o", dest="out", metavar="SVG", help="the file to write (default: the terminal)")
    args = ap.parse_args(argv)
    try:
        board = boardfile.load(args.board)
    except boardcheck.BoardError as e:
        print(e)
        return 1
    shown = args.board
    if os.path.isabs(shown):
        shown = os.path.relpath(shown, ROOT)
    elif not boardfile.is_path(shown):
        shown = "boards/%s.py" % shown
    text = render(board, shown)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
