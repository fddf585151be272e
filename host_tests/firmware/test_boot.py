"""Boot on real MicroPython: a board file with a mistake stops it with a message
naming the file and the field; a good one starts the app."""
import os
import shutil

from helpers.mptools import ROOT, run_micropython


def boot_with(tmp_path, board_text):
    flash = tmp_path / "flash"
    shutil.copytree(os.path.join(ROOT, "firmware"), flash)
    (flash / "board.py").write_text(board_text)
    # main.py as the board runs it, with the flash as the working directory.
    code = "import sys, os\nos.chdir(%r)\nsys.path[:0] = ['']\nexec(open('main.py').read())" % str(flash)
    return run_micropython(["-c", code], timeout=60)


def club9_text():
    with open(os.path.join(ROOT, "boards", "club9.py")) as f:
        return f.read()


def test_a_typo_in_the_board_file_stops_the_boot_naming_file_and_field(tmp_path):
    r = boot_with(tmp_path, club9_text().replace('"brightness"', '"brigthness"'))  # codespell:ignore
    out = r.stdout + r.stderr
    assert "BOARD FILE ERROR: board.py: unknown field 'brigthness'" in out, out
    assert "Traceback" not in out


def test_a_bad_pin_stops_the_boot(tmp_path):
    r = boot_with(tmp_path, club9_text().replace('"led_pin": 22', '"led_pin": 31'))
    out = r.stdout + r.stderr
    assert "board.py: field 'led_pin'" in out and "31" in out, out


def test_a_board_file_that_does_not_parse_is_named(tmp_path):
    r = boot_with(tmp_path, club9_text().replace("BOARD = {", "BOARD = {{"))
    out = r.stdout + r.stderr
    assert "BOARD FILE ERROR: board.py" in out, out
