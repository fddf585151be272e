"""mcts.EXPAND_REAL: a leaf gets its children after EXPAND playouts through
it, its priors apart (docs/developers/ai-mcts.md, "Expansion by real
visits"). Counts, not timings."""
import pytest

import mcts
from check import play
from games import go


@pytest.fixture
def real(monkeypatch):
    monkeypatch.setattr(mcts, "EXPAND_REAL", True)


def nodes_after(playouts):
    g = play(go.Game(), "d4 e5 e4 d5 c5 c6 f5 f6 e6")
    mcts.choose(g, 5, 1, playouts, mod=go)
    return mcts.last()[1]


def test_priors_alone_grow_a_leaf_at_its_first_visit():
    root = nodes_after(1)
    assert nodes_after(2) > root           # the second playout's leaf got children at once


def test_a_leaf_waits_for_expand_real_visits(real):
    root = nodes_after(1)
    # each playout goes to one of the root's children: none has had EXPAND yet
    assert nodes_after(mcts.EXPAND) == root
    assert nodes_after(300) > root         # the favourite children grow in the end
