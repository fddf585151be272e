"""Gatos & Caes (Snort) rules (docs/rules/gatos_caes.md), the seed's examples, notation. Portable."""
from check import (raises, play, random_playout, random_walk, check_random_games_end_with_a_winner,
                   check_refused, check_illegal_input_refused, check_key_follows_the_position,
                   check_evaluate_in_range_along_games)
from games import gatos_caes
from games.common import MoveError, OptionError, P0, P1, P0_SOFT, P1_SOFT, BLOCK, EMPTY, ZONE


def idx(name):
    return (int(name[1:]) - 1) * 8 + "abcdefgh".index(name[0])


def interleave(cats, dogs):
    """Play cats and dogs alternately (cats first): a set-up where no cat
    touches a dog is legal in any order."""
    cats, dogs = cats.split(), dogs.split()
    out = []
    for i in range(max(len(cats), len(dogs))):
        if i < len(cats):
            out.append(cats[i])
        if i < len(dogs):
            out.append(dogs[i])
    return out


# The seed's second example, as far as its text fixes it (the diagram is lost):
# Dogs to move; Cats can still use only c4, g1 and h1, Dogs only e3, a6 and a7,
# and h6 is the one square both may take. Every other empty square touches a
# cat and a dog. The pieces round those squares were found by a search.
SEED_DOGS_TO_MOVE = interleave(
    "d5 c1 c2 f2 g2 h2 b3 g3 h3 b4 h4 c5 e5 e6 f6 f8 h8",
    "a1 e1 a2 d3 f4 a5 g5 b6 b7 c7 d7 g7 a8 b8 c8 d8")
# The same empty squares with Cats to move (the seed's "if it were the Cats' turn").
SEED_CATS_TO_MOVE = interleave(
    "d4 a1 c1 e1 f1 g2 h2 a3 c3 h3 b4 h4 d5 e5 g7 d8",
    "b2 d2 f3 f4 a5 g5 b6 c6 f6 b7 c7 e7 a8 b8 f8 h8")


def winner_with_best_play(g):
    """Exhaustive search of a small end position: the seat that wins."""
    r = g.result()
    if r is not None:
        return r
    for m in g.moves():
        g.play(m)
        w = winner_with_best_play(g)
        g.undo()
        if w == g.turn:
            return w
    return g.turn ^ 1


def winning_moves(g):
    out = []
    for t in g.legal_texts():
        g.play_text(t)
        if winner_with_best_play(g) == g.turn ^ 1:
            out.append(t)
        g.undo()
    return out


def test_start_first_cat_only_in_the_central_zone():
    g = gatos_caes.Game()
    assert g.turn == 0 and g.ply == 0 and g.result() is None
    assert g.legal_texts() == ["d4", "d5", "e4", "e5"]
    assert g.seat_name(0) == "Cats" and g.seat_name(1) == "Dogs"
    check_refused(g, "c5", "first cat", "central zone")   # the seed: c5 is outside the zone


def test_first_dog_only_outside_the_zone_and_not_next_to_the_cat():
    g = play(gatos_caes.Game(), "d5")   # the seed's first diagram: a cat on d5
    legal = g.legal_texts()
    for t in ("d4", "e4", "e5"):         # the rest of the zone
        assert t not in legal
        e = raises(MoveError, g.play_text, t)
        assert "first dog" in str(e) and "outside" in str(e), str(e)
    # The seed: c5 is outside the zone, but next to the cat.
    assert "c5" not in legal and "d6" not in legal
    e = raises(MoveError, g.play_text, "c5")
    assert "dog may not go next to a cat (d5)" in str(e), str(e)
    assert len(legal) == 64 - 4 - 2      # the zone and the two outside neighbours of d5
    play(g, "a1")
    assert g.turn == 0 and g.ply == 2


def test_zone_rule_is_for_the_first_pieces_only():
    g = play(gatos_caes.Game(), "d4 h8")
    legal = g.legal_texts()
    assert "e5" in legal and "e4" in legal and "d5" in legal   # later cats may use the zone
    play(g, "a8")
    assert "e5" in g.legal_texts()       # and so may later dogs (e5 touches no cat)
    play(g, "e5")
    assert g.board_text().split("\n")[3] == "5 . . . . D . . ."


def test_no_cat_next_to_a_dog_nor_dog_next_to_a_cat_diagonal_is_fine():
    g = play(gatos_caes.Game(), "d4 f4")
    for t, n in (("e4", "f4"), ("f3", "f4"), ("f5", "f4"), ("g4", "f4")):
        assert t not in g.legal_texts()
        e = raises(MoveError, g.play_text, t)
        assert "cat may not go next to a dog (%s)" % n in str(e), str(e)
    assert "e5" in g.legal_texts() and "g5" in g.legal_texts()   # diagonal neighbours
    play(g, "g5")
    e = raises(MoveError, g.play_text, "g6")
    assert "dog may not go next to a cat (g5)" in str(e), str(e)


def test_occupied_square():
    g = play(gatos_caes.Game(), "e4 b2")
    check_refused(g, "e4", "e4 already holds a cat")
    check_refused(g, "b2", "b2 already holds a dog")


def test_seed_example_dogs_to_move_take_h6_and_win():
    g = play(gatos_caes.Game(), SEED_DOGS_TO_MOVE)
    assert g.turn == 1 and g.result() is None
    assert g.legal_texts() == ["a6", "a7", "e3", "h6"]
    v = g.view()
    for t in ("c4", "g1", "h1"):
        assert v[idx(t)] == P0_SOFT          # the Cats' safe squares
    for t in ("e3", "a6", "a7"):
        assert v[idx(t)] == P1_SOFT          # the Dogs' safe squares
    assert v[idx("h6")] == EMPTY             # the square in dispute
    assert v[idx("h5")] == BLOCK and v[idx("g6")] == BLOCK
    assert v[idx("d5")] == P0 and v[idx("a1")] == P1
    assert winning_moves(g) == ["h6"]        # the one winning move
    play(g, "h6")
    assert winner_with_best_play(g) == 1
    assert g.evaluate() < 0                  # three safe squares each, Cats to move: lost
    play(g, "c4 e3 g1 a6 h1 a7")             # any order: the Cats run out first
    assert g.result() == 1 and g.moves() == []


def test_seed_example_cats_to_move_take_h6_and_win():
    g = play(gatos_caes.Game(), SEED_CATS_TO_MOVE)
    assert g.turn == 0
    assert g.legal_texts() == ["c4", "g1", "h1", "h6"]
    assert winning_moves(g) == ["h6"]
    play(g, "c4")                           # a safe square instead: Dogs take h6
    assert "h6" in winning_moves(g)


def test_last_mover_wins_when_the_other_has_no_square():
    g = play(gatos_caes.Game(), SEED_DOGS_TO_MOVE + "h6 c4 e3 g1 a6 h1".split())
    assert g.turn == 1 and g.legal_texts() == ["a7"]
    play(g, "a7")
    assert g.result() == 1 and g.moves() == [] and g.turn == 0
    e = raises(MoveError, g.play_text, "c4")
    assert "game is over" in str(e), str(e)
    assert g.evaluate() == -9000
    assert "no cat may go on any empty square; Dogs made the last move" in g.explain("c4"), g.explain("c4")
    g.undo()
    assert g.result() is None and g.legal_texts() == ["a7"]


def test_all_28_pieces_of_both_sides_then_cats_lose():
    # Cats below the long diagonal a8-h1, dogs above it: 28 each, no contact.
    cats = " ".join("abcdefgh"[x] + str(y + 1) for y in range(8) for x in range(8) if x + y < 7)
    dogs = " ".join("abcdefgh"[x] + str(y + 1) for y in range(8) for x in range(8) if x + y > 7)
    cats = "d4 " + cats.replace("d4", "").replace("  ", " ")
    seq = interleave(cats, dogs)
    g = gatos_caes.Game()
    play(g, seq[:-1])
    assert g.turn == 1 and g.left[0] == 0 and g.left[1] == 1
    play(g, seq[-1:])
    assert g.ply == 56 and g.left[1] == 0
    assert g.result() == 1 and g.moves() == []   # Cats have nothing left: Dogs made the last move


def test_a_player_out_of_pieces_loses_even_with_a_free_square():
    # By play this cannot happen on 8x8 (28 + 28 pieces always leave only
    # squares touching both kinds, see the rules page); check the rule itself.
    g = play(gatos_caes.Game(), "d4 a1 d5")
    assert g.turn == 1 and g.moves()
    g.left[1] = 0
    assert g.moves() == [] and g.result() == 0
    assert "all 28 dogs are on the board" in g.explain("h8"), g.explain("h8")
    assert "game is over" in str(raises(MoveError, g.play_text, "h8"))
    g.left[1] = 27
    assert g.result() is None


def test_view_zone_before_the_first_pieces_then_availability():
    g = gatos_caes.Game()
    v = g.view()
    assert len(v) == 64 and gatos_caes.layout() == (8, 8) and g.layout() == (8, 8)
    for t in ("d4", "e4", "d5", "e5"):
        assert v[idx(t)] == ZONE
    assert v[idx("c5")] == EMPTY and v[idx("a1")] == EMPTY
    play(g, "d4")
    v = g.view()
    assert v[idx("d4")] == P0 and v[idx("e5")] == ZONE and v[idx("e4")] == ZONE
    assert v[idx("c4")] == P0_SOFT and v[idx("d3")] == P0_SOFT
    play(g, "f4")
    v = g.view()
    assert v[idx("e5")] == EMPTY             # the zone no longer matters
    assert v[idx("e4")] == BLOCK             # next to a cat and a dog
    assert v[idx("c4")] == P0_SOFT and v[idx("g4")] == P1_SOFT and v[idx("f4")] == P1
    assert g.move_cells(idx("h8")) == (idx("h8"),)
    assert g.highlight() == ()


def test_board_text():
    g = play(gatos_caes.Game(), "e5")
    lines = g.board_text().split("\n")
    assert lines[3] == "5 . . . : C . . ."
    assert lines[4] == "4 . . . : : . . ."
    assert lines[-1] == "  a b c d e f g h"


def test_illegal_input_changes_nothing_and_says_why():
    g = play(gatos_caes.Game(), "e4 a1")
    check_illegal_input_refused(g, (("i1", "not a square"), ("a9", "not a square"), ("", "not a square"),
                                    ("d0", "not a square"), ("a1", "already holds a dog"),
                                    ("b1", "next to a dog (a1)")), 3)


def test_upper_case_is_accepted():
    g = gatos_caes.Game()
    g.play_text("D4")
    assert g.ply == 1 and g.turn == 1 and g.board_text().split("\n")[4].startswith("4 . . . C")


def test_counts_match_the_board_along_a_game():
    g = gatos_caes.Game()
    random_playout(g, 11)
    while g.ply:
        for c in range(64):
            cats = sum(1 for n in gatos_caes.NB[c] if g.cells[n] == 1)
            dogs = sum(1 for n in gatos_caes.NB[c] if g.cells[n] == 2)
            assert g.adj[0][c] == cats and g.adj[1][c] == dogs
        cnt = [0, 0, 0, 0]
        for c in range(64):
            if not g.cells[c]:
                cnt[g.square_class(c)] += 1
        assert cnt == g.cnt
        g.undo()
    assert g.cnt == [0, 0, 0, 64]


def scanned_moves(g):
    """The legal squares found by scanning every square (no kept counts)."""
    t = g.turn
    legal = [c for c in range(64) if not g.cells[c]
             and not any(g.cells[n] == 2 - t for n in gatos_caes.NB[c])]
    if g.ply == 0:
        legal = [c for c in legal if c in gatos_caes.ZONE_CELLS]
    elif g.ply == 1:
        legal = [c for c in legal if c not in gatos_caes.ZONE_CELLS]
    return legal


def test_result_from_counters_agrees_with_a_full_scan():
    # result() uses the kept counts; check it against scanning every square:
    # no result while a square is legal, and with none the mover has lost.
    for seed in (21, 22, 23):
        g = gatos_caes.Game()
        for ms in random_walk(g, seed):
            assert ms == scanned_moves(g)
        assert g.moves() == scanned_moves(g) == []
        assert g.result() == g.turn ^ 1


def test_key_small_transposition_safe_and_restored():
    check_key_follows_the_position(gatos_caes.Game, "d4 a1 b8 h8", "d4 h8 b8 a1", "d4 h8 b7 a1", "g2")


def test_evaluate_prefers_safe_squares_and_stays_in_range():
    # Dogs to move after a second cat: more Cat-only squares is worse for Dogs.
    open_cat = play(gatos_caes.Game(), "d4 a8 f6")     # f6 claims 4 squares
    corner_cat = play(gatos_caes.Game(), "d4 a8 h1")   # h1 claims 2
    assert open_cat.cnt[1] == 8 and corner_cat.cnt[1] == 6 and open_cat.cnt[2] == 2
    assert open_cat.evaluate() < corner_cat.evaluate() < 0
    # With no shared square left the reserves decide: equal reserves lose for the mover.
    g = play(gatos_caes.Game(), SEED_DOGS_TO_MOVE)
    play(g, "h6")
    assert g.cnt[3] == 0 and g.evaluate() <= -300
    g.undo()
    play(g, "a6")                                      # Dogs leave h6 to the Cats
    play(g, "h6")
    assert g.evaluate() <= -300                        # Dogs 2 in reserve against 3
    check_evaluate_in_range_along_games(gatos_caes.Game, (3, 4))


def test_random_playouts_end_with_a_winner():
    for g, played in check_random_games_end_with_a_winner(gatos_caes.Game, (1, 2, 3, 4, 5, 6)):
        assert g.result() == (len(played) - 1) % 2    # the last mover won


def test_options():
    assert gatos_caes.OPTIONS == {}
    raises(OptionError, gatos_caes.Game, {"size": 6})
