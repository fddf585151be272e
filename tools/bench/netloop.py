"""The whole app on the emulated Pico W with the club network up, down and
flapping (issue 35; docs/developers/club-protocol.md, "The loop with the
network").

    python -m tools.bench.netloop EMULATOR [--python PY] [--json FILE]

EMULATOR is pico-emu's run_on_pico.py (not part of this project; PY its
venv's Python, ~/.pico-emu/bin/python by default: the tool runs itself
again with it). The firmware is staged as the deploy puts it on a club9w
board (tools/bench/netpico.py's stage: Hex only, the MQTT library, a
club.json for the emulator's access point), with push buttons and the
board file's clock at the emulator's 125 MHz, and Mosquitto runs over TLS
on this machine (tools/bench/clubbroker.py). The guest
(tools/bench/netloop_guest.py) boots the app and runs the board's own loop
while scripted taps play Hex for two players, bursts of four moves 0.7 s
apart with a pause between them long enough for the link's QUIET_MS, in
three phases: the broker up (the board connected, publishing every move),
the broker stopped (the board plays on, its events pile up in the outbox)
and flapping (the broker stopped and started every few seconds); then the
broker stays up and the board is left alone until its outbox is empty.
This tool plays the recorder's part (clubbroker.Recorder: subscribed as
`club`, each event stored once by (game, seq), acked) and checks at the
end that every event the board made is stored exactly once, in order.

Printed per phase: touch -> answering frame (the first WS2812 frame after
the switch closed that shows the square in a new colour) median and max,
each class of loop pass (tools/bench/latency_guest.py's, and `connect`:
the passes in which the link joined the WiFi or tried the broker) with its
count, median, max and passes over 10 ms, and the network's turn alone.
A run takes 10 to 20 minutes of one core: run it with `nice`.
"""
import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile

from tools.bench import latency, netpico
from tools.bench.clubbroker import Broker, Recorder, make_club, missing

ROOT = latency.ROOT
SETTLE_S = 14.0           # boot, the WiFi joined and the broker connected before the first tap
GAP_S = 0.7               # between the taps of a burst
PAUSE_S = 4.5             # after a burst: more than QUIET_MS (3 s), so the link may connect
BURST = 4
BURSTS = 3                # per phase
FLAP_S = 3.0              # the broker stopped or started this often in the flapping phase
DRAIN_S = 40.0            # the end: left alone, the board reconnects past its backoff
PHASES = ("up", "down", "flapping", "drain")
LANG = "en"              # see the docstring: with "pt" the app did not start beside the guests


def hex_moves(k):
    """k cells of Hex none of which wins: rows 1, 3, 5, 7, 9 filled a..i in
    turn, so colours alternate along a row and no row touches another."""
    out = []
    for rank in (1, 3, 5, 7, 9):
        for f in "abcdefghi":
            out.append("%s%d" % (f, rank))
    return out[:k]


def plan(board, bursts=BURSTS, drain=DRAIN_S):
    """(switch plan, touches, phase bounds in seconds, the run's length)."""
    cols = board["cols"]
    top = (board["rows"] - 1) * cols         # the menu's first square: Hex, the only game staged
    t = SETTLE_S
    sw = []
    for rc in (latency.key_rc(board, top), latency.key_rc(board, top),
               latency.fkey_rc(board, "ok")):
        sw += [(t, rc, True), (t + latency.TAP_MS / 1000, rc, False)]
        t += GAP_S
    t += 1.0
    touches = []
    bounds = []
    moves = iter(hex_moves(3 * bursts * BURST))
    for phase in range(3):
        if phase:
            bounds.append(t)
        for _ in range(bursts):
            for _ in range(BURST):
                m = next(moves)
                sq = (int(m[1:]) - 1) * cols + "abcdefghi".index(m[0])
                rc = latency.key_rc(board, sq)
                sw += [(t, rc, True), (t + latency.TAP_MS / 1000, rc, False)]
                touches.append((t, rc, PHASES[phase]))
                t += GAP_S
            t += PAUSE_S
    bounds.append(t)
    return sw, touches, bounds, t + drain


class Club:
    """The broker and the recorder, driven from the emulator's clock."""

    def __init__(self, d, port, ca):
        self.broker = Broker(d, port)
        self.rec = Recorder(port, ca)
        self.up = False
        self.changes = []

    def start(self, at):
        self.broker.start()
        self.up = True
        self.changes.append((round(at, 1), "start"))
        self.connect()

    def stop(self, at):
        self.broker.stop()
        self.up = False
        self.rec.client = None
        self.changes.append((round(at, 1), "stop"))

    def connect(self):
        try:
            self.rec.connect()
        except Exception:         # noqa: BLE001 -- tried again at the next pump
            self.rec.client = None

    def pump(self):
        if not self.up:
            return
        if self.rec.client is None:
            self.connect()
            return
        try:
            self.rec.pump()
        except Exception:         # noqa: BLE001 -- the broker went: reconnect next time
            self.rec.client = None


async def session(emulator, board, d, port, ca, log, bursts, drain):
    sys.path.insert(0, os.path.dirname(os.path.abspath(emulator)))
    from run_on_pico import PicoRig, KeyMatrix
    fs = os.path.join(d, "fs")
    os.mkdir(fs)
    netpico.stage(fs, ca, port, guests=("latency_guest.py", "netloop_guest.py"),
                  board={"sensing": "button", "cpu_mhz": 125, "lang": LANG})
    sw, touches, bounds, seconds = plan(board, bursts, drain)
    club = Club(d, port, ca)
    club.start(0)
    matrix = KeyMatrix(list(board["row_pins"]), list(board["col_pins"]))
    rig = PicoRig(files=[fs], neopixels=[(board["led_pin"], "GRB")], matrix=matrix,
                  board="pico_w", net_log=os.path.join(d, "emu-net.log"))
    await rig.start()
    await rig.run_for(0.5)
    rig.frames.clear()
    t0 = rig.sim_seconds
    changes = latency.schedule_switches(rig, matrix, sw)
    rig.at(bounds[0], lambda: club.stop(rig.sim_seconds - t0))
    t = bounds[1] + FLAP_S / 2
    while t < bounds[2]:
        rig.at(t, lambda: (club.start if not club.up else club.stop)(rig.sim_seconds - t0))
        t += FLAP_S
    rig.at(bounds[2], lambda: club.up or club.start(rig.sim_seconds - t0))

    def pump():
        club.pump()
        rig.at(0.25, pump)
    rig.at(0.25, pump)
    res = await rig.exec("import netloop_guest\nnetloop_guest.run(%r, %r)" % (seconds, bounds),
                         wall_timeout=5400)
    log(res.stdout + res.stderr)
    out = res.stdout + res.stderr
    frames = [(t, px) for pin, t, px in rig.frames]
    for _ in range(20):           # the last acks
        club.pump()
    rig.stop()
    club.broker_log = club.broker.log()
    club.broker.stop()
    r = {"t0": t0, "changes": changes, "frames": frames}
    return r, touches, bounds, club, out


def parse(text):
    out = {"phases": {}, "net": {}}
    for line in text.splitlines():
        p = line.split()
        if not p:
            continue
        if p[0] == "PHASE":
            out["phases"].setdefault(PHASES[int(p[1])], {})[p[2].replace("_", " ")] = {
                "count": int(p[3]), "median_ms": int(p[4]) / 1000, "max_ms": int(p[5]) / 1000,
                "over_10ms": int(p[6])}
        elif p[0] == "NETPART":
            out["net"][PHASES[int(p[1])]] = {"count": int(p[2]), "median_ms": int(p[3]) / 1000,
                                             "max_ms": int(p[4]) / 1000}
        elif p[0] == "GAME":
            out["game"] = (p[1], int(p[2]))
        elif p[0] == "MODE":
            out["mode"] = p[1]
        elif p[0] == "PENDING":
            out["pending"] = int(p[1])
        elif p[0] == "HEAP":
            out["heap_free"] = int(p[1])
        elif p[0] == "LOG":
            out["log"] = line[4:]
    return out


def stored_check(rec, game):
    """Every event of the board's game stored once, in order: seqs 0..n-1."""
    if game is None:
        return "no game reported"
    g, n = game
    got = sorted(k for (gg, k) in rec.stored if gg == g)
    if got != list(range(n)):
        return "stored %d of %d events of %s: missing %s" % (
            len(got), n, g, sorted(set(range(n)) - set(got))[:10])
    return None


def measure(emulator, log=lambda s: None, bursts=BURSTS, drain=DRAIN_S):
    from tools.link import boardfile
    board = boardfile.load("club9w")
    board["sensing"] = "button"
    with tempfile.TemporaryDirectory() as d:
        port, ca = make_club(d, ip=netpico.HOST)
        r, touches, bounds, club, out = asyncio.run(session(emulator, board, d, port, ca, log, bursts,
                                                              drain))
    g = parse(out)
    lat = latency.latencies(board, r, touches)
    rep = {"bounds_s": bounds, "broker": club.changes, "phases": {}, "guest": g,
           "broker_log": club.broker_log,
           "stored": len(club.rec.stored), "stored_twice": club.rec.twice,
           "check": stored_check(club.rec, g.get("game"))}
    for phase in PHASES:
        rep["phases"][phase] = {"answer": latency.summary([x["ms"] for x in lat if x["kind"] == phase]),
                                "passes": g["phases"].get(phase, {}), "net": g["net"].get(phase)}
    return rep, out


def print_report(rep, out=print):
    out("phases begin at %s s; broker %s" % (rep["bounds_s"], rep["broker"]))
    for phase in PHASES:
        p = rep["phases"][phase]
        out("%s: touch -> answering frame %s" % (phase, p["answer"]))
        for kind, x in sorted(p["passes"].items()):
            out("  pass %-11s n=%-5d median %.2f ms  max %.2f ms  over 10 ms: %d"
                % (kind, x["count"], x["median_ms"], x["max_ms"], x["over_10ms"]))
        if p["net"]:
            out("  the network's turn alone: median %.2f ms, max %.2f ms" % (p["net"]["median_ms"],
                                                                          p["net"]["max_ms"]))
    g = rep["guest"]
    out("game %s; stored %d (%d twice-sent, ignored); pending on the board %s; heap free %s"
        % (g.get("game"), rep["stored"], rep["stored_twice"], g.get("pending"), g.get("heap_free")))
    out("every event stored once, in order: %s" % ("yes" if rep["check"] is None else rep["check"]))
    out("the app at the end: %s" % g.get("mode"))
    out("net.log: %s" % g.get("log"))
    out("mosquitto's log, its end:\n%s" % rep["broker_log"][-1500:])


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.netloop",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("emulator", help="pico-emu's run_on_pico.py")
    ap.add_argument("--python", default=os.path.expanduser("~/.pico-emu/bin/python"))
    ap.add_argument("--json", metavar="FILE")
    ap.add_argument("--bursts", type=int, default=BURSTS, help="bursts of moves per phase")
    ap.add_argument("--drain", type=float, default=DRAIN_S, help="seconds left alone at the end")
    a = ap.parse_args(argv)
    why = missing()
    if why:
        print("netloop: " + why, file=sys.stderr)
        return 2
    if not os.environ.get("NETLOOP_IN_EMULATOR_VENV"):
        path = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
        env = dict(os.environ, PYTHONPATH=ROOT, PATH=path, NETLOOP_IN_EMULATOR_VENV="1")
        args = [a.emulator, "--bursts", str(a.bursts), "--drain", str(a.drain)]
        args += ["--json", a.json] if a.json else []
        return subprocess.run([a.python, "-m", "tools.bench.netloop"] + args, env=env,
                              cwd=ROOT).returncode
    rep, out = measure(a.emulator, bursts=a.bursts, drain=a.drain)
    if "DONE" not in out:
        print(out[-3000:])            # the guest stopped: what it said
    print_report(rep)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rep, f, indent=1)
    return 0 if rep["check"] is None else 1


if __name__ == "__main__":
    sys.exit(main())
