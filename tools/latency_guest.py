"""Runs on the emulated Pico (tools/latency.py stages it there): the firmware's
own loop, timed pass by pass.

The loop is app/loop.run's (scan, step, show, sleep to the 10 ms period) with
microsecond stamps around each part. The work inside a pass is timed by
wrapping the app's functions in place (the move, the drawing, the save, the
garbage collection, the beep), whichever of them this firmware has, so the
same guest times the firmware before and after a change. The flash is
remounted through a block device that counts sector erases and page writes
(the emulator's flash takes no time; tools/latency.py adds the data
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
        if f is None:
            return
        k = LABELS.index(label)
        now = self.now

        def timed(*args, **kw):
            t = time.ticks_us()
            try:
                return f(*args, **kw)
            finally:
                now[k] += time.ticks_diff(time.ticks_us(), t)
        setattr(owner, name, timed)

    def clear(self):
        for k in range(len(self.now)):
            self.now[k] = 0


def _median(xs):
    if not xs:
        return 0
    xs = sorted(xs)
    return xs[len(xs) // 2]


def run(seconds):
    """Boot the app as main.py does and run its loop for `seconds`."""
    import boardcheck
    import main as boot
    flash = count_flash()
    t_boot = time.ticks_ms()
    board = boardcheck.load("board")
    board["cpu_mhz"] = boot.set_clock(board)
    hal = boot.build_hal(board)
    from app import core, saves, play
    spans = Spans()
    spans.wrap(play.Play, "play", "play")
    spans.wrap(play.Play, "draw", "draw")
    for owner, name in ((getattr(saves, "Journal", None), "append"),
                        (getattr(saves, "Journal", None), "write_all"),
                        (getattr(saves, "Journal", None), "clear"),
                        (saves, "write"), (saves, "clear")):
        if owner is not None:
            spans.wrap(owner, name, "save")
    spans.wrap(core.Context, "collect", "gc")
    spans.wrap(core.Context, "beep", "beep")
    app = core.App(board, hal)
    clock, matrix, pixels = hal.clock, hal.matrix, hal.pixels
    classes = {"idle": [], "drawn": [], "event": [], "move": [], "after move": []}
    moves = []
    first_frame = None
    was_move = False
    n = 0
    erases0 = flash.erases if flash else 0
    pages0 = flash.pages if flash else 0
    end = time.ticks_add(time.ticks_ms(), int(seconds * 1000))
    gc.collect()
    while time.ticks_diff(end, time.ticks_ms()) > 0:
        t0 = clock.ticks_ms()
        u0 = time.ticks_us()
        spans.clear()
        events = matrix.scan(t0)
        u1 = time.ticks_us()
        frame = app.step(t0, events)
        u2 = time.ticks_us()
        pixels.show(frame)
        u3 = time.ticks_us()
        total = time.ticks_diff(u3, u0)
        if first_frame is None:
            first_frame = time.ticks_diff(time.ticks_ms(), t_boot)
        played = spans.now[0] > 0
        fresh = getattr(app, "fresh", True)
        if played:
            kind = "move"
            moves.append((n, total, time.ticks_diff(u1, u0), time.ticks_diff(u2, u1),
                          time.ticks_diff(u3, u2)) + tuple(spans.now))
        elif was_move:
            kind = "after move"
        elif events:
            kind = "event"
        elif fresh:
            kind = "drawn"
        else:
            kind = "idle"
        classes[kind].append(total)
        was_move = played
        n += 1
        spent = ticks_diff_ms(clock.ticks_ms(), t0)
        if spent < PERIOD_MS:
            clock.sleep_ms(PERIOD_MS - spent)
    print("FIRST", first_frame)
    for kind in ("idle", "drawn", "event", "move", "after move"):
        xs = classes[kind]
        print("PASS", kind.replace(" ", "_"), len(xs), _median(xs), max(xs) if xs else 0)
    for m in moves:
        print("MOVE", " ".join(str(x) for x in m))
    if flash is not None:
        print("FLASH", flash.erases - erases0, flash.pages - pages0)
    print("DONE")


def ticks_diff_ms(a, b):
    return time.ticks_diff(a, b)
