"""From a logical frame to the bytes an LED chain wants: order, rotation, power.

Pure arithmetic shared by every backend, so the simulator shows exactly what a
real chain would be sent; and copy_bytes, the frame-sized copy the backends
and the app's screen make without allocating.
"""
from compat import viper, ptr8


def chain_order(cols, rows, order="serpentine", first="a1", rotation=0):
    """A tuple: chain position -> logical square index (y*cols + x).

    order: "serpentine" (every other row runs back) or "rows" (every row the
    same way). first: the corner square where the chain starts ("a1", "i1",
    "a9", "i9" for a 9x9 board, named in the board's own rotation). rotation:
    0/90/180/270 degrees, how the grid is turned relative to seat 0's view
    (only for square boards when 90/270).
    """
    last_x, last_y = cols - 1, rows - 1
    corner = first.lower()
    start_right = corner[0] != "a"
    start_top = corner[1:] != "1"
    out = []
    for r in range(rows):
        y = last_y - r if start_top else r
        backwards = start_right
        if order == "serpentine" and r % 2 == 1:
            backwards = not backwards
        for c in range(cols):
            x = last_x - c if backwards else c
            out.append(_rotate(x, y, cols, rows, rotation))
    return tuple(out)


def _rotate(x, y, cols, rows, rotation):
    if rotation == 0:
        return y * cols + x
    if rotation == 180:
        return (rows - 1 - y) * cols + (cols - 1 - x)
    if rotation == 90:
        return x * cols + (cols - 1 - y)
    if rotation == 270:
        return (rows - 1 - x) * cols + y
    raise ValueError("rotation must be 0, 90, 180 or 270")


def power_scale(frame, brightness, max_current_ma, ma_per_channel=20):
    """The factor (0..256, /256) to apply so the frame respects both limits.

    brightness is a percentage cap; a WS2812 draws about ma_per_channel mA per
    channel at full value, so the frame's current is sum(values)/255*20 mA.
    """
    scale = brightness * 256 // 100
    total = sum(frame)
    ma = total * scale * ma_per_channel // (255 * 256)
    if ma > max_current_ma and ma > 0:
        scale = scale * max_current_ma // ma
    return scale


def to_chain(frame, order, scale, out, grb=True):
    """Fill `out` (bytearray len(order)*3) with the frame in chain order, scaled."""
    i = 0
    for sq in order:
        j = sq * 3
        r = frame[j] * scale >> 8
        g = frame[j + 1] * scale >> 8
        b = frame[j + 2] * scale >> 8
        if grb:
            out[i] = g
            out[i + 1] = r
        else:
            out[i] = r
            out[i + 1] = g
        out[i + 2] = b
        i += 3
    return out


@viper
def copy_bytes(dst, src, n: int):
    """dst[0:n] = src[0:n] (bytearrays, or src bytes) without a slice, which
    is an object on the heap on the Pico's MicroPython 1.25 (a drawn pass
    would allocate), nor a bytecode loop (about 1 ms for a frame): on the
    board it is viper machine code, a few microseconds."""
    d = ptr8(dst)
    s = ptr8(src)
    for i in range(n):
        d[i] = s[i]


@viper
def paint(dst, first: int, n: int, rgb: int):
    """Squares first .. first + n - 1 of an RGB frame in one colour (rgb as
    0xRRGGBB: a viper function takes at most four arguments); on the board
    viper machine code, where a bytecode loop takes about 10 us a square."""
    d = ptr8(dst)
    r = (rgb >> 16) & 0xFF
    g = (rgb >> 8) & 0xFF
    b = rgb & 0xFF
    j = first * 3
    end = j + n * 3
    while j < end:
        d[j] = r
        d[j + 1] = g
        d[j + 2] = b
        j += 3


@viper
def to_chain_grb(frame, order, scale: int, out, n: int):
    """to_chain for GRB chains, in viper machine code on the board: the `n`
    squares of `order` (bytes: square numbers below 256) into `out`. The
    rp2 backend's frame, about 20 us a LED in bytecode."""
    f = ptr8(frame)
    o = ptr8(order)
    d = ptr8(out)
    i = 0
    for k in range(n):
        j = o[k] * 3
        d[i] = (f[j + 1] * scale) >> 8
        d[i + 1] = (f[j] * scale) >> 8
        d[i + 2] = (f[j + 2] * scale) >> 8
        i += 3
