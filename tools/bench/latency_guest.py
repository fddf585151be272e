"""Runs on the emulated Pico (tools/bench/latency.py stages it there): the firmware's
own loop, timed pass by pass, each pass in one class: a move (a move
played), the pass after a move (its save, beep and collection), a mode
change (the mode replaced: the menu to set-up to play, a result), an event
(a switch changed, no move), a blink (drawn with no event: a blink's beat,
a text's step, a clock's digit) or idle (nothing drawn).

The loop is app/loop.run's (scan, step, show, sleep to the 10 ms period) with
microsecond stamps around each part. The work inside a pass is timed by
wrapping the app's functions in place (the move, the drawing, the save, the
garbage collection, the beep), whichever of them this firmware has, so the
same guest times the firmware before and after a change. The flash is
remounted through a block device that counts sector erases and page writes
(the emulator's flash takes no time; tools/bench/latency.py adds the data
sheet's). At the end it prints one line per class of pass and one per move
pass, for the host to parse:

    PASS <class> <count> <median us> <max us>
    MOVE <pass> <total us> <scan> <step> <show> <play> <draw> <save> <gc> <beep>
    FLASH <erases> <pages>
"""
import gc
import os
import time

PERIOD_MS = 10
SLOW_US = 8000       # an idle, blink or event pass longer than this is told in detail
LABELS = ("play", "draw", "save", "gc", "beep")


class CountingFlash:
    """rp2.Flash, counting what a real flash chip would take time for."""

    def __init__(self, dev):
        self.dev = dev
        self.erases = 0
        self.pages = 0

    def readblocks(self, n, buf, off=0):
        self.dev.readblocks(n, buf, off)

    def writeblocks(self, n, buf, off=0):
        self.pages += (len(buf) + 255) // 256
        self.dev.writeblocks(n, buf, off)

    def ioctl(self, op, arg):
        if op == 6:
            self.erases += 1
        return self.dev.ioctl(op, arg)


def count_flash():
    """Remount / through CountingFlash; None where that cannot be done."""
    try:
        import rp2
        dev = CountingFlash(rp2.Flash())
        os.umount("/")
        os.mount(os.VfsLfs2(dev, progsize=256), "/")
        os.chdir("/")
        return dev
    except Exception as e:      # noqa: BLE001 -- a figure missing, not a failed run
        print("NOTE flash not counted:", e)
        return None


class Spans:
    """Microseconds of each label within the current pass."""

    def __init__(self):
        self.now = [0] * len(LABELS)

    def wrap(self, owner, name, label):
        f = getattr(owner, name, None)
        if f is None or getattr(f, "timed", False):
            return
        k = LABELS.index(label)
        now = self.now

        def timed(*args, **kw):
            t = time.ticks_us()
            try:
                return f(*args, **kw)
            finally:
                now[k] += time.ticks_diff(time.ticks_us(), t)
        timed.timed = True
        setattr(owner, name, timed)

    def clear(self):
        for k in range(len(self.now)):
            self.now[k] = 0


def _median(xs):
    if not xs:
        return 0
    xs = sorted(xs)
    return xs[len(xs) // 2]


def instrument(core, spans):
    """Wrap what a pass's parts are timed by: the app's collections and
    beeps now, a game's play, draw, think and saves as they load. Returns
    (wrap_game_modules, thinks): the call that wraps a freshly loaded game
    module, and per board's move [start us, end us, push us...]."""
    import sys
    wrapped = {}
    thinks = []
    push = core.Context.push

    def timed_push(self):
        if thinks and thinks[-1][1] is None:
            thinks[-1].append(time.ticks_us())
        return push(self)
    core.Context.push = timed_push      # the spinner: frames pushed inside a board's move

    def wrap_think(cls):
        think = cls.think

        def timed_think(self, level):
            thinks.append([time.ticks_us(), None])
            try:
                return think(self, level)
            finally:
                thinks[-1][1] = time.ticks_us()
        cls.think = timed_think

    def wrap_game_modules():
        # The menu gives back app.play (app.GAME_ONLY): a game loads it
        # afresh, and its new class is wrapped once.
        play = sys.modules.get("app.play")
        saves = sys.modules.get("app.saves")
        if play is not None and wrapped.get("play") is not play:
            wrapped["play"] = play
            spans.wrap(play.Play, "play", "play")
            spans.wrap(play.Play, "draw", "draw")
            wrap_think(play.Play)
        if saves is not None and wrapped.get("saves") is not saves:
            wrapped["saves"] = saves
            for owner, name in ((getattr(saves, "Journal", None), "append"),
                                (getattr(saves, "Journal", None), "write_all"),
                                (getattr(saves, "Journal", None), "clear"),
                                (saves, "write"), (saves, "clear"), (saves, "record")):
                if owner is not None:
                    spans.wrap(owner, name, "save")
    spans.wrap(core.Context, "collect", "gc")
    spans.wrap(core.Context, "beep", "beep")
    return wrap_game_modules, thinks


def pass_kind(played, was_move, spans, changed, events, fresh):
    """What kind of loop pass this was, for its class of times."""
    if played:
        return "move"
    if was_move or spans.now[2] > 0:
        return "after move"     # the move's save, beep and collection; a record written
    if changed:
        return "mode change"
    if events:
        return "event"
    return "blink" if fresh else "idle"     # blink: drawn with no event (a beat, a text's step)


KINDS = ("idle", "blink", "event", "mode change", "move", "after move")


def run(seconds):
    """Boot the app as main.py does and run its loop for `seconds`."""
    import boardcheck
    import main as boot
    flash = count_flash()
    t_boot = time.ticks_ms()
    board = boardcheck.load("board")
    board["cpu_mhz"] = boot.set_clock(board)
    hal = boot.build_hal(board)
    from app import core
    spans = Spans()
    wrap_game_modules, thinks = instrument(core, spans)
    app = core.App(board, hal)
    clock, matrix, pixels = hal.clock, hal.matrix, hal.pixels
    classes = dict((k, []) for k in KINDS)
    moves = []
    slow = []
    first_frame = None
    was_move = False
    n = 0
    erases0 = flash.erases if flash else 0
    pages0 = flash.pages if flash else 0
    end = time.ticks_add(time.ticks_ms(), int(seconds * 1000))
    gc.collect()
    while time.ticks_diff(end, time.ticks_ms()) > 0:
        t0 = clock.ticks_ms()
        a0 = gc.mem_alloc()
        u0 = time.ticks_us()
        spans.clear()
        events = matrix.scan(t0)
        u1 = time.ticks_us()
        wrap_game_modules()
        before = app.mode
        frame = app.step(t0, events)
        u2 = time.ticks_us()
        pixels.show(frame)
        u3 = time.ticks_us()
        total = time.ticks_diff(u3, u0)
        if first_frame is None:
            first_frame = time.ticks_diff(time.ticks_ms(), t_boot)
        played = spans.now[0] > 0
        kind = pass_kind(played, was_move, spans, app.mode is not before, events,
                         getattr(app, "fresh", True))
        if played:
            moves.append((n, total, time.ticks_diff(u1, u0), time.ticks_diff(u2, u1),
                          time.ticks_diff(u3, u2)) + tuple(spans.now))
        classes[kind].append(total)
        if total > SLOW_US and kind in ("idle", "blink", "event") and len(slow) < 40:
            # what made it slow: its parts, its mode, and a collection
            # (the heap in use went down) or the bytes it allocated
            slow.append((kind, type(app.mode).__name__, total, time.ticks_diff(u1, u0),
                         time.ticks_diff(u2, u1), time.ticks_diff(u3, u2), gc.mem_alloc() - a0))
        was_move = played
        n += 1
        spent = ticks_diff_ms(clock.ticks_ms(), t0)
        if spent < PERIOD_MS:
            clock.sleep_ms(PERIOD_MS - spent)
    flashed = (flash.erases - erases0, flash.pages - pages0) if flash is not None else None
    report(first_frame, classes, moves, slow, flashed, thinks)


def report(first_frame, classes, moves, slow, flashed, thinks):
    """The lines tools/bench/latency.py reads back (parse_guest)."""
    print("FIRST", first_frame)
    for kind in KINDS:
        xs = classes[kind]
        print("PASS", kind.replace(" ", "_"), len(xs), _median(xs), max(xs) if xs else 0)
    for m in moves:
        print("MOVE", " ".join(str(x) for x in m))
    for x in slow:
        print("SLOW", " ".join(str(v) for v in x))
    if flashed is not None:
        print("FLASH", flashed[0], flashed[1])
    for t in thinks:
        if t[1] is not None:      # the think's length, then each push after its start
            print("THINK", time.ticks_diff(t[1], t[0]),
                  " ".join(str(time.ticks_diff(u, t[0])) for u in t[2:]))
    print("DONE")


def ticks_diff_ms(a, b):
    return time.ticks_diff(a, b)


DETAIL = False


def boot_profile(detail=False):
    """main.main() (staged as bootmain) with a stamp after each stage, up to
    the first frame sent; prints `STAGE <name> <us since reset>` lines and
    `FRAME <us>`. Run as the board's main.py in the boot profile."""
    global DETAIL
    DETAIL = detail
    marks = [("start", time.ticks_us())]

    def mark(name):
        marks.append((name, time.ticks_us()))
    import bootmain as boot
    mark("main.py")
    import boardcheck
    mark("import boardcheck")
    board = boardcheck.load("board")
    mark("check the board file")
    board["cpu_mhz"] = boot.set_clock(board)
    mark("set the clock")
    if DETAIL:
        import compat  # noqa: F401
        mark("import compat")
        import app.screen  # noqa: F401
        mark("import app.screen")
    from app import core
    mark("import app.core")
    if DETAIL:
        import hal.storage  # noqa: F401
        mark("import hal.storage")
        import hal.ledmap  # noqa: F401
        mark("import hal.ledmap")
        import hal.rp2  # noqa: F401
        mark("import hal.rp2")
    hal = boot.build_hal(board)
    mark("build the HAL")
    app = core.App(board, hal)
    mark("App()")
    if DETAIL:      # the first pass's work done ahead, a stage each (the pass then has less)
        import games
        mark("import games")
        games.installed()
        mark("games.installed()")
        core.might_keep(hal.storage)
        mark("core.might_keep()")
        import games.common  # noqa: F401
        mark("import games.common")
        from app import menu
        mark("import app.menu")
        m = menu.Menu(app.ctx)
        mark("Menu()")
        m.draw(app.ctx.screen, 0)
        mark("Menu.draw()")
    for name, label in (("boot", "boot mode"), ("back_at_menu", "give back")):
        f = getattr(core, name)

        def timed(*a, f=f, label=label):
            t = time.ticks_us()
            try:
                return f(*a)
            finally:
                marks.append(("  in the pass: " + label, time.ticks_diff(time.ticks_us(), t)))
        setattr(core, name, timed)
    t0 = hal.clock.ticks_ms()
    frame = app.step(t0, hal.matrix.scan(t0))
    mark("first pass (scan, step)")
    hal.pixels.show(frame)
    mark("first frame sent")
    prev = 0
    for name, t in marks:
        if name.startswith("  "):                 # a part of the pass: its duration
            print("PART", name.strip().replace(" ", "_"), t)
            continue
        print("STAGE", name.replace(" ", "_"), t, time.ticks_diff(t, prev))
        prev = t
