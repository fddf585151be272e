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

A game keeps its id across a reset: net.json names the id of each of the
last games by the game's tag (its save's), with its stream's next seq
and length as last written there; the outbox's mark and its events say
what came after (net/outbox.py). A resumed game goes on under its id with
its next seq, after the events that bring the recorder's copy to the
save's moves (docs/developers/club-protocol.md, "A resumed game").
"""
import json

from compat import ticks_diff
from net import proto
from net.outbox import Outbox

STATE = "net.json"           # the boot counter, the last games' ids by their tags
GAMES_KEPT = 8               # games whose id a resume finds (their tags in net.json)
TAIL = 16                    # a resumed game's last events read back: the save lags a press at most
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
        self.outbox = Outbox(storage, mark=self._mark)
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
        # [tag, game id, next seq, stream length] of the last games, newest
        # last: what the recorder's copy of each holds once all is sent.
        self.known = []
        self.finished = set()     # known games whose last event written is their end
        self.boot = self._count_boot()
        self.games = 0

    def _count_boot(self):
        boot = 0
        try:
            d = json.loads(self.storage.read(STATE) or b"{}")
            if isinstance(d, dict) and type(d.get("boot")) is int:
                boot = d["boot"]
            if isinstance(d, dict) and isinstance(d.get("games"), list):
                self.known = [k for k in d["games"] if _known_ok(k)][-GAMES_KEPT:]
        except (ValueError, UnicodeError, OSError):
            pass
        self._settle()
        boot += 1
        self.boot = boot
        self._save_state("boot counter")
        return boot

    def _save_state(self, what):
        """net.json as the outbox stands: the events still queued in RAM
        (on flash at the next poll) not counted, so a cut before they are
        written leaves no seq the recorder would wait for for ever."""
        games = [list(k) for k in self.known]
        for d in reversed(self.queue):
            for k in games:
                if k[1] == d["g"] and k[2] == d["n"] + 1:
                    k[2] = d["n"]
                    k[3] = _length_before(d, k[3])
        try:
            self.storage.write_atomic(STATE, json.dumps({"boot": self.boot, "games": games}))
        except OSError as e:
            self.log("%s not saved: %s" % (what, e))

    def _settle(self):
        """The known games brought up to what the outbox says came after
        net.json was written: the mark of its last drop, then its events."""
        mark = self.outbox.read_mark()
        if isinstance(mark, dict):
            for k in self.known:
                got = mark.get(k[1])
                if (isinstance(got, list) and len(got) == 2 and type(got[0]) is int
                        and type(got[1]) is int and got[0] > k[2]):
                    k[2], k[3] = got
        by_g = {}
        for k in self.known:
            by_g[k[1]] = k
        for d, line, end in self.outbox.events():
            k = by_g.get(d["g"])
            if k is not None and d["n"] == k[2]:
                k[2] += 1
                k[3] = _length(d, k[3])
                if d["k"] == "end":
                    self.finished.add(d["g"])
                else:
                    self.finished.discard(d["g"])

    def _mark(self):
        """What the outbox writes first at a drop: each known game's next
        seq and length, as the events written so far leave them."""
        m = {}
        for k in self.known:
            m[k[1]] = [k[2], k[3]]
        return m

    def _known_of(self, tag):
        for k in self.known:
            if k[0] == tag:
                return k
        return None

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
        """A game began, or was resumed: a resumed game whose id net.json
        knows goes on under it (resume()); else a new id, its start and
        its moves so far (a game older than the last GAMES_KEPT)."""
        s = play.settings
        self.play = play
        self.remote = None
        self.names = None
        k = self._known_of(play.tag) if s.keep is not None else None
        if k is None:
            k = [play.tag, self.new_gid(), 0, 0]
        # one entry a tag (a new game's tag may repeat an old one's), newest last
        self.known = [x for x in self.known if x[0] != play.tag]
        self.known.append(k)
        del self.known[:-GAMES_KEPT]
        self.g = k[1]
        self.n = k[2]
        # net.json first: a cut before the start reaches the outbox finds
        # the id at the resume, nothing written under it, and starts it.
        self._save_state("game id")
        self.pos_due = True
        if self.n > 0:
            self.resume(play, k)
            return
        players = s.players
        mode = "bvb" if "remote" in players else "ai" if "board" in players else "2p"
        seat = players.index("board") if mode == "ai" and players.count("board") == 1 else None
        opt = None
        for o in s.options:
            opt = s.options[o]
        self._event(proto.start(self.g, s.gid, opt, mode, s.level if mode == "ai" else None,
                                seat, self.vs if mode == "bvb" else None))
        self._replay(play, 0)

    def resume(self, play, k):
        """The recorder's copy brought to the save's moves: the moves it has
        past the part both agree on taken back (undo events), then the
        save's moves from there. The outbox is written before the save (a
        move reaches it the pass it is made, the save the next pass), so
        the save may lack the last press's events, which the outbox still
        holds (no ack has dropped them yet): they say where the two part."""
        have = self._stream_tail(k)
        texts = play.texts
        same = 0
        while same < len(have) and same < len(texts) and have[same] in (None, texts[same]):
            same += 1
        for _ in range(len(have) - same):
            self._event(proto.undo(self.g, self.n))
        self._replay(play, same)

    def _stream_tail(self, k):
        """The moves of game k's stream as its events so far leave them, a
        list of k[3] entries: None where the event is no longer on flash
        (acked and dropped) or is older than its last TAIL events, the
        move's text where it is."""
        g = k[1]
        evs = []
        for d, line, end in self.outbox.events():
            if d["g"] == g:
                evs.append(d)
                if len(evs) > TAIL:
                    del evs[0]        # a day's game offline would not fit the heap
        while evs and evs[-1]["n"] != k[2] - 1:
            evs.pop()                 # its latest were acked and dropped: no tail held
        first = len(evs)
        while first > 0 and evs[first - 1]["n"] == k[2] - (len(evs) - first) - 1:
            first -= 1
        evs = evs[first:]
        length = k[3]
        for d in reversed(evs):       # the length before the first event still held
            length = _length_before(d, length)
        have = [None] * max(0, length)
        for d in evs:
            if d["k"] == "start":
                have = []
            elif d["k"] == "move":
                have.append(d["m"])
            elif d["k"] == "undo" and have:
                have.pop()
        return have

    def _replay(self, play, at):
        """Move events for the save's moves from `at` on, each with the
        seat that made it."""
        g = play.mod.Game(play.settings.options)
        for i in range(len(play.texts)):
            t = play.texts[i]
            if i >= at:
                self._event(proto.move(self.g, self.n, t, g.turn))
            g.play_text(t)

    def moved(self, play, text, seat):
        if play is self.play:
            self._event(proto.move(self.g, self.n, text, seat))

    def undone(self, play):
        if play is self.play:
            self._event(proto.undo(self.g, self.n))

    def ended(self, tag, result):
        """A game reached the record book (app/result.py record_game): the
        one in play, or a kept one abandoned from the resume offer (its id
        known by its tag). Not twice: a game resumed at its result after
        its end was written sends none."""
        play = self.play
        if play is not None and play.tag == tag:
            k = self.known[-1]
        else:
            k = self._known_of(tag)
        if k is None or k[1] in self.finished or (k[2] == 0 and play is None):
            return
        if play is not None and play.tag == tag:
            self._event(proto.end(self.g, self.n, result))
        else:
            self.queue.append(proto.end(k[1], k[2], result))
            k[2] += 1
            self.finished.add(k[1])
        # On flash now, before the record book's line and the save's
        # clearing that follow: a cut after those resumes nothing, and the
        # end must not wait in RAM for the next poll.
        self._flush()
        if play is None:
            self._save_state("game's end")

    def left(self):
        """Back at the menu: no game held; the menu's picture next. Where
        the game's stream stands goes to net.json, for a kept game resumed
        after later games' events have been acked and dropped."""
        if self.play is not None:
            self._save_state("game's seq")
        self.play = None
        self.g = None
        self.remote = None
        self.pos_due = True

    def _event(self, d):
        self.queue.append(d)
        self.n += 1
        self.pos_due = True
        if d["k"] == "end":
            self.finished.add(self.g)
        else:
            self.finished.discard(self.g)
        k = self.known[-1] if self.known else None
        if k is not None and k[1] == self.g:
            k[2] = self.n
            k[3] = _length(d, k[3])

    def _flush(self):
        q, self.queue = self.queue, []
        for d in q:
            try:
                self.outbox.append(d)
            except OSError as e:      # a full flash: the event is lost, the game goes on
                self.log("outbox: %s" % e)

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
            self._flush()
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


def _known_ok(k):
    return (isinstance(k, list) and len(k) == 4 and isinstance(k[0], str)
            and proto.gid_ok(k[1]) and type(k[2]) is int and type(k[3]) is int)


def _length(d, length):
    """A stream's length (its moves standing) after event d."""
    kind = d["k"]
    if kind == "start":
        return 0
    if kind == "move":
        return length + 1
    if kind == "undo":
        return max(0, length - 1)
    return length


def _length_before(d, length):
    kind = d["k"]
    if kind == "move":
        return length - 1
    if kind == "undo":
        return length + 1
    return length
