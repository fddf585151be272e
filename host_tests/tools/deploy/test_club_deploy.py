"""A board on the club network through the deploy (issue 35): the Pico W's
board file takes the firmware's net/ and the pinned MQTT library, a board
without a network gets none of it, and --club puts the checked club file
on the board as club.json without ever printing what it holds."""
import json
import os

import pytest

from test_deploy import FakeTransport, run, assert_saves_kept
from tools.deploy import club as deploy_club

SECRETS = ("board-pass-XYZ", "wifi-pass-QQ")
needs_lib = pytest.mark.skipif(not os.path.isdir(os.path.join(deploy_club.LIB_DIR,
                                                              "adafruit_minimqtt")),
                               reason="needs the MQTT library: " + deploy_club.INSTALL)


def club_file(tmp_path, **change):
    d = {"club": "cm-lisboa", "wifi": {"ssid": "clube", "password": SECRETS[1]},
         "broker": {"host": "192.168.4.1", "port": 8883}, "board": "mesa-3",
         "password": SECRETS[0],
         "ca": "-----BEGIN CERTIFICATE-----\nMIIBxx\n-----END CERTIFICATE-----\n"}
    d.update(change)
    p = tmp_path / "mesa-3.json"
    p.write_text(json.dumps(d))
    return str(p)


@needs_lib
def test_a_pico_w_gets_net_the_library_and_its_club_file(tmp_path, capsys):
    fake = FakeTransport()
    code, out = run(fake, "--board", "club9w", "--club", club_file(tmp_path))
    assert code == 0, out
    for f in ("net/club.mpy", "net/link.mpy", "net/proto.mpy", "net/outbox.mpy",
              "lib/adafruit_minimqtt/adafruit_minimqtt.mpy", "lib/adafruit_connection_manager.mpy",
              "lib/adafruit_ticks.mpy"):
        assert f in fake.fs, f
    club = json.loads(fake.fs["club.json"])
    assert club["board"] == "mesa-3" and club["password"] == SECRETS[0]
    printed = out + capsys.readouterr().out
    assert "club.json" in printed
    for s in SECRETS:
        assert s not in printed
    assert "club.json" not in json.loads(fake.fs[".deploy.json"])["files"]   # no deploy removes it
    assert_saves_kept(fake)


def test_a_board_without_a_network_carries_none_of_it(tmp_path):
    fake = FakeTransport()
    code, out = run(fake, "--board", "club9")
    assert code == 0, out
    assert not [f for f in fake.fs if f.startswith(("net/", "lib/adafruit"))]


def test_a_club_file_with_a_mistake_is_named_and_nothing_is_copied(tmp_path, capsys):
    fake = FakeTransport()
    before = dict(fake.fs)
    code, _ = run(fake, "--board", "club9w", "--club", club_file(tmp_path, board="Mesa 3"))
    err = capsys.readouterr().err
    assert code == 2 and "field 'board'" in err and fake.fs == before
    code, _ = run(fake, "--board", "club9w", "--club", club_file(tmp_path, broker={"host": "x"}))
    err = capsys.readouterr().err
    assert code == 2 and "'port'" in err and fake.fs == before
    for s in SECRETS:
        assert s not in err


def test_a_club_file_for_a_board_without_a_network_is_refused(tmp_path, capsys):
    fake = FakeTransport()
    code, _ = run(fake, "--board", "club9", "--club", club_file(tmp_path))
    assert code == 2 and "club9w" in capsys.readouterr().err


@needs_lib
def test_the_folder_tools_club_add_board_made_is_what_deploy_club_takes(tmp_path, capsys):
    import shutil
    from tools.club.folder import Club
    if shutil.which("openssl") is None:
        pytest.skip("needs openssl: apt-get install -y openssl")
    club = Club(str(tmp_path / "cm-lisboa")).make()
    club.set_wifi("clube", SECRETS[1])
    folder = os.path.dirname(club.add_board("mesa-3", host="192.168.4.1"))
    issued = club.board_file("mesa-3")
    fake = FakeTransport()
    code, out = run(fake, "--board", "club9w", "--club", folder)
    assert code == 0, out
    on_board = json.loads(fake.fs["club.json"])
    assert on_board.pop("utc")[0] >= 2026        # the deploy's time: the board's clock from it
    assert on_board == issued
    with open(club.path("ca.crt")) as f:
        assert on_board["ca"] == f.read()
    printed = out + capsys.readouterr().out
    for s in (issued["password"], SECRETS[1]):
        assert s not in printed
