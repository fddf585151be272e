"""The club's folder: everything the club makes lives in it (docs/club.md).

    club/ca.crt, ca.key          the club's certificate authority (the boards trust ca.crt)
    club/server.crt, server.key  the broker's certificate, signed by the CA, made anew at each start
    club/passwd                  Mosquitto's password file: PBKDF2-SHA512 hashes, no password
    club/acl, mosquitto.conf     the broker's rules and its configuration
    club/service.secret          the club service's own password (user `club`)
    club/wifi.json               the club's WiFi: its name and password (`wifi`)
    club/boards/<name>/club.json a board's club file: the club, its WiFi, the broker, the
                                 board's name and password, the CA; what
                                 `tools.deploy --club` puts on the board
    club/club.sqlite             the recorder's store
    club/logs/                   the broker's and the club's logs

Secrets (keys, passwords) are files readable by their owner only and are
never printed: a command says where they are, not what they are.
"""
import base64
import hashlib
import json
import os
import pwd
import secrets
import shutil
import socket
import subprocess

from tools.club import protocol

DEFAULT_DIR = "club"
DEFAULT_PORT = 8883
ITERATIONS = 101          # mosquitto_passwd's own count for PBKDF2-SHA512 ($7$)
OPENSSL_INSTALL = "apt-get install -y openssl"
BOARD_FILE = "club.json"  # the board's club file (docs/developers/club-protocol.md, The club file)
WIFI_FILE = "wifi.json"


class FolderError(Exception):
    """A club folder that cannot be used, or a request it refuses; the text says why."""


def _secret_file(path, data):
    """Write a secret readable by its owner only (made so before a byte is in it)."""
    tmp = path + ".tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    os.replace(tmp, path)


def password_hash(password, salt=None):
    """Mosquitto's password-file hash of `password` ($7$: PBKDF2-SHA512)."""
    salt = salt or secrets.token_bytes(12)
    digest = hashlib.pbkdf2_hmac("sha512", password.encode("utf-8"), salt, ITERATIONS)
    return "$7$%d$%s$%s" % (ITERATIONS, base64.b64encode(salt).decode(), base64.b64encode(digest).decode())


def addresses():
    """The names and addresses a board may reach this laptop by (the server
    certificate's): loopback, the host name, and the address of the default route."""
    names, ips = ["localhost"], ["127.0.0.1"]
    host = socket.gethostname()
    if host:
        names += [host, host + ".local"]
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))       # no packet is sent: only the route is looked up
        ip = s.getsockname()[0]
        if ip not in ips:
            ips.append(ip)
    except OSError:
        pass
    finally:
        s.close()
    return names, ips


class Club:
    """A club folder, made on first use."""

    def __init__(self, path=DEFAULT_DIR):
        self.dir = os.path.abspath(path)

    def path(self, *parts):
        return os.path.join(self.dir, *parts)

    # ---- the certificate authority and the broker's certificate ----

    def _openssl(self, *args):
        exe = shutil.which("openssl")
        if exe is None:
            raise FolderError("openssl is not installed; install it: %s" % OPENSSL_INSTALL)
        r = subprocess.run([exe] + list(args), cwd=self.dir, capture_output=True, text=True)
        if r.returncode != 0:
            raise FolderError("openssl %s failed: %s" % (args[0], r.stderr.strip()[-300:]))

    def make(self):
        """The folder, its CA and the service's password, where missing. Idempotent."""
        os.makedirs(self.path("logs"), exist_ok=True)
        os.makedirs(self.path("boards"), exist_ok=True)
        os.chmod(self.dir, 0o700)
        if not os.path.exists(self.path("ca.crt")):
            self._openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key.tmp",
                          "-out", "ca.crt.tmp", "-days", "3650", "-subj", "/CN=games club CA",
                          "-addext", "basicConstraints=critical,CA:TRUE",
                          "-addext", "keyUsage=critical,keyCertSign,cRLSign")
            os.chmod(self.path("ca.key.tmp"), 0o600)
            os.replace(self.path("ca.key.tmp"), self.path("ca.key"))
            os.replace(self.path("ca.crt.tmp"), self.path("ca.crt"))
        if not os.path.exists(self.path("service.secret")):
            _secret_file(self.path("service.secret"), secrets.token_urlsafe(24))
        if not os.path.exists(self.path("passwd")):
            self.write_passwd()
        return self

    def server_cert(self, extra=()):
        """A new broker certificate for this laptop's names and addresses now
        (and `extra` ones), signed by the CA: the boards trust the CA, so a new
        address needs no change on a board."""
        names, ips = addresses()
        for a in extra:
            (ips if all(p.isdigit() for p in a.split(".")) else names).append(a)
        san = ",".join(["DNS:" + n for n in names] + ["IP:" + i for i in ips])
        with open(self.path("server.ext"), "w") as f:
            f.write("basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\n"
                    "extendedKeyUsage=serverAuth\nsubjectAltName=%s\n" % san)
        self._openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key.tmp",
                      "-out", "server.csr", "-subj", "/CN=%s" % names[-1])
        os.chmod(self.path("server.key.tmp"), 0o600)
        self._openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
                      "-CAcreateserial", "-out", "server.crt", "-days", "825",
                      "-extfile", "server.ext")
        os.replace(self.path("server.key.tmp"), self.path("server.key"))
        for f in ("server.csr", "server.ext"):
            os.remove(self.path(f))

    # ---- who may connect ----

    def service_password(self):
        with open(self.path("service.secret")) as f:
            return f.read().strip()

    def boards(self):
        """The boards issued an identity, sorted."""
        d = self.path("boards")
        if not os.path.isdir(d):
            return []
        return sorted(n for n in os.listdir(d) if os.path.isfile(os.path.join(d, n, BOARD_FILE)))

    def board_file(self, name):
        """Board `name`'s club file (a dict; it holds the board's password)."""
        with open(self.path("boards", name, BOARD_FILE)) as f:
            return json.load(f)

    def write_passwd(self):
        """passwd anew from the service's and every board's password."""
        lines = ["%s:%s" % (protocol.CLUB_USER, password_hash(self.service_password()))]
        for b in self.boards():
            lines.append("%s:%s" % (b, password_hash(self.board_file(b)["password"])))
        _secret_file(self.path("passwd"), "\n".join(lines) + "\n")

    # ---- the club's WiFi ----

    def wifi(self):
        """{"ssid", "password"} of the club's WiFi, or None before `wifi`."""
        try:
            with open(self.path(WIFI_FILE)) as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def set_wifi(self, ssid, password):
        """The WiFi the boards join: kept in wifi.json (owner only) and put
        into every board's club file, so a board deployed later joins it."""
        if not isinstance(ssid, str) or not 0 < len(ssid.encode("utf-8")) <= 32:
            raise FolderError("a WiFi name (SSID) is 1 to 32 bytes")
        if not isinstance(password, str) or len(password.encode("utf-8")) > 64 \
                or 0 < len(password) < 8:
            raise FolderError("a WiFi password is 8 to 64 characters (empty for an open network)")
        self.make()
        wifi = {"ssid": ssid, "password": password}
        _secret_file(self.path(WIFI_FILE), json.dumps(wifi) + "\n")
        for b in self.boards():
            d = self.board_file(b)
            d["wifi"] = wifi
            self._write_board(b, d)
        return self.boards()

    # ---- the boards' identities ----

    def club_name(self):
        """The club's name in its boards' files: its folder's name."""
        return os.path.basename(self.dir)[:64] or "club"

    def _write_board(self, name, d):
        _secret_file(self.path("boards", name, BOARD_FILE), json.dumps(d, indent=1) + "\n")

    def add_board(self, name, host=None, port=DEFAULT_PORT, renew=False, passwd=True):
        """Issue board `name` its club file (a new password, the club's WiFi,
        the broker's address, the CA) into boards/<name>/club.json; returns
        that file's path. An existing board keeps its password unless
        `renew`. passwd=False leaves the password file to one write_passwd()
        after many boards."""
        why = protocol.board_name_error(name)
        if why:
            raise FolderError(why)
        wifi = self.wifi()
        if wifi is None:
            raise FolderError("the club has no WiFi yet: give it the one its boards join first "
                              "(python -m tools.club wifi SSID --dir %s)" % self.dir)
        self.make()
        d = self.path("boards", name)
        f = os.path.join(d, BOARD_FILE)
        if os.path.exists(f) and not renew:
            raise FolderError("board %s already has its identity in %s (add --renew to issue a "
                              "new password; the board then needs the new one)" % (name, f))
        os.makedirs(d, exist_ok=True)
        os.chmod(d, 0o700)
        if host is None:
            names, ips = addresses()
            host = ips[-1] if len(ips) > 1 else names[-1]
        with open(self.path("ca.crt")) as ca:
            pem = ca.read()
        self._write_board(name, {"club": self.club_name(), "wifi": wifi,
                                 "broker": {"host": host, "port": port}, "board": name,
                                 "password": secrets.token_urlsafe(18), "ca": pem})
        if passwd:
            self.write_passwd()
        return f

    # ---- the broker's configuration ----

    def write_acl(self):
        lines = ["# the club's service: every board's topics",
                 "user %s" % protocol.CLUB_USER, "topic readwrite %s/#" % protocol.ROOT, "",
                 "# a board: only its own topics (docs/developers/club-protocol.md, Topics)"]
        for leaf in ("ev", "pos", "status"):
            lines.append("pattern write %s/%%u/%s" % (protocol.ROOT, leaf))
        for leaf in ("ack", "in"):
            lines.append("pattern read %s/%%u/%s" % (protocol.ROOT, leaf))
        with open(self.path("acl"), "w") as f:
            f.write("\n".join(lines) + "\n")

    def write_conf(self, port=DEFAULT_PORT, bind=None):
        """mosquitto.conf: one TLS listener, passwords, the ACL, nobody anonymous."""
        self.write_acl()
        q = lambda name: self.path(name)   # noqa: E731
        listener = "listener %d %s" % (port, bind) if bind else "listener %d" % port
        lines = [
            "# written by python -m tools.club: edit the club's options there, not here",
            "per_listener_settings false",
            "allow_anonymous false",
            "password_file %s" % q("passwd"),
            "acl_file %s" % q("acl"),
            "persistence true",
            "persistence_location %s/" % self.dir,
            "autosave_interval 60",
            "max_queued_messages 100000",
            # QoS 1 messages in flight to one client: the recorder takes every board's
            # events, and 20 (the default) unacknowledged ones would throttle it
            "max_inflight_messages 1000",
            "log_dest file %s" % q(os.path.join("logs", "mosquitto.log")),
            "log_type error", "log_type warning", "log_type notice",
            "connection_messages true",
            "pid_file %s" % q("mosquitto.pid"),
            # as root mosquitto would become user `mosquitto`, who cannot read this folder
            "user %s" % pwd.getpwuid(os.getuid()).pw_name,
            listener,
            "protocol mqtt",
            "cafile %s" % q("ca.crt"),
            "certfile %s" % q("server.crt"),
            "keyfile %s" % q("server.key"),
            "tls_version tlsv1.2",
        ]
        with open(self.path("mosquitto.conf"), "w") as f:
            f.write("\n".join(lines) + "\n")
        return self.path("mosquitto.conf")
