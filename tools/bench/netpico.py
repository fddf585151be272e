"""The club network on the emulated Pico W: join, TLS connect, the loop's
network turn, publishing, dropping, the heap (docs/developers/club-protocol.md).

    python -m tools.bench.netpico EMULATOR [--python PY] [--fuzz N]

EMULATOR is pico-emu's run_on_pico.py (not part of this project: an
emulated RP2040 that boots MicroPython's Pico W firmware with an emulated
WiFi chip, whose guest reaches this machine's loopback at 10.0.0.1; PY its
venv's Python, ~/.pico-emu/bin/python by default). The bench starts
Mosquitto over TLS on a loopback port (tools/bench/clubbroker.py, with a
server certificate for 10.0.0.1), stages the firmware as the deploy puts
it on a club9w board (modules and the MQTT library as .mpy, board.py, a
club.json for the emulator's access point) with tools/bench/netpico_guest.py,
runs the guest and prints its figures. Emulated times are a 125 MHz
RP2040's; time spent waiting on the host (a connect, a PUBACK) is not
meaningful there, the chip's own work (the TLS handshake, packets, JSON)
is. A few minutes of wall time.

--fuzz N runs instead host_tests/portable/test_net_fuzz.py's fuzz() with N
hostile messages on the same firmware (tools/bench/netfuzz_guest.py: the
board's Club.receive with a real game held, on the simulated board the
test drives, whose modules are staged beside the firmware as .mpy): each
must be dropped and change neither the position nor the seq expected, or
the run fails. No broker, no WiFi. Prints the count and its emulated time
(10,000 take about half an hour of wall time).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from tools.bench.clubbroker import Broker, make_club, missing
from tools.deploy import club as deploy_club
from tools.link import mpy
from tools.link.files import firmware_files
from tools.link.firmware_path import FIRMWARE, ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
AP = "RP2040PY-GUEST"           # the emulator's access point
HOST = "10.0.0.1"               # the emulator's way to this machine's loopback


def stage(d, ca, port, guests=("netpico_guest.py",), board=None, games=("hex",)):
    """The board's flash as the deploy lays it out for club9w, plus the
    guests (compiled, main.py left out: a guest runs the board); `board`:
    club9w's BOARD with these fields changed."""
    for remote, (rel, compile_it) in firmware_files(FIRMWARE, list(games)).items():
        dst = os.path.join(d, remote)
        if compile_it:
            mpy.compile_file(FIRMWARE, rel, dst)
        else:
            os.makedirs(os.path.dirname(dst) or d, exist_ok=True)
            shutil.copy(os.path.join(FIRMWARE, rel), dst)
    for remote, (rel, _) in deploy_club.library_files().items():
        mpy.compile_file(deploy_club.LIB_DIR, rel, os.path.join(d, remote))
    shutil.copy(os.path.join(ROOT, "boards", "club9w.py"), os.path.join(d, "board.py"))
    if board:
        from tools.link import boardfile
        b = boardfile.load("club9w")
        b.update(board)
        with open(os.path.join(d, "board.py"), "w") as f:
            f.write("BOARD = %r\n" % (b,))
    for g in guests:
        mpy.compile_file(HERE, g, os.path.join(d, g[:-3] + ".mpy"))
    os.remove(os.path.join(d, "main.py"))      # the guest runs, not the board's own start
    club = {"club": "bench", "wifi": {"ssid": AP, "password": "any password"},
            "broker": {"host": HOST, "port": port}, "board": "t1", "password": "board-secret",
            "ca": ca, "utc": list(time.gmtime()[:6])}     # as the deploy writes it
    with open(os.path.join(d, deploy_club.CLUB_FILE), "w") as f:
        json.dump(club, f)


FUZZ_MODULES = ("test_net_fuzz.py", "netboard.py", "simboard.py", "check.py")


def stage_fuzz(d):
    """The fuzz and the simulated board it drives, beside the firmware."""
    portable = os.path.join(ROOT, "host_tests", "portable")
    for m in FUZZ_MODULES:
        mpy.compile_file(portable, m, os.path.join(d, m[:-3] + ".mpy"))
    mpy.compile_file(ROOT, os.path.join("boards", "club9.py"), os.path.join(d, "boards", "club9.mpy"))
    mpy.compile_file(HERE, "netfuzz_guest.py", os.path.join(d, "netfuzz_guest.mpy"))


def fuzz(args):
    with tempfile.TemporaryDirectory() as d:
        fs = os.path.join(d, "fs")
        os.mkdir(fs)
        stage(fs, "", 1, guests=(), games=("semaforo",))
        stage_fuzz(fs)
        r = subprocess.run([args.python, args.emulator, "--board", "pico_w", "--files", fs,
                            "--timeout", "7200",
                            "--exec", "import netfuzz_guest\nnetfuzz_guest.run(%d)" % args.fuzz],
                           capture_output=True, text=True, timeout=7500)
    print(r.stdout[-3000:])
    got = [line.split() for line in r.stdout.splitlines() if line.startswith("FUZZ ")]
    if r.returncode != 0 or not got:
        print(r.stderr[-3000:], file=sys.stderr)
        return 1
    n, ms, free = (int(x) for x in got[-1][1:])
    print("dropped %d of %d hostile messages, position and expected seq unchanged, in %.1f s "
          "emulated (%.2f ms each); heap free after %d" % (n, args.fuzz, ms / 1000, ms / n, free))
    return 0 if n == args.fuzz // 2 * 2 else 1


def parse(text):
    out = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "NET":
            out[parts[1]] = int(parts[2])
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.netpico",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("emulator", help="pico-emu's run_on_pico.py")
    ap.add_argument("--python", default=os.path.expanduser("~/.pico-emu/bin/python"))
    ap.add_argument("--fuzz", type=int, metavar="N", help="N hostile messages instead")
    args = ap.parse_args(argv)
    if args.fuzz:
        return fuzz(args)
    why = missing()
    if why:
        print("netpico: " + why, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as d:
        port, ca = make_club(d, ip=HOST)
        broker = Broker(d, port)
        broker.start()
        try:
            fs = os.path.join(d, "fs")
            os.mkdir(fs)
            stage(fs, ca, port)
            r = subprocess.run([args.python, args.emulator, "--board", "pico_w", "--files", fs,
                                "--net-log", os.path.join(d, "emu-net.log"), "--timeout", "2400",
                                "--exec", "import netpico_guest\nnetpico_guest.run()"],
                               capture_output=True, text=True, timeout=2700)
        finally:
            broker.stop()
        print(r.stdout[-3000:])
        if r.returncode != 0:
            print(r.stderr[-3000:], file=sys.stderr)
        figures = parse(r.stdout)
        for k, v in figures.items():
            print("%-40s %d" % (k, v))
        return 0 if figures.get("up") == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
