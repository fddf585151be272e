"""The clock at boot (main.set_clock): the board file's cpu_mhz, with the core
voltage raised first where the clock needs it, before the HAL is built; on
fake machine/neopixel modules (host_tests/fakes) that record each change."""
import os
import sys
from tools.link.firmware_path import ROOT

FAKES = os.path.join(ROOT, "host_tests", "fakes")
sys.path.insert(0, FAKES)

import machine  # noqa: E402  (the fake)
import neopixel  # noqa: E402  (the fake)
import pytest  # noqa: E402

import boardcheck  # noqa: E402
import main  # noqa: E402
from hal import rp2  # noqa: E402,F401  (imported with the fakes in place)

sys.path.remove(FAKES)

from boards.club9 import BOARD as CLUB9  # noqa: E402

VSEL_1_10 = 0x10B1      # ROK | 1.10 V | EN: the reset value
VSEL_1_15 = 0x10C1


@pytest.fixture(autouse=True)
def fresh():
    machine.reset()
    del neopixel.instances[:]


def board(**kw):
    return boardcheck.check(dict(CLUB9, **kw), "board.py")


def test_200_mhz_raises_the_core_to_1_15_v_first():
    assert main.set_clock(board(), machine, "rp2") == 200
    assert machine.log == [("vreg", VSEL_1_15), ("freq", 200000000)]
    assert machine.hz == 200000000


def test_a_clock_the_reset_voltage_carries_leaves_the_regulator_alone():
    assert main.set_clock(board(cpu_mhz=132), machine, "rp2") == 132
    assert machine.log == [("freq", 132000000)]
    assert machine.vreg == VSEL_1_10


def test_the_voltage_is_never_lowered():
    machine.vreg = 0x10E1                   # 1.25 V set by someone before us
    assert main.set_clock(board(), machine, "rp2") == 200
    assert machine.log == [("freq", 200000000)]


def test_the_default_clock_changes_nothing():
    b = boardcheck.check({k: v for k, v in CLUB9.items() if k != "cpu_mhz"}, "board.py")
    assert main.set_clock(b, machine, "rp2") == 125
    assert machine.log == []


def test_off_the_board_nothing_is_touched_and_the_board_file_rules():
    # the simulator, the unix port: the AI plays as the board would
    assert main.set_clock(board(), machine, "linux") == 200
    assert machine.log == [] and machine.hz == 125000000


def test_boot_sets_the_clock_before_the_hal(monkeypatch, tmp_path):
    started = []
    monkeypatch.setattr(main.sys, "platform", "rp2")
    monkeypatch.setattr(boardcheck, "load", lambda name: board())
    import app.loop
    monkeypatch.setattr(app.loop, "run", lambda b, hal: started.append((b, hal)))
    monkeypatch.chdir(tmp_path)
    main.main()
    (b, hal), = started
    assert machine.log == [("vreg", VSEL_1_15), ("freq", 200000000)]
    assert hal.pixels._np.made_at_hz == 200000000, "the LED driver was built at the new clock"
    assert b["cpu_mhz"] == 200, "the app (its AI budgets) is told the clock"
