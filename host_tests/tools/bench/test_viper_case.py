"""tools.bench.viper_case: the reduced viper fault of Amazonas' evaluation.

What docs/developers/ai.md ("The viper fault") rests on, checked where CI
can: on CPython and the unix port a viper pointer does not wrap a negative
index as Python does, it steps off the front of the buffer on x64 as on the
Pico, and a wall cell in front makes the walk the same everywhere. The Pico
runs (a few seconds) need the emulator, as the other emulator tests:

    GAMEBOARD_PICO_EMU=/path/to/pico-emu/run_on_pico.py \\
        .venv/bin/python -m pytest -n 0 host_tests/tools/bench/test_viper_case.py
"""
import argparse
import os

import pytest

from tools.bench import viper_case

EMULATOR = os.environ.get("GAMEBOARD_PICO_EMU")
EMU_PYTHON = os.environ.get("GAMEBOARD_PICO_EMU_PYTHON",
                            os.path.expanduser("~/.pico-emu/bin/python"))


@pytest.fixture(scope="module")
def local():
    return viper_case.run_case(("cpython", "unix-bytecode", "unix-viper"))


def test_python_wraps_index_minus_one_to_the_last_item(local):
    for target in ("cpython", "unix-bytecode"):
        got = local[target]
        assert got["index_-1_python"] == "0"
        assert got["byte_before_a_view_after_walk"] == "32"   # the walk stopped at the last item
        assert got["walk_moved_the_buffer"] == "0"


def test_the_x64_viper_walk_steps_off_the_front_too(local):
    got = local["unix-viper"]
    assert got["byte_before_a_view_after_walk"] == "2"       # written before the view
    if got["buffer_follows_its_object"] == "1":
        # the byte before a buffer is the top of a 64-bit pointer to it: 0, the walk stops
        assert got["index_-1_pointer"] == "0"
        assert got["walk_moved_the_buffer"] == "0"


def test_a_wall_in_front_makes_the_walk_the_same_everywhere(local):
    assert {got["guarded_walk"] for got in local.values()} == {"000200"}


@pytest.mark.skipif(not EMULATOR, reason="the emulated Pico: set GAMEBOARD_PICO_EMU to "
                    "pico-emu's run_on_pico.py")
def test_on_the_pico_the_walk_rewrites_the_buffers_own_pointer():
    a = argparse.Namespace(emulator=EMULATOR, python=EMU_PYTHON, timeout=300)
    res = viper_case.run_case(("pico-bytecode", "pico-source", "pico-mpy"), a)
    assert res["pico-bytecode"]["index_-1_pointer"] == "0"
    for target in ("pico-source", "pico-mpy"):        # the firmware's compiler and mpy-cross alike
        got = res[target]
        assert got["buffer_follows_its_object"] == "1"
        assert got["index_-1_pointer"] == "32"        # 0x20: the top of a 0x2000xxxx pointer
        assert got["walk_moved_the_buffer"] == "1"
        assert got["guarded_walk"] == "000200"
    assert res["pico-mpy"]["mpy_file"] == res["pico-mpy"]["mpy"]
