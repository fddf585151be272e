"""Put the firmware on a Pico running CircuitPython: its CIRCUITPY drive.

python -m tools.deploy --board club9_cp [--drive PATH] [--dry-run] [--games ...]
comes here (tools/deploy/cli.py hands over when the board file is for
CircuitPython or a --drive is given). A CircuitPython board shows its flash
as a USB drive, so a deploy is file copies onto it, planned like the
MicroPython deploy (tools/deploy/plan.py: only what changed is copied, only
files in the record /.deploy.json are ever removed, the saves never touched):

- the firmware as source: CircuitPython compiles .py itself, and its .mpy
  format is not MicroPython's (only CircuitPython's own mpy-cross makes it,
  and that is not on PyPI); main.py goes on as code.py, the name CircuitPython
  runs first (a fresh drive holds a code.py that would run instead);
- the board file as board_cfg.py (CircuitPython's `board` is its pin module);
- lib/neopixel.py and lib/adafruit_pixelbuf.py, the Adafruit NeoPixel library
  hal/circuitpython.py drives, from the packages pinned in
  requirements-circuitpython.txt.
"""
import errno
import json
import os
import shutil

from tools.link import firmware_path  # noqa: F401  (firmware/ on sys.path)
from tools.deploy.build import read_board
from tools.link.mpremote import drive_roots, find_drives
from tools.deploy.plan import LANG_FILE, lang_line
from tools.deploy.plan import (MANIFEST, describe_files, DeployError, Device, Local, check_game_names,
                               choose_games, firmware_files, make_plan, manifest_text)

import boardcheck
import games as catalogue

ROOT = firmware_path.ROOT
LIB_DIR = os.path.join(ROOT, ".venv", "circuitpython-lib")
REQUIREMENTS = os.path.join(ROOT, "requirements-circuitpython.txt")
# The library's modules and the package each comes from.
LIBRARY = (("neopixel.py", "adafruit_circuitpython_neopixel"),
           ("adafruit_pixelbuf.py", "adafruit_circuitpython_pixelbuf"))
INSTALL = (".venv/bin/pip install --upgrade --no-deps --target .venv/circuitpython-lib "
           "-r requirements-circuitpython.txt")
BOARD_FILE = "board_cfg.py"
DEFAULT_BOARD = "club9_cp"
ENTRY = "code.py"
# CircuitPython runs boot.py at power-up, before code.py, and only there may
# the program take the flash from the computer (hal/circuitpython.py's
# claim_flash says why and how).
BOOT_FILE = "boot.py"
BOOT = b'''"""Run by CircuitPython at power-up: gives the flash to the firmware for its
saves, unless Menu is held (then the CIRCUITPY drive stays writable, for
python -m tools.deploy). Put here by tools.deploy: docs/makers/deploy.md."""
import board_cfg
from hal.circuitpython import claim_flash

claim_flash(board_cfg.BOARD)
'''
READ_ONLY = ("the CIRCUITPY drive at %s is read-only: the firmware has the flash, to keep its "
             "saves. Hold Menu while you plug the board in (or press its reset button), let go "
             "when the drive appears, and deploy again")


def wanted(args, roots=None):
    """True when this deploy is for CircuitPython: a --drive, a CircuitPython
    board file, or (no --board, no --port) a CIRCUITPY drive that deploy set up."""
    if getattr(args, "drive", None):
        return True
    if args.board:
        try:
            return read_board(args.board)[3]["platform"] == "circuitpython"
        except DeployError:
            return False        # the MicroPython deploy says what is wrong with it
    if getattr(args, "port", None):
        return False
    drives = [p for kind, p in find_drives(drive_roots() if roots is None else roots)
              if kind == "circuitpython"]
    return len(drives) == 1 and recorded_board(drives[0]) is not None


def recorded_board(drive):
    """The board file the last deploy put on this drive (its record), or None."""
    try:
        with open(os.path.join(drive, MANIFEST)) as f:
            board = json.load(f).get("board")
        return board if isinstance(board, str) else None
    except (OSError, ValueError, AttributeError):
        return None


def pinned():
    """{module file: 'package==version'} from requirements-circuitpython.txt."""
    pins = {}
    with open(REQUIREMENTS) as f:
        for line in f:
            line = line.split("#")[0].strip()
            if "==" in line:
                name, version = line.split("==")
                pins[name.strip().lower().replace("-", "_")] = version.strip()
    return pins


def library(lib_dir=LIB_DIR):
    """{remote: (local path, 'package version')} of the NeoPixel library, checked
    to be the pinned versions."""
    pins = pinned()
    out = {}
    for module, package in LIBRARY:
        version = pins[package]
        path = os.path.join(lib_dir, module)
        info = os.path.join(lib_dir, "%s-%s.dist-info" % (package, version))
        if not os.path.isfile(path):
            raise DeployError("the CircuitPython NeoPixel library is not installed: " + INSTALL)
        if not os.path.isdir(info):
            raise DeployError("%s in %s is not the pinned %s %s: %s"
                              % (module, lib_dir, package, version, INSTALL))
        out["lib/" + module] = (path, "%s %s" % (package.replace("_", "-"), version))
    return out


def find_drive(args_drive, roots=None):
    """(the CIRCUITPY drive's path, None), or (None, why) when there is none."""
    if args_drive:
        if not os.path.isdir(args_drive):
            raise DeployError("no drive at %s: give the folder where CIRCUITPY is mounted"
                              % args_drive)
        return args_drive, None
    drives = [p for kind, p in find_drives(drive_roots() if roots is None else roots)
              if kind == "circuitpython"]
    if not drives:
        return None, "no CIRCUITPY drive is mounted"
    if len(drives) > 1:
        raise DeployError("%d CIRCUITPY drives are mounted (%s): give the one you mean with "
                          "--drive" % (len(drives), ", ".join(drives)))
    return drives[0], None


def firmware_version(drive):
    """'Adafruit CircuitPython 9.2.1 on ...' from boot_out.txt, or None."""
    try:
        with open(os.path.join(drive, "boot_out.txt"), errors="replace") as f:
            return f.readline().strip() or None
    except OSError:
        return None


def scan(drive):
    """The Device of a drive: its files and folders with sizes, free space, the record."""
    files, dirs = {}, []
    for d, subdirs, names in os.walk(drive):
        subdirs.sort()
        rel = os.path.relpath(d, drive).replace(os.sep, "/")
        if rel != ".":
            dirs.append(rel)
        for n in names:
            p = os.path.join(d, n)
            files[(n if rel == "." else rel + "/" + n)] = os.path.getsize(p)
    manifest = None
    try:
        with open(os.path.join(drive, MANIFEST)) as f:
            manifest = f.read()
    except OSError:
        pass
    free = shutil.disk_usage(drive).free
    return Device({"name": "circuitpython", "files": files, "dirs": dirs, "free": free,
                   "manifest": manifest})


def _local(path, data):
    loc = Local(path, data)
    loc.data = data         # copied as read, so the drive holds what was hashed
    return loc


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def build(root, chosen, ids, board_src, lib):
    """{remote: Local} of everything that goes on the drive."""
    out = {}
    for remote, (rel, _compile) in firmware_files(root, chosen, ids).items():
        if rel.startswith("net/"):
            continue          # the club network runs on a Pico W's MicroPython only
        path = os.path.join(root, rel)
        out[ENTRY if rel == "main.py" else rel] = _local(path, _read(path))
    for remote, (path, _) in lib.items():
        out[remote] = _local(path, _read(path))
    out[BOARD_FILE] = _local(None, board_src)
    out[BOOT_FILE] = _local(None, BOOT)
    return out


def writable(drive):
    """Whether this computer may write to the drive (not when the firmware has the flash)."""
    return os.access(drive, os.W_OK)


def describe(plan, dev):
    lines = describe_files(plan)
    if plan.changes():
        size = sum(loc.size for _, loc, _ in plan.copies)
        free = "" if dev.free is None else ", %d KB free on the drive" % (dev.free // 1024)
        lines.append("  space: %d KB to copy%s" % ((size + 1023) // 1024, free))
    return lines


def _write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def apply(plan, drive, board_keep):
    """Carry out the plan on the drive: the record first (so a cut deploy is
    finished by the next), then removes, copies, and the final record."""
    def put(remote, data):
        _write(os.path.join(drive, remote.replace("/", os.sep)), data)

    try:
        for d in plan.mkdirs:
            os.makedirs(os.path.join(drive, d.replace("/", os.sep)), exist_ok=True)
        if plan.pending is not None:
            put(MANIFEST, manifest_text(plan.pending, board_keep).encode())
        for p in plan.removes:
            os.remove(os.path.join(drive, p.replace("/", os.sep)))
        for remote, loc, _ in plan.copies:
            put(remote, loc.data)
        put(MANIFEST, manifest_text(plan.manifest, board_keep).encode())
        if hasattr(os, "sync"):
            os.sync()       # the drive is flash behind USB: write it out before "Done"
    except OSError as e:
        if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            raise DeployError(READ_ONLY % drive)
        if e.errno == errno.ENOSPC:
            raise DeployError("the CIRCUITPY drive filled up while copying: choose fewer games "
                              "with --games, or delete files of your own from it, and deploy "
                              "again")
        raise DeployError("could not write to the CIRCUITPY drive at %s (%s): check that it is "
                          "still mounted and not read-only, and deploy again" % (drive, e))


def set_lang(drive, code):
    """The board's language setting onto the drive (tools.deploy --lang)."""
    try:
        _write(os.path.join(drive, LANG_FILE), (code + "\n").encode())
    except OSError as e:
        raise DeployError("could not write %s to the CIRCUITPY drive at %s (%s)" % (LANG_FILE, drive, e))


def check_platform(shown, board):
    if board["platform"] != "circuitpython":
        raise DeployError("%s is for MicroPython (platform '%s'): a CIRCUITPY drive needs a "
                          "CircuitPython board file, e.g. --board club9_cp"
                          % (shown, board["platform"]))


def open_drive(args, roots, out):
    """(the drive or None, its Device): an empty drive for a dry run without one."""
    drive, absent = find_drive(getattr(args, "drive", None), roots)
    if absent and not args.dry_run:
        raise DeployError("%s: put CircuitPython on the Pico (docs/makers/deploy.md), plug it in, "
                          "or give the drive with --drive" % absent)
    if absent:
        out("No drive: %s, so this dry run plans against an empty CIRCUITPY drive." % absent)
        return None, Device({"name": "circuitpython", "files": {}, "dirs": [],
                             "manifest": None, "free": None})
    out("Drive: %s (%s)" % (drive, firmware_version(drive) or "no boot_out.txt: is this "
                            "a CIRCUITPY drive?"))
    return drive, scan(drive)


def check_room(plan, dev):
    if plan.changes() and dev.free is not None:
        # FAT rounds every file up to its clusters: a margin for that and the record
        need = sum(loc.size for _, loc, _ in plan.copies) + 64 * 1024
        if need > dev.free:
            raise DeployError("not enough room on the CIRCUITPY drive: this deploy copies %d KB "
                              "and the drive has %d KB free: choose fewer games with --games"
                              % (need // 1024, dev.free // 1024))


def done(plan, chosen):
    games = "%d game%s" % (len(chosen), "" if len(chosen) == 1 else "s")
    if any(remote == BOOT_FILE for remote, _, _ in plan.copies):
        return ("Done: %s on the board. Now press its reset button (or unplug it and plug it "
                "back in): at power-up boot.py gives the flash to the firmware, which needs it "
                "to save games. To deploy again later, hold Menu while you plug the board in."
                % games)
    if plan.changes():
        return "Done: CircuitPython restarts the board by itself with %s." % games
    return "Done: the drive was already up to date."


def run(args, root, out, roots=None, lib_dir=LIB_DIR):
    ids = catalogue.IDS
    check_game_names(ids, args.games, args.add_game, args.remove_game, boardcheck.suggest)
    if args.board:
        shown, board_src, board_keep, board = read_board(args.board)
        check_platform(shown, board)
    lib = library(lib_dir)
    drive, dev = open_drive(args, roots, out)
    if not args.board:
        # the board file deployed last time, as the MicroPython deploy does
        last = (dev.manifest or {}).get("board")
        try:
            shown, board_src, board_keep, board = read_board(last or DEFAULT_BOARD)
        except DeployError as e:
            if last and str(e).startswith("no board file"):
                raise DeployError("the board file deployed last time (%s) is gone: give "
                                  "--board" % last)
            raise
        check_platform(shown, board)
    out("Board file: %s, checked, goes on as %s" % (shown, BOARD_FILE))
    out("Library: %s, into lib/" % ", ".join(v for _, v in lib.values()))
    installed = None
    if dev.manifest:
        installed = [g for g in ids if "games/%s.py" % g in dev.manifest["files"]]
    chosen, notes = choose_games(ids, installed, args.games, args.add_game, args.remove_game,
                                 boardcheck.suggest)
    out("Games: %s (%d of %d)" % (", ".join(chosen), len(chosen), len(ids)))
    plan = make_plan(build(root, chosen, ids, board_src, lib), dev)
    for line in describe(plan, dev):
        out(line)
    final = {"format": 1, "board": board_keep, "files": plan.manifest}
    write_manifest = plan.changes() or dev.manifest != final
    if write_manifest:
        out("  write  /%s (the record of what deploy put on the drive)" % MANIFEST)
    if getattr(args, "lang", None):
        out(lang_line(args.lang))
    read_only = drive is not None and write_manifest and not writable(drive)
    for note in notes + plan.notes + ([READ_ONLY % drive] if read_only else []):
        out("Note: " + note)
    if drive is None:
        out("Dry run against an empty CIRCUITPY drive: nothing was touched. With the board "
            "plugged in, the same command plans against what is on it.")
        return 0
    if args.dry_run:
        out("Dry run: nothing on the drive was changed.")
        return 0
    if read_only:
        raise DeployError(READ_ONLY % drive)
    check_room(plan, dev)
    if write_manifest:
        apply(plan, drive, board_keep)
    if getattr(args, "lang", None):
        set_lang(drive, args.lang)
    out(done(plan, chosen))
    return 0
