"""The outbox keeps every event on flash until the recorder acks it (issue 35).

A cut inside an append leaves the earlier events whole and the board
goes on appending; a cut while the acknowledged start is dropped leaves
the old file or the new one; an ack survives a reboot as what it
dropped; a board without its broker for ten minutes of play sends every
event once it is back, once each and in order.
"""
from flash import Flash, PowerCut
from hal.storage import FileStorage
from net.outbox import Outbox, FILE
from net import proto
from netboard import FakeLink, net_board, NAME
import json


def game(g, k):
    """A game's first k events: start, then moves."""
    out = [proto.start(g, "hex", None, "2p", None, None, None)]
    for n in range(1, k):
        out.append(proto.move(g, n, "a%d" % n, (n - 1) & 1))
    return out


def seqs(box):
    return [(d["g"], d["n"]) for d, line, end in box.events() if not box.covered(d)]


def test_a_cut_inside_an_append_leaves_every_earlier_event():
    evs = game("aZ1", 5)
    whole = b"".join(proto.encode(d) + b"\n" for d in evs[:4])
    last = proto.encode(evs[4]) + b"\n"
    for k in range(len(last)):          # the last append landed up to byte k
        f = Flash(files={FILE: whole + last[:k]})
        box = Outbox(FileStorage("", f))
        got = seqs(box)
        assert got[:4] == [("aZ1", n) for n in range(4)], (k, got)
        assert len(got) == (5 if k == len(last) - 1 else 4), (k, got)
        box.append(proto.move("aZ1", 5, "b1", 0))   # the board goes on after the cut
        again = seqs(Outbox(FileStorage("", Flash(files=f.files))))
        assert again == got + [("aZ1", 5)], (k, again)


def test_a_cut_at_any_operation_of_the_append_keeps_what_was_there():
    evs = game("aZ1", 4)
    for op in range(8):
        for half in (False, True):
            first = Flash()
            box = Outbox(FileStorage("", first))
            for d in evs[:3]:
                box.append(d)
            f = Flash(files=first.files, cut_at=op, half=half)
            try:
                Outbox(FileStorage("", f)).append(evs[3])
            except PowerCut:
                pass
            got = seqs(Outbox(FileStorage("", Flash(files=f.files))))
            assert got[:3] == [("aZ1", 0), ("aZ1", 1), ("aZ1", 2)], (op, half, got)


def test_an_ack_drops_the_acknowledged_start_and_a_reboot_keeps_it():
    f = Flash()
    box = Outbox(FileStorage("", f))
    for d in game("aZ1", 5):
        box.append(d)
    assert box.ack("aZ1", 2) > 0
    assert seqs(box) == [("aZ1", 3), ("aZ1", 4)]
    after = Outbox(FileStorage("", Flash(files=f.files)))       # the reboot
    assert seqs(after) == [("aZ1", 3), ("aZ1", 4)]
    assert after.ack("aZ1", 2) == 0                           # an ack again: nothing to drop


def test_an_ack_of_a_later_game_waits_for_the_earlier_one():
    st = FileStorage("", Flash())
    box = Outbox(st)
    for d in game("aZ1", 3) + game("aZ2", 2):
        box.append(d)
    box.ack("aZ2", 1)
    assert [g for g, n in seqs(box)] == ["aZ1", "aZ1", "aZ1"]
    assert st.size(FILE) > 0 and box.pending() == 3
    box.ack("aZ1", 2)
    assert seqs(box) == [] and st.size(FILE) == 0


def test_an_ack_that_drops_no_event_rewrites_nothing():
    # After a drop the file starts with the mark; an ack of a later game
    # then covers nothing before the earlier game's events: the mark alone
    # is no reason to write the whole file again.
    flash = Flash()
    st = FileStorage("", flash)
    box = Outbox(st, mark=lambda: {"aZ1": [3, 2]})
    for d in game("aZ0", 1) + game("aZ1", 3) + game("aZ2", 2):
        box.append(d)
    box.ack("aZ0", 0)                         # the mark written first
    writes = []
    flash.watch = lambda fl, op: writes.append(op[1]) if op[0] in ("write", "rename") else None
    box.ack("aZ2", 1)
    flash.watch = None
    assert writes == [], writes
    assert [g for g, n in seqs(box)] == ["aZ1"] * 3


def test_a_cut_while_an_ack_is_dropped_leaves_the_old_file_or_the_new():
    for fat in (False, True):
        for op in range(40):
            first = Flash(fat=fat)
            box = Outbox(FileStorage("", first))
            for d in game("aZ1", 5):
                box.append(d)
            f = Flash(fat=fat, files=first.files, cut_at=op)
            try:
                Outbox(FileStorage("", f)).ack("aZ1", 2)
            except PowerCut:
                pass
            got = seqs(Outbox(FileStorage("", Flash(fat=fat, files=f.files))))
            assert got in ([("aZ1", n) for n in range(5)], [("aZ1", 3), ("aZ1", 4)]), (op, got)


def test_ten_minutes_without_the_broker_then_every_event_once_in_order():
    link = FakeLink(up=False)
    b, club = net_board(link)
    b.start("hex")
    moves = ["a1", "b1", "c1", "d1", "e1", "f1"]
    for m in moves:
        b.enter(m)
        b.wait(100 * 1000 // len(moves))        # ten minutes of play in all, the broker away
    b.wait(10 * 60 * 1000 - 100 * 1000)
    assert link.sent == [] and club.outbox.pending() == 1 + len(moves)
    link.connect()
    for _ in range(20):
        b.tick()
    evs = link.events()
    assert [(d["n"], d["k"]) for d in evs] == [(0, "start")] + [(n + 1, "move")
                                                            for n in range(len(moves))]
    assert [d["m"] for d in evs[1:]] == moves and len(set(d["g"] for d in evs)) == 1
    # the recorder acks: the outbox is empty, and nothing goes out again at a reconnect
    link.inbox.append((proto.topic(NAME, "ack"), json.dumps({"v": 1, "g": evs[0]["g"],
                                                             "n": len(moves)})))
    b.tick()
    assert club.outbox.pending() == 0
    link.sent = []
    link.drop()
    link.connect()
    for _ in range(5):
        b.tick()
    assert link.events() == []


def test_a_reconnect_sends_again_what_was_not_acked():
    link = FakeLink(up=True)
    b, club = net_board(link)
    b.start("semaforo")
    b.enter("a1")
    b.tick()
    b.tick()
    first = link.events()
    assert [d["n"] for d in first] == [0, 1]
    link.sent = []
    link.drop()
    b.enter("b1")
    link.connect()
    for _ in range(10):           # a pass reads an event back, the next sends it
        b.tick()
    assert [d["n"] for d in link.events()] == [0, 1, 2]      # the recorder ignores the twice-sent
    pos = [json.loads(p) for t, p, r in link.sent if t == proto.topic(NAME, "pos")]
    assert pos and pos[-1]["n"] == 2 and pos[-1]["last"] == "b1" and len(pos[-1]["leds"]) == 81 * 6
