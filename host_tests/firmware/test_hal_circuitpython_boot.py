"""boot.py on a CircuitPython board (tools/deploy_cp.BOOT, hal/circuitpython.py's
claim_flash): the firmware gets the flash for its saves unless Menu is held at
power-up, read through the switch matrix with the fake digitalio's switches."""
import os
import sys

import pytest
from tools.link.firmware_path import ROOT

FAKES = os.path.join(ROOT, "host_tests", "fakes")
sys.path.insert(0, FAKES)
import digitalio  # noqa: E402  (the fakes)
import storage  # noqa: E402
import keypad  # noqa: E402,F401
import neopixel  # noqa: E402,F401
import supervisor  # noqa: E402,F401
import boardcheck  # noqa: E402
from hal import circuitpython as cp  # noqa: E402
from boards.club9_cp import BOARD as CLUB9_CP  # noqa: E402
sys.path.remove(FAKES)
sys.modules.pop("board", None)

from tools.deploy import cp as deploy_cp  # noqa: E402

BOARD = boardcheck.check(CLUB9_CP, "club9_cp.py")


@pytest.fixture(autouse=True)
def fresh():
    digitalio.reset()
    del storage.remounts[:]


def test_the_firmware_gets_the_flash_at_power_up():
    assert cp.claim_flash(BOARD, storage, digitalio) is True
    assert storage.remounts == [("/", False)]


def test_menu_held_at_power_up_leaves_the_drive_to_the_computer():
    r, c = BOARD["keys"]["menu"]                        # row GP9, column GP10 on club9
    digitalio.closed.add((BOARD["row_pins"][r], BOARD["col_pins"][c]))
    assert cp.claim_flash(BOARD, storage, digitalio) is False
    assert storage.remounts == []


@pytest.mark.parametrize("key", ["ok", "undo", "hint"])
def test_another_key_or_a_square_held_does_not(key):
    r, c = BOARD["keys"][key]
    digitalio.closed.add((BOARD["row_pins"][r], BOARD["col_pins"][c]))
    digitalio.closed.add((BOARD["row_pins"][0], BOARD["col_pins"][0]))     # a piece on a1
    assert cp.claim_flash(BOARD, storage, digitalio) is True
    assert storage.remounts == [("/", False)]


def test_the_pins_are_released_for_the_firmware():
    made = []
    real = digitalio.DigitalInOut

    class Recording(real):
        def __init__(self, pin):
            real.__init__(self, pin)
            made.append(self)

    class Module:
        DigitalInOut = Recording
        Pull = digitalio.Pull

    cp.claim_flash(BOARD, storage, Module)
    assert [p.pin.name for p in made] == ["GP9", "GP10"] and all(p.deinited for p in made)


def test_the_boot_file_deploy_writes_runs_claim_flash(tmp_path, monkeypatch):
    # boot.py as deploy puts it on the drive, run with the drive's board_cfg.py
    (tmp_path / "board_cfg.py").write_bytes(open(os.path.join(deploy_cp.ROOT, "boards",
                                                               "club9_cp.py"), "rb").read())
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(FAKES)
    monkeypatch.delitem(sys.modules, "board_cfg", raising=False)
    monkeypatch.setitem(sys.modules, "hal.circuitpython", cp)
    exec(compile(deploy_cp.BOOT, "boot.py", "exec"), {"__name__": "__main__"})
    assert storage.remounts == [("/", False)]
    sys.modules.pop("board", None)
