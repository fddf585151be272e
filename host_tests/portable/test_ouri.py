"""Ouri rules (docs/rules/ouri.md, Cape Verdean Oware), notation, display. Portable."""
from check import raises, play, random_playout, random_walk, check_refused, check_illegal_input_refused
from games import ouri
from games.common import (MoveError, OptionError, DRAW, OFF, EMPTY, P0, P1, P0_SOFT, P1_SOFT,
                          SEED, GREEN, YELLOW)


def pos(south, north, stores, turn=0):
    """A position: South's pits a..f, North's A..F, the stores [south, north]."""
    return ouri.Game().setup(list(south) + list(north), stores, turn)


def pits(g):
    return list(g.pits)


def test_start_position():
    g = ouri.Game()
    assert pits(g) == [4] * 12
    assert g.turn == 0 and g.ply == 0 and g.result() is None
    assert g.legal_texts() == ["a", "b", "c", "d", "e", "f"]
    assert g.score() == [0, 0]
    assert g.layout() == ouri.layout() == (8, 9)
    assert g.seat_name(0) == "South" and g.seat_name(1) == "North"
    raises(OptionError, ouri.Game, {"seeds": 3})


def test_sowing_runs_counter_clockwise_from_south_to_north_and_back():
    g = play(ouri.Game(), "c")
    # c's four seeds go to d, e, f and then North's A (A faces f).
    assert pits(g) == [4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]
    assert g.turn == 1
    assert g.legal_texts() == ["A", "B", "C", "D", "E", "F"]
    play(g, "E")
    # E's four seeds: F, then South's a, b, c.
    assert pits(g) == [5, 5, 1, 5, 5, 5, 5, 4, 4, 4, 0, 5]
    assert g.turn == 0 and g.score() == [0, 0]


def test_twelve_or_more_seeds_skip_the_pit_they_came_from():
    g = pos([12, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1], [15, 15])
    play(g, "a")
    # 11 seeds round the board, the 12th skips a and lands in b.
    assert pits(g) == [0, 2, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]
    assert g.score() == [15, 15]   # the last seed is on South's side: no capture
    g.undo()
    assert pits(g) == [12, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]


def test_a_long_sowing_that_laps_can_capture():
    g = pos([0, 0, 0, 0, 0, 13], [0, 0, 1, 1, 1, 1], [15, 16])
    play(g, "f")
    # 13 seeds: one in every other pit, then A and B again; last seed in B.
    # B and A hold 2: both taken; C..F (2 each) lie beyond the last seed.
    assert pits(g) == [1, 1, 1, 1, 1, 0, 0, 0, 2, 2, 2, 2]
    assert g.score() == [19, 16]


def test_capture_of_two_and_of_three():
    g = pos([0, 0, 0, 0, 0, 1], [1, 5, 0, 0, 0, 0], [20, 21])
    play(g, "f")
    assert pits(g) == [0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0] and g.score() == [22, 21]
    g = pos([0, 0, 0, 0, 0, 1], [2, 5, 0, 0, 0, 0], [20, 20])
    play(g, "f")
    assert pits(g)[6] == 0 and g.score() == [23, 20]


def test_captures_continue_backwards_through_twos_and_threes():
    g = pos([3, 0, 0, 0, 0, 3], [1, 2, 1, 0, 0, 0], [19, 19])
    play(g, "f")
    # A 1->2, B 2->3, C 1->2: C, B and A are all taken (7 seeds).
    assert pits(g) == [3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    assert g.score() == [26, 19] and g.result() == 0


def test_capture_chain_stops_at_a_pit_of_four():
    g = pos([2, 0, 0, 0, 0, 4], [1, 1, 3, 1, 0, 0], [18, 18])
    play(g, "f")
    # A 2, B 2, C 4, D 2: D is taken, C (4) stops the chain, A and B stay.
    assert pits(g) == [2, 0, 0, 0, 0, 0, 2, 2, 4, 0, 0, 0]
    assert g.score() == [20, 18]
    assert g.turn == 1
    g.undo()
    assert pits(g) == [2, 0, 0, 0, 0, 4, 1, 1, 3, 1, 0, 0] and g.score() == [18, 18]


def test_no_capture_when_the_last_pit_ends_with_one_or_four_or_more():
    # The seed's note: an empty pit that gets one seed, or a pit reaching 4+, is not taken.
    g = pos([3, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0], [21, 21])
    play(g, "f")   # A 2, B 1: last seed in B
    assert pits(g)[6:8] == [2, 1] and g.score() == [21, 21]
    g = pos([1, 0, 0, 0, 0, 1], [3, 2, 0, 0, 0, 0], [20, 21])
    play(g, "f")   # A 3 -> 4
    assert pits(g)[6] == 4 and g.score() == [20, 21] and g.result() is None


def test_no_capture_on_the_movers_own_side():
    g = pos([0, 1, 1, 0, 0, 0], [0, 0, 0, 4, 0, 0], [21, 21])
    play(g, "b")   # c 1 -> 2 on South's own side
    assert pits(g)[2] == 2 and g.score() == [21, 21]


def test_north_captures_on_south_side():
    g = pos([1, 2, 0, 0, 0, 0], [0, 0, 0, 0, 0, 2], [21, 22], turn=1)
    play(g, "F")   # F's seeds: a 1->2, b 2->3; last in b: b then a taken
    assert pits(g) == [0] * 12 and g.score() == [21, 27]
    assert g.result() == 1


def test_a_pit_with_one_seed_may_not_be_played_while_another_holds_two_or_more():
    g = pos([1, 2, 0, 1, 0, 0], [4, 4, 0, 0, 0, 0], [18, 18])
    assert g.legal_texts() == ["b"]
    check_refused(g, "a", "one seed", "two or more")
    # All pits at one seed: any of them may be played.
    g = pos([1, 0, 1, 0, 0, 1], [4, 4, 1, 0, 0, 0], [18, 18])
    assert g.legal_texts() == ["a", "c", "f"]


def test_a_move_must_feed_an_opponent_with_no_seeds():
    g = pos([3, 0, 0, 0, 3, 0], [0, 0, 0, 0, 0, 0], [21, 21])
    assert g.legal_texts() == ["e"]
    check_refused(g, "a", "North has no seeds", "does not reach")
    play(g, "e")
    assert pits(g) == [3, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0] and g.turn == 1


def test_a_player_who_empties_their_own_side_must_be_fed():
    g = pos([0, 0, 0, 0, 0, 1], [0, 0, 0, 2, 0, 2], [21, 22])
    play(g, "f")   # South's last seed goes to A: South is empty
    assert g.turn == 1 and g.result() is None
    # A (one seed) is out while D and F hold two; D's seeds stop at F.
    assert g.legal_texts() == ["F"]
    play(g, "F")
    assert pits(g) == [1, 1, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0]


def test_singleton_filter_comes_before_feeding():
    # North is empty. f (one seed) would feed, but a holds two, so f is out;
    # a does not reach North: no legal move, the game ends.
    g = pos([2, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0], [22, 23])
    assert g.moves() == []
    assert g.result() == 0
    assert g.score() == [25, 23]   # South adds its 3 seeds
    assert "over" in str(raises(MoveError, g.play_text, "f"))


def test_game_ends_when_feeding_is_impossible():
    # North is empty and neither b (2 seeds) nor d (1) reaches North's side.
    g = pos([0, 2, 0, 1, 0, 0], [0, 0, 0, 0, 0, 0], [22, 23])
    assert g.moves() == [] and g.legal_texts() == []
    assert g.score() == [25, 23] and g.result() == 0
    assert sorted(g.highlight()) == sorted(ouri.STORE_CELLS[0])
    assert "over" in str(raises(MoveError, g.play_text, "b"))


def test_capture_that_empties_the_opponent_gives_another_move_that_must_feed():
    g = pos([0, 0, 5, 0, 2, 0], [1, 0, 0, 0, 0, 0], [20, 20])
    play(g, "e")   # f 1, A 1 -> 2: taken; North is left empty
    assert g.score() == [22, 20]
    assert g.turn == 0 and g.result() is None
    assert g.legal_texts() == ["c"]   # f (one seed) is out, c reaches North
    e = raises(MoveError, g.play_text, "f")
    assert "one seed" in str(e), str(e)
    play(g, "c")
    assert pits(g) == [0, 0, 0, 1, 1, 2, 1, 1, 0, 0, 0, 0]
    assert g.turn == 1 and g.score() == [22, 20]
    g.undo()
    g.undo()
    assert pits(g) == [0, 0, 5, 0, 2, 0, 1, 0, 0, 0, 0, 0] and g.turn == 0 and g.score() == [20, 20]


def test_extra_move_that_cannot_feed_ends_the_game():
    g = pos([2, 0, 0, 0, 2, 0], [1, 0, 0, 0, 0, 0], [20, 23])
    play(g, "e")   # A taken, North empty; South has a 2, f 1: nothing feeds
    assert g.turn == 0
    assert g.moves() == []
    assert g.score() == [25, 23] and g.result() == 0


def test_no_legal_move_at_all_ends_the_game_and_24_24_is_a_draw():
    g = pos([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0], [22, 24])
    play(g, "f")   # takes A: both sides are empty, South is to move again
    assert g.turn == 0 and g.moves() == []
    assert g.score() == [24, 24]
    assert g.result() == DRAW
    assert g.highlight() == ()


def test_twenty_five_captured_wins_at_once():
    g = pos([0, 0, 0, 0, 2, 0], [1, 2, 3, 0, 0, 0], [23, 17])
    play(g, "e")
    assert g.result() == 0
    assert g.score() == [25, 17]   # the stores as they are: the pits' 6 seeds stay out
    assert g.moves() == []
    assert sorted(g.highlight()) == sorted(ouri.STORE_CELLS[0])
    e = raises(MoveError, g.play_text, "B")
    assert "over" in str(e)
    g.undo()
    assert g.result() is None and g.score() == [23, 17] and g.legal_texts() == ["e"]


def test_third_repetition_ends_the_game_the_start_counting():
    # One seed each chases the other round the board: a forced 12-move cycle.
    g = pos([0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1], [24, 22])
    start = g.key()
    for _ in range(12):
        assert len(g.moves()) == 1
        g.play(g.moves()[0])
    assert g.key() == start and g.result() is None   # second time: play on
    for _ in range(11):
        g.play(g.moves()[0])
        assert g.result() is None
    g.play(g.moves()[0])       # the start position for the third time
    assert g.ply == 24
    assert g.result() == 0 and g.score() == [25, 23]   # each side adds its seed
    assert g.moves() == []
    g.undo()
    assert g.result() is None and g.score() == [24, 22]


def test_illegal_input_changes_nothing_and_says_why():
    check_illegal_input_refused(play(ouri.Game(), "c"), (
        ("g", "not a pit"), ("a1", "not a pit"), ("", "not a pit"),
        ("c", "South's"), ("f", "North plays A-F")), 3)
    g = pos([0, 2, 0, 0, 0, 0], [0, 4, 0, 0, 0, 0], [21, 21])
    e = raises(MoveError, g.play_text, "a")
    assert "pit a is empty" in str(e), str(e)


def test_case_matters_a_is_south_and_A_is_north():
    g = ouri.Game()
    e = raises(MoveError, g.play_text, "A")
    assert "North's" in str(e), str(e)
    assert g.ply == 0
    g.play_text(" a ")
    assert g.ply == 1 and g.turn == 1
    assert "South's" in str(raises(MoveError, g.play_text, "a"))
    g.play_text("A")
    assert g.ply == 2


def test_move_cells_are_the_pit_keys():
    g = ouri.Game()
    w = 8
    assert [g.move_cells(m) for m in g.moves()] == [(3 * w + 1 + i,) for i in range(6)]
    play(g, "a")
    # North's A faces South's f (column 6), F faces a (column 1).
    assert [g.move_cells(m) for m in g.moves()] == [(5 * w + 6 - i,) for i in range(6)]


def test_view_bars_and_stores():
    g = pos([0, 1, 4, 7, 3, 0], [0, 0, 0, 0, 0, 0], [18, 15])
    w = 8
    v = g.view()
    assert len(v) == 8 * 9
    assert v[3 * w + 1] == EMPTY and v[2 * w + 1] == OFF          # a: empty pit, no bar
    assert v[3 * w + 2] == P0 and [v[y * w + 2] for y in (2, 1, 0)] == [SEED, OFF, OFF]
    assert [v[y * w + 4] for y in (2, 1, 0)] == [YELLOW, GREEN, GREEN]   # d: 7 = 6 + 1
    assert [v[y * w + 3] for y in (2, 1, 0)] == [GREEN, SEED, SEED]      # c: 4 = 3 + 1
    assert [v[y * w + 5] for y in (2, 1, 0)] == [SEED, SEED, SEED]       # e: 3
    assert v[5 * w + 6] == EMPTY                                          # A: empty
    # Stores: one cell per three seeds (a full column of 9 means 25 or more).
    assert [v[y * w + 7] for y in range(9)] == [P0_SOFT] * 6 + [EMPTY] * 3
    assert [v[(8 - y) * w] for y in range(9)] == [P1_SOFT] * 5 + [EMPTY] * 4
    assert v[4 * w + 3] == OFF   # the gap row
    s = ouri.Game().view()
    assert s[5 * w + 1] == P1 and [s[y * w + 1] for y in (6, 7, 8)] == [GREEN, SEED, SEED]


def test_board_text_shows_pits_stores_and_turn():
    t = play(ouri.Game(), "c").board_text()
    assert "North store 0" in t and "North to move" in t
    assert "  4  4  0  5  5  5" in t


def test_key_is_small_and_follows_the_position():
    g = ouri.Game()
    k0 = g.key()
    assert 0 <= k0 < 2 ** 30
    play(g, "c")
    assert g.key() != k0 and 0 <= g.key() < 2 ** 30
    g.undo()
    assert g.key() == k0
    # The key is kept incrementally: it always equals the one computed afresh,
    # also through long sowings, captures and undo.
    for seed in (21, 22, 23):
        g = ouri.Game()
        for _ in random_walk(g, seed):
            assert g.key() == g._hash()
        assert g.key() == g._hash()
        while g.ply:
            g.undo()
            assert g.key() == g._hash()
    g = pos([0, 0, 0, 0, 0, 13], [0, 0, 1, 1, 1, 1], [15, 16])
    play(g, "f")
    assert g.key() == g._hash()


def test_evaluate_counts_seeds_and_threats():
    g = ouri.Game()
    assert -10000 < g.evaluate() < 10000
    # South can take 5 now with f (A 1->2, B 2->3); North threatens nothing.
    g = pos([0, 0, 0, 0, 4, 2], [1, 2, 4, 4, 4, 4], [11, 12])
    lead = g.evaluate()
    assert g._threat(0) == 5 and g._threat(1) == 0
    # The same seeds where South's f no longer reaches a pit of 1-2: worth less.
    g0 = pos([0, 0, 0, 0, 4, 2], [4, 4, 4, 4, 2, 1], [11, 12])
    assert g0._threat(0) == 0 and lead > g0.evaluate() + 300, (lead, g0.evaluate())
    # The same seeds with the stores 10 apart: the store difference dominates.
    g2 = pos([0, 0, 0, 0, 4, 2], [1, 2, 4, 4, 4, 4], [17, 6])
    assert g2.evaluate() > lead + 800
    g3 = pos([0, 0, 0, 0, 4, 2], [1, 2, 4, 4, 4, 4], [17, 6], turn=1)
    assert g3.evaluate() < -800


def test_random_playouts_end_with_all_48_seeds_counted():
    for seed in (11, 12, 13, 14, 15, 16):
        g = ouri.Game()
        random_playout(g, seed)
        assert g.result() is not None
        s = g.score()
        if max(s) < 25:
            assert s[0] + s[1] == 48, s
        assert g.result() == (DRAW if s[0] == s[1] else (0 if s[0] > s[1] else 1))


def test_setup_rejects_a_wrong_seed_count():
    raises(ValueError, ouri.Game().setup, [4] * 12, [1, 0])


def test_the_ai_takes_a_capture_of_three_or_more():
    import ai
    # South's f takes 5 (A and B); every level from 2 takes it. Level 1
    # sees it too, but slips on most of its moves like a beginner
    # (docs/developers/ai.md, "Level 1"): only a win it never misses.
    g = pos([0, 0, 0, 0, 4, 2], [1, 2, 4, 4, 4, 4], [11, 12])
    for level in (2, 3, 5):
        assert g.move_text(ai.choose(g, level=level)) == "f", level


def test_the_score_says_whose_seeds_are_whose():
    g = ouri.Game()
    assert g.score_words() == "SOUTH 0 NORTH 0"
    for t in ("a", "A", "b", "B", "c", "C", "d", "D"):
        if g.result() is None and t in g.legal_texts():
            g.play_text(t)
    s = g.score()
    assert g.score_words() == "SOUTH %d NORTH %d" % (s[0], s[1])
