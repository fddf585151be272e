"""Fake `neopixel` for the host tests, in both flavours, chosen by the pin:

- MicroPython's built-in driver, NeoPixel(machine.Pin, n): GRB bytes in .buf,
  write() sends them;
- Adafruit's CircuitPython library, NeoPixel(board pin, n, brightness=...,
  auto_write=...): pixels set by index (tuple or 0xRRGGBB), show() sends.

Each keeps what it sent (`sent`), and `instances` lists them all.
"""
import machine

GRB = "GRB"
RGB = "RGB"
instances = []


def NeoPixel(pin, n, *args, **kwargs):
    if isinstance(pin, machine.Pin):
        np = _MicroPythonNeoPixel(pin, n, *args, **kwargs)
    else:
        np = _CircuitPythonNeoPixel(pin, n, *args, **kwargs)
    instances.append(np)
    return np


class _MicroPythonNeoPixel:
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin, self.n, self.bpp, self.timing = pin, n, bpp, timing
        self.made_at_hz = machine.hz      # the clock it was built under
        self.buf = bytearray(n * bpp)
        self.sent = []

    def __len__(self):
        return self.n

    def __setitem__(self, i, v):
        off = i * self.bpp
        for k in range(self.bpp):
            self.buf[off + self.ORDER[k]] = v[k]

    def __getitem__(self, i):
        off = i * self.bpp
        return tuple(self.buf[off + self.ORDER[k]] for k in range(self.bpp))

    def fill(self, v):
        for i in range(self.n):
            self[i] = v

    def write(self):
        self.sent.append(bytes(self.buf))


class _CircuitPythonNeoPixel:
    def __init__(self, pin, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None):
        self.pin, self.n, self.bpp = pin, n, bpp
        self.brightness = brightness
        self.auto_write = auto_write
        self.byteorder = pixel_order or GRB
        self._px = [(0, 0, 0)] * n
        self.sent = []          # a list of (r, g, b) per pixel, per show()

    def __len__(self):
        return self.n

    def __setitem__(self, i, v):
        if isinstance(v, int):
            v = (v >> 16 & 255, v >> 8 & 255, v & 255)
        self._px[i] = tuple(v)
        if self.auto_write:
            self.show()

    def __getitem__(self, i):
        return self._px[i]

    def fill(self, v):
        for i in range(self.n):
            self[i] = v

    def show(self):
        b = self.brightness
        self.sent.append([(int(r * b), int(g * b), int(bl * b)) for r, g, bl in self._px])

    def deinit(self):
        pass
