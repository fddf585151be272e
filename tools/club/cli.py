"""A whole club on one laptop, one command (docs/club.md).

    python -m tools.club [--dir club] [--port 8883] [--http-port 8080]
    python -m tools.club wifi SSID [--dir club] [--password-file FILE]
    python -m tools.club add-board NAME [--dir club] [--host ADDRESS] [--renew]
    python -m tools.club pair A B [--dir club]      (and unpair A B)
    python -m tools.club boards [--dir club]

The first runs the club until Ctrl-C: Mosquitto on its TLS port with the
club's certificate authority, passwords and ACL; the recorder and relay;
the club page on its HTTP port. `wifi` gives the club the WiFi its boards
join (the password asked without echo, or read from a file). `add-board`
issues a board its club file DIR/boards/NAME/club.json (the WiFi, the
broker, a password, the CA certificate), which
`python -m tools.deploy --board club9w --club DIR/boards/NAME` puts on the
board; no password is ever printed. `pair` tells the running club
that two boards play their next game against each other.
"""
import argparse
import getpass
import json
import os
import signal
import sys
import threading
import urllib.error
import urllib.request

from tools.club import broker as club_broker
from tools.club.folder import DEFAULT_DIR, DEFAULT_PORT, Club, FolderError

DEFAULT_HTTP = 8080
RUN_FILE = "run.json"     # the running club's ports, for `pair`


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.club", description=__doc__.split("\n\n")[0])
    p.add_argument("--dir", default=DEFAULT_DIR, help="the club's folder (default: club)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help="the broker's TLS port (default 8883)")
    p.add_argument("--http-port", type=int, default=DEFAULT_HTTP, help="the page's port (default 8080)")
    p.add_argument("--bind", help="listen on this address only (default: every interface)")
    p.add_argument("--address", action="append", default=[],
                   help="a further name or address of this laptop for the server certificate")
    sub = p.add_subparsers(dest="command")
    wf = sub.add_parser("wifi", help="the WiFi the club's boards join")
    wf.add_argument("ssid")
    wf.add_argument("--password-file", metavar="FILE",
                    help="read the WiFi's password from FILE's first line (default: ask it)")
    ab = sub.add_parser("add-board", help="issue a board its club file (WiFi, broker, password, CA)")
    ab.add_argument("name")
    ab.add_argument("--host", help="the address the board reaches this laptop at "
                    "(default: this laptop's address now)")
    ab.add_argument("--renew", action="store_true", help="issue a board that has one a new password")
    ab.add_argument("--port", type=int, default=argparse.SUPPRESS,
                    help="the broker's port the board connects to (default 8883)")
    for name, what in (("pair", "two boards play their next game against each other"),
                       ("unpair", "end a pairing")):
        sp = sub.add_parser(name, help=what)
        sp.add_argument("a")
        sp.add_argument("b")
    sub.add_parser("boards", help="the boards that have an identity")
    for sp in sub.choices.values():
        sp.add_argument("--dir", default=argparse.SUPPRESS, help="the club's folder (default: club)")
    a = p.parse_args(argv)
    club = Club(a.dir)
    try:
        if a.command == "wifi":
            return wifi(club, a)
        if a.command == "add-board":
            return add_board(club, a)
        if a.command in ("pair", "unpair"):
            return pair(club, a.command, a.a, a.b)
        if a.command == "boards":
            for b in club.boards():
                print(b)
            return 0
        return run(club, a)
    except (FolderError, club_broker.BrokerError) as e:
        print("club: %s" % e, file=sys.stderr)
        return 1


def wifi(club, a):
    if a.password_file:
        try:
            with open(a.password_file, encoding="utf-8") as f:
                password = f.readline().rstrip("\r\n")
        except (OSError, UnicodeError) as e:
            raise FolderError("the password file %s cannot be read: %s"
                              % (a.password_file, getattr(e, "strerror", None) or e))
    else:
        password = getpass.getpass("password of WiFi %s (empty for an open network): " % a.ssid)
    boards = club.set_wifi(a.ssid, password)
    print("the club's boards join WiFi %s (its password is in %s)%s"
          % (a.ssid, club.path("wifi.json"),
             "; the club files of %d board(s) have it now: deploy them again" % len(boards)
             if boards else ""))
    return 0


def add_board(club, a):
    f = club.add_board(a.name, host=a.host, port=a.port, renew=a.renew)
    told = club_broker.reload_running(club)
    print("board %s: its club file is %s (it holds the board's password); put it on the board: "
          "python -m tools.deploy --board club9w --club %s%s"
          % (a.name, f, os.path.dirname(f), "; the running club knows it now" if told else ""))
    return 0


def pair(club, what, x, y):
    try:
        with open(club.path(RUN_FILE)) as f:
            port = json.load(f)["http_port"]
    except (OSError, ValueError, KeyError):
        print("club: no club runs from %s (start it: python -m tools.club --dir %s)"
              % (club.dir, club.dir), file=sys.stderr)
        return 1
    req = urllib.request.Request("http://127.0.0.1:%d/api/%s" % (port, what),
                                 data=json.dumps({"a": x, "b": y}).encode(), method="POST",
                                 headers={"Content-Type": "application/json", "X-Club": "1"})
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            r.read()
    except urllib.error.HTTPError as e:
        print("club: %s" % json.loads(e.read() or b"{}").get("error", e), file=sys.stderr)
        return 1
    except OSError as e:
        print("club: the club at port %d does not answer (%s)" % (port, e), file=sys.stderr)
        return 1
    print("%s and %s: %s" % (x, y, "paired" if what == "pair" else "no longer paired"))
    return 0


class Running:
    """The broker, the service and the page of one club folder, started and stopped together."""

    def __init__(self, club, port, http_port, bind=None, extra=()):
        from tools.club import page
        from tools.club.service import Service, setup_log
        club_broker.require()
        club.make()
        club.server_cert(extra)
        setup_log(club)
        self.club = club
        self.broker = club_broker.Broker(club, port, bind).start()
        try:
            self.service = Service(club, port).start()
            self.page = page.serve(self.service, http_port, bind or "0.0.0.0")
        except Exception:
            self.broker.stop()
            raise
        self.http_port = self.page.server_address[1]
        with open(club.path(RUN_FILE), "w") as f:
            json.dump({"http_port": self.http_port, "mqtt_port": port}, f)

    def stop(self):
        self.page.close()
        self.service.stop()
        self.broker.stop()
        try:
            os.remove(self.club.path(RUN_FILE))
        except OSError:
            pass


def run(club, a):
    r = Running(club, a.port, a.http_port, a.bind, a.address)
    print("club running from %s: broker on port %d (TLS), page at http://%s:%d/; Ctrl-C stops it"
          % (club.dir, a.port, a.bind or "localhost", r.http_port))
    print("%d board(s) with an identity; add one: python -m tools.club add-board NAME --dir %s"
          % (len(club.boards()), club.dir))
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    try:
        while not done.wait(1):
            if not r.broker.running():
                print("club: mosquitto stopped: see %s" % club.path("logs", "mosquitto.log"), file=sys.stderr)
                break
    except KeyboardInterrupt:
        pass
    r.stop()
    print("club stopped; its games are in %s (python -m tools.records export --dir %s)"
          % (club.path("club.sqlite"), club.dir))
    return 0
