"""Avanço rules (docs/rules/avanco.md), the seed's capture example, notation, edge cases. Portable."""
from check import (raises, play, snapshot, check_random_games_end_with_a_winner, check_illegal_input_refused,
                   check_game_over, check_key_follows_the_position, check_evaluate_in_range_along_games,
                   check_move_cells_are_from_then_to)
from games import avanco
from games.common import MoveError, OptionError, WHITE, BLACK, EMPTY


def cell(name):
    return (int(name[1:]) - 1) * 7 + "abcdefg".index(name[0])


def moves_from(g, square):
    return [t for t in g.legal_texts() if t.startswith(square + "-")]


def seed_capture_position():
    # The seed's right-hand diagram as far as the text fixes it: a White piece
    # on d4 facing a Black piece on d5, with Black pieces on both diagonals.
    return play(avanco.Game(), "d2-d3 d6-d5 d3-d4 c6-c5 a2-a3 e6-e5")


def test_start_position():
    g = avanco.Game()
    assert g.layout() == (7, 7) and avanco.layout(None) == (7, 7)
    assert g.turn == 0 and g.ply == 0 and g.result() is None and g.score() is None
    assert g.count[0] == 14 and g.count[1] == 14
    v = g.view()
    for x in range(7):
        for y in range(7):
            want = WHITE if y < 2 else (BLACK if y > 4 else EMPTY)
            assert v[y * 7 + x] == want
    # Only the second-rank pieces can move: 7 straight, 12 diagonal.
    assert len(g.legal_texts()) == 19
    assert moves_from(g, "a2") == ["a2-a3", "a2-b3"]
    assert moves_from(g, "d2") == ["d2-c3", "d2-d3", "d2-e3"]
    assert moves_from(g, "d1") == []


def test_black_moves_down():
    g = play(avanco.Game(), "a2-a3")
    assert g.turn == 1
    assert moves_from(g, "d6") == ["d6-c5", "d6-d5", "d6-e5"]
    assert moves_from(g, "g6") == ["g6-f5", "g6-g5"]


def test_seed_example_captures_only_diagonally():
    g = seed_capture_position()
    assert g.turn == 0
    assert moves_from(g, "d4") == ["d4-c5", "d4-e5"]
    before = snapshot(g)
    e = raises(MoveError, g.play_text, "d4-d5")
    assert str(e) == "d4-d5 is not legal: d5 is occupied (a piece captures only diagonally)", str(e)
    assert snapshot(g) == before
    play(g, "d4-e5")
    assert g.count[1] == 13 and g.view()[cell("e5")] == WHITE and g.view()[cell("d4")] == EMPTY
    assert g.result() is None and g.turn == 1


def test_capture_is_optional_and_one_per_move():
    g = seed_capture_position()
    # Non-captures stay legal while captures are possible.
    assert "a3-a4" in g.legal_texts() and "d4-c5" in g.legal_texts()
    play(g, "a3-a4")
    assert g.count[1] == 14
    # After a capture the turn passes: one capture only.
    play(g, "b6-b5 d4-c5")
    assert g.count[1] == 13 and g.turn == 1


def test_black_captures_too():
    g = seed_capture_position()
    play(g, "a3-a4")
    # Black's d5 cannot take d4 (straight ahead), only step aside; c5 and e5 take d4.
    assert moves_from(g, "d5") == ["d5-c4", "d5-e4"]
    assert "c5-d4" in g.legal_texts() and "e5-d4" in g.legal_texts()
    play(g, "e5-d4")
    assert g.count[0] == 13 and g.view()[cell("d4")] == BLACK


def test_white_wins_by_capture_onto_the_far_rank():
    g = play(avanco.Game(), "d2-d3 a6-a5 d3-d4 a5-a4 d4-d5 g6-g5 d5-c6 g5-g4")
    assert g.result() is None and "c6-b7" in g.legal_texts() and "c6-c7" not in g.legal_texts()
    play(g, "c6-b7")
    check_game_over(g, 0, "a1-a2")
    assert g.highlight() == (cell("b7"),)
    g.undo()
    assert g.result() is None and g.highlight() == ()


def test_white_wins_by_step_onto_an_empty_far_square():
    g = play(avanco.Game(), "d2-d3 a6-a5 d3-d4 a7-a6 d4-c5 b6-b5 c5-b6 g6-g5")
    play(g, "b6-a7")
    assert g.result() == 0 and g.highlight() == (cell("a7"),)


def test_black_wins_on_rank_one():
    g = play(avanco.Game(), "a2-a3 d6-d5 a3-a4 d5-d4 g2-g3 d4-c3 g3-g4 c3-b2 g4-g5")
    assert g.result() is None
    play(g, "b2-a1")
    assert g.result() == 1
    assert g.highlight() == (cell("a1"),)


def test_side_with_all_pieces_captured_loses():
    g = play(avanco.Game(), (
        "e2-d3 e6-f5 a2-b3 f5-e4 d3-e4 g6-f5 e4-f5 f7-g6 f5-g6 c6-b5 f1-e2 b5-a4 "
        "b3-a4 a6-b5 a4-b5 d7-c6 b5-c6 f6-g5 c2-b3 b6-c5 d2-c3 c5-d4 c3-d4 d6-e5 "
        "d4-e5 c7-d6 e5-d6 e7-e6 a1-a2 g7-f6 f2-f3 g5-g4 f3-g4 f6-f5 g4-f5 b7-b6 "
        "f5-e6 b6-b5 d1-c2 b5-a4 b3-a4 a7-b6 c2-d3 b6-b5"))
    assert g.result() is None and g.count[1] == 1
    # No White piece stands on rank 7: the win comes from the last capture.
    play(g, "a4-b5")
    assert g.count[1] == 0
    assert g.result() == 0
    assert g.moves() == []
    assert g.highlight() == (cell("b5"),)
    g.undo()
    assert g.count[1] == 1 and g.result() is None


def test_a_side_with_pieces_always_has_a_move():
    # The seed's remark: the most advanced piece can always step or capture,
    # so "no move" happens only with no pieces. random_playout checks that
    # moves() is never empty while the game is on.
    check_random_games_end_with_a_winner(avanco.Game, (3, 17, 29, 41, 58, 77))


def test_illegal_input_changes_nothing_and_says_why():
    g = play(avanco.Game(), "b2-b3 a6-a5")
    check_illegal_input_refused(g, (
        ("a1-a2", "a1-a2 is not legal: a2 is occupied"),
        ("b3-b4x", "not a square"),
        ("h1-h2", "'h1' is not a square"),
        ("a0-a1", "not a square"),
        ("b3", "is not a move"),
        ("", "is not a move"),
        ("c3-c4", "there is no piece of yours on c3"),
        ("a5-a4", "there is no piece of yours on a5 (it is Black's)"),
        ("b3-b5", "a piece moves one square forward"),
        ("b3-d4", "a piece moves one square forward"),
        ("b3-b2", "a piece moves only forward"),
        ("b3-c3", "a piece moves only forward"),
        ("d1-c2", "c2 is occupied by your own piece"),
    ), None)
    assert g.explain(7) == "a move must be text, like b2-b3"


def test_occupied_square_messages():
    g = play(avanco.Game(), "a2-b3 a6-a5")
    e = raises(MoveError, g.play_text, "b2-b3")
    assert str(e) == "b2-b3 is not legal: b3 is occupied by your own piece", str(e)
    e = raises(MoveError, g.play_text, "c2-b3")
    assert str(e) == "c2-b3 is not legal: b3 is occupied by your own piece", str(e)
    # A Black piece straight ahead cannot be taken.
    g = play(avanco.Game(), "b2-b3 b6-b5 b3-b4")
    assert g.turn == 1 and moves_from(g, "b5") == ["b5-a4", "b5-c4"]
    e = raises(MoveError, g.play_text, "b5-b4")
    assert str(e) == "b5-b4 is not legal: b4 is occupied (a piece captures only diagonally)", str(e)


def test_upper_case_and_spaces_are_accepted():
    g = avanco.Game()
    g.play_text(" B2-C3 ")
    assert g.ply == 1 and g.view()[cell("c3")] == WHITE


def test_move_cells_are_from_then_to():
    g = avanco.Game()
    m = g.parse("b2-c3")
    assert g.move_cells(m) == (cell("b2"), cell("c3"))
    check_move_cells_are_from_then_to(g, cell)


def test_board_text_draws_the_position():
    g = play(avanco.Game(), "d2-d3")
    rows = g.board_text().split("\n")
    assert rows[0] == " 7 B B B B B B B"
    assert rows[4] == " 3 . . . W . . ."
    assert rows[5] == " 2 W W W . W W W"
    assert rows[7] == "   a b c d e f g"


def test_key_follows_the_position_and_the_side_to_move():
    check_key_follows_the_position(avanco.Game, "a2-a3 a6-a5 g2-g3 g6-g5", "g2-g3 g6-g5 a2-a3 a6-a5",
                                   "a2-a3 a6-a5 g2-g3", "b2-b3")


def test_evaluate_sees_the_race():
    # White to move with a piece one step from the far rank: a win now.
    g = play(avanco.Game(), "d2-d3 a6-a5 d3-d4 a5-a4 d4-d5 g6-g5 d5-c6 g5-g4")
    assert g.evaluate() == 9000
    # Black to move, facing that piece: b7 and d7 can capture it, no verdict.
    g = play(avanco.Game(), "d2-d3 a6-a5 d3-d4 a5-a4 d4-d5 g6-g5 d5-c6")
    assert -9000 < g.evaluate() < 0
    # Black to move, facing a piece on g6 that nothing can capture (f7 has
    # left): White wins next move whatever Black does.
    g = play(avanco.Game(), "e2-d3 e6-f5 a2-b3 f5-e4 d3-e4 g6-f5 e4-f5 f7-g6 f5-g6")
    assert g.turn == 1 and g.evaluate() == -9000
    for m in g.moves():
        g.play(m)
        assert g.result() is None and g.evaluate() == 9000
        g.undo()
    # Symmetric at the start, and within bounds along games.
    assert avanco.Game().evaluate() == 0
    check_evaluate_in_range_along_games(avanco.Game, (5, 6))


def test_evaluate_prefers_advanced_and_home_guarding_positions():
    # After one move each, material is equal: the side that advanced a piece
    # while keeping its home rank is not worse than one that broke its home rank.
    good = play(avanco.Game(), "d2-d3 d6-d5 c2-c3")
    bad = play(avanco.Game(), "d2-d3 d6-d5 d1-d2")
    # Black to move in both: lower is better for White.
    assert good.evaluate() < bad.evaluate()


def test_random_playouts_end():
    for g, played in check_random_games_end_with_a_winner(avanco.Game, (11, 12, 13)):
        assert len(played) < 200


def test_options_rejected():
    raises(OptionError, avanco.Game, {"size": 8})
    assert avanco.OPTIONS == {} and avanco.Game.SEATS == ("White", "Black")
