"""The portable rule and app tests, run again on real MicroPython (the unix port).

A module runs in one process; the long ones run a process per test, so that
they spread over the workers and none takes long. The firmware and helpers
are the run's one .mpy tree (conftest.py mpy_dir), as on a board; the test
modules are source."""
import ast
import os

import pytest

from helpers.mptools import ROOT, run_micropython

PORTABLE_DIR = os.path.join(ROOT, "host_tests", "portable")
PORTABLE = sorted(f[:-3] for f in os.listdir(PORTABLE_DIR) if f.startswith("test_") and f.endswith(".py"))
# Modules whose tests run a process each (the longest on this port).
PER_TEST = ("test_powercut", "test_game_contract", "test_explain_pause", "test_app_games", "test_pieces")


def _tests_in(module):
    """The test names a portable module defines (functions, or made by a call)."""
    with open(os.path.join(PORTABLE_DIR, module + ".py")) as f:
        tree = ast.parse(f.read())
    names = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
    return sorted(n for n in names if n.startswith("test_"))


RUNS = []
for _m in PORTABLE:
    RUNS += ["%s.%s" % (_m, t) for t in _tests_in(_m)] if _m in PER_TEST else [_m]


@pytest.mark.parametrize("run", RUNS)
def test_portable_module_passes_on_micropython(run, mpy_dir):
    r = run_micropython(["host_tests/helpers/mprun.py", "--mpy", mpy_dir, run])
    out = r.stdout + r.stderr
    assert r.returncode == 0, out[-4000:]
    last = out.strip().splitlines()[-1]
    assert last.endswith(" passed, 0 failed"), last
    assert not last.startswith("0 passed"), "no test ran"


def test_the_per_test_modules_are_portable_modules_with_tests():
    for m in PER_TEST:
        assert m in PORTABLE and len(_tests_in(m)) > 1, m
