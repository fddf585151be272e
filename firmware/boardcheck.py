"""Check a board file before anything touches a pin.

`check(board, source)` validates a BOARD dict (the fields of boards/club9.py)
and returns a copy with the optional fields filled in; `load(name)` imports the
board module and checks its BOARD. Every mistake raises BoardError with a
message that names the file and the field, because the person reading it is a
builder at a club table with a freshly soldered board, not a programmer:

    board.py: field 'led_pin': 31 is not a GPIO of the Pico (0-22, 26-28)
"""
from hal import BACKENDS

# Pins a Pico brings out to its edge as GPIO. 23-25 and 29 are used on the
# board itself (power-save, VBUS sense, the LED, VSYS sense).
GPIOS = tuple(range(0, 23)) + (26, 27, 28)
KEY_NAMES = ("menu", "ok", "undo", "hint")   # the order of hal.MENU/OK/UNDO/HINT
REQUIRED = ("cols", "rows", "sensing", "row_pins", "col_pins", "keys", "led_pin")
DEFAULTS = {
    "name": None,               # filled from the file name
    "platform": "micropython",  # or "circuitpython": pins are names like "GP0"
    "debounce_ms": 20,
    "settle_us": 10,            # wait after driving a row low, before reading
    "led_order": "serpentine",
    "led_first": "a1",
    "rotation": 0,
    "brightness": 40,
    "max_current_ma": 500,      # safe on a USB port until the builder says more
    "buzzer_pin": None,
    "cpu_mhz": 125,             # the RP2040's clock; 200 is certified at 1.15 V (main.py sets both)
    "lang": "en",               # the board's first language: "pt" or "en" (app/lang.py)
    "net": None,                # "wifi": a Pico W on the club network (net/, club.json)
}
NETS = ("wifi",)                # or None: no network
LANGS = ("pt", "en")            # app/lang.py LANGS: the catalogues the firmware has
FIELDS = REQUIRED + tuple(sorted(DEFAULTS))
PIN_FIELDS = ("row_pins", "col_pins", "led_pin", "buzzer_pin")
FILES = "abcdefghijklmnop"      # file letters up to 16 columns
# The clock: 125 MHz is the Pico's default and what the AI budgets are measured
# at; 200 MHz is the top the RP2040 is certified for (at 1.15 V, Pico SDK 2.1.1).
MHZ_MIN = 125
MHZ_MAX = 200


class BoardError(Exception):
    pass


def _distance(a, b):
    """Edit distance (insert, delete, change, swap two neighbours): for 'did you mean'."""
    prev2 = None
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if (prev2 is not None and i > 1 and j > 1 and a[i - 1] == b[j - 2]
                    and a[i - 2] == b[j - 1]):
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[len(b)]


def suggest(word, choices):
    """The closest choice if it is close enough to be a typo, else None."""
    best, best_d = None, 99
    for c in choices:
        d = _distance(word.lower(), c)
        if d < best_d:
            best, best_d = c, d
    if best is not None and best_d <= max(1, len(word) // 3):
        return best
    return None


def _show(v):
    return repr(v)


class _Checker:
    def __init__(self, source):
        self.source = source

    def fail(self, field, text):
        if field is None:
            raise BoardError("%s: %s" % (self.source, text))
        raise BoardError("%s: field '%s': %s" % (self.source, field, text))

    def whole(self, field, v, lo=None, hi=None):
        # bool is an int in CPython: True must not pass for a pin or a size
        if type(v) is not int:
            self.fail(field, "%s should be a whole number" % _show(v))
        if lo is not None and hi is not None and not lo <= v <= hi:
            self.fail(field, "%s should be between %d and %d" % (_show(v), lo, hi))
        return v

    def choice(self, field, v, choices):
        if v not in choices:
            hint = suggest(v, choices) if isinstance(v, str) else None
            text = "%s should be one of %s" % (_show(v), ", ".join(repr(c) for c in choices))
            if hint:
                text += " (did you mean %r?)" % hint
            self.fail(field, text)
        return v

    def seq(self, field, v):
        if not isinstance(v, (tuple, list)):
            self.fail(field, "%s should be a tuple of pins, like (0, 1, 2)" % _show(v))
        return tuple(v)


def _pin(ck, field, v, platform):
    """Check one pin value; return its GPIO number (for the used-twice check)."""
    if platform == "circuitpython":
        if not isinstance(v, str):
            ck.fail(field, "%s should be a pin name like 'GP0' (platform 'circuitpython')" % _show(v))
        n = -1
        if v[:2] == "GP" and v[2:].isdigit():
            n = int(v[2:])
        if n not in GPIOS:
            ck.fail(field, "%s is not a GPIO of the Pico (GP0-GP22, GP26-GP28)" % _show(v))
        return n
    if type(v) is not int:
        if isinstance(v, str):
            ck.fail(field, "%s should be a GPIO number like 0 (names like 'GP0' are for "
                    "platform 'circuitpython')" % _show(v))
        ck.fail(field, "%s should be a GPIO number like 0" % _show(v))
    if v not in GPIOS:
        ck.fail(field, "%s is not a GPIO of the Pico (0-22, 26-28)" % _show(v))
    return v


def corners(cols, rows):
    """The four squares an LED chain can start under: a1, <last file>1, a<rows>, ..."""
    last = FILES[cols - 1]
    return ("a1", last + "1", "a%d" % rows, "%s%d" % (last, rows))


def check(board, source="board.py"):
    """Validate a BOARD dict; return a new dict with every field, defaults filled."""
    ck = _Checker(source)
    if not isinstance(board, dict):
        ck.fail(None, "BOARD should be a dict, not %s" % type(board).__name__)
    for k in board:
        if k not in FIELDS:
            hint = suggest(k, FIELDS) if isinstance(k, str) else None
            ck.fail(None, "unknown field %r%s" % (k, " (did you mean %r?)" % hint if hint else ""))
    for k in REQUIRED:
        if k not in board:
            ck.fail(None, "missing field '%s'" % k)
    out = {}
    for k in DEFAULTS:
        out[k] = board.get(k, DEFAULTS[k])
    for k in REQUIRED:
        out[k] = board[k]

    if out["name"] is None:
        stem = source.replace("\\", "/").split("/")[-1]
        out["name"] = stem[:-3] if stem.endswith(".py") else stem
    elif not isinstance(out["name"], str) or not out["name"]:
        ck.fail("name", "%s should be a short text, like 'club9'" % _show(out["name"]))
    platform = ck.choice("platform", out["platform"], tuple(name for name, module in BACKENDS))

    cols = ck.whole("cols", out["cols"], 3, 16)
    rows = ck.whole("rows", out["rows"], 3, 16)
    ck.choice("sensing", out["sensing"], ("reed", "button"))
    ck.choice("lang", out["lang"], LANGS)
    if out["net"] is not None:
        ck.choice("net", out["net"], NETS)
    if out["net"] is not None and platform != "micropython":
        ck.fail("net", "%r: the club network runs on MicroPython only (leave net out on "
                "platform %r)" % (out["net"], platform))
    row_pins, col_pins = _pins(ck, out, platform, cols, rows)
    out["keys"] = _keys(ck, out["keys"], rows, cols, len(row_pins), len(col_pins))
    _leds(ck, out, cols, rows)
    _clock(ck, out["cpu_mhz"], platform)
    return out


def pll_makes(mhz):
    """True if the RP2040's system PLL makes exactly `mhz` from its 12 MHz
    crystal (VCO 750-1600 MHz, a multiple of 12, divided by two post dividers
    of 1-7): what machine.freq() accepts, it raises ValueError otherwise."""
    for pd1 in range(1, 8):
        for pd2 in range(1, pd1 + 1):
            vco = mhz * pd1 * pd2
            if 750 <= vco <= 1600 and vco % 12 == 0:
                return True
    return False


def _clock(ck, mhz, platform):
    """cpu_mhz: a clock the PLL can make, between the default and the certified top."""
    ck.whole("cpu_mhz", mhz, MHZ_MIN, MHZ_MAX)
    if not pll_makes(mhz):
        near = [m for m in range(MHZ_MIN, MHZ_MAX + 1) if pll_makes(m)]
        near.sort(key=lambda m: (abs(m - mhz), m))
        ck.fail("cpu_mhz", "%d MHz cannot be made by the Pico's clock from its 12 MHz crystal "
                "(try %d or %d)" % (mhz, near[0], near[1]))
    if platform == "circuitpython" and mhz != MHZ_MIN:
        ck.fail("cpu_mhz", "%d: the firmware sets the clock (and the core voltage a faster one "
                "needs) on MicroPython only; on CircuitPython leave cpu_mhz out (125)" % mhz)


def _pins(ck, out, platform, cols, rows):
    """Each pin a GPIO of the Pico, none used for two things; the matrix's
    (row pins, column pins)."""
    used = {}

    def take(field, v):
        n = _pin(ck, field, v, platform)
        if n in used:
            other = used[n]
            if other == field:
                ck.fail(field, "%s is listed twice" % _show(v))
            ck.fail(field, "%s is already used by '%s'" % (_show(v), other))
        used[n] = field

    row_pins = ck.seq("row_pins", out["row_pins"])
    col_pins = ck.seq("col_pins", out["col_pins"])
    for field, pins in (("row_pins", row_pins), ("col_pins", col_pins)):
        for p in pins:
            take(field, p)
    if len(row_pins) < rows:
        ck.fail("row_pins", "%d pins for %d rows of squares (one matrix row per rank)"
                % (len(row_pins), rows))
    if len(col_pins) < cols:
        ck.fail("col_pins", "%d pins for %d columns of squares (one matrix column per file)"
                % (len(col_pins), cols))
    if len(col_pins) > 30:
        ck.fail("col_pins", "more than 30 columns")
    take("led_pin", out["led_pin"])
    if out["buzzer_pin"] is not None:
        take("buzzer_pin", out["buzzer_pin"])
    out["row_pins"], out["col_pins"] = row_pins, col_pins
    return row_pins, col_pins


def _keys(ck, keys, rows, cols, nrow, ncol):
    """The function keys {name: (row, col)}: inside the matrix, off the
    squares, one switch each."""
    if not isinstance(keys, dict):
        ck.fail("keys", "%s should be a dict like {'menu': (9, 0), ...}" % _show(keys))
    for name in keys:
        if name not in KEY_NAMES:
            hint = suggest(name, KEY_NAMES) if isinstance(name, str) else None
            ck.fail("keys", "unknown key %r%s" % (name, " (did you mean %r?)" % hint if hint else ""))
    for name in KEY_NAMES:
        if name not in keys:
            ck.fail("keys", "missing key '%s' (the keys are menu, ok, undo, hint)" % name)
    spots = {}
    fixed = {}
    for name in KEY_NAMES:
        rc = keys[name]
        if (not isinstance(rc, (tuple, list)) or len(rc) != 2
                or type(rc[0]) is not int or type(rc[1]) is not int):
            ck.fail("keys", "'%s': %s should be (matrix row, matrix column)" % (name, _show(rc)))
        r, c = rc
        if not (0 <= r < nrow and 0 <= c < ncol):
            ck.fail("keys", "'%s' at (%d, %d) is outside the matrix (%d rows x %d columns, "
                    "counted from 0)" % (name, r, c, nrow, ncol))
        if r < rows and c < cols:
            ck.fail("keys", "'%s' at (%d, %d) collides with square %s%d"
                    % (name, r, c, FILES[c], r + 1))
        if (r, c) in spots:
            ck.fail("keys", "'%s' and '%s' are both at (%d, %d)" % (spots[(r, c)], name, r, c))
        spots[(r, c)] = name
        fixed[name] = (r, c)
    return fixed


def _leds(ck, out, cols, rows):
    """Timing, the LED chain's order, start and rotation, and its power."""
    ck.whole("debounce_ms", out["debounce_ms"], 0, 200)
    ck.whole("settle_us", out["settle_us"], 0, 1000)
    ck.choice("led_order", out["led_order"], ("serpentine", "rows"))
    first = out["led_first"]
    ok_corners = corners(cols, rows)
    if not isinstance(first, str) or first.lower() not in ok_corners:
        ck.fail("led_first", "%s should be a corner square: %s" % (_show(first), ", ".join(ok_corners)))
    out["led_first"] = first.lower()
    rot = out["rotation"]
    if rot not in (0, 90, 180, 270) or type(rot) is not int:
        ck.fail("rotation", "%s should be 0, 90, 180 or 270" % _show(rot))
    if rot in (90, 270) and cols != rows:
        ck.fail("rotation", "%d only turns a square grid (this one is %d x %d)" % (rot, cols, rows))
    ck.whole("brightness", out["brightness"], 1, 100)
    ma = ck.whole("max_current_ma", out["max_current_ma"])
    if ma <= 0:
        ck.fail("max_current_ma", "%s should be a positive number of mA" % _show(ma))


def load(module_name="board"):
    """Import the board module, check its BOARD, return the checked dict."""
    source = module_name.replace(".", "/") + ".py"
    try:
        mod = __import__(module_name)
        for part in module_name.split(".")[1:]:
            mod = getattr(mod, part)
    except SyntaxError as e:
        line = getattr(e, "lineno", None)
        where = " on line %d" % line if line else ""
        raise BoardError("%s: syntax error%s: %s" % (source, where, getattr(e, "msg", None) or e))
    except ImportError as e:
        raise BoardError("%s: cannot be imported: %s" % (source, e))
    except Exception as e:  # a NameError or the like inside the file
        raise BoardError("%s: error while loading: %s: %s" % (source, type(e).__name__, e))
    board = getattr(mod, "BOARD", None)
    if board is None:
        raise BoardError("%s: no BOARD = {...} in the file" % source)
    return check(board, source)


def load_file(path, shown=None):
    """The checked BOARD of the board file at `path`: the desktop tools' one
    way to read a board file (deploy, the simulator, wiring, hwbench,
    pictures); the board itself imports its module (load()). `shown` names
    the file in messages (its name by default)."""
    shown = shown or path.replace("\\", "/").split("/")[-1]
    try:
        with open(path) as f:
            src = f.read()
    except OSError as e:
        raise BoardError("%s: cannot be read: %s" % (shown, e))
    ns = {}
    try:
        exec(compile(src, shown, "exec"), ns)
    except SyntaxError as e:
        line = getattr(e, "lineno", None)
        where = " on line %d" % line if line else ""
        raise BoardError("%s: syntax error%s: %s" % (shown, where, getattr(e, "msg", None) or e))
    except Exception as e:  # a NameError or the like inside the file
        raise BoardError("%s: error while loading: %s: %s" % (shown, type(e).__name__, e))
    if "BOARD" not in ns:
        raise BoardError("%s: no BOARD = {...} in the file" % shown)
    return check(ns["BOARD"], shown)
