"""The firmware's viper code never indexes outside its buffers.

On the board `ptr8(b)[i]` is a raw byte load at the buffer's address plus i:
no bounds check, and i = -1 is the byte before the buffer, not the last one
as `b[-1]` in Python. On the Pico that byte is the top of the bytearray
object's own data pointer (0x20), so a walk that steps off the front reads
32 and may write there: that was the set-aside viper evaluation of Amazonas
(docs/developers/ai.md, "The viper fault"). In CPython the same functions run
as plain Python and a negative index silently wraps, so no other test sees
it. Here every ptr8/ptr16 cast the viper functions make is a view that
refuses an index outside its buffer, and the real searches run through them.
"""
import pytest

import mcts
from check import play
from games import go, go_playout
from hal import ledmap


class Strict:
    """What a viper pointer may touch: indices 0 .. len - 1 of its buffer."""

    def __init__(self, buf):
        self.buf = buf
        self.n = len(buf)

    def _check(self, i):
        if not 0 <= i < self.n:
            raise IndexError("viper code indexed %d of a %d-item buffer" % (i, self.n))

    def __getitem__(self, i):
        self._check(i)
        return self.buf[i]

    def __setitem__(self, i, v):
        self._check(i)
        self.buf[i] = v


@pytest.fixture
def strict(monkeypatch):
    casts = []

    def cast(buf):
        casts.append(len(buf))
        return Strict(buf)

    for mod in (go_playout, mcts, ledmap):
        monkeypatch.setattr(mod, "ptr8", cast)
        if hasattr(mod, "ptr16"):
            monkeypatch.setattr(mod, "ptr16", cast)
    return casts


def test_strict_view_refuses_what_python_would_wrap(strict):
    b = bytearray(4)
    v = Strict(b)
    assert b[-1] == 0                  # Python: the last item
    with pytest.raises(IndexError):
        v[-1]                          # viper: the byte before the buffer
    with pytest.raises(IndexError):
        v[4] = 1
    v[3] = 7
    assert b == bytearray(b"\0\0\0\x07")


@pytest.mark.parametrize("moves", ["b2 f6", "d4 e5 e4 d5 c5 c6 f5 f6 e6",
                                   "d4 d5 c5 e4 e5 c4 b4 e3 f4 d3 c3 b5 a5 e6 f6 e2"])
def test_go_search_stays_inside_its_buffers(strict, moves):
    g = play(go.Game(), moves)
    m = mcts.choose(g, 5, 1, 40, mod=go)
    assert m in g.moves()
    assert strict                      # the viper functions ran through the views


def test_frame_code_stays_inside_its_buffers(strict):
    n = 81
    frame = bytearray(3 * n)
    ledmap.paint(frame, 0, n, 0x102030)
    ledmap.paint(frame, n - 1, 1, 0xFFFFFF)
    assert frame[:3] == b"\x10\x20\x30" and frame[-3:] == b"\xff\xff\xff"
    out = bytearray(3 * n)
    ledmap.to_chain_grb(frame, bytes(range(n)), 256, out, n)
    assert out[:3] == b"\x20\x10\x30"
    copy = bytearray(3 * n)
    ledmap.copy_bytes(copy, out, 3 * n)
    assert copy == out
