"""The app-flow tests again, on the CircuitPython backend (keypad.KeyMatrix,
the neopixel library) with the CircuitPython modules faked at the boundary:
a touch closes and opens a switch of the fake key matrix, which the backend
scans and debounces like on the board."""
import os
import sys

import pytest
from tools.link.firmware_path import ROOT

FAKES = os.path.join(ROOT, "host_tests", "fakes")
sys.path.insert(0, FAKES)
import keypad  # noqa: E402  (the fakes, imported while their folder is on the path)
import neopixel  # noqa: E402,F401
import pwmio  # noqa: E402,F401
import supervisor  # noqa: E402,F401
import boardcheck  # noqa: E402
from hal import circuitpython as cp, sim  # noqa: E402
from boards.club9_cp import BOARD as CLUB9_CP  # noqa: E402
sys.path.remove(FAKES)
sys.modules.pop("board", None)

import simboard  # noqa: E402
import test_app_flow  # noqa: E402

BOARD = boardcheck.check(CLUB9_CP, "club9_cp.py")
KEY_ORDER = ("menu", "ok", "undo", "hint")


class SwitchPresser:
    """tap(key): close then open that switch of the fake KeyMatrix."""

    def __init__(self, hal, board):
        self.hal = hal
        self.board = board

    def where(self, key):
        cols, rows = self.board["cols"], self.board["rows"]
        if key < cols * rows:
            return key // cols, key % cols
        return self.board["keys"][KEY_ORDER[key - cols * rows]]

    def tap(self, key):
        km = self.hal.matrix.km
        row, col = self.where(key)
        km.set_switch(row, col, True)
        km.run_scans(km.debounce_threshold)
        km.set_switch(row, col, False)
        km.run_scans(km.debounce_threshold)


def on_circuitpython(board):
    """The same board wired to a Pico running CircuitPython: pins by name."""
    out = dict(board)
    out["platform"] = "circuitpython"
    out.pop("cpu_mhz", None)        # the firmware sets the clock on MicroPython only: 125 MHz
    for field in ("row_pins", "col_pins"):
        out[field] = tuple("GP%d" % p for p in board[field])
    for field in ("led_pin", "buzzer_pin"):
        if board.get(field) is not None:
            out[field] = "GP%d" % board[field]
    return boardcheck.check(out, board.get("name", "board") + "_cp.py")


def circuitpython_hal(board, storage):
    keypad.SUPPORTS_THRESHOLD = True
    cp_board = on_circuitpython(board)
    hal = cp.Hal(cp_board, storage)
    hal.clock = sim.SimClock()       # the tests move time themselves
    hal.matrix.tap = SwitchPresser(hal, cp_board).tap
    return hal


FLOWS = sorted(n for n in dir(test_app_flow) if n.startswith("test_"))


@pytest.mark.parametrize("name", FLOWS)
def test_app_flow_on_circuitpython(name):
    simboard.SimBoard.make_hal = staticmethod(circuitpython_hal)
    try:
        getattr(test_app_flow, name)()
    finally:
        simboard.SimBoard.make_hal = None


def test_the_circuitpython_board_file_is_club9_with_pins_by_name():
    from boards.club9 import BOARD as CLUB9
    assert on_circuitpython(CLUB9) == BOARD
