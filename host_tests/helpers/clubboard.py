"""A board of the club simulated in the tests: a paho-mqtt client that
speaks the club protocol as a board does (docs/developers/club-protocol.md),
and the club itself started on a free loopback port.

The board keeps an outbox of its events until an ack covers them and
republishes what is left at every (re)connect; it takes a relayed move into
its game when it is the next seq, as the real board does. Without mosquitto
or paho the tests are skipped saying so, except in CI (CI=true), which must
have them (.ci/run installs mosquitto, requirements.txt pins paho-mqtt).
"""
import json
import os
import queue
import ssl
import threading
import time

import pytest

IN_CI = os.environ.get("CI") == "true"


def unavailable(why):
    if IN_CI:
        pytest.fail("CI=true and %s: the club's tests must run in CI" % why)
    pytest.skip("%s: the club's tests are skipped" % why)


def need_club():
    """Skip (fail in CI) without mosquitto or paho-mqtt."""
    from tools.club import broker
    if broker.mosquitto_path() is None:
        unavailable("no mosquitto (%s)" % broker.INSTALL)
    try:
        import paho.mqtt.client  # noqa: F401
    except ImportError:
        unavailable("no paho-mqtt (pip install -r requirements.txt)")


def wait_for(cond, timeout=5.0):
    deadline = time.monotonic() + timeout
    v = cond()
    while not v and time.monotonic() < deadline:
        time.sleep(0.01)
        v = cond()
    return v


def client(club, port, user, password, client_id=None, will=None):
    """A connected paho client (or the refusal's reason code as ConnectionRefused)."""
    import paho.mqtt.client as mqtt
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id or "", protocol=mqtt.MQTTv311)
    if user is not None:
        c.username_pw_set(user, password)
    c.tls_set(ca_certs=club.path("ca.crt"), cert_reqs=ssl.CERT_REQUIRED)
    c.reconnect_delay_set(0.05, 0.3)
    if will:
        c.will_set(*will)
    got = queue.Queue()
    c.on_connect = lambda _c, _u, _f, rc, _p: got.put(rc)
    c.inbox = queue.Queue()
    c.on_message = lambda _c, _u, m: c.inbox.put((m.topic, m.payload))
    c.subacks = queue.Queue()
    c.on_subscribe = lambda _c, _u, mid, _rc, _p: c.subacks.put(mid)
    c.connect("127.0.0.1", port, keepalive=10)
    c.loop_start()
    rc = got.get(timeout=5)
    if rc.is_failure:
        c.loop_stop()
        raise ConnectionRefusedError(str(rc))
    c.on_connect = None
    return c


def subscribe(c, topics):
    """Subscribe and wait for the broker's answer: from then on, messages come."""
    _rc, mid = c.subscribe(topics)
    while c.subacks.get(timeout=5) != mid:
        pass


def drain(q, quiet=0.05):
    """Everything a client's inbox gets until `quiet` seconds pass without a message."""
    out = []
    while True:
        try:
            out.append(q.get(timeout=quiet))
        except queue.Empty:
            return out


def until(q, *markers, timeout=5.0):
    """Every (topic, payload) a client's inbox gets until each of `markers`
    (a test of topic and payload) has held for one: markers sent after the
    messages looked for, on paths that keep their order, so once they are
    in, so is everything sent before them."""
    out, left = [], list(markers)
    deadline = time.monotonic() + timeout
    while left:
        item = q.get(timeout=max(0.01, deadline - time.monotonic()))
        out.append(item)
        left = [m for m in left if not m(*item)]
    return out


class SimBoard:
    """A board on the club's broker, with its outbox and its game."""

    def __init__(self, club, port, name):
        import paho.mqtt.client as mqtt
        net = club.board_file(name)
        self.name = name
        self.outbox = []           # events not yet acked, in order
        self.acks = {}             # g -> highest acked n
        self.inbox = []            # the messages on gb/<name>/in
        self.g, self.n = None, -1
        self.lock = threading.Lock()
        self.online = threading.Event()
        c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="board-" + name,
                        protocol=mqtt.MQTTv311)
        c.username_pw_set(net["board"], net["password"])
        c.tls_set(ca_certs=club.path("ca.crt"), cert_reqs=ssl.CERT_REQUIRED)
        c.will_set(self.t("status"), '{"v":1,"on":0}', qos=1, retain=True)
        c.reconnect_delay_set(0.05, 0.3)
        c.on_connect = self._on_connect
        c.on_disconnect = lambda *_a: self.online.clear()
        c.on_message = self._on_message
        c.on_subscribe = lambda *_a: self.online.set()    # from its SUBACK on, its in and ack reach it
        self.client = c
        c.connect("127.0.0.1", port, keepalive=10)
        c.loop_start()
        assert self.online.wait(5), "board %s did not connect" % name

    def t(self, leaf):
        return "gb/%s/%s" % (self.name, leaf)

    def _on_connect(self, c, _u, _f, rc, _p):
        if rc.is_failure:
            return
        c.subscribe([(self.t("ack"), 1), (self.t("in"), 1)])
        c.publish(self.t("status"), '{"v":1,"on":1}', qos=1, retain=True)
        with self.lock:
            for ev in self.outbox:            # everything not acked, in order
                c.publish(self.t("ev"), json.dumps(ev), qos=1)

    def _on_message(self, _c, _u, m):
        msg = json.loads(m.payload)
        if m.topic == self.t("ack"):
            with self.lock:
                self.acks[msg["g"]] = msg["n"]
                self.outbox = [e for e in self.outbox if not (e["g"] == msg["g"] and e["n"] <= msg["n"])]
        else:
            self.inbox.append(msg)
            if msg["k"] == "move" and msg["g"] == self.g and msg["n"] == self.n + 1:
                self.event("move", m=msg["m"], p=1 - self.seat)

    def event(self, k, **fields):
        with self.lock:
            self.n += 1
            ev = dict(v=1, g=self.g, n=self.n, k=k, **fields)
            self.outbox.append(ev)
            if self.online.is_set():
                self.client.publish(self.t("ev"), json.dumps(ev), qos=1)
        return ev

    def start(self, g, game="semaforo", mode="2p", vs=None, seat=0, opt=None):
        self.g, self.n, self.seat = g, -1, seat
        return self.event("start", game=game, opt=opt, mode=mode, level=None,
                          seat=seat if mode == "ai" else None, vs=vs)

    def position(self, **fields):
        pos = dict(v=1, g=self.g, **fields)
        self.client.publish(self.t("pos"), json.dumps(pos), qos=1, retain=True)

    def acked(self, n):
        return wait_for(lambda: self.acks.get(self.g, -1) >= n and not self.outbox)

    def close(self):
        self.client.disconnect()
        self.client.loop_stop()
