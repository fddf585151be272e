"""The Monte-Carlo tree search (firmware/mcts.py) and Go's playouts
(games/go_playout.py). Portable: counts, not timings."""
import ai
import mcts
from check import play
from games import go, go_playout

_STATE = 270      # go_playout._S: the workspace's state bytes (a const there)


def cell(name):
    return (int(name[1:]) - 1) * 7 + "abcdefg".index(name[0])


def choose(g, level=3, seed=0, playouts=None):
    before = (g.key(), g.ply, list(g.moves()), g.board_text())
    if playouts is None:
        m = ai.choose(g, level=level, seed=seed)
    else:
        m = mcts.choose(g, level, seed, playouts, mod=go)
    assert (g.key(), g.ply, list(g.moves()), g.board_text()) == before   # left as found
    assert m in g.moves()
    return m


def middle_game():
    return play(go.Game(), "d4 e5 e4 d5 c5 c6 f5 f6 e6")


def test_go_levels_3_to_5_play_the_monte_carlo_search():
    g = middle_game()
    for level, n in ((3, go.PLAYOUTS[0]), (5, go.PLAYOUTS[1])):
        choose(g, level)
        assert mcts.last()[0] == n         # the level's playouts, all of them
    assert ai.last()[0] == go.PLAYOUTS[1]
    choose(g, 1)                            # levels 1-2 stay the alpha-beta search
    assert mcts.last()[0] == go.PLAYOUTS[1]


def test_the_budget_follows_the_clock():
    assert mcts.budget(go, 5, 200) == go.PLAYOUTS[1] * 200 // 125
    assert mcts.budget(go, 3) == go.PLAYOUTS[0]
    assert go.PLAYOUTS[0] < mcts.budget(go, 4) < go.PLAYOUTS[1]


def test_deterministic_for_a_seed():
    g = middle_game()
    a = [choose(g, playouts=150, seed=s) for s in (1, 2, 1, 2)]
    assert a[0] == a[2] and a[1] == a[3]
    n = mcts.last()
    choose(g, playouts=150, seed=2)
    assert mcts.last() == n                # the same tree, node for node


def test_the_tree_stays_within_its_memory_cap():
    g = middle_game()
    choose(g, level=5)
    t = mcts._tree
    assert t.n == mcts.cap(5) and t.nbytes() <= 48 * 1024
    assert mcts.last()[1] <= t.n
    ai.release()                           # the game's end gives it back
    assert mcts._tree is None


def held(t):
    """The bytes the tree's arrays hold."""
    return sum(len(bytes(v)) for v in t.__dict__.values() if isinstance(v, (bytearray, type(t.vis))))


def test_go_s_level_5_tree_takes_11_bytes_a_node():
    """3,500 nodes in less than the 39 KB that 3,000 took at 13 bytes a node
    (the player and the last child are bits of the move's byte)."""
    assert mcts.cap(5) == 3500
    t = mcts.Tree(mcts.cap(5), go_playout.Hooks.TYPECODE)
    assert held(t) == t.nbytes() == 11 * 3500 <= 39000
    t = mcts.Tree(100, mcts.Plain.TYPECODE)
    assert held(t) == t.nbytes() == 16 * 100


def test_a_byte_tree_refuses_what_its_bits_cannot_hold():
    t = mcts.Tree(10, "B")
    t.mv[1] = 64                           # the last-child bit's: not a move
    for who in (1, 0, 3):
        try:
            t.born(1, 1, who)
        except ValueError as e:
            assert ("moves are below 64" if who == 1 else "players are 1 and 2") in str(e)
        else:
            raise AssertionError("taken: a move of 64 by %d" % who)


def test_a_byte_tree_s_children_end_at_their_last():
    g = middle_game()
    choose(g, playouts=150, seed=3)
    t = mcts._tree
    n = t.count(0)
    root = [t.move(i) for i in range(t.first[0], t.first[0] + n)]
    assert n > 20 and len(set(root)) == n and all(m in g.moves() for m in root)
    # Every node made is one node's child: the blocks tile 1 .. used - 1.
    used = mcts.last()[1]
    blocks = sorted((t.first[i], t.count(i)) for i in range(used) if t.first[i])
    k = 1
    for f, c in blocks:
        assert f == k and c > 0
        k += c
    assert k == used


def far_ahead(leader):
    """The leader's wall on row 3 (rows 1-3 its own, 21 points), the other's
    on row 6 (rows 6-7, 14 points), row 4-5 open; the other side to move."""
    g = go.Game()
    black, white = ("%s3", "%s6") if leader == "black" else ("%s6", "%s3")
    for c in "abcdefg":
        play(g, [black % c, white % c])
    if leader == "black":
        play(g, "a1")                      # inside Black's own area: White to move
    return g


def test_a_lost_root_plays_for_the_smallest_loss():
    """Dynamic komi: with no komi Black starts about 9 points ahead, and a
    White that loses every playout cannot tell a move from another (it
    threw whole groups away against GNU Go). Its playouts then count as won
    when they lose by less than their mean."""
    h = far_ahead("black").playouts(5)
    h.root()
    assert h.calibrate(32) == 32
    assert h.komi >= 3                     # White to move, Black's mean margin over 3
    wins = [0, 0, 0]
    amaf = bytearray(256)
    for _ in range(40):
        h.reset()
        wins[h.playout(amaf)] += 1
    assert wins[2] >= 8                    # White now wins some: the search can compare
    h = far_ahead("white").playouts(5)     # Black behind: a komi the other way
    h.root()
    h.calibrate(32)
    assert h.komi <= -3
    h = go.Game().playouts(5)              # not behind: the game's own count
    h.root()
    h.calibrate(32)
    assert h.komi == 0


def test_captures_a_stone_in_atari():
    g = go.Game()
    play(g, "c4 d4 e4 a1 d5 a2")           # White's d4 in atari: d3 takes it
    # At 400 playouts. With fewer another winning move may come first, c2 or
    # b3, and with more d2, the net (d3 then has two liberties, and the
    # ladder works), as every one of them wins about as often.
    assert choose(g, playouts=400) == cell("d3")


def test_does_not_pass_behind_after_a_pass():
    g = go.Game()
    for r in range(1, 8):
        play(g, "c%d d%d" % (r, r))        # Black 21 points, White 28
    play(g, "a1 pass")
    assert choose(g, 3) != go.PASS


def test_book_opens_at_the_centre_and_swaps_it():
    g = go.Game()
    assert choose(g, 5) == cell("d4")
    play(g, "d4")
    assert choose(g, 5) == go.SWAP          # no komi: Black's stone is the better half
    g = go.Game()
    play(g, "pass swap")                   # an empty board, seat 0 now White
    assert choose(g, 3) == cell("d4")


def test_playout_ends_with_a_counted_board():
    h = middle_game().playouts(7)
    h.root()
    amaf = bytearray(49)
    wins = [0, 0, 0]
    for _ in range(40):
        h.reset()
        wins[h.playout(amaf)] += 1
    w = h.w
    assert w[_STATE + 3] == 2              # ended by two passes
    assert sum(1 for c in range(49) if w[go_playout.PT[c]] == 0) < 20
    assert wins[0] == 0 and wins[1] + wins[2] == 40
    assert all(v in (0, 1, 2) for v in amaf) and any(amaf)


def test_area_counts_regions_of_one_colour():
    g = go.Game()
    for r in range(1, 8):
        play(g, "c%d d%d" % (r, r))
    h = g.playouts(1)
    h.root()
    assert go_playout.area(h.w) == 21 - 28


def test_another_game_plays_through_its_own_interface():
    # A game without playout hooks gets the game's play/undo and evaluate().
    from games import hex as hexgame
    g = hexgame.Game()
    play(g, "e5")
    before = g.board_text() if hasattr(g, "board_text") else g.key()
    m = mcts.choose(g, 3, 0, 40)
    assert m in g.moves() and mcts.last()[0] == 40
    assert (g.board_text() if hasattr(g, "board_text") else g.key()) == before
    mcts.release()
