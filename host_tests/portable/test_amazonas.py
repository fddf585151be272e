"""Amazonas rules (docs/rules/amazonas.md), the seed's worked example, notation, AI helpers. Portable."""
from check import (raises, play, snapshot, lcg, random_walk, ending_moves,
                   check_random_games_end_with_a_winner, check_illegal_input_refused, check_game_over,
                   check_evaluate_in_range_along_games, check_candidates_put_a_win_first)
from games import amazonas
from games.common import MoveError, OptionError, WHITE, BLACK, BLOCK, EMPTY

FILES = "abcdefgh"
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))


def sq(name):
    return (int(name[1]) - 1) * 8 + FILES.index(name[0])


def name(c):
    return FILES[c % 8] + str(c // 8 + 1)


def plain_moves(g):
    """An independent, slow move generator on (x, y) pairs: the spec itself."""
    cells = [(EMPTY, WHITE, BLACK, BLOCK).index(v) for v in g.view()]
    me = g.turn + 1
    out = []
    for f in range(64):
        if cells[f] != me:
            continue
        cells[f] = 0
        for dx, dy in DIRS:
            x, y = f % 8 + dx, f // 8 + dy
            while 0 <= x < 8 and 0 <= y < 8 and cells[y * 8 + x] == 0:
                t = y * 8 + x
                for ex, ey in DIRS:
                    u, v = x + ex, y + ey
                    while 0 <= u < 8 and 0 <= v < 8 and cells[v * 8 + u] == 0:
                        out.append("%s-%s(%s)" % (name(f), name(t), name(v * 8 + u)))
                        u += ex
                        v += ey
                x += dx
                y += dy
        cells[f] = me
    return sorted(out)


def setup(white, black, arrows, turn=0):
    """A position that play cannot reach quickly (a finished game)."""
    g = amazonas.Game()
    box = [amazonas.SQ[sq(n)] for n in (white + " " + black).split()]
    g._place(box[:4], box[4:], [amazonas.SQ[sq(n)] for n in arrows.split()], turn)
    return g


def test_start_position():
    g = amazonas.Game()
    assert amazonas.layout() == (8, 8) and g.layout() == (8, 8)
    v = g.view()
    assert sorted(name(c) for c in range(64) if v[c] == WHITE) == ["a3", "c1", "f1", "h3"]
    assert sorted(name(c) for c in range(64) if v[c] == BLACK) == ["a6", "c8", "f8", "h6"]
    assert sum(1 for c in range(64) if v[c] == EMPTY) == 56
    assert g.turn == 0 and g.ply == 0 and g.result() is None
    assert g.seat_name(0) == "White" and g.seat_name(1) == "Black"
    assert g.legal_texts() == plain_moves(g)
    assert len(g.moves()) == 1232


def test_moves_match_the_plain_generator_along_a_game():
    g = amazonas.Game()
    x = 7
    while g.result() is None:
        if g.ply % 4 == 0:
            assert g.legal_texts() == plain_moves(g), g.board_text()
        ms = g.moves()
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        g.play(ms[(x >> 8) % len(ms)])
    assert plain_moves(g) == []


def test_seed_example_turn():
    # 1. f1-c4(c7), a6-e6(e3)
    g = play(amazonas.Game(), "f1-c4(c7)")
    assert g.turn == 1 and g.ply == 1
    play(g, "a6-e6(e3)")
    assert g.turn == 0 and g.ply == 2
    v = g.view()
    assert v[sq("c4")] == WHITE and v[sq("f1")] == EMPTY and v[sq("c7")] == BLOCK
    assert v[sq("e6")] == BLACK and v[sq("a6")] == EMPTY and v[sq("e3")] == BLOCK
    assert g.board_text().splitlines()[1] == " 7 . . # . . . . ."
    assert g.move_cells(g.history[0]) == (sq("f1"), sq("c4"), sq("c7"))
    # the arrow on c7 now blocks the c-file and e3 the e-file
    assert "c7 is in the way" in g.explain("c4-c8(c5)")
    assert "e3 is not empty: it holds an arrow" in g.explain("c1-e3(e4)")


def test_arrow_back_through_the_square_just_left():
    g = amazonas.Game()
    m = g.parse("h3-h5(h2)")          # the arrow flies h4, h3 (now empty), h2
    assert g.move_cells(m) == (sq("h3"), sq("h5"), sq("h2"))
    g.play(m)
    v = g.view()
    assert v[sq("h5")] == WHITE and v[sq("h3")] == EMPTY and v[sq("h2")] == BLOCK
    g.undo()
    assert snapshot(g) == snapshot(amazonas.Game())
    # on a diagonal too: d3 -> e4 -> f5 (the square just left) -> g6
    play(g, "h3-f5(f6) a6-a5(a4)")
    assert "f5-e4(g6)" in g.legal_texts()     # from e4 back over f5 (left) to g6
    m = g.parse("f5-d3(g6)")                  # d3 -> e4 -> f5 (just left) -> g6
    g.play(m)
    assert g.view()[sq("g6")] == BLOCK and g.view()[sq("f5")] == EMPTY


def test_arrow_onto_the_square_just_left():
    g = amazonas.Game()
    m = g.parse("h3-h5(h3)")
    assert g.move_cells(m) == (sq("h3"), sq("h5"), sq("h3"))
    g.play(m)
    v = g.view()
    assert v[sq("h5")] == WHITE and v[sq("h3")] == BLOCK
    assert g.key() == g._full_key()
    g.undo()
    assert g.view() == amazonas.Game().view() and g.key() == amazonas.Game().key()


def test_arrow_and_amazon_cannot_pass_pieces():
    g = amazonas.Game()
    e = raises(MoveError, g.play_text, "a3-a7(a8)")   # a6 holds a Black amazon
    assert "a6 is in the way" in str(e), str(e)
    e = raises(MoveError, g.play_text, "a3-a6(a7)")
    assert "a6 is not empty" in str(e) and "Black amazon" in str(e), str(e)
    e = raises(MoveError, g.play_text, "c1-c5(c8)")   # c8 holds a Black amazon
    assert "cannot land on c8" in str(e), str(e)
    e = raises(MoveError, g.play_text, "f1-f4(h6)")   # g5 free but h6 occupied
    assert "cannot land on h6" in str(e), str(e)
    play(g, "h3-h5(h4)")
    e = raises(MoveError, g.play_text, "h6-h3(h2)")   # blocked by h5's amazon
    assert "h5 is in the way" in str(e), str(e)
    e = raises(MoveError, g.play_text, "f8-f6(h4)")
    assert "cannot land on h4: it holds an arrow" in str(e), str(e)


def test_illegal_input_changes_nothing_and_says_why():
    g = play(amazonas.Game(), "f1-c4(c7) a6-e6(e3)")
    check_illegal_input_refused(g, (
        ("f1-c4(c7)", "no amazon on f1"),
        ("e6-e5(e4)", "Black's"),
        ("c7-c6(c5)", "arrow, not an amazon"),
        ("c4-c4(c5)", "must move away"),
        ("a3-b5(c5)", "straight line"),
        ("c4-d5(d5)", "arrow must fly away"),
        ("c4-d5(e7)", "not in line"),
        ("c4-d5(g8)", "e6 is in the way"),
        ("c4-e2(e3)", "cannot land on e3"),
        ("c4-c8(c5)", "c7 is in the way"),
        ("c4-d5(i9)", "'i9' is not a square"),
        ("c4-d5", "write from-to(arrow)"),
        ("", "write from-to(arrow)"),
        ("hello", "write from-to(arrow)"),
    ), 5)


def test_upper_case_is_accepted():
    g = amazonas.Game()
    g.play_text("F1-C4(C7)")
    assert g.move_text(g.history[-1]) == "f1-c4(c7)"
    g.play_text(" A6-e6(E3) ")
    assert g.ply == 2


def test_player_who_cannot_move_loses():
    # White's four amazons are walled in; Black still has room.
    g = setup("a1 h1 a8 h8", "d4 e5 c3 f6",
              "a2 b2 b1 g1 g2 h2 a7 b7 b8 g8 g7 h7", turn=0)
    assert plain_moves(g) == []
    check_game_over(g, 1, "a1-b1(c1)")
    assert sorted(name(c) for c in g.highlight()) == ["a1", "a8", "h1", "h8"]
    # With Black to move the same walls mean nothing yet: Black plays on.
    g = setup("a1 h1 a8 h8", "d4 e5 c3 f6",
              "a2 b2 b1 g1 g2 h2 a7 b7 b8 g8 g7 h7", turn=1)
    assert g.result() is None and g.highlight() == ()
    g.play_text("d4-d5(d6)")
    assert g.result() == 1


def test_one_free_neighbour_is_enough_to_play():
    # h8's amazon has g8 free: it can step there and shoot back onto h8.
    g = setup("a1 h1 a8 h8", "d4 e5 c3 f6",
              "a2 b2 b1 g1 g2 h2 a7 b7 b8 g7 h7", turn=0)
    assert g.result() is None
    texts = g.legal_texts()
    assert "h8-g8(h8)" in texts and "h8-g8(f8)" in texts
    assert texts == plain_moves(g)
    play(g, "h8-g8(h8)")
    play(g, "d4-d5(d6)")
    # g8's amazon can still go to f8 and further along rank 8
    assert g.result() is None


def test_random_playouts_end_with_the_stuck_side_losing():
    for g, played in check_random_games_end_with_a_winner(amazonas.Game, (1, 2, 3)):
        assert g.result() == g.turn ^ 1, played
        assert plain_moves(g) == []
        assert len(played) <= 56       # every move fills one of the 56 empty squares
        assert len(g.highlight()) == 4
        assert "over" in str(raises(MoveError, g.parse, "a1-a2(a3)"))


def test_key_is_incremental_and_small():
    g = amazonas.Game()
    keys = [g.key()]
    x = 3
    while g.result() is None and g.ply < 30:
        ms = g.moves()
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        g.play(ms[(x >> 8) % len(ms)])
        assert g.key() == g._full_key() and 0 <= g.key() < 2 ** 30
        keys.append(g.key())
    assert len(set(keys)) == len(keys)
    while g.ply:
        g.undo()
        keys.pop()
        assert g.key() == keys[-1]
    # the same position by two move orders has the same key
    a = play(amazonas.Game(), "f1-f4(f2) a6-b6(b4) c1-c2(d3) c8-c7(d6)")
    b = play(amazonas.Game(), "c1-c2(d3) c8-c7(d6) f1-f4(f2) a6-b6(b4)")
    assert a.key() == b.key()
    assert a.key() != play(amazonas.Game(), "c1-c2(d3) c8-c7(d6) f1-f4(f2)").key()


def test_candidates_are_legal_distinct_and_limited():
    g = play(amazonas.Game(), "f1-c4(c7) a6-e6(e3)")
    legal = set(g.moves())
    before = snapshot(g)
    for limit in (1, 10, 40):
        c = g.candidates(limit)
        assert len(c) == limit and len(set(c)) == limit
        assert all(m in legal for m in c)
    assert snapshot(g) == before
    big = g.candidates(5000)
    assert len(set(big)) == len(big) and all(m in legal for m in big)
    assert len(big) >= 100


def test_candidates_cover_a_lone_move():
    g = setup("a1 h1 a8 h8", "d4 e5 c3 f6",
              "a2 b2 b1 g1 g2 h2 a7 b7 b8 g7 h7 f8 f7", turn=0)
    assert sorted(g.move_text(m) for m in g.candidates(10)) == g.legal_texts() == ["h8-g8(h8)"]


def test_candidates_prefer_shooting_next_to_the_enemy():
    g = amazonas.Game()
    best = [g.move_text(m) for m in g.candidates(5)]
    # every favourite arrow touches a Black amazon
    near = set()
    for b in ("a6", "c8", "f8", "h6"):
        c = sq(b)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                x, y = c % 8 + dx, c // 8 + dy
                if 0 <= x < 8 and 0 <= y < 8:
                    near.add(name(y * 8 + x))
    for t in best:
        assert t[-3:-1] in near, best


def play_any(g, x):
    """Play the legal move the generator's next number picks; return it."""
    ms = g.moves()
    x = lcg(x)
    g.play(ms[(x >> 8) % len(ms)])
    return x


def test_candidates_take_a_win_in_one_first():
    # Black's amazons: c7 can only go to c8 (b8 is an arrow, d8 White's);
    # the others are walled in. White d8-c8 with the arrow back to d8 (or
    # anywhere) shuts Black in; leaving d8 alone would open it.
    g = setup("d8 a1 h1 e4", "c7 h8 c5 g3",
              "a8 b8 e8 f8 g8 a7 b7 d7 e7 g7 h7 a6 b6 c6 d6 b4 c4 d4 b5 d5 "
              "f2 g2 h2 f3 h3 f4 g4 h4", turn=0)
    wins = ending_moves(g)                 # the moves after which Black cannot move
    assert wins and all(g.move_text(m).startswith("d8-c8") for m in wins)
    assert g.candidates(1)[0] in wins
    found = 0
    for seed in range(1, 25):
        found += check_candidates_put_a_win_first(amazonas.Game(), seed, limit=12, max_moves=200)
    assert found >= 10


def test_candidates_are_legal_along_games_and_kept_lists_are_copies():
    for seed in (3, 4):
        g = amazonas.Game()
        for ms in random_walk(g, seed):
            legal = set(ms)
            for limit in (1, 12, 30):
                c = g.candidates(limit)
                assert len(c) == min(limit, len(ms)) and len(set(c)) == len(c)
                assert all(m in legal for m in c)
                c.reverse()                         # the caller may reorder its list
                again = g.candidates(limit)
                c.reverse()
                assert again == c                   # the same list, from the table


def test_evaluate_and_free_squares_follow_play_and_undo():
    g = amazonas.Game()
    seen = []
    for _ in random_walk(g, 5):
        seen.append((g.key(), g.evaluate()))
        free = bytearray(255 if c == 0 else 0 for c in g.cells)
        assert g.free == free and g.nfree == sum(1 for c in amazonas.SQ if not g.cells[c])
    while seen:
        g.undo()
        key, ev = seen.pop()
        assert g.key() == key and g.evaluate() == ev
        g._ek[key & (len(g._ek) - 1)] = -1      # and computed afresh
        assert g.evaluate() == ev


def test_evaluate_symmetric_start_and_sides():
    g = amazonas.Game()
    e0 = g.evaluate()
    assert -100 < e0 < 100
    # a Black amazon walled in by arrows: good for White whoever moves
    g = setup("c1 f1 a3 h3", "a8 c8 f8 h6", "a7 b7 b8", turn=0)
    w = g.evaluate()
    g.turn = 1
    g.hash = g._full_key()
    assert w > 50 and g.evaluate() < -50
    check_evaluate_in_range_along_games(amazonas.Game, (9,))


def test_evaluate_counts_territory_in_a_split_endgame():
    # A wall of arrows on rank 4 and the d-file: White owns the big south-west
    # room, Black a smaller one; territory decides.
    walls = "a4 b4 c4 d4 e4 f4 g4 h4 d5 d6 d7 d8"
    g = setup("a1 b1 c1 d1", "e8 f8 g8 h8", walls, turn=1)
    # White reaches the 20 empty squares of ranks 1-3; Black only e5-h7 (12);
    # nobody reaches a5-c8.
    assert g.evaluate() < -50
    g.turn = 0
    g.hash = g._full_key()
    assert g.evaluate() > 50


def test_option_rejected():
    raises(OptionError, amazonas.Game, {"size": 10})
    assert amazonas.Game({}).ply == 0


def test_evaluation_is_the_same_for_either_colour_and_mirror():
    # Swapping the colours (and the side to move) or mirroring the board
    # left-right must not change what the side to move is told: the search
    # would otherwise play one colour better than the other.
    def mirror(c):
        i = amazonas.SQ.index(c)
        return amazonas.SQ[(i // 8) * 8 + 7 - i % 8]

    for seed in (3, 4, 5):
        g = amazonas.Game()
        x = seed
        for ply in range(24):
            x = play_any(g, x)
            if g.result() is not None:
                break
            if ply % 4:
                continue
            arrows = [c for c in amazonas.SQ if g.cells[c] == 3]
            white, black = list(g.amz[:4]), list(g.amz[4:])
            swapped = amazonas.Game()
            swapped._place(black, white, arrows, g.turn ^ 1)
            mirrored = amazonas.Game()
            mirrored._place([mirror(c) for c in white], [mirror(c) for c in black],
                            [mirror(c) for c in arrows], g.turn)
            v = g.evaluate()
            assert swapped.evaluate() == v and mirrored.evaluate() == v, (seed, ply, v)


def plain_distances(g, seat, queen):
    """Moves (queen moves, or one-square king steps) from seat's amazons to
    every empty square, by a slow search on (x, y): {square: distance}."""
    cells = [(EMPTY, WHITE, BLACK, BLOCK).index(v) for v in g.view()]
    front = [i for i in range(64) if cells[i] == seat + 1]
    dist = {}
    d = 0
    while front:
        d += 1
        nxt = []
        for f in front:
            for dx, dy in DIRS:
                x, y = f % 8 + dx, f // 8 + dy
                while 0 <= x < 8 and 0 <= y < 8 and cells[y * 8 + x] == 0:
                    t = y * 8 + x
                    if t not in dist:
                        dist[t] = d
                        nxt.append(t)
                    if not queen:
                        break
                    x += dx
                    y += dy
        front = nxt
    return dist


def test_evaluation_maps_are_the_queen_and_king_distances():
    # The evaluation's four maps (run as machine code on the board) against
    # a plain search, along random games.
    for seed in (3, 4):
        g = amazonas.Game()
        for _ in random_walk(g, seed):
            g._score()
            for got_map, seat, queen in ((g._dw, 0, True), (g._db, 1, True),
                                         (g._kw, 0, False), (g._kb, 1, False)):
                want = plain_distances(g, seat, queen)
                for i in range(64):
                    got = got_map[amazonas.SQ[i]]
                    if g.cells[amazonas.SQ[i]]:
                        assert got == 0
                    else:
                        assert got == want.get(i, 255), (seed, g.ply, seat, queen, name(i))


def test_candidates_offer_many_queen_moves():
    # Before, the list was the freest landing squares' arrows: at the start
    # four queen moves for 30 candidates, so the search never weighed
    # most amazon moves at all. Each queen move now brings its best arrows.
    g = amazonas.Game()
    x = 5
    for ply in range(12):
        qs = set(m >> 7 for m in g.candidates(30))
        assert len(qs) >= 10, (ply, len(qs))
        x = play_any(g, x)


def test_the_ai_budget_follows_what_a_node_costs():
    # NODES buy the opening's costly nodes (the evaluation's maps cover 54
    # empty squares); with fewer empty squares a node costs less, and
    # node_scale() gives the search as many more as the same time buys.
    import ai
    g = amazonas.Game()
    x = 7
    while g.nfree > 30:
        x = play_any(g, x)
    assert g.node_scale() == 100 * 54 // g.nfree
    ai.choose(g, level=3)
    assert ai.last()[0] == ai.budget(g, 3) * g.node_scale() // 100
    assert amazonas.Game().node_scale() <= 100        # the start: no more than NODES
