"""The rp2 backend against fake machine/neopixel modules (host_tests/fakes).

The fake machine wires a diode switch matrix between the pins, so these
tests close switches and the backend must find them by scanning.
"""
import os
import sys
from tools.link.firmware_path import ROOT

FAKES = os.path.join(ROOT, "host_tests", "fakes")
sys.path.insert(0, FAKES)

import machine  # noqa: E402  (the fake)
import pytest  # noqa: E402

import boardcheck  # noqa: E402
from hal import ledmap, MENU, OK, UNDO, HINT  # noqa: E402
from hal import rp2  # noqa: E402
from hal.storage import FileStorage  # noqa: E402

from boards.club9 import BOARD as CLUB9_REED  # noqa: E402
from boards.club8 import BOARD as CLUB8  # noqa: E402

# The backend now holds the fakes it imported: leave the path to other tests.
sys.path.remove(FAKES)

# club9's wiring with buttons (a reed board's matrix debounces the same way:
# the tests at the end).
CLUB9 = dict(CLUB9_REED, sensing="button")


@pytest.fixture(params=["port", "pins"])
def hal(request, tmp_path, monkeypatch):
    """club9's Hal, scanning by the GPIO input register and by Pin.value()."""
    machine.reset()
    monkeypatch.setattr(rp2, "PORT_READ", request.param == "port")
    h = rp2.Hal(boardcheck.check(CLUB9, "club9.py"), FileStorage(str(tmp_path)))
    assert h.matrix.port_read == (request.param == "port")
    return h


def square(board, x, y):
    """Close/open helper: the (row gpio, column gpio) of square (x, y)."""
    return board["row_pins"][y], board["col_pins"][x]


def test_pins_are_set_up_rows_driven_high_columns_pulled_up(hal):
    for p in CLUB9["row_pins"]:
        assert machine.pins[p].mode == machine.Pin.OUT and machine.pins[p]._out == 1
    for p in CLUB9["col_pins"]:
        assert machine.pins[p].mode == machine.Pin.IN and machine.pins[p].pull == machine.Pin.PULL_UP


def test_a_change_counts_at_the_first_scan_then_the_switch_is_locked_out(hal):
    m = hal.matrix
    machine.set_switch(*square(CLUB9, 3, 2))   # d3
    assert m.scan(0) == [(2 * 9 + 3, True)]    # answered at once
    assert m.is_down(21) and not m.is_down(22)
    assert list(m.scan(10)) == []              # reported once
    machine.set_switch(*square(CLUB9, 3, 2), is_closed=False)
    assert m.scan(40) == [(21, False)]         # past the 20 ms lockout: at once too
    assert not m.is_down(21)
    # A release within the lockout counts when the lockout ends.
    machine.set_switch(*square(CLUB9, 3, 2))
    assert m.scan(100) == [(21, True)]
    machine.set_switch(*square(CLUB9, 3, 2), is_closed=False)
    assert list(m.scan(110)) == []
    assert m.scan(120) == [(21, False)]


def chatter(m, sw, t, edges, gap=2):
    """A contact that bounces: `edges` readings `gap` ms apart from time t,
    each scanned; every event reported, with the time of its scan."""
    got = []
    for closed in edges:
        machine.set_switch(*sw, is_closed=closed)
        got += [(t, e) for e in m.scan(t)]
        t += gap
    return got, t


def test_a_chattering_press_and_release_count_once_each_at_their_first_scan(hal):
    # Issue 21: the touch is answered at the first scan that sees it, and
    # the contact's bounces (a few ms of chatter on closing and on opening)
    # make neither a second press nor a release in between.
    m = hal.matrix
    sw = square(CLUB9, 0, 0)
    press, t = chatter(m, sw, 1000, (True, False, True, False, True, True, True))
    assert press == [(1000, (0, True))]
    for t in range(1020, 1100, 10):            # held down
        assert list(m.scan(t)) == [] and m.is_down(0)
    release, t = chatter(m, sw, 1100, (False, True, False, True, False, False, False))
    assert release == [(1100, (0, False))]
    for t in range(1120, 1200, 10):
        assert list(m.scan(t)) == [] and not m.is_down(0)
    # A quick tap whose release chatters inside the press's lockout: one
    # press, then one release when the lockout ends.
    got, t = chatter(m, sw, 2000, (True, True, False, True, False, False, False, False))
    assert got == [(2000, (0, True))]
    assert m.scan(2020) == [(0, False)] and list(m.scan(2030)) == []


def test_every_square_maps_to_y_cols_plus_x(hal):
    m = hal.matrix
    for y in range(9):
        for x in range(9):
            machine.set_switch(*square(CLUB9, x, y))
            assert m.scan(1000 * (y * 9 + x)) == [(y * 9 + x, True)]
            machine.set_switch(*square(CLUB9, x, y), is_closed=False)
            assert m.scan(1000 * (y * 9 + x) + 50) == [(y * 9 + x, False)]


def test_function_keys_map_after_the_squares(hal):
    m = hal.matrix
    rows = CLUB9["row_pins"]
    cols = CLUB9["col_pins"]
    for name, idx in (("menu", MENU), ("ok", OK), ("undo", UNDO), ("hint", HINT)):
        r, c = CLUB9["keys"][name]
        machine.set_switch(rows[r], cols[c])
        assert m.scan(0) == [(81 + idx, True)], name
        machine.set_switch(rows[r], cols[c], is_closed=False)
        assert m.scan(55) == [(81 + idx, False)]
    # Matrix positions that hold neither a square nor a key report nothing.
    machine.set_switch(rows[9], cols[8])
    m.scan(100)
    assert list(m.scan(200)) == []


def test_many_pieces_at_once_and_no_ghosts_with_diodes(hal):
    m = hal.matrix
    # Three corners of a rectangle: without diodes the fourth would appear.
    for x, y in ((1, 1), (5, 1), (1, 6)):
        machine.set_switch(*square(CLUB9, x, y))
    got = sorted(m.scan(0))
    assert got == [(1 * 9 + 1, True), (1 * 9 + 5, True), (6 * 9 + 1, True)]
    assert not m.is_down(6 * 9 + 5)


def test_without_diodes_the_fourth_corner_ghosts(hal):
    # Why docs/makers/hardware.md asks for a diode per switch.
    machine.DIODES = False
    m = hal.matrix
    for x, y in ((1, 1), (5, 1), (1, 6)):
        machine.set_switch(*square(CLUB9, x, y))
    assert (6 * 9 + 5, True) in m.scan(0)


def test_initial_pieces_are_reported_and_a_quiet_scan_allocates_nothing(hal):
    m = hal.matrix
    for x in range(9):
        machine.set_switch(*square(CLUB9, x, 0))
        machine.set_switch(*square(CLUB9, x, 8))
    assert len(m.scan(0)) == 18
    m.scan(10)
    quiet = m.scan(30)                           # the lockout over
    assert quiet == () and quiet is m.scan(40)   # the one shared empty tuple


def test_scan_reads_every_switch_once():
    machine.reset()
    board = boardcheck.check(CLUB9, "club9.py")
    m = rp2.Matrix(board, port_read=False)
    machine.reads = machine.writes = 0
    m.scan(0)
    assert machine.reads == 10 * 9           # 85 switches on a 10 x 9 matrix
    assert machine.writes == 2 * 10          # each row low, then high again
    m = rp2.Matrix(board, port_read=True)
    machine.reads = machine.writes = machine.port_reads = 0
    m.scan(0)
    assert machine.port_reads == 10 and machine.reads == 0   # one register read per row
    assert machine.writes == 2 * 10


def test_columns_not_in_order_scan_pin_by_pin():
    machine.reset()
    b = dict(CLUB9)
    b["col_pins"] = (10, 11, 12, 13, 14, 15, 16, 18, 17)     # two wires swapped
    board = boardcheck.check(b, "b.py")
    m = rp2.Matrix(board, port_read=True)
    assert not m.port_read
    machine.set_switch(CLUB9["row_pins"][0], 18)            # file h is on GP18 now
    assert m.scan(0) == [(7, True)]


def test_debounce_zero_reports_in_the_same_scan(tmp_path):
    machine.reset()
    b = dict(CLUB9)
    b["debounce_ms"] = 0
    m = rp2.Matrix(boardcheck.check(b, "b.py"))
    machine.set_switch(*square(CLUB9, 8, 8))
    assert m.scan(5) == [(80, True)]


def test_ticks_wrap_does_not_stall_debounce(hal):
    m = hal.matrix
    machine.set_switch(*square(CLUB9, 2, 2))
    near_wrap = 0x3FFFFFFF - 5
    assert m.scan(near_wrap) == [(20, True)]
    machine.set_switch(*square(CLUB9, 2, 2), is_closed=False)
    assert list(m.scan(4)) == []               # 10 ms later, across the wrap: locked out
    assert m.scan(14) == [(20, False)]         # 20 ms later, across the wrap


def frame_of(n, fn):
    f = bytearray(n * 3)
    for i in range(n):
        f[i * 3:i * 3 + 3] = bytes(fn(i))
    return f


def test_frame_goes_out_in_serpentine_order_grb_scaled(hal):
    import neopixel
    np = neopixel.instances[-1]
    assert machine.pins[22] is np.pin
    frame = frame_of(81, lambda i: (i, 2 * i % 256, 100))
    hal.pixels.show(frame)
    assert len(np.sent) == 1
    out = np.sent[-1]
    scale = ledmap.power_scale(frame, 40, 1800)
    assert scale == 40 * 256 // 100                    # under the cap: brightness only
    # serpentine from a1: a1..i1, then i2..a2, then a3..i3
    expect_squares = list(range(9)) + list(range(17, 8, -1)) + list(range(18, 27))
    for pos, sq in enumerate(expect_squares):
        r, g, b = frame[sq * 3:sq * 3 + 3]
        assert out[pos * 3:pos * 3 + 3] == bytes((g * scale >> 8, r * scale >> 8, b * scale >> 8)), pos


def test_current_cap_scales_a_white_board_down(tmp_path):
    machine.reset()
    b = dict(CLUB9)
    b["brightness"] = 100
    b["max_current_ma"] = 500
    hal = rp2.Hal(boardcheck.check(b, "b.py"), FileStorage(str(tmp_path)))
    import neopixel
    np = neopixel.instances[-1]
    hal.pixels.show(bytearray([255] * 243))
    out = np.sent[-1]
    ma = sum(out) * 20 // 255
    assert ma <= 500 and ma > 400            # capped, not blacked out
    assert len(set(out)) == 1                # every channel scaled alike


def test_unchanged_frame_is_not_sent_again(hal):
    import neopixel
    np = neopixel.instances[-1]
    f = frame_of(81, lambda i: (10, 20, 30))
    hal.pixels.show(f)
    hal.pixels.show(bytearray(f))
    assert len(np.sent) == 1 and hal.pixels.shows == 1
    f[0] = 99
    hal.pixels.show(f)
    assert len(np.sent) == 2
    hal.pixels.set_brightness(10)
    hal.pixels.show(f)
    assert len(np.sent) == 3 and max(np.sent[-1]) < 99
    assert hal.pixels.rgb(0) == (99, 20, 30)


def test_club8_scans_its_own_pins(tmp_path):
    machine.reset()
    hal = rp2.Hal(boardcheck.check(CLUB8, "club8.py"), FileStorage(str(tmp_path)))
    m = hal.matrix
    machine.set_switch(*square(CLUB8, 7, 7))            # h8
    r, c = CLUB8["keys"]["hint"]
    machine.set_switch(CLUB8["row_pins"][r], CLUB8["col_pins"][c])
    assert sorted(m.scan(0)) == [(63, True), (64 + HINT, True)]
    import neopixel
    assert neopixel.instances[-1].n == 64


def test_beep_starts_the_tone_and_a_timer_stops_it(hal):
    pwm = machine.pwms[19]
    hal.sound.beep(880, 50)
    assert pwm.freq() == 880 and pwm.duty_u16() == 32768
    t = machine.timers[-1]
    assert t.mode == machine.Timer.ONE_SHOT and t.period == 50
    machine.fire_timers()
    assert pwm.duty_u16() == 0


def test_every_calls_back_with_the_time_until_stopped(hal):
    """The thinking spinner's timer: periodic, the time passed in, and a
    callback that fails stops its timer instead of failing every period."""
    got = []
    t = hal.clock.every(80, got.append)
    assert t.mode == machine.Timer.PERIODIC and t.period == 80
    machine.fire_timers()
    machine.fire_timers()
    assert len(got) == 2 and all(isinstance(x, int) for x in got)
    t.deinit()
    machine.fire_timers()
    assert len(got) == 2

    def broken(now):
        raise MemoryError
    t = hal.clock.every(80, broken)
    machine.fire_timers()
    assert not t.active


def test_no_buzzer_is_silent(tmp_path):
    machine.reset()
    b = dict(CLUB9)
    b["buzzer_pin"] = None
    hal = rp2.Hal(boardcheck.check(b, "b.py"), FileStorage(str(tmp_path)))
    hal.sound.beep(440, 10)
    assert machine.pwms == {}


@pytest.mark.parametrize("order,first,rotation,cap", [
    ("serpentine", "a1", 0, 1800), ("rows", "i9", 180, 1800), ("serpentine", "i1", 90, 1800),
    ("serpentine", "a9", 270, 300), ("serpentine", "a1", 0, 250)])
def test_changed_rows_only_gives_the_same_chain_as_ledmap(tmp_path, order, first, rotation, cap):
    # Pixels recomputes only the chain segments of changed rows: after any
    # sequence of frames the chain must be what ledmap makes of the whole frame.
    import random
    import neopixel
    machine.reset()
    b = dict(CLUB9, led_order=order, led_first=first, rotation=rotation, max_current_ma=cap,
             brightness=60)
    px = rp2.Pixels(boardcheck.check(b, "b.py"))
    np = neopixel.instances[-1]
    ref_order = ledmap.chain_order(9, 9, order, first, rotation)
    rnd = random.Random(rotation + cap)
    frame = bytearray(243)
    for step in range(60):
        kind = step % 4
        if kind == 0:                          # one square changes
            frame[rnd.randrange(243)] = rnd.randrange(256)
        elif kind == 1:                        # a whole rank
            y = rnd.randrange(9)
            for i in range(y * 27, y * 27 + 27):
                frame[i] = rnd.randrange(256)
        elif kind == 2:                        # nothing changes
            pass
        else:                                  # everything, sometimes dark
            for i in range(243):
                frame[i] = rnd.randrange(256) if step % 8 else 0
        px.show(frame)
        scale = ledmap.power_scale(frame, 60, cap)
        want = ledmap.to_chain(frame, ref_order, scale, bytearray(243))
        assert bytes(np.buf) == bytes(want), step
        assert np.sent[-1] == bytes(want)


MP_SCRIPT = r"""
import sys
sys.path.insert(0, "host_tests/fakes")
sys.path.insert(0, "firmware")
sys.path.insert(0, ".")
import machine
import boardcheck
from hal import rp2, ledmap
import neopixel
b = boardcheck.load("boards.club9")
for port in (True, False):
    machine.reset()
    m = rp2.Matrix(b, port_read=port)
    machine.set_switch(3, 14)
    print("SCAN", port, m.port_read, m.scan(0), m.is_down(31), m.scan(10))
px = rp2.Pixels(dict(b, max_current_ma=400, brightness=80))
np = neopixel.instances[-1]
f = bytearray(243)
x = 7
bad = 0
for step in range(40):
    for k in range(step % 5 * 20 + 1):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        f[(x >> 8) % 243] = (x >> 16) & 255
    px.show(f)
    want = ledmap.to_chain(f, px.order, ledmap.power_scale(f, 80, 400), bytearray(243))
    if bytes(np.buf) != bytes(want):
        bad += 1
print("MISMATCHES", bad)
"""


def test_the_backend_on_micropython():
    # The same code on MicroPython's unix port (the fake machine.py shadows
    # its built-in one): scanning both ways and the changed-rows frame path.
    from helpers.mptools import run_micropython
    r = run_micropython(["-c", MP_SCRIPT], timeout=60)
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    assert "SCAN True True [(31, True)] True ()" in out
    assert "SCAN False False [(31, True)] True ()" in out
    assert "MISMATCHES 0" in out


def test_a_reed_square_answers_at_once_and_its_bounces_count_once():
    # However long the loop between scans (the board thinking), a reed
    # square's change counts at the scan that reads it; a bounce or a magnet
    # that flickers within the lockout counts no second time, and what the
    # switch reads when the lockout ends is what counts next.
    machine.reset()
    m = rp2.Matrix(boardcheck.check(CLUB9_REED, "club9.py"))
    sw = square(CLUB9_REED, 4, 4)
    machine.set_switch(*sw)
    assert m.scan(0) == [(40, True)]
    for i, closed in enumerate((False, True, False, True)):   # four bounce edges 3 ms apart
        machine.set_switch(*sw, is_closed=closed)
        assert list(m.scan(3 + 3 * i)) == []
    assert list(m.scan(500)) == []             # it rests closed: nothing more
    machine.set_switch(*sw, is_closed=False)   # and lifted at last
    assert m.scan(600) == [(40, False)]
    assert not m.is_down(40)


def test_a_button_board_reports_after_the_debounce_time_alone():
    machine.reset()
    b = dict(CLUB9, debounce_ms=0)
    m = rp2.Matrix(boardcheck.check(b, "b.py"))
    machine.set_switch(*square(CLUB9, 8, 8))
    assert m.scan(5) == [(80, True)]


def test_paint_sets_a_run_of_squares_to_one_colour_and_nothing_else():
    from hal.ledmap import paint
    f = bytearray(range(30))
    paint(f, 2, 3, 0x102030)
    assert f[6:15] == bytes([16, 32, 48] * 3)
    assert f[:6] == bytes(range(6)) and f[15:] == bytes(range(15, 30))
