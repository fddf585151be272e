"""Sesqui rules (docs/rules/sesqui.md), turn structure, crossings, connections, notation. Portable."""
from check import (raises, play, snapshot, random_playout, lcg, random_walk,
                   check_random_games_end_with_a_winner, check_refused, check_illegal_input_refused,
                   check_evaluate_in_range_along_games, check_candidates_along_a_game,
                   check_candidates_put_a_win_first)
from games import sesqui
from games.common import MoveError, OptionError, BLACK, WHITE, EMPTY

FILES = "abcdefgh"
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))

# Vertical builds up the d-file (move the top stone up, place behind it),
# Horizontal the h-file; the moves named in comments show both orders.
VERTICAL_RACE = ("d1 h1 h2 "                     # turn 1: one stone; turn 2: two
                 "d1-d2 d1 h2-h3 h2 "            # movement first, then placement
                 "d2-d3 d2 h3-h4 h3 d3-d4 d3 h4-h5 h4 d4-d5 d4 h5-h6 h5 d5-d6 d5 h6-h7 h6 "
                 "d7 d7-d8 "                     # placement first; the new stone moves
                 "h7-h8 h7 "
                 "e8 e8-a4 "                     # a spare stone to a4, aiming at d7
                 "g4 g4-f3")
# Horizontal builds along rank 4 while Vertical keeps out of its way.
HORIZONTAL_RACE = ("h8 a4 b4 h8-h7 h8 b4-c4 b4 h7-h6 h7 c4-d4 c4 h6-h5 h6 d4-e4 d4 "
                   "g8 g8-c8 e4-f4 e4 c7 c7-b6 f4-g4 f4 b7 b7-a8")


def sq(name):
    return (int(name[1]) - 1) * 8 + FILES.index(name[0])


def name(c):
    return FILES[c % 8] + str(c // 8 + 1)


def names(cells):
    return sorted(name(c) for c in cells)


def setup(black, white, turn):
    """A position past the opening, start of `turn`'s turn, stones in hand as
    30 minus those on the board."""
    g = sesqui.Game()
    g._place([sesqui.SQ[sq(n)] for n in black.split()],
             [sesqui.SQ[sq(n)] for n in white.split()], turn)
    return g


def board(g):
    """The 64 squares: 0 empty, 1 black, 2 white."""
    return [(EMPTY, BLACK, WHITE).index(v) for v in g.view()]


# --- an independent, slow statement of the rules ---------------------------
def crossing(cells):
    for y in range(7):
        for x in range(7):
            a, b, c, d = cells[y * 8 + x], cells[y * 8 + x + 1], cells[y * 8 + x + 8], cells[y * 8 + x + 9]
            if a and b and a == d and b == c and a != b:
                return True
    return False


def plain_actions(cells, me, anywhere, kind, first=False):
    """Legal actions of one kind (the first one only, if `first`)."""
    out = []
    if kind == "place":
        for c in range(64):
            if cells[c]:
                continue
            x, y = c % 8, c // 8
            touch = False
            for dx, dy in DIRS[:4]:
                if 0 <= x + dx < 8 and 0 <= y + dy < 8 and cells[(y + dy) * 8 + x + dx] == me:
                    touch = True
            if anywhere or touch:
                cells[c] = me
                if not crossing(cells):
                    out.append(name(c))
                cells[c] = 0
                if first and out:
                    return out
        return out
    for f in range(64):
        if cells[f] != me:
            continue
        for dx, dy in DIRS:
            x, y = f % 8 + dx, f // 8 + dy
            while 0 <= x < 8 and 0 <= y < 8 and not cells[y * 8 + x]:
                t = y * 8 + x
                cells[f], cells[t] = 0, me
                if not crossing(cells):
                    out.append(name(f) + "-" + name(t))
                cells[f], cells[t] = me, 0
                if first and out:
                    return out
                x += dx
                y += dy
    return out


def apply(cells, me, text):
    if "-" in text:
        cells[sq(text[:2])] = 0
        cells[sq(text[3:])] = me
    else:
        cells[sq(text)] = me


def plain_moves(g):
    """The legal actions by the words of docs/rules/sesqui.md."""
    if g.winner is not None:
        return []
    cells = board(g)
    me = g.turn + 1
    if g.ply < 3:
        return sorted(plain_actions(cells, me, True, "place"))
    owed = g.owed()
    if owed:
        return sorted(plain_actions(cells, me, False, owed))
    moves = plain_actions(cells, me, False, "move")
    if not g.left[g.turn]:
        return sorted(moves)
    places = plain_actions(cells, me, False, "place")
    full = []
    for t in places + moves:
        c2 = list(cells)
        apply(c2, me, t)
        other = "place" if "-" in t else "move"
        if plain_actions(c2, me, False, other, True):
            full.append(t)
    return sorted(full or places + moves)


def plain_connected(cells, me):
    start = [c for c in range(64) if cells[c] == me and (c < 8 if me == 1 else c % 8 == 0)]
    seen = set(start)
    while start:
        c = start.pop()
        if (c >= 56) if me == 1 else (c % 8 == 7):
            return True
        x, y = c % 8, c // 8
        for dx, dy in DIRS:
            n = (y + dy) * 8 + x + dx
            if 0 <= x + dx < 8 and 0 <= y + dy < 8 and cells[n] == me and n not in seen:
                seen.add(n)
                start.append(n)
    return False


# --- the opening ---------------------------------------------------------------
def test_opening_one_stone_then_two_anywhere():
    g = sesqui.Game()
    assert g.seat_name(0) == "Vertical" and g.seat_name(1) == "Horizontal"
    assert sesqui.layout() == (8, 8) and g.layout() == (8, 8)
    assert g.turn == 0 and g.owed() is None and g.result() is None
    assert len(g.legal_texts()) == 64 and "a1" in g.legal_texts()
    play(g, "e4")
    assert g.turn == 1 and g.owed() is None
    assert len(g.legal_texts()) == 63 and "a8" in g.legal_texts()   # far from any stone
    e = raises(MoveError, g.play_text, "e4-e5")
    assert "placements only" in str(e), str(e)
    play(g, "a8")
    assert g.turn == 1 and g.owed() == "place"                    # the second stone
    assert len(g.legal_texts()) == 62 and "h1" in g.legal_texts()
    play(g, "h1")
    assert g.turn == 0 and g.owed() is None and g.ply == 3
    assert list(g.left) == [29, 28]
    v = g.view()
    assert v[sq("e4")] == BLACK and v[sq("a8")] == WHITE and v[sq("h1")] == WHITE
    assert sum(1 for c in v if c == EMPTY) == 61


def test_placement_goes_orthogonally_next_to_an_own_stone():
    g = play(sesqui.Game(), "d4 a2 b1")
    places = [t for t in g.legal_texts() if "-" not in t]
    assert places == ["c4", "d3", "d5", "e4"]
    e = raises(MoveError, g.play_text, "c3")        # only diagonally next to d4
    assert "next to one of your black stones" in str(e), str(e)
    e = raises(MoveError, g.play_text, "a3")        # next to White's a2 only
    assert "next to one of your black stones" in str(e), str(e)
    e = raises(MoveError, g.play_text, "a2")
    assert "a2 is not empty" in str(e), str(e)


def test_movement_slides_like_a_queen_over_empty_squares():
    g = play(sesqui.Game(), "d4 d6 b4")
    slides = [t for t in g.legal_texts() if "-" in t]
    assert "d4-d5" in slides and "d4-d6" not in slides and "d4-d7" not in slides
    assert "d4-c4" in slides and "d4-a4" not in slides
    assert "d4-h8" in slides and "d4-a1" in slides and "d4-g1" in slides
    assert len(slides) == 1 + 3 + 1 + 4 + 4 + 3 + 3 + 3
    assert "d6 is in the way" in str(raises(MoveError, g.play_text, "d4-d8"))
    assert "d6 is not empty" in str(raises(MoveError, g.play_text, "d4-d6"))
    assert "straight line" in str(raises(MoveError, g.play_text, "d4-e6"))
    assert "no stone on e5" in str(raises(MoveError, g.play_text, "e5-e6"))
    assert "Horizontal's" in str(raises(MoveError, g.play_text, "d6-d7"))
    assert "another square" in str(raises(MoveError, g.play_text, "d4-d4"))


# --- the turn: a placement and a movement, either order -------------------------
def test_either_order_and_the_owed_action():
    g = play(sesqui.Game(), "d4 a2 b1")
    # movement first: then a placement is owed, anywhere next to the moved stone
    play(g, "d4-d6")
    assert g.turn == 0 and g.owed() == "place" and g.ply == 4
    assert all("-" not in t for t in g.legal_texts())
    assert "d7" in g.legal_texts() and "d5" in g.legal_texts() and "d3" not in g.legal_texts()
    e = raises(MoveError, g.play_text, "d6-d7")
    assert "now places one" in str(e), str(e)
    play(g, "d5")
    assert g.turn == 1 and g.owed() is None
    g.undo()
    g.undo()
    # placement first: then a movement is owed, and it may move the new stone
    play(g, "d5")
    assert g.turn == 0 and g.owed() == "move"
    assert all("-" in t for t in g.legal_texts())
    assert "now moves one" in str(raises(MoveError, g.play_text, "d6"))
    assert "d5-h5" in g.legal_texts()
    play(g, "d5-h5")
    assert g.turn == 1 and g.owed() is None
    v = g.view()
    assert v[sq("d4")] == BLACK and v[sq("h5")] == BLACK and v[sq("d5")] == EMPTY


def test_the_stone_just_moved_can_be_placed_beside_and_the_placed_one_moved():
    g = play(sesqui.Game(), VERTICAL_RACE)
    assert g.result() is None and g.turn == 0 and g.owed() is None
    v = g.view()
    assert names(c for c in range(64) if v[c] == BLACK) == ["a4", "d1", "d2", "d3", "d4", "d5", "d6", "d8"]
    assert list(g.left) == [30 - 8, 30 - 9]


# --- crossings -------------------------------------------------------------------
def test_a_crossing_is_illegal_by_placement_and_by_movement():
    g = play(sesqui.Game(), "c3 d3 c4 b3 b3-b5 d2 d2-h2 b5-d5")
    assert g.owed() == "place"
    # black c3 d4, white d3 c4
    check_refused(g, "d4", "crossing", "black on d4 and c3", "white on", "d3", "c4")
    assert "d4" not in g.legal_texts()
    play(g, "d6 e3 e3-h6")
    assert g.turn == 0 and g.owed() is None
    e = raises(MoveError, g.play_text, "d5-d4")
    assert "crossing" in str(e) and "black on d4 and c3" in str(e), str(e)
    assert "d5-d4" not in g.legal_texts()
    # leaving c3 for d4 makes no crossing: c3 is empty then
    assert "c3-d4" in g.legal_texts()
    assert g.legal_texts() == plain_moves(g)


def test_no_crossing_ever_appears_in_random_games():
    for seed in (21, 22, 23):
        g = sesqui.Game()
        for _ in random_walk(g, seed):
            assert not crossing(board(g))
        assert not crossing(board(g))


# --- completing the turn ------------------------------------------------------------
def test_first_action_must_leave_the_other_kind_possible():
    # Vertical's d4 could slide to a1, where a2 and b1 (White) leave no square
    # to place on: a full turn exists, so that first action is illegal.
    g = play(sesqui.Game(), "d4 a2 b1")
    assert "d4-a1" not in g.legal_texts() and "d4-b2" in g.legal_texts()
    check_refused(g, "d4-a1", "full turn", "no placement")
    assert g.legal_texts() == plain_moves(g)


def test_a_placement_that_freezes_every_stone_is_not_a_first_action():
    # a2 would wall in both black stones; a1-a2 and then a1 is a full turn.
    g = setup("a1", "b1 b2 a3 b3", 0)
    assert g.legal_texts() == ["a1-a2"] == plain_moves(g)
    e = raises(MoveError, g.play_text, "a2")
    assert "full turn" in str(e) and "no movement" in str(e), str(e)
    play(g, "a1-a2")
    assert g.owed() == "place" and g.legal_texts() == ["a1"]
    play(g, "a1")
    assert g.turn == 1 and g.owed() is None


def test_without_a_full_turn_one_action_is_the_whole_turn():
    # Vertical's a1 can only slide to b2, and there no square is free to place on.
    g = setup("a1", "a2 b1 b3 c2 c3", 0)
    assert g.result() is None
    assert g.legal_texts() == ["a1-b2"] == plain_moves(g)
    key = g.key()
    play(g, "a1-b2")
    assert g.turn == 1 and g.owed() is None and g.ply == 7
    g.undo()
    assert g.turn == 0 and g.owed() is None and g.key() == key
    assert g.legal_texts() == ["a1-b2"]


def test_a_player_who_can_do_nothing_at_the_start_of_a_turn_loses():
    g = setup("a1", "a2 b1 b2", 0)
    assert g.moves() == [] and plain_moves(g) == []
    assert g.result() == 1 and g.highlight() == ()
    e = raises(MoveError, g.play_text, "a1-c3")
    assert "over" in str(e)
    # the same walls with Horizontal to move: Horizontal plays, and then Vertical is stuck
    g = setup("a1", "a2 b1 b2", 1)
    assert g.result() is None
    play(g, "c2 c2-c8")
    assert g.result() == 1


def test_out_of_stones_a_turn_is_a_movement_only():
    black = " ".join(f + r for r in "123" for f in FILES) + " a4 b4 c4 d4 e4 f4"
    white = "a7 b7 c7 d7 e7 f7 g7 a8 b8 c8"
    g = setup(black, white, 0)
    assert g.left[0] == 0 and g.left[1] == 20 and g.result() is None
    texts = g.legal_texts()
    assert texts and all("-" in t for t in texts)
    assert texts == plain_moves(g)
    e = raises(MoveError, g.play_text, "g4")
    assert "all 30 stones" in str(e) and "movement only" in str(e), str(e)
    play(g, "a4-a6")
    assert g.turn == 1 and g.owed() is None      # the movement was the whole turn
    play(g, "d8 d8-e8")
    assert g.turn == 0


def test_running_out_of_stones_in_play():
    for seed in range(1, 40):
        g = sesqui.Game()
        for _ in random_walk(g, seed):
            if g.ply >= 3 and g.owed() is None and g.left[g.turn] == 0:
                break
        if g.result() is None:
            break
    else:
        assert False, "no random game ran out of stones"
    on_board = board(g).count(g.turn + 1)
    assert on_board == 30
    texts = g.legal_texts()
    assert all("-" in t for t in texts) and texts == plain_moves(g)
    seat = g.turn
    g.play_text(texts[0])
    assert g.result() is not None or (g.turn == seat ^ 1 and g.owed() is None)


# --- connections --------------------------------------------------------------
def test_connection_by_a_first_placement_wins_at_once():
    g = play(sesqui.Game(), VERTICAL_RACE)
    play(g, "d7")
    assert g.result() == 0 and g.winner == 0
    assert g.moves() == [] and g.legal_texts() == []
    assert names(g.highlight()) == ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"]
    e = raises(MoveError, g.play_text, "a4-a5")     # the movement is never made
    assert "over" in str(e)
    g.undo()
    assert g.result() is None and g.turn == 0 and g.owed() is None and g.highlight() == ()


def test_connection_by_a_first_movement_wins_at_once():
    g = play(sesqui.Game(), VERTICAL_RACE)
    play(g, "a4-d7")
    assert g.result() == 0 and g.moves() == []
    assert "d7" in names(g.highlight()) and len(g.highlight()) == 8


def test_horizontal_connects_file_a_to_file_h():
    g = play(sesqui.Game(), HORIZONTAL_RACE)
    assert g.result() is None and g.turn == 1 and g.owed() is None
    play(g, "h4")
    assert g.result() == 1
    assert names(g.highlight()) == sorted(f + "4" for f in FILES)


def test_diagonal_links_make_a_chain():
    g = setup("a1 b2 c3 d4 e5 f6 g7", "a8 b8", 0)
    assert g.result() is None
    play(g, "g8")                                  # g7-g8 finishes a1 ... g7 diagonal
    assert g.result() == 0
    assert names(g.highlight()) == ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "g8"]


def test_winner_matches_the_plain_connection_check():
    for seed in (31, 32, 33, 34):
        g = sesqui.Game()
        random_playout(g, seed)
        if g.winner is not None:
            assert plain_connected(board(g), g.winner + 1)
            assert not plain_connected(board(g), 2 - g.winner)
            h = g.highlight()
            assert h and all(board(g)[c] == g.winner + 1 for c in h)
        g.undo()
        assert g.result() is None or g.moves() == []
        assert not plain_connected(board(g), 1) and not plain_connected(board(g), 2)


# --- notation, undo, input -------------------------------------------------------
def test_notation_and_cells_to_touch():
    g = play(sesqui.Game(), "d4 a2 b1")
    m = g.parse("d4-d6")
    assert g.move_text(m) == "d4-d6" and g.move_cells(m) == (sq("d4"), sq("d6"))
    m = g.parse("d5")
    assert g.move_text(m) == "d5" and g.move_cells(m) == (sq("d5"),)
    assert g.parse("D4-D6") == g.parse("d4-d6") and g.parse(" E4 ") == g.parse("e4")


def test_undo_of_single_actions():
    g = play(sesqui.Game(), "d4 a2 b1")
    states = []
    for t in "d4-d6 d5 b1-b2 c2 d5-f5 f4".split():
        states.append((snapshot(g), g.owed(), g.key(), list(g.left)))
        play(g, t)
    assert g.turn == 1 and g.owed() is None
    while states:
        s, owed, key, left = states.pop()
        g.undo()
        assert (snapshot(g), g.owed(), g.key(), list(g.left)) == (s, owed, key, left)
    assert g.ply == 3


def test_moves_match_the_plain_rules_along_random_games():
    for seed in (41, 42):
        g = sesqui.Game()
        starts = 0
        for _ in random_walk(g, seed):
            if g.ply < 4 or g.ply % 5 == 0:
                starts += g.owed() is None
                assert g.legal_texts() == plain_moves(g), (g.ply, g.board_text())
        assert starts >= 5


def crowded_position(x, black):
    """A random crowded position, Vertical to move: about 48 squares in 100
    hold a stone, black of them Vertical's; no crossing, no connection, some
    black stone and at most 30 white ones. Returns (game, the LCG's state)."""
    while True:
        cells = [0] * 64
        for c in range(64):
            x = lcg(x)
            r = (x >> 8) % 100
            if r < 48:
                cells[c] = 1 if r < black else 2
                if crossing(cells):
                    cells[c] = 0
        if (cells.count(1) and cells.count(2) <= 30
                and not plain_connected(cells, 1) and not plain_connected(cells, 2)):
            g = sesqui.Game()
            g._place([sesqui.SQ[c] for c in range(64) if cells[c] == 1],
                     [sesqui.SQ[c] for c in range(64) if cells[c] == 2], 0)
            return g, x


def test_moves_match_the_plain_rules_in_crowded_positions():
    # Random crowded boards without crossings, Vertical to move with few
    # stones: walled-in stones, first actions ruled out, one-action turns.
    x = 77
    checked = cut = 0
    while checked < 30:
        g, x = crowded_position(x, 2)
        if checked % 3 == 0:
            g.left[0] = 1
        want = plain_moves(g)
        assert g.legal_texts() == want, g.board_text()
        assert (g.result() is None) == (want != [])
        every = plain_actions(board(g), 1, False, "place") + plain_actions(board(g), 1, False, "move")
        cut += len(want) < len(every)
        checked += 1
    assert cut >= 3


def test_random_playouts_end():
    check_random_games_end_with_a_winner(sesqui.Game, (5, 6, 7, 8))


def test_illegal_input_changes_nothing_and_says_why():
    g = play(sesqui.Game(), "d4 a2 b1 d4-d6")
    check_illegal_input_refused(g, (
        ("d6-d7", "now places one"),
        ("d6", "not empty"),
        ("a1", "next to one of your black stones"),
        ("i1", "'i1' is not a square"),
        ("d9", "'d9' is not a square"),
        ("d6-d9", "'d9' is not a square"),
        ("", "not a move"),
        ("a1-a2-a3", "not a move"),
        ("pass", "'pass' is not a square"),
    ), None)
    assert "legal move" in g.explain("d5")


def test_key_tracks_stones_turn_and_owed_action():
    a = play(sesqui.Game(), "d4 a2 b1 d4-d5 d4")
    b = play(sesqui.Game(), "d4 a2 b1 e4 e4-d5")
    assert a.view() == b.view() and a.key() == b.key() and 0 <= a.key() < 2 ** 30
    c = play(sesqui.Game(), "d4 a2 b1 d5")          # the same stones, a movement owed
    assert c.view() == a.view() and c.owed() == "move" and c.key() != a.key()
    assert play(sesqui.Game(), "d4 a2 b1").key() != play(sesqui.Game(), "d4 a2").key()


def test_evaluate_prefers_the_shorter_connection():
    g = play(sesqui.Game(), VERTICAL_RACE)
    # Vertical needs one square (d7); Horizontal is far from joining a to h.
    assert g.turn == 0 and g._cost(1) == 1 and g._cost(2) >= 5
    assert g.evaluate() > 300
    g.turn = 1                       # the same stones from Horizontal's side
    assert g.evaluate() < -300
    g = play(sesqui.Game(), HORIZONTAL_RACE)
    assert g.turn == 1 and g._cost(2) == 1 and g.evaluate() > 300
    # a diagonal step between two enemy stones is shut (it would be a crossing)
    # Horizontal on a5-d5 and f4-h4: e4 would join them, but d5-e4 passes
    # between Vertical's d4 and e5, so the way round costs two squares.
    g = setup("d4 e5", "a5 b5 c5 d5 f4 g4 h4", 1)
    assert g._cost(2) == 2
    assert "crossing" in g.explain("e4") or "next to" in g.explain("e4")
    check_evaluate_in_range_along_games(sesqui.Game, (51, 52))


def wins_now(g):
    """The actions after which the side to move has connected."""
    me = g.turn
    out = []
    for m in g.moves():
        g.play(m)
        if g.winner == me:
            out.append(m)
        g.undo()
    return out


# --- the AI's candidates ---------------------------------------------------
def test_candidates_are_legal_distinct_limited_and_cover_every_move():
    for seed in (61, 62, 63):
        check_candidates_along_a_game(sesqui.Game(), seed, (1, 5, 12, 30), 1000)


def test_candidates_in_crowded_positions():
    # Walled-in stones and one-action turns (see the plain rules above).
    x = 91
    checked = 0
    while checked < 12:
        g, x = crowded_position(x, 3)
        ms = g.moves()
        cs = g.candidates(6)
        assert len(cs) == min(6, len(ms)) and all(m in ms for m in cs), g.board_text()
        checked += 1


def test_candidates_put_a_win_in_one_first():
    g = play(sesqui.Game(), VERTICAL_RACE)           # d7 or a4-d7 connects
    wins = wins_now(g)
    assert sorted(g.move_text(m) for m in wins) == ["a4-d7", "d7"]
    assert g.candidates(1)[0] in wins
    play(g, "c1")                                   # a placement: a movement owed
    assert g.owed() == "move"
    assert sorted(g.move_text(m) for m in wins_now(g)) == ["a4-d7", "c1-c7"]
    assert g.move_text(g.candidates(4)[0]) in ("a4-d7", "c1-c7")
    g = play(sesqui.Game(), HORIZONTAL_RACE)        # h4 connects
    assert g.move_text(g.candidates(1)[0]) == "h4"
    found = 0
    for seed in (71, 72, 73, 74, 75, 76):
        found += check_candidates_put_a_win_first(sesqui.Game(), seed, wins_now)
    assert found >= 6


def test_cost_after_candidates_matches_a_fresh_search():
    # evaluate() takes the costs from the masks candidates() found in the
    # position before when it can: they must be the same numbers.
    for seed in (81, 82):
        g = sesqui.Game()
        for _ in random_walk(g, seed):
            for m in g.candidates(10):
                g.play(m)
                if g.result() is None:
                    assert g._costs() == g._cost(1) | g._cost(2) << 5, g.board_text()
                g.undo()


def packed_rows(g):
    """The stones' rows packed as Game keeps them in pk, from the cells."""
    want = [0] * 6
    for c in sesqui.SQ:
        if g.cells[c]:
            want[sesqui.PJ[c] + 3 * g.cells[c] - 3] |= sesqui.PB[c]
    return want


def test_packed_rows_follow_the_stones():
    g = sesqui.Game()
    for _ in random_walk(g, 17):
        assert g.pk == packed_rows(g)
    assert g.pk == packed_rows(g)
    while g.history:
        g.undo()
    assert g.pk == [0] * 6


def test_option_rejected():
    raises(OptionError, sesqui.Game, {"stones": 20})
