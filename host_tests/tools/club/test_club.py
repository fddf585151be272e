"""The club on a real Mosquitto (python -m tools.club, docs/club.md): who may
connect, what a board may publish and read, the recorder's store and acks
through a restart of itself and of the broker, the relay of two paired
boards, the organiser's names, the export of the club's games, and the page
in Chromium showing a simulated board's move. One broker and one club
service for the module, on a free loopback port."""
import csv
import json
import os
import urllib.error
import urllib.request

import pytest

from helpers.clubboard import SimBoard, client, drain, need_club, subscribe, unavailable, until, wait_for
from helpers.webpage import launch
from tools.club import broker as club_broker
from tools.club import cli
from tools.club.folder import Club
from tools.club.service import Service


class Running(cli.Running):
    """The club as `python -m tools.club --bind 127.0.0.1` runs it, on free ports."""

    def __init__(self, path):
        club = Club(path).make()
        club.set_wifi("clube", "wifi-secret-77")
        for b in ("alpha", "beta", "gamma", "delta"):
            club.add_board(b, host="127.0.0.1")
        self.port = club_broker.free_port()
        super().__init__(club, self.port, 0, "127.0.0.1")
        assert self.service.connected.wait(5)
        self.url = "http://127.0.0.1:%d/" % self.http_port

    def restart_service(self):
        self.service.stop()
        self.page.service = self.service = Service(self.club, self.port).start()
        assert self.service.connected.wait(5)

    def restart_broker(self):
        self.broker.stop()
        self.broker.start()
        assert self.service.connected.wait(5)

    def club_client(self, cid):
        return client(self.club, self.port, "club", self.club.service_password(), cid)

    def close(self):
        self.stop()


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    need_club()
    r = Running(str(tmp_path_factory.mktemp("club")))
    yield r
    r.close()
    assert not os.path.exists(r.club.path(cli.RUN_FILE))     # no club runs from the folder now


def board_password(club, name):
    return club.club.board_file(name)["password"]


def post(url, body, headers=None):
    h = {"Content-Type": "application/json", "X-Club": "1"} if headers is None else headers
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers=h)
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_wrong_credentials_unknown_users_and_anonymous_are_refused(club):
    c = club.club
    for user, pw in (("alpha", "not-its-password"), ("alpha", board_password(club, "beta")),
                     ("nobody", "x"), ("club", board_password(club, "alpha")), (None, None)):
        with pytest.raises(ConnectionRefusedError):
            client(c, club.port, user, pw)
    ok = client(c, club.port, "alpha", board_password(club, "alpha"))
    ok.disconnect()
    ok.loop_stop()
    for secret in (board_password(club, "alpha"), c.service_password()):
        for name in os.listdir(c.path("logs")):
            with open(c.path("logs", name), encoding="utf-8", errors="replace") as f:
                assert secret not in f.read(), name


def test_a_board_added_while_the_club_runs_connects_at_once(club, capsys):
    assert cli.main(["add-board", "late", "--dir", club.club.dir, "--port", str(club.port)]) == 0
    assert "the running club knows it now" in capsys.readouterr().out
    pw = board_password(club, "late")

    def connects():
        try:
            c = client(club.club, club.port, "late", pw)
        except ConnectionRefusedError:
            return False
        c.disconnect()
        c.loop_stop()
        return True
    assert wait_for(connects, 3)


def test_a_board_publishes_only_on_its_topics_and_reads_only_its_own(club):
    spy = club.club_client("spy")
    subscribe(spy, [("#", 1)])
    gamma = client(club.club, club.port, "gamma", board_password(club, "gamma"), "gamma-raw")
    subscribe(gamma, [("gb/#", 1), ("gb/delta/in", 1), ("gb/delta/ack", 1), ("#", 1)])
    spy.publish("gb/gamma/in", "start", qos=1)            # what came before (retained) is out
    until(spy.inbox, lambda t, p: p == b"start")
    until(gamma.inbox, lambda t, p: p == b"start")
    for t in ("gb/delta/ev", "gb/delta/pos", "gb/gamma/ack", "gb/gamma/in", "gb/club/ev", "other"):
        gamma.publish(t, '{"v":1,"on":1}', qos=1).wait_for_publish(2)
    for t in ("gb/delta/in", "gb/delta/ack", "gb/delta/pos", "gb/gamma/pos"):
        spy.publish(t, '{"v":1,"k":"x"}', qos=1).wait_for_publish(2)
    gamma.publish("gb/gamma/status", '{"v":1,"on":1}', qos=1, retain=True)
    spy.publish("gb/gamma/in", '{"v":1,"k":"mark"}', qos=1)
    # each client's messages arrive in the order sent: once its last one is in, all are
    mark = lambda t, p: p == b'{"v":1,"k":"mark"}'    # noqa: E731
    seen_by_spy = [t for t, _ in until(spy.inbox, lambda t, p: t == "gb/gamma/status", mark)]
    seen_by_gamma = [t for t, _ in until(gamma.inbox, mark)]
    seen_by_spy += [t for t, _ in drain(spy.inbox)]
    seen_by_gamma += [t for t, _ in drain(gamma.inbox)]
    # the spy sees the club's own messages and the one topic gamma may write (after the
    # refused ones, in order), nothing gamma may not write
    assert sorted(t for t in seen_by_spy if not t.startswith(("gb/delta/in", "gb/delta/ack"))) == \
        ["gb/delta/pos", "gb/gamma/in", "gb/gamma/pos", "gb/gamma/status"]
    assert seen_by_gamma == ["gb/gamma/in"]
    for c in (spy, gamma):
        c.disconnect()
        c.loop_stop()


def test_the_recorder_stores_each_event_once_and_acks_the_highest_contiguous_seq(club):
    raw = client(club.club, club.port, "delta", board_password(club, "delta"), "delta-raw")
    subscribe(raw, [("gb/delta/ack", 1)])
    evs = [{"v": 1, "g": "dup1", "n": 0, "k": "start", "game": "semaforo", "opt": None, "mode": "2p",
            "level": None, "seat": None, "vs": None},
           {"v": 1, "g": "dup1", "n": 1, "k": "move", "m": "a1", "p": 0},
           {"v": 1, "g": "dup1", "n": 2, "k": "move", "m": "b1", "p": 1}]
    for ev in evs + evs:                       # everything twice, as after a reconnect
        raw.publish("gb/delta/ev", json.dumps(ev), qos=1).wait_for_publish(2)
    later = {"v": 1, "g": "dup1", "n": 4, "k": "move", "m": "d1", "p": 1}
    raw.publish("gb/delta/ev", json.dumps(later), qos=1)       # seq 3 not yet there: a gap
    for bad in (b"not json", b"[1]", dict(later, v=2), dict(later, n=5, m=7), dict(later, n=6, m="x" * 1100),
                dict(later, n=3, k="start")):
        raw.publish("gb/delta/ev", bad if isinstance(bad, bytes) else json.dumps(bad), qos=1)
    # the recorder takes one board's events in order: the next game's ack comes after all these
    raw.publish("gb/delta/ev", json.dumps(dict(evs[0], g="dup2")), qos=1)
    acks = [json.loads(p) for _, p in until(raw.inbox, lambda t, p: b'"dup2"' in p)][:-1]
    assert acks[-1] == {"v": 1, "g": "dup1", "n": 2}
    assert {a["n"] for a in acks} == {0, 1, 2}
    store = club.service.store
    assert [e["n"] for e in store.events("delta", "dup1")] == [0, 1, 2]
    raw.publish("gb/delta/ev", json.dumps(dict(later, n=3, m="c1", p=0)), qos=1)
    assert json.loads(until(raw.inbox, lambda t, p: b'"dup1"' in p)[-1][1]) == {"v": 1, "g": "dup1", "n": 4}
    assert [e["m"] for e in store.events("delta", "dup1")[1:]] == ["a1", "b1", "c1", "d1"]
    rows = store.db.execute("SELECT COUNT(*) FROM events WHERE board = 'delta' AND g = 'dup1'").fetchone()
    assert rows == (5,)
    raw.disconnect()
    raw.loop_stop()


def test_nothing_is_lost_or_doubled_through_a_recorder_and_a_broker_restart(club):
    b = SimBoard(club.club, club.port, "alpha")
    b.start("rs1")
    b.event("move", m="a1", p=0)
    assert b.acked(1)
    club.service.stop()                       # the recorder down: the broker keeps its session's messages
    b.event("move", m="b1", p=1)
    b.event("move", m="c1", p=0)
    club.page.service = club.service = Service(club.club, club.port).start()
    assert b.acked(3)
    club.restart_broker()                     # the broker down: the board's outbox keeps its events
    assert wait_for(b.online.is_set)
    b.event("move", m="d1", p=1)
    b.event("end", r="NOT FINISHED")
    assert b.acked(5)
    club.restart_service()
    assert [(e["n"], e.get("m")) for e in club.service.store.events("alpha", "rs1")] == \
        [(0, None), (1, "a1"), (2, "b1"), (3, "c1"), (4, "d1"), (5, None)]
    db = club.service.store.db
    assert db.execute("SELECT COUNT(*) FROM events WHERE board = 'alpha' AND g = 'rs1'").fetchone() == (6,)
    assert club.service.board("alpha")["result"] == "NOT FINISHED"
    b.close()


def test_two_paired_boards_get_each_others_moves_in_their_own_games(club):
    a, b = SimBoard(club.club, club.port, "beta"), SimBoard(club.club, club.port, "gamma")
    assert cli.main(["pair", "beta", "gamma", "--dir", club.club.dir]) == 0
    assert post(club.url + "api/pair", {"a": "gamma", "b": "delta"})[0] == 400   # gamma is taken
    a.start("Bv1", mode="bvb", vs="gamma", seat=0)
    b.start("Gv7", mode="bvb", vs="beta", seat=1)
    a.event("move", m="a1", p=0)
    # gamma takes beta's move as its seq 1; its event comes back, and the club waits
    assert wait_for(lambda: [e.get("m") for e in club.service.store.events("gamma", "Gv7")] == [None, "a1"])
    assert b.inbox == [{"v": 1, "k": "move", "g": "Gv7", "n": 1, "m": "a1", "from": "beta"}]
    b.event("move", m="b2", p=1)
    assert wait_for(lambda: len(club.service.store.events("beta", "Bv1")) == 3)
    assert a.inbox == [{"v": 1, "k": "move", "g": "Bv1", "n": 2, "m": "b2", "from": "gamma"}]
    a.event("end", r="FIRST WINS")
    b.event("end", r="FIRST WINS")
    assert wait_for(lambda: club.service.store.pairs() == [])     # their one game is over
    assert cli.main(["pair", "gamma", "beta", "--dir", club.club.dir]) == 0  # for the next one
    assert club.service.store.pairs() == [("gamma", "beta")]
    assert cli.main(["unpair", "beta", "gamma", "--dir", club.club.dir]) == 0
    assert club.service.store.pairs() == []
    for x in (a, b):
        x.close()


def test_the_organiser_writes_the_players_names_from_this_laptop_only(club):
    d = SimBoard(club.club, club.port, "delta")
    d.start("nm1")
    assert d.acked(0)
    assert post(club.url + "api/names", {"board": "delta", "names": ["Ana", "Rui"]}, {})[0] == 403
    assert post(club.url + "api/names", {"board": "delta", "names": ["Ana", "x" * 25]})[0] == 400
    assert post(club.url + "api/names", {"board": "delta", "names": ["Ana", "Rui"]})[0] == 200
    assert wait_for(lambda: d.inbox == [{"v": 1, "k": "names", "g": "nm1", "names": ["Ana", "Rui"]}])
    assert club.service.board("delta")["names"] == ["Ana", "Rui"]
    d.close()


def _semaforo_game():
    """(moves, result text) of a whole Semáforo game by the firmware's rules."""
    import games
    from app.words import book_text
    g = games.load("semaforo").Game({})
    moves = []
    while g.result() is None:
        t = sorted(g.legal_texts())[0]
        moves.append(t)
        g.play_text(t)
    return moves, book_text(g)


def test_the_club_store_exports_as_a_pulled_board_does(club, tmp_path):
    from tools.records import cli as records_cli
    b = SimBoard(club.club, club.port, "alpha")
    moves, result = _semaforo_game()
    b.start("ex1")
    for k, m in enumerate(moves):
        b.event("move", m=m, p=k % 2)
    b.event("end", r=result)
    assert b.acked(len(moves) + 1)
    b.close()
    out = str(tmp_path / "export")
    assert records_cli.main(["export", "--dir", club.club.dir, "--out", out]) == 0
    with open(os.path.join(out, "results.csv"), encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["tag"] == "ex1"]
    assert len(rows) == 1
    assert (rows[0]["board"], rows[0]["game"], rows[0]["result"], rows[0]["moves"], rows[0]["note"]) == \
        ("alpha", "semaforo", result, str(len(moves)), "")
    with open(os.path.join(out, rows[0]["file"]), encoding="utf-8") as f:
        text = f.read()
    assert "Result: %s" % result in text and moves[-1] in text
    with open(os.path.join(out, "results.html"), encoding="utf-8") as f:
        assert "ex1" in f.read()
    # the game that ended NOT FINISHED is there too, the games without an end are not
    with open(os.path.join(out, "results.csv"), encoding="utf-8") as f:
        tags = [r["tag"] for r in csv.DictReader(f)]
    assert "rs1" in tags and "nm1" not in tags


def test_without_mosquitto_the_club_says_how_to_install_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(club_broker, "mosquitto_path", lambda: None)
    assert cli.main(["--dir", str(tmp_path / "c"), "--port", "1"]) == 1
    assert "apt-get install -y mosquitto" in capsys.readouterr().err


def test_add_board_refuses_a_bad_name_and_never_prints_the_password(tmp_path, capsys):
    d = str(tmp_path / "c")
    assert cli.main(["add-board", "b1", "--dir", d]) == 1           # the club's WiFi first
    assert "python -m tools.club wifi" in capsys.readouterr().err
    secret = tmp_path / "wifi.txt"
    secret.write_text("wifi-pass-123\n")
    assert cli.main(["wifi", "too-short", "--dir", d, "--password-file", str(tmp_path / "no")]) == 1
    assert cli.main(["wifi", "clube", "--dir", d, "--password-file", str(secret)]) == 0
    assert cli.main(["add-board", "Bad_Name", "--dir", d]) == 1
    assert cli.main(["add-board", "club", "--dir", d]) == 1
    assert "no board name" in capsys.readouterr().err
    assert cli.main(["add-board", "b1", "--dir", d, "--host", "10.0.0.2"]) == 0
    said = capsys.readouterr().out
    f = os.path.join(d, "boards", "b1", "club.json")
    with open(f) as fh:
        net = json.load(fh)
    assert net["broker"] == {"host": "10.0.0.2", "port": 8883} and net["board"] == "b1"
    assert net["wifi"] == {"ssid": "clube", "password": "wifi-pass-123"}
    assert net["password"] not in said and "wifi-pass-123" not in said
    assert "--club " + os.path.dirname(f) in said                    # the next command, as is
    assert os.stat(f).st_mode & 0o077 == 0
    assert os.stat(os.path.join(d, "wifi.json")).st_mode & 0o077 == 0
    assert cli.main(["add-board", "b1", "--dir", d]) == 1          # it has one: --renew to change it
    with open(os.path.join(d, "passwd")) as fh:
        assert net["password"] not in fh.read()
    # a new WiFi reaches the boards issued before it, their passwords kept
    secret.write_text("other-pass-456\n")
    assert cli.main(["wifi", "clube2", "--dir", d, "--password-file", str(secret)]) == 0
    assert "other-pass-456" not in capsys.readouterr().out
    with open(f) as fh:
        again = json.load(fh)
    assert again["wifi"] == {"ssid": "clube2", "password": "other-pass-456"}
    assert again["password"] == net["password"]


def test_the_wifi_password_is_asked_without_echo_and_never_shown(tmp_path, monkeypatch, capsys):
    asked = []
    monkeypatch.setattr(cli.getpass, "getpass", lambda prompt: asked.append(prompt) or "typed-pass-9")
    d = str(tmp_path / "c")
    assert cli.main(["wifi", "clube", "--dir", d]) == 0
    assert asked and "clube" in asked[0]
    said = capsys.readouterr()
    assert "typed-pass-9" not in said.out + said.err
    assert Club(d).wifi() == {"ssid": "clube", "password": "typed-pass-9"}
    monkeypatch.setattr(cli.getpass, "getpass", lambda prompt: "short")
    assert cli.main(["wifi", "other", "--dir", d]) == 1        # WPA takes 8 at least: nothing changes
    assert "8 to 64" in capsys.readouterr().err
    assert Club(d).wifi()["ssid"] == "clube"


def test_the_page_shows_a_boards_move_live_and_sends_the_names_written_on_it(club):
    try:
        from playwright import sync_api
    except ImportError:
        unavailable("playwright is not installed (pip install -r requirements.txt)")
    b = SimBoard(club.club, club.port, "beta")
    with sync_api.sync_playwright() as p:
        browser = launch(p)
        pg = browser.new_page()
        pg.set_default_timeout(5000)
        errors = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.goto(club.url)
        pg.wait_for_selector("body[data-ready='1']")
        b.start("pg1")
        leds = "000000" * 11 + "ff0000"          # 4 x 3: the last LED (d3, top right) red
        b.position(n=0, game="semaforo", turn=0, last=None, leds=leds, cols=4, rows=3, clocks=None)
        b.event("move", m="d3", p=0)
        b.position(n=1, game="semaforo", turn=1, last="d3", leds=leds, cols=4, rows=3, clocks=[61000, 5000])
        card = pg.locator("#board-beta")
        sync_api.expect(card.locator(".facts")).to_contain_text("last move: d3")
        sync_api.expect(card.locator(".facts")).to_contain_text("turn: Second")
        sync_api.expect(card.locator(".facts")).to_contain_text("clocks: 1:01 / 0:05")
        cells = card.locator(".pic div")
        assert cells.count() == 12
        # drawn top row first: d3 is the fourth cell
        assert cells.nth(3).evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(255, 0, 0)"
        assert cells.nth(0).evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(0, 0, 0)"
        card.click()
        sync_api.expect(pg.locator("#moves li")).to_have_text(["d3"])
        pg.fill("#name0", "Ana")
        pg.fill("#name1", "Rui")
        pg.click("#names-save")
        assert wait_for(lambda: {"v": 1, "k": "names", "g": "pg1", "names": ["Ana", "Rui"]} in b.inbox)
        sync_api.expect(card.locator(".facts")).to_contain_text("Ana - Rui")
        b.event("end", r="FIRST WINS")
        row = pg.locator("#results tbody tr", has_text="beta")
        sync_api.expect(row.first).to_contain_text("Ana - Rui")
        sync_api.expect(row.first).to_contain_text("FIRST WINS")
        assert errors == []
        browser.close()
    b.close()
