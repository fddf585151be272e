"""What MicroPython has and CPython lacks (and back), in one place.

`const` folds to a literal on MicroPython; on CPython it is the identity.
`ticks_ms` / `ticks_diff` wrap the time functions so that game-agnostic code
(the AI's budget) runs on both.
"""
try:
    from micropython import const  # noqa: F401
except ImportError:
    def const(x):
        return x

try:
    from time import ticks_ms, ticks_diff  # noqa: F401
except ImportError:
    import time as _time

    def ticks_ms():
        return int(_time.monotonic() * 1000) & 0x3FFFFFFF

    def ticks_diff(a, b):
        d = (a - b) & 0x3FFFFFFF
        return d - 0x40000000 if d & 0x20000000 else d
