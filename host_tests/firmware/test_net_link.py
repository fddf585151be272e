"""The link's timing rules, without a broker (issue 35): it connects only
once the board has been left alone, and a broker out of reach is tried
again after a doubling backoff, so a flapping network costs a handshake
per try and no more. The sockets here refuse at once."""
import os
import sys

import pytest

from tools.link.firmware_path import ROOT

LIB = os.path.join(ROOT, ".venv", "circuitpython-lib")
pytestmark = pytest.mark.skipif(not os.path.isdir(os.path.join(LIB, "adafruit_minimqtt")),
                                reason="needs the MQTT library: pip install --no-deps --target "
                                ".venv/circuitpython-lib -r requirements-circuitpython.txt")

CFG = {"club": "c", "wifi": {"ssid": "x", "password": ""}, "board": "t1", "password": "p",
       "broker": {"host": "127.0.0.1", "port": 9}, "ca": ""}


class Refusing:
    """A socket pool whose every connect is refused, counted."""
    AF_INET, SOCK_STREAM = 2, 1

    def __init__(self):
        self.tries = []
        self.now = 0

    def getaddrinfo(self, host, port, *a):
        return [(2, 1, 0, "", (host, port))]

    def socket(self, *a):
        pool = self

        class S:
            def settimeout(self, t):
                pass

            def connect(self, addr):
                pool.tries.append(pool.now)
                raise OSError(111, "refused")

            def close(self):
                pass
        return S()


class Plain:
    """An SSL context that wraps nothing (the refusal comes first)."""

    def wrap_socket(self, sock, server_hostname=None):
        return sock


def link():
    if LIB not in sys.path:
        sys.path.insert(0, LIB)
    from net.link import Link
    pool = Refusing()
    return Link(CFG, pool=pool, context=Plain()), pool


def test_no_connect_while_the_board_is_touched_then_one():
    lk, pool = link()
    for now in range(0, 5000, 10):
        pool.now = now
        lk.poll(now, None, quiet=False)
    assert pool.tries == []
    pool.now = 5000
    lk.poll(5000, None, quiet=True)
    assert pool.tries == [5000] and not lk.up


def test_a_broker_out_of_reach_is_tried_after_a_doubling_backoff():
    lk, pool = link()
    for now in range(0, 120000, 10):
        pool.now = now
        lk.poll(now, None, quiet=True)
    assert pool.tries == [0, 1000, 3000, 7000, 15000, 31000, 63000, 123000][:len(pool.tries)]
    assert len(pool.tries) == 7


class Broker:
    """A socket pool whose one socket is a broker scripted in RAM: it
    accepts the connect and the subscription at once; the PUBACKs and
    PINGRESPs it owes are held until `answer()`. `writes` counts the
    socket's writes of whole packets' bytes."""
    AF_INET, SOCK_STREAM = 2, 1

    def __init__(self):
        self.got = bytearray()      # what the board wrote, not yet parsed
        self.packets = []           # (first byte, body) of each packet the board sent
        self.writes = []            # each write's bytes
        self.out = bytearray()      # what the board may read now
        self.owed = bytearray()     # answers held back
        self.hold = False           # hold the answers (not during the connect)

    def getaddrinfo(self, host, port, *a):
        return [(2, 1, 0, "", (host, port))]

    def answer(self):
        self.out += self.owed
        self.owed = bytearray()

    def _parse(self):
        while len(self.got) >= 2:
            n, shift, k = 0, 0, 1
            while True:
                if k >= len(self.got):
                    return
                b = self.got[k]
                n |= (b & 0x7F) << shift
                shift += 7
                k += 1
                if not b & 0x80:
                    break
            if len(self.got) < k + n:
                return
            first, body = self.got[0], bytes(self.got[k:k + n])
            del self.got[:k + n]
            self.packets.append((first, body))
            kind = first & 0xF0
            if kind == 0x10:
                self.out += b"\x20\x02\x00\x00"                  # CONNACK: accepted
            elif kind == 0x80:
                self.out += b"\x90\x04" + body[:2] + b"\x01\x01"  # SUBACK
            elif kind == 0x30:
                tlen = body[0] << 8 | body[1]
                pid = body[2 + tlen:4 + tlen]
                (self.owed if self.hold else self.out).extend(b"\x40\x02" + pid)   # PUBACK
            elif kind == 0xC0:
                (self.owed if self.hold else self.out).extend(b"\xd0\x00")         # PINGRESP

    def socket(self, *a):
        pool = self

        class S:
            def settimeout(self, t):
                pass

            def connect(self, addr):
                pass

            def send(self, data):
                pool.writes.append(bytes(data))
                pool.got += data
                pool._parse()
                return len(data)

            def recv_into(self, buf, n=0):
                n = n or len(buf)
                if not pool.out:
                    raise OSError(110, "timed out")
                k = min(n, len(pool.out))
                buf[:k] = pool.out[:k]
                del pool.out[:k]
                return k

            def readable(self):
                return bool(pool.out)

            def close(self):
                pass
        return S()


def connected():
    if LIB not in sys.path:
        sys.path.insert(0, LIB)
    from net.link import Link
    pool = Broker()
    lk = Link(CFG, pool=pool, context=Plain())
    lk.poll(0, None, quiet=True)    # minimqtt's connect waits for its answers itself
    assert lk.up
    pool.hold = True
    return lk, pool


def test_a_publish_is_one_write_and_its_puback_is_read_by_a_later_pass():
    lk, pool = connected()
    writes = len(pool.writes)
    assert lk.publish("gb/t1/ev", b'{"v":1}', False)
    assert len(pool.writes) == writes + 1           # one write, one TLS record on the board
    first, body = pool.packets[-1]
    assert first == 0x32 and body[2:10] == b"gb/t1/ev" and body[12:] == b'{"v":1}'
    assert lk.unacked and lk.up                     # no PUBACK yet, and no wait for it
    pool.answer()
    lk.poll(20, None)
    assert lk.unacked == [] and lk.asked is None


def test_at_most_a_window_of_publishes_waits_and_a_silent_broker_is_a_lost_link():
    from net import link as net_link
    lk, pool = connected()
    for k in range(net_link.WINDOW):
        assert lk.publish("gb/t1/ev", b"{}", False)
    assert not lk.publish("gb/t1/ev", b"{}", False)   # the window is full: the outbox waits
    lk.poll(net_link.ANSWER_MS - 10, None)
    assert lk.up
    lk.poll(net_link.ANSWER_MS + 20, None)
    assert not lk.up                                  # nothing answered: reconnect, republish


def test_the_ping_does_not_wait_for_its_answer():
    from net import link as net_link
    lk, pool = connected()
    due = net_link.KEEP_ALIVE_S * 500 + 10
    lk.poll(due, None)
    assert pool.packets[-1][0] == 0xC0 and lk.ping_out and lk.up
    pool.answer()
    lk.poll(due + 10, None)
    assert not lk.ping_out and lk.asked is None
