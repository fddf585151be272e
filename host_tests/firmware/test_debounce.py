"""The eager debounce (hal/debounce.py) as the simulated board and the web
page's HAL use it: a chattering contact counts once on closing and once on
opening, each at the first scan that reads it (hal/rp2.py's bit-mask form
has the same test in test_hal_rp2.py)."""
from hal import sim, web
from hal.debounce import Lockout
from boards.club9 import BOARD as CLUB9


def chatter(scan, set_raw, t, edges, gap=2):
    """Readings `gap` ms apart from time t, each scanned: [(t, event)]."""
    got = []
    for closed in edges:
        set_raw(closed)
        got += [(t, e) for e in scan(t)]
        t += gap
    return got


def check_backend(scan, set_raw, is_down):
    press = chatter(scan, set_raw, 1000, (True, False, True, False, True, True, True))
    assert press == [(1000, (5, True))]
    for t in range(1020, 1100, 10):
        assert list(scan(t)) == [] and is_down()
    release = chatter(scan, set_raw, 1100, (False, True, False, True, False, False))
    assert release == [(1100, (5, False))]
    for t in range(1120, 1200, 10):
        assert list(scan(t)) == [] and not is_down()
    # A tap shorter than the lockout: its release counts when the lockout ends.
    got = chatter(scan, set_raw, 2000, (True, True, False, True, False, False, False))
    assert got == [(2000, (5, True))]
    assert list(scan(2020)) == [(5, False)] and list(scan(2030)) == []


def test_the_simulated_matrix_with_bounces():
    m = sim.SimMatrix(9, 9)
    m.bounce_model(20)
    check_backend(m.scan, lambda v: m.set_raw(5, v), lambda: m.is_down(5))


class Link:
    def __init__(self):
        self.raw = bytearray(85)

    def switches(self):
        return "".join("1" if v else "0" for v in self.raw)


def test_the_web_matrix_with_bounces():
    link = Link()
    m = web.WebMatrix(dict(CLUB9), link)

    def set_raw(v):
        link.raw[5] = 1 if v else 0
    check_backend(m.scan, set_raw, lambda: m.is_down(5))


def test_no_debounce_time_counts_every_change():
    d = Lockout(3, 0)
    out = []
    for t, v in enumerate((1, 0, 1)):
        d.raw[1] = v
        d.settle(t, out)
    assert out == [(1, True), (1, False), (1, True)]


def test_the_lockout_survives_the_ticks_wrap():
    d = Lockout(2, 20)
    d.raw[0] = 1
    assert d.settle(0x3FFFFFFF - 5, []) == [(0, True)]
    d.raw[0] = 0
    assert d.settle(4, []) == []                  # 10 ms on, across the wrap
    assert d.settle(14, []) == [(0, False)]       # 20 ms on
