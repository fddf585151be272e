"""Fake CircuitPython `supervisor` for the host tests: ticks_ms() as a test sets it.

CircuitPython's supervisor.ticks_ms() wraps at 2**29; `now` may be set past
that to play a wrap.
"""
now = 0


def ticks_ms():
    return now & 0x1FFFFFFF
