"""The terminal simulator: keys and clicks reach the app, the grid is drawn in colour."""
import os
import subprocess
import sys

from tools.sim import Sim, load_board, CELL_W, CELL_H

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def make(tmp_path):
    return Sim(load_board(os.path.join(ROOT, "boards", "club9.py")), str(tmp_path))


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
    assert "m Menu" in text and "q quit" in text
    assert "mode: Menu" in text


def test_q_quits(tmp_path):
    s = make(tmp_path)
    s.feed(b"q")
    assert s.quit


def test_without_a_terminal_it_says_so():
    p = subprocess.run([sys.executable, "-m", "tools.sim"], stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode != 0 and "terminal" in p.stderr
