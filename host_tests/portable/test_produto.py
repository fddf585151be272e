"""Produto rules (docs/rules/produto.md), the seed's worked examples, notation, AI hooks. Portable."""
from check import (raises, play, random_walk, check_random_games_end_with_a_winner, check_refused,
                   check_illegal_input_refused, check_key_follows_the_position)
from games import produto
from games.common import MoveError, OptionError, OFF, EMPTY, BLACK, WHITE, cell_name

FILES = "abcdefghi"


def name(x, y):
    return cell_name(x, y)


def hexagon():
    """The 61 cells as (x, y), rank by rank: |x - y| <= 4 on the 9 x 9 grid."""
    return [(x, y) for y in range(9) for x in range(9) if -4 <= x - y <= 4]


def fill(colour_at):
    """A full board played cell by cell; colour_at(x, y) gives 'B' or 'W'."""
    g = produto.Game()
    for x, y in hexagon():
        g.play_text(colour_at(x, y) + name(x, y))
    return g


def naive_products(g):
    """The two largest groups' product per colour, by a plain flood fill of the
    view (independent of the module's union-find)."""
    v = g.view()
    seen = [False] * 81
    sizes = {BLACK: [], WHITE: []}
    for x0, y0 in hexagon():
        c0 = y0 * 9 + x0
        k = v[c0]
        if k not in sizes or seen[c0]:
            continue
        seen[c0] = True
        stack = [(x0, y0)]
        n = 0
        while stack:
            x, y = stack.pop()
            n += 1
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < 9 and 0 <= ny < 9 and -4 <= nx - ny <= 4:
                    c = ny * 9 + nx
                    if not seen[c] and v[c] == k:
                        seen[c] = True
                        stack.append((nx, ny))
        sizes[k].append(n)
    out = []
    for k in (BLACK, WHITE):
        s = sorted(sizes[k])
        out.append(s[-1] * s[-2] if len(s) >= 2 else 0)
    return out


def seed_21_18():
    """The seed's left diagram as far as its text fixes it: Black 7 x 3 = 21,
    White 18 (here 6 x 3). Black a3-g3 and a5-c5 (a4, b4 and c4 touch
    both), White d8-i8 and c1-e1 (far apart)."""
    g = produto.Game()
    play(g, "Ba3 Bb3 Bc3 Bd3 Be3 Bf3 Bg3 Ba5 Bb5 Bc5")
    play(g, "Wd8 We8 Wf8 Wg8 Wh8 Wi8 Wc1 Wd1 We1")
    return g


# --- the board -----------------------------------------------------------

def test_board_is_the_hexagon_of_61_cells_on_the_9x9_grid():
    g = produto.Game()
    assert produto.layout() == (9, 9) and g.layout() == (9, 9)
    v = g.view()
    assert len(v) == 81
    cells = hexagon()
    assert len(cells) == 61
    for y in range(9):
        for x in range(9):
            want = EMPTY if (x, y) in cells else OFF
            assert v[y * 9 + x] == want, (x, y)
    # 61 cells, each playable in either colour.
    assert len(g.moves()) == 122
    texts = g.legal_texts()
    assert "Ba1" in texts and "Wa1" in texts and "Bi9" in texts and "Be5" in texts
    assert "Bi1" not in texts and "Wa9" not in texts and "Ba6" not in texts and "Bf1" not in texts
    assert "Ba5" in texts and "Be1" in texts and "Bi5" in texts and "Be9" in texts


def test_neighbours_are_the_six_hexagon_directions():
    nb = produto.NB
    e5 = 4 * 9 + 4
    want = sorted((4 + dy) * 9 + 4 + dx for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)))
    assert sorted(nb[e5]) == want
    # d4-e5-f6 is a line; d6 and f4 are not neighbours of e5.
    assert 5 * 9 + 3 not in nb[e5] and 3 * 9 + 5 not in nb[e5]
    # a1 is a corner of the hexagon with three neighbours: b1, a2, b2.
    assert sorted(nb[0]) == sorted((1, 9, 10))
    g = play(produto.Game(), "Bd4 Bf6 We5")
    assert g.score() == [1, 0]          # d4 and f6: two black groups of 1
    g = play(produto.Game(), "Bd4 Bf6 Be5")
    assert g.score() == [0, 0]          # d4-e5-f6: one group of 3
    play(g, "Wa1 Bi9")
    assert g.score() == [3, 0]
    # e3 and c5 touch d4 only at a corner: three groups of 1.
    g = play(produto.Game(), "Bd4 Be3 Bc5")
    assert g.score() == [1, 0]
    play(g, "Bd3")                      # d3 touches d4 and e3: 3 x 1
    assert g.score() == [3, 0]


# --- turns -----------------------------------------------------------------

def test_black_places_one_stone_then_every_turn_is_two_stones():
    g = produto.Game()
    seats = []
    while g.result() is None:
        seats.append(g.turn)
        g.play(g.moves()[0])
    assert len(seats) == 61 and g.ply == 61
    assert seats[:9] == [0, 1, 1, 0, 0, 1, 1, 0, 0]
    for p in range(1, 61):
        assert seats[p] == ((p - 1) // 2 + 1) % 2, p
    assert seats[59] == 0 and seats[60] == 0   # the last turn is a full one


def test_each_stone_may_be_of_either_colour():
    g = produto.Game()
    assert "Wa1" in g.legal_texts()       # even Black's single first stone
    play(g, "We5")
    assert g.turn == 1
    play(g, "Bd4")                        # White's seat places a black stone
    assert g.turn == 1 and g.ply == 2
    play(g, "Bc3")
    assert g.turn == 0
    v = g.view()
    assert v[4 * 9 + 4] == WHITE and v[3 * 9 + 3] == BLACK and v[2 * 9 + 2] == BLACK


def test_stone_supply_is_45_of_each_colour():
    g = produto.Game()
    cells = hexagon()
    for x, y in cells[:45]:
        g.play_text("B" + name(x, y))
    assert g.count[1] == 45
    assert not [t for t in g.legal_texts() if t[0] == "B"]
    assert len(g.legal_texts()) == 16
    x, y = cells[50]
    check_refused(g, "B" + name(x, y), "all 45 black stones")
    for x, y in cells[45:]:
        g.play_text("W" + name(x, y))
    # Board full: one black group of 45, one white group of 16, both score 0;
    # equal products, and White has fewer stones of its own colour.
    assert g.ply == 61 and g.score() == [0, 0]
    assert g.result() == 1


def test_white_supply_limit_too():
    g = produto.Game()
    cells = hexagon()
    play(g, ["B" + name(*cells[0])])
    for x, y in cells[1:46]:
        g.play_text("W" + name(x, y))
    assert g.count[2] == 45
    assert all(t[0] == "B" for t in g.legal_texts())
    e = raises(MoveError, g.play_text, "W" + name(*cells[60]))
    assert "all 45 white stones" in str(e), str(e)


# --- scoring ---------------------------------------------------------------

def test_seed_21_against_18():
    g = seed_21_18()
    assert g.score() == [21, 18]
    assert naive_products(g) == [21, 18]
    assert g.result() is None
    # A third, smaller group changes nothing: only the two largest count.
    play(g, "Bi9")
    assert g.score() == [21, 18]


def test_seed_white_joins_the_black_groups_with_a_black_stone():
    # The seed's right diagram: the opponent may place stones of your colour,
    # and a black stone between Black's two groups leaves Black one group.
    g = seed_21_18()
    play(g, "Wf6 Wh6")              # plies 19-20, seat 0: White 6 x 3 still
    assert g.score() == [21, 18]
    assert g.turn == 1              # White's seat
    play(g, "Ba4")                  # a4 touches a3 and a5
    assert g.score() == [0, 18]
    assert g.turn == 1 and g.ply == 22


def test_fewer_than_two_groups_scores_zero():
    g = play(produto.Game(), "Be5")
    assert g.score() == [0, 0]
    play(g, "Wa1 Wi9")
    assert g.score() == [0, 1]


def test_higher_product_wins_at_the_end():
    # Ranks alternate W B W B W B W B W: Black ranks 2, 4, 6, 8 (6, 8, 8, 6
    # stones), White ranks 1, 3, 5, 7, 9 (5, 7, 9, 7, 5). Black 8 x 8 = 64,
    # White 9 x 7 = 63: Black wins although White... has more stones.
    g = fill(lambda x, y: "B" if y % 2 else "W")
    assert g.ply == 61 and g.count[1] == 28 and g.count[2] == 33
    assert g.score() == [64, 63]
    assert g.result() == 0
    assert g.legal_texts() == [] and g.moves() == []
    # The winner's two largest groups are shown: ranks 4 and 6.
    assert sorted(g.highlight()) == sorted(y * 9 + x for x, y in hexagon() if y in (3, 5))


def test_equal_products_fewer_own_stones_wins():
    # Black ranks 2, 4, 5, 6 except a4; White ranks 1, 3, 7, 8, 9 and a4.
    # Black: ranks 4-6 (7 + 9 + 8 = 24) and rank 2 (6): 144, 30 stones.
    # White: ranks 7-9 (18), rank 3 with a4 (8), rank 1 (5): 144, 31 stones.
    def colour(x, y):
        if (x, y) == (0, 3):
            return "W"
        return "B" if y in (1, 3, 4, 5) else "W"
    g = fill(colour)
    assert g.score() == [144, 144]
    assert naive_products(g) == [144, 144]
    assert g.count[1] == 30 and g.count[2] == 31
    assert g.result() == 0
    # The same board with the colours exchanged: now White has 30 stones.
    g = fill(lambda x, y: "W" if colour(x, y) == "B" else "B")
    assert g.score() == [144, 144]
    assert g.result() == 1


def test_both_zero_is_equal_too():
    # Ranks 1-4 White (26 stones), ranks 5-9 Black (35): one group each.
    g = fill(lambda x, y: "W" if y < 4 else "B")
    assert g.score() == [0, 0]
    assert g.result() == 1
    assert g.highlight() == ()    # no two groups to show


def test_union_find_matches_a_flood_fill_and_undo_restores_it():
    for seed in (3, 8, 21):
        g = produto.Game()
        for _ in random_walk(g, seed):
            if g.ply % 7 == 0:
                assert g.score() == naive_products(g), (seed, g.ply)
        assert g.score() == naive_products(g), (seed, g.ply)     # the full board
        while g.ply > 30:
            g.undo()
        assert g.score() == naive_products(g)
        assert g.result() is None


# --- notation and input -----------------------------------------------------

def test_notation_is_colour_letter_and_cell():
    g = produto.Game()
    m = g.parse("Bc3")
    assert g.move_text(m) == "Bc3"
    w = g.parse("We5")
    assert g.move_text(w) == "We5"
    # Case variants are accepted.
    assert g.parse("bc3") == m and g.parse("BC3") == m and g.parse(" Bc3 ") == m
    assert g.parse("we5") == w


def test_both_colours_are_tapped_on_the_same_cell():
    g = produto.Game()
    b, w = g.parse("Bc3"), g.parse("Wc3")
    assert b != w
    assert g.move_cells(b) == g.move_cells(w) == (2 * 9 + 2,)
    for m in g.moves():
        (c,) = g.move_cells(m)
        assert g.view()[c] == EMPTY


def test_illegal_input_changes_nothing_and_says_why():
    check_illegal_input_refused(play(produto.Game(), "Bc3 We5"), (
        ("Bc3", "already holds a black stone"), ("Wc3", "already holds a black stone"),
        ("We5", "already holds a white stone"), ("Bi1", "outside the hexagon"),
        ("Wa9", "outside the hexagon"), ("Bj1", "after B comes a cell"),
        ("Bc0", "after B comes a cell"), ("c4", "name the colour"),
        ("Xc4", "colour (B or W)"), ("", "write a colour")), 5)


def test_no_move_after_the_end():
    g = fill(lambda x, y: "B" if y % 2 else "W")
    e = raises(MoveError, g.play_text, "Ba1")
    assert "game is over" in str(e)


def test_board_text_shows_the_hexagon_and_the_score():
    g = seed_21_18()
    t = g.board_text()
    assert "Black 21" in t and "White 18" in t
    lines = t.split("\n")
    assert lines[0].startswith("9") and lines[0].split()[1:] == [".", ".", ".", ".", "."]
    assert lines[1].startswith("8") and lines[1].split()[1:] == ["W", "W", "W", "W", "W", "W"]
    assert lines[6].split()[1:] == ["B", "B", "B", "B", "B", "B", "B"]   # rank 3


def test_options_rejected():
    raises(OptionError, produto.Game, {"size": 5})
    raises(OptionError, produto.Game, 7)
    assert produto.Game({}).ply == 0


def test_random_games_end_with_a_full_board():
    for g, played in check_random_games_end_with_a_winner(produto.Game, (5, 6, 7)):
        assert len(played) == 61
        s = g.score()
        if s[0] != s[1]:
            assert g.result() == (0 if s[0] > s[1] else 1)
        else:
            assert g.result() == (0 if g.count[1] < g.count[2] else 1)


# --- AI hooks --------------------------------------------------------------

def test_key_is_small_and_follows_the_position():
    check_key_follows_the_position(produto.Game, "Bc3 We5 Bd4", "Bd4 Bc3 We5", "Bc3 Be5 Wd4", "Wa1")


def test_evaluate_sees_a_merge_threat_from_the_side_to_move():
    g = seed_21_18()
    play(g, "Wf6 Wh6")
    # Black leads 21 to 18, but White is to move and can join Black's two
    # groups (a4, b4 or c4 touch both): White's view is already positive.
    assert g.score() == [21, 18] and g.turn == 1
    v = g.evaluate()
    assert 0 < v <= 10000
    play(g, "Ba4")
    # Done: Black's product is 0; White still places one more stone.
    assert g.score() == [0, 18] and g.turn == 1
    assert g.evaluate() > 0
    # Black to move cannot fill all three cells with white stones in time.
    g = seed_21_18()
    assert g.turn == 0 and g.evaluate() < 0


def test_evaluate_lets_the_owner_plug_a_single_gap():
    g = seed_21_18()
    play(g, "Wb4 Wc4 Bi5")       # b4, c4 filled: only a4 still joins them
    assert g.score() == [21, 18] and g.turn == 1
    white_moves = g.evaluate()    # White joins them at a4
    play(g, "Wa1")
    assert g.turn == 0
    black_moves = g.evaluate()    # Black puts a white stone on a4 first
    assert white_moves > 40 and black_moves > -white_moves + 40


def test_evaluate_is_from_the_side_to_move():
    # Black: a1-c1 and g9-i9, far apart (3 x 3 = 9); White: nothing yet.
    g = play(produto.Game(), "Ba1 Bb1 Bc1 Bg9 Bh9 Bi9")
    assert g.turn == 1
    v1 = g.evaluate()
    play(g, "We5")
    assert g.turn == 0
    v0 = g.evaluate()
    assert -10000 <= v1 < 0 < v0 <= 10000


def test_evaluate_at_the_end_is_the_result():
    g = fill(lambda x, y: "B" if y % 2 else "W")
    v = g.evaluate()
    assert v == (9000 if g.turn == g.result() else -9000)


def walled_ranks(hole=True):
    """Black on ranks 4 and 6 (8 stones each), White on rank 5 except e5:
    e5 alone joins Black's two groups, and White's two halves too. Ply 24:
    Black places the second stone of its turn."""
    g = produto.Game()
    for x, y in hexagon():
        if y == 3:
            g.play_text("B" + name(x, y))
    for x, y in hexagon():
        if y == 5:
            g.play_text("B" + name(x, y))
    for x, y in hexagon():
        if y == 4 and (x != 4 or not hole):
            g.play_text("W" + name(x, y))
    return g


def black_view(g):
    v = g.evaluate()
    return v if g.turn == 0 else -v


def test_evaluate_walls_your_groups_apart_rather_than_merge_them():
    g = walled_ranks()
    assert g.score() == [64, 16] and g.turn == 0 and g.ply == 24
    values = {}
    for t in ("We5", "Ba1", "Wa1", "Be5"):
        g.play_text(t)
        assert g.turn == 1
        values[t] = black_view(g)
        g.undo()
    # We5 walls Black's 8 and 8 apart for good and merges White's halves.
    assert values["We5"] > 1000
    # Anything else leaves White to join Black's groups with Be5 next.
    assert values["Ba1"] < 0 and values["Wa1"] < 0
    # Joining them oneself is the worst: one group scores nothing.
    assert values["Be5"] < values["Ba1"]
    assert values["We5"] > values["Ba1"] + 1000


def test_two_groups_walled_apart_beat_one_big_group():
    # The same 17 black stones: two groups of 8 walled apart (and a lone
    # one), or one group of 17 through e5 (its product is 0).
    apart = walled_ranks(hole=False)
    apart.play_text("Ba1")
    one = walled_ranks()
    one.play_text("Be5")
    one.play_text("Wa1")
    assert apart.score()[0] == 64 and one.score()[0] == 0
    assert apart.count[1] == one.count[1] == 17
    assert apart.ply == one.ply
    assert black_view(apart) > black_view(one) + 1000


def test_an_open_wall_is_closed_before_the_opponent_moves():
    # Black to move with one stone: e5 must get a white stone now.
    g = walled_ranks()
    assert g.candidates(1) == [g.parse("We5")]
    # A black stone there (joining Black's own two) comes last of all.
    n = len(g.moves())
    assert g.parse("Be5") not in g.candidates(n - 1)
    # With the opponent to move the open cell is as good as a merge: from
    # White's side the position is already won.
    g.play_text("Wa1")
    assert g.turn == 1 and g.evaluate() > 0
    g.play_text("Be5")
    assert g.score()[0] == 0


def test_candidates_put_the_wall_between_your_groups_first():
    # Black on ranks 3 and 7, White's wall on rank 5 with a hole at e5: the
    # groups are three empty cells apart (e4 e5 e6), not in touch, but e5
    # is where the frontier between them is narrowest (one cell): a white
    # stone there closes it (and joins White's halves).
    g = produto.Game()
    for x, y in hexagon():
        if y in (2, 6):
            g.play_text("B" + name(x, y))
    for x, y in hexagon():
        if y == 4 and x != 4:
            g.play_text("W" + name(x, y))
    g.play_text("Bi9")
    assert g.turn == 0 and g.score() == [49, 16]
    assert g.candidates(1) == [g.parse("We5")]
    # Walled apart, Black's two groups are worth more than open ones.
    g.play_text("We5")
    sealed = black_view(g)
    g.undo()
    g.play_text("Wa1")
    open_ = black_view(g)
    g.undo()
    assert sealed > open_


def test_candidates_are_legal_and_find_the_merge():
    g = seed_21_18()
    play(g, "Wf6 Wh6")
    cs = g.candidates(3)
    assert len(cs) == 3
    assert sorted(g.move_text(m) for m in cs) == ["Ba4", "Bb4", "Bc4"]
    cs = g.candidates(10)
    ms = g.moves()
    assert len(cs) == 10 and len(set(cs)) == 10 and all(m in ms for m in cs)
    # Fewer legal moves than the limit: all of them.
    g = fill(lambda x, y: "B" if y % 2 else "W")
    assert g.candidates(5) == []
    g.undo()
    assert sorted(g.candidates(5)) == sorted(g.moves())
