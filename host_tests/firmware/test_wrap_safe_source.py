"""No raw arithmetic or comparison of clock ticks in the app: the board's clock
wraps at 2**30 ms, so `now >= deadline` or `now - t0` goes wrong after about
12 days on. Only compat.ticks_diff / ticks_add may touch two tick values
(issue 9: the board stopped answering moves made just before the wrap)."""
import os
import re
from tools.link.firmware_path import ROOT

APP = os.path.join(ROOT, "firmware", "app")
TICKS = r"(\bnow\b|\bt0\b|ticks_ms\(\)|\w*_until\b|\w*_since\b|\bnext_ai\b|\bafter\b|\bstate\[0\])"
RAW = re.compile(TICKS + r"\s*([-+<>]|[<>]=)\s*(?!\s*(None|0\b))|([<>]=?|[-+])\s*" + TICKS)


def raw_tick_lines(text):
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        code = line.split("#")[0]
        if "ticks_diff" in code or "ticks_add" in code or "//" in code and "now" in code and \
                not re.search(r"now\s*[-+<>]", code):
            continue
        if RAW.search(code):
            out.append((n, line.strip()))
    return out


def test_the_finder_catches_the_old_bugs():
    for bad in ("if now >= self.next_ai:", "if now < self.leave_until:",
                "self.flash_until = now + FLASH_MS", "if now - self.t0 >= self.HOLD_MS:",
                "fade = (self.vanished_until - now) * 255",
                "self.shown_until = after + AI_SHOW_MS"):
        assert raw_tick_lines(bad), bad
    for good in ("if ticks_diff(now, self.t0) >= HOLD:", "blink = (now // 250) & 1",
                 "self.next_ai = ticks_add(now, 300)", "self.flash_until = None"):
        assert not raw_tick_lines(good), good


def test_the_app_compares_ticks_only_through_ticks_diff_and_ticks_add():
    found = []
    for f in sorted(os.listdir(APP)):
        if f.endswith(".py"):
            with open(os.path.join(APP, f)) as fh:
                found += ["%s:%d: %s" % (f, n, line) for n, line in raw_tick_lines(fh.read())]
    assert not found, "\n".join(found)
