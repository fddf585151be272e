"""tools.bench.latency's reading of a run (no emulator here): the guest's lines,
the answering frame of a touch, a race stop's answer, the spinner's rhythm."""
from tools.bench import latency

GUEST = """FIRST 120
PASS idle 500 810 3940
PASS blink 100 5150 9740
PASS mode_change 3 79420 214630
PASS move 2 12120 12430
PASS after_move 2 24440 81380
MOVE 40 12120 760 7100 4260 2800 2980 0 0 0
SLOW blink Menu 9740 480 3360 5900 0
THINK 1360000 55000 138000 375000
FLASH 1 12
DONE
"""


def test_the_guest_lines_are_read_in_milliseconds():
    g = latency.parse_guest(GUEST)
    assert g["passes"]["mode change"] == {"count": 3, "median_ms": 79.42, "max_ms": 214.63}
    assert g["passes"]["blink"]["max_ms"] == 9.74
    (m,) = g["moves"]
    assert m["pass"] == 40 and m["total"] == 12.12 and m["play"] == 2.8 and m["show"] == 4.26
    assert g["slow"] == [{"kind": "blink", "mode": "Menu", "total_ms": 9.74, "scan_ms": 0.48,
                          "step_ms": 3.36, "show_ms": 5.9, "alloc": 0}]
    assert g["flash"] == {"erases": 1, "pages": 12}
    rhythm = latency.spinner_rhythm(g["thinks"])
    assert rhythm["frames"] == 3 and rhythm["median_ms"] == 237.0 and rhythm["max_ms"] == 237.0
    assert rhythm["min_ms"] == 83.0 and rhythm["frames_at_ms"] == [[55, 138, 375]]


def test_the_boot_profile_lines():
    stages, parts = latency.parse_profile("STAGE start 35900 35900\nSTAGE main.py 49600 13700\n"
                                          "PART boot_mode 82600\nnoise\n")
    assert stages == [("start", 35900, 35900), ("main.py", 49600, 13700)]
    assert parts == {"boot mode": 82600}


def px(n, **lit):
    out = [(0, 0, 0)] * n
    for i, rgb in lit.items():
        out[int(i[1:])] = rgb
    return out


def test_a_touch_is_answered_by_a_colour_its_square_has_not_shown_lately():
    blink = [(0.1 * k, px(4, s2=(9, 9, 9) if k % 2 else (0, 0, 0))) for k in range(20)]
    frames = blink + [(2.05, px(4, s2=(0, 70, 255)))]
    assert latency.answered_at(frames, 2, 1.99) == 2.05       # a blink's phases are no answer
    assert latency.answered_at(blink, 2, 1.5) is None


def test_a_race_stop_is_answered_by_a_new_colour_anywhere():
    board = {"cols": 2, "rows": 2}
    frames = [(0.5, px(4, s0=(0, 28, 102))), (1.0, px(4, s0=(0, 28, 102), s3=(102, 32, 0))),
              (1.2151, px(4, s0=(0, 80, 0), s3=(102, 32, 0)))]
    r = {"t0": 0.0, "frames": frames, "changes": [(1.2, (0, 0), True), (1.28, (0, 0), False)]}
    (got,) = latency.race_answers(board, r, [(1.2, (0, 0), "stop 0")])
    assert got == {"kind": "stop 0", "ms": 15.1}
