"""What the board says when a module it needs is not on it (start.py).

A CircuitPython drive without lib/neopixel.py (copied by hand, or a file
deleted from the CIRCUITPY drive), a firmware without `keypad`: the HAL
cannot be built, so the app cannot run. Instead of a traceback on a console
nobody has open and dark squares, the board scrolls the module's name on its
LEDs, through the LED driver built into the firmware (CircuitPython's
`neopixel_write`, MicroPython's `neopixel`), and prints how to put it back.
It writes nothing: the saves and the record book stay as they are, for the
firmware to find once the module is back. Loaded only then.
"""
from compat import ticks_ms, ticks_diff, sleep_ms

# A module the firmware needs is not on the board (its name follows); said
# with tr() (app/lang.py) below, N_() here names it for the catalogues.
MISSING = "MISSING MODULE %s"
HELP = ("MISSING MODULE %s: put the firmware on again with python -m tools.deploy "
        "(docs/makers/deploy.md); the saved games are untouched")


def module_name(e):
    """The module an ImportError names ('neopixel'), or '?'."""
    text = str(e)
    if "'" in text:
        return text.split("'")[1]
    return text.split()[-1] if text else "?"


def writer(board):
    """write(chain bytes, GRB) to the LED chain by the firmware's own driver, or None."""
    pin = board["led_pin"]
    try:
        import neopixel_write
        import digitalio
        import board as pins
        out = digitalio.DigitalInOut(getattr(pins, pin))
        out.direction = digitalio.Direction.OUTPUT
        return lambda buf: neopixel_write.neopixel_write(out, buf)
    except ImportError:
        pass
    try:
        import machine
        import neopixel
        np = neopixel.NeoPixel(machine.Pin(pin), board["cols"] * board["rows"])

        def write(buf):
            np.buf[:] = buf
            np.write()
        return write
    except (ImportError, AttributeError):
        return None


def words(board):
    """MISSING in the board's language (its setting on flash, else the board
    file's), in English when the language's own modules are what is missing."""
    try:
        from app.lang import N_, tr
        from app import langset
        from hal.storage import FileStorage
        langset.start(FileStorage(""), board)
        return tr(N_("MISSING MODULE %s"))
    except (ImportError, OSError, ValueError):
        return MISSING


def say(board, e, seconds=None):
    """Scroll MISSING MODULE <name> until reset (or `seconds`)."""
    name = module_name(e)
    print(HELP % name)
    try:
        from app.screen import Screen, Scroll, ERROR
        from hal import ledmap
        write = writer(board)
    except ImportError:
        return
    if write is None:
        return
    cols, rows = board["cols"], board["rows"]
    order = ledmap.chain_order(cols, rows, board.get("led_order", "serpentine"),
                               board.get("led_first", "a1"), board.get("rotation", 0))
    scr = Screen(cols, rows)
    chain = bytearray(cols * rows * 3)
    scroll = Scroll(words(board) % name.upper(), cols, ERROR, loop=True)
    t0 = ticks_ms()
    while seconds is None or ticks_diff(ticks_ms(), t0) < seconds * 1000:
        now = ticks_ms()
        scr.clear()
        scroll.draw(scr, now)
        scale = ledmap.power_scale(scr.frame, board.get("brightness", 40),
                                   board.get("max_current_ma", 500))
        write(ledmap.to_chain(scr.frame, order, scale, chain))
        sleep_ms(50)
