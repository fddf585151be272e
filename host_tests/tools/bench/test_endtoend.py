"""tools.bench.endtoend: both board variants end to end on their real firmware.

The first tests need no emulator: the MicroPython flash is what tools.deploy
copies, the script is a game that ends at its last move, the frames are
read right. The runs on the emulated Pico take tens of minutes: they run
only when GAMEBOARD_PICO_EMU names pico-emu's run_on_pico.py (its venv's
Python in GAMEBOARD_PICO_EMU_PYTHON, ~/.pico-emu/bin/python by default):

    GAMEBOARD_PICO_EMU=/path/to/pico-emu/run_on_pico.py \\
        .venv/bin/python -m pytest -n 0 host_tests/tools/bench/test_endtoend.py
"""
import json
import os
import subprocess
import sys

import pytest

from tools.bench import endtoend
from tools.link.firmware_path import ROOT

EMULATOR = os.environ.get("GAMEBOARD_PICO_EMU")
EMU_PYTHON = os.environ.get("GAMEBOARD_PICO_EMU_PYTHON",
                            os.path.expanduser("~/.pico-emu/bin/python"))
slow = pytest.mark.skipif(not EMULATOR, reason="the emulated Pico: set GAMEBOARD_PICO_EMU to "
                          "pico-emu's run_on_pico.py (tens of minutes)")


def test_the_micropython_flash_is_what_deploy_copies(tmp_path):
    lines = endtoend.deploy("mp", str(tmp_path))
    files = set(os.listdir(tmp_path))
    assert {"main.py", "board.py", "start.mpy", ".deploy.json"} <= files
    assert os.path.exists(tmp_path / "games" / "semaforo.mpy")
    assert lines[-1].startswith("Done: the board restarts")
    again = endtoend.copied(endtoend.deploy("mp", str(tmp_path)))
    assert again == {"copy": [], "remove": []}, "a second deploy finds it all there"


def test_the_script_is_a_game_that_ends_at_its_last_move():
    assert endtoend.expected_result() is not None
    board = endtoend.load_board("cp")
    one, two, placed = endtoend.game_plans(board)
    assert len(placed) == len(endtoend.MOVES)
    assert [p[0] for p in placed].count(True) == len(endtoend.MOVES) - endtoend.BEFORE_RESET
    assert all(down for t, rc, down in one[-endtoend.BEFORE_RESET:]), "pieces stay put"


def test_the_frames_are_read_for_words_and_the_error_cross():
    dark = [(0, 0, 0)] * 81
    white = list(dark)
    white[3:6] = [(101, 101, 101)] * 3
    red = [(101, 0, 0) if i % 10 == 0 or i % 8 == 0 else (0, 0, 0) for i in range(81)]
    frames = [(1.0, dark), (2.0, white), (3.0, red)]
    assert endtoend.said_text(frames, 1.5, 2.5) and not endtoend.said_text(frames, 0, 1.5)
    assert endtoend.said_text(frames, 2.5, 3.5, red=True)
    assert endtoend.error_cross(frames) and not endtoend.error_cross(frames[:2])


def test_each_move_is_answered_by_the_first_frame_showing_its_square_anew():
    board = endtoend.load_board("mp")
    _one, _two, placed = endtoend.game_plans(board)
    after, _t, rc = placed[0]
    from tools.bench import latency
    i = latency.grid(board)[rc[0] * board["cols"] + rc[1]]
    dark = [(0, 0, 0)] * 81
    lit = list(dark)
    lit[i] = (0, 200, 0)
    run = {"changes": [(2.0, rc, True)], "frames": [(1.0, dark), (2.01, dark), (2.03, lit)]}
    got = endtoend.answers(board, (run, run), placed[:1] + [(False, 0, (9, 9))])
    assert got[0] == (30.0, lit) and got[1] == (None, None), "never touched: no answer"
    assert endtoend.frames_differ(lit, dark) == [i] and endtoend.frames_differ(lit, lit) == []
    assert endtoend.frames_differ(None, lit) is None


def test_the_session_runs_from_source_beside_the_deployed_drive(tmp_path):
    endtoend.deploy("cp", str(tmp_path))
    endtoend.stage_session("cp", str(tmp_path), (("hex", 3),), 10, 5)
    src = open(tmp_path / "session_run.py").read()
    assert "PLAYED = [('hex', 3)]" in src and "MAX_PLAYOUTS = 5" in src
    compile(src, "session_run.py", "exec")
    assert (tmp_path / "simboard.py").exists() and (tmp_path / "boards" / "club9.py").exists()


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("e2e")
    rep = out / "rep.json"
    subprocess.run([sys.executable, "-m", "tools.bench.endtoend", EMULATOR, "--python",
                    EMU_PYTHON, "--only", "play,faults", "--json", str(rep)], cwd=ROOT,
                   check=True, timeout=4 * 3600)
    return json.loads(rep.read_text())


@slow
def test_both_boards_boot_to_the_same_menu_and_play_a_game_over_a_reset(run):
    cp, mp = run["play"]["cp"], run["play"]["mp"]
    assert cp["first_frame"] == mp["first_frame"], "the same menu, square for square"
    assert any(any(p) for p in cp["first_frame"])
    for r in (cp, mp):
        assert r["saves_at_reset"] == ["save-semaforo.json"], "the game kept over the reset"
        assert r["saves_after"] == [], "a finished game leaves no save"
        assert " : %s #" % " ".join(endtoend.MOVES) in r["record_book"]
        assert r["record_book"].startswith("semaforo players=human,human")
        assert r["error_log"] == ""
        assert len(r["touch_ms"]) == len(endtoend.MOVES) and None not in r["touch_ms"]
    assert cp["record_book"].split("#")[0] == mp["record_book"].split("#")[0], "the same result"
    for a, b in zip(cp["move_frames"], mp["move_frames"]):
        assert endtoend.frames_differ(a, b) == [], "each move answered with the same picture"


@slow
def test_a_second_deploy_changes_only_what_changed_and_keeps_the_records(run):
    again = run["play"]["cp"]["redeploy"]
    assert again["unchanged"] == {"copy": [], "remove": []}
    assert again["one_game_fewer"]["copy"] == []
    assert "games/poliedricos.py" in again["one_game_fewer"]["remove"]
    assert "games.txt" in again["kept"] and again["kept_intact"]


@slow
def test_what_circuitpython_lacks_is_said_and_nothing_is_lost(run):
    f = run["faults"]
    ro = f["read_only"]
    assert ro["said"] and not ro["error"] and ro["drive_unchanged"] and ro["new_files"] == []
    full = f["full"]
    assert full["said"] and not full["error"] and full["filler_intact"]
    nolib = f["no_library"]
    assert nolib["frames"] > 0 and nolib["said"] and "MISSING MODULE neopixel" in nolib["console"]
