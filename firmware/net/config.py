"""The club file on the board (club.json, put there by
`python -m tools.deploy --board club9w --club club/boards/NAME`, as
`python -m tools.club add-board NAME` wrote it): the club, the WiFi,
the broker, the board's name and password, the club's CA. Checked here;
a mistake names the field, never a password's value. make() builds the
board's ctx.net from it (net/club.py over net/link.py)."""
import json

from net import proto

FILE = "club.json"


class ConfigError(Exception):
    pass


def _text(d, key, where, most=256):
    v = d.get(key) if isinstance(d, dict) else None
    if not isinstance(v, str) or not v or len(v) > most:
        raise ConfigError("%s: field '%s' should be a text" % (where, key))
    return v


def check(d, where=FILE):
    """The club file's dict, checked: ConfigError naming the field."""
    if not isinstance(d, dict):
        raise ConfigError("%s: should be a JSON object" % where)
    _text(d, "club", where, 64)
    wifi = d.get("wifi")
    _text(wifi, "ssid", where + " wifi", 32)
    if not isinstance(wifi.get("password"), str) or len(wifi["password"]) > 64:
        raise ConfigError("%s wifi: field 'password' should be a text" % where)
    broker = d.get("broker")
    _text(broker, "host", where + " broker", 253)
    port = broker.get("port")
    if type(port) is not int or not 0 < port < 65536:
        raise ConfigError("%s broker: field 'port' should be a port number like 8883" % where)
    if not proto.name_ok(d.get("board")):
        raise ConfigError("%s: field 'board' should be a board name: lower-case letters, digits "
                          "and '-', 1 to 24 of them, not starting with '-'" % where)
    _text(d, "password", where, 128)
    ca = _text(d, "ca", where, 8192)
    if "-----BEGIN CERTIFICATE-----" not in ca:
        raise ConfigError("%s: field 'ca' should be the club's CA certificate (PEM)" % where)
    utc = d.get("utc")
    if utc is not None and (not isinstance(utc, list) or len(utc) != 6
                            or [x for x in utc if type(x) is not int]):
        raise ConfigError("%s: field 'utc' should be [year, month, day, hour, minute, second]"
                          % where)
    return d


def weekday(y, m, d):
    """0 for a Monday (machine.RTC's), by Sakamoto's method: no mktime,
    whose tuple differs between the two Pythons."""
    t = (0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4)
    if m < 3:
        y -= 1
    return ((y + y // 4 - y // 100 + y // 400 + t[m - 1] + d) + 6) % 7


def set_clock(cfg):
    """The chip's clock at least at the club file's `utc` (the deploy's
    time): a Pico W's clock starts at 2021-01-01 at every power-up, and
    TLS refuses a certificate whose validity starts after the clock. The
    clock only moves forward. Where there is no machine.RTC, nothing."""
    utc = cfg.get("utc")
    if utc is None:
        return False
    import time
    try:
        import machine
        rtc = machine.RTC()
    except (ImportError, AttributeError):
        return False
    if tuple(time.gmtime()[:6]) >= tuple(utc):
        return False
    y, mo, d, h, mi, sec = utc
    rtc.datetime((y, mo, d, weekday(y, mo, d), h, mi, sec, 0))
    return True


def load(storage):
    raw = storage.read(FILE)
    if raw is None:
        raise ConfigError("%s: not on the board (python -m tools.deploy --club club/boards/NAME)" % FILE)
    try:
        d = json.loads(raw.decode())
    except (ValueError, UnicodeError):
        raise ConfigError("%s: not JSON" % FILE)
    return check(d)


def make(board, storage):
    """The board's club network (net/club.py Club), or None without a club file."""
    from net.club import Club
    from net.link import Link
    from net.wifi import Wifi
    try:
        cfg = load(storage)
    except ConfigError as e:
        Club.note(storage, str(e))
        return None
    set_clock(cfg)
    club = Club(cfg["board"], storage)
    club.link = Link(cfg, log=club.log, wifi=Wifi(cfg["wifi"]["ssid"], cfg["wifi"]["password"]))
    return club
