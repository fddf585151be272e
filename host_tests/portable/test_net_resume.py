"""A resumed game keeps its game id (issue 35): the real app and
net/club.py on a simulated board over an in-memory flash that loses power
at any operation, its link faked, a recorder that stores each (game id,
seq) once and acks the highest seq it holds without a gap, as the club's
does. A cut at every operation of a short game (moves, an undo, the end),
the board booted again on what the cut left, the game resumed and
finished: the recorder holds one game, every seq once without a gap, and
its events replayed give the game's moves and one end. Portable: CPython
and MicroPython."""
import json

from flash import Flash
from hal.storage import FileStorage
from net import proto
from net.club import Club, STATE
from netboard import FakeLink, NAME
from simboard import SimBoard, club9

EV = proto.topic(NAME, "ev")
ACK = proto.topic(NAME, "ack")
SCRIPT = ("a1", "b1", "undo", "b1", "c1")    # Semaforo: three in a row ends it
FINAL = ["a1", "b1", "c1"]


class Recorder:
    """The club's recorder as the protocol says it: each (g, n) stored
    once, every event acked with the highest seq of its game held without
    a gap; the last ack is retained (a reconnect hears it)."""

    def __init__(self, stored=None, retained=None):
        self.stored = dict(stored or {})
        self.retained = retained

    def take(self, link):
        for tpc, payload, _ in link.sent:
            if tpc != EV:
                continue
            d = json.loads(payload)
            self.stored.setdefault((d["g"], d["n"]), d)
            top = -1
            while (d["g"], top + 1) in self.stored:
                top += 1
            if top >= 0:
                self.retained = json.dumps({"v": 1, "g": d["g"], "n": top})
                link.inbox.append((ACK, self.retained))
        link.sent = []

    def games(self):
        return sorted(set(g for g, n in self.stored))

    def stream(self, g):
        """The moves game g's events leave, and its kinds in seq order."""
        ns = sorted(n for gg, n in self.stored if gg == g)
        assert ns == list(range(len(ns))), ("a gap or a seq twice", ns)
        moves = []
        kinds = []
        for n in ns:
            d = self.stored[(g, n)]
            kinds.append(d["k"])
            if d["k"] == "move":
                moves.append(d["m"])
            elif d["k"] == "undo":
                moves.pop()
        return moves, kinds


class Board:
    """A board on `files`, its link up, the recorder taking every publish."""

    def __init__(self, files, rec, fat=False):
        self.flash = Flash(fat=fat, files=files)
        self.storage = FileStorage("", self.flash)
        self.rec = rec
        self.link = FakeLink(up=True)
        if rec.retained is not None:
            self.link.inbox.append((ACK, rec.retained))
        self.b = SimBoard(club9(), storage=self.storage, net=self.net)
        self.b.after_tick = lambda: rec.take(self.link)

    def net(self, st):
        self.club = Club(NAME, st, self.link)
        return self.club

    def do(self, step):
        if step == "undo":
            self.b.press("undo")
            self.b.tick()
        else:
            self.b.enter(step)
        self.b.wait(100)


def played(watch=None, fat=False):
    """The script played on a fresh flash; `watch` sees every operation."""
    rec = Recorder()
    bd = Board({}, rec, fat)
    bd.b.start("semaforo")
    bd.flash.watch = watch and (lambda flash, op: watch(flash, op, rec))
    for step in SCRIPT:
        bd.do(step)
    bd.flash.watch = None
    bd.b.wait(200)
    return bd


def finish(bd):
    """After a cut: resume what the boot offers and play the script's end."""
    b = bd.b
    if b.mode() == "Resume":
        b.press("ok")
        b.tick()
    if b.mode() == "Play":
        texts = list(b.app.mode.texts)
        assert texts == FINAL[:len(texts)], texts
        for m in FINAL[len(texts):]:
            bd.do(m)
    b.wait(300)
    return bd


def check_one_game(rec, whole=True):
    games = rec.games()
    assert len(games) <= 1, ("the game under two ids", games)
    if not games:
        return
    moves, kinds = rec.stream(games[0])
    assert kinds[0] == "start" and kinds.count("start") == 1, kinds
    if whole:
        assert moves == FINAL and kinds.count("end") == 1 and kinds[-1] == "end", (moves, kinds)
    else:
        assert moves == FINAL[:len(moves)] or moves == ["a1", "b1"][:len(moves)], moves
        assert kinds.count("end") == 0, kinds


def test_a_game_played_through_keeps_one_id_and_the_mark_keeps_its_seq():
    bd = played()
    check_one_game(bd.rec)
    assert bd.club.outbox.pending() == 0
    g = bd.rec.games()[0]
    st = json.loads(bd.storage.read(STATE))
    assert [k[1] for k in st["games"]] == [g]
    assert bd.club.outbox.read_mark()[g] == [len(bd.rec.stored), 3]   # next seq, moves standing


def test_a_cut_at_every_operation_then_the_resumed_game_is_one_game_every_event_once():
    for fat in (False, True):
        cuts = []
        seen = set()

        def watch(flash, op, rec):
            files = flash.after_cut(op)
            key = (tuple(sorted(files.items())), tuple(sorted(rec.stored)))
            if key not in seen:
                seen.add(key)
                cuts.append((files, dict(rec.stored), rec.retained))

        played(watch, fat)
        assert len(cuts) > 20
        resumed = 0
        for files, stored, retained in cuts:
            rec = Recorder(stored, retained)
            bd = finish(Board(files, rec, fat))
            saved = any(name.startswith("save-") for name in files)
            if bd.b.mode() == "Result" or rec.games() and "end" in rec.stream(rec.games()[0])[1]:
                resumed += 1
                check_one_game(rec)
            else:
                # cut before the game's first save: nothing to resume, the
                # recorder keeps what came (no end, nothing twice)
                assert not saved or bd.b.mode() != "Play", bd.b.mode()
                check_one_game(rec, whole=False)
        assert resumed > len(cuts) // 2, (resumed, len(cuts))


def test_a_kept_game_resumed_after_another_game_goes_on_under_its_id():
    bd = Board({}, Recorder())
    b = bd.b
    b.start("semaforo")
    bd.do("a1")
    g = bd.club.g
    b.press("menu")                  # the pause: keep it for later
    b.press("menu")
    b.wait(100)
    b.start("semaforo")              # the set-up offers the kept one first: a new game
    if b.mode() != "Play" or b.app.mode.texts:
        b.press("hint")
        b.press("ok")
        b.tick()
    g2 = bd.club.g
    bd.do("c3")
    b.press("menu")
    b.press("menu")
    b.wait(300)
    assert g2 != g and bd.club.outbox.pending() == 0
    bd2 = Board(bd.flash.files, bd.rec)        # a new day
    bd2.b.wait(100)
    assert bd2.b.mode() == "Resume"
    while bd2.b.app.mode.save["moves"] != ["a1"]:
        bd2.b.press("hint")
    bd2.b.press("ok")
    bd2.b.tick()
    assert bd2.club.g == g
    for m in ("b1", "c1"):
        bd2.do(m)
    bd2.b.wait(300)
    moves, kinds = bd2.rec.stream(g)
    assert moves == FINAL and kinds == ["start", "move", "move", "move", "end"], kinds
    assert bd2.rec.stream(g2)[0] == ["c3"]


def test_after_a_drop_with_its_mark_the_next_event_to_send_is_the_next_line():
    from memstorage import MemStorage
    from net.outbox import Outbox
    st = MemStorage()
    box = Outbox(st, mark=lambda: {"3Z1": [9, 2]})
    box.append(proto.start("3Z1", "hex", None, "2p", None, None, None))
    for n in range(1, 4):
        box.append(proto.move("3Z1", n, "a%d" % n, n % 2))
    for _ in range(2):
        d, line, end = box.next_unsent()
        box.mark_sent(end)
    box.ack("3Z1", 0)                       # one line dropped, the mark written first
    assert box.read_mark() == {"3Z1": [9, 2]}
    d, line, end = box.next_unsent()
    assert d["n"] == 2 and st.read("outbox.txt")[box.sent:].startswith(line)
    assert box.pending() == 3 and [d["n"] for d, _, _ in box.events()] == [1, 2, 3]


def test_a_kept_game_abandoned_at_the_boot_sends_its_end_under_its_id():
    bd = Board({}, Recorder())
    bd.b.start("semaforo")
    bd.do("a1")
    g = bd.club.g
    bd.b.press("menu")
    bd.b.press("menu")               # kept for later
    bd.b.wait(100)
    bd2 = Board(bd.flash.files, bd.rec)
    assert bd2.b.mode() == "Resume"
    bd2.b.press("undo")              # Undo then OK: abandoned, into the book as NOT FINISHED
    bd2.b.press("ok")
    bd2.b.wait(300)
    moves, kinds = bd2.rec.stream(g)
    assert moves == ["a1"] and kinds == ["start", "move", "end"], kinds
    assert bd2.rec.stored[(g, 2)]["r"] == "NOT FINISHED"
    assert bd2.club.outbox.pending() == 0
