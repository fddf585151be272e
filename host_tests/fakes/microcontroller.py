"""Fake CircuitPython `microcontroller` for the host tests: the Pin type (which
neopixel.py names in its signature) and the CPU's clock (main.set_clock)."""


class Pin:
    pass


class _Processor:
    frequency = 125000000


cpu = _Processor()
