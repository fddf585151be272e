"""hal/circuitpython.py with the real Adafruit NeoPixel library.

neopixel.py and adafruit_pixelbuf.py are the files the CircuitPython deploy
puts in lib/ (the packages pinned in requirements-circuitpython.txt); only
the layer under them is faked: neopixel_write, which gets the bytes that go
out on the wire, digitalio, board and microcontroller (host_tests/fakes). The
bytes must be the ones the MicroPython HAL (hal/rp2.py, on the fake machine
and neopixel) writes for the same board: same colour order (GRB), brightness,
current cap and serpentine chain.
"""
import importlib.util
import os
import random
import sys

import pytest

from tools.link.firmware_path import ROOT

FAKES = os.path.join(ROOT, "host_tests", "fakes")
LIB = os.path.join(ROOT, ".venv", "circuitpython-lib")
# Names the real library and the CircuitPython HAL import, bound for them alone.
BOUND = ("neopixel", "adafruit_pixelbuf", "neopixel_write", "digitalio", "board",
         "microcontroller", "keypad", "supervisor", "pwmio")

pytestmark = pytest.mark.skipif(not os.path.isfile(os.path.join(LIB, "neopixel.py")),
                                reason="needs the CircuitPython library: pip install --no-deps "
                                "--target .venv/circuitpython-lib -r requirements-circuitpython.txt")

import boardcheck  # noqa: E402
from boards.club9 import BOARD as CLUB9  # noqa: E402
from boards.club9_cp import BOARD as CLUB9_CP  # noqa: E402


def load_with_real_library():
    """(hal.circuitpython over the real neopixel.py, the fake neopixel_write,
    hal.rp2 over the fake machine and neopixel), leaving sys.modules and
    sys.path as they were for the other tests."""
    saved = dict((n, sys.modules.pop(n)) for n in BOUND if n in sys.modules)
    sys.path[:0] = [LIB, FAKES]             # the real neopixel first, fakes under it
    try:
        import neopixel
        import neopixel_write
        assert neopixel.__file__.startswith(LIB), neopixel.__file__
        import adafruit_pixelbuf
        assert adafruit_pixelbuf.__file__.startswith(LIB)
        spec = importlib.util.spec_from_file_location(
            "hal_circuitpython_real_neopixel", os.path.join(ROOT, "firmware", "hal",
                                                           "circuitpython.py"))
        cp = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(cp)
        assert cp.neopixel is neopixel
    finally:
        del sys.path[:2]
        for n in BOUND:
            sys.modules.pop(n, None)
        sys.modules.update(saved)
    sys.path.insert(0, FAKES)
    try:
        import machine                       # the fakes of MicroPython's modules
        from hal import rp2
        assert rp2.machine is machine and rp2.neopixel.__file__.startswith(FAKES)
    finally:
        sys.path.remove(FAKES)
        sys.modules.pop("board", None)
    return cp, neopixel_write, rp2, machine


CP, WIRE, RP2, MACHINE = load_with_real_library()


@pytest.fixture
def hals(tmp_path):
    MACHINE.reset()
    del WIRE.sent[:]
    cp_board = boardcheck.check(CLUB9_CP, "club9_cp.py")
    rp2_board = boardcheck.check(CLUB9, "club9.py")
    for field in ("cols", "rows", "led_order", "led_first", "rotation", "brightness",
                  "max_current_ma"):
        assert cp_board[field] == rp2_board[field], field      # one board, two firmwares
    cp = CP.Pixels(cp_board)
    mp = RP2.Pixels(rp2_board)
    return cp, mp


def sent(cp, mp):
    """(the bytes neopixel_write got last, the bytes MicroPython's driver wrote last)."""
    return WIRE.sent[-1][1], mp._np.sent[-1]


def frames():
    rnd = random.Random(25)
    n = 81 * 3
    one = bytearray(n)
    one[3 * 10:3 * 10 + 3] = b"\xff\x40\x00"            # b2 orange
    white = bytearray(b"\xff" * n)                       # past the current cap
    ramp = bytearray(i % 256 for i in range(n))
    noise = bytearray(rnd.randrange(256) for _ in range(n))
    return [("one square", one), ("every LED white", white), ("a ramp", ramp),
            ("noise", noise), ("dark", bytearray(n))]


@pytest.mark.parametrize("name,frame", frames())
def test_the_wire_bytes_are_the_micropython_hals(hals, name, frame):
    cp, mp = hals
    cp.show(frame)
    mp.show(frame)
    wire, micropython = sent(cp, mp)
    assert len(wire) == 81 * 3
    assert wire == micropython, name


def test_colour_order_chain_and_brightness_on_the_wire(hals):
    # b2 (file b, rank 2) is square 10; the serpentine chain runs a1..i1, then
    # i2..a2: b2 is LED 9 + 7 = 16. Red 255 at 40 % is about 102 (hal.ledmap's
    # fixed-point scale gives 101), the second byte: green goes first.
    cp, mp = hals
    frame = bytearray(81 * 3)
    frame[30:33] = b"\xff\x00\x00"
    cp.show(frame)
    wire = WIRE.sent[-1][1]
    g, r, b = wire[16 * 3:16 * 3 + 3]
    assert (g, b) == (0, 0) and 100 <= r <= 102
    assert wire.count(0) == 81 * 3 - 1
    assert WIRE.sent[-1][0].name == "GP22"              # the board file's led_pin


def test_the_library_stays_at_full_brightness_and_ledmap_scales(hals):
    cp, mp = hals
    assert cp._np.brightness == 1.0 and cp._np.auto_write is False
    frame = bytearray(b"\x80" * 81 * 3)
    for percent in (100, 70, 5):
        cp.set_brightness(percent)
        mp.set_brightness(percent)
        cp.show(frame)
        mp.show(frame)
        wire, micropython = sent(cp, mp)
        assert wire == micropython, percent


def test_an_unchanged_frame_is_not_sent_again(hals):
    cp, _ = hals
    frame = bytearray(81 * 3)
    frame[0] = 9
    cp.show(frame)
    cp.show(bytearray(frame))
    assert len(WIRE.sent) == 1
