"""The board on the club network: the app's `ctx.net` (docs/developers/club-protocol.md).

The app tells it what happens (started, moved, undone, ended, left) and
asks it for the other board's move in a board-against-board game
(remote_move); the main loop gives it a pass's spare time (poll). It
numbers the events, puts each in the outbox on flash before it is
published (net/outbox.py), publishes them through a link (net/link.py)
when there is one up, with the retained picture of the game, and takes
what the club sends (receive): acks, the other board's moves, the players'
names, every message checked by net/proto.py, a dropped one logged in a
line and nothing changed. Nothing here waits for the network: a board
without a broker plays on and its events wait in the outbox.
"""
import json

from compat import ticks_diff
from net import proto
from net.outbox import Outbox

STATE = "net.json"           # the boot counter: game ids unique on this board
LOG = "net.log"
LOG_LIMIT = 8192
LINE_MOST = 120              # a log line's text at most: a hostile message fills no flash
LOG_LINES_MOST = 8           # log lines kept in RAM for the next write; past them, counted
QUIET_MS = 3000              # no touch for this long: the link may connect


class Club:
    def __init__(self, name, storage, link=None):
        self.name = name
        self.storage = storage
        self.link = link
        self.outbox = Outbox(storage)
        self.play = None          # the game being played (app/play.py Play), or None
        self.g = None             # its game id
        self.n = 0                # the seq of its next event
        self.queue = []           # events made this pass, onto flash at the next poll
        self.pos_due = True
        self.remote = None        # the other board's move, checked, waiting for the play
        self.vs = None            # the other board, once a move from it came
        self.names = None         # players' names from the club's page
        self.dropped = 0
        self.log_lines = []       # net.log's next lines (log)
        self.log_left = 0         # lines past LOG_LINES_MOST, counted only
        self.ready = None         # (topic, payload, event or None, its end, cut_total then): the next publish
        self.busy_at = None       # ticks of the last pass with a touch
        self.boot = self._count_boot()
        self.games = 0

    def _count_boot(self):
        boot = 0
        try:
            d = json.loads(self.storage.read(STATE) or b"{}")
            if isinstance(d, dict) and type(d.get("boot")) is int:
                boot = d["boot"]
        except (ValueError, UnicodeError, OSError):
            pass
        boot += 1
        try:
            self.storage.write_atomic(STATE, json.dumps({"boot": boot}))
        except OSError as e:
            self.log("boot counter not saved: %s" % e)
        return boot

    def new_gid(self):
        """boot and game counters in base 36, "Z" between them: never one twice."""
        self.games += 1
        return (proto.base36(self.boot) + "Z" + proto.base36(self.games))[-proto.GID_MOST:]

    def log(self, text):
        """A line for net.log, kept in RAM: an append to flash costs a pass
        3 to 13 ms of LittleFS's work on a Pico, so the lines go out
        together in one append in a pass that writes the flash anyway (a
        move's events onto the outbox) or that is long anyway (a connect's),
        or when asked (flush_log). A flood of hostile messages keeps
        LOG_LINES_MOST lines and counts the rest: neither RAM nor flash
        fills, no pass is stretched."""
        lines = self.log_lines
        if len(lines) < LOG_LINES_MOST:
            lines.append("net: %s\n" % text[:LINE_MOST])
        else:
            self.log_left += 1

    def flush_log(self):
        """The lines kept in RAM onto net.log, in one append."""
        if not self.log_lines and not self.log_left:
            return
        text = "".join(self.log_lines)
        if self.log_left:
            text += "net: %d more lines left out\n" % self.log_left
        self.log_lines = []
        self.log_left = 0
        Club.note(self.storage, text, True)

    @staticmethod
    def note(storage, text, lines=False):
        """One line in net.log (rotated past LOG_LIMIT bytes); `lines`: text
        already made of whole lines."""
        try:
            storage.append(LOG, text if lines else "net: %s\n" % text[:LINE_MOST], LOG_LIMIT)
        except OSError:
            pass              # the log must never take the board down

    # --- what the app tells ------------------------------------------------

    def started(self, play):
        """A game began (or was resumed: a new game id, its moves so far
        published again, so the recorder holds the whole game under it)."""
        s = play.settings
        self.play = play
        self.g = self.new_gid()
        self.n = 0
        self.remote = None
        self.names = None
        players = s.players
        mode = "bvb" if "remote" in players else "ai" if "board" in players else "2p"
        seat = players.index("board") if mode == "ai" and players.count("board") == 1 else None
        opt = None
        for k in s.options:
            opt = s.options[k]
        self._event(proto.start(self.g, s.gid, opt, mode, s.level if mode == "ai" else None,
                                seat, self.vs if mode == "bvb" else None))
        g = play.mod.Game(s.options)
        for t in play.texts:
            self._event(proto.move(self.g, self.n, t, g.turn))
            g.play_text(t)

    def moved(self, play, text, seat):
        if play is self.play:
            self._event(proto.move(self.g, self.n, text, seat))

    def undone(self, play):
        if play is self.play:
            self._event(proto.undo(self.g, self.n))

    def ended(self, tag, result):
        """A game reached the record book (app/result.py record_game)."""
        if self.play is not None and self.play.tag == tag:
            self._event(proto.end(self.g, self.n, result))

    def left(self):
        """Back at the menu: no game held; the menu's picture next."""
        self.play = None
        self.g = None
        self.remote = None
        self.pos_due = True

    def _event(self, d):
        self.queue.append(d)
        self.n += 1
        self.pos_due = True

    def remote_move(self, play):
        """The other board's move (its text, checked legal here), once."""
        m = self.remote
        if m is None or play is not self.play:
            return None
        self.remote = None
        return m

    def online(self):
        """Whether the broker is reached now (the set-up says NO NETWORK)."""
        return self.link is not None and self.link.up

    def waiting_for(self):
        """The other board's name, for WAITING FOR <board>; None if unknown."""
        return self.vs

    # --- what the club sends ------------------------------------------------

    def receive(self, tpc, payload):
        """A message from the broker: taken, or dropped with one log line.
        Returns whether it was taken."""
        try:
            leaf, d = proto.decode(self.name, tpc, payload)
            if leaf == "ack":
                self.outbox.ack(d["g"], d["n"])
                return True
            play = self.play
            if d["g"] != self.g or play is None:
                raise proto.Drop("in %s: game %s is not the one this board holds" % (d["k"], d["g"]))
            if d["k"] == "names":
                self.names = d["names"]
                return True
            if self.remote is not None:
                raise proto.Drop("in move: a move of the other board already waits")
            game = play.game
            remote_turn = not play.over and play.players[game.turn] == "remote"
            proto.check_move(d, self.g, self.n, remote_turn, game.parse)
            self.remote = d["m"]
            self.vs = d["from"]
            return True
        except proto.Drop as e:
            self.dropped += 1
            self.log("dropped: %s" % e)
            return False

    # --- the loop's spare time ----------------------------------------------

    def poll(self, now, frame=None, busy=False):
        """The events of the last pass onto flash, then the link's turn:
        connect, read, then one step of publishing: an event read back from
        the outbox (or the picture encoded) in one pass, sent in the next,
        so that neither flash nor TLS work piles into one pass; PUBACKs come
        in later passes' reads (net/link.py). `busy`: the pass saw a touch;
        the link connects (the TLS handshake, a second of the chip's own
        work) only once the board has been left alone for QUIET_MS."""
        if busy or self.busy_at is None:
            self.busy_at = now
        if self.queue:
            q, self.queue = self.queue, []
            for d in q:
                try:
                    self.outbox.append(d)
                except OSError as e:      # a full flash: the event is lost, the game goes on
                    self.log("outbox: %s" % e)
            self.flush_log()              # the flash is written in this pass anyway
        link = self.link
        if link is None:
            return
        link.poll(now, self.receive, ticks_diff(now, self.busy_at) >= QUIET_MS)
        if not link.up:
            self.ready = None
            return
        if link.fresh:
            link.fresh = False
            self.outbox.rewind()
            self.ready = None
            self.pos_due = True
            self.flush_log()              # the connect's pass: the handshake's second already
            return
        box = self.outbox
        r = self.ready
        if r is not None:
            tpc, payload, d, end, before = r
            if d is None:
                if link.publish(tpc, payload, True):
                    self.ready = None
                return
            end -= box.cut_total - before   # an ack since cut the file's start: offsets moved
            if box.covered(d) or link.publish(tpc, payload, False):
                box.mark_sent(max(0, end))
                self.ready = None
            return
        got = box.next_unsent() if box.more else None
        if got is not None:
            d, payload, end = got
            if box.covered(d):
                box.mark_sent(end)
            else:
                self.ready = (proto.topic(self.name, "ev"), payload, d, end, box.cut_total)
            return
        if self.pos_due and frame is not None:
            self.ready = (proto.topic(self.name, "pos"), self.position(frame), None, 0, 0)
            self.pos_due = False

    def position(self, frame):
        play = self.play
        leds = proto.leds_hex(frame)
        if play is None:
            d = proto.pos(None, 0, None, 0, None, leds, 0, 0)
        else:
            d = proto.pos(self.g, self.n - 1, play.settings.gid, play.game.turn,
                          play.texts[-1] if play.texts else None, leds,
                          play.ctx.cols, play.ctx.rows)
        try:
            return proto.encode(d)
        except proto.Drop:          # a grid too big for one message: its picture left out
            d["leds"] = ""
            return proto.encode(d)
