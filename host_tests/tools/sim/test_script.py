"""Simulator scripts (python -m tools.sim --script): board events run headless
on the simulated clock, a game started at once with --game, the --dump."""
import json
import os
import subprocess
import sys

import pytest

from app import screen
from games.common import FILES, WHITE, BLACK
from tools.link import boardfile
from tools.sim import terminal as sim
from tools.sim.board import PIECES_FILE
from tools.sim import script as simscript
from tools.link.firmware_path import ROOT



def teardown_function(function):
    screen.SAID = None     # no simulator listens any more: other tests see the board's app


def run(capsys, tmp_path, script, *args):
    """main() in this process: (exit code, stdout, stderr)."""
    path = tmp_path / "script.txt"
    path.write_text(script)
    try:
        if "--lang" not in args:
            args = ("--lang", "en") + args     # this file reads the board's English
        code = sim.main(list(args) + ["--script", str(path)])
    except SystemExit as e:
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def dumped(capsys, tmp_path, script, *args):
    code, out, err = run(capsys, tmp_path, script, "--dump", *args)
    assert code == 0, err
    return json.loads(out.splitlines()[-1])


def setup_avanco():
    """Avanco's 7x7 sits on b2-h8 of club9: White on ranks 2-3, Black on 7-8."""
    return "".join("place %s%d\n" % (f, r) for r in (2, 3, 7, 8) for f in "bcdefgh")


def board_square(cell):
    """A square of Avanco's notation (game coordinates) on club9's grid: one file and one rank in."""
    return FILES[FILES.index(cell[0]) + 1] + str(int(cell[1:]) + 1)


def test_a_game_on_the_reed_board_set_up_and_played_with_pieces_end_to_end(tmp_path):
    script = tmp_path / "avanco.txt"
    script.write_text("# the pieces first, then two moves\n" + setup_avanco() + """
wait 100
lift e3     # White's pawn from e3 ...
place e4    # ... to e4, where it rests
wait 400
lift d7
place d6
wait 400
""")
    p = subprocess.run([sys.executable, "-m", "tools.sim", "--board", "club9", "--game", "avanco",
                        "--players", "human,human", "--level", "3", "--script", str(script), "--dump"],
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout.splitlines()[-1])
    assert d["game"] == "avanco" and d["mode"] == "play"
    assert d["moves"] == ["d2-d3", "c6-c5"]          # the game's own notation
    assert d["turn"] == 0 and d["result"] is None
    frame = d["frame"]
    assert len(frame) == 81 and all(len(rgb) == 3 for rgb in frame)
    white, black = list(screen.LOOK_RGB[WHITE]), list(screen.LOOK_RGB[BLACK])
    assert frame[3 * 9 + 4] == white and frame[7 * 9 + 1] == black    # e4, b8: index y * cols + x
    assert frame[2 * 9 + 4] not in (white, black)                      # e3, left


def test_pieces_put_down_before_the_set_up_is_complete_move_nothing(capsys, tmp_path):
    half = "".join("place %s%d\n" % (f, r) for r in (2, 3) for f in "bcdefgh")
    d = dumped(capsys, tmp_path, half + "lift e3\nplace e4\nwait 500\n", "--game", "avanco")
    assert d["moves"] == [] and d["turn"] == 0        # play waits until every piece stands


def test_against_the_board_the_player_carries_out_its_move_with_pieces(capsys, tmp_path):
    args = ("--game", "avanco", "--players", "human,board", "--level", "1")
    first = setup_avanco() + "wait 100\nlift e3\nplace e4\nwait 1000\n"
    d = dumped(capsys, tmp_path, first, *args)
    assert d["moves"][0] == "d2-d3" and len(d["moves"]) == 2 and d["turn"] == 0
    src, dst = d["moves"][1].replace("x", "-").split("-")
    # Until its move is carried out the board waits: a move of White now counts for nothing.
    d = dumped(capsys, tmp_path, first + "lift e4\nplace e5\nwait 500\n", *args)
    assert len(d["moves"]) == 2
    done = first + "lift %s\nplace %s\nwait 100\n" % (board_square(src), board_square(dst))
    d = dumped(capsys, tmp_path, done + "lift e4\nplace e5\nwait 1000\n", *args)
    assert d["moves"][2] == "d3-d4" and len(d["moves"]) == 4     # and the board answered


def test_a_game_on_a_button_board_by_taps_to_its_result(capsys, tmp_path):
    # Semaforo's 4x3 sits on c3-f5 of club8: three greens on its first rank win.
    taps = "tap c3\ntap d3\ntap e3\nwait 24000   # the result and its keys scrolled out\n"
    d = dumped(capsys, tmp_path, taps,
               "--board", "club8", "--game", "semaforo", "--players", "human,human")
    assert d["game"] == "semaforo" and d["mode"] == "result"
    assert d["moves"] == ["a1", "b1", "c1"] and d["result"] == 0 and d["turn"] is None
    assert d["says"] == ["BLUE WINS - OK: SAY IT AGAIN - UNDO: TAKE BACK A MOVE - MENU: LEAVE"]
    lit = [i for i in range(64) if d["frame"][i] != [0, 0, 0]]
    assert len(d["frame"]) == 64 and {2 * 8 + 2, 2 * 8 + 3, 2 * 8 + 4} <= set(lit)   # c3 d3 e3


def test_from_boot_a_script_drives_the_menu_and_the_dump_says_so(capsys, tmp_path):
    d = dumped(capsys, tmp_path, "", "--board", "club8")
    assert d == {"game": None, "mode": "menu", "moves": [], "turn": None, "result": None,
                 "says": ["CHOOSE A GAME"], "frame": d["frame"]}
    assert len(d["frame"]) == 64
    # a8 is the first game's square: point at it, open its set-up, start it with OK.
    d = dumped(capsys, tmp_path, "tap a8\ntap a8\nwait 100\ntap ok\n", "--board", "club8")
    assert d["mode"] == "play" and d["game"] == "semaforo" and d["turn"] == 0
    assert d["says"][:2] == ["CHOOSE A GAME", "Semáforo - OK TO PLAY"]    # pointed at
    assert d["says"][2].startswith("Semáforo - TOP ROW: WHO PLAYS - ")    # its set-up says its rows


def test_a_held_menu_leaves_the_self_test_and_a_short_one_does_not(capsys, tmp_path):
    to_test = "tap h1\ntap h1\nwait 3000\n"          # club8's self-test square, then its light show
    d = dumped(capsys, tmp_path, to_test + "hold menu 1500\n", "--board", "club8")
    assert d["mode"] == "selftest" and "SELF TEST - OK: START" in d["says"]
    d = dumped(capsys, tmp_path, to_test + "hold menu 2100\n", "--board", "club8")
    assert d["mode"] == "menu"
    d = dumped(capsys, tmp_path, to_test + "press menu\nwait 2100\n", "--board", "club9")
    assert d["mode"] == "menu"                       # a reed board too, its key held down


def test_without_dump_it_prints_a_summary(capsys, tmp_path):
    code, out, err = run(capsys, tmp_path, "tap c3\ntap d3\ntap e3\n", "--board", "club8",
                         "--game", "semaforo")
    assert code == 0 and "mode: result" in out and "moves: a1 b1 c1" in out and "BLUE WINS" in out


def test_the_script_runs_on_the_simulated_clock_with_steps(tmp_path):
    s = sim.Sim(boardfile.load("club8"), str(tmp_path), real_time=False, lang_code="en")
    simscript.run(s, simscript.parse("tap a1\nstep 50\ntap a1\nwait 1000\n", 8, 8))
    # one pass; a tap (100 ms down, 3 scans up) and its step (20); again with a step of 50; a wait
    assert s.hal.clock.ticks_ms() == 10 + (100 + 30 + 20) + (100 + 30 + 50) + 1000


@pytest.mark.parametrize("line, words", [
    ("jump a1", "unknown event 'jump'"),
    ("place z1", "'z1' is not a square of this board (a1 to h8)"),
    ("place ok", "not a square"),
    ("tap a9", "'a9' is not a square (a1 to h8) or a key (menu, ok, undo, hint)"),
    ("hold menu", "hold takes 2 words after it, got 1"),
    ("wait", "wait takes 1 word after it, got 0"),
    ("wait -5", "'-5' is not a time in ms"),
    ("step 1.5", "'1.5' is not a time in ms"),
    ("tap a1 a2", "tap takes 1 word after it, got 2"),
])
def test_a_bad_line_is_named_with_its_number_and_nothing_runs(line, words):
    text = "# a comment\n\ntap a1   # a touch\n%s\ntap b1\n" % line
    with pytest.raises(simscript.ScriptError) as e:
        simscript.parse(text, 8, 8, "my.txt")
    assert str(e.value).startswith("my.txt line 4: ") and words in str(e.value)


def test_a_bad_script_stops_the_simulator_before_it_starts(capsys, tmp_path):
    code, out, err = run(capsys, tmp_path, "tap a1\nwait 100\nplace k3\n", "--board", "club9",
                         "--game", "avanco", "--dump")
    assert code == 2 and out == "" and "line 3: 'k3' is not a square" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("args, words", [
    (["--game", "chess"], "--game: no game 'chess'"),
    (["--game", "avanco", "--players", "human"], "--players: two of human, board"),
    (["--game", "avanco", "--players", "human,robot"], "--players"),
    (["--game", "avanco", "--level", "6"], "--level: 1 to 5, not 6"),
    (["--game", "avanco", "--level", "x"], "--level"),
    (["--game", "hex", "--options", "{size: 9}"], "--options: not JSON"),
    (["--game", "hex", "--options", "[9]"], "--options: a JSON object"),
    (["--game", "hex", "--options", '{"size": 12}'], "size must be one of 5, 6, 7, 8, 9"),
    (["--game", "hex", "--options", '{"width": 7}'], "hex's option is 'size', not 'width'"),
    (["--game", "avanco", "--options", '{"size": 7}'], "--options: avanco has no options"),
    (["--board", "club8", "--game", "hex", "--options", '{"size": 9}'], "one of 5, 6, 7, 8 on"),
    (["--board", "club99"], "--board: there is no board 'club99' (did you mean 'club9'?)"),
    (["--level", "3"], "--level needs --game"),
    (["--board", "club8", "--game", "produto"], "produto does not fit on a 8x8 board"),
])
def test_bad_arguments_say_so_in_one_line_and_exit_2(capsys, tmp_path, args, words):
    code, out, err = run(capsys, tmp_path, "tap ok\n", *args)
    assert code == 2 and out == "" and words in err
    assert len(err.strip().splitlines()) == 1


def test_bad_arguments_from_the_command_line_and_dump_without_a_script():
    p = subprocess.run([sys.executable, "-m", "tools.sim", "--game", "avanco", "--level", "0"],
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 2 and p.stderr.strip() == "python -m tools.sim: error: --level: 1 to 5, not 0"
    p = subprocess.run([sys.executable, "-m", "tools.sim", "--dump"],
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 2 and "--dump needs --script" in p.stderr


def test_the_hook_keeps_nothing_on_the_board():
    screen.SAID = None
    s = screen.Scroll("HELLO", 9)
    assert not hasattr(s, "text")
    heard = []
    screen.SAID = heard
    screen.Scroll("HELLO", 9)
    assert heard == ["HELLO"]


# --- issue 20: a stranger at a reed board -----------------------------------

SELF_TEST_CLUB9 = "tap i1\ntap i1\nwait 6000\n"      # club9's self-test square, its light show


def test_a_switch_already_closed_when_the_self_test_starts_shows_closed(capsys, tmp_path):
    d = dumped(capsys, tmp_path, "place e5\nwait 100\n" + SELF_TEST_CLUB9)
    e5, d5 = 4 * 9 + 4, 4 * 9 + 3
    assert d["mode"] == "selftest"
    assert d["frame"][e5] == [0, 255, 0], "the piece left on e5 shows its switch closed"
    assert d["frame"][d5] == [10, 10, 10], "an open switch not yet tried stays dim"


def test_a_tapped_menu_in_the_self_test_says_to_hold_it(capsys, tmp_path):
    d = dumped(capsys, tmp_path, SELF_TEST_CLUB9 + "tap menu\nwait 200\n")
    assert d["mode"] == "selftest" and d["says"][-1] == "HOLD MENU TO LEAVE"
    d = dumped(capsys, tmp_path, SELF_TEST_CLUB9 + "hold menu 2100\n")
    assert d["mode"] == "menu" and "HOLD MENU TO LEAVE" not in d["says"]


def test_the_poliedricos_race_starts_at_once(capsys, tmp_path):
    d = dumped(capsys, tmp_path, "wait 100\n", "--game", "poliedricos")
    assert d["mode"] == "race" and d["game"] == "poliedricos"
    assert d["says"] == ["Jogos Poliédricos - OK TO START"]
    code, out, err = run(capsys, tmp_path, "wait 100\n", "--game", "poliedricos", "--players",
                         "human,board")
    assert code == 2 and "poliedricos has no players, level or options" in err


def test_the_pieces_stay_where_they_stood_when_the_simulator_restarts(capsys, tmp_path):
    state = str(tmp_path / "state")
    d = dumped(capsys, tmp_path, setup_avanco() + "wait 100\nlift e3\nplace e4\nwait 400\n",
               "--game", "avanco", "--state", state)
    assert d["moves"] == ["d2-d3"]
    kept = (tmp_path / "state" / PIECES_FILE).read_text().splitlines()[1:]
    assert "e4" in kept and "e3" not in kept and len(kept) == 28
    # Started again on the same state: the game is offered, the pieces stand
    # where they were, so the next move needs no piece put down again.
    d = dumped(capsys, tmp_path, "wait 100\ntap ok\nwait 500\nlift d7\nplace d6\nwait 400\n",
               "--state", state)
    assert d["mode"] == "play" and d["moves"] == ["d2-d3", "c6-c5"]


@pytest.mark.parametrize("content", [b"\xff\xfe not text",
                                     b"# pieces on club9 (9x9), one square a line\nz9\n",
                                     b"# pieces on club8 (8x8), one square a line\na1\n"])
def test_a_bad_pieces_file_is_set_aside_with_a_word_and_nothing_breaks(capsys, tmp_path, content):
    state = tmp_path / "state"
    state.mkdir()
    (state / PIECES_FILE).write_bytes(content)
    code, out, err = run(capsys, tmp_path, "place a1\nwait 100\n", "--state", str(state), "--dump")
    assert code == 0
    assert PIECES_FILE in err and "set aside as %s.bad, no pieces on the board" % PIECES_FILE in err
    assert (state / (PIECES_FILE + ".bad")).read_bytes() == content     # nothing lost
    assert (state / PIECES_FILE).read_text().split("\n")[1:] == ["a1", ""]   # kept anew
    assert json.loads(out.splitlines()[-1])["mode"] == "menu"


def _visible_lines(text):
    import re
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text).split("\n")


@pytest.mark.parametrize("board", ["club9", "club8"])
def test_the_terminal_fits_80_by_24_with_the_help_once(tmp_path, board):
    s = sim.Sim(boardfile.load(board), str(tmp_path), real_time=False, lang_code="en")
    try:
        assert s.fit(80, 24) == sim.CELL_H
        s.advance(100)
        text = s.render(80)
    finally:
        s.close()
    assert not text.endswith("\n"), "a newline after the last line would scroll the screen"
    lines = _visible_lines(text)
    assert len(lines) <= 24 and all(len(line) < 80 for line in lines)
    assert lines[1].startswith(" %d " % s.rows), "the top rank is on the screen"
    assert sum(sim.HELP[0] in line for line in lines) == 1


def test_a_small_terminal_gets_one_line_squares_or_is_told_the_size_it_needs(tmp_path):
    s = sim.Sim(boardfile.load("club9"), str(tmp_path), real_time=False, lang_code="en")
    try:
        assert s.fit(80, 20) == 1 and len(_visible_lines(s.render(80))) <= 20
        assert s.fit(80, 10) is None and s.too_small == (76, 15) and s.best() == (80, 24)
    finally:
        s.close()


def test_the_terminal_marks_every_square_where_a_piece_stands(tmp_path):
    s = sim.Sim(boardfile.load("club9"), str(tmp_path), real_time=False, lang_code="en")
    try:
        s.start_game("avanco")
        s.put(1 * 9 + 1, True)           # b2, a reed board: the simulated piece
        s.advance(400)
        lines = _visible_lines(s.render(80))
    finally:
        s.close()
    rank2 = lines[1 + 2 * (9 - 2)]
    assert rank2[4:].index(sim.MARK) // sim.CELL_W == 1 and rank2.count(sim.MARK) == 1
    assert sum(line.count(sim.MARK) for line in lines) == 1, "no mark where no piece stands"


def test_a_button_board_marks_the_game_s_pieces(tmp_path):
    s = sim.Sim(boardfile.load("club8"), str(tmp_path), real_time=False, lang_code="en")
    try:
        s.start_game("avanco")           # 7 x 7 on 8 x 8: 28 pieces from the start
        s.advance(100)
        lines = _visible_lines(s.render(80))
    finally:
        s.close()
    assert sum(line.count(sim.MARK) for line in lines) == 28


def test_the_terminal_says_the_size_it_needs_in_a_small_window(tmp_path):
    import fcntl
    import pty
    import struct
    import termios
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 12, 60, 0, 0))
        os.chdir(ROOT)
        env = dict(os.environ)
        for name in ("COLUMNS", "LINES"):   # they would override the window's size
            env.pop(name, None)
        os.execve(sys.executable, [sys.executable, "-m", "tools.sim", "--state", str(tmp_path)], env)
    import select
    import signal
    import time
    out = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 1.0)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    else:
        os.kill(pid, signal.SIGKILL)      # the simulator waited for keys: it took the window as big enough
        os.waitpid(pid, 0)
        raise AssertionError("the simulator did not stop in a 60 x 12 window: %r" % out[-300:])
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 1
    assert b"needs a terminal of at least 76 columns and 15 lines (this one has 60 x 12)" in out
    assert b"80 x 24" in out


def test_game_starts_its_game_whatever_is_kept_and_the_kept_games_stay(capsys, tmp_path):
    """--game X with games kept in the state folder: X starts at once (no
    resume prompt, no question), and every kept game, X's own too, stays."""
    from hal.storage import FileStorage
    from app import saves
    state = tmp_path / "state"
    os.makedirs(state)
    s = FileStorage(str(state))
    saves.write(s, "rastros", {}, ("human", "board"), 2, ["d4"], "71")
    saves.write(s, "semaforo", {}, ("human", "human"), 3, ["a1", "b2"], "72")
    before = dict((n, s.read(n)) for n in s.names())
    for gid in ("semaforo", "avanco", "poliedricos"):
        d = dumped(capsys, tmp_path, "wait 200\n", "--game", gid, "--state", str(state))
        assert d["game"] == gid and d["mode"] == ("race" if gid == "poliedricos" else "play"), d
        assert not any("RESUME IT" in t for t in d["says"]), d["says"]
        assert dict((n, s.read(n)) for n in s.names() if n.startswith("save-")) == before
    # Without --game the boot offers them: Menu goes back and keeps both.
    d = dumped(capsys, tmp_path, "wait 200\ntap menu\nwait 200\n", "--state", str(state))
    assert d["mode"] == "menu" and any("RESUME IT? OK" in t for t in d["says"])
    assert [k[1] for k in saves.kept(s)] == ["rastros", "semaforo"]
