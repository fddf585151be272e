"""Go 7x7 rules (docs/rules/go.md), the seed's worked examples, notation. Portable."""
from check import (raises, play, random_playout, random_walk, check_random_games_end_with_a_winner,
                   check_refused, check_illegal_input_refused, check_game_over,
                   check_evaluate_in_range_along_games)
from games import go
from games.common import MoveError, OptionError, BLACK, WHITE, EMPTY, BLACK_SOFT, WHITE_SOFT


def cell(name):
    return (int(name[1:]) - 1) * 7 + "abcdefg".index(name[0])


def cells(names):
    return sorted(cell(n) for n in names.split())


def interleave(black, white):
    """Black and White place in turn (Black first); whoever runs out passes."""
    b, w = black.split(), white.split()
    out = []
    for i in range(max(len(b), len(w))):
        out.append(b[i] if i < len(b) else "pass")
        out.append(w[i] if i < len(w) else "pass")
    return out


def liberties(g, c):
    out = []
    for s in g.group(c):
        for n in go.NB[s]:
            if g.board[n] == 0 and n not in out:
                out.append(n)
    return sorted(out)


# --- the seed's positions (their diagrams are lost; these fit the text) -------

def seed_capture_position():
    """Black to move can capture at a6 (groups b6-c6 and a7) or at g6 (g7)."""
    return play(go.Game(), "b7 b6 b5 c6 c5 a7 c7 a5 d6 g7 f7 pass")


def seed_corner_position():
    """A white group in the lower left with two single-point eyes, a1 and c1."""
    return play(go.Game(), "a3 a2 b3 b2 c3 c2 d3 d2 e2 d1 e1 b1")


def seed_ko_position():
    """White to move can take the black stone c3 by playing d3."""
    return play(go.Game(), "c3 b3 d2 c2 d4 c4 e3")


# Final position of the seed's counting example: White 15 stones + 7 points,
# Black 13 + 13, d5 neutral; dead: white g2 and a6, black f6.
FINAL_BLACK = "f6 e1 c2 d2 f2 f3 g3 b3 b4 b5 a5 c5 b6 b7"
FINAL_WHITE = "a6 g2 c3 c4 d3 d4 e3 e2 e4 f4 g4 e5 e6 d6 c6 c7 d7"


def seed_final_position():
    g = go.Game()
    for t in interleave(FINAL_BLACK, FINAL_WHITE):
        g.play_text(t)
        assert g.captured_last() == ()
    play(g, "pass pass")
    return g


# --- start, notation, options ----------------------------------------------

def test_start_black_moves_first_on_an_empty_board():
    g = go.Game()
    assert g.turn == 0 and g.ply == 0 and g.result() is None and g.score() is None
    texts = g.legal_texts()
    assert len(texts) == 50 and "pass" in texts and "swap" not in texts
    assert "a1" in texts and "g7" in texts and "d4" in texts
    assert g.seat_name(0) == "Black" and g.seat_name(1) == "White"
    assert g.layout() == (7, 7) and go.layout() == (7, 7)
    assert g.view() == bytearray([EMPTY] * 49)
    assert g.captured_last() == ()
    assert g.stones_left(0) == 25 and g.stones_left(1) == 25


def test_stones_alternate_colours():
    g = play(go.Game(), "d4 e5")
    v = g.view()
    assert v[cell("d4")] == BLACK and v[cell("e5")] == WHITE
    assert g.turn == 0 and g.ply == 2
    assert g.stones_left(0) == 24 and g.stones_left(1) == 24
    rows = g.board_text().split("\n")
    assert rows[2] == "5 . . . . O . ." and rows[3] == "4 . . . X . . .", g.board_text()
    assert rows[-1] == "  a b c d e f g"


def test_move_text_cells_and_case():
    g = go.Game()
    assert g.move_text(cell("d4")) == "d4" and g.move_text(go.PASS) == "pass"
    assert g.move_cells(cell("c5")) == (cell("c5"),)
    assert g.move_cells(go.PASS) == ()
    assert g.parse("D4") == cell("d4") and g.parse("PASS") == go.PASS
    g.play_text("c5")
    assert g.move_text(go.SWAP) == "swap"
    assert g.move_cells(go.SWAP) == (cell("c5"),)   # tap the black stone
    assert g.parse("Swap") == go.SWAP


def test_option_rejected():
    raises(OptionError, go.Game, {"size": 9})
    go.Game({})


# --- captures and suicide ----------------------------------------------------

def test_seed_capture_at_a6_frees_b6_and_a7():
    g = seed_capture_position()
    assert g.turn == 0
    a6 = cell("a6")
    # a6 has no empty neighbour, yet it is legal because it captures
    assert all(g.board[n] for n in go.NB[a6])
    texts = g.legal_texts()
    assert "a6" in texts and "g6" in texts
    g.play_text("a6")
    assert sorted(g.captured_last()) == cells("a7 b6 c6")
    assert g.board[cell("a5")] == 2          # a5 keeps its liberty a4 and stays
    assert liberties(g, a6) == cells("a7 b6")
    assert g.stones_left(1) == 25 - 2        # a5 and g7 still out; three came back
    g.undo()
    g.play_text("g6")
    assert g.captured_last() == (cell("g7"),)
    assert g.board[cell("g7")] == 0


def test_seed_corner_group_cannot_be_entered():
    g = seed_corner_position()
    assert g.turn == 0
    texts = g.legal_texts()
    assert "a1" not in texts and "c1" not in texts and "f1" in texts
    for t in ("a1", "c1"):
        check_refused(g, t, "suicide", t)
    assert liberties(g, cell("b2")) == cells("a1 c1")


def test_suicide_of_a_group_is_illegal():
    # Black a2 has only a1 left; a1 would leave the pair a1-a2 with no liberty.
    g = play(go.Game(), "a2 b2 g7 a3 g6 b1")
    e = raises(MoveError, g.play_text, "a1")
    assert "suicide" in str(e)
    assert g.board[cell("a2")] == 1


def test_suicide_that_captures_is_legal():
    # White a2 and b1 each have only a1 left: black a1 has no empty neighbour
    # but captures both.
    g = play(go.Game(), "a3 a2 b2 b1 c1 pass")
    assert "a1" in g.legal_texts()
    g.play_text("a1")
    assert sorted(g.captured_last()) == cells("a2 b1")
    assert liberties(g, cell("a1")) == cells("a2 b1")


def test_capture_of_a_big_group_returns_its_stones():
    g = play(go.Game(), "d4 d5 pass c4 pass e4 pass d3")
    assert g.board[cell("d4")] == 0 and g.captured_last() == (cell("d4"),)
    assert g.stones_left(0) == 25 and g.stones_left(1) == 21


# --- superko --------------------------------------------------------------------

def test_seed_ko_retake_at_once_is_illegal():
    g = seed_ko_position()
    assert g.turn == 1
    d3 = cell("d3")
    assert all(g.board[n] == 1 for n in go.NB[d3])   # no liberty at d3
    g.play_text("d3")
    assert g.captured_last() == (cell("c3"),)
    assert "c3" not in g.legal_texts()
    check_refused(g, "c3", "repeat", "earlier", "c3")


def test_ko_retake_after_a_threat_elsewhere_is_legal():
    g = seed_ko_position()
    play(g, "d3 g7 a7")
    assert "c3" in g.legal_texts()
    g.play_text("c3")
    assert g.captured_last() == (cell("d3"),)
    # and now White cannot retake at once either
    assert "d3" not in g.legal_texts()


def triple_ko_position():
    """Three edge kos: bottom (mouth c1/d1), top (c7/d7), left (a3/a4).
    Black's stone sits in the bottom ko, White's in the other two."""
    return play(go.Game(), "b1 e1 c2 d2 b7 e7 c6 d6 a2 b4 b3 a5 d1 c7 pass a3")


def test_superko_forbids_the_triple_ko_cycle():
    g = triple_ko_position()
    assert g.turn == 0
    # Each move takes a ko the opponent did not just take (simple ko allows
    # all six), but the sixth brings back the board before the first.
    for t in ("d7", "c1", "a4", "c7", "d1"):
        assert t in g.legal_texts(), t
        g.play_text(t)
        assert len(g.captured_last()) == 1, t
    assert g.turn == 1
    assert "a3" not in g.legal_texts()
    check_refused(g, "a3", "repeat an earlier board position")
    # without Black's d1 the same capture makes a new board: legal
    g.undo()
    play(g, "pass")
    assert "a3" in g.legal_texts()
    g.play_text("a3")
    assert g.captured_last() == (cell("a4"),)


def _reference_moves(board, col, history, stones_on):
    """Legal placements by brute force: copy, place, capture, check, compare."""
    opp = 3 - col
    out = []
    if stones_on >= 25:
        return out
    for c in range(49):
        if board[c]:
            continue
        b = bytearray(board)
        b[c] = col
        for n in go.NB[c]:
            if b[n] == opp:
                grp = _group(b, n)
                if not _has_liberty(b, grp):
                    for s in grp:
                        b[s] = 0
        if not _has_liberty(b, _group(b, c)):
            continue
        if bytes(b) in history:
            continue
        out.append(c)
    return out


def _group(b, c):
    col = b[c]
    out = [c]
    i = 0
    while i < len(out):
        for n in go.NB[out[i]]:
            if b[n] == col and n not in out:
                out.append(n)
        i += 1
    return out


def _has_liberty(b, grp):
    for s in grp:
        for n in go.NB[s]:
            if b[n] == 0:
                return True
    return False


def test_legal_moves_match_a_brute_force_referee_over_random_games():
    # seeds whose games hold kos refused by superko, and many captures
    kos = 0
    for seed in (8, 16, 19, 29):
        g = go.Game()
        history = [bytes(g.board)]
        x = seed
        while g.result() is None and g.ply < 200:
            col = g.col
            stones_on = g.onboard[col]
            want = _reference_moves(g.board, col, history, stones_on)
            if stones_on < 25:
                kos += len(_reference_moves(g.board, col, [], stones_on)) - len(want)
            got = [m for m in g.moves() if m < 49]
            assert got == want, (seed, g.ply, g.board_text())
            ms = g.moves()
            # rarely pass, so boards fill and captures and kos happen
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            places = [m for m in ms if m < 49]
            if places and (x >> 8) % 40:
                m = places[(x >> 12) % len(places)]
            else:
                m = ms[(x >> 12) % len(ms)]
            g.play(m)
            if m < 49:
                history.append(bytes(g.board))
    assert kos >= 8, kos


# --- stones in reserve --------------------------------------------------------

def test_player_out_of_stones_can_only_pass_until_stones_come_back():
    g = go.Game()
    for c in range(25):                      # a1..g3, then a4..d4
        g.play(c)
        g.play(go.PASS if c < 24 else cell("e4"))
    assert g.stones_left(0) == 0 and g.turn == 0
    assert g.moves() == [go.PASS]
    check_refused(g, "f5", "no stones left", "only pass")
    # White closes in; Black can only pass, and each white stone resets the count
    for t in ("f4", "g4", "a5", "b5", "c5"):
        play(g, "pass " + t)
        assert g.result() is None
    play(g, "pass d5")
    assert len(g.captured_last()) == 25
    assert g.stones_left(0) == 25
    assert "a1" in g.legal_texts()


# --- swap -------------------------------------------------------------------

def test_swap_takes_black_and_seat_0_plays_white():
    g = play(go.Game(), "d4")
    assert "swap" in g.legal_texts()
    g.play_text("swap")
    assert g.turn == 0 and g.ply == 2
    assert g.seat_name(0) == "White" and g.seat_name(1) == "Black"
    assert g.board[cell("d4")] == 1
    assert "swap" not in g.legal_texts()
    g.play_text("e5")                       # seat 0 places a white stone
    assert g.board[cell("e5")] == 2 and g.turn == 1
    assert g.stones_left(0) == 24 and g.stones_left(1) == 24
    g.play_text("c3")                       # seat 1 places a black stone
    assert g.board[cell("c3")] == 1


def test_swap_then_passes_scores_by_seat():
    g = play(go.Game(), "d4 swap pass")
    assert g.result() is None               # swap was not a pass
    g.play_text("pass")
    assert g.score() == [0, 49]             # seat 0 holds White, seat 1 Black
    assert g.result() == 1


def test_swap_resets_the_pass_count():
    g = play(go.Game(), "d4 swap pass e5 pass")
    assert g.result() is None
    play(g, "pass")
    assert g.result() is not None


def test_swap_only_as_whites_first_move():
    g = go.Game()
    assert "only White's first move" in str(raises(MoveError, g.play_text, "swap"))
    g = play(go.Game(), "d4 e5")
    assert "swap" not in g.legal_texts()
    assert "first move" in str(raises(MoveError, g.play_text, "swap"))
    g = play(go.Game(), "d4 swap")
    assert "already swapped" in str(raises(MoveError, g.play_text, "swap"))
    g = play(go.Game(), "pass swap")
    assert "already swapped" in str(raises(MoveError, g.play_text, "swap"))


def test_swap_after_blacks_pass_takes_black_with_no_stone():
    # The rule book gives seat 1 the choice of colours in the first round with
    # no condition: after a first pass the swap takes Black and no stone.
    g = play(go.Game(), "pass")
    assert "swap" in g.legal_texts()
    assert g.move_cells(go.SWAP) == ()      # nothing to tap: a key move, like pass
    key = g.key()
    g.play_text("swap")
    assert g.turn == 0 and g.ply == 2 and g.result() is None
    assert g.seat_name(0) == "White" and g.seat_name(1) == "Black"
    assert not any(g.board[c] for c in range(49))
    g.play_text("e5")                       # seat 0 places a white stone
    assert g.board[cell("e5")] == 2 and g.turn == 1
    g.play_text("c3")                       # seat 1 a black one
    assert g.board[cell("c3")] == 1
    g.undo()
    g.undo()
    g.undo()
    assert g.key() == key and g.seat_name(0) == "Black" and "swap" in g.legal_texts()


def test_pass_swap_then_two_passes_white_seat_0_wins_the_empty_board():
    g = play(go.Game(), "pass swap pass")
    assert g.result() is None               # the swap reset the pass count
    g.play_text("pass")
    assert g.score() == [0, 0] and g.result() == 0   # equal: White (seat 0) wins


# --- end of play, dead stones, the count -------------------------------------

def test_two_passes_end_play():
    g = play(go.Game(), "d4 pass")
    assert g.result() is None and g.score() is None
    play(g, "pass")
    check_game_over(g, 0, "a1")
    assert g.score() == [49, 0]


def test_pass_then_stone_then_pass_does_not_end():
    g = play(go.Game(), "pass d4 pass")
    assert g.result() is None


def test_seed_final_count_with_dead_stones():
    g = seed_final_position()
    assert g.result() is not None
    # before marking, dead stones stand and spoil the territories around them
    assert g.score() != [26, 22]
    g.set_dead([cell("g2"), cell("a6"), cell("f6")])
    assert sorted(g.dead) == cells("g2 a6 f6")
    assert g.score() == [26, 22]            # Black 13 + 13, White 15 + 7
    assert g.result() == 0                  # Black wins
    # d5 belongs to nobody; the winner's territory is highlighted
    hl = g.highlight()
    assert cell("d5") not in hl and cell("a6") in hl and cell("g2") in hl
    assert len(hl) == 13
    v = g.view()
    assert v[cell("f6")] == BLACK_SOFT and v[cell("g2")] == WHITE_SOFT and v[cell("a6")] == WHITE_SOFT
    assert v[cell("e1")] == BLACK and v[cell("e2")] == WHITE
    txt = g.board_text()
    assert "o" in txt and "x" in txt
    # marks are replaced, not added to
    g.set_dead([])
    assert g.dead == set() and g.view()[cell("f6")] == BLACK


def test_marking_dead_groups_changes_the_score_and_the_winner():
    g = seed_final_position()
    g.set_dead([cell("g2"), cell("a6"), cell("f6")])
    assert g.result() == 0
    # marking Black's upper-left group dead too gives White the left side
    g.set_dead([cell("g2"), cell("a6"), cell("f6"), cell("b7")])
    assert cells("b7 b6 b5 b4 b3 a5 c5") == sorted(g.group(cell("b7")))
    assert cell("c5") in g.dead and cell("b3") in g.dead
    s = g.score()
    assert s[1] == 22 and s[0] < 22
    assert g.result() == 1


def test_set_dead_marks_the_whole_group_and_names_an_empty_point():
    g = seed_final_position()
    g.set_dead([cell("e4")])
    assert sorted(g.dead) == sorted(g.group(cell("c3")))
    assert len(g.dead) == 15
    e = raises(MoveError, g.set_dead, [cell("f6"), cell("d5")])
    assert "d5" in str(e) and "no stone" in str(e), str(e)
    assert len(g.dead) == 15                 # nothing changed
    assert g.group(cell("d5")) == ()


def test_set_dead_only_after_play_ended():
    g = play(go.Game(), "d4 pass")
    e = raises(MoveError, g.set_dead, [cell("d4")])
    assert "pass" in str(e)


def test_undo_of_the_last_pass_clears_the_marks():
    g = seed_final_position()
    g.set_dead([cell("g2")])
    g.undo()
    assert g.dead == set() and g.result() is None
    assert g.view()[cell("g2")] == WHITE


def test_white_wins_equal_scores():
    g = play(go.Game(), interleave("c1 c2 c3 c4 c5 c6 c7", "e1 e2 e3 e4 e5 e6 e7"))
    play(g, "pass pass")
    assert g.score() == [21, 21]
    assert g.result() == 1
    # and after a swap White is seat 0, who then wins the tie
    g = play(go.Game(), ["c1", "swap"] + interleave("e1 e2 e3 e4 e5 e6 e7", "c2 c3 c4 c5 c6 c7"))
    assert g.move_text(g.hist[-1] & 63) == "pass"   # Black (seat 1) had no 7th stone to add
    play(g, "pass")
    assert g.score() == [21, 21]
    assert g.result() == 0


# --- illegal input -------------------------------------------------------------

def test_illegal_input_changes_nothing_and_says_why():
    check_illegal_input_refused(play(go.Game(), "d4"), (
        ("h1", "not a point"), ("a8", "not a point"), ("", "not a point"),
        ("zz", "not a point"), ("d0", "not a point"), ("d4", "taken by a black stone")), 5)


# --- AI helpers --------------------------------------------------------------

def test_key_is_small_and_sees_side_to_move_and_pass():
    g = go.Game()
    k0 = g.key()
    play(g, "pass")
    k1 = g.key()
    assert k0 != k1
    for seed in (1, 2):
        g = go.Game()
        for _ in random_walk(g, seed):
            assert 0 <= g.key() < 2 ** 30
    a = play(go.Game(), "d4 e5 c3")
    b = play(go.Game(), "c3 e5 d4")
    assert a.key() == b.key()


def test_evaluate_sees_a_capture_and_stays_in_range():
    g = seed_capture_position()               # Black to move can take three stones
    assert g.evaluate() > 0
    g.play_text("pass")                        # now White to move, same board
    assert g.evaluate() < 0                    # its three groups are in atari
    check_evaluate_in_range_along_games(go.Game, (3, 4))


def test_evaluate_prefers_more_area():
    g = play(go.Game(), "d4 a1")               # Black to move, Black central
    assert g.evaluate() > 0
    g = play(go.Game(), "a1 d4")               # Black to move, White central
    assert g.evaluate() < 0


def test_candidates_put_captures_first_and_no_pass_while_stones_count():
    g = seed_capture_position()
    play(g, "a1 g1")                           # Black to move, no pass pending
    cs = g.candidates()
    assert cs[0] == cell("a6")                 # takes three stones
    assert cs[1] == cell("g6")
    assert go.PASS not in cs                   # open points left: a stone is worth more
    assert len(set(cs)) == len(cs) and all(m in g.moves() for m in cs)
    short = g.candidates(5)
    assert len(short) == 5 and short == cs[:5]
    assert g.candidates(1) == [cell("a6")]


def test_candidates_avoid_filling_own_eye():
    g = seed_corner_position()
    play(g, "pass")                            # White to move with eyes a1, c1
    cs = g.candidates()
    assert cs and cell("a1") not in cs and cell("c1") not in cs
    assert cell("a1") in g.moves() and cell("c1") in g.moves()


def test_candidates_offer_swap_after_a_central_stone():
    g = play(go.Game(), "d4")
    assert g.candidates()[0] == go.SWAP
    g = play(go.Game(), "a1")
    cs = g.candidates()
    assert go.SWAP in cs and cs[0] != go.SWAP


# --- whole games -------------------------------------------------------------


def test_undo_to_the_start_clears_hashes_and_history():
    g = go.Game()
    random_playout(g, 21)
    assert g.ply > 20 and g.caps
    while g.ply:
        g.undo()
    assert g.h1 == 0 and g.h2 == 0 and g.seen == go.Game().seen
    assert g.ph1 == [0] and g.ph2 == [0] and g.caps == [] and g.hist == []
    assert list(g.onboard) == [0, 0, 0] and g.col == 1 and not g.swapped
    assert g.passes == 0 and g.dead == set()


def test_random_playouts_end_with_a_score():
    for g, played in check_random_games_end_with_a_winner(go.Game, (6, 7, 8, 9)):
        assert played[-1] == "pass" and played[-2] == "pass"
        s = g.score()
        assert s[0] + s[1] <= 49
        b, w = (s[1], s[0]) if g.swapped else (s[0], s[1])
        assert g.result() == (g.black_seat() if b > w else 1 - g.black_seat())


def test_full_buckets_of_seen_boards_only_send_moves_to_the_exact_check():
    """Game.seen counts boards by 1024 buckets of their hash; a bucket counted
    full (255, kept for ever) or shared by two boards must refuse no move the
    exact superko check allows."""
    g = go.Game()
    random_playout(g, 10, limit=24)
    assert g.result() is None
    want = g.moves()
    g.seen = bytearray(b"\xff" * len(g.seen))
    assert g.moves() == want
    g.play(want[0])
    g.undo()
    assert g.moves() == want
