"""The board's link against a real Mosquitto over TLS (issue 35).

The test starts `mosquitto` on a loopback port with a CA, a server
certificate, a password file and the club's ACL (docs/developers/club-protocol.md),
and plays the recorder's part as the `club` user: it stores each event
once by (game, seq) and acks the highest contiguous seq, retained. The
board (the real app on a simulated board, net/club.py over net/link.py
and adafruit_minimqtt through net/sockets.py) publishes its moves, the
retained picture and its status, drains its outbox on the acks, and
loses nothing when the broker is stopped and started again mid-game.
Skipped, saying so, where Mosquitto or the Adafruit library is not
installed.
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import time

import pytest

from tools.link.firmware_path import ROOT

LIB = os.path.join(ROOT, ".venv", "circuitpython-lib")
MOSQUITTO = shutil.which("mosquitto") or ("/usr/sbin/mosquitto"
                                          if os.path.exists("/usr/sbin/mosquitto") else None)
pytestmark = [
    pytest.mark.skipif(MOSQUITTO is None or shutil.which("mosquitto_passwd") is None
                       or shutil.which("openssl") is None,
                       reason="needs mosquitto, mosquitto_passwd and openssl: "
                       "apt-get install -y mosquitto openssl"),
    pytest.mark.skipif(not os.path.isdir(os.path.join(LIB, "adafruit_minimqtt")),
                       reason="needs the MQTT library: pip install --no-deps --target "
                       ".venv/circuitpython-lib -r requirements-circuitpython.txt"),
]

ACL = """user club
topic readwrite gb/#

pattern write gb/%u/ev
pattern write gb/%u/pos
pattern write gb/%u/status
pattern read gb/%u/ack
pattern read gb/%u/in
"""


def _run(*args, cwd):
    subprocess.run(args, cwd=cwd, check=True, capture_output=True, timeout=30)


def make_club(d):
    """CA, server certificate for 127.0.0.1, users t1 and club, the ACL, a config."""
    ec = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes")
    _run("openssl", "req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.crt", "-days", "2",
         "-subj", "/CN=test club CA", cwd=d)
    _run("openssl", "req", *ec, "-keyout", "srv.key", "-out", "srv.csr", "-subj", "/CN=127.0.0.1",
         cwd=d)
    with open(os.path.join(d, "san.txt"), "w") as f:
        f.write("subjectAltName=IP:127.0.0.1\n")
    _run("openssl", "x509", "-req", "-in", "srv.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
         "-CAcreateserial", "-out", "srv.crt", "-days", "2", "-extfile", "san.txt", cwd=d)
    _run("mosquitto_passwd", "-b", "-c", "pw", "t1", "board-secret", cwd=d)
    _run("mosquitto_passwd", "-b", "pw", "club", "club-secret", cwd=d)
    with open(os.path.join(d, "acl"), "w") as f:
        f.write(ACL)
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    os.mkdir(os.path.join(d, "db"))
    with open(os.path.join(d, "mosquitto.conf"), "w") as f:
        f.write("listener %d 127.0.0.1\ncafile %s/ca.crt\ncertfile %s/srv.crt\nkeyfile %s/srv.key\n"
                "allow_anonymous false\npassword_file %s/pw\nacl_file %s/acl\npersistence true\n"
                "persistence_location %s/db/\nlog_dest file %s/mosquitto.log\n"
                % (port, d, d, d, d, d, d, d))
        if os.getuid() == 0:
            f.write("user root\n")       # run by root (CI) it would drop to a user who cannot read d
    with open(os.path.join(d, "ca.crt")) as f:
        ca = f.read()
    return port, ca


class Broker:
    def __init__(self, d, port):
        self.d, self.port, self.proc = d, port, None

    def start(self):
        self.proc = subprocess.Popen([MOSQUITTO, "-c", os.path.join(self.d, "mosquitto.conf")],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("mosquitto did not start: " + self.log())

    def stop(self):
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(10)
            self.proc = None

    def log(self):
        try:
            with open(os.path.join(self.d, "mosquitto.log")) as f:
                return f.read()[-2000:]
        except OSError:
            return ""


class Recorder:
    """The club's side, as the test plays it: events stored once, acked."""

    def __init__(self, port, ca):
        from net import sockets
        sockets.shim()
        from adafruit_minimqtt.adafruit_minimqtt import MQTT
        self.ctx = sockets.Context(ca)
        self.pool = sockets.Pool()
        self.port = port
        self.MQTT = MQTT
        self.stored = {}          # (g, n) -> event
        self.twice = 0
        self.retained = {}        # topic -> last payload
        self.acks = []
        self.client = None

    def connect(self):
        from net import sockets
        self.pool = sockets.Pool()        # a new pool: the old broker's socket is gone with it
        c = self.MQTT(broker="127.0.0.1", port=self.port, username="club", password="club-secret",
                      client_id="club-test", is_ssl=True, socket_pool=self.pool,
                      ssl_context=self.ctx, socket_timeout=2, recv_timeout=3, connect_retries=1,
                      use_binary_mode=True)
        c.on_message = self.message
        c.connect()
        c.subscribe([("gb/+/ev", 1), ("gb/+/pos", 1), ("gb/+/status", 1)])
        self.client = c

    def message(self, client, tpc, payload):
        d = json.loads(bytes(payload))
        self.retained[tpc] = d
        if not tpc.endswith("/ev"):
            return
        key = (d["g"], d["n"])
        if key in self.stored:
            self.twice += 1
        self.stored[key] = d
        n = -1
        while (d["g"], n + 1) in self.stored:
            n += 1
        # Acked after the read: minimqtt's publish inside its own message
        # callback would take the PUBACK its caller waits for.
        self.acks.append(("gb/%s/ack" % tpc.split("/")[1], {"v": 1, "g": d["g"], "n": n}))

    def pump(self):
        sock = self.client._sock
        while sock.readable():
            self.client._wait_for_msg()
        while self.acks:
            tpc, d = self.acks.pop(0)
            self.client.publish(tpc, json.dumps(d), retain=True, qos=1)

    def close(self):
        try:
            self.client.disconnect()
        except Exception:
            pass


@pytest.fixture
def club(tmp_path):
    if LIB not in sys.path:
        sys.path.insert(0, LIB)
    d = str(tmp_path)
    port, ca = make_club(d)
    broker = Broker(d, port)
    broker.start()
    yield broker, port, ca
    broker.stop()


def board_on(port, ca, tmp):
    from netboard import net_board
    from net.link import Link
    cfg = {"club": "test", "wifi": {"ssid": "x", "password": ""},
           "broker": {"host": "127.0.0.1", "port": port}, "board": "t1",
           "password": "board-secret", "ca": ca}
    from hal.storage import FileStorage
    os.mkdir(tmp)
    storage = FileStorage(tmp)
    link = Link(cfg, log=lambda text: None)
    return net_board(link, storage=storage)


def run(b, rec, passes=30, ms=10):
    for _ in range(passes):
        b.tick(ms)
        if rec.client is not None:
            rec.pump()
        time.sleep(0.002)


def test_moves_go_out_the_picture_is_kept_and_acks_empty_the_outbox(club, tmp_path):
    broker, port, ca = club
    rec = Recorder(port, ca)
    rec.connect()
    b, net = board_on(port, ca, str(tmp_path / "board"))
    run(b, rec, 40, 100)            # the link connects once the board is left alone (QUIET_MS)
    assert net.link.up, broker.log()
    assert rec.retained.get("gb/t1/status") == {"v": 1, "on": 1}
    b.start("hex")
    for m in ("a1", "b2", "c3"):
        b.enter(m)
        run(b, rec, 10)
    run(b, rec)
    got = [(g, n, e["k"], e.get("m")) for (g, n), e in sorted(rec.stored.items(), key=lambda x: x[0][1])]
    assert [x[1:] for x in got] == [(0, "start", None), (1, "move", "a1"), (2, "move", "b2"),
                                    (3, "move", "c3")], got
    assert net.outbox.pending() == 0 and b.storage.size("outbox.txt") == 0
    pos = rec.retained["gb/t1/pos"]
    assert pos["g"] == got[0][0] and pos["last"] == "c3" and pos["n"] == 3
    assert len(pos["leds"]) == 81 * 6 and pos["cols"] == 9
    # A page opened now gets the picture at once: it is retained.
    late = Recorder(port, ca)
    late.connect()
    deadline = time.time() + 5
    while "gb/t1/pos" not in late.retained and time.time() < deadline:
        late.pump()
        time.sleep(0.01)
    assert late.retained["gb/t1/pos"]["last"] == "c3"
    late.close()
    rec.close()


def test_a_broker_restarted_mid_game_loses_nothing(club, tmp_path):
    broker, port, ca = club
    rec = Recorder(port, ca)
    rec.connect()
    b, net = board_on(port, ca, str(tmp_path / "board"))
    run(b, rec, 40, 100)            # the link connects once the board is left alone (QUIET_MS)
    b.start("hex")
    b.enter("a1")
    run(b, rec)
    assert len(rec.stored) == 2
    broker.stop()
    rec.client = None
    for m in ("b2", "c3", "d4"):
        b.enter(m)
        run(b, rec, 20, 100)           # the board plays on: its events wait in the outbox
    assert not net.link.up
    assert net.outbox.pending() == 3
    broker.start()
    rec.connect()
    for _ in range(10):
        run(b, rec, 20, 1000)          # the board's clock runs past its backoff
        if net.outbox.pending() == 0:
            break
    assert net.link.up, broker.log()
    assert sorted(n for g, n in rec.stored) == [0, 1, 2, 3, 4]
    assert [rec.stored[(g, n)].get("m") for g, n in sorted(rec.stored, key=lambda k: k[1])] == \
        [None, "a1", "b2", "c3", "d4"]
    assert net.outbox.pending() == 0
    assert net.link.connects == 2
    rec.close()


def test_the_other_boards_move_comes_in_and_is_played(club, tmp_path):
    broker, port, ca = club
    rec = Recorder(port, ca)
    rec.connect()
    b, net = board_on(port, ca, str(tmp_path / "board"))
    run(b, rec, 40, 100)            # the link connects once the board is left alone (QUIET_MS)
    play = b.start("hex", players_col=5)          # the other board moves first
    run(b, rec)
    rec.client.publish("gb/t1/in", json.dumps({"v": 1, "k": "move", "g": net.g, "n": 1,
                                               "m": "e5", "from": "t2"}), qos=1)
    run(b, rec)
    assert play.texts == ["e5"]
    assert [e.get("m") for (g, n), e in sorted(rec.stored.items(), key=lambda x: x[0][1])] == \
        [None, "e5"] and rec.stored[(net.g, 1)]["p"] == 0
    rec.close()
