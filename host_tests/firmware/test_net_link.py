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
