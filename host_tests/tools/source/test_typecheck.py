"""The type check finds a call the board does not have.

The firmware itself is checked by the README's test command (python -m
tools.source.typecheck, before the tests); here a scratch copy of the project gets
one deliberate misuse each, and the check must fail naming it."""
import os
import shutil

import pytest

from tools.source import typecheck

ROOT = typecheck.ROOT


@pytest.fixture
def scratch(tmp_path):
    shutil.copytree(os.path.join(ROOT, "firmware"), tmp_path / "firmware",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(os.path.join(ROOT, "typings"), tmp_path / "typings")
    for name in (typecheck.MICROPYTHON_CONFIG, typecheck.CIRCUITPYTHON_CONFIG):
        shutil.copy(os.path.join(ROOT, name), tmp_path / name)
    (tmp_path / ".venv").mkdir()
    lib = os.path.join(ROOT, typecheck.CIRCUITPYTHON_LIB)
    if os.path.isdir(lib):
        os.symlink(lib, tmp_path / typecheck.CIRCUITPYTHON_LIB)
    return tmp_path


def edit(root, rel, old, new):
    path = os.path.join(root, rel)
    with open(path) as f:
        src = f.read()
    assert src.count(old) == 1, old
    with open(path, "w") as f:
        f.write(src.replace(old, new))


def run(root, *files):
    out = []
    failed = typecheck.check(str(root), files, out.append)
    return failed, "\n".join(out)


def check_the_edit_fails(root, rel, old, new, *messages):
    """With old replaced by new in the file rel, the check of that file fails
    and its output holds each of messages."""
    edit(root, rel, old, new)
    failed, out = run(root, rel)
    assert failed == 1, out
    for m in messages:
        assert m in out, (m, out)


def test_the_unchanged_copy_is_clean(scratch):
    failed, out = run(scratch, "firmware/hal/rp2.py", "firmware/hal/circuitpython.py")
    assert failed == 0, out
    assert out.count("0 errors") == 2


def test_a_pin_made_with_a_wrong_argument_fails(scratch):
    # machine.Pin(id, mode, pull, *, value...): `pul` is no keyword of the rp2 port's Pin
    check_the_edit_fails(scratch, "firmware/hal/rp2.py", "machine.Pin(board[\"led_pin\"], machine.Pin.OUT)",
                         "machine.Pin(board[\"led_pin\"], machine.Pin.OUT, pul=1)",
                         "rp2.py:", 'No parameter named "pul"')


def test_a_time_function_the_rp2_port_lacks_fails(scratch):
    # time.monotonic is CPython's (and CircuitPython's), not MicroPython's
    check_the_edit_fails(scratch, "firmware/start.py", "                time.sleep(0.001)",
                         "                time.sleep(0.001 + time.monotonic())",
                         '"monotonic" is not a known attribute of module "time"')


def test_a_keymatrix_with_a_wrong_argument_fails_on_circuitpython(scratch):
    call = ("columns_to_anodes=True, interval=interval,\n"
            "                                       max_events=64, debounce%s=threshold)")
    check_the_edit_fails(scratch, "firmware/hal/circuitpython.py", call % "_threshold", call % "",
                         'No parameter named "debounce"')


def test_the_micropython_ticks_are_not_circuitpythons(scratch):
    # hal/circuitpython.py is checked against CircuitPython, whose time has no ticks_ms
    check_the_edit_fails(scratch, "firmware/hal/circuitpython.py", "    def sleep_ms(self, ms):\n",
                         "    def sleep_ms(self, ms):\n        time.ticks_ms()\n",
                         '"ticks_ms" is not a known attribute of module "time"')
