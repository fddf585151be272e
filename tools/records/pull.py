"""Copying a board's record book off it over mpremote (docs/makers/records.md).

The board's book is games.txt, and games.1.txt once it has rotated past
64 KB (firmware/app/saves.py). A pull reads, never writes: one `exec` asks the
board its unique id, each file's size and a SHA-256 of the part already
copied; a second reads only the bytes not yet copied (the book grows at its
end), or the whole file when it is not the one copied before (a rotation).
A local copy about to be replaced is first kept under `older/`: a game the
board has dropped stays on the computer.
"""
import base64
import hashlib
import json
import os

from tools.link.mpremote import Transport, TransportError
from tools.link.mpremote import PICO_VIDS
from tools.records.book import read_book

BOOKS = ("games.txt", "games.1.txt")
TAG = "@@records@@"
CHUNK = 384       # bytes per base64 line printed by the board

# Run on the board: prints one tagged JSON line. %(have)r: {name: local size}.
_PROBE = r"""
import os
try:
    import json
except ImportError:
    import ujson as json
try:
    import binascii
except ImportError:
    import ubinascii as binascii
try:
    import hashlib
except ImportError:
    hashlib = None
R = %(root)r
r = {"uid": "", "files": {}}
try:
    import machine
    r["uid"] = binascii.hexlify(machine.unique_id()).decode()
except Exception:
    pass
for name, n in %(have)r.items():
    try:
        size = os.stat(R + name)[6]
    except OSError:
        continue
    info = {"size": size}
    if 0 < n <= size and hashlib is not None:
        h = hashlib.sha256()
        with open(R + name, "rb") as f:
            left = n
            while left:
                b = f.read(512 if left > 512 else left)
                if not b:
                    break
                h.update(b)
                left -= len(b)
        info["prefix"] = binascii.hexlify(h.digest()).decode()
    r["files"][name] = info
print(%(tag)r + json.dumps(r))
"""

# Run on the board: the bytes [start, end) of each file, base64 lines between
# tagged markers. Reads only.
_READ = r"""
import sys
try:
    import binascii
except ImportError:
    import ubinascii as binascii
R = %(root)r
for name, start, end in %(parts)r:
    print(%(tag)r + "file " + name)
    with open(R + name, "rb") as f:
        f.seek(start)
        left = end - start
        while left > 0:
            b = f.read(%(chunk)d if left > %(chunk)d else left)
            if not b:
                break
            left -= len(b)
            sys.stdout.write(binascii.b2a_base64(b))
print(%(tag)r + "end")
"""


class PullError(Exception):
    pass


class LongTransport(Transport):
    """deploy's mpremote wrapper, with room for a whole book read over a slow link."""

    def exec(self, code, timeout=None):
        # The probe is small: a board that has not answered it in two minutes
        # is not going to (it was off the bus, or busy); reading a whole
        # 64 KB book over a slow link may take many minutes.
        if timeout is None:
            timeout = 900 if "b2a_base64" in code else 120
        return self._run(["connect", self.port, "exec", code], timeout)

    def reset(self):
        self._run(["connect", self.port, "reset"], 60)


def probe_code(have, root="/"):
    return _PROBE % {"root": root, "have": have, "tag": TAG}


def read_code(parts, root="/"):
    return _READ % {"root": root, "parts": parts, "tag": TAG, "chunk": CHUNK}


def parse_probe(text):
    for line in text.splitlines():
        if line.startswith(TAG):
            return json.loads(line[len(TAG):])
    raise PullError("the board did not answer the record-book probe: %s"
                    % (text.strip().splitlines() or ["no output"])[-1])


def parse_read(text):
    """{name: bytes} from what _READ printed."""
    out, cur, ended = {}, None, False
    for line in text.splitlines():
        if line.startswith(TAG + "file "):
            cur = line[len(TAG) + 5:]
            out[cur] = []
        elif line.startswith(TAG + "end"):
            ended = True
        elif cur is not None and line.strip():
            out[cur].append(base64.b64decode(line.strip()))
    if not ended:
        raise PullError("the board's answer was cut off: run the pull again")
    return dict((k, b"".join(v)) for k, v in out.items())


def _sha(data):
    return hashlib.sha256(data).hexdigest()


def _read_local(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return b""


def _keep_older(folder, name, data):
    """Keep a local copy the board no longer has, under older/ (by its hash)."""
    if not data:
        return
    older = os.path.join(folder, "older")
    os.makedirs(older, exist_ok=True)
    path = os.path.join(older, "%s.%s.txt" % (name[:-4], _sha(data)[:12]))
    if not os.path.exists(path):
        with open(path, "wb") as f:
            f.write(data)


def pull(transport, dest, root="/", say=print):
    """Copy one board's books into dest/<unique id>/. Returns the folder."""
    # The probe needs the local sizes, which need the board's id: ask once
    # without them, then (only if copies exist) again with them.
    info = parse_probe(transport.exec(probe_code(dict((n, 0) for n in BOOKS), root)))
    uid = info.get("uid") or ""
    if not uid:
        raise PullError("the board did not say its unique id (machine.unique_id)")
    folder = os.path.join(dest, uid)
    local = dict((n, _read_local(os.path.join(folder, n))) for n in BOOKS)
    if any(local.values()):
        info = parse_probe(transport.exec(probe_code(dict((n, len(local[n])) for n in BOOKS), root)))
    parts, plan = [], {}
    for name in BOOKS:
        f = info["files"].get(name)
        if f is None:
            plan[name] = "missing"
            continue
        have = local[name]
        if have and f.get("prefix") == _sha(have):
            if f["size"] == len(have):
                plan[name] = "same"
                continue
            parts.append((name, len(have), f["size"]))
            plan[name] = "grown"
        else:
            parts.append((name, 0, f["size"]))
            plan[name] = "new" if not have else "replaced"
    got = parse_read(transport.exec(read_code(parts, root))) if parts else {}
    os.makedirs(folder, exist_ok=True)
    say("board %s: record books into %s" % (uid, folder))
    for name in BOOKS:
        what = plan[name]
        if what == "missing":
            say("  %s: not on the board%s" % (name, " (it has not rotated yet)" if name != BOOKS[0] else ""))
            continue
        if what == "same":
            say("  %s: nothing new (%d bytes)" % (name, len(local[name])))
            continue
        start, end = [(s, e) for n, s, e in parts if n == name][0]
        data = got.get(name, b"")
        if len(data) != end - start:
            raise PullError("%s changed on the board while it was read (a game ended?): "
                            "run the pull again" % name)
        if what == "grown":
            new_bytes, whole = data, local[name] + data
        else:
            if what == "replaced":
                _keep_older(folder, name, local[name])
            new_bytes, whole = data, data
        tmp = os.path.join(folder, name + ".part")
        with open(tmp, "wb") as f:
            f.write(whole)
        os.replace(tmp, os.path.join(folder, name))
        games, skipped = read_book(new_bytes)
        if what == "replaced":     # a rotation: most of these were pulled before
            known = set(r.key() for n in BOOKS for r in read_book(local[n])[0])
            games = [r for r in games if r.key() not in known]
        note = " (the board rotated its book; the copy before is kept in older/)" \
            if what == "replaced" else ""
        say("  %s: %d new game%s, %d bytes copied%s%s"
            % (name, len(games), "" if len(games) == 1 else "s", len(data),
               ", %d line(s) unreadable" % skipped if skipped else "", note))
        for r in games:
            say("    %s %s (%d moves) #%s" % (r.game, r.said(), len(r.moves), r.tag))
    return folder


def board_ports(transport):
    """Every board plugged in (mpremote connect list), Picos and other
    MicroPython boards by their USB vendor id."""
    return [p.device for p in transport.ports() if p.vid in PICO_VIDS]


def pull_all(dest, port=None, everyone=False, reset=True, say=print, transport_class=LongTransport):
    ports = [port] if port else None
    if ports is None:
        found = board_ports(transport_class())
        if not found:
            raise PullError("no board found: plug one in over USB, or give --port "
                            "(mpremote connect list shows the ports)")
        if len(found) > 1 and not everyone:
            raise PullError("%d boards plugged in (%s): name one with --port, or pull them all "
                            "with --all" % (len(found), ", ".join(found)))
        ports = found
    folders, failed = [], []
    for p in ports:
        t = transport_class(port=p)
        try:
            folders.append(pull(t, dest, say=say))
        except (TransportError, PullError) as e:
            why = _transport_words(e) if isinstance(e, TransportError) else str(e)
            if len(ports) == 1:
                raise PullError("%s: %s" % (p, why))
            say("%s: %s" % (p, why))      # the other boards are still pulled
            failed.append(p)
        finally:
            if reset:
                try:
                    t.reset()   # the pull stopped the board's app: start it again
                except TransportError:
                    say("  (%s did not restart: unplug it and plug it in again)" % p)
    if failed:
        raise PullError("%d of %d boards not pulled (%s): see above"
                        % (len(failed), len(ports), ", ".join(failed)))
    return folders


def _transport_words(e):
    kinds = {"missing": "mpremote is not installed (pip install -r requirements.txt)",
             "busy": "the port is in use by another program (a serial monitor, Thonny?)",
             "denied": "no permission to open the port (Linux: add yourself to the dialout group)",
             "no-port": "no such port: is the board plugged in?",
             "no-answer": "the board does not answer (press its reset, or replug it)",
             "timeout": "the board stopped answering",
             "full": "the board says its flash is full"}
    return kinds.get(e.kind, "mpremote failed: %s" % getattr(e, "detail", ""))
