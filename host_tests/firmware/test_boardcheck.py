"""boardcheck: every board file mistake gives a message naming the file and the field."""
import os
import sys

import pytest

import boardcheck
from boardcheck import BoardError, check, load

from boards.club9 import BOARD as CLUB9
from boards.club8 import BOARD as CLUB8
from boards.club9_cp import BOARD as CLUB9_CP
from tools.link.firmware_path import ROOT


def changed(base=CLUB9, **kw):
    b = dict(base)
    for k, v in kw.items():
        if v is DROP:
            del b[k]
        else:
            b[k] = v
    return b


DROP = object()


def error(board, source="board.py"):
    with pytest.raises(BoardError) as e:
        check(board, source)
    return str(e.value)


@pytest.mark.parametrize("name,board", [("club9", CLUB9), ("club8", CLUB8), ("club9_cp", CLUB9_CP)])
def test_shipped_boards_pass(name, board):
    out = check(board, "boards/%s.py" % name)
    for k in boardcheck.FIELDS:
        assert k in out
    assert out["cols"] == board["cols"]


def test_defaults_are_filled_and_the_input_is_not_changed():
    b = {k: CLUB9[k] for k in boardcheck.REQUIRED}
    out = check(b, "boards/mine.py")
    assert out["name"] == "mine"
    assert out["brightness"] == 40 and out["led_order"] == "serpentine" and out["led_first"] == "a1"
    assert out["rotation"] == 0 and out["buzzer_pin"] is None and out["platform"] == "micropython"
    assert out["debounce_ms"] == 20 and out["max_current_ma"] == 500
    assert out["cpu_mhz"] == 125          # the Pico's default clock when the file says nothing
    assert set(b) == set(boardcheck.REQUIRED)


@pytest.mark.parametrize("board,expect", [
    (changed(led_pin=31), "board.py: field 'led_pin': 31 is not a GPIO of the Pico (0-22, 26-28)"),
    (changed(led_pin=23), "board.py: field 'led_pin': 23 is not a GPIO of the Pico"),
    (changed(led_pin="GP22"), "board.py: field 'led_pin': 'GP22' should be a GPIO number like 0"),
    (changed(buzzer_pin=True), "board.py: field 'buzzer_pin': True should be a GPIO number"),
    (changed(brigthness=50),  # codespell:ignore
     "board.py: unknown field 'brigthness' (did you mean 'brightness'?)"),  # codespell:ignore
    (changed(colour="red"), "board.py: unknown field 'colour'"),
    (changed(cols=DROP), "board.py: missing field 'cols'"),
    (changed(keys=DROP), "board.py: missing field 'keys'"),
    (changed(led_pin=DROP), "board.py: missing field 'led_pin'"),
    (changed(cols="9"), "board.py: field 'cols': '9' should be a whole number"),
    (changed(cols=2), "board.py: field 'cols': 2 should be between 3 and 16"),
    (changed(rows=17), "board.py: field 'rows': 17 should be between 3 and 16"),
    (changed(rows=9.0), "board.py: field 'rows': 9.0 should be a whole number"),
    (changed(sensing="magnet"), "board.py: field 'sensing': 'magnet' should be one of 'reed', 'button'"),
    (changed(sensing="buton"), "(did you mean 'button'?)"),  # codespell:ignore
    (changed(row_pins=5), "board.py: field 'row_pins': 5 should be a tuple of pins"),
    (changed(row_pins=(0, 1, 2, 3, 4, 5, 6, 7)), "board.py: field 'row_pins': 8 pins for 9 rows"),
    (changed(col_pins=(10, 11, 12)), "board.py: field 'col_pins': 3 pins for 9 columns"),
    (changed(col_pins=(10, 11, 12, 13, 14, 15, 16, 17, 9)),
     "board.py: field 'col_pins': 9 is already used by 'row_pins'"),
    (changed(row_pins=(0, 1, 2, 3, 4, 5, 6, 7, 8, 8)), "board.py: field 'row_pins': 8 is listed twice"),
    (changed(led_pin=18), "board.py: field 'led_pin': 18 is already used by 'col_pins'"),
    (changed(buzzer_pin=22), "board.py: field 'buzzer_pin': 22 is already used by 'led_pin'"),
    (changed(keys=[(9, 0)]), "board.py: field 'keys': [(9, 0)] should be a dict"),
    (changed(keys={"menu": (9, 0), "ok": (9, 1), "undo": (9, 2)}),
     "board.py: field 'keys': missing key 'hint'"),
    (changed(keys={"menu": (9, 0), "ok": (9, 1), "undo": (9, 2), "hnit": (9, 3)}),
     "board.py: field 'keys': unknown key 'hnit' (did you mean 'hint'?)"),
    (changed(keys={"menu": (10, 0), "ok": (9, 1), "undo": (9, 2), "hint": (9, 3)}),
     "board.py: field 'keys': 'menu' at (10, 0) is outside the matrix (10 rows x 9 columns"),
    (changed(keys={"menu": (9, 0), "ok": (9, 9), "undo": (9, 2), "hint": (9, 3)}),
     "board.py: field 'keys': 'ok' at (9, 9) is outside the matrix"),
    (changed(keys={"menu": (9, 0), "ok": (3, 4), "undo": (9, 2), "hint": (9, 3)}),
     "board.py: field 'keys': 'ok' at (3, 4) collides with square e4"),
    (changed(keys={"menu": (9, 0), "ok": (9, 0), "undo": (9, 2), "hint": (9, 3)}),
     "board.py: field 'keys': 'menu' and 'ok' are both at (9, 0)"),
    (changed(keys={"menu": 9, "ok": (9, 1), "undo": (9, 2), "hint": (9, 3)}),
     "board.py: field 'keys': 'menu': 9 should be (matrix row, matrix column)"),
    (changed(led_order="zigzag"),
     "board.py: field 'led_order': 'zigzag' should be one of 'serpentine', 'rows'"),
    (changed(led_first="e5"), "board.py: field 'led_first': 'e5' should be a corner square: a1, i1, a9, i9"),
    (changed(led_first=1), "board.py: field 'led_first': 1 should be a corner square"),
    (changed(rotation=45), "board.py: field 'rotation': 45 should be 0, 90, 180 or 270"),
    (changed(CLUB8, rows=6, row_pins=(2, 3, 4, 5, 6, 7, 8), keys={"menu": (6, 0), "ok": (6, 1),
                                                                  "undo": (6, 2), "hint": (6, 3)},
             rotation=90), "board.py: field 'rotation': 90 only turns a square grid (this one is 8 x 6)"),
    (changed(brightness=0), "board.py: field 'brightness': 0 should be between 1 and 100"),
    (changed(brightness=101), "board.py: field 'brightness': 101 should be between 1 and 100"),
    (changed(brightness="40%"), "board.py: field 'brightness': '40%' should be a whole number"),
    (changed(max_current_ma=0), "board.py: field 'max_current_ma': 0 should be a positive number of mA"),
    (changed(max_current_ma=-5), "board.py: field 'max_current_ma': -5 should be a positive"),
    (changed(debounce_ms=500), "board.py: field 'debounce_ms': 500 should be between 0 and 200"),
    (changed(platform="arduino"), "board.py: field 'platform': 'arduino' should be one of 'micropython'"),
    (changed(name=""), "board.py: field 'name': '' should be a short text"),
    (changed(cpu_mhz=250), "board.py: field 'cpu_mhz': 250 should be between 125 and 200"),
    (changed(cpu_mhz=100), "board.py: field 'cpu_mhz': 100 should be between 125 and 200"),
    (changed(cpu_mhz=200.0), "board.py: field 'cpu_mhz': 200.0 should be a whole number"),
    (changed(cpu_mhz="200MHz"), "board.py: field 'cpu_mhz': '200MHz' should be a whole number"),
    (changed(cpu_mhz=199), "board.py: field 'cpu_mhz': 199 MHz cannot be made by the Pico's clock from "
     "its 12 MHz crystal (try 198 or 200)"),
    (changed(cpu_mhz=137), "(try 136 or 138)"),
    (changed(cpu_hmz=200), "board.py: unknown field 'cpu_hmz' (did you mean 'cpu_mhz'?)"),
    (changed(CLUB9_CP, cpu_mhz=200), "board.py: field 'cpu_mhz': 200: the firmware sets the clock (and "
     "the core voltage a faster one needs) on MicroPython only; on CircuitPython leave cpu_mhz out (125)"),
    ([1, 2], "board.py: BOARD should be a dict, not list"),
])
def test_each_mistake_names_file_and_field(board, expect):
    assert expect in error(board)


def test_the_clubs_run_at_the_certified_top_clock():
    assert check(CLUB9)["cpu_mhz"] == 200 and check(CLUB8)["cpu_mhz"] == 200
    assert check(CLUB9_CP)["cpu_mhz"] == 125


def test_every_clock_the_pll_makes_is_accepted():
    # 12 MHz crystal: VCO = 12 MHz x a whole number in 750..1600, divided by 1..49
    made = set()
    for fb in range(63, 134):
        for pd1 in range(1, 8):
            for pd2 in range(1, pd1 + 1):
                if (12 * fb) % (pd1 * pd2) == 0:
                    made.add(12 * fb // (pd1 * pd2))
    for mhz in range(125, 201):
        assert boardcheck.pll_makes(mhz) == (mhz in made), mhz
        if mhz in made:
            assert check(changed(cpu_mhz=mhz))["cpu_mhz"] == mhz


def test_the_file_name_is_the_one_given():
    assert error(changed(led_pin=31), "boards/club9.py").startswith("boards/club9.py: field 'led_pin'")


def test_circuitpython_pins_are_names():
    cp = CLUB9_CP
    assert "field 'led_pin': 'GP23' is not a GPIO of the Pico (GP0-GP22, GP26-GP28)" in error(
        changed(cp, led_pin="GP23"))
    assert "field 'led_pin': 22 should be a pin name like 'GP0'" in error(changed(cp, led_pin=22))
    assert "field 'led_pin': 'D5' is not a GPIO" in error(changed(cp, led_pin="D5"))
    assert "field 'buzzer_pin': 'GP18' is already used by 'col_pins'" in error(changed(cp, buzzer_pin="GP18"))
    assert "field 'led_pin': 'GP3' should be a GPIO number like 0 (names like 'GP0' are for platform " \
           "'circuitpython')" in error(changed(CLUB9, led_pin="GP3"))


def test_suggest_only_close_words():
    assert boardcheck.suggest("brigthness", boardcheck.FIELDS) == "brightness"  # codespell:ignore
    assert boardcheck.suggest("led-pin", boardcheck.FIELDS) == "led_pin"
    assert boardcheck.suggest("ROWS", boardcheck.FIELDS) == "rows"
    assert boardcheck.suggest("xyz", boardcheck.FIELDS) is None


def write(tmp_path, name, text):
    (tmp_path / (name + ".py")).write_text(text)
    sys.path.insert(0, str(tmp_path))
    sys.modules.pop(name, None)


def test_load_a_good_board(tmp_path):
    src = open(os.path.join(ROOT, "boards", "club8.py")).read()
    write(tmp_path, "bc_good", src)
    try:
        assert load("bc_good")["cols"] == 8
    finally:
        sys.path.remove(str(tmp_path))


@pytest.mark.parametrize("name,text,expect", [
    ("bc_syntax", "BOARD = {\n  'cols': 9,\n  'rows' 9,\n}\n", "bc_syntax.py: syntax error on line"),
    ("bc_noboard", "BORAD = {}\n", "bc_noboard.py: no BOARD = {...} in the file"),  # codespell:ignore
    ("bc_name", "BOARD = {'cols': nine}\n", "bc_name.py: error while loading: NameError"),
    ("bc_field", "BOARD = {'cols': 9}\n", "bc_field.py: missing field 'rows'"),
])
def test_load_names_the_file(tmp_path, name, text, expect):
    write(tmp_path, name, text)
    try:
        with pytest.raises(BoardError) as e:
            load(name)
        assert expect in str(e.value)
    finally:
        sys.path.remove(str(tmp_path))


def test_load_a_missing_file():
    with pytest.raises(BoardError) as e:
        load("no_such_board_file")
    assert str(e.value).startswith("no_such_board_file.py: cannot be imported")


def test_load_a_dotted_name():
    assert load("boards.club9")["name"] == "club9"


MP_SCRIPT = r"""
import sys
sys.path.insert(0, "firmware")
sys.path.insert(0, ".")
import boardcheck
for m in ("boards.club9", "boards.club8", "boards.club9_cp"):
    print(m, boardcheck.load(m)["name"])
from boards.club9 import BOARD
for k, v in (("led_pin", 31), ("brigthness", 5), ("led_first", "e5"), ("buzzer_pin", 22)):  # codespell:ignore
    b = dict(BOARD)
    b[k] = v
    try:
        boardcheck.check(b, "board.py")
    except boardcheck.BoardError as e:
        print(e)
"""


def test_same_messages_on_micropython():
    from helpers.mptools import run_micropython
    r = run_micropython(["-c", MP_SCRIPT], timeout=60)
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    assert "boards.club9_cp club9" in out and "boards.club8 club8" in out
    for k, v in (("led_pin", 31), ("brigthness", 5),  # codespell:ignore
                 ("led_first", "e5"), ("buzzer_pin", 22)):
        b = dict(CLUB9)
        b[k] = v
        assert error(b) in out


def test_a_board_file_is_loaded_with_a_message_naming_it(tmp_path):
    p = tmp_path / "mine.py"
    p.write_text("BOARD = {'cols': 9,\n")
    with pytest.raises(boardcheck.BoardError, match=r"mine.py: syntax error on line \d"):
        boardcheck.load_file(str(p))
    p.write_text("PINS = 3\n")
    with pytest.raises(boardcheck.BoardError, match=r"mine.py: no BOARD"):
        boardcheck.load_file(str(p))
    with pytest.raises(boardcheck.BoardError, match=r"gone.py: cannot be read"):
        boardcheck.load_file(str(tmp_path / "gone.py"))
    here = ROOT
    assert boardcheck.load_file(os.path.join(here, "boards", "club9.py")) == check(CLUB9, "club9.py")
