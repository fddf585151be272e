"""The link to the club's broker: adafruit_minimqtt over TLS, in short turns.

net/club.py asks it for `up`, `fresh` (just connected: republish the
outbox), poll(now, receive) and publish(topic, payload, retain). It
connects as the board's own user with a retained last will of
{"v":1,"on":0} on gb/<board>/status, says {"v":1,"on":1} there once
connected, and subscribes to gb/<board>/ack and gb/<board>/in. A pass
reads only what has already come (sockets.Socket.readable): minimqtt's
own loop() waits out its whole timeout. A publish is one write of the
whole packet and never waits: its PUBACK (and a ping's PINGRESP) is read
by a later pass, and at most WINDOW publishes wait for theirs (the
outbox's guarantee is the recorder's ack, not the PUBACK: what a lost
link leaves unacknowledged goes out again at the next connect). A broker
that answers neither within ANSWER_MS is a lost link. Lost, it tries
again after a backoff that doubles from BACKOFF_MS to BACKOFF_MOST_MS, so
a board far from its broker spends almost nothing on it. What still
takes time on the board is a (re)connect (the TLS handshake, bounded by
TIMEOUT_S); see docs/developers/club-protocol.md for what it costs.
"""
from compat import ticks_add, ticks_diff
from net import proto

ETIMEDOUT = 110
BACKOFF_MS = 1000
BACKOFF_MOST_MS = 60000
KEEP_ALIVE_S = 60
TIMEOUT_S = 2                # a socket's wait at most (connect, a packet's rest)
READS_MOST = 4               # packets read in one pass at most
WINDOW = 4                   # publishes waiting for their PUBACK at most
ANSWER_MS = 10000            # a PUBACK or PINGRESP later than this: the link is lost
PUBACK = 0x40
PUBLISH = 0x30
PINGRESP = 0xD0
PINGREQ = b"\xc0\x00"


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
        self.unacked = []          # packet ids of publishes whose PUBACK has not come
        self.asked = None          # ticks of the oldest unanswered publish or ping
        self.ping_out = False
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
                self._read()
                reads += 1
            if self.asked is not None and ticks_diff(now, self.asked) >= ANSWER_MS:
                raise OSError(ETIMEDOUT, "no answer from the broker")
            if not self.ping_out and ticks_diff(now, self.pinged) >= KEEP_ALIVE_S * 500:
                self.pinged = now
                self.client._send_bytes(PINGREQ)      # its PINGRESP read by a later pass
                self.ping_out = True
                self._asked(now)
        except Exception as e:   # minimqtt's errors, OSError, a closed socket: all the same here
            self._lost(now, e)

    def _asked(self, now):
        if self.asked is None:
            self.asked = now

    def _read(self):
        """One packet that has come: a message (minimqtt's own reading,
        which acks it), a PUBACK or PINGRESP taken off what waits, anything
        else read past."""
        c = self.client
        op = c._wait_for_msg()
        if op is None or op == PUBLISH:
            return
        if op == PINGRESP:
            self.ping_out = False
        else:
            # minimqtt read only the first byte of any other packet: its rest here
            n = c._decode_remaining_length()
            rest = c._sock_exact_recv(n) if n else b""
            if op == PUBACK and len(rest) == 2:
                pid = rest[0] << 8 | rest[1]
                if pid in self.unacked:
                    self.unacked.remove(pid)
        # an answer: the broker is there; the wait starts again for what is left
        self.asked = self.now if self.unacked or self.ping_out else None

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
        self.unacked = []
        self.asked = None
        self.ping_out = False
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
        """A QoS 1 PUBLISH in one write, not waiting for its PUBACK: whether
        it went out (False: no link, or WINDOW publishes still unanswered)."""
        if not self.up or len(self.unacked) >= WINDOW:
            return False
        c = self.client
        try:
            c._pid = c._pid + 1 if c._pid < 0xFFFF else 1
            pid = c._pid
            c._send_bytes(packet(tpc, payload, retain, pid))
        except Exception as e:
            self._lost(self.now, e)
            return False
        self.unacked.append(pid)
        self._asked(self.now)
        return True


def packet(tpc, payload, retain, pid):
    """An MQTT 3.1.1 QoS 1 PUBLISH: fixed header, topic, packet id, payload."""
    t = tpc.encode()
    rest = 2 + len(t) + 2 + len(payload)
    head = bytearray([PUBLISH | 2 | (1 if retain else 0)])
    while True:                          # the remaining length, 7 bits a byte
        b = rest & 0x7F
        rest >>= 7
        head.append(b | 0x80 if rest else b)
        if not rest:
            break
    head.append(len(t) >> 8)
    head.append(len(t) & 0xFF)
    head += t
    head.append(pid >> 8)
    head.append(pid & 0xFF)
    head += payload
    return head
