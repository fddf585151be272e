"""The club page: every board live, a game full size, the session's
results (docs/club.md, "The page").

Plain HTML and JavaScript (page.html beside this file), no build step. The
browser reads the club process, never the broker: GET /api/state once, then
Server-Sent Events on /api/events, one board's snapshot per change. The
organiser's actions (players' names, pairing two boards) are POSTs that the
server takes only from this laptop itself (loopback) and only as JSON with
the X-Club header, which a page of another site cannot send without asking.
"""
import http.server
import ipaddress
import json
import os
import queue
import socketserver
import threading

from tools.link import firmware_path  # noqa: F401  (firmware/ on sys.path)

HERE = os.path.dirname(os.path.abspath(__file__))
KEEPALIVE_S = 15


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, addr, service):
        self.service = service
        self.stopping = threading.Event()
        super().__init__(addr, Handler)

    def close(self):
        self.stopping.set()
        self.shutdown()
        self.server_close()


class Handler(http.server.BaseHTTPRequestHandler):
    server_version = "club"

    def log_message(self, *_args):
        pass                                   # requests are not the club log's business

    def _send(self, code, body, ctype="application/json; charset=utf-8"):
        data = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        svc = self.server.service
        path = self.path.split("?", 1)[0]
        if path in ("/", "/index.html"):
            with open(os.path.join(HERE, "page.html"), "rb") as f:
                self._send(200, f.read(), "text/html; charset=utf-8")
        elif path == "/api/state":
            self._send(200, {"boards": svc.snapshot(), "results": svc.results(),
                             "pairs": svc.pairs(), "known": svc.club.boards(),
                             "games": game_names()})
        elif path.startswith("/api/board/"):
            snap = svc.board(path[len("/api/board/"):])
            self._send(200, snap) if snap else self._send(404, {"error": "no such board"})
        elif path == "/api/events":
            self._events(svc)
        else:
            self._send(404, {"error": "not found"})

    def _events(self, svc):
        q = svc.listen()
        try:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(b"retry: 1000\n\n")
            self.wfile.flush()
            while not self.server.stopping.is_set():
                try:
                    item = q.get(timeout=KEEPALIVE_S)
                except queue.Empty:
                    self.wfile.write(b": still here\n\n")
                    self.wfile.flush()
                    continue
                self.wfile.write(b"data: " + json.dumps(item).encode("utf-8") + b"\n\n")
                self.wfile.flush()
        except OSError:
            pass                               # the page went away
        finally:
            svc.unlisten(q)

    def do_POST(self):
        if not ipaddress.ip_address(self.client_address[0]).is_loopback:
            return self._send(403, {"error": "the organiser's actions are taken on the club laptop only"})
        if self.headers.get("X-Club") != "1" or \
                not (self.headers.get("Content-Type") or "").startswith("application/json"):
            return self._send(403, {"error": "send JSON with the X-Club: 1 header"})
        try:
            n = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(min(n, 4096)).decode("utf-8")) if n else {}
            if not isinstance(body, dict):
                raise ValueError("a JSON object")
        except (ValueError, UnicodeError) as e:
            return self._send(400, {"error": "not a JSON object: %s" % e})
        svc = self.server.service
        try:
            if self.path == "/api/names":
                svc.set_names(str(body.get("board")), body.get("names"))
            elif self.path == "/api/pair":
                svc.pair(str(body.get("a")), str(body.get("b")))
            elif self.path == "/api/unpair":
                svc.unpair(str(body.get("a")), str(body.get("b")))
            else:
                return self._send(404, {"error": "not found"})
        except ValueError as e:
            return self._send(400, {"error": str(e)})
        self._send(200, {"ok": True})


_GAMES = {}


def game_names():
    """{game id: {"name", "seats"}} of the firmware's games, for the page's words."""
    import games
    out = _GAMES
    if out:
        return out
    for gid in games.IDS:
        mod = games.load(gid)
        seats = getattr(mod, "SEATS", ("seat 0", "seat 1"))
        out[gid] = {"name": games.NAMES.get(gid, gid), "seats": list(seats)}
    return out


def serve(service, port, host="0.0.0.0"):
    """The page's server, serving in a thread of its own."""
    srv = Server((host, port), service)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv
