"""The two halves of the club network joined (issue 35): the club as
`python -m tools.club` runs it (its Mosquitto over TLS, its recorder,
relay and page) and the real board firmware on a simulated club9w (the
app, net/club.py over net/link.py and adafruit_minimqtt). Each board gets
its club file the organiser's way: `tools.club add-board` writes it, the
deploy checks it and puts it on the board as club.json, and net/config.py
builds the board's network from it, the broker checked against the
club's CA. Skipped, saying so, where Mosquitto, openssl or the MQTT
library is not installed."""
import json
import os
import sys
import time
import urllib.request

import pytest

from helpers.clubboard import need_club
from tools.bench.clubbroker import LIB, missing
from tools.club import broker as club_broker
from tools.club import cli
from tools.club.folder import Club
from tools.deploy.club import read_club_file

WIFI = ("clube", "wifi-secret-81")
BOARD_W = {"name": "club9w", "net": "wifi"}     # what read_club_file asks of the board file


class Running(cli.Running):
    """The club on free loopback ports, boards a, b and c issued their club files."""

    def __init__(self, path):
        club = Club(path).make()
        club.set_wifi(*WIFI)
        port = club_broker.free_port()
        for b in ("a", "b", "c"):
            club.add_board(b, host="127.0.0.1", port=port)
        super().__init__(club, port, 0, "127.0.0.1")
        assert self.service.connected.wait(5)


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    need_club()
    why = missing()
    if why:
        pytest.skip(why)
    if LIB not in sys.path:
        sys.path.insert(0, LIB)
    r = Running(str(tmp_path_factory.mktemp("club")))
    yield r
    r.stop()


def deployed(club, name, tmp):
    """Board `name` as the organiser makes it: the folder add-board made,
    through the deploy's check, onto the board's flash as club.json; the
    firmware's own net/config.py builds its network at power-up."""
    from hal.storage import FileStorage
    from net import config
    from simboard import SimBoard, club9
    raw = read_club_file(club.club.path("boards", name), BOARD_W)
    os.mkdir(tmp)
    with open(os.path.join(tmp, config.FILE), "wb") as f:
        f.write(raw)
    made = []

    def net(storage):
        made.append(config.make(None, storage))
        return made[-1]
    b = SimBoard(club9("button"), storage=FileStorage(tmp), net=net)
    assert made[-1] is not None, "the club file was refused: see %s" % os.path.join(tmp, "net.log")
    return b, made[-1]


def run(boards, until, passes=200, ms=100):
    """Tick the boards (the broker and the club run in their own threads)
    until `until()` holds; whether it did."""
    for _ in range(passes):
        for b in boards:
            b.tick(ms)
        if until():
            return True
        time.sleep(0.005)
    return until()


def page_board(club, name):
    with urllib.request.urlopen("http://127.0.0.1:%d/api/board/%s" % (club.http_port, name),
                                timeout=5) as r:
        return json.loads(r.read())


def test_a_board_with_the_identity_add_board_issued_plays_and_the_club_records_it(club, tmp_path):
    b, net = deployed(club, "a", str(tmp_path / "a"))
    assert run([b], lambda: net.link.up), "board a did not connect: %s" % club.club.path("logs")
    b.start("hex")
    for m in ("a1", "b2", "c3"):
        b.enter(m)
        b.tick(10)
    assert run([b], lambda: net.outbox.pending() == 0)    # the recorder's ack drained it
    assert list(net.outbox.events()) == []      # no event left, only the mark of what was acked
    store = club.service.store
    games = store.games("a")
    assert [g for _, g, _ in games] == [net.g]
    evs = store.events("a", net.g)
    assert [(e["n"], e["k"], e.get("m")) for e in evs] == \
        [(0, "start", None), (1, "move", "a1"), (2, "move", "b2"), (3, "move", "c3")]
    assert len(store.db.execute("SELECT n FROM events WHERE board = 'a'").fetchall()) == 4   # once each
    assert run([b], lambda: (page_board(club, "a").get("pos") or {}).get("last") == "c3", 50, 20)
    shown = page_board(club, "a")
    assert shown["on"] == 1 and [m["m"] for m in shown["moves"]] == ["a1", "b2", "c3"]
    # no secret in what the club and the board wrote down
    secrets = (club.club.board_file("a")["password"], WIFI[1])
    logs = [club.club.path("logs", n) for n in os.listdir(club.club.path("logs"))]
    for path in logs + [os.path.join(str(tmp_path / "a"), n) for n in ("net.log",)
                        if os.path.exists(os.path.join(str(tmp_path / "a"), n))]:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for s in secrets:
            assert s not in text, path


def test_two_boards_paired_by_the_club_play_each_other(club, tmp_path):
    b, nb = deployed(club, "b", str(tmp_path / "b"))
    c, nc = deployed(club, "c", str(tmp_path / "c"))
    assert run([b, c], lambda: nb.link.up and nc.link.up)
    club.service.pair("b", "c")
    pb = b.start("hex", players_col=4)       # YOU FIRST, AGAINST A BOARD
    pc = c.start("hex", players_col=5)       # OTHER BOARD FIRST
    moves = ("e5", "d4", "c3", "f6")
    for i, m in enumerate(moves):
        mover, theirs = (b, pc) if i % 2 == 0 else (c, pb)
        mover.enter(m)
        assert run([b, c], lambda: list(theirs.texts) == list(moves[:i + 1])), \
            (i, pb.texts, pc.texts, nb.dropped, nc.dropped)
    assert list(pb.texts) == list(pc.texts) == list(moves)
    # every relayed move was taken at once: the relay's n was each board's next seq
    assert nb.dropped == nc.dropped == 0
    assert nb.vs == "c" and nc.vs == "b"
    assert run([b, c], lambda: nb.outbox.pending() == nc.outbox.pending() == 0)
    store = club.service.store
    for name, n in (("b", nb), ("c", nc)):
        evs = store.events(name, n.g)
        assert [e.get("m") for e in evs if e["k"] == "move"] == list(moves)
        assert [e["p"] for e in evs if e["k"] == "move"] == [0, 1, 0, 1]
        assert evs[0]["mode"] == "bvb"
