"""Mosquitto, the club's broker, run from the club folder's configuration.

The broker is Debian's `mosquitto` package; where it is missing, the error
says the command that installs it. `Broker` starts it on the folder's
mosquitto.conf, waits until its TLS port answers, reloads its passwords and
ACL (SIGHUP) and stops it.
"""
import os
import shutil
import signal
import socket
import subprocess
import time

INSTALL = "apt-get install -y mosquitto mosquitto-clients"


class BrokerError(Exception):
    """Mosquitto missing, or not starting; the text says why."""


def mosquitto_path():
    """The mosquitto binary, or None (it is in /usr/sbin, often not on PATH)."""
    found = shutil.which("mosquitto")
    if found:
        return found
    for p in ("/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto"):
        if os.access(p, os.X_OK):
            return p
    return None


def require():
    exe = mosquitto_path()
    if exe is None:
        raise BrokerError("mosquitto is not installed; install it: %s" % INSTALL)
    return exe


def free_port(host="127.0.0.1"):
    s = socket.socket()
    s.bind((host, 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Broker:
    """One mosquitto process on a club folder's configuration."""

    def __init__(self, club, port, bind=None):
        self.club, self.port, self.bind = club, port, bind
        self.proc = None

    def start(self, timeout=10.0):
        exe = require()
        conf = self.club.write_conf(self.port, self.bind)
        log = open(self.club.path("logs", "mosquitto.out"), "ab")
        self.proc = subprocess.Popen([exe, "-c", conf], stdout=log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise BrokerError("mosquitto stopped at start (exit %s): see %s"
                                  % (self.proc.returncode, self.club.path("logs")))
            try:
                socket.create_connection((self.bind or "127.0.0.1", self.port), 0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise BrokerError("mosquitto did not open port %d within %.0f s" % (self.port, timeout))

    def reload(self):
        """Read passwd and acl again (a board added while the club runs)."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGHUP)

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self):
        """SIGTERM: mosquitto saves its retained messages and sessions, then exits."""
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None


def reload_running(club):
    """SIGHUP the broker of `club` if it runs (its pid file), so that a board
    just added may connect; True if one was told."""
    try:
        with open(club.path("mosquitto.pid")) as f:
            pid = int(f.read().strip())
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            cmd = f.read()
        if b"mosquitto" not in cmd or club.path("mosquitto.conf").encode() not in cmd:
            return False                  # a stale pid file: that process is not our broker
        os.kill(pid, signal.SIGHUP)
        return True
    except (OSError, ValueError):
        return False
