"""The tools' one way to a board over USB: a small wrapper around the mpremote command.

Transport runs `mpremote connect list`, `mpremote connect PORT exec CODE`, and
one chained `mpremote connect PORT fs mkdir ... + fs cp ... + fs rm ... + reset`
for a whole plan (one connection instead of one per file: each costs a second
on a real Pico). Failures come back as TransportError with a kind the deploy
turns into one line for the maker. The tests put a fake `mpremote` on PATH.
"""
import os
import re
import shutil
import subprocess
import sys

MANIFEST = ".deploy.json"           # on the board: what deploy put there, with hashes
PROBE_TAG = "DEPLOY-PROBE "
# USB vendor ids of a Pico: Raspberry Pi (MicroPython's rp2 port), MicroPython,
# Adafruit (CircuitPython on a Pico).
PICO_VIDS = ("2e8a", "f055", "239a")
CIRCUITPY_VID = "239a"


class Port:
    def __init__(self, device, vid="0000", pid="0000", desc=""):
        self.device, self.vid, self.pid, self.desc = device, vid, pid, desc

    def __repr__(self):
        return "Port(%r, %r, %r)" % (self.device, self.vid, self.pid)


def parse_ports(text):
    """`mpremote connect list` lines: 'device serial vid:pid manufacturer product'."""
    ports = []
    for line in text.splitlines():
        m = re.match(r"(\S+) (\S+) ([0-9a-fA-F]{4}):([0-9a-fA-F]{4})\s*(.*)$", line.strip())
        if m:
            ports.append(Port(m.group(1), m.group(3).lower(), m.group(4).lower(), m.group(5)))
    return ports


# Run on the board: firmware, .mpy format, free space, every file with its
# size, and the manifest. Prints one tagged JSON line; nothing on the board
# changes. `root` is "/" on a board (a temp folder when tested on the unix port).
_PROBE = r"""
import sys, os
try:
    import json
except ImportError:
    import ujson as json
R = %(root)r
i = sys.implementation
r = {"name": i.name, "version": list(i.version)[:3], "mpy": getattr(i, "_mpy", 0),
     "machine": getattr(i, "_machine", "")}
try:
    s = os.statvfs(R)
    r["bsize"] = s[0]
    r["free"] = s[0] * s[3]
except Exception:
    pass
f = {}
d = []
def walk(p, rel):
    for e in os.ilistdir(p):
        full = p.rstrip("/") + "/" + e[0]
        if e[1] & 0x4000:
            d.append(rel + e[0])
            walk(full, rel + e[0] + "/")
        else:
            f[rel + e[0]] = e[3] if len(e) > 3 and e[3] >= 0 else os.stat(full)[6]
try:
    walk(R, "")
except Exception as e:
    r["error"] = repr(e)
r["files"] = f
r["dirs"] = d
try:
    with open(R.rstrip("/") + "/" + %(manifest)r) as m:
        r["manifest"] = m.read()
except OSError:
    r["manifest"] = None
print(%(tag)r + json.dumps(r))
"""


def probe_code(root="/"):
    return _PROBE % {"root": root, "manifest": MANIFEST, "tag": PROBE_TAG}


class TransportError(Exception):
    """kind: missing (no mpremote), busy, denied, no-port, no-answer, full, timeout, failed."""

    def __init__(self, kind, port=None, detail=""):
        Exception.__init__(self, kind, port, detail)
        self.kind, self.port, self.detail = kind, port, detail


def find_command(name):
    """The command on PATH, else next to this Python (a venv not activated)."""
    p = shutil.which(name)
    if p:
        return p
    here = os.path.join(os.path.dirname(sys.executable), name)
    for cand in (here, here + ".exe"):
        if os.path.exists(cand):
            return cand
    return None


def classify(text, port):
    """The TransportError for what mpremote printed when it failed."""
    low = text.lower()
    lines = [x for x in text.strip().splitlines() if x.strip()]
    last = lines[-1].strip() if lines else "no message"
    if "failed to access" in low:
        if port and os.name == "posix" and os.path.exists(port) \
                and not os.access(port, os.R_OK | os.W_OK):
            return TransportError("denied", port)
        if port and os.name == "posix" and not os.path.exists(port):
            return TransportError("no-port", port)
        return TransportError("busy", port)
    if "no device found" in low:
        return TransportError("no-port", port)
    if "could not enter raw repl" in low:
        return TransportError("no-answer", port)
    if "no space left" in low or "enospc" in low or "errno 28" in low:
        return TransportError("full", port, last)
    return TransportError("failed", port, last)


def drive_roots():
    """Folders where an RPI-RP2 or CIRCUITPY drive would be mounted on this computer."""
    user = os.environ.get("USER") or os.environ.get("USERNAME") or ""
    if os.name == "nt":
        return ["%s:\\" % c for c in "DEFGHIJKLMNOPQRSTUVWXYZ"]
    return ["/media/" + user, "/run/media/" + user, "/media", "/Volumes"]


def find_drives(roots):
    """[(kind, path)]: 'bootsel' for a Pico's boot drive, 'circuitpython' for CIRCUITPY."""
    found = []
    for root in roots:
        try:
            names = sorted(os.listdir(root))
        except OSError:
            continue
        cands = [root] if os.name == "nt" else [os.path.join(root, n) for n in names]
        for path in cands:
            base = os.path.basename(path.rstrip("\\/")).upper()
            if base == "CIRCUITPY" or os.path.exists(os.path.join(path, "boot_out.txt")):
                found.append(("circuitpython", path))
            elif base in ("RPI-RP2", "RP2350") \
                    or os.path.exists(os.path.join(path, "INFO_UF2.TXT")):
                found.append(("bootsel", path))
    return found


class Transport:
    """mpremote as subprocesses. `port` is set once chosen.

    `root` is the folder on the board that deploy treats as its flash: "/" on
    a Pico; a temp folder when the tests run MicroPython's unix port as a board.
    """

    def __init__(self, command=None, port=None, root="/"):
        self.command = command
        self.port = port
        self.root = root.rstrip("/") + "/"

    def _run(self, args, timeout):
        cmd = self.command or find_command("mpremote")
        if cmd is None:
            raise TransportError("missing")
        try:
            p = subprocess.run([cmd] + args, capture_output=True, text=True, timeout=timeout,
                               stdin=subprocess.DEVNULL)
        except FileNotFoundError:
            raise TransportError("missing")
        except subprocess.TimeoutExpired:
            raise TransportError("timeout", self.port)
        if p.returncode != 0:
            raise classify(p.stderr + "\n" + p.stdout, self.port)
        return p.stdout

    def ports(self):
        return parse_ports(self._run(["connect", "list"], 30))

    def drives(self):
        return find_drives(drive_roots())

    def exec(self, code):
        return self._run(["connect", self.port, "exec", code], 120)

    def command_line(self, ops):
        """The mpremote arguments for a list of ops, chained with '+'.

        ops: ("mkdir", remote) | ("cp", local, remote) | ("rm", remote) | ("reset",)
        Remote paths are relative to `root`.
        """
        r = ":" + self.root
        args = ["connect", self.port]
        for op in ops:
            args.append("+")
            if op[0] == "mkdir":
                args += ["fs", "mkdir", r + op[1]]
            elif op[0] == "cp":
                # -f: the plan already knows the file differs; skip mpremote's hash check
                args += ["fs", "cp", "-f", op[1], r + op[2]]
            elif op[0] == "rm":
                args += ["fs", "rm", r + op[1]]
            elif op[0] == "reset":
                args += ["reset"]
            else:
                raise ValueError(op)
        args.remove("+")            # the first '+' (right after the port) is not needed
        return args

    def apply(self, ops):
        if ops:
            self._run(self.command_line(ops), 600)
