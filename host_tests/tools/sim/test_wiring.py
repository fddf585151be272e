"""tools/sim/wiring draws the wiring from the board file: the picture follows the file."""
import os
import re
import xml.dom.minidom

import pytest

from helpers.mptools import ROOT
from tools.link import boardfile
from tools.sim import wiring

import boardcheck
from boards.club9 import BOARD as CLUB9
from boards.club8 import BOARD as CLUB8
from boards.club9_cp import BOARD as CLUB9_CP


def svg_of(board, name="b.py"):
    return wiring.render(boardcheck.check(board, name), name)


def texts(svg):
    return re.findall(r">([^<>]*)</text>", svg)


@pytest.mark.parametrize("board", [CLUB9, CLUB8, CLUB9_CP])
def test_svg_is_well_formed_and_every_used_pin_appears_with_its_role(board):
    svg = svg_of(board)
    xml.dom.minidom.parseString(svg)                 # parses as XML
    t = texts(svg)
    b = boardcheck.check(board, "b.py")
    for r, p in enumerate(b["row_pins"]):
        assert any(s.startswith("GP%d: row %d " % (wiring.gpio(p), r)) for s in t), p
    for c, p in enumerate(b["col_pins"]):
        assert any(s.startswith("GP%d: col %d " % (wiring.gpio(p), c)) for s in t), p
    assert "GP%d: LED data" % wiring.gpio(b["led_pin"]) in t
    assert "GP%d: buzzer" % wiring.gpio(b["buzzer_pin"]) in t
    # every square and every key has its switch in the matrix
    for y in range(b["rows"]):
        for x in range(b["cols"]):
            assert "%s%d" % ("abcdefghijklmnop"[x], y + 1) in t
    for label in ("MENU", "OK", "UNDO", "HINT"):
        assert label in t
    assert svg.count("<polygon") == b["cols"] * b["rows"] + 4      # one diode per switch


def test_a_changed_pin_changes_the_picture():
    before = svg_of(CLUB9)
    after = svg_of(dict(CLUB9, led_pin=27))
    assert before != after
    assert "GP27: LED data" in texts(after) and "GP22: LED data" not in texts(after)
    assert "GP22 (LED data)" in before and "GP27 (LED data)" in after
    moved = svg_of(dict(CLUB9, buzzer_pin=20))
    assert "GP20: buzzer" in texts(moved) and "GP19: buzzer" not in texts(moved)


def test_chain_order_is_drawn_from_its_first_square():
    a1 = svg_of(CLUB9)
    i9 = svg_of(dict(CLUB9, led_first="i9"))
    assert "DIN of LED 1 (square a1)" in a1 and "last LED: square i9" in a1
    assert "DIN of LED 1 (square i9)" in i9 and "last LED: square a1" in i9
    assert re.search(r'<polyline points="([^"]*)"', a1).group(1) != \
        re.search(r'<polyline points="([^"]*)"', i9).group(1)


def test_supply_follows_the_current_cap():
    assert "at least 2.0 A" in svg_of(CLUB9)                 # 1800 + 100 mA
    assert "at least 3.5 A" in svg_of(dict(CLUB9, max_current_ma=3000))


def test_no_buzzer():
    assert "no buzzer on this board" in svg_of(dict(CLUB9, buzzer_pin=None))


def test_command_line_writes_the_file_and_refuses_a_bad_board(tmp_path, capsys):
    out = tmp_path / "w.svg"
    assert wiring.main([os.path.join(ROOT, "boards", "club8.py"), "-o", str(out)]) == 0
    assert "GP28: LED data" in out.read_text()
    bad = tmp_path / "bad.py"
    bad.write_text("BOARD = %r\n" % dict(CLUB9, led_pin=31))
    assert wiring.main([str(bad)]) == 1
    assert "bad.py: field 'led_pin': 31 is not a GPIO" in capsys.readouterr().out


@pytest.mark.parametrize("name", ["club9", "club8"])
def test_docs_svgs_are_up_to_date(name):
    # docs/reports/img/wiring-*.svg are generated: regenerate them when a board file changes.
    path = os.path.join(ROOT, "docs", "reports", "img", "wiring-%s.svg" % name)
    board = boardfile.load(name)
    with open(path) as f:
        assert f.read() == wiring.render(board, "boards/%s.py" % name), \
            "run: python -m tools.sim.wiring boards/%s.py -o docs/reports/img/wiring-%s.svg" % (name, name)
