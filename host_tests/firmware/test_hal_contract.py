"""One conformance test of the HAL contract (firmware/hal/__init__.py) over
every backend: sim, rp2 on the faked `machine`/`neopixel`, CircuitPython on
the faked `keypad`/`neopixel`/`supervisor` (host_tests/fakes).

Each backend comes with a driver that closes a real (faked) switch the way
the hardware would; the tests then check only what the app relies on. What is
particular to a backend (ghosting, the GPIO register scan, keypad's overflow)
stays in its own test file.
"""
import os
import sys
from tools.link.firmware_path import ROOT

FAKES = os.path.join(ROOT, "host_tests", "fakes")
sys.path.insert(0, FAKES)

import machine  # noqa: E402  (the fakes)
import keypad  # noqa: E402
import supervisor  # noqa: E402,F401
import pwmio  # noqa: E402,F401
import pytest  # noqa: E402

import boardcheck  # noqa: E402
import hal as contract  # noqa: E402
from compat import ticks_diff  # noqa: E402
from hal import sim, rp2, MENU, OK, UNDO, HINT, KEY_NAMES  # noqa: E402
from hal import circuitpython as cp  # noqa: E402
from hal import web  # noqa: E402
from hal.storage import FileStorage  # noqa: E402
from helpers import halcheck  # noqa: E402
from helpers.halcheck import check_every_object_is_the_contracts, check_a_frame_goes_down_the_chain  # noqa: E402
from boards.club9 import BOARD as CLUB9  # noqa: E402
from boards.club9_cp import BOARD as CLUB9_CP  # noqa: E402

sys.path.remove(FAKES)
sys.modules.pop("board", None)


class SimDriver:
    name = "sim"

    def __init__(self, tmp):
        self.board = boardcheck.check(CLUB9, "club9.py")
        self.hal = sim.Hal(self.board, FileStorage(tmp))
        self.t = 0

    def switch(self, key, closed):
        (self.hal.matrix.press if closed else self.hal.matrix.release)(key)

    def scan(self):
        self.t += 10
        return list(self.hal.matrix.scan(self.t))


class Rp2Driver:
    name = "rp2"

    def __init__(self, tmp):
        machine.reset()
        self.board = boardcheck.check(CLUB9, "club9.py")
        self.hal = rp2.Hal(self.board, FileStorage(tmp))
        self.t = 0

    def switch(self, key, closed):
        row, col = matrix_position(self.board, key)
        machine.set_switch(self.board["row_pins"][row], self.board["col_pins"][col],
                           is_closed=closed)

    def scan(self):
        out = []
        for _ in range(4):                    # past the 20 ms debounce
            self.t += 10
            out += list(self.hal.matrix.scan(self.t))
        return out


class CircuitPythonDriver:
    name = "circuitpython"

    def __init__(self, tmp):
        keypad.SUPPORTS_THRESHOLD = True
        self.board = boardcheck.check(CLUB9_CP, "club9_cp.py")
        self.hal = cp.Hal(self.board, FileStorage(tmp))

    def switch(self, key, closed):
        row, col = matrix_position(self.board, key)
        self.hal.matrix.km.set_switch(row, col, closed)

    def scan(self):
        km = self.hal.matrix.km
        km.run_scans(km.debounce_threshold)
        return list(self.hal.matrix.scan())


class PageLink:
    """The page's side of the web backend as web/page/link.js offers it
    (switches as '0'/'1', the clock, what the page is told); the same checks
    run on MicroPython's WebAssembly port in Node with link.js itself below."""

    def __init__(self, size):
        self.raw = bytearray(size)
        self.told = []

    def switches(self):
        return "".join("1" if v else "0" for v in self.raw)

    def now(self):
        import time
        return int(time.monotonic() * 1000)

    def show(self, hex_frame, scale):
        self.told.append(("frame", hex_frame, scale))

    def beep(self, freq, ms):
        self.told.append(("beep", freq, ms))

    def saved(self, path, b64):
        self.told.append(("saved", path, b64))

    def renamed(self, old, new):
        self.told.append(("renamed", old, new))

    def removed(self, path):
        self.told.append(("removed", path))


class WebDriver:
    name = "web"

    def __init__(self, tmp):
        self.board = boardcheck.check(CLUB9, "club9.py")
        self.link = PageLink(85)
        self.hal = web.Hal(self.board, web.flash(tmp, self.link), self.link)
        self.t = 0

    def switch(self, key, closed):
        self.link.raw[key] = 1 if closed else 0

    def scan(self):
        out = []
        for _ in range(self.hal.matrix.scans):     # past the switch's 20 ms lockout
            self.t += 10
            out += list(self.hal.matrix.scan(self.t))
        return out


def matrix_position(board, key):
    """(matrix row, matrix column) of a key number: squares by rank and file,
    function keys where the board file puts them."""
    n = board["cols"] * board["rows"]
    if key < n:
        return key // board["cols"], key % board["cols"]
    return board["keys"][KEY_NAMES[key - n]]


@pytest.fixture(params=[SimDriver, Rp2Driver, CircuitPythonDriver, WebDriver], ids=lambda d: d.name)
def driver(request, tmp_path):
    return request.param(str(tmp_path))


def test_every_object_is_the_contracts_and_overrides_every_method(driver):
    h = driver.hal
    check_every_object_is_the_contracts(h)
    assert h.matrix.cols == 9 and h.matrix.rows == 9 and h.matrix.size == 85


def test_a_square_and_each_function_key_report_their_key_numbers(driver):
    m = driver.hal.matrix
    n = 81
    for key in (0, 8, 2 * 9 + 3, 80, n + MENU, n + OK, n + UNDO, n + HINT):
        driver.switch(key, True)
        assert driver.scan() == [(key, True)], key
        assert m.is_down(key)
        assert driver.scan() == []                     # reported once
        driver.switch(key, False)
        assert driver.scan() == [(key, False)], key
        assert not m.is_down(key)


def test_several_switches_at_once_are_each_reported(driver):
    keys = (0, 10, 40, 80)
    for k in keys:
        driver.switch(k, True)
    assert sorted(driver.scan()) == [(k, True) for k in keys]
    assert all(driver.hal.matrix.is_down(k) for k in keys)


def test_a_frame_goes_down_the_chain_as_ledmap_maps_it_with_the_cap(driver):
    px = driver.hal.pixels
    check_a_frame_goes_down_the_chain(px, driver.board)
    assert px.shows >= 1


def test_clock_ticks_are_small_wrapping_ints_and_never_go_back(driver):
    c = driver.hal.clock
    t0 = c.ticks_ms()
    c.sleep_ms(2)
    t1 = c.ticks_ms()
    assert 0 <= t0 < (1 << 30) and 0 <= t1 < (1 << 30)
    assert ticks_diff(t1, t0) >= 0


def test_storage_and_sound(driver):
    h = driver.hal
    h.storage.write_atomic("x.txt", "hi")
    assert h.storage.read("x.txt") == b"hi"
    h.sound.beep(440, 10)                              # never raises


class SteppingClock:
    """Time that moves by the loop's own sleeps: no real waiting in tests."""
    def __init__(self):
        self.t = 0

    def ticks_ms(self):
        return self.t

    def sleep_ms(self, ms):
        self.t += ms


def test_the_app_loop_runs_on_the_backend(driver, tmp_path):
    from app.loop import run
    h = driver.hal
    h.clock = SteppingClock()
    driver.switch(4 * 9 + 4, True)                     # a piece on e5 at boot
    run(driver.board, h, passes=40)
    assert h.pixels.shows >= 1
    assert not (tmp_path / "error.log").exists()


def test_main_picks_the_backend_from_the_board_files_platform():
    import main
    assert contract.backend("micropython") == "hal.rp2"
    assert contract.backend("circuitpython") == "hal.circuitpython"
    machine.reset()
    h = main.build_hal(boardcheck.check(CLUB9, "club9.py"))
    assert isinstance(h, rp2.Hal)
    h = main.build_hal(boardcheck.check(CLUB9_CP, "club9_cp.py"))
    assert isinstance(h, cp.Hal)


# The web backend on MicroPython's WebAssembly port in Node, with the page's
# own link.js (web/page/link.js) as its `webboard`: the checks above, there
# (halcheck's sent ahead of it as source).
WEB_CONTRACT = """
import boardcheck
import webboard
from hal import web
from compat import ticks_diff
board = boardcheck.load("board")
h = web.Hal(board, web.flash("/flash"))

def scan():
    out = []
    for _ in range(h.matrix.scans):
        webboard.advance(10)
        out += h.matrix.scan()
    return out

check_every_object_is_the_contracts(h)
assert (h.matrix.cols, h.matrix.rows, h.matrix.size) == (9, 9, 85)
for key in (0, 8, 21, 80, 81, 82, 83, 84):
    webboard.set_switch(key, True)
    assert scan() == [(key, True)], key
    assert h.matrix.is_down(key) and scan() == []
    webboard.set_switch(key, False)
    assert scan() == [(key, False)] and not h.matrix.is_down(key), key
for k in (0, 10, 40, 80):
    webboard.set_switch(k, True)
assert sorted(scan()) == [(k, True) for k in (0, 10, 40, 80)]
check_a_frame_goes_down_the_chain(h.pixels, board)
assert h.pixels.shows == 1
t0 = h.clock.ticks_ms()
webboard.advance(5)
t1 = h.clock.ticks_ms()
assert 0 <= t0 < (1 << 30) and ticks_diff(t1, t0) == 5
h.storage.write_atomic("x.txt", "hi")
assert h.storage.read("x.txt") == b"hi"
h.sound.beep(440, 10)
told = webboard.told()
print(told.count('"frame"'), told.count('"saved"'), told.count('"renamed"'), told.count('"beep"'))
from app.core import App
app = App(board, h)
for _ in range(40):
    webboard.advance(10)
    now = h.clock.ticks_ms()
    h.pixels.show(app.step(now, h.matrix.scan(now)))
assert app.errors == 0 and h.storage.read("error.log") is None
print("CONTRACT OK")
"""


def test_the_web_backend_meets_the_contract_on_micropython_webassembly_in_node():
    from helpers.webpage import run_in_node
    with open(halcheck.__file__) as f:
        checks = f.read()
    code, out, err = run_in_node(checks + WEB_CONTRACT)
    assert code == 0, err
    lines = out.split()
    assert lines[-2:] == ["CONTRACT", "OK"], out + err
    # One frame told to the page, the write as a whole file then its rename.
    assert lines[:4] == ["1", "1", "1", "1"], out
