"""The two halves of the club network joined (issue 35): the club as
`python -m tools.club` runs it (its Mosquitto over TLS, its recorder,
relay and page) and the real board firmware on a simulated club9w (the
app, net/club.py over net/link.py and adafruit_minimqtt). Each board gets
its club file the organiser's way: `tools.club add-board` writes it, the
deploy checks it and puts it on the board as club.json, and net/config.py
builds the board's network from it, the broker checked against the
club's CA. Nothing lost, shown with all of them real: a power cut on the
board between the outbox and the publish and between the publish and
the ack, the network gone for ten minutes of the board's clock, the
recorder restarted, each mid-game: the recorder's SQLite holds the game
once, every event once, in order. And a board that is given another
club's CA, or meets a certificate for another address, never connects
and plays on. Skipped, saying so, where Mosquitto, openssl or the MQTT
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
        self.port = port = club_broker.free_port()
        for b in ("a", "b", "c", "d", "e", "f", "g", "h"):
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


def deployed(club, name, tmp, edit=None):
    """Board `name` as the organiser makes it: the folder add-board made,
    through the deploy's check, onto the board's flash as club.json; the
    firmware's own net/config.py builds its network at power-up. `edit`
    changes the club file first (another club's CA)."""
    from net import config
    raw = read_club_file(club.club.path("boards", name), BOARD_W)
    if edit is not None:
        raw = json.dumps(edit(json.loads(raw))).encode()
    os.mkdir(tmp)
    with open(os.path.join(tmp, config.FILE), "wb") as f:
        f.write(raw)
    return booted(tmp)


def booted(tmp):
    """The board on folder `tmp` switched on: a power-up, or the one after a cut."""
    from hal.storage import FileStorage
    from net import config
    from simboard import SimBoard, club9
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


# --- nothing lost -------------------------------------------------------------

SCRIPT = ("a1", "b1", "undo", "b1", "c1")      # Semaforo: three in a row ends it
FINAL = ["a1", "b1", "c1"]


class PowerCut(BaseException):
    """The board switched off: out of the app's own `except Exception`."""


def play(b, steps):
    for m in steps:
        if m == "undo":
            b.press("undo")
            b.tick()
        else:
            b.enter(m)


def cut_at_publish(b, net, after):
    """The power goes at the next event's publish: before it leaves, or
    (after) once the broker has taken it and before its ack is read. The
    board's connection goes with it, as its WiFi would."""
    link = net.link
    real = link.publish

    def publish(tpc, payload, retain):
        if tpc.endswith("/ev"):
            if after:
                real(tpc, payload, retain)
            link.client._close_socket()
            raise PowerCut()
        return real(tpc, payload, retain)
    link.publish = publish


def resumed(tmp):
    """The board on after a cut: the boot's offer taken (OK)."""
    b, net = booted(tmp)
    assert run([b], lambda: net.link.up, 100)
    assert b.mode() == "Resume", b.mode()
    b.press("ok")
    b.tick()
    return b, net


def recorded_once(club, name, final=FINAL):
    """The recorder's SQLite: one game of board `name`, every seq once
    from 0 without a gap, its events leaving `final` and one end, last."""
    store = club.service.store
    games = [g for _, g, _ in store.games(name)]
    assert len(games) == 1, games
    rows = store.db.execute("SELECT n FROM events WHERE board = ? ORDER BY n", (name,)).fetchall()
    assert [n for n, in rows] == list(range(len(rows)))
    evs = store.events(name, games[0])
    moves = []
    for e in evs:
        if e["k"] == "move":
            moves.append(e["m"])
        elif e["k"] == "undo":
            moves.pop()
    kinds = [e["k"] for e in evs]
    assert moves == final and kinds[0] == "start" and kinds.count("end") == 1 \
        and kinds[-1] == "end", kinds
    return games[0], kinds


def test_a_power_cut_mid_publish_and_mid_ack_then_the_resumed_game_is_recorded_once(club, tmp_path):
    tmp = str(tmp_path / "d")
    b, net = deployed(club, "d", tmp)
    assert run([b], lambda: net.link.up)
    b.start("semaforo")
    play(b, ["a1"])
    assert run([b], lambda: net.outbox.pending() == 0)
    g = net.g
    cut_at_publish(b, net, after=False)          # b1 on flash, never sent
    with pytest.raises(PowerCut):
        b.enter("b1")
        run([b], lambda: False, 20)
    b, net = resumed(tmp)
    texts = b.app.mode.texts                     # b1 saved or not: the cut's pass says
    assert net.g == g and texts in (["a1"], ["a1", "b1"]), texts
    play(b, ["b1"][:2 - len(texts)])
    assert run([b], lambda: net.outbox.pending() == 0)
    cut_at_publish(b, net, after=True)           # the undo taken by the broker, its ack not read
    with pytest.raises(PowerCut):
        b.press("undo")
        run([b], lambda: False, 20)
    b, net = resumed(tmp)
    assert net.g == g
    play(b, FINAL[len(b.app.mode.texts):])
    assert run([b], lambda: net.outbox.pending() == 0 and b.mode() == "Result")
    assert recorded_once(club, "d")[0] == g


def test_ten_minutes_without_the_broker_mid_game_then_every_event_once_in_order(club, tmp_path):
    b, net = deployed(club, "e", str(tmp_path / "e"))
    assert run([b], lambda: net.link.up)
    b.start("semaforo")
    play(b, ["a1"])
    assert run([b], lambda: net.outbox.pending() == 0)
    club.broker.stop()
    tries = net.link.connects
    steps = {60: "b1", 180: "undo", 300: "b1", 480: "c1"}     # minutes 1, 3, 5 and 8
    for second in range(600):                    # ten minutes of the board's clock
        if second in steps:
            play(b, [steps[second]])
        b.tick(1000)
    assert not net.link.up and net.link.connects == tries
    assert b.mode() == "Result" and net.outbox.pending() == 5    # played on: 4 events and the end
    club.broker.start()
    assert club.service.connected.wait(5)
    assert run([b], lambda: net.link.up and net.outbox.pending() == 0, 200, 1000), \
        "the board did not send its outbox after the broker came back"
    recorded_once(club, "e")


def test_the_recorder_restarted_mid_game_loses_nothing(club, tmp_path):
    from tools.club.service import Service
    b, net = deployed(club, "f", str(tmp_path / "f"))
    assert run([b], lambda: net.link.up)
    b.start("semaforo")
    play(b, ["a1"])
    assert run([b], lambda: net.outbox.pending() == 0)
    club.service.stop()                          # the broker keeps the recorder's session
    play(b, ["b1", "undo"])
    run([b], lambda: False, 10)
    assert net.link.up and net.outbox.pending() == 2       # sent, not acked
    club.page.service = club.service = Service(club.club, club.port).start()
    assert club.service.connected.wait(5)
    play(b, ["b1", "c1"])
    assert run([b], lambda: net.outbox.pending() == 0)
    recorded_once(club, "f")


# --- the broker's certificate --------------------------------------------------

def refused(b, net, tmp):
    """The board never connects, says why in one line of net.log with no
    secret in it, and plays on, its events kept in its outbox."""
    run([b], lambda: False, 100)                 # 10 s of its clock: tries at 1, 2, 4 s...
    assert not net.link.up and net.link.connects == 0
    b.start("semaforo")
    play(b, ["a1", "b1"])
    run([b], lambda: False, 10)
    assert net.outbox.pending() == 3 and [d["k"] for d, _, _ in net.outbox.events()] == \
        ["start", "move", "move"]
    with open(os.path.join(tmp, "net.log"), encoding="utf-8") as f:
        log = f.read()
    why = [line for line in log.splitlines() if "cannot connect" in line]
    assert len(why) == 1, log
    assert net.cfg_password not in log
    return why[0]


def test_a_board_given_another_clubs_ca_refuses_the_broker_and_plays_on(club, tmp_path):
    other = Club(str(tmp_path / "other-club")).make()       # a second club: its own CA
    with open(other.path("ca.crt")) as f:
        other_ca = f.read()

    def other_club(d):
        d["ca"] = other_ca
        return d
    tmp = str(tmp_path / "g")
    b, net = deployed(club, "g", tmp, other_club)
    net.cfg_password = club.club.board_file("g")["password"]
    why = refused(b, net, tmp)
    assert "certificate verify failed" in why, why
    assert club.service.store.games("g") == []


def test_a_broker_whose_certificate_names_another_address_is_refused(club, tmp_path, monkeypatch):
    import shutil
    from tools.club import folder
    copy = str(tmp_path / "elsewhere")
    shutil.copytree(club.club.dir, copy, ignore=shutil.ignore_patterns("logs", "*.db", "*.pid",
                                                                      cli.RUN_FILE))
    os.makedirs(os.path.join(copy, "logs"))
    elsewhere = Club(copy)
    # the club's own CA signs it, for a name and an address this laptop is not
    monkeypatch.setattr(folder, "addresses", lambda: (["elsewhere.example"], ["192.0.2.7"]))
    elsewhere.server_cert()
    port = club_broker.free_port()
    broker = club_broker.Broker(elsewhere, port, "127.0.0.1").start()
    try:
        def to_it(d):
            d["broker"]["port"] = port
            return d
        tmp = str(tmp_path / "h")
        b, net = deployed(club, "h", tmp, to_it)
        net.cfg_password = club.club.board_file("h")["password"]
        why = refused(b, net, tmp)
    finally:
        broker.stop()
    assert "mismatch" in why, why      # the name check, not the CA: the club's own CA signed it
