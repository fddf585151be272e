"""The CircuitPython deploy (tools/deploy/cp.py) onto a folder standing in for
the CIRCUITPY drive, through the same command as the MicroPython one."""
import argparse
import importlib.util
import json
import os

import pytest

from tools.deploy import cli as deploy
from tools.deploy import cp as deploy_cp
from tools.link import firmware_path

ROOT = deploy_cp.ROOT
FIRMWARE = firmware_path.FIRMWARE

pytestmark = pytest.mark.skipif(not os.path.isdir(deploy_cp.LIB_DIR),
                                reason="needs " + deploy_cp.INSTALL)


def read(path):
    with open(path, "rb") as f:
        return f.read()


@pytest.fixture
def drive(tmp_path):
    """A fresh CircuitPython drive, with what CircuitPython and a player put on it."""
    d = tmp_path / "CIRCUITPY"
    d.mkdir()
    (d / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; "
                                    "Raspberry Pi Pico with rp2040\nBoard ID:raspberry_pi_pico\n")
    (d / "code.py").write_text('print("Hello World!")\n')
    (d / "settings.toml").write_text("")
    (d / "lib").mkdir()
    (d / "lib" / "mine.py").write_text("x = 1\n")
    (d / "save.json").write_text('{"game": "hex"}')
    (d / "games.txt").write_text("hex 1-0\n")
    (d / "error.log").write_text("--- old\n")
    return d


def deploy_cmd(*argv):
    out = []
    rc = deploy.main(list(argv), out=out.append)
    return rc, "\n".join(out)


def test_a_fresh_drive_gets_the_firmware_the_board_file_and_the_library(drive):
    rc, out = deploy_cmd("--board", "club9_cp", "--drive", str(drive))
    assert rc == 0, out
    assert "Drive: %s (Adafruit CircuitPython 9.2.1" % drive in out
    assert "goes on as board_cfg.py" in out
    assert "adafruit-circuitpython-neopixel 6.4.2, adafruit-circuitpython-pixelbuf 2.1.0" in out
    # the firmware as source, main.py as code.py (replacing the stock Hello World)
    for rel in ("ai.py", "compat.py", "boardcheck.py", "hal/circuitpython.py", "hal/ledmap.py",
                "app/loop.py", "games/hex.py", "games/go_ai.py"):
        assert read(drive / rel) == read(os.path.join(FIRMWARE, rel)), rel
    assert read(drive / "code.py") == read(os.path.join(FIRMWARE, "main.py"))
    assert not (drive / "main.py").exists()
    assert not list(drive.rglob("*.mpy"))
    # the board file under the name main.py imports on CircuitPython
    assert read(drive / "board_cfg.py") == read(os.path.join(ROOT, "boards", "club9_cp.py"))
    spec = importlib.util.spec_from_file_location("board_cfg", drive / "board_cfg.py")
    cfg = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cfg)
    assert cfg.BOARD["platform"] == "circuitpython" and cfg.BOARD["led_pin"] == "GP22"
    # the library from the pinned packages, into lib/
    for module in ("neopixel.py", "adafruit_pixelbuf.py"):
        assert read(drive / "lib" / module) == read(os.path.join(deploy_cp.LIB_DIR, module))
    # never the saves, the records, the log, or the player's own files
    assert (drive / "save.json").read_text() == '{"game": "hex"}'
    assert (drive / "games.txt").read_text() == "hex 1-0\n"
    assert (drive / "error.log").read_text() == "--- old\n"
    assert (drive / "lib" / "mine.py").read_text() == "x = 1\n"
    assert (drive / "settings.toml").exists() and (drive / "boot_out.txt").exists()
    record = json.loads((drive / ".deploy.json").read_text())
    assert record["board"] == "club9_cp"
    assert "code.py" in record["files"] and "lib/neopixel.py" in record["files"]
    assert "save.json" not in record["files"] and "lib/mine.py" not in record["files"]
    # boot.py, so the firmware may write its saves (host_tests/firmware/test_hal_circuitpython_boot.py)
    assert read(drive / "boot.py") == deploy_cp.BOOT and "boot.py" in record["files"]
    assert "Done: 13 games on the board. Now press its reset button" in out
    assert "hold Menu while you plug the board in" in out


def test_a_second_deploy_copies_only_what_changed(drive):
    assert deploy_cmd("--board", "club9_cp", "--drive", str(drive))[0] == 0
    rc, out = deploy_cmd("--board", "club9_cp", "--drive", str(drive))
    assert rc == 0 and "  copy " not in out
    assert "Done: the drive was already up to date." in out
    (drive / "games" / "hex.py").write_text("# damaged\n")      # changed on the drive
    rc, out = deploy_cmd("--board", "club9_cp", "--drive", str(drive))
    copies = [x for x in out.splitlines() if x.startswith("  copy ")]
    assert len(copies) == 1 and "games/hex.py" in copies[0]
    assert "Done: CircuitPython restarts the board by itself with 13 games." in out
    assert read(drive / "games" / "hex.py") == read(os.path.join(FIRMWARE, "games", "hex.py"))


def test_fewer_games_remove_only_what_deploy_put_there(drive):
    assert deploy_cmd("--board", "club9_cp", "--drive", str(drive))[0] == 0
    rc, out = deploy_cmd("--board", "club9_cp", "--drive", str(drive), "--games", "hex")
    assert rc == 0, out
    assert "remove games/go.py" in out and not (drive / "games" / "go.py").exists()
    assert (drive / "games" / "hex.py").exists() and (drive / "games" / "hex_ai.py").exists()
    assert (drive / "save.json").exists() and (drive / "lib" / "mine.py").exists()
    rc, out = deploy_cmd("--board", "club9_cp", "--drive", str(drive), "--add-game", "ouri")
    assert rc == 0 and "Games: hex, ouri (2 of 13)" in out


def test_the_dry_run_needs_no_drive_and_changes_nothing(drive, tmp_path):
    args = argparse.Namespace(board="club9_cp", drive=None, dry_run=True, games=None,
                              add_game=[], remove_game=[])
    out = []
    assert deploy_cp.run(args, FIRMWARE, out.append, roots=[str(tmp_path / "none")]) == 0
    text = "\n".join(out)
    assert text.startswith("No drive: no CIRCUITPY drive is mounted, so this dry run plans "
                           "against an empty CIRCUITPY drive.")
    for line in ("  mkdir  lib/", "  copy   code.py", "  copy   board_cfg.py",
                 "  copy   lib/neopixel.py", "  copy   lib/adafruit_pixelbuf.py",
                 "  copy   hal/circuitpython.py"):
        assert line in text, line
    before = sorted(p.name for p in drive.rglob("*"))
    rc, out = deploy_cmd("--board", "club9_cp", "--drive", str(drive), "--dry-run")
    assert rc == 0 and "Dry run: nothing on the drive was changed." in out
    assert sorted(p.name for p in drive.rglob("*")) == before


def test_the_mounted_drive_is_found(drive, tmp_path):
    args = argparse.Namespace(board=None, drive=None, dry_run=False, games="semaforo",
                              add_game=[], remove_game=[])
    out = []
    assert deploy_cp.run(args, FIRMWARE, out.append, roots=[str(tmp_path)]) == 0
    assert (drive / "games" / "semaforo.py").exists()
    other = tmp_path / "more" / "CIRCUITPY"
    other.mkdir(parents=True)
    with pytest.raises(deploy_cp.DeployError, match="2 CIRCUITPY drives are mounted"):
        deploy_cp.run(args, FIRMWARE, out.append, roots=[str(tmp_path), str(tmp_path / "more")])


def test_without_a_drive_it_says_what_to_do(capsys):
    rc = deploy.main(["--board", "club9_cp"], out=lambda s: None)
    # (no CIRCUITPY on this machine: the test would deploy onto a real one)
    if rc == 0:
        pytest.skip("a CIRCUITPY drive is mounted on this computer")
    assert "deploy: no CIRCUITPY drive is mounted: put CircuitPython on the Pico" in \
        capsys.readouterr().err


def test_a_micropython_board_file_is_refused_for_a_drive(drive, capsys):
    assert deploy.main(["--board", "club9", "--drive", str(drive)], out=lambda s: None) == 2
    assert "boards/club9.py is for MicroPython" in capsys.readouterr().err
    assert not (drive / ".deploy.json").exists()


def test_a_missing_library_says_how_to_install_it(drive, tmp_path, capsys):
    args = argparse.Namespace(board="club9_cp", drive=str(drive), dry_run=False, games=None,
                              add_game=[], remove_game=[])
    with pytest.raises(deploy_cp.DeployError, match="NeoPixel library is not installed: "
                       ".venv/bin/pip install"):
        deploy_cp.run(args, FIRMWARE, print, lib_dir=str(tmp_path / "empty"))
    assert not (drive / ".deploy.json").exists()


def test_a_drive_the_firmware_has_is_not_written(drive, monkeypatch, capsys):
    assert deploy_cmd("--board", "club9_cp", "--drive", str(drive))[0] == 0
    (drive / "games" / "go.py").write_text("# changed\n")
    before = dict((p, p.read_bytes()) for p in drive.rglob("*") if p.is_file())
    # After the reset, boot.py gave the flash to the firmware: the computer sees
    # the drive read-only (CircuitPython's errno 30 if it tried).
    monkeypatch.setattr(deploy_cp, "writable", lambda d: False)
    rc, out = deploy_cmd("--board", "club9_cp", "--drive", str(drive), "--dry-run")
    assert rc == 0 and "Note: the CIRCUITPY drive at %s is read-only" % drive in out
    assert deploy.main(["--board", "club9_cp", "--drive", str(drive)], out=lambda s: None) == 2
    err = capsys.readouterr().err
    assert "read-only: the firmware has the flash, to keep its saves. Hold Menu while you " \
           "plug the board in" in err
    assert dict((p, p.read_bytes()) for p in drive.rglob("*") if p.is_file()) == before


def test_a_drive_deploy_set_up_is_deployed_again_with_its_board_file(drive, tmp_path,
                                                                     monkeypatch):
    mine = tmp_path / "big.py"
    mine.write_text(open(os.path.join(ROOT, "boards", "club9_cp.py")).read()
                    .replace('"brightness": 40', '"brightness": 25'))
    assert deploy_cmd("--board", str(mine), "--drive", str(drive))[0] == 0
    assert b'"brightness": 25' in read(drive / "board_cfg.py")
    # a plain `python -m tools.deploy`, the drive mounted where deploy looks
    monkeypatch.setattr(deploy_cp, "drive_roots", lambda: [str(tmp_path)])
    mine.write_text(mine.read_text().replace('"brightness": 25', '"brightness": 30'))
    rc, out = deploy_cmd()
    assert rc == 0, out
    assert "Board file: %s, checked" % mine in out or "big.py, checked" in out
    assert b'"brightness": 30' in read(drive / "board_cfg.py")
    # a drive deploy never set up is not taken for one: the MicroPython deploy answers
    fresh = argparse.Namespace(board=None, drive=None, port=None)
    assert not deploy_cp.wanted(fresh, roots=[str(tmp_path / "none")])
    (drive / ".deploy.json").unlink()
    assert not deploy_cp.wanted(fresh)


def test_lang_puts_the_boards_language_on_the_drive(drive):
    rc, out = deploy_cmd("--board", "club9_cp", "--drive", str(drive), "--lang", "pt")
    assert rc == 0, out
    assert (drive / "lang.txt").read_text() == "pt\n" and "the board speaks Portuguese" in out
    rc, out = deploy_cmd("--board", "club9_cp", "--drive", str(drive), "--lang", "en", "--dry-run")
    assert (drive / "lang.txt").read_text() == "pt\n", "a dry run writes nothing"
