"""The board's link against a real Mosquitto over TLS (issue 35).

The test starts `mosquitto` on a loopback port with a CA, a server
certificate, a password file and the club's ACL (docs/developers/club-protocol.md),
and plays the recorder's part as the `club` user: it stores each event
once by (game, seq) and acks the highest contiguous seq, retained. The
board (the real app on a simulated board, net/club.py over net/link.py
and adafruit_minimqtt through net/sockets.py) publishes its moves, the
retained picture and its status, drains its outbox on the acks, and
loses nothing when the broker is stopped and started again mid-game.
Skipped, saying so, where Mosquitto or the Adafruit library is not
installed.
"""
import json
import os
import sys
import time

import pytest

from tools.bench.clubbroker import LIB, Broker, Recorder, make_club, missing

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")


@pytest.fixture
def club(tmp_path):
    if LIB not in sys.path:
        sys.path.insert(0, LIB)
    d = str(tmp_path)
    port, ca = make_club(d)
    broker = Broker(d, port)
    broker.start()
    yield broker, port, ca
    broker.stop()


def board_on(port, ca, tmp):
    from netboard import net_board
    from net.link import Link
    cfg = {"club": "test", "wifi": {"ssid": "x", "password": ""},
           "broker": {"host": "127.0.0.1", "port": port}, "board": "t1",
           "password": "board-secret", "ca": ca}
    from hal.storage import FileStorage
    os.mkdir(tmp)
    storage = FileStorage(tmp)
    link = Link(cfg, log=lambda text: None)
    return net_board(link, storage=storage)


def run(b, rec, passes=30, ms=10):
    for _ in range(passes):
        b.tick(ms)
        if rec.client is not None:
            rec.pump()
        time.sleep(0.002)


def test_moves_go_out_the_picture_is_kept_and_acks_empty_the_outbox(club, tmp_path):
    broker, port, ca = club
    rec = Recorder(port, ca)
    rec.connect()
    b, net = board_on(port, ca, str(tmp_path / "board"))
    run(b, rec, 40, 100)            # the link connects once the board is left alone (QUIET_MS)
    assert net.link.up, broker.log()
    assert rec.retained.get("gb/t1/status") == {"v": 1, "on": 1}
    b.start("hex")
    for m in ("a1", "b2", "c3"):
        b.enter(m)
        run(b, rec, 10)
    run(b, rec)
    got = [(g, n, e["k"], e.get("m")) for (g, n), e in sorted(rec.stored.items(), key=lambda x: x[0][1])]
    assert [x[1:] for x in got] == [(0, "start", None), (1, "move", "a1"), (2, "move", "b2"),
                                    (3, "move", "c3")], got
    assert net.outbox.pending() == 0 and list(net.outbox.events()) == []   # only the mark left
    pos = rec.retained["gb/t1/pos"]
    assert pos["g"] == got[0][0] and pos["last"] == "c3" and pos["n"] == 3
    assert len(pos["leds"]) == 81 * 6 and pos["cols"] == 9
    # A page opened now gets the picture at once: it is retained.
    late = Recorder(port, ca)
    late.connect()
    deadline = time.time() + 5
    while "gb/t1/pos" not in late.retained and time.time() < deadline:
        late.pump()
        time.sleep(0.01)
    assert late.retained["gb/t1/pos"]["last"] == "c3"
    late.close()
    rec.close()


def test_a_broker_restarted_mid_game_loses_nothing(club, tmp_path):
    broker, port, ca = club
    rec = Recorder(port, ca)
    rec.connect()
    b, net = board_on(port, ca, str(tmp_path / "board"))
    run(b, rec, 40, 100)            # the link connects once the board is left alone (QUIET_MS)
    b.start("hex")
    b.enter("a1")
    run(b, rec)
    assert len(rec.stored) == 2
    broker.stop()
    rec.client = None
    for m in ("b2", "c3", "d4"):
        b.enter(m)
        run(b, rec, 20, 100)           # the board plays on: its events wait in the outbox
    assert not net.link.up
    assert net.outbox.pending() == 3
    broker.start()
    rec.connect()
    for _ in range(200):
        run(b, rec, 1, 1000)           # the board's clock runs past its backoff
        if net.link.up:
            break
    for _ in range(10):
        run(b, rec, 20)                # passes of 10 ms: the PUBACKs come in later passes
        if net.outbox.pending() == 0:
            break
    assert net.link.up, broker.log()
    assert sorted(n for g, n in rec.stored) == [0, 1, 2, 3, 4]
    assert [rec.stored[(g, n)].get("m") for g, n in sorted(rec.stored, key=lambda k: k[1])] == \
        [None, "a1", "b2", "c3", "d4"]
    assert net.outbox.pending() == 0
    assert net.link.connects == 2
    rec.close()


def test_the_other_boards_move_comes_in_and_is_played(club, tmp_path):
    broker, port, ca = club
    rec = Recorder(port, ca)
    rec.connect()
    b, net = board_on(port, ca, str(tmp_path / "board"))
    run(b, rec, 40, 100)            # the link connects once the board is left alone (QUIET_MS)
    play = b.start("hex", players_col=5)          # the other board moves first
    run(b, rec)
    rec.client.publish("gb/t1/in", json.dumps({"v": 1, "k": "move", "g": net.g, "n": 1,
                                               "m": "e5", "from": "t2"}), qos=1)
    run(b, rec)
    assert play.texts == ["e5"]
    assert [e.get("m") for (g, n), e in sorted(rec.stored.items(), key=lambda x: x[0][1])] == \
        [None, "e5"] and rec.stored[(net.g, 1)]["p"] == 0
    rec.close()
