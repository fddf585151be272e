"""Pontos e Quadrados (Dots and Boxes) rules (docs/rules/pontos.md), the seed's example,
notation, display, evaluation. Portable."""
from check import raises, play, random_playout, check_illegal_input_refused
from games import pontos
from games.common import (MoveError, OptionError, DRAW, OFF, EMPTY, P0_SOFT, P1_SOFT, DOT, LINE)

# The seed's example: the first player closes a box and, moving again, can
# close three more. Bottom row of boxes: a1-b1..d1-e1 and a2-b2..d2-e2 drawn,
# the left side a1-a2 drawn, so the corner box a1-b2 has three sides; the
# vertical sides b1-b2, c1-c2, d1-d2 and e1-e2 are open: a chain of four.
SEED_SETUP = "a1-b1 b1-c1 c1-d1 d1-e1 a2-b2 b2-c2 c2-d2 d2-e2 a1-a2 a5-b5"


def closing_moves(g):
    """Texts of the legal moves that complete a box."""
    out = []
    for m in g.moves():
        before = g.score()
        g.play(m)
        if g.score() != before:
            out.append(g.move_text(m))
        g.undo()
    return sorted(out)


def test_start_position_and_layout():
    g = pontos.Game()
    assert g.layout() == pontos.layout() == pontos.layout({"dots": 5}) == (9, 9)
    assert len(g.moves()) == 40
    assert g.turn == 0 and g.result() is None and g.score() == [0, 0]
    assert g.legal_texts()[:4] == ["a1-a2", "a1-b1", "a2-a3", "a2-b2"]
    for n in (3, 4, 5, 6):
        assert pontos.layout({"dots": n}) == (2 * n - 1, 2 * n - 1)
        gn = pontos.Game({"dots": n})
        assert gn.layout() == (2 * n - 1, 2 * n - 1)
        assert len(gn.moves()) == 2 * n * (n - 1)
    raises(OptionError, pontos.Game, {"dots": 2})
    raises(OptionError, pontos.Game, {"dots": 7})
    raises(OptionError, pontos.Game, {"size": 4})


def test_notation_lower_dot_first_then_left_dot_and_the_tapped_line_cell():
    g = pontos.Game()
    m = g.parse("a1-b1")
    assert g.move_cells(m) == (1,)          # the cell between a1 (0) and b1 (2)
    m = g.parse("a1-a2")
    assert g.move_cells(m) == (9,)          # the cell between a1 and a2 (row 1)
    m = g.parse("d4-e4")
    assert g.move_cells(m) == (6 * 9 + 7,)
    m = g.parse("e4-e5")
    assert g.move_cells(m) == (7 * 9 + 8,)
    assert g.parse("C3-C4") == g.parse("c3-c4")   # case variants


def test_view_looks():
    g = play(pontos.Game({"dots": 3}), "a1-b1 b1-b2 a2-b2 a1-a2")
    v = g.view()
    assert len(v) == 25
    for c in (0, 2, 4, 10, 12, 14, 20, 22, 24):
        assert v[c] == DOT
    assert v[1] == LINE and v[5] == LINE and v[7] == LINE and v[11] == LINE
    assert v[3] == EMPTY and v[13] == EMPTY and v[21] == EMPTY
    assert v[6] == P1_SOFT     # the second player closed box a1-b2
    assert v[8] == OFF and v[16] == OFF and v[18] == OFF


def test_completing_a_box_moves_again_and_is_counted():
    g = play(pontos.Game({"dots": 3}), "a1-b1 b1-b2 a2-b2")
    assert g.turn == 1 and g.score() == [0, 0]
    play(g, "a1-a2")           # second player closes a1-b2
    assert g.turn == 1 and g.score() == [0, 1]
    play(g, "c1-c2")           # no box: the turn passes
    assert g.turn == 0


def test_one_line_can_complete_two_boxes():
    g = play(pontos.Game({"dots": 3}), "a1-b1 b1-c1 a2-a3 c2-c3 a3-b3 b3-c3 a1-a2 c1-c2 a2-b2 b2-c2")
    # Every box has three sides: b1-b2 closes both lower boxes, b2-b3 both upper.
    assert g.score() == [0, 0]
    mover = g.turn
    play(g, "b1-b2")           # closes both lower boxes
    assert g.score()[mover] == 2 and g.turn == mover
    play(g, "b2-b3")           # and both upper boxes
    assert g.score()[mover] == 4 and g.result() == mover


def test_completing_is_never_forced():
    g = play(pontos.Game(), SEED_SETUP)
    assert g.turn == 0
    assert closing_moves(g) == ["b1-b2"]
    assert len(g.moves()) == 30      # every undrawn line is legal
    play(g, "c4-c5")                 # decline the box
    assert g.turn == 1 and g.score() == [0, 0]


def test_seed_example_close_one_box_then_three_more():
    g = play(pontos.Game(), SEED_SETUP)
    play(g, "b1-b2")
    assert g.score() == [1, 0] and g.turn == 0     # the first player goes again
    for line, boxes in (("c1-c2", 2), ("d1-d2", 3), ("e1-e2", 4)):
        assert closing_moves(g) == [line]
        play(g, line)
        assert g.score() == [boxes, 0] and g.turn == 0
    assert closing_moves(g) == []
    v = g.view()
    assert [v[9 + x] for x in (1, 3, 5, 7)] == [P0_SOFT] * 4


def test_more_boxes_wins_and_the_boxes_are_highlighted():
    g = play(pontos.Game({"dots": 3}),
             "a1-b1 b1-c1 a3-b3 b3-c3 a1-a2 c1-c2 a2-a3 c2-c3 b1-b2")
    # b1-b2 (first player, 9th line) closes nothing: the lower boxes have 3 sides.
    assert g.turn == 1 and g.score() == [0, 0]
    play(g, "a2-b2")        # second closes a1-b2 and goes again
    assert g.score() == [0, 1] and g.turn == 1
    play(g, "b2-c2")        # closes b1-c2 (lower right) too; a2-b3 and b2-c3 get 3 sides
    assert g.score() == [0, 2] and g.turn == 1
    play(g, "b2-b3")        # closes both upper boxes
    assert g.score() == [0, 4] and g.result() == 1
    assert sorted(g.highlight()) == [6, 8, 16, 18]
    g.undo()
    assert g.result() is None and g.highlight() == ()


def test_equal_boxes_is_a_draw():
    # Two chains of two (the bottom and the top row of boxes), ends open.
    g = play(pontos.Game({"dots": 3}), "a1-b1 b1-c1 a2-b2 b2-c2 a3-b3 b3-c3")
    assert g.turn == 0 and g.result() is None
    play(g, "a1-a2")                  # the first player must open a chain
    play(g, "b1-b2 c1-c2")            # the second takes both boxes
    assert g.score() == [0, 2] and g.turn == 1
    play(g, "a2-a3")                  # and must open the other chain
    assert g.turn == 0
    play(g, "b2-b3 c2-c3")
    assert g.score() == [2, 2] and g.moves() == []
    assert g.result() == DRAW and g.highlight() == ()


def test_illegal_input_changes_nothing_and_says_why():
    check_illegal_input_refused(play(pontos.Game(), "a1-b1"), (
        ("a1-c1", "neighbouring"), ("a1-b2", "diagonal"),
        ("c1-b1", "lower dot first"), ("a2-a1", "write a2-a1 as a1-a2"),
        ("a1-b1", "already drawn"), ("f1-f2", "not a dot"), ("a6-a5", "not a dot"),
        ("a1", "not a line"), ("", "not a line"), ("a1-a2-a3", "not a line"),
        ("a1-a1", "neighbouring")), 7)
    g3 = pontos.Game({"dots": 3})
    assert "c3" in str(raises(MoveError, g3.play_text, "d1-d2"))


def test_board_text():
    g = play(pontos.Game({"dots": 3}), "a1-b1 b1-b2 a2-b2 a1-a2")
    t = g.board_text()
    assert "+---+   +" in t and "| O |" in t and "boxes 0-1" in t


def test_key_small_incremental_and_restored():
    g = pontos.Game()
    k0 = g.key()
    seen = [k0]
    play(g, SEED_SETUP + " b1-b2")
    assert 0 <= g.key() < 2 ** 30 and g.key() not in seen
    for _ in range(11):
        g.undo()
    assert g.key() == k0


def test_evaluate_boxes_and_the_long_chain_count():
    # 2 x 2 boxes with the whole border drawn: one loop of four, first to move
    # must open it and the other takes all four.
    g = play(pontos.Game({"dots": 3}), "a1-b1 b1-c1 a3-b3 b3-c3 a1-a2 a2-a3 c1-c2 c2-c3")
    assert g.turn == 0 and g.evaluate() == -400
    play(g, "a2-b2")
    assert g.turn == 1 and g.evaluate() == 400
    # 3 x 3 boxes, three horizontal chains of three: the opener of the first
    # loses one box net (controller: 1 + 1 + 3, opener 2 + 2).
    g = pontos.Game({"dots": 4})
    for y in "1234":
        for a, b in (("a", "b"), ("b", "c"), ("c", "d")):
            play(g, a + y + "-" + b + y)
    assert g.turn == 0 and g.evaluate() == -100
    play(g, "a1-a2")        # opens the bottom chain
    assert g.turn == 1 and g.evaluate() == 100
    # Material counts 100 a box from the side to move's view.
    g = play(pontos.Game(), SEED_SETUP + " b1-b2 c1-c2")
    e0 = g.evaluate()
    assert g.turn == 0 and e0 >= 200
    assert -10000 < pontos.Game().evaluate() < 10000


def test_random_playouts_end_with_every_box_owned():
    for n in (3, 4, 5, 6):
        g = pontos.Game({"dots": n})
        played = random_playout(g, 7 + n)
        assert len(played) == 2 * n * (n - 1)
        s = g.score()
        assert s[0] + s[1] == (n - 1) * (n - 1)
        assert g.result() == (DRAW if s[0] == s[1] else (0 if s[0] > s[1] else 1))
