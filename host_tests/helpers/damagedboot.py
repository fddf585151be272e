# Boots a board twice on each flash folder of CASES, on the unix port capped
# at the Pico's heap (host_tests/firmware/test_damaged_files.py). Run as a main script
# after a header that sets ROOTS (the .mpy tree's folders) and CASES (flash
# folders, each with the damaged file or files the test put there).
#
# A boot is the app's first pass on the folder, then 40 s of the simulated
# clock with no key touched: a message the boot scrolls goes by once, then
# the menu. Each boot prints one line, JSON after "BOOT ": the folder, the
# boot (1 or 2), the first mode, the mode at the end, the error screens, what
# the board scrolled, the folder's files and their sizes, and error.log's
# last 300 bytes.
import sys
import gc
import json
import os

sys.path[:0] = ROOTS  # noqa: F821 (the header's)
from simboard import SimBoard  # noqa: E402 (from the folders just put on the path)
from app import screen  # noqa: E402


def listing(root):
    out = {}
    for n in os.listdir(root):
        out[n] = os.stat(root + "/" + n)[6]
    return out


def log_end(root):
    try:
        with open(root + "/error.log", "rb") as f:
            data = f.read()
        return data[-300:].decode()
    except OSError:
        return ""


for root in CASES:  # noqa: F821 (the header's)
    for k in (1, 2):
        screen.SAID = []
        gc.collect()
        b = SimBoard(root=root)
        first = b.mode()
        for _ in range(400):
            b.wait(100)
            if b.mode() != "Message":
                break
        print("BOOT " + json.dumps({"root": root, "boot": k, "first": first, "last": b.mode(),
                                    "errors": b.app.errors, "said": screen.SAID,
                                    "files": listing(root), "log": log_end(root)}))
        b = None
        screen.SAID = None
print("DONE")
