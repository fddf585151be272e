"""The club file on the board (net/config.py): each mistake named by its
field and never by a value, and the chip's clock set forward to the
deploy's time, so TLS takes certificates made before it (issue 35)."""
import sys
import time
import types

import pytest

from net import config

GOOD = {"club": "c", "wifi": {"ssid": "clube", "password": "pw-XYZ"},
        "broker": {"host": "10.0.0.1", "port": 8883}, "board": "mesa-3", "password": "sec-XYZ",
        "ca": "-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----\n"}


def with_(**change):
    d = dict(GOOD)
    d.update(change)
    return d


@pytest.mark.parametrize("d, field", [
    (with_(board="Mesa"), "'board'"), (with_(board="-a"), "'board'"), (with_(board="a" * 25), "'board'"),
    (with_(broker={"host": "h", "port": 0}), "'port'"), (with_(broker={"port": 1}), "'host'"),
    (with_(wifi={"password": "x"}), "'ssid'"), (with_(ca="not a pem"), "'ca'"),
    (with_(password=""), "'password'"), (with_(utc=[2026, 1]), "'utc'"), ([], "JSON object")])
def test_each_mistake_is_named_by_its_field_never_a_value(d, field):
    with pytest.raises(config.ConfigError) as e:
        config.check(d)
    assert field in str(e.value)
    assert "pw-XYZ" not in str(e.value) and "sec-XYZ" not in str(e.value)


def test_a_good_file_passes():
    assert config.check(with_(utc=[2026, 12, 7, 23, 0, 0]))["board"] == "mesa-3"


def test_the_clock_is_set_forward_to_the_deploys_time_never_back(monkeypatch):
    set_to = []

    class RTC:
        def datetime(self, t):
            set_to.append(t)
    monkeypatch.setitem(sys.modules, "machine", types.SimpleNamespace(RTC=RTC))
    now = list(time.gmtime()[:6])
    assert not config.set_clock({"utc": [2021, 1, 1, 0, 0, 0]})       # the clock is past it
    later = [now[0] + 1] + now[1:]
    assert config.set_clock({"utc": later})
    assert set_to[0][:3] == tuple(later[:3]) and set_to[0][4:7] == tuple(later[3:6])
    assert not config.set_clock({})


def test_the_weekday_is_the_calendars():
    for y, m, d in ((2026, 12, 7), (2024, 2, 29), (2000, 1, 1), (2021, 1, 1)):
        assert config.weekday(y, m, d) == time.strptime("%d-%d-%d" % (y, m, d), "%Y-%m-%d").tm_wday
