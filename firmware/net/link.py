"""The link to the club's broker: adafruit_minimqtt over TLS, in short turns.

net/club.py asks it for `up`, `fresh` (just connected: republish the
outbox), poll(now, receive) and publish(topic, payload, retain). It
connects as the board's own user with a retained last will of
{"v":1,"on":0} on gb/<board>/status, says {"v":1,"on":1} there once
connected, and subscribes to gb/<board>/ack and gb/<board>/in. A pass
reads only what has already come (sockets.Socket.readable): minimqtt's
own loop() waits out its whole timeout. Lost, it tries again after a
backoff that doubles from BACKOFF_MS to BACKOFF_MOST_MS, so a board far
from its broker spends almost nothing on it. What still takes time on
the board: a (re)connect (the TLS handshake) and a QoS 1 publish's wait
for the broker's PUBACK, both bounded by TIMEOUT_S; see
docs/developers/club-protocol.md for what they cost.
"""
from compat import ticks_add, ticks_diff
from net import proto

BACKOFF_MS = 1000
BACKOFF_MOST_MS = 60000
KEEP_ALIVE_S = 60
TIMEOUT_S = 2                # a socket's wait at most (connect, a packet's rest)
READS_MOST = 4               # packets read in one pass at most


class Why:
    """minimqtt's logger (its enable_logger takes a logging package): keeps
    the last failure it names. A failed connect raises only "Connect
    failure", and MicroPython keeps no exception's cause, so this is where
    the reason (the server's certificate refused, the password wrong) is."""

    def __init__(self):
        self.last = None

    def getLogger(self, name):
        return self

    def setLevel(self, level):
        pass

    def debug(self, msg, *args):
        pass

    def info(self, msg, *args):
        self.last = msg

    warning = info
    error = info


class Link:
    def __init__(self, cfg, log=None, wifi=None, pool=None, context=None):
        """cfg: the club file's dict (net/config.py): board, password, broker,
        ca; wifi: net/wifi.py's Wifi (None: the computer's own network)."""
        from net import sockets
        sockets.shim()
        self.name = cfg["board"]
        self.cfg = cfg
        self.log = log or (lambda text: None)
        self.pool = pool or sockets.Pool()
        self.context = context or sockets.Context(cfg["ca"])
        self.wifi = wifi
        self.now = 0
        self.client = None
        self.up = False
        self.fresh = False
        self.next_try = None       # ticks: the next connect; None: at once
        self.backoff = BACKOFF_MS
        self.pinged = 0
        self.receive = None
        self.connects = 0
        self.failed = None         # the last connect failure logged
        self.why = Why()

    def _client(self):
        from adafruit_minimqtt.adafruit_minimqtt import MQTT
        b = self.cfg["broker"]
        c = MQTT(broker=b["host"], port=b["port"], username=self.name,
                 password=self.cfg["password"], client_id=self.name, is_ssl=True,
                 keep_alive=KEEP_ALIVE_S, socket_pool=self.pool, ssl_context=self.context,
                 socket_timeout=TIMEOUT_S, recv_timeout=TIMEOUT_S + 1, connect_retries=1,
                 use_binary_mode=True)
        c.will_set(proto.topic(self.name, "status"), proto.encode(proto.status(False)),
                   retain=True, qos=1)
        c.on_message = self._message
        c.enable_logger(self.why)
        return c

    def _message(self, client, tpc, payload):
        if self.receive is not None:
            self.receive(tpc, payload)

    def poll(self, now, receive, quiet=True):
        """A pass's turn: read what came, ping when due; not up, and
        `quiet` (no touch for a while), join the WiFi or connect once the
        backoff allows: the two steps that take the chip long."""
        self.receive = receive
        self.now = now
        if self.wifi is not None and not self.wifi.ready(now, quiet):
            if self.up:
                self._lost(now, "the WiFi went")
            return
        if not self.up:
            if quiet and (self.next_try is None or ticks_diff(now, self.next_try) >= 0):
                self._connect(now)
            return
        try:
            sock = self.client._sock
            reads = 0
            while reads < READS_MOST and sock is not None and sock.readable():
                self.client._wait_for_msg()
                reads += 1
            if ticks_diff(now, self.pinged) >= KEEP_ALIVE_S * 500:
                self.pinged = now
                self.client.ping()
        except Exception as e:   # minimqtt's errors, OSError, a closed socket: all the same here
            self._lost(now, e)

    def _connect(self, now):
        self.why.last = None
        try:
            if self.client is None:
                self.client = self._client()
            self.client.connect()
            self.client.subscribe([(proto.topic(self.name, "ack"), 1),
                                   (proto.topic(self.name, "in"), 1)])
            self.client.publish(proto.topic(self.name, "status"), proto.encode(proto.status(True)),
                                retain=True, qos=1)
        except Exception as e:
            self._lost(now, e)
            return
        self.up = True
        self.fresh = True
        self.connects += 1
        self.backoff = BACKOFF_MS
        self.pinged = now
        self.log("connected to %s" % self.cfg["broker"]["host"])

    def _lost(self, now, e):
        why = "%s: %s" % (type(e).__name__, e)
        said = self.why.last
        if not self.up and said:
            why = said.split(": ", 1)[-1]   # what failed under minimqtt's "Connect failure"
        if self.up:
            self.log("link lost: " + why)
        elif why != self.failed:
            self.log("cannot connect: " + why)   # once a kind: a board far from the club logs no more
        self.failed = why
        self.up = False
        try:
            if self.client is not None:
                self.client._close_socket()
        except Exception:
            pass
        if self.client is not None:
            self.client._is_connected = False
        self.next_try = ticks_add(now, self.backoff)
        self.backoff = min(self.backoff * 2, BACKOFF_MOST_MS)

    def publish(self, tpc, payload, retain):
        """Whether the broker took it (QoS 1: its PUBACK came)."""
        if not self.up:
            return False
        try:
            self.client.publish(tpc, bytes(payload), retain=retain, qos=1)
            return True
        except Exception as e:
            self._lost(self.now, e)
            return False
