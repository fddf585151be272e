"""Rastros rules (docs/rules/rastros.md), the seed's opening and puzzle, notation. Portable."""
from check import (raises, play, random_playout, check_random_games_end_with_a_winner, check_refused,
                   check_illegal_input_refused, check_key_follows_the_position,
                   check_evaluate_in_range_along_games)
from games import rastros
from games.common import MoveError, OptionError, EMPTY, BLOCK, PIECE, P0_SOFT, P1_SOFT


def idx(name):
    return (int(name[1:]) - 1) * 7 + "abcdefg".index(name[0])


# The seed's opening: e5 to d4, d4 to d5, d5 to c6, c6 to d7.
OPENING = "d4 d5 c6 d7"
# The seed's puzzle, as far as its text fixes it: seat 0 to move, the piece on
# c2 (the only square next to b1 and c1 from which b2 is still open after b1),
# d1 and d2 black (after c1 the reply "must be b1 or b2"). It is reached here
# from the seed's opening by a trail through f5, e3, e2, d1 and d2.
PUZZLE = OPENING + " e6 f5 f4 e3 e2 d1 d2 c2"


def wins_for_mover(g, memo):
    """Exhaustive solver: True if the side to move can force a win."""
    r = g.result()
    if r is not None:
        return r == g.turn
    k = g.key()
    if k in memo:
        return memo[k]
    win = False
    for m in g.moves():
        g.play(m)
        w = not wins_for_mover(g, memo)
        g.undo()
        if w:
            win = True
            break
    memo[k] = win
    return win


def test_start_piece_on_e5_goals_shown():
    g = rastros.Game()
    assert g.turn == 0 and g.ply == 0 and g.result() is None
    assert g.legal_texts() == ["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"]
    v = g.view()
    assert len(v) == 49 and g.layout() == (7, 7) and rastros.layout() == (7, 7)
    assert v[idx("e5")] == PIECE
    assert v[idx("a1")] == P0_SOFT and v[idx("g7")] == P1_SOFT
    assert v[idx("d4")] == EMPTY
    assert g.board_text().split("\n")[2] == "5 . . . . W . ."
    assert g.board_text().split("\n")[0] == "7 . . . . . . 2"
    assert g.seat_name(0) == "Goal a1" and g.seat_name(1) == "Goal g7"


def test_seed_opening_leaves_a_black_trail():
    g = play(rastros.Game(), OPENING)
    assert g.ply == 4 and g.turn == 0 and g.pos == idx("d7")
    v = g.view()
    for t in ("e5", "d4", "d5", "c6"):
        assert v[idx(t)] == BLOCK
    assert v[idx("d7")] == PIECE
    assert g.legal_texts() == ["c7", "d6", "e6", "e7"]   # c6 is black now
    e = raises(MoveError, g.play_text, "c6")
    assert "c6 is black" in str(e), str(e)


def test_the_square_left_becomes_black_and_is_closed():
    g = play(rastros.Game(), "e4")
    assert g.view()[idx("e5")] == BLOCK
    assert "e5" not in g.legal_texts()
    check_refused(g, "e5", "e5 is black", "never enter")


def test_moves_are_to_king_neighbours_only():
    check_illegal_input_refused(rastros.Game(), (
        ("e3", "to a neighbour of e5"), ("c5", "to a neighbour of e5"),
        ("g7", "to a neighbour of e5"), ("e5", "already there"),
        ("h1", "not a square"), ("a8", "not a square"), ("", "not a square"),
        ("e5-e4", "write only the square")), None)


def test_entering_own_goal_wins():
    g = play(rastros.Game(), "f6")              # seat 0 leaves the piece next to g7
    assert g.turn == 1 and "g7" in g.legal_texts()
    play(g, "g7")
    assert g.result() == 1 and g.highlight() == (idx("g7"),)
    assert g.moves() == [] and g.view()[idx("g7")] == PIECE
    g = play(rastros.Game(), "d4 c3 b3 b2")     # seat 1 leaves it next to a1
    assert g.turn == 0 and "a1" in g.legal_texts()
    play(g, "a1")
    assert g.result() == 0 and g.highlight() == (idx("a1"),)


def test_entering_the_opponents_goal_is_legal_and_loses():
    g = play(rastros.Game(), "f5 f6")           # seat 0 to move, seat 1's goal next door
    assert "g7" in g.legal_texts()
    play(g, "g7")
    assert g.result() == 1                      # seat 0 moved it there: seat 1 wins
    e = raises(MoveError, g.play_text, "f7")
    assert "game is over" in str(e), str(e)
    g.undo()
    assert g.result() is None and g.turn == 0 and g.highlight() == ()
    g = play(rastros.Game(), "d4 c3 b2")        # seat 1 to move, seat 0's goal next door
    assert "a1" in g.legal_texts()
    play(g, "a1")
    assert g.result() == 0                      # seat 1 moved it there: seat 0 wins


def test_player_who_cannot_move_loses():
    g = play(rastros.Game(), "d6 c7 b7 b6 a6 a7")
    assert g.turn == 0 and g.moves() == []
    assert g.result() == 1                # seat 0 is blocked in the corner
    ring = g.highlight()
    assert ring[0] == idx("a7") and sorted(ring[1:]) == sorted([idx("a6"), idx("b6"), idx("b7")])
    e = raises(MoveError, g.play_text, "b7")
    assert "game is over" in str(e)
    assert g.evaluate() == -9000
    g.undo()
    assert g.result() is None and g.highlight() == ()


def test_seed_puzzle_position():
    g = play(rastros.Game(), PUZZLE)
    assert g.turn == 0 and g.pos == idx("c2") and g.result() is None
    v = g.view()
    assert v[idx("d1")] == BLOCK and v[idx("d2")] == BLOCK
    assert "b1" in g.legal_texts() and "c1" in g.legal_texts()


def test_seed_puzzle_c1_wins_at_once():
    g = play(rastros.Game(), PUZZLE + " c1")
    assert g.legal_texts() == ["b1", "b2"]     # "must go to b1 or b2"
    for reply in ("b1", "b2"):
        play(g, reply)
        assert "a1" in g.legal_texts()         # both next to a1
        play(g, "a1")
        assert g.result() == 0
        g.undo()
        g.undo()


def test_seed_puzzle_b1_is_refuted():
    # After b1: c1, then b2 is seat 0's only move, then c3; on b3 comes a4.
    g = play(rastros.Game(), PUZZLE + " b1")
    assert "a1" in g.legal_texts()            # legal for seat 1, and it would lose
    memo = {}
    assert wins_for_mover(g, memo)            # seat 1 to move wins: b1 is a mistake
    play(g, "c1")
    assert not wins_for_mover(g, memo)
    assert g.legal_texts() == ["b2"]
    play(g, "b2 c3 b3")
    assert wins_for_mover(g, memo)
    play(g, "a4")
    # a1 is now reachable only through a3 and a2; seat 1 never steps on a2.
    assert [t for t in ("a2", "b1", "b2", "b3") if g.view()[idx(t)] == BLOCK] == ["b1", "b2", "b3"]
    assert not wins_for_mover(g, memo)


def wins_within_three_plies(g):
    """True if, after every reply, the side that just moved wins with its next move."""
    me = g.turn ^ 1
    for r in g.moves():
        g.play(r)
        ok = g.result() == me
        if not ok and g.result() is None:
            for m in g.moves():
                g.play(m)
                ok = g.result() == me
                g.undo()
                if ok:
                    break
        g.undo()
        if not ok:
            return False
    return g.moves() != []


def test_seed_puzzle_c1_is_the_fastest_win():
    g = play(rastros.Game(), PUZZLE)
    fast = []
    for t in g.legal_texts():
        g.play_text(t)
        if g.result() == 0 or (g.result() is None and wins_within_three_plies(g)):
            fast.append(t)
        g.undo()
    assert fast == ["c1"]


def test_upper_case_is_accepted():
    g = rastros.Game()
    g.play_text("D4")
    assert g.pos == idx("d4") and g.turn == 1


def test_move_cells_lift_the_piece_then_its_square():
    g = rastros.Game()
    m = g.parse("d4")
    assert g.move_cells(m) == (idx("e5"), idx("d4"))
    play(g, "d4")
    assert g.move_cells(g.parse("c3")) == (idx("d4"), idx("c3"))


def test_key_small_transposition_safe_and_restored():
    check_key_follows_the_position(rastros.Game, "e4 d4 d3", "d4 e4 d3", "e4 d4 c3", "c2")


def test_evaluate():
    # Next to one's own goal with the move: about to win.
    g = play(rastros.Game(), "d4 c3 b3 b2")
    assert g.turn == 0 and g.evaluate() >= 5000
    # The puzzle favours seat 0 (a1 two steps away, g7 far).
    g = play(rastros.Game(), PUZZLE)
    assert g.evaluate() > 0
    assert g.distances()[0] == 2
    # Both goals cut off: the parity of the open region decides.
    g = play(rastros.Game(), "d6 c7 b7 b6 b5 a5 a6")
    assert g.distances() == (255, 255, 1)
    assert g.evaluate() > 0                   # one square (a7) left: the mover takes it and wins
    play(g, "a7")
    assert g.result() == 1
    # Only the opponent's goal still reachable: bad for the side to move.
    g = play(rastros.Game(), "d4 c3 b2 b1 a2 a3")   # a2 b1 b2 black: a1 is cut off
    assert g.turn == 0 and g.distances()[0] == 255 and g.distances()[1] == 6
    assert g.evaluate() < -300
    play(g, "b4")
    assert g.evaluate() > 300                # now seat 1 to move: only its goal is open
    check_evaluate_in_range_along_games(rastros.Game, (5, 6, 7))


def plain_distances(g):
    """A square-by-square breadth-first search, to check the rank-mask one."""
    dist = [255] * 49
    dist[g.pos] = 0
    queue = [g.pos]
    region = 0
    for c in queue:
        for n in rastros.NB[c]:
            if dist[n] == 255 and not g.cells[n]:
                dist[n] = dist[c] + 1
                if n != 0 and n != 48:   # the game ends in a goal
                    queue.append(n)
                    region += 1
    return dist[0], dist[48], region


def test_distances_match_a_plain_search():
    for seed in (1, 2, 3, 4, 5, 6, 7, 8):
        g = rastros.Game()
        random_playout(g, seed)
        while True:
            if g.winner is None:
                assert g.distances() == plain_distances(g), g.board_text()
            if not g.ply:
                break
            g.undo()
    assert rastros.Game().distances() == (4, 2, 46)


def test_random_playouts_end_with_a_winner():
    for g, played in check_random_games_end_with_a_winner(rastros.Game, (1, 2, 3, 4, 5, 6)):
        assert len(played) <= 47


def test_options():
    assert rastros.OPTIONS == {}
    raises(OptionError, rastros.Game, {"size": 9})
