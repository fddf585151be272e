"""tools/play/mcts_ref.py: OpenSpiel's MCTSBot over the game interface (`mcts:N`)
and the alpha-beta opponent (`ab:L`) of the match tool."""
import pytest

from test_match import TicTacToe
from tools.play import match
from tools.play.players import MatchError
from tools.play import mcts_ref


def test_proves_a_win_in_one_and_plays_it():
    g = TicTacToe("0314")                       # X wins at 2
    p = mcts_ref.MCTSPlayer(60, seed=1)
    root = p.search(g)
    assert root.best_child().action == 2
    assert root.best_child().outcome == (1.0, -1.0)     # proven, not sampled
    assert g.hist == [0, 3, 1, 4]


def test_a_proven_root_stops_the_search():
    g = TicTacToe("0314")
    root = mcts_ref.MCTSPlayer(5000, seed=1).search(g)
    assert root.outcome == (1.0, -1.0) and root.explore_count < 5000


def test_blocks_the_only_defence():
    g = TicTacToe("034")                        # O must take 8
    assert [mcts_ref.MCTSPlayer(400, seed=s).move(g) for s in range(3)] == [8, 8, 8]


def test_children_come_on_the_second_visit():
    g = TicTacToe("")
    p = mcts_ref.MCTSPlayer(1, seed=1)
    assert p.search(g).children == []           # one visit: a rollout only
    root = mcts_ref.MCTSPlayer(2, seed=1).search(g)
    assert len(root.children) == 9 and sum(c.explore_count for c in root.children) == 1


def test_is_seeded():
    import games
    g = games.load("go").Game()
    g.play(24)
    a = [mcts_ref.MCTSPlayer(30, seed=s).move(g) for s in (4, 4)]
    assert a[0] == a[1] and a[0] in g.moves()


@pytest.mark.parametrize("spec,kind", [("mcts:10000", "mcts"), ("ab:5", "ab")])
def test_the_match_tool_names_them(spec, kind):
    assert match.parse_opponent(spec, "go") == (kind, int(spec.split(":")[1]))
    p = match.make_player(kind, int(spec.split(":")[1]), 1, "go", mhz=200)
    assert isinstance(p, mcts_ref.MCTSPlayer if kind == "mcts" else mcts_ref.ABPlayer)


def test_ab_plays_the_alpha_beta_search_at_its_node_budget():
    import ai
    import games
    go = games.load("go")
    g = go.Game()
    for m in (24, 32, 31):
        g.play(m)
    m = mcts_ref.ABPlayer(5, seed=0, mhz=125).move(g)
    assert m in g.moves() and ai.last()[0] <= go.NODES[1] and ai.last()[1] > 0


# --- openspiel:N (tools/play/spiel_ref.py): OpenSpiel's own bot on its Amazons ----

def test_amazonas_moves_become_openspiels_three_actions_and_back():
    """OpenSpiel's 8 x 8 Amazons numbers its squares row by row from the top
    rank; every legal move of a few positions maps there and back, and one
    move is checked square by square (c1 = 58, b2 = 49, h8 = 7)."""
    import games.amazonas as A
    from tools.play import spiel_ref
    g = A.Game()
    for _ in range(4):
        for m in g.moves():
            acts = spiel_ref._amazonas_cells(m)
            assert all(0 <= a < 64 for a in acts) and spiel_ref._amazonas_move(acts) == m
        g.play(g.moves()[len(g.moves()) // 2])
    assert spiel_ref._amazonas_cells(A.Game().parse("c1-b2(h8)")) == [58, 49, 7]


def test_openspiel_is_offered_only_where_its_rules_are_ours():
    assert match.parse_opponent("openspiel:10000", "amazonas") == ("openspiel", 10000)
    with pytest.raises(MatchError, match="only in amazonas"):
        match.parse_opponent("openspiel:100", "hex")
