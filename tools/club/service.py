"""The club's service: recorder, relay and the page's live state, one MQTT
client (user `club`) on the club's broker.

The recorder stores every event of gb/<board>/ev in the store (each
(board, game, seq) once) and acks the highest contiguous seq on
gb/<board>/ack, retained. Its session is persistent (clean_session off, a
fixed client id), so the broker keeps what arrives while it is down, and a
board republishes all it holds no ack for: at least once in, exactly once
stored. The relay keeps the two games of a pair of boards the same, one move
at a time (docs/club.md, "Boards playing each other"). Every change reaches
the page's listeners (queues) as the board's snapshot.
"""
import logging
import os
import queue
import ssl
import threading
import time

import paho.mqtt.client as mqtt

from tools.club import protocol
from tools.club.store import FILE, Store

CLIENT_ID = "club-service"
log = logging.getLogger("club")


class BoardState:
    """What the page shows of one board."""

    def __init__(self, name):
        self.name = name
        self.on = None          # 1 connected, 0 gone (its last will), None never seen
        self.pos = None         # its last picture (gb/<board>/pos)
        self.g = None           # its latest game's id
        self.start = None       # that game's start event
        self.moves = []         # [{"m": move, "p": seat}] after undos
        self.result = None      # its end's result text, None while it is played
        self.names = None
        self.seen = -1          # the game's events taken into this state: 0..seen

    def snapshot(self):
        return {"board": self.name, "on": self.on, "pos": self.pos, "g": self.g,
                "start": self.start, "moves": self.moves, "result": self.result,
                "names": self.names}


class Service:
    """The club's MQTT client; start() returns at once, the client runs in its thread."""

    def __init__(self, club, port, host="127.0.0.1", on_ready=None):
        self.club, self.port, self.host = club, port, host
        self.store = Store(club.path(FILE))
        self.boards = {}
        self.lock = threading.RLock()
        self.listeners = []
        self.on_ready = on_ready       # (board, leaf, message) once the page has it: the load bench
        self.sent = {}                 # board -> (g, n) last relayed into it
        self.connected = threading.Event()
        self.stopping = False
        c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=CLIENT_ID, clean_session=False,
                        protocol=mqtt.MQTTv311)
        c.username_pw_set(protocol.CLUB_USER, club.service_password())
        c.tls_set(ca_certs=club.path("ca.crt"), cert_reqs=ssl.CERT_REQUIRED)
        c.reconnect_delay_set(0.1, 2)
        c.max_queued_messages_set(0)
        c.max_inflight_messages_set(100)
        c.on_connect = self._on_connect
        c.on_disconnect = self._on_disconnect
        c.on_message = self._on_message
        self.client = c
        self.finished = {}             # (board, g) -> the results table's row, oldest first
        for board, g, at in self.store.games():
            self._load_game(board, g)
            if self.boards[board].result is not None:
                self.finished[(board, g)] = self._row(self.boards[board], at)

    # ---- the connection ----

    def start(self):
        self.client.connect_async(self.host, self.port, keepalive=30)
        self.client.loop_start()
        return self

    def stop(self):
        self.stopping = True
        self.client.disconnect()
        self.client.loop_stop()
        self.store.close()

    def _on_connect(self, client, _u, _flags, reason, _props):
        if reason.is_failure:
            log.warning("broker refused the club's service: %s", reason)
            return
        client.subscribe([(protocol.topic("+", leaf), 1) for leaf in ("ev", "pos", "status")])
        self.connected.set()
        log.info("connected to the broker")

    def _on_disconnect(self, _client, _u, _flags, reason, _props):
        self.connected.clear()
        if not self.stopping:
            log.info("disconnected from the broker (%s); reconnecting", reason)

    # ---- what arrives ----

    def _on_message(self, _client, _u, msg):
        board, leaf = protocol.split_topic(msg.topic)
        if board is None or board == protocol.CLUB_USER:
            log.info("dropped a message on %s: no board's topic", msg.topic)
            return
        try:
            if leaf == "ev":
                self._event(board, msg.payload)
            elif leaf == "pos":
                self._position(board, msg.payload)
            elif leaf == "status":
                self._status(board, msg.payload)
        except Exception:   # a bad message must not stop the recorder: one line, go on
            log.exception("a message on %s could not be handled", msg.topic)

    def _board(self, name):
        b = self.boards.get(name)
        if b is None:
            b = self.boards[name] = BoardState(name)
        return b

    def _event(self, board, payload):
        ev, why = protocol.check_event(payload)
        if ev is None:
            log.info("dropped an event of %s: %s", board, why)
            return
        new, upto = self.store.add(board, ev)
        if upto >= 0:
            self.client.publish(protocol.topic(board, "ack"), protocol.ack(ev["g"], upto), qos=1, retain=True)
        if not new:
            return
        with self.lock:
            b = self._board(board)
            if ev["g"] == b.g and ev["n"] == b.seen + 1 == upto:
                self._apply(b, ev)                  # the usual case: the next event, in order
            elif ev["k"] == "start" and upto == 0:
                b.g, b.start, b.moves, b.result, b.names, b.seen = ev["g"], ev, [], None, None, 0
            else:                                   # a gap closed, or an older game: from the store
                self._load_game(board, ev["g"])
            snap = b.snapshot()
            row = None
            if b.result is not None and (board, b.g) not in self.finished:
                row = self.finished[(board, b.g)] = self._row(b, time.time())
        self._tell(snap)
        if row:
            self._tell({"row": row})
        if self.on_ready:
            self.on_ready(board, "ev", ev)
        self._relay(board)

    def _load_game(self, board, g):
        """The board's state from its game g's stored events (up to their
        first gap). The game of a board's latest event is the one shown: a
        board sends its outbox in order, so that is its newest game."""
        events = self.store.events(board, g)
        if not events or events[0]["k"] != "start":
            return
        b = self._board(board)
        b.g, b.start, b.moves, b.result, b.seen = g, events[0], [], None, 0
        for e in events[1:]:
            self._apply(b, e)
        b.names = self.store.names(board, g)

    @staticmethod
    def _apply(b, e):
        """One event of the board's game, the next in seq, into its state."""
        b.seen = e["n"]
        if b.result is not None:
            return                                  # nothing counts after the end
        if e["k"] == "move":
            b.moves.append({"m": e["m"], "p": e["p"]})
        elif e["k"] == "undo" and b.moves:
            b.moves.pop()
        elif e["k"] == "end":
            b.result = e["r"]

    def _position(self, board, payload):
        pos, why = protocol.check_position(payload)
        if pos is None:
            log.info("dropped a picture of %s: %s", board, why)
            return
        with self.lock:
            b = self._board(board)
            b.pos = pos
            snap = b.snapshot()
        self._tell(snap)
        if self.on_ready:
            self.on_ready(board, "pos", pos)

    def _status(self, board, payload):
        st, why = protocol.check_status(payload)
        if st is None:
            log.info("dropped a status of %s: %s", board, why)
            return
        with self.lock:
            b = self._board(board)
            b.on = st["on"]
            snap = b.snapshot()
            if st["on"]:
                self.sent.pop(board, None)     # it may have missed what was sent while away
        self._tell(snap)
        if st["on"]:
            if b.names and b.g and b.result is None:
                self._publish_names(board, b.g, b.names)
            self._relay(board)

    # ---- the page's side ----

    def listen(self):
        q = queue.Queue(maxsize=10000)
        with self.lock:
            self.listeners.append(q)
        return q

    def unlisten(self, q):
        with self.lock:
            if q in self.listeners:
                self.listeners.remove(q)

    def _tell(self, item):
        with self.lock:
            for q in list(self.listeners):
                try:
                    q.put_nowait(item)
                except queue.Full:        # a page that stopped reading: it reloads the state
                    self.listeners.remove(q)

    def snapshot(self):
        with self.lock:
            return [self.boards[n].snapshot() for n in sorted(self.boards)]

    def board(self, name):
        with self.lock:
            b = self.boards.get(name)
            return b.snapshot() if b else None

    @staticmethod
    def _row(b, at):
        """The results table's row of the board's ended game."""
        return {"board": b.name, "g": b.g, "game": b.start["game"], "mode": b.start["mode"],
                "vs": b.start.get("vs"), "result": b.result, "moves": len(b.moves),
                "names": b.names, "at": at}

    def results(self):
        """Every ended game of the store, oldest first."""
        with self.lock:
            return [dict(r) for r in self.finished.values()]

    def pairs(self):
        return [list(p) for p in self.store.pairs()]

    def set_names(self, board, names):
        """The players' names of the board's current game: stored and sent to the board."""
        why = protocol.names_error(names)
        if why:
            raise ValueError(why)
        with self.lock:
            b = self.boards.get(board)
            if b is None or b.g is None:
                raise ValueError("board %s has no game yet" % board)
            b.names = list(names)
            g, snap = b.g, b.snapshot()
            row = self.finished.get((board, g))
            if row:
                row["names"] = list(names)
                row = dict(row)
        self.store.set_names(board, g, list(names))
        self._publish_names(board, g, names)
        self._tell(snap)
        if row:
            self._tell({"row": row})

    def _publish_names(self, board, g, names):
        self.client.publish(protocol.topic(board, "in"), protocol.names_message(g, names), qos=1)

    # ---- boards playing each other ----

    def pair(self, a, b):
        """Boards a and b play their next game against each other."""
        for name in (a, b):
            why = protocol.board_name_error(name)
            if why:
                raise ValueError(why)
        if a == b:
            raise ValueError("a board cannot play itself")
        known = set(self.club.boards())
        for name in (a, b):
            if name not in known:
                raise ValueError("board %s has no identity in this club (add-board it first)" % name)
        for x, y in self.store.pairs():
            if {x, y} & {a, b}:
                raise ValueError("%s is already paired with %s" % ((x, y)[0] if x in (a, b) else y,
                                                                   y if x in (a, b) else x))
        old = []
        with self.lock:
            for name in (a, b):          # a game over already is not the pair's one game
                s = self.boards.get(name)
                old.append(s.g if s is not None and s.result is not None else None)
        self.store.add_pair(a, b, *old)
        log.info("paired %s and %s", a, b)
        self._tell({"pairs": self.pairs()})
        self._relay(a)

    def unpair(self, a, b):
        self.store.end_pair(a, b)
        self._tell({"pairs": self.pairs()})

    def _bvb(self, me, other):
        """My current board-vs-board game against `other`: (g, start, moves, next seq) or None."""
        b = self.boards.get(me)
        if b is None or b.start is None or b.result is not None:
            return None
        s = b.start
        # A board names the other in `vs` only once a move of it came in
        # (docs/developers/club-protocol.md): before the first relayed
        # move its start says null, and the pairing says who it plays.
        if s["mode"] != "bvb" or s.get("vs") not in (None, other):
            return None
        return b.g, s, [m["m"] for m in b.moves], self.store.contig.get((me, b.g), -1) + 1

    def _relay(self, board):
        for a, b in self.store.pairs():
            if board in (a, b):
                with self.lock:
                    self._sync(a, b)

    def _new_since_pairing(self, a, b, ga, gb):
        old = self.store.pair_old(a, b)
        return old.get(a) != ga and old.get(b) != gb

    def _sync(self, a, b):
        ga, gb = self._bvb(a, b), self._bvb(b, a)
        ea, eb = self.boards.get(a), self.boards.get(b)
        if ea and eb and ea.result is not None and eb.result is not None \
                and ea.start and eb.start and ea.start["mode"] == eb.start["mode"] == "bvb" \
                and ea.start.get("vs") in (None, b) and eb.start.get("vs") in (None, a) \
                and self._new_since_pairing(a, b, ea.g, eb.g):
            self.store.end_pair(a, b)            # both ended: the pair's one game is over
            log.info("the game of %s and %s is over: pair ended", a, b)
            self._tell({"pairs": self.pairs()})
            return
        if ga is None or gb is None:
            return
        if (ga[1]["game"], ga[1].get("opt")) != (gb[1]["game"], gb[1].get("opt")):
            log.info("%s and %s are paired but play different games", a, b)
            return
        for (src, s), (dst, d) in (((a, ga), (b, gb)), ((b, gb), (a, ga))):
            ms, md = s[2], d[2]
            if len(ms) > len(md) and ms[:len(md)] == md:
                want = (d[0], d[3])
                if self.sent.get(dst) != want:
                    self.sent[dst] = want
                    self.client.publish(protocol.topic(dst, "in"),
                                        protocol.relayed_move(d[0], d[3], ms[len(md)], src), qos=1)
                return
        if ga[2] != gb[2]:
            log.info("the games of %s and %s differ: nothing relayed", a, b)


def setup_log(club):
    """The club's log file (logs/club.log), and INFO on stderr."""
    log.setLevel(logging.INFO)
    if not log.handlers:
        h = logging.FileHandler(os.path.join(club.path("logs"), "club.log"), encoding="utf-8")
        h.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        log.addHandler(h)
    return log


def wait_for(cond, timeout=5.0, step=0.02):
    """Poll cond() until true or timeout; its last value."""
    deadline = time.monotonic() + timeout
    v = cond()
    while not v and time.monotonic() < deadline:
        time.sleep(step)
        v = cond()
    return v
