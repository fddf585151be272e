"""The club under load, a benchmark (not a test): N simulated boards each
play a whole game at a faster pace through one Mosquitto and the recorder.

    nice -n 10 python -m tools.club.load [--boards 1000] [--pace 10] [--game semaforo]

Three processes are measured apart: the broker, the recorder (the club's
service, python -m tools.club's own code, in a process of its own) and this
one, the boards. Each board is a raw asyncio MQTT 3.1.1 client over TLS (a
thousand paho clients would be a thousand threads): it connects with its
own identity, plays a game the firmware's rules made (random legal moves,
seeded), publishes each move's event and picture, keeps an outbox until the
ack covers it. Printed: every event stored exactly once (the store against
what was sent), the page delay p50/p99 (the board's publish to the club
process having it ready for the page, on the one monotonic clock of the
machine), and each process's CPU time and peak memory (docs/club.md).
"""
import argparse
import asyncio
import json
import os
import random
import resource
import shutil
import ssl
import struct
import subprocess
import sys
import tempfile
import time

from tools.club import broker as club_broker
from tools.club import protocol
from tools.club.folder import Club
from tools.club.store import FILE, Store

MOVE_S = 10.0          # a person's move at the table, about; --pace divides it


def _varint(n):
    out = bytearray()
    while True:
        b, n = n % 128, n // 128
        out.append(b | (128 if n else 0))
        if not n:
            return bytes(out)


def _str(s):
    b = s.encode("utf-8") if isinstance(s, str) else s
    return struct.pack("!H", len(b)) + b


def _packet(kind, body):
    return bytes([kind]) + _varint(len(body)) + body


class RawBoard:
    """One board: the protocol's publishes over a minimal MQTT client."""

    def __init__(self, club, name, port, ctx, moves, cols, rows, game, pace, sent):
        self.net = club.board_file(name)
        self.name, self.port, self.ctx = name, port, ctx
        self.moves, self.cols, self.rows, self.game = moves, cols, rows, game
        self.pace, self.sent = pace, sent
        self.g = "L" + name.replace("-", "")[-12:]
        self.pid = 0
        self.acked = -1
        self.done = asyncio.Event()
        self.n_events = len(moves) + 2

    async def connect(self):
        self.r, self.w = await asyncio.open_connection("127.0.0.1", self.port, ssl=self.ctx)
        # user, password, will retained, will at QoS 1, a will, a clean session
        flags = 0x80 | 0x40 | 0x20 | 0x08 | 0x04 | 0x02
        body = (_str("MQTT") + bytes([4, flags]) + struct.pack("!H", 60) + _str("load-" + self.name)
                + _str(protocol.topic(self.name, "status")) + _str('{"v":1,"on":0}')
                + _str(self.net["board"]) + _str(self.net["password"]))
        self.w.write(_packet(0x10, body))
        head = await self.r.readexactly(4)
        if head[0] != 0x20 or head[3] != 0:
            raise ConnectionError("%s refused: %r" % (self.name, head))
        self.pid += 1
        ack = _str(protocol.topic(self.name, "ack")) + b"\x01"
        self.w.write(_packet(0x82, struct.pack("!H", self.pid) + ack))
        self.reader = asyncio.ensure_future(self._read())
        self.publish("status", b'{"v":1,"on":1}', retain=True)

    def publish(self, leaf, payload, retain=False):
        self.pid = self.pid % 65535 + 1
        body = _str(protocol.topic(self.name, leaf)) + struct.pack("!H", self.pid) + payload
        self.w.write(_packet(0x32 | (1 if retain else 0), body))

    async def _read(self):
        while True:
            kind = (await self.r.readexactly(1))[0]
            n, mul = 0, 1
            while True:
                b = (await self.r.readexactly(1))[0]
                n += (b & 127) * mul
                mul *= 128
                if not b & 128:
                    break
            body = await self.r.readexactly(n)
            if kind >> 4 == 3:                       # a PUBLISH: the club's ack
                tl = struct.unpack("!H", body[:2])[0]
                qos = (kind >> 1) & 3
                payload = body[2 + tl + (2 if qos else 0):]
                if qos:
                    self.w.write(_packet(0x40, body[2 + tl:4 + tl]))
                ack = json.loads(payload)
                if ack["g"] == self.g:
                    self.acked = ack["n"]
                    if self.acked >= self.n_events - 1:
                        self.done.set()

    def event(self, n, k, **fields):
        ev = dict(v=1, g=self.g, n=n, k=k, **fields)
        self.sent[(self.name, "ev", self.g, n)] = time.monotonic()
        self.publish("ev", protocol.encode(ev))

    def picture(self, n, turn, last, leds):
        pos = {"v": 1, "g": self.g, "n": n, "game": self.game, "turn": turn, "last": last,
               "leds": leds, "cols": self.cols, "rows": self.rows, "clocks": None}
        self.sent[(self.name, "pos", self.g, n)] = time.monotonic()
        self.publish("pos", protocol.encode(pos), retain=True)

    async def play(self, rng):
        await asyncio.sleep(rng.random() * MOVE_S / self.pace)     # the boards start apart
        self.event(0, "start", game=self.game, opt=None, mode="2p", level=None, seat=None, vs=None)
        leds = ["000000"] * (self.cols * self.rows)
        self.picture(0, 0, None, "".join(leds))
        for k, (m, cell) in enumerate(self.moves):
            await asyncio.sleep(rng.uniform(0.5, 1.5) * MOVE_S / self.pace)
            self.event(k + 1, "move", m=m, p=k % 2)
            if cell is not None:
                leds[cell] = "ff4000" if k % 2 else "0040ff"
            self.picture(k + 1, (k + 1) % 2, m, "".join(leds))
        self.event(len(self.moves) + 1, "end", r=self.result)
        await self.w.drain()


def games_for(n, game, seed):
    """n whole games of `game` by the firmware's rules: (moves as (text, cell), result, cols, rows)."""
    from tools.link import firmware_path  # noqa: F401
    import games
    from app.words import book_text
    rng = random.Random(seed)
    mod = games.load(game)
    out = []
    for _ in range(n):
        g = mod.Game({})
        cols, rows = g.layout()[:2]
        moves = []
        while g.result() is None:
            t = rng.choice(sorted(g.legal_texts()))
            cell = None
            try:
                from games.common import parse_cell
                xy = parse_cell(t[:2], cols, rows)
                cell = xy[1] * cols + xy[0] if xy else None
            except (ValueError, TypeError):
                cell = None
            moves.append((t, cell))
            g.play_text(t)
        out.append((moves, book_text(g), cols, rows))
    return out


def proc_usage(pid):
    """(CPU seconds, peak resident MB) of a process."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    peak = 0
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM:"):
                peak = int(line.split()[1]) / 1024
    return cpu, peak


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


def recorder(folder, port, out):
    """The recorder's process: the club's service and page; each message's
    ready time written to `out` at SIGTERM."""
    import signal
    import threading
    from tools.club import page
    from tools.club.service import Service
    club = Club(folder)
    times = []
    svc = Service(club, port, on_ready=lambda b, leaf, m: times.append(
        (b, leaf, m.get("g"), m.get("n"), time.monotonic())))
    svc.start()
    svc.connected.wait(10)
    srv = page.serve(svc, 0, "127.0.0.1")
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    with open(out + ".port", "w") as f:
        f.write(str(srv.server_address[1]))
    while not stop.wait(0.5):
        pass
    with open(out + ".tmp", "w") as f:
        for t in list(times):
            f.write(json.dumps(t) + "\n")
    os.replace(out + ".tmp", out)
    srv.close()
    svc.stop()


def _page_reader(port, got):
    """A page's event stream read to its end, as a browser would hold it open."""
    import urllib.request
    try:
        with urllib.request.urlopen("http://127.0.0.1:%d/api/events" % port, timeout=300) as r:
            for line in r:
                got[0] += len(line)
    except OSError:
        pass


async def _run_boards(boards, seed):
    for i in range(0, len(boards), 50):                   # 50 TLS handshakes at a time
        await asyncio.gather(*(b.connect() for b in boards[i:i + 50]))
    t0 = time.monotonic()
    rng = random.Random(seed)
    await asyncio.gather(*(b.play(random.Random(rng.random())) for b in boards))
    played = time.monotonic() - t0
    waits = [asyncio.wait_for(b.done.wait(), 120) for b in boards]
    results = await asyncio.gather(*waits, return_exceptions=True)
    for b in boards:
        b.w.close()
    return played, time.monotonic() - t0, sum(1 for r in results if isinstance(r, Exception))


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.club.load", description=__doc__.split("\n\n")[0])
    p.add_argument("--boards", type=int, default=1000)
    p.add_argument("--pace", type=float, default=10.0, help="times a person's pace (default 10)")
    p.add_argument("--game", default="semaforo")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--keep", action="store_true", help="keep the club's folder (its store, logs) afterwards")
    p.add_argument("--recorder", nargs=3, metavar=("DIR", "PORT", "OUT"), help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.recorder:
        return recorder(a.recorder[0], int(a.recorder[1]), a.recorder[2])
    club_broker.require()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4 * a.boards + 256)), hard))
    tmp = tempfile.mkdtemp(prefix="club-load-")
    club = Club(tmp).make()
    club.server_cert()
    club.set_wifi("club-load", "")       # the bench's boards join no WiFi: they are on this laptop
    names = ["b%04d" % i for i in range(a.boards)]
    t = time.monotonic()
    for n in names:
        club.add_board(n, host="127.0.0.1", passwd=False)
    club.write_passwd()
    print("%d boards issued in %.1f s (%s)" % (a.boards, time.monotonic() - t, tmp))
    port = club_broker.free_port()
    mq = club_broker.Broker(club, port, "127.0.0.1").start()
    out = os.path.join(tmp, "ready.jsonl")
    rec = subprocess.Popen([sys.executable, "-m", "tools.club.load", "--recorder", tmp, str(port), out])
    deadline = time.monotonic() + 30
    while not os.path.exists(out + ".port") and time.monotonic() < deadline:
        time.sleep(0.1)
    got = [0]
    import threading
    threading.Thread(target=_page_reader, args=(int(open(out + ".port").read()), got), daemon=True).start()
    plays = games_for(a.boards, a.game, a.seed)
    sent = {}
    ctx = ssl.create_default_context(cafile=club.path("ca.crt"))
    boards = []
    for n, (moves, result, cols, rows) in zip(names, plays):
        b = RawBoard(club, n, port, ctx, moves, cols, rows, a.game, a.pace, sent)
        b.result = result
        boards.append(b)
    pids = {"broker": mq.proc.pid, "recorder": rec.pid, "boards": os.getpid()}
    before = dict((k, proc_usage(v)) for k, v in pids.items())
    played, acked, unacked = asyncio.run(_run_boards(boards, a.seed))
    after = dict((k, proc_usage(v)) for k, v in pids.items())
    rec.terminate()
    if rec.wait(120) != 0:
        print("the recorder's process ended with %s" % rec.returncode)
    mq.stop()
    report(a, club, boards, sent, out, played, acked, unacked, before, after, got[0])
    if a.keep:
        print("the club's folder: %s" % tmp)
    else:
        shutil.rmtree(tmp)
    return 0


def report(a, club, boards, sent, out, played, acked, unacked, before, after, page_bytes):
    store = Store(club.path(FILE))
    stored = set(store.db.execute("SELECT board, g, n FROM events").fetchall())
    store.close()
    want = set((b, g, n) for (b, leaf, g, n) in sent if leaf == "ev")
    moves = sum(len(b.moves) for b in boards)
    print("%d boards, %s at %gx pace: %d moves, %d events sent, %d stored (%d missing, %d not sent); "
          "all played in %.1f s, all acked %.1f s after the first move (%d boards never acked)"
          % (a.boards, a.game, a.pace, moves, len(want), len(stored), len(want - stored),
             len(stored - want), played, acked, unacked))
    ready = {}
    with open(out) as f:
        for line in f:
            b, leaf, g, n, t = json.loads(line)
            ready.setdefault((b, leaf, g, n), t)
    for leaf in ("ev", "pos"):
        d = [1000 * (ready[k] - t) for k, t in sent.items() if k[1] == leaf and k in ready]
        print("page delay, %s: p50 %.1f ms, p99 %.1f ms, max %.1f ms over %d messages (%d never ready)"
              % (leaf, percentile(d, 50), percentile(d, 99), max(d) if d else float("nan"), len(d),
                 sum(1 for k in sent if k[1] == leaf and k not in ready)))
    for who in ("broker", "recorder", "boards"):
        cpu = after[who][0] - before[who][0]
        print("%-8s CPU %.1f s over the %.1f s of play (%.0f%% of one core), peak memory %.0f MB"
              % (who, cpu, acked, 100 * cpu / acked, after[who][1]))
    print("the page's event stream carried %.1f MB; the machine's load average %.1f (%d cores)"
          % (page_bytes / 1e6, os.getloadavg()[0], os.cpu_count()))


if __name__ == "__main__":
    sys.exit(main())
