"""Every game and the Poliédricos race on the web backend: the same firmware on
MicroPython's WebAssembly port (in Node, with the page's own link.js), opened
from the menu and played by the board against itself, ends where the terminal
simulator ends after the same script: the same moves, texts and LEDs."""
import json

import pytest

import games
from tools.link import boardfile
from helpers.webpage import in_terminal_simulator, run_in_node


_MENUS = {}


def menu_square(board_name, gid):
    """The menu square that opens `gid` on this board (the menu's own layout,
    found by touching each square of its top rows in the terminal simulator)."""
    if board_name not in _MENUS:
        b = boardfile.load(board_name)
        found = _MENUS[board_name] = {}
        for y in (b["rows"] - 1, b["rows"] - 2):
            for x in range(b["cols"]):
                sq = "abcdefghi"[x] + str(y + 1)
                d = in_terminal_simulator("tap %s\ntap %s\nwait 300\n" % (sq, sq), board_name)
                found[d["game"] or ("poliedricos" if d["mode"] == "race" else sq)] = sq
    assert gid in _MENUS[board_name], "%s has no menu square on %s" % (gid, board_name)
    return _MENUS[board_name][gid]


def board_for(gid):
    """club8 (buttons: the board's moves play at once) where the game fits it."""
    from app import menu
    return "club8" if menu.fits(gid, 8, 8) else "club9"


@pytest.mark.parametrize("gid", games.IDS)
def test_every_game_from_the_menu_runs_on_the_web_backend_as_in_the_terminal(gid):
    name = board_for(gid)
    sq = menu_square(name, gid)
    top = "8" if name == "club8" else "9"
    if gid == "poliedricos":
        script = "tap %s\ntap %s\nwait 1500\n" % (sq, sq)
    else:   # demo (the board plays both sides) at level 1, started with OK
        script = "tap %s\ntap %s\nwait 300\ntap d%s\ntap a%d\nwait 200\ntap ok\nwait 1200\n" % (
            sq, sq, top, int(top) - 1)
    want = in_terminal_simulator(script, name)
    code, out, err = run_in_node(
        "import webmain\nwebmain.start()\nwebmain.run_script(%r)\nprint(webmain.dump())\n" % script,
        name)
    assert code == 0, err
    got = json.loads(out.strip().splitlines()[-1])
    if gid == "poliedricos":
        assert got["mode"] == "race"
    else:
        assert (got["game"], got["mode"]) == (gid, "play") and got["moves"], got
    assert got == want


def test_a_quick_double_click_on_a_square_is_two_touches_and_a_hold_stays_down():
    code = """
import boardcheck, webboard
from hal import web
h = web.Hal(boardcheck.load("board"))
def scans(n):
    out = []
    for _ in range(n):
        webboard.advance(10)
        out += h.matrix.scan()
    return out
webboard.press(5); webboard.release(5); webboard.press(5); webboard.release(5)
print(scans(60))
webboard.press(7)
print(scans(300), h.matrix.is_down(7))
webboard.release(7)
print(scans(10))
"""
    rc, out, err = run_in_node(code, "club8")
    assert rc == 0, err
    lines = out.strip().splitlines()
    assert lines[0] == "[(5, True), (5, False), (5, True), (5, False)]"
    assert lines[1] == "[(7, True)] True"          # held 3 s: down all along
    assert lines[2] == "[(7, False)]"
