"""The CircuitPython backend on CPython, with board/keypad/neopixel/pwmio/
supervisor replaced by the fakes in host_tests/fakes."""
import os
import sys
from tools.link.firmware_path import ROOT

FAKES = os.path.join(ROOT, "host_tests", "fakes")
sys.path.insert(0, FAKES)

import keypad  # noqa: E402  (the fakes)
import digitalio  # noqa: E402
import neopixel  # noqa: E402
import supervisor  # noqa: E402
import pwmio  # noqa: E402,F401  (Sound imports it when built)
import pytest  # noqa: E402

import boardcheck  # noqa: E402
from hal import ledmap, MENU, OK, UNDO, HINT  # noqa: E402
from hal import circuitpython as cp  # noqa: E402
from hal.storage import FileStorage  # noqa: E402

from boards.club9_cp import BOARD as CLUB9_CP  # noqa: E402

BOARD = boardcheck.check(CLUB9_CP, "club9_cp.py")

# The backends now hold the fakes they imported. Leave the path, and the name
# `board` (also the module name of a board file on the Pico), to other tests.
sys.path.remove(FAKES)
sys.modules.pop("board", None)


@pytest.fixture
def hal(tmp_path):
    keypad.SUPPORTS_THRESHOLD = True
    digitalio.reset()
    yield cp.Hal(BOARD, FileStorage(str(tmp_path)))
    digitalio.reset()


def test_keymatrix_gets_the_board_pins_by_name(hal):
    km = hal.matrix.km
    assert [p.name for p in km.row_pins] == list(CLUB9_CP["row_pins"])
    assert [p.name for p in km.column_pins] == list(CLUB9_CP["col_pins"])
    assert km.columns_to_anodes is True          # anodes on the columns, as wired
    assert km.key_count == 90


def test_scanning_reports_squares_in_our_numbering(hal):
    km, m = hal.matrix.km, hal.matrix
    km.set_switch(2, 3)                          # rank 3, file d: square d3
    km.set_switch(8, 8)                          # i9
    km.run_scans(km.debounce_threshold)
    assert sorted(m.scan()) == [(2 * 9 + 3, True), (80, True)]
    assert m.is_down(21) and m.is_down(80) and not m.is_down(0)
    assert list(m.scan()) == []
    km.set_switch(2, 3, False)
    km.run_scans(km.debounce_threshold)
    assert m.scan() == [(21, False)]


def test_every_square_and_key_number(hal):
    km, m = hal.matrix.km, hal.matrix
    for y in range(9):
        for x in range(9):
            km.set_switch(y, x)
            km.run_scans(4)
            assert m.scan() == [(y * 9 + x, True)]
            km.set_switch(y, x, False)
            km.run_scans(4)
            assert m.scan() == [(y * 9 + x, False)]
    for name, idx in (("menu", MENU), ("ok", OK), ("undo", UNDO), ("hint", HINT)):
        km.set_switch(*CLUB9_CP["keys"][name])
        km.run_scans(4)
        assert m.scan() == [(81 + idx, True)], name
    km.set_switch(9, 8)                          # no square, no key there
    km.run_scans(4)
    assert list(m.scan()) == []


def test_debounce_is_passed_to_keypad(hal):
    km = hal.matrix.km
    assert cp.keypad_timing(20) == (0.005, 4)
    assert km.interval == 0.005 and km.debounce_threshold == 4   # 4 scans x 5 ms = 20 ms
    # A bounce shorter than the window never becomes an event.
    km.set_switch(0, 0)
    km.run_scans(3)
    km.set_switch(0, 0, False)
    km.run_scans(10)
    assert list(hal.matrix.scan()) == []
    km.set_switch(0, 0)
    km.run_scans(4)
    assert hal.matrix.scan() == [(0, True)]


def test_older_circuitpython_without_debounce_threshold(tmp_path):
    keypad.SUPPORTS_THRESHOLD = False
    try:
        hal = cp.Hal(BOARD, FileStorage(str(tmp_path)))
    finally:
        keypad.SUPPORTS_THRESHOLD = True
    assert hal.matrix.km.interval == 0.020     # scan period = the debounce window
    assert hal.matrix.km.debounce_threshold == 1


def test_a_piece_standing_at_power_up_is_seen(tmp_path):
    # keypad alone reports no press for a switch already closed when it
    # starts (a piece that stood through a power cut); the HAL's reset makes
    # it report it, once, and a lift after that is a lift.
    digitalio.closed.add(("GP2", "GP13"))        # a piece on d3
    try:
        hal = cp.Hal(BOARD, FileStorage(str(tmp_path)))
    finally:
        digitalio.reset()
    km, m = hal.matrix.km, hal.matrix
    km.run_scans(km.debounce_threshold)
    assert m.scan() == [(21, True)] and m.is_down(21)
    km.run_scans(km.debounce_threshold)
    assert list(m.scan()) == []
    km.set_switch(2, 3, False)                   # lifted
    km.run_scans(km.debounce_threshold)
    assert m.scan() == [(21, False)] and not m.is_down(21)


def test_overflow_releases_and_rescans(hal):
    km, m = hal.matrix.km, hal.matrix
    km.set_switch(0, 0)                         # a piece that stays on a1
    km.run_scans(4)
    assert m.scan() == [(0, True)]
    for i in range(35):                         # 70 events, nobody reading: 64 fit
        km.set_switch(1, i % 9)
        km.run_scans(4)
        km.set_switch(1, i % 9, False)
        km.run_scans(4)
    assert km.events.overflowed
    events = m.scan()
    assert events[-1] == (0, False)             # lost track: everything released
    assert not km.events.overflowed and not any(m.is_down(k) for k in range(m.size))
    km.run_scans(4)                             # keypad starts afresh, finds a1 again
    assert m.scan() == [(0, True)]


def test_frame_output_in_serpentine_order_with_the_cap(hal):
    np = neopixel.instances[-1]
    assert np.pin.name == "GP22" and np.n == 81
    assert np.brightness == 1.0 and np.auto_write is False   # ledmap does the scaling
    frame = bytearray(243)
    for i in range(81):
        frame[i * 3:i * 3 + 3] = bytes((i, 255 - i, 7))
    hal.pixels.show(frame)
    assert len(np.sent) == 1
    scale = ledmap.power_scale(frame, 40, 1800)
    order = ledmap.chain_order(9, 9, "serpentine", "a1", 0)
    assert order[9] == 17                        # the second row runs back
    for pos, sq in enumerate(order):
        r, g, b = frame[sq * 3:sq * 3 + 3]
        assert np.sent[-1][pos] == (r * scale >> 8, g * scale >> 8, b * scale >> 8)
    assert hal.pixels.chain == ledmap.to_chain(frame, order, scale, bytearray(243))  # as sim's
    hal.pixels.show(bytearray(frame))
    assert len(np.sent) == 1                     # unchanged: not sent again
    white = bytearray([255] * 243)
    b = dict(BOARD)
    b["brightness"], b["max_current_ma"] = 100, 300
    px = cp.Pixels(b)
    px.show(white)
    total = sum(sum(p) for p in neopixel.instances[-1].sent[-1])
    assert total * 20 // 255 <= 300


def test_clock_wraps_at_2_30_like_micropython(hal):
    supervisor.now = 0x1FFFFFFF - 10             # supervisor wraps at 2**29
    c = cp.Clock()
    t0 = c.ticks_ms()
    supervisor.now += 30
    t1 = c.ticks_ms()
    assert (t1 - t0) & 0x3FFFFFFF == 30
    supervisor.now = 0


def test_sound(hal):
    pwm = hal.sound._pwm
    assert pwm.pin.name == "GP19"
    hal.sound.beep(880, 1)
    assert (880, 32768) in pwm.log and pwm.duty_cycle == 0
    b = dict(BOARD)
    b["buzzer_pin"] = None
    cp.Sound(None).beep(440, 1)                  # no buzzer: silent, no error


def test_unknown_pin_name_is_named():
    with pytest.raises(ValueError) as e:
        cp.pin("GP99")
    assert "GP99" in str(e.value)




def test_the_levels_circuitpython_holds_name_real_games_and_levels():
    import games
    assert cp.Hal.LEVELS, "Go's playouts are too slow without viper: a limit is said"
    for gid, most in cp.Hal.LEVELS.items():
        assert gid in games.BOARD_GAMES and 0 <= most < 5, (gid, most)


def test_the_worst_heap_bench_plays_each_game_at_the_level_the_board_offers():
    from tools.bench import endtoend
    assert endtoend.held_levels("cp") == cp.Hal.LEVELS
    assert endtoend.capped(endtoend.BIG, endtoend.held_levels("cp")) == tuple(
        (g, min(lv, cp.Hal.LEVELS.get(g, 5))) for g, lv in endtoend.BIG)
    assert endtoend.capped(endtoend.BIG, endtoend.held_levels("mp")) == endtoend.BIG
