"""Hex rules (docs/rules/hex.md), swap, board sizes, the seed's example, notation, AI hooks. Portable."""
from check import (raises, play, random_playout, random_walk, ending_moves, winning_texts, check_refused,
                   check_illegal_input_refused, check_the_move_wins, check_candidates_along_a_game,
                   check_candidates_put_a_win_first)
from games import hex as hx
from games.common import MoveError, OptionError, EMPTY, BLACK, WHITE, BLACK_SOFT, WHITE_SOFT, FILES


def seed_position():
    """The seed's example as far as its text fixes it: Black to move wins at
    g2. Black: g1, and g3-f4-e5-e6-e7-d8-d9 reaching rank 9; White: rank 2
    from a2 to i2 except g2 (so g2 would win for White too)."""
    return play(hx.Game(), "g1 a2 g3 b2 f4 c2 e5 d2 e6 e2 e7 f2 d8 h2 d9 i2")


def is_chain(g, cells, colour):
    for c in cells:
        if g.board[c] != colour:
            return False
    for a, b in zip(cells, cells[1:]):
        if b not in g.nb[a]:
            return False
    return True


# --- options and board ------------------------------------------------------

def test_default_size_is_9():
    g = hx.Game()
    assert g.layout() == (9, 9) and hx.layout() == (9, 9) and hx.layout(None) == (9, 9)
    assert len(g.moves()) == 81 and len(g.view()) == 81
    assert g.legal_texts()[0] == "a1" and "i9" in g.legal_texts()


def test_each_size_from_5_to_9():
    for n in range(5, 10):
        g = hx.Game({"size": n})
        assert g.layout() == (n, n) and hx.layout({"size": n}) == (n, n)
        assert len(g.moves()) == n * n
        last = FILES[n - 1] + str(n)
        assert last in g.legal_texts()
        e = raises(MoveError, g.play_text, FILES[n] + "1")
        assert "not a cell" in str(e) and last in str(e), str(e)


def test_options_out_of_range_raise():
    for bad in ({"size": 4}, {"size": 10}, {"size": 0}, {"size": "9"}, {"size": True}, {"side": 9}, 9):
        raises(OptionError, hx.Game, bad)
        raises(OptionError, hx.layout, bad)


def test_neighbours_are_the_six_rhombus_directions():
    g = hx.Game()
    e5 = 4 * 9 + 4
    want = sorted((4 + dy) * 9 + 4 + dx for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)))
    assert sorted(g.nb[e5]) == want
    assert sorted(g.nb[0]) == [1, 9]                  # a1: an acute corner
    assert sorted(g.nb[8]) == sorted((7, 16, 17))     # i1: h1, h2, i2


def test_view_marks_each_sides_edges():
    g = hx.Game({"size": 5})
    v = g.view()
    assert v[0] == EMPTY and v[4] == EMPTY and v[20] == EMPTY and v[24] == EMPTY   # corners
    assert v[2] == BLACK_SOFT and v[22] == BLACK_SOFT  # c1, c5: Black's ranks
    assert v[10] == WHITE_SOFT and v[14] == WHITE_SOFT  # a3, e3: White's files
    assert v[12] == EMPTY                            # c3
    play(g, "c3 b2")
    v = g.view()
    assert v[12] == BLACK and v[6] == WHITE


# --- connections --------------------------------------------------------------

def test_black_joins_rank_1_to_rank_n_on_every_size():
    for n in range(5, 10):
        g = hx.Game({"size": n})
        moves = []
        for y in range(n):
            moves.append("a%d" % (y + 1))          # Black up file a
            if y < n - 1:
                moves.append("c%d" % (y + 1))      # White up file c: no join
        play(g, moves)
        assert g.result() == 0, n
        assert g.seat_name(0) == "Black"
        assert list(g.highlight()) == [y * n for y in range(n)]
        assert g.moves() == [] and g.legal_texts() == []


def test_white_joins_file_a_to_file_n_on_every_size():
    for n in range(5, 10):
        g = hx.Game({"size": n})
        moves = []
        for x in range(n):
            moves.append("%s4" % FILES[x])         # Black along rank 4: no join
            moves.append("%s2" % FILES[x])         # White along rank 2
        play(g, moves)
        assert g.result() == 1, n
        h = g.highlight()
        assert list(h) == [n + x for x in range(n)]
        assert is_chain(g, h, 2)


def test_a_bent_chain_wins_and_the_highlight_is_that_chain():
    # Black on 5x5: c1, c2, b3 (c2's upper-left neighbour), b4, a5.
    g = check_the_move_wins(play(hx.Game({"size": 5}), "c1 e1 c2 e2 b3 e3 b4 d4"), "a5", 0)
    h = g.highlight()
    assert [g.move_text(c) for c in h] == ["c1", "c2", "b3", "b4", "a5"]
    assert is_chain(g, h, 1)


def test_no_join_through_corner_touching_cells():
    # b2 and c3 are not neighbours: (x+1, y+1) is no direction of this board.
    g = hx.Game({"size": 5})
    play(g, "a1 e1 b2 e2 c3 e3 d4 d3 e5")
    assert g.result() is None


def test_seed_black_wins_at_g2():
    g = seed_position()
    assert g.turn == 0 and g.result() is None
    assert winning_texts(g, 0) == ["g2"]
    play(g, "g2")
    assert g.result() == 0
    assert "g2" in [g.move_text(c) for c in g.highlight()]
    assert is_chain(g, g.highlight(), 1)


def test_seed_g2_is_white_s_winning_cell_too():
    g = seed_position()
    play(g, "a9")               # Black elsewhere: now White fills g2
    assert winning_texts(g, 1) == ["g2"]


# --- swap ------------------------------------------------------------------------

def test_swap_is_only_seat_1s_first_move():
    g = hx.Game()
    assert "swap" not in g.legal_texts()
    e = raises(MoveError, g.play_text, "swap")
    assert "no stone to swap" in str(e)
    play(g, "e5")
    assert "swap" in g.legal_texts()
    assert g.move_cells(g.parse("swap")) == (4 * 9 + 4,)   # tap the stone changing hands
    play(g, "d4")
    assert "swap" not in g.legal_texts()
    check_refused(g, "swap", "second player's first move")


def test_swap_gives_seat_1_black_and_the_stone():
    g = play(hx.Game({"size": 5}), "c3")
    play(g, "swap")
    assert g.ply == 2 and g.turn == 0
    assert g.seat_name(0) == "White" and g.seat_name(1) == "Black"
    assert g.view()[12] == BLACK                 # the stone stays where it is
    # The edges keep their colours: Black's ranks are now seat 1's goal.
    assert g.view()[2] == BLACK_SOFT and g.view()[10] == WHITE_SOFT
    assert g.turn_look() == WHITE
    play(g, "b2")                                # seat 0 plays White now
    assert g.view()[6] == WHITE and g.turn == 1
    g.undo()
    g.undo()
    assert g.seat_name(0) == "Black" and g.turn == 1 and g.ply == 1
    assert g.view()[2] == BLACK_SOFT and g.turn_look() == WHITE


def test_swap_then_seat_1_wins_with_black():
    g = check_the_move_wins(play(hx.Game({"size": 5}), "c1 swap a4 c2 a3 c3 a2 c4 b1"), "c5", 1)
    assert [g.move_text(c) for c in g.highlight()] == ["c1", "c2", "c3", "c4", "c5"]
    assert g.seat_name(g.result()) == "Black"


def test_swap_then_seat_0_wins_with_white():
    g = check_the_move_wins(play(hx.Game({"size": 5}), "c3 swap a5 c2 b5 c1 c5 c4 d5 b4"), "e5", 0)
    assert g.seat_name(0) == "White"
    assert [g.move_text(c) for c in g.highlight()] == ["a5", "b5", "c5", "d5", "e5"]
    assert is_chain(g, g.highlight(), 2)


# --- input -----------------------------------------------------------------------

def test_illegal_input_changes_nothing_and_says_why():
    check_illegal_input_refused(play(hx.Game(), "e5 d4 c3"), (
        ("e5", "already holds a black stone"), ("d4", "already holds a white stone"),
        ("j1", "not a cell"), ("a10", "not a cell"), ("a0", "not a cell"), ("", "not a cell"),
        ("swap", "second player's first move")), None)


def test_upper_case_is_accepted():
    g = hx.Game()
    g.play_text("G2")
    g.play_text("SWAP")
    assert g.ply == 2 and g.black_seat == 1
    assert g.move_text(g.history[0]) == "g2"


def test_no_move_after_a_win():
    g = play(hx.Game({"size": 5}), "a1 b1 a2 b2 a3 b3 a4 b4 a5")
    assert g.result() == 0
    e = raises(MoveError, g.play_text, "e5")
    assert "game is over" in str(e)


def test_board_text_draws_the_rhombus():
    g = play(hx.Game({"size": 5}), "a1 e5")
    lines = g.board_text().split("\n")
    assert lines[0] == "5     . . . . W"
    assert lines[4] == "1 B . . . ."
    assert "seat 0" in lines[-1]


def test_random_games_always_end_with_one_winner():
    for n in range(5, 10):
        g = hx.Game({"size": n})
        played = random_playout(g, n * 7)
        r = g.result()
        assert r in (0, 1) and len(played) <= n * n
        colour = 1 if r == g.black_seat else 2
        h = g.highlight()
        assert is_chain(g, h, colour)
        if colour == 1:
            assert h[0] // n == 0 and h[-1] // n == n - 1
        else:
            assert h[0] % n == 0 and h[-1] % n == n - 1


# --- AI hooks -------------------------------------------------------------------

def test_distance_counts_empty_cells_bridges_and_edge_templates():
    g = hx.Game()
    assert g.distance(1) == 9 and g.distance(2) == 9
    play(g, "e5")
    assert g.distance(1) == 8                # e5 plus 4 cells below and 4 above
    g = play(hx.Game(), "e2")
    assert g.distance(1) == 7                # e2 is joined to rank 1 by a template
    g = play(hx.Game(), "e2 a9 d4")
    assert g.distance(1) == 5                # e2-d4 is a bridge
    play(g, "e3")                            # White intrudes into the bridge
    assert g.distance(1) == 6                # now d3 must be filled
    play(g, "d3")
    assert g.distance(1) == 5


def test_evaluate_is_the_distance_race_from_the_mover():
    g = hx.Game()
    assert g.evaluate() == 0
    play(g, "e5")
    assert g.evaluate() == (8 - 9) * 100     # White to move, Black is closer
    play(g, "swap")
    assert g.evaluate() == (8 - 9) * 100     # seat 0 is White now, still behind
    g = play(hx.Game({"size": 5}), "a1 b1 a2 b2 a3 b3 a4 b4 a5")
    assert g.evaluate() == -9000


def test_key_is_small_and_follows_the_position():
    a = play(hx.Game(), "a1 b1 c1")
    b = play(hx.Game(), "c1 b1 a1")
    assert a.key() == b.key() and 0 <= a.key() < 2 ** 30
    c = play(hx.Game(), "a1 c1 b1")
    assert c.key() != a.key()
    s1 = play(hx.Game(), "e5 swap")
    s2 = play(hx.Game(), "e5")
    assert s1.key() != s2.key()
    s1.undo()
    assert s1.key() == s2.key()


def test_candidates_are_legal_and_find_the_seed_win():
    g = seed_position()
    cs = g.candidates(4)
    assert len(cs) == 4 and cs[0] == g.parse("g2")
    assert len(set(cs)) == 4 and all(m in g.moves() for m in cs)
    g = play(hx.Game(), "e5")
    cs = g.candidates(6)
    assert cs[0] == g.parse("swap") and len(cs) == 6
    g = hx.Game({"size": 5})
    assert sorted(g.candidates(30)) == sorted(g.moves())   # all 25 when they fit
    assert len(g.candidates(3)) == 3


def test_candidates_are_legal_distinct_limited_and_cover_every_move():
    for n, seed in ((5, 3), (7, 4), (9, 5)):
        check_candidates_along_a_game(hx.Game({"size": n}), seed, (1, 5, 12, 30), 200)


def test_candidates_put_a_win_in_one_first():
    found = 0
    for n, seed in ((5, 11), (7, 12), (9, 13), (5, 14), (7, 15)):
        found += check_candidates_put_a_win_first(hx.Game({"size": n}), seed)
    assert found >= 5


def test_candidates_block_a_win_in_one():
    # White's a1-d1 joins file a to file d: e1 would join file e. Black has
    # no win in one: its first candidate stops White's.
    g = play(hx.Game({"size": 5}), "c3 a1 c4 b1 e5 c1 e4 d1")
    assert g.turn == 0 and ending_moves(g) == []
    assert g.candidates(1) == [g.parse("e1")]


def test_evaluate_after_candidates_matches_a_fresh_search():
    # evaluate() takes the distances from the masks candidates() found in
    # the position before when it can: they must be the same numbers.
    for n, seed in ((5, 21), (9, 22)):
        g = hx.Game({"size": n})
        for _ in random_walk(g, seed):
            for m in g.candidates(8):
                g.play(m)
                if g.result() is None:
                    me = 1 if g.turn == g.black_seat else 2
                    assert g._kept(me) == g.distance(me), g.board_text()
                    assert g._gained(3 - me) == g.distance(3 - me), g.board_text()
                g.undo()


def assert_group_masks_match_the_union_find(g):
    for c in range(g.nn + 4):
        if g.parent[c] == c:            # a root: its group's stones, packed
            want = [0, 0, 0]
            for d in range(g.nn):
                if g.board[d] and g._find(d) == c:
                    want[g.pj[d]] |= g.pb[d]
            assert g.gm[3 * c:3 * c + 3] == want, c


def test_group_masks_follow_the_union_find():
    g = hx.Game({"size": 7})
    for _ in random_walk(g, 31):
        assert_group_masks_match_the_union_find(g)
    assert_group_masks_match_the_union_find(g)      # and in the final position
    while g.history:
        g.undo()
    assert g.gm == [0] * len(g.gm) and g.pk == [0] * 6


# --- the opening and the swap (docs/rules/hex.md, "The opening") ------------------

def test_board_opens_off_centre_where_it_would_not_swap_itself():
    import ai
    g = hx.Game()
    r = g.swap_radius()
    assert r == 2
    for level in (1, 3, 5):
        m = ai.choose(g, level=level)
        assert m != 4 * 9 + 4 and g.cen[m] == r + 1, (level, g.move_text(m))
        g.play(m)
        assert ai.choose(g, level=3) != g.SWAP     # its own opening is not swapped
        g.undo()


def test_board_swaps_a_central_opening_and_keeps_a_weak_one():
    import ai
    cases = (("e5", True), ("e3", True), ("d6", True), ("a1", False), ("c1", False), ("i1", False))
    for text, swaps in cases:
        g = hx.Game()
        g.play_text(text)
        for level in (3, 5):
            assert (ai.choose(g, level=level) == g.SWAP) == swaps, (text, level)
    g = hx.Game(options={"size": 5})
    g.play_text("c3")
    assert g.swap_radius() == 1 and ai.choose(g, level=3) == g.SWAP
