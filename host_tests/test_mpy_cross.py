"""Every firmware and board file compiles with mpy-cross, as deploy will need."""
import os
import subprocess

import pytest

from mptools import ROOT, tool


def sources():
    out = []
    for top in ("firmware", "boards"):
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            out += [os.path.relpath(os.path.join(d, f), ROOT) for f in files if f.endswith(".py")]
    return sorted(out)


@pytest.mark.parametrize("path", sources())
def test_mpy_cross_accepts(path, tmp_path):
    r = subprocess.run([tool("mpy-cross"), "-o", str(tmp_path / "out.mpy"), path],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
