"""A module the board needs is missing (firmware/missing.py): the board
scrolls its name on the LEDs through the firmware's own LED driver and
prints how to put it back, instead of a traceback and dark squares; it
writes nothing. Here with CircuitPython's modules faked (neopixel_write)."""
import os
import sys

from tools.link.firmware_path import ROOT

import boardcheck
import start
from boards.club9_cp import BOARD as CLUB9_CP

FAKES = os.path.join(ROOT, "host_tests", "fakes")
BOARD = boardcheck.check(CLUB9_CP, "club9_cp.py")


def test_the_missing_module_is_named_on_the_leds_and_the_console(capsys):
    sys.path.insert(0, FAKES)
    saved = sys.modules.pop("board", None)
    try:
        import neopixel_write
        import missing
        del neopixel_write.sent[:]
        missing.say(BOARD, ImportError("no module named 'neopixel'"), seconds=0.3)
    finally:
        sys.path.remove(FAKES)
        sys.modules.pop("board", None)
        if saved is not None:
            sys.modules["board"] = saved
    assert "MISSING MODULE neopixel" in capsys.readouterr().out
    frames = [buf for pin, buf in neopixel_write.sent]
    assert frames and all(len(f) == 81 * 3 for f in frames)
    assert any(any(f) for f in frames), "the text lights squares"
    assert all(f[i + 1] > 0 and f[i] == f[i + 2] == 0 for f in frames for i in range(0, len(f), 3)
               if any(f[i:i + 3])), "in the error red (GRB on the wire)"
    assert missing.MISSING % "NEOPIXEL" == "MISSING MODULE NEOPIXEL"


def test_the_module_is_named_from_the_import_error():
    import missing
    assert missing.module_name(ImportError("no module named 'keypad'")) == "keypad"
    assert missing.module_name(ImportError("no module named neopixel")) == "neopixel"


def test_start_says_it_instead_of_running_the_app(monkeypatch):
    import missing
    said = []

    def no_hal(board):
        raise ImportError("no module named 'neopixel'")
    monkeypatch.setattr(start, "build_hal", no_hal)
    monkeypatch.setattr(missing, "say", lambda board, e: said.append(str(e)))
    monkeypatch.setattr(boardcheck, "load", lambda name: dict(BOARD))
    monkeypatch.setattr(start, "set_clock", lambda board: 125)
    start.main()
    assert said == ["no module named 'neopixel'"]


def test_the_missing_module_is_said_in_the_boards_language(tmp_path, monkeypatch):
    import missing
    monkeypatch.chdir(tmp_path)                    # the flash: no language chosen yet
    assert missing.words(BOARD) == "FALTA O MÓDULO %s"            # club9_cp: Portuguese
    assert missing.words(dict(BOARD, lang="en")) == "MISSING MODULE %s"
    (tmp_path / "lang.txt").write_text("en\n")     # chosen on the board: English
    assert missing.words(BOARD) == "MISSING MODULE %s"
