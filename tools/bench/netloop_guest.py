"""Runs on the emulated Pico W (tools/bench/netloop.py stages it there):
the board's own loop (app/loop.run's scan, step, show, the network's turn
with app.loop.poll, the sleep to the 10 ms period) with the club network
on, timed pass by pass in the phases the host gives (the broker up, down,
flapping). Each pass is in one class of tools/bench/latency_guest.py
(idle, blink, event, mode change, move, after move), or `connect` when the
network's turn joined the WiFi or tried the broker (the long steps the
link takes only once the board is left alone). Times go into histograms
of 0.1 ms (a run of minutes keeps no list of passes). At the end it prints
for the host:

    PHASE <phase> <class> <count> <median us> <max us> <passes over 10 ms>
    NETPART <phase> <count> <median us> <max us>     (the network's turn alone)
    MODE <the app's mode at the end>
    GAME <game id> <events made>
    PENDING <events not acknowledged>
    HEAP <free bytes>
"""
import gc
import time
from array import array

import latency_guest as lg

ORIGIN = time.ticks_ms()       # the exec's start, near enough: the host's phases count from it
BIN_US = 100
BINS = 250                     # to 25 ms; a longer pass counts in the last bin (its max is kept)
OVER_US = 10000


class Hist:
    def __init__(self):
        self.bins = array("H", bytes(2 * BINS))   # 500 bytes: a phase's passes fit in 16 bits
        self.n = 0
        self.most = 0
        self.over = 0

    def add(self, us):
        self.bins[min(BINS - 1, us // BIN_US)] += 1
        self.n += 1
        if us > self.most:
            self.most = us
        if us > OVER_US:
            self.over += 1

    def median(self):
        k = 0
        for i, c in enumerate(self.bins):
            k += c
            if 2 * k > self.n:
                return i * BIN_US + BIN_US // 2
        return 0


KINDS = lg.KINDS + ("connect",)


def state(net):
    link = net.link
    wifi = link.wifi
    return (link.up, link.next_try, link.connects, wifi.started if wifi is not None else None)


def run(seconds, bounds):
    """Boot the app as main.py does and run its loop for `seconds` (from
    ORIGIN); `bounds`: the seconds at which each phase after the first begins."""
    import boardcheck
    import start as boot
    from app import core, loop
    gc.collect()
    board = boardcheck.load("board")
    board["cpu_mhz"] = boot.set_clock(board)
    hal = boot.build_hal(board)
    spans = lg.Spans()
    wrap_game_modules, thinks = lg.instrument(core, spans)
    app = core.App(board, hal)
    net = app.ctx.net
    clock, matrix, pixels = hal.clock, hal.matrix, hal.pixels
    phases = len(bounds) + 1
    hists = [{} for _ in range(phases)]        # class -> Hist, made when first met
    parts = [Hist() for _ in range(phases)]
    was_move = False
    end = time.ticks_add(ORIGIN, int(seconds * 1000))
    gc.collect()
    while time.ticks_diff(end, time.ticks_ms()) > 0:
        t0 = clock.ticks_ms()
        u0 = time.ticks_us()
        spans.clear()
        events = matrix.scan(t0)
        wrap_game_modules()
        before = app.mode
        frame = app.step(t0, events)
        pixels.show(frame)
        u3 = time.ticks_us()
        was = state(net)
        loop.poll(net, t0, frame, hal.storage, bool(events))
        u4 = time.ticks_us()
        now = state(net)
        played = spans.now[0] > 0
        kind = lg.pass_kind(played, was_move, spans, app.mode is not before, events,
                            getattr(app, "fresh", True))
        if now != was and not (was[0] and now[0]):
            kind = "connect"          # a join or a connect tried in this pass
        s = time.ticks_diff(t0, ORIGIN) / 1000
        p = 0
        while p < len(bounds) and s >= bounds[p]:
            p += 1
        h = hists[p].get(kind)
        if h is None:
            h = hists[p][kind] = Hist()
        h.add(time.ticks_diff(u4, u0))
        parts[p].add(time.ticks_diff(u4, u3))
        was_move = played
        spent = time.ticks_diff(clock.ticks_ms(), t0)
        if spent < loop.PERIOD_MS:
            clock.sleep_ms(loop.PERIOD_MS - spent)
    for p in range(phases):
        for k in KINDS:
            h = hists[p].get(k)
            if h is not None:
                print("PHASE", p, k.replace(" ", "_"), h.n, h.median(), h.most, h.over)
        h = parts[p]
        print("NETPART", p, h.n, h.median(), h.most)
    print("MODE", type(app.mode).__name__)      # where the taps left the app
    print("GAME", net.g, net.n)
    print("PENDING", net.outbox.pending())
    gc.collect()
    print("HEAP", gc.mem_free())
    net.flush_log()
    print("LOG", (hal.storage.read("net.log") or b"").decode().replace("\n", " | ")[-600:])
    print("DONE")
