"""The terminal simulator: keys and clicks reach the app, the grid is drawn in colour."""
import os
import subprocess
import sys

import pytest

from app import screen
from tools.link import boardfile
from tools.sim.terminal import Sim, CELL_W, CELL_H, HOLD_MS
from tools.link.firmware_path import ROOT



def make(tmp_path, board="club9", real_time=True):
    return Sim(boardfile.load(board), str(tmp_path), real_time, lang_code="en")


def teardown_function(function):
    screen.SAID = None     # no simulator listens any more: other tests see the board's app


def settle(s, n=3):
    for _ in range(n):
        s.step()


def test_space_touches_the_square_under_the_cursor_and_o_is_ok(tmp_path):
    s = make(tmp_path)
    settle(s)
    assert type(s.app.mode).__name__ == "Menu"
    assert s.cursor == [0, 8]           # starts on a9: the first game's square
    s.feed(b" ")
    settle(s)
    assert s.app.mode.pointed == "semaforo"
    s.feed(b"o")
    settle(s)
    assert type(s.app.mode).__name__ == "Setup"
    s.feed(b"m")
    settle(s)
    assert type(s.app.mode).__name__ == "Menu"


def test_arrow_keys_move_the_cursor_within_the_board(tmp_path):
    s = make(tmp_path)
    s.feed(b"\x1b[C\x1b[C\x1b[B")
    assert s.cursor == [2, 7]
    s.feed(b"\x1b[D" * 5 + b"\x1b[A" * 5)
    assert s.cursor == [0, 8]


def test_an_escape_split_across_reads_is_kept(tmp_path):
    s = make(tmp_path)
    s.feed(b"\x1b[")
    s.feed(b"C")
    assert s.cursor == [1, 8]


def test_mouse_click_on_a_square_and_on_a_key(tmp_path):
    s = make(tmp_path)
    settle(s)
    # square b9: terminal column 4 + 1*CELL_W + 1, row 2 (1-based)
    s.feed(b"\x1b[<0;%d;%dM" % (4 + CELL_W + 1, 2))
    settle(s)
    assert s.app.mode.pointed == "gatos_caes"
    s.feed(b"\x1b[<0;%d;%dM" % (4 + 8 + 1, 2 + 9 * CELL_H + 1))   # [Ok]
    settle(s)
    assert type(s.app.mode).__name__ == "Setup"


def test_render_draws_every_square_in_24_bit_colour_with_help(tmp_path):
    s = make(tmp_path)
    settle(s)
    text = s.render()
    assert text.count("\x1b[48;2;") == 81 * CELL_H
    assert "tap Menu" in text and "M O U H hold" in text and "p piece" in text and "q quit" in text
    assert "mode: Menu" in text


def test_q_quits(tmp_path):
    s = make(tmp_path)
    s.feed(b"q")
    assert s.quit


def test_without_a_terminal_it_says_so():
    p = subprocess.run([sys.executable, "-m", "tools.sim"], stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode != 0 and "terminal" in p.stderr


def test_a_board_is_named_or_given_by_its_file(tmp_path):
    assert boardfile.find("club8")[:2] == (os.path.join(ROOT, "boards", "club8.py"), "boards/club8.py")
    assert boardfile.load("club9_cp")["cols"] == 9
    assert boardfile.load(os.path.join(ROOT, "boards", "club8.py"))["cols"] == 8
    with pytest.raises(boardfile.BoardError, match="did you mean 'club9'"):
        boardfile.load("club99")
    with pytest.raises(boardfile.BoardError, match="no board file"):
        boardfile.load(str(tmp_path / "myboard.py"))


def to_self_test(s):
    """Touch the bottom-right square twice, with the cursor: the self-test."""
    s.feed(b"\x1b[C" * (s.cols - 1) + b"\x1b[B" * (s.rows - 1))
    for _ in range(2):
        s.feed(b" ")
        s.advance(300)
    assert type(s.app.mode).__name__ == "SelfTest"


def test_a_capital_letter_holds_its_key_and_a_held_menu_leaves_the_self_test(tmp_path):
    s = make(tmp_path, real_time=False)
    s.advance(10)
    to_self_test(s)
    s.feed(b"m")                        # a tap of Menu does not leave
    s.advance(HOLD_MS + 500)
    assert type(s.app.mode).__name__ == "SelfTest"
    s.feed(b"M")
    s.advance(1500)
    assert type(s.app.mode).__name__ == "SelfTest" and s.switch(s.cols * s.rows)   # still held
    s.advance(HOLD_MS)
    assert type(s.app.mode).__name__ == "Menu" and not s.switch(s.cols * s.rows)


def test_p_puts_a_piece_down_and_takes_it_up_on_a_reed_board(tmp_path):
    s = make(tmp_path, real_time=False)
    s.start_game("avanco")
    play = s.app.mode
    assert play.pieces.syncing              # --game on a reed board: the pieces are still off
    s.feed(b"\x1b[B" * 7 + b"\x1b[C")      # b2
    s.feed(b"p")
    s.advance(100)
    assert play.pieces.actual[9 + 1] == 1
    s.feed(b"p")
    s.advance(100)
    assert play.pieces.actual[9 + 1] == 0
    s.feed(b"\x1b[<2;%d;%dM" % (4 + CELL_W + 1, 2 + 7 * CELL_H))   # a right click on b2
    s.advance(100)
    assert play.pieces.actual[9 + 1] == 1


def test_a_touch_on_a_reed_board_counts_at_the_first_scan(tmp_path):
    s = make(tmp_path, real_time=False)
    s.advance(10)
    s.feed(b" ")                        # a9: the first game's square
    s.step()
    assert s.app.mode.pointed == "semaforo"     # answered at once (hal/debounce.py)
    sq = s.board["cols"] * (s.board["rows"] - 1)
    assert s.hal.matrix.is_down(sq)
    s.advance(300)                      # the tap ends, after the switch's lockout
    assert not s.hal.matrix.is_down(sq)


def test_the_status_line_says_the_scrolled_text_in_words(tmp_path):
    s = make(tmp_path, board="club8", real_time=False)
    s.advance(10)
    assert "says: CHOOSE A GAME" in s.render()
    s.start_game("semaforo")
    s.feed(b"o")                        # OK in play: whose turn it is
    s.advance(200)
    assert "says: BLUE TO PLAY" in s.render()
    s.advance(5000)                     # scrolled out: nothing said
    assert "says: \x1b[K" in s.render()
