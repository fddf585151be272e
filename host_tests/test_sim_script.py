"""Simulator scripts (python -m tools.sim --script): board events run headless
on the simulated clock, a game started at once with --game, the --dump."""
import json
import os
import subprocess
import sys

import pytest

from app import screen
from games.common import FILES, WHITE, BLACK
from tools import sim, simscript

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def teardown_function(function):
    screen.SAID = None     # no simulator listens any more: other tests see the board's app


def run(capsys, tmp_path, script, *args):
    """main() in this process: (exit code, stdout, stderr)."""
    path = tmp_path / "script.txt"
    path.write_text(script)
    try:
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
    d = dumped(capsys, tmp_path, "tap c3\ntap d3\ntap e3\nwait 6000   # the result scrolled out\n",
               "--board", "club8", "--game", "semaforo", "--players", "human,human")
    assert d["game"] == "semaforo" and d["mode"] == "result"
    assert d["moves"] == ["a1", "b1", "c1"] and d["result"] == 0 and d["turn"] is None
    assert d["says"] == ["BLUE WINS"]
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
    assert d["says"][:3] == ["CHOOSE A GAME", "Semaforo", "Semaforo"]   # pointed at, its set-up


def test_a_held_menu_leaves_the_self_test_and_a_short_one_does_not(capsys, tmp_path):
    to_test = "tap h1\ntap h1\nwait 3000\n"          # club8's self-test square, then its light show
    d = dumped(capsys, tmp_path, to_test + "hold menu 1500\n", "--board", "club8")
    assert d["mode"] == "selftest" and "SELF TEST" in d["says"]
    d = dumped(capsys, tmp_path, to_test + "hold menu 2100\n", "--board", "club8")
    assert d["mode"] == "menu"
    d = dumped(capsys, tmp_path, to_test + "press menu\nwait 2100\n", "--board", "club9")
    assert d["mode"] == "menu"                       # a reed board too, its key held down


def test_without_dump_it_prints_a_summary(capsys, tmp_path):
    code, out, err = run(capsys, tmp_path, "tap c3\ntap d3\ntap e3\n", "--board", "club8",
                         "--game", "semaforo")
    assert code == 0 and "mode: result" in out and "moves: a1 b1 c1" in out and "BLUE WINS" in out


def test_the_script_runs_on_the_simulated_clock_with_steps(tmp_path):
    s = sim.Sim(sim.load_board(sim.board_file("club8")), str(tmp_path), real_time=False)
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
    (["--board", "club99"], "--board: no board file"),
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
