"""Hostile messages into the board's receiving path change nothing (issue 35).

A board on the club network, in a game against another board, is sent
generated messages of every kind the club protocol drops: not JSON, not
UTF-8, not an object, too long, v not 1, fields missing or of the wrong
type, another board's or the board's own topics, replays, seqs out of
order, another game, moves not legal here or sent on the board's own turn.
Each must be dropped with one line in net.log, and neither the position
nor what the board expects next may change, on either Python. A real
move of the other board, sent last, is then taken: the path the fuzz
knocks on is the one that plays.

FUZZ messages here (fewer on MicroPython's unix port, which is slower);
`python -m tools.bench netfuzz` runs 10,000 on both.
"""
import sys

from check import lcg
from netboard import FakeLink, net_board, NAME
from net import proto
import json

FUZZ = 10000 if sys.implementation.name != "micropython" else 1500
IN = proto.topic(NAME, "in")
ACK = proto.topic(NAME, "ack")
TOPICS = (proto.topic("t2", "in"), proto.topic(NAME, "ev"), proto.topic(NAME, "pos"),
          IN + "/x", "gb/" + NAME, "", "gb/T1/in", None, 7)
JUNK = (1, -1, 2, 1.5, "1", True, None, [], {}, [1], "", "x" * 30, 10 ** 12)


def snapshot(play, club):
    g = play.game
    return (g.turn, g.ply, bytes(g.view()), tuple(play.texts), club.n, club.remote,
            club.g, len(club.queue) + club.outbox.pending())


def valid(club, m, n=None):
    return {"v": 1, "k": "move", "g": club.g, "n": club.n if n is None else n, "m": m,
            "from": "t2"}


def hostile(x, club, legal, own_turn):
    """The message number x makes: (topic, payload), each one the board drops."""
    kind = x % 13
    x = lcg(x)
    d = valid(club, legal[x % len(legal)])
    if kind == 0:                       # a move on the board's own turn, or an illegal one
        d["m"] = legal[x % len(legal)] if own_turn else ("z9", "a0", "a1-", "", "pass")[x % 5]
        if not own_turn and d["m"] == "":
            d["m"] = "q" * (1 + x % 80)
    elif kind == 1:                     # a replay, or a seq out of order
        d["n"] = club.n - 1 - x % 3 if x & 1 and club.n > 0 else club.n + 1 + x % 5
    elif kind == 2:                     # another game
        d["g"] = ("zz9", club.g + "x", club.g[:-1] or "q", "A" * 16)[x % 4]
    elif kind == 3:                     # a field of the wrong type or missing
        field = ("v", "g", "n", "m", "from", "k")[x % 6]
        if x & 64:
            del d[field]
        else:
            was = d[field]
            d[field] = JUNK[(x >> 3) % len(JUNK)]
            if (field == "from" and proto.name_ok(d[field])) or d[field] == was:
                d[field] = {}         # "1" names a board, 1 is v's own value: not hostile there
    elif kind == 4:                     # the wrong topic, with a message that is fine
        return TOPICS[x % len(TOPICS)], json.dumps(d)
    elif kind == 5:                     # too long
        d["pad"] = "y" * (proto.MOST + x % 50)
    elif kind == 6:                     # torn JSON
        text = json.dumps(d)
        return IN, text[:x % len(text)]
    elif kind == 7:                     # not UTF-8, or bytes at random
        raw = bytearray()
        y = x
        for _ in range(1 + x % 40):
            y = lcg(y)
            raw.append(y & 255)
        raw[0] = 0xFF
        return IN, bytes(raw)
    elif kind == 8:                     # JSON that is no object
        return IN, ("[1,2]", "12", '"move"', "null", "true", "[]", "{}")[x % 7]
    elif kind == 9:                     # names of the wrong shape
        d = {"v": 1, "k": "names", "g": club.g,
             "names": (["a"], ["a", 2], "ab", ["a" * 25, "b"], None, ["a", "b", "c"])[x % 6]}
    elif kind == 10:                    # an unknown kind, or v not 1
        if x & 1:
            d["k"] = ("start", "end", "Move", "", "undo")[x % 5]
        else:
            d["v"] = (2, 0, -1, "1", 1.0001)[x % 5]
    elif kind == 11:                    # an ack of the wrong shape
        return ACK, json.dumps({"v": 1, "g": (club.g, 5, None, "")[x % 4],
                                "n": ("3", -1, None, [1])[(x >> 2) % 4]})
    else:                               # from no board name
        d["from"] = ("T2", "-t2", "", "a" * 25, "t 2", 7)[x % 6]
    return IN, json.dumps(d)


def fuzz(count, seed=7):
    """Send `count` hostile messages to a board on its other board's turn
    and then on its own; returns how many were dropped."""
    link = FakeLink(up=True)
    b, club = net_board(link)
    play = b.start("semaforo", players_col=5)     # the other board moves first
    dropped = 0
    x = seed
    for phase in (0, 1):
        legal = play.game.legal_texts()
        before = snapshot(play, club)
        for i in range(count // 2):
            x = lcg(x)
            tpc, payload = hostile(x, club, legal, phase == 1)
            took = club.receive(tpc, payload)
            assert not took, (tpc, payload)
            assert snapshot(play, club) == before, (tpc, payload)
            dropped += 1
        b.tick()
        assert snapshot(play, club) == before
        if phase == 0:
            link.inbox.append((IN, json.dumps(valid(club, "b2"))))
            b.tick()                  # taken at this pass's poll
            b.tick()                  # played by the next pass, as the board's own move
            assert play.game.ply == 1 and play.texts == ["b2"], play.texts
    assert club.dropped == dropped
    return dropped


def test_hostile_messages_are_dropped_and_change_nothing():
    assert fuzz(FUZZ) == FUZZ // 2 * 2


def test_each_dropped_message_is_one_line_of_the_log_with_the_next_flash_write():
    link = FakeLink(up=True)
    b, club = net_board(link)
    b.start("semaforo")
    b.tick()
    club.receive(IN, "not json")
    club.receive(proto.topic("t2", "in"), "{}")
    for _ in range(5):
        b.tick()
    assert b.storage.read("net.log") is None       # no pass spends a flash write on them
    b.enter("a1")                                  # a move: its event onto the outbox, the log with it
    log = b.storage.read("net.log").decode().splitlines()
    assert len(log) == 2 and "not UTF-8 JSON" in log[0] and "not this board's" in log[1], log


def test_a_flood_of_dropped_messages_fills_neither_ram_nor_flash():
    from net.club import LOG_LINES_MOST
    link = FakeLink(up=True)
    b, club = net_board(link)
    b.start("semaforo")
    for k in range(500):
        club.receive(IN, "flood %d" % k)
    assert len(club.log_lines) == LOG_LINES_MOST
    b.enter("a1")
    log = b.storage.read("net.log").decode().splitlines()
    assert len(log) == LOG_LINES_MOST + 1 and log[-1] == "net: %d more lines left out" % (
        500 - LOG_LINES_MOST), log[-2:]
    assert club.log_lines == [] and club.dropped == 500


def test_a_replayed_move_is_dropped_once_it_was_played():
    link = FakeLink(up=True)
    b, club = net_board(link)
    play = b.start("semaforo", players_col=5)
    msg = json.dumps(valid(club, "a1"))
    link.inbox.append((IN, msg))
    b.tick()
    b.tick()
    assert play.texts == ["a1"]
    assert not club.receive(IN, msg)
    assert play.texts == ["a1"] and play.game.ply == 1
