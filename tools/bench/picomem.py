"""The session memory check (host_tests/helpers/memsession.py) on the real Pico firmware.

    python -m tools.bench.picomem EMULATOR [--python PY] [--games 12] [--plies 1] [--level 1]
                            [--only GAME] [--max-playouts N] [--day LEVELS]
                            [--played GAME:LEVEL,...] [--max-nodes N] [--ballast BYTES]
                            [--lang pt|en]

EMULATOR is the run_on_pico.py of an RP2040 emulator that boots the official
MicroPython RPI_PICO firmware (not part of this project; PY is the Python of
its own venv). The firmware, the board files and the simulated-board helpers
are compiled to .mpy for the Pico (-march=armv6m) and put on its flash; the
driver plays GAMES games through the real app (the simulated HAL) in one boot
and prints, per game, the heap in use at the menu, then the heap free after
boot (BOOTFREE), the worst live heap during a game (WORST) and the menu heap
after the first and the last game. docs/developers/ai-measuring.md, "Memory", has the figures.
The emulator runs 20-30x slower than a Pico: a dozen short games take minutes.
"""
import argparse
import os
import subprocess
import sys
import tempfile

from tools.link import mpy
from tools.link.firmware_path import ROOT  # (and firmware/ on sys.path)
SOURCES = (("firmware", ""), ("boards", "boards"),
           (os.path.join("host_tests", "portable", "simboard.py"), ""),
           (os.path.join("host_tests", "portable", "memstorage.py"), ""),
           (os.path.join("host_tests", "portable", "flash.py"), ""))


def compile_to(src, dest):
    """As deploy compiles for a Pico: armv6m, functions marked @native native."""
    try:
        mpy.compile_file(os.path.dirname(src), os.path.basename(src), dest, arch="armv6m")
    except mpy.MpyError as e:
        raise SystemExit(str(e))


def stage(dest, games, plies, level, only=None, max_playouts=None, day=None, extra=""):
    try:
        mpy.compile_tree(dest, SOURCES, arch="armv6m")
    except mpy.MpyError as e:
        raise SystemExit(str(e))
    with open(os.path.join(ROOT, "host_tests", "helpers", "memsession.py")) as f:
        body = f.read()
    src = os.path.join(dest, "session_run.py")
    with open(src, "w") as f:
        # The Pico has no /tmp and no getpid: the boards' flash goes in a
        # folder at the file system's root.
        f.write("ROOTS = []\nGAMES = %d\nPLIES = %d\nLEVEL = %d\nWASM = False\n"
                "ONLY = %r\nMAX_PLAYOUTS = %r\nDAY = %r\n%s"
                "import simboard\nsimboard._BASE[0] = '/boards'\n%s"
                % (games, plies, level, only, max_playouts, day, extra, body))
    compile_to(src, src[:-3] + ".mpy")
    os.remove(src)


# main.py's boot, then loop passes until the menu shows; the heap is read there.
BOOT = """import gc
gc.collect()
f0 = gc.mem_free()
import boardcheck, main
from app.loop import run
board = boardcheck.load('board')
run(board, main.build_hal(board), passes=20)
gc.collect()
print('STARTFREE', f0, 'MENUFREE', gc.mem_free(), 'INUSE', gc.mem_alloc())
"""


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("emulator", help="path of the emulator's run_on_pico.py")
    p.add_argument("--python", default=sys.executable, help="the emulator venv's python")
    p.add_argument("--games", type=int, default=12)
    p.add_argument("--plies", type=int, default=1)
    p.add_argument("--level", type=int, default=1)
    p.add_argument("--timeout", type=float, default=3600)
    p.add_argument("--only", metavar="GAME", help="play only this game, against the board "
                   "(you first), to its result, GAMES times")
    p.add_argument("--max-playouts", type=int, metavar="N", help="the Monte-Carlo search's "
                   "playouts a move at most: the level's tree and tables in full, its search shorter")
    p.add_argument("--day", metavar="LEVELS", help="instead of GAMES: a club day against the "
                   "board, a round a level (e.g. 1,2,3,4,5), every game to its result")
    p.add_argument("--played", metavar="GAME:LEVEL,...", help="instead of GAMES: these games, "
                   "each against the board at its level to its result")
    p.add_argument("--max-nodes", type=int, metavar="N", help="the alpha-beta search's nodes "
                   "a move at most: the level's tables in full, its search shorter")
    p.add_argument("--ballast", type=int, default=0, metavar="BYTES", help="held from the "
                   "start: the heap a day's first round leaves in use at the menu")
    p.add_argument("--lang", choices=("pt", "en"), help="the language the board speaks (a "
                   "session: English unless told; --boot: the board file's unless told, as "
                   "if chosen on the board)")
    p.add_argument("--boot", metavar="BOARD", help="instead: boot the app as main.py does with "
                   "boards/BOARD.py and the rp2 HAL, and print the free heap at the menu "
                   "(the figure of tools/bench/cli.py PICO_FREE_HEAP)")
    a = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as d:
        day = tuple(int(x) for x in a.day.split(",")) if a.day else None
        played = [(g, int(lv)) for g, lv in (x.split(":") for x in a.played.split(","))] \
            if a.played else None
        extra = "PLAYED = %r\nMAX_NODES = %r\nBALLAST = %d\nLANG = %r\n" % (
            played, a.max_nodes, a.ballast, a.lang)
        stage(d, a.games, a.plies, a.level, a.only, a.max_playouts, day, extra)
        run = "import session_run"
        if a.boot:
            compile_to(os.path.join(ROOT, "boards", a.boot + ".py"), os.path.join(d, "board.mpy"))
            run = BOOT
            if a.lang:
                run = "open('lang.txt', 'w').write('%s\\n')\n" % a.lang + run
        cmd = [a.python, a.emulator, "--files", d, "--exec", run, "--timeout", str(a.timeout)]
        return subprocess.run(cmd).returncode


if __name__ == "__main__":
    sys.exit(main())
