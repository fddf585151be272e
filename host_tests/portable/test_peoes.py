"""Peões rules (docs/rules/peoes.md), the seed's examples, en passant, blocked positions. Portable."""
from check import (raises, play, snapshot, random_walk, check_random_games_end_with_a_winner, check_refused,
                   check_illegal_input_refused, check_game_over, check_key_follows_the_position,
                   check_evaluate_in_range_along_games, check_move_cells_are_from_then_to)
from games import peoes
from games.common import MoveError, OptionError, WHITE, BLACK, EMPTY, ZONE


def cell(name):
    return (int(name[1:]) - 1) * 8 + "abcdefgh".index(name[0])


def moves_from(g, square):
    return [t for t in g.legal_texts() if t.startswith(square + "-")]


# A game (found by a search) that ends with White to move, three pawns left,
# all blocked head-on: White loses.
WHITE_BLOCKED = ("b2-b3 h7-h5 g2-g4 h5-g4 a2-a4 e7-e5 f2-f4 e5-f4 d2-d4 g7-g6 a4-a5 b7-b6 "
                 "a5-b6 c7-b6 b3-b4 g6-g5 e2-e3 f4-e3 c2-c4 d7-d5 c4-c5 f7-f5 c5-b6 a7-b6 "
                 "b4-b5 g4-g3 h2-g3 g5-g4")
# The same with Black to move and blocked: Black loses.
BLACK_BLOCKED = ("g2-g3 a7-a6 b2-b3 h7-h5 h2-h4 c7-c5 f2-f3 e7-e5 b3-b4 b7-b6 b4-c5 b6-c5 "
                 "e2-e4 d7-d5 e4-d5 g7-g5 d2-d3 g5-h4 g3-h4 f7-f5 a2-a4 f5-f4 c2-c3 e5-e4 "
                 "d3-e4 a6-a5 d5-d6 c5-c4 e4-e5")


def test_start_position():
    g = peoes.Game()
    assert g.layout() == (8, 8) and peoes.layout(None) == (8, 8)
    assert g.turn == 0 and g.result() is None and g.score() is None
    v = g.view()
    for c in range(64):
        want = WHITE if c // 8 == 1 else (BLACK if c // 8 == 6 else EMPTY)
        assert v[c] == want
    texts = g.legal_texts()
    assert len(texts) == 16
    assert moves_from(g, "e2") == ["e2-e3", "e2-e4"]
    play(g, "e2-e4")
    assert g.turn == 1 and len(g.legal_texts()) == 16
    assert moves_from(g, "d7") == ["d7-d5", "d7-d6"]


def test_seed_figure_e4_takes_f5_but_not_e5():
    g = play(peoes.Game(), "e2-e4 e7-e5 a2-a3 f7-f5")
    assert moves_from(g, "e4") == ["e4-f5"]
    before = snapshot(g)
    e = raises(MoveError, g.play_text, "e4-e5")
    assert str(e) == "e4-e5 is not legal: e5 is occupied (a pawn captures only diagonally)", str(e)
    e = raises(MoveError, g.play_text, "e4-d5")
    assert str(e) == "e4-d5 is not legal: a pawn moves diagonally only to capture, and d5 is empty", str(e)
    assert snapshot(g) == before
    play(g, "e4-f5")
    assert g.count[1] == 7 and g.view()[cell("f5")] == WHITE
    # Captures are optional: with e4xf5 open, the other moves were legal too.
    g.undo()
    assert "a3-a4" in g.legal_texts()


def test_seed_en_passant_e5_takes_f5_landing_on_f6():
    g = play(peoes.Game(), "e2-e4 a7-a6 e4-e5 f7-f5")
    assert "e5-f6" in g.legal_texts()
    assert g.view()[cell("f6")] == ZONE      # the square passed over is shown
    play(g, "e5-f6")
    v = g.view()
    assert v[cell("f6")] == WHITE and v[cell("f5")] == EMPTY and v[cell("e5")] == EMPTY
    assert g.count[1] == 7 and g.result() is None
    g.undo()
    v = g.view()
    assert v[cell("f5")] == BLACK and v[cell("e5")] == WHITE and g.count[1] == 8
    assert "e5-f6" in g.legal_texts()


def test_en_passant_expires_after_any_other_move():
    g = play(peoes.Game(), "e2-e4 a7-a6 e4-e5 f7-f5 a2-a3 a6-a5")
    assert "e5-f6" not in g.legal_texts()
    assert g.view()[cell("f6")] == EMPTY
    check_refused(g, "e5-f6", "f6 is empty", "right after its double step")


def test_no_en_passant_after_two_single_steps():
    g = play(peoes.Game(), "e2-e4 f7-f6 e4-e5 f6-f5")
    assert "e5-f6" not in g.legal_texts()


def test_no_en_passant_square_shown_without_a_capturer():
    g = play(peoes.Game(), "e2-e4")
    assert all(v != ZONE for v in g.view())


def test_black_takes_en_passant():
    g = play(peoes.Game(), "a2-a3 d7-d5 a3-a4 d5-d4 e2-e4")
    assert "d4-e3" in g.legal_texts()
    assert g.view()[cell("e3")] == ZONE
    play(g, "d4-e3")
    v = g.view()
    assert v[cell("e3")] == BLACK and v[cell("e4")] == EMPTY and g.count[0] == 7


def test_en_passant_key_and_undo():
    # The same pawns, the same side to move: with and without the en passant right.
    a = play(peoes.Game(), "e2-e4 a7-a6 e4-e5 f7-f5")
    b = play(peoes.Game(), "e2-e3 f7-f6 e3-e4 a7-a6 e4-e5 f6-f5")
    assert a.board_text().replace(":", ".") == b.board_text()
    assert a.turn == b.turn == 0
    assert a.view()[cell("f6")] == ZONE and b.view()[cell("f6")] == EMPTY
    assert a.key() != b.key()
    k = a.key()
    play(a, "e5-f6")
    a.undo()
    assert a.key() == k and a.view()[cell("f6")] == ZONE


def test_en_passant_as_the_only_move_keeps_the_game_going():
    # A game (found by a search) where White's only legal move is en passant:
    # without it White would be blocked and lose.
    g = play(peoes.Game(), "c2-c4 f7-f5 b2-b4 a7-a5 f2-f3 b7-b6 h2-h3 c7-c6 b4-a5 b6-a5 a2-a4 "
                           "e7-e5 e2-e4 f5-e4 f3-f4 e5-f4 c4-c5 g7-g5 h3-h4 g5-h4 g2-g4 h7-h6 "
                           "g4-g5 h6-g5 d2-d4 d7-d5")
    assert g.turn == 0 and g.result() is None
    assert g.legal_texts() == ["c5-d6"]
    assert g.view()[cell("d6")] == ZONE
    play(g, "c5-d6")
    assert g.view()[cell("d5")] == EMPTY and g.count[1] == 6


def test_double_step_needs_both_squares_empty():
    g = play(peoes.Game(), "a2-a3 e7-e5 a3-a4 e5-e4")
    e = raises(MoveError, g.play_text, "e2-e4")
    assert str(e) == "e2-e4 is not legal: e4 is occupied (a pawn captures only diagonally)", str(e)
    assert moves_from(g, "e2") == ["e2-e3"]
    play(g, "b2-b3 e4-e3")
    assert moves_from(g, "e2") == []
    e = raises(MoveError, g.play_text, "e2-e4")
    assert "e3 is occupied" in str(e) and "double step" in str(e), str(e)
    assert sorted(moves_from(g, "d2") + moves_from(g, "f2")) == ["d2-d3", "d2-d4", "d2-e3",
                                                                  "f2-e3", "f2-f3", "f2-f4"]


def test_double_step_only_from_the_first_rank():
    g = play(peoes.Game(), "e2-e3 a7-a6")
    assert moves_from(g, "e3") == ["e3-e4"]
    e = raises(MoveError, g.play_text, "e3-e5")
    assert str(e) == "e3-e5 is not legal: a pawn moves one square (two from its first rank)", str(e)


def test_white_wins_on_the_last_rank():
    g = play(peoes.Game(), "b2-b4 h7-h6 b4-b5 h6-h5 b5-b6 h5-h4 b6-c7 g7-g6")
    assert g.result() is None
    # A pawn on the 7th rank: its only move is the step; nothing on rank 8 to take.
    assert moves_from(g, "c7") == ["c7-c8"]
    play(g, "c7-c8")
    check_game_over(g, 0, "a2-a3")
    assert g.highlight() == (cell("c8"),)
    assert "over" in g.explain("a2-a3")
    g.undo()
    assert g.result() is None and g.highlight() == ()


def test_black_wins_on_the_first_rank_after_a_capture():
    g = play(peoes.Game(), "h2-h3 b7-b5 h3-h4 b5-b4 g2-g3 b4-b3 g3-g4 b3-c2 g4-g5")
    assert g.count[0] == 7
    assert moves_from(g, "c2") == ["c2-c1"]
    play(g, "c2-c1")
    assert g.result() == 1 and g.highlight() == (cell("c1"),)


def test_a_capture_onto_the_last_rank_never_happens():
    # Enemy pawns never stand on your last rank (they start one rank nearer
    # and only move away), so every winning move is a plain step.
    seen = 0
    for seed in (2, 9, 31, 40, 52):
        g = peoes.Game()
        for ms in random_walk(g, seed):
            for m in ms:
                t = g.move_text(m)
                if t[4] in "18":
                    seen += 1
                    assert t[0] == t[3], t
    assert seen > 0


def test_result_agrees_with_moves():
    # result() decides "no legal move" from rank masks; moves() scans the board.
    for seed in (3, 4, 5, 6, 7, 8):
        g = peoes.Game()
        for ms in random_walk(g, seed):
            assert ms                   # the game is on: there is a move
        assert g.moves() == []          # over: none
    for seq in (WHITE_BLOCKED, BLACK_BLOCKED):
        g = play(peoes.Game(), seq)
        while g.history:
            assert (g.result() is None) == (len(g.moves()) > 0)
            g.undo()


def test_blocked_side_to_move_loses():
    g = play(peoes.Game(), WHITE_BLOCKED)
    assert g.turn == 0 and g.count[0] == 3 and g.count[1] == 5
    assert g.moves() == [] and g.legal_texts() == []
    assert g.result() == 1
    # The highlight shows the stuck pawns: b5, d4, g3.
    assert sorted(g.highlight()) == sorted((cell("b5"), cell("d4"), cell("g3")))
    e = raises(MoveError, g.play_text, "b5-b6")
    assert "over" in str(e)
    g.undo()
    assert g.result() is None and g.turn == 1


def test_blocked_black_loses():
    g = play(peoes.Game(), BLACK_BLOCKED)
    assert g.turn == 1 and g.count[1] == 4
    assert g.moves() == [] and g.result() == 0
    assert sorted(g.highlight()) == sorted((cell("a5"), cell("c4"), cell("f4"), cell("h5")))


def test_player_with_no_pawns_loses():
    # A game (found by a search) in which Black loses all eight pawns.
    g = play(peoes.Game(), "e2-e3 a7-a6 b2-b3 g7-g6 g2-g4 h7-h5 g4-h5 c7-c5 h5-g6 c5-c4 "
                           "b3-c4 b7-b5 c4-b5 d7-d5 b5-a6 d5-d4 e3-d4 e7-e5 d4-e5 f7-f6")
    assert g.count[1] == 1 and g.result() is None
    play(g, "e5-f6")
    assert g.count[1] == 0 and g.count[0] == 8
    assert g.turn == 1 and g.moves() == [] and g.result() == 0
    assert g.winner is None                     # not a last-rank win
    assert g.highlight() == (cell("f6"),)       # the pawn that took the last one
    g.undo()
    assert g.count[1] == 1 and g.result() is None and g.highlight() == ()


def test_illegal_input_changes_nothing_and_says_why():
    g = play(peoes.Game(), "e2-e4 d7-d5")
    check_illegal_input_refused(g, (
        ("e2-e5", "there is no piece of yours on e2"),
        ("d2-d5", "d2-d5 is not legal: a pawn moves one square (two from its first rank)"),
        ("c3-c4", "there is no piece of yours on c3"),
        ("d5-d4", "there is no piece of yours on d5 (it is Black's)"),
        ("e4-e3", "a pawn moves only forward"),
        ("e4-f4", "a pawn moves only forward"),
        ("e4-g5", "a pawn moves straight forward, or one square diagonally forward to capture"),
        ("e4-f5", "a pawn moves diagonally only to capture, and f5 is empty"),
        ("d1-d2", "there is no piece of yours on d1"),
        ("d2-e3", "a pawn moves diagonally only to capture"),
        ("e1-e2", "there is no piece of yours"),
        ("i2-i3", "'i2' is not a square"),
        ("e4-e9", "'e9' is not a square"),
        ("e4", "is not a move"),
        ("e4xd5", "is not a move"),
        ("", "is not a move"),
    ), 42)
    assert g.explain(None) == "a move must be text, like e2-e4"


def test_the_briefs_example_message():
    g = peoes.Game()
    e = raises(MoveError, g.play_text, "e2-e5")
    assert str(e) == "e2-e5 is not legal: a pawn moves one square (two from its first rank)"
    g = play(peoes.Game(), "e2-e3 a7-a6 f2-f3 a6-a5")
    e = raises(MoveError, g.play_text, "e2-e3")
    assert "there is no piece of yours on e2" in str(e)
    e = raises(MoveError, g.play_text, "f3-e3")
    assert "a pawn moves only forward" in str(e)


def test_own_pawn_in_the_way():
    g = play(peoes.Game(), "d2-d3 a7-a6 e2-e4 a6-a5")
    e = raises(MoveError, g.play_text, "d3-e4")
    assert str(e) == "d3-e4 is not legal: e4 is occupied by your own pawn", str(e)
    g = play(peoes.Game(), "e2-e3 a7-a6")
    e = raises(MoveError, g.play_text, "e3-e3")
    assert "a pawn moves only forward" in str(e), str(e)
    g = play(peoes.Game(), "e2-e4 a7-a6 e4-e5 a6-a5 e5-e6 a5-a4")
    # e6 faces e7 head-on: it may take d7 or f7, not step.
    assert moves_from(g, "e6") == ["e6-d7", "e6-f7"]
    e = raises(MoveError, g.play_text, "e6-e7")
    assert "e7 is occupied (a pawn captures only diagonally)" in str(e), str(e)


def test_upper_case_and_spaces_are_accepted():
    g = peoes.Game()
    g.play_text(" E2-E4 ")
    assert g.ply == 1 and g.view()[cell("e4")] == WHITE


def test_move_cells_are_from_then_to():
    g = play(peoes.Game(), "e2-e4 a7-a6 e4-e5 f7-f5")
    m = g.parse("e5-f6")
    assert g.move_cells(m) == (cell("e5"), cell("f6"))
    check_move_cells_are_from_then_to(g, cell)


def test_board_text_draws_the_position():
    g = play(peoes.Game(), "e2-e4 a7-a6 e4-e5 f7-f5")
    rows = g.board_text().split("\n")
    assert rows[0] == " 8 . . . . . . . ."
    assert rows[2] == " 6 B . . . . : . ."
    assert rows[3] == " 5 . . . . W B . ."
    assert rows[8] == "   a b c d e f g h"


def test_key_follows_the_position_and_the_side_to_move():
    check_key_follows_the_position(peoes.Game, "a2-a3 a7-a6 h2-h3 h7-h6", "h2-h3 h7-h6 a2-a3 a7-a6",
                                   "a2-a3 a7-a6 h2-h3", "b2-b4")


def test_evaluate_sees_the_race():
    assert peoes.Game().evaluate() == 0
    # White to move with a pawn on the 7th rank: a win now.
    g = play(peoes.Game(), "b2-b4 h7-h6 b4-b5 h6-h5 b5-b6 h5-h4 b6-c7 g7-g6")
    assert g.evaluate() == 9000
    # Black to move against it: lost.
    g.undo()
    g.undo()
    play(g, "b6-c7")
    assert g.turn == 1 and g.evaluate() == -9000
    # A runner nothing can reach, nearer than every enemy pawn.
    g = play(peoes.Game(), "b2-b4 a7-a5 b4-a5 b7-b6 a5-b6 c7-b6 a2-a4 h7-h6 a4-a5 h6-h5")
    assert g.turn == 0
    v = g.evaluate()
    assert -10000 <= v <= 10000
    check_evaluate_in_range_along_games(peoes.Game, (5, 6))


def test_evaluate_sees_an_unstoppable_runner():
    # White's a6 pawn has no Black pawn in the cone ahead (a7 and b7 are gone):
    # two moves to a8, while Black's nearest pawn needs five.
    g = play(peoes.Game(), "a2-a4 b7-b5 a4-b5 a7-a6 b5-a6")
    assert g.turn == 1
    assert g.evaluate() == 200 - 8000
    # Whatever Black does, White keeps the race (or wins at once).
    for m in g.moves():
        g.play(m)
        assert g.result() is None and g.evaluate() >= 7800
        g.undo()
    # On the 7th rank the pawn cannot be stopped: Black loses next move.
    play(g, "c7-c5 a6-a7")
    assert g.evaluate() == -9000 and g.turn == 1


def test_random_playouts_end():
    for g, played in check_random_games_end_with_a_winner(peoes.Game, (11, 12, 13, 14)):
        assert len(played) < 200


def test_options_rejected():
    raises(OptionError, peoes.Game, {"size": 8})
    assert peoes.OPTIONS == {} and peoes.Game.SEATS == ("White", "Black")
