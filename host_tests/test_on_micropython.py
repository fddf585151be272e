"""The portable rule and app tests, run again on real MicroPython (the unix port)."""
import os


import pytest

from mptools import ROOT, run_micropython

PORTABLE = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "host_tests", "portable"))
                  if f.startswith("test_") and f.endswith(".py"))


@pytest.mark.parametrize("module", PORTABLE)
def test_portable_module_passes_on_micropython(module):
    r = run_micropython(["host_tests/mprun.py", module])
    out = r.stdout + r.stderr
    assert r.returncode == 0, out[-4000:]
    last = out.strip().splitlines()[-1]
    assert last.endswith(" passed, 0 failed"), last
    assert not last.startswith("0 passed"), "no test ran"
