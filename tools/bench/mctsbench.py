"""Go's Monte-Carlo cost on the real Pico firmware (pico-emu), and the budgets.

    python -m tools.bench.mctsbench EMULATOR [--python PY] [--playouts 10] [--search 40,80]
                              [--json FILE]

EMULATOR is the run_on_pico.py of an RP2040 emulator that boots the official
MicroPython RPI_PICO firmware (not part of this project; PY the Python of its
venv). The firmware is compiled as deploy compiles it for a Pico (armv6m,
`@viper` functions as machine code) and two things are timed in emulated
cycles at 125 MHz:

- bare playouts: --playouts playouts of games/go_playout.py from the position
  after d4 (the longest playouts of a game: the board nearly empty);
- whole searches: mcts.choose() with each of --search's playouts from the
  position after d4 e5 d5 c4 d3 c3 e3 (the tree, its scans and the playouts).
  Two sizes split a move's cost into what a move costs whatever its
  playouts (the tree's arrays, the root's moves, the check for a win at
  once) and what each playout adds.

It prints the cost of one playout at 125 MHz and at 200 MHz (cycles / MHz to
first order), playouts a second, and the level budgets they give: the
playouts that fit in LEVEL_MS (ai.SAFETY_MS, the board's stop at levels 5
and 3) at 125 MHz after the move's own cost. The emulator runs about 1,000 times slower than a Pico here: the
defaults take a few minutes.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

from tools.link import mpy
from tools.link.firmware_path import ROOT  # noqa: F401  (and firmware/ on sys.path)
from ai import SAFETY_MS

# The board's stop at levels 5 and 3; games/go.py PLAYOUTS fit them at 125 MHz.
LEVEL_MS = {5: SAFETY_MS[5], 3: SAFETY_MS[3]}
BARE_AFTER = "d4"
SEARCH_AFTER = "d4 e5 d5 c4 d3 c3 e3"

SETUP = """
import gc
from games import go
import mcts
def pos(s):
    g = go.Game()
    for t in s.split():
        g.play_text(t)
    return g
g = pos(%r)
h = g.playouts(7)
h.root()
amaf = bytearray(256)
s = pos(%r)
gc.collect()
"""
BARE = """
for _ in range(%d):
    h.reset()
    h.playout(amaf)
"""
SEARCH = "mcts.choose(s, 5, seed=3, playouts=%d)"


def stage(dest):
    mpy.compile_tree(dest, (("firmware", ""),), arch="armv6m")


def cycles(a, stage_dir, code, what):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        out = f.name
    try:
        setup = SETUP % (BARE_AFTER, SEARCH_AFTER)
        cmd = [a.python, a.emulator, "--files", stage_dir, "--setup", setup, "--exec", code,
               "--cycles", "--json", out, "--timeout", str(a.timeout)]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit("%s failed on the emulator:\n%s%s" % (what, r.stdout[-2000:], r.stderr[-2000:]))
        with open(out) as f:
            res = json.load(f)
        if res.get("stderr") or "Traceback" in res.get("stdout", ""):
            raise SystemExit("%s failed on the emulator:\n%s%s"
                             % (what, res.get("stdout"), res.get("stderr")))
        return res["cycles_net"]
    finally:
        os.remove(out)


def report(bare, n_bare, searches):
    """The table and the budgets; searches: [(playouts, cycles)], two sizes
    or more (the line through the first and the last)."""
    (n1, c1), (n2, c2) = searches[0], searches[-1]
    per = (c2 - c1) / (n2 - n1)
    fixed = c1 - per * n1
    lines = ["| what | cycles | at 125 MHz | a second at 125 MHz | at 200 MHz | a second at 200 MHz |",
             "|---|---:|---:|---:|---:|---:|"]
    for name, c in (("a bare playout (after %s)" % BARE_AFTER, bare / n_bare),
                    ("a playout in the search (after %s)" % SEARCH_AFTER, per)):
        lines.append("| %s | %d | %.1f ms | %.0f | %.1f ms | %.0f |" % (
            name, c, c / 125e3, 125e6 / c, c / 200e3, 200e6 / c))
    lines.append("| a move's own cost, whatever its playouts | %d | %.0f ms | | %.0f ms | |" % (
        fixed, fixed / 125e3, fixed / 200e3))
    for n, c in searches:
        lines.append("| a whole search of %d playouts | %d | %.0f ms | | %.0f ms | |" % (
            n, c, c / 125e3, c / 200e3))
    lines.append("")
    budgets = {}
    for level, ms in sorted(LEVEL_MS.items(), reverse=True):
        n = int((ms * 125e3 - fixed) / per)
        budgets[level] = n
        lines.append("level %d: %d ms at 125 MHz buys %d playouts (%d at 200 MHz)" % (
            level, ms, n, int((ms * 200e3 - fixed) / per)))
    return "\n".join(lines), per, fixed, budgets


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("emulator", help="path of the emulator's run_on_pico.py")
    p.add_argument("--python", default=sys.executable, help="the emulator venv's python")
    p.add_argument("--playouts", type=int, default=10, help="bare playouts to time")
    p.add_argument("--search", default="40,80", help="playouts of the timed searches: two "
                   "sizes or more, comma-separated")
    p.add_argument("--timeout", type=float, default=3600)
    p.add_argument("--json", metavar="FILE", help="also write the figures here")
    a = p.parse_args(argv)
    try:
        sizes = sorted(set(int(n) for n in a.search.split(",")))
    except ValueError:
        p.error("--search takes playout counts separated by commas, e.g. 40,80")
    if a.playouts < 1 or len(sizes) < 2 or sizes[0] < 1:
        p.error("--playouts must be at least 1, and --search two sizes of at least 1")
    with tempfile.TemporaryDirectory() as d:
        try:
            stage(d)
        except mpy.MpyError as e:
            raise SystemExit(str(e))
        bare = cycles(a, d, BARE % a.playouts, "the bare playouts")
        searches = [(n, cycles(a, d, SEARCH % n, "the search of %d playouts" % n)) for n in sizes]
    text, per, fixed, budgets = report(bare, a.playouts, searches)
    print(text)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"bare_cycles": bare, "bare_playouts": a.playouts, "searches": searches,
                       "playout_cycles": per, "move_cycles": fixed, "budgets_125": budgets}, f,
                      indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
