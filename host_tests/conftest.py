"""pytest set-up: the firmware and the portable test helpers on sys.path."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tests", "portable"),
          os.path.join(ROOT, "host_tests"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)
