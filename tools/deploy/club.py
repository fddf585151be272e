"""A board on the club network: its MQTT library and its club file.

A board file with `"net": "wifi"` (boards/club9w.py, a Pico W) gets the
firmware's net/ modules, and adafruit_minimqtt with the two libraries it
imports, compiled to .mpy under lib/ (MicroPython looks there), checked
to be the versions requirements-circuitpython.txt pins. A board without
one gets none of it. `--club PATH` puts the board's club file on it as
club.json: the club, its WiFi, its broker, the board's name and password
and the club's CA (docs/developers/club-protocol.md, "The club file"), as
`python -m tools.club add-board NAME` wrote it in club/boards/NAME/ (PATH
is that folder or the file in it).
The file is checked first (net/config.py, the board's own check); what
it holds is never printed, and it is no file of the deploy's manifest,
so no later deploy removes it.
"""
import json
import os
import time

from tools.deploy.cp import INSTALL, LIB_DIR, pinned
from tools.deploy.plan import DeployError

# The library's modules (source under LIB_DIR) and the package each comes from.
MQTT_LIBRARY = (("adafruit_minimqtt/__init__.py", "adafruit_circuitpython_minimqtt"),
                ("adafruit_minimqtt/adafruit_minimqtt.py", "adafruit_circuitpython_minimqtt"),
                ("adafruit_minimqtt/matcher.py", "adafruit_circuitpython_minimqtt"),
                ("adafruit_connection_manager.py", "adafruit_circuitpython_connectionmanager"),
                ("adafruit_ticks.py", "adafruit_circuitpython_ticks"))
CLUB_FILE = "club.json"        # net/config.py FILE


def networked(board):
    """Whether a checked board file names a network."""
    return bool(board.get("net"))


def library_files(lib_dir=LIB_DIR):
    """{remote .mpy path: (source relative to lib_dir, compile)} of the MQTT
    library, checked to be the pinned versions."""
    pins = pinned()
    out = {}
    for rel, package in MQTT_LIBRARY:
        version = pins[package]
        info = os.path.join(lib_dir, "%s-%s.dist-info" % (package, version))
        if not os.path.isfile(os.path.join(lib_dir, rel)):
            raise DeployError("the MQTT library a board on the club network needs is not "
                              "installed: " + INSTALL)
        if not os.path.isdir(info):
            raise DeployError("%s in %s is not the pinned %s %s: %s"
                              % (rel, lib_dir, package, version, INSTALL))
        out["lib/" + rel[:-3] + ".mpy"] = (rel, True)
    return out


def without_net(files):
    """The firmware's files less net/: a board without a network carries none of it."""
    return dict((r, v) for r, v in files.items() if not v[0].startswith("net/"))


def read_club_file(path, board, now=None):
    """The club file's bytes, checked as the board will check them; a
    DeployError names the field (never a value)."""
    from net import config
    if not networked(board):
        raise DeployError("--club is for a board on the club network: its board file has no "
                          "\"net\" (choose --board club9w)")
    if os.path.isdir(path):          # the board's folder in the club's (tools.club add-board)
        path = os.path.join(path, CLUB_FILE)
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise DeployError("the club file %s cannot be read: %s" % (path, e.strerror or e))
    try:
        d = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeError):
        raise DeployError("the club file %s is not JSON (python -m tools.club add-board NAME "
                          "writes it, in club/boards/NAME/)" % path)
    try:
        config.check(d, os.path.basename(path))
    except config.ConfigError as e:
        raise DeployError(str(e))
    # The board's clock starts at 2021 at every power-up: it sets it at
    # least to now (net/config.py set_clock), so that TLS takes the club's
    # certificates, made before this deploy.
    d["utc"] = list(time.gmtime(now)[:6]) if now is not None else list(time.gmtime()[:6])
    return json.dumps(d, sort_keys=True).encode()


def club_line(path):
    return ("  write  /%s (the club's WiFi and broker and this board's identity, from %s)"
            % (CLUB_FILE, os.path.normpath(path)))
