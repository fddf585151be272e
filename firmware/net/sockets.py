"""MicroPython's (or CPython's) socket and ssl as the socket pool and SSL
context adafruit_minimqtt takes (docs/developers/club-protocol.md).

minimqtt, written for CircuitPython, asks a pool for getaddrinfo() and
socket(), an SSL context for wrap_socket() before connect(), and sockets
for recv_into(), send(), settimeout(), close(). The differences this
adapter hides: MicroPython's ssl wraps a socket only once it is connected
(so the wrap waits for connect()), takes the CA as DER (the club file
holds PEM), has readinto/write where CPython has recv_into/send, and
says "no data yet" with None or its own errors where minimqtt expects
OSError(ETIMEDOUT). readable() tells without waiting whether a packet has
come, so a pass reads only what is there. The annotation-only modules the
libraries import (typing, circuitpython_typing) are given as empty names
where the port lacks them, and `micropython.const` on CPython.
"""
import sys
import socket
import ssl

ETIMEDOUT = 110
EAGAIN = 11
ECONNRESET = 104
_QUIET = ("TimeoutError", "timeout", "SSLWantReadError", "SSLWantWriteError", "BlockingIOError")


class _Names:
    """The names minimqtt and its connection manager import for annotations only."""
    List = Optional = Tuple = Type = Union = None
    CircuitPythonSocketType = InterfaceType = SocketpoolModuleType = SocketType = None
    SSLContextType = None

    @staticmethod
    def const(x):
        return x


def shim():
    """What the Adafruit libraries import and this port lacks, before they load."""
    for name in ("typing", "micropython"):
        if name not in sys.modules:
            try:
                __import__(name)
            except ImportError:
                sys.modules[name] = _Names()
    for name in ("circuitpython_typing", "circuitpython_typing.socket"):
        if name not in sys.modules:
            sys.modules[name] = _Names()


def pem_to_der(pem):
    """The first certificate of a PEM text, as DER bytes."""
    import binascii
    if isinstance(pem, bytes):
        pem = pem.decode()
    begin = pem.find("-----BEGIN CERTIFICATE-----")
    end = pem.find("-----END CERTIFICATE-----")
    if begin < 0 or end < begin:
        raise ValueError("the club's CA is no PEM certificate")
    body = pem[begin + 27:end]
    return binascii.a2b_base64("".join(body.split()))


class Context:
    """An SSL context that checks the server against the club's CA only."""

    def __init__(self, ca_pem):
        der = pem_to_der(ca_pem)
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        ctx.verify_mode = ssl.CERT_REQUIRED
        ctx.load_verify_locations(cadata=der)
        self.ctx = ctx

    def wrap_socket(self, sock, server_hostname=None):
        sock.tls = (self.ctx, server_hostname)       # wrapped once connected
        return sock


class Socket:
    def __init__(self, af, kind):
        self.raw = socket.socket(af, kind)
        self.s = self.raw
        self.tls = None
        self.poller = None

    def settimeout(self, t):
        self.raw.settimeout(t)

    def connect(self, addr):
        host, port = addr
        where = socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM)[0][-1]
        self.raw.connect(where)
        if self.tls is not None:
            ctx, name = self.tls
            self.s = ctx.wrap_socket(self.raw, server_hostname=name)

    def send(self, data):
        s = self.s
        return s.send(data) if hasattr(s, "send") else s.write(data)

    def recv_into(self, buf, n=0):
        s = self.s
        try:
            if hasattr(s, "recv_into"):
                k = s.recv_into(buf, n)
            else:
                k = s.readinto(memoryview(buf)[:n] if n else buf)
        except OSError as e:
            if type(e).__name__ in _QUIET or (e.args and e.args[0] in (ETIMEDOUT, EAGAIN)):
                raise OSError(ETIMEDOUT, "timed out")
            raise
        if k is None:                   # MicroPython's "nothing yet"
            raise OSError(ETIMEDOUT, "timed out")
        if k == 0 and (n or len(buf)):
            # The broker closed the connection: said at once (minimqtt would
            # read nothing again and again until its timeout).
            raise OSError(ECONNRESET, "connection closed")
        return k

    def readable(self):
        """Whether bytes wait to be read (never waits)."""
        pending = getattr(self.s, "pending", None)
        if pending is not None and pending() > 0:
            return True                 # CPython's ssl: decrypted already
        if self.poller is None:
            import select
            self.poller = select.poll()
            self.poller.register(self.s, select.POLLIN)
        return bool(self.poller.poll(0))

    def close(self):
        try:
            self.s.close()
        except OSError:
            pass


class Pool:
    """The socket pool: what minimqtt's connection manager calls."""
    AF_INET = socket.AF_INET
    SOCK_STREAM = socket.SOCK_STREAM

    def getaddrinfo(self, host, port, family=0, kind=0, proto=0, flags=0):
        return socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM)

    def socket(self, af=socket.AF_INET, kind=socket.SOCK_STREAM, proto=0):
        return Socket(af, kind)
