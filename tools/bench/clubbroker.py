"""A club's broker for the tests and benches: Mosquitto over TLS on a loopback port.

make_club() writes a CA, a server certificate, the password file (boards
t1 and the club user) and the club's ACL (docs/developers/club-protocol.md)
into a folder; Broker starts and stops `mosquitto` on it; Recorder plays
the club's recorder: it stores each event once by (game, seq) and acks
the highest contiguous seq, retained. Needs mosquitto, mosquitto_passwd
and openssl (Debian: apt-get install -y mosquitto openssl).
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import time

from tools.link.firmware_path import ROOT

LIB = os.path.join(ROOT, ".venv", "circuitpython-lib")
MOSQUITTO = shutil.which("mosquitto") or ("/usr/sbin/mosquitto"
                                          if os.path.exists("/usr/sbin/mosquitto") else None)

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


def make_club(d, ip="127.0.0.1"):
    """CA, a server certificate for `ip`, users t1 and club, the ACL, a config
    listening on a free loopback port: (port, the CA's PEM)."""
    ec = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes")
    _run("openssl", "req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.crt", "-days", "2",
         "-subj", "/CN=test club CA", cwd=d)
    _run("openssl", "req", *ec, "-keyout", "srv.key", "-out", "srv.csr", "-subj", "/CN=" + ip,
         cwd=d)
    with open(os.path.join(d, "san.txt"), "w") as f:
        f.write("subjectAltName=IP:%s\n" % ip)
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
        if LIB not in sys.path:
            sys.path.insert(0, LIB)
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


def missing():
    """Why a broker cannot be started here, or None."""
    if MOSQUITTO is None or shutil.which("mosquitto_passwd") is None or shutil.which("openssl") is None:
        return "needs mosquitto, mosquitto_passwd and openssl: apt-get install -y mosquitto openssl"
    if not os.path.isdir(os.path.join(LIB, "adafruit_minimqtt")):
        return ("needs the MQTT library: pip install --no-deps --target .venv/circuitpython-lib "
                "-r requirements-circuitpython.txt")
    return None
