"""Semáforo rules (docs/rules/semaforo.md), the seed's worked example, notation. Portable."""
from check import raises, play, winning_texts, check_illegal_input_refused
from games import semaforo
from games.common import MoveError


def seed_position():
    # The seed's diagram with three immediate wins: a1 a2 yellow, a3 green,
    # b2 green, b3 red, c2 red, d1 yellow, c1 empty.
    return play(semaforo.Game(), "a1 a1 a2 a2 a3 b2 b3 b3 b3 c2 c2 c2 d1 d1")


def test_start_position_every_cell_is_legal():
    g = semaforo.Game()
    assert g.legal_texts() == ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3", "d1", "d2", "d3"]
    assert g.turn == 0 and g.result() is None


def test_cell_cycles_green_yellow_red_then_is_closed():
    g = play(semaforo.Game(), "b2")
    assert "G" in g.board_text()
    play(g, "b2")
    assert "Y" in g.board_text() and "G" not in g.board_text()
    play(g, "b2")
    assert "R" in g.board_text()
    assert "b2" not in g.legal_texts()
    e = raises(MoveError, g.play_text, "b2")
    assert "red" in str(e)


def test_seed_example_has_exactly_the_three_winning_moves():
    g = seed_position()
    assert g.result() is None and g.turn == 0
    assert winning_texts(g, 0) == ["a3", "c1", "d1"]


def test_mover_who_makes_the_line_wins_and_it_is_highlighted():
    g = seed_position()
    play(g, "d1")  # yellow d1 -> red: d1 c2 b3 all red
    assert g.result() == 0
    assert sorted(g.highlight()) == sorted((0 * 4 + 3, 1 * 4 + 2, 2 * 4 + 1))
    assert g.legal_texts() == []
    e = raises(MoveError, g.play_text, "a1")
    assert "over" in str(e)


def test_second_seat_can_win():
    g = play(semaforo.Game(), "a1 b1 d3 c1")
    assert g.result() == 1


def test_any_eight_cells_hold_a_line_so_the_colour_limit_never_binds_in_play():
    # Why the 8-per-colour rule can never stop a move in a real game: eight
    # pieces of one colour always already contain a winning line.
    sets = 0
    for mask in range(1 << 12):
        n = 0
        for c in range(12):
            n += (mask >> c) & 1
        if n != 8:
            continue
        sets += 1
        assert any(all((mask >> c) & 1 for c in line) for line in semaforo.LINES)
    assert sets == 495


def test_ninth_piece_of_a_colour_is_illegal():
    g = semaforo.Game()
    # Set the counters directly: by play, eight of a colour already won.
    g.cells[0] = 1
    g.count[1] = 8
    assert g.legal_texts() == ["a1"]  # only the green may turn yellow
    e = raises(MoveError, g.play_text, "c2")
    assert "8 green" in str(e), str(e)
    g.count[1] = 7
    assert len(g.legal_texts()) == 12


def test_player_without_legal_move_loses():
    g = semaforo.Game()
    # Reach a board with no legal move by direct set-up: every cell red or
    # blocked by the colour limit without a line is impossible to reach by
    # play on 12 cells, so check the rule on the position itself.
    g.cells[:] = bytearray([3, 3, 2, 2, 2, 2, 3, 3, 3, 3, 2, 2])
    g.count[:] = bytearray([0, 0, 6, 6])
    assert g.moves() != []
    g.count[2] = 8  # pretend the yellow limit is reached: greens cannot appear
    g.cells[:] = bytearray([3, 3, 2, 2, 2, 2, 3, 3, 3, 3, 2, 2])
    g.count[3] = 8
    assert g.moves() == []
    assert g.result() == 1  # seat 0 to move and stuck: seat 1 wins


def test_illegal_input_changes_nothing_and_says_why():
    check_illegal_input_refused(play(semaforo.Game(), "a1"), (
        ("e1", "not a square"), ("a4", "not a square"), ("", "not a square"), ("zz", "not a square")), 5)


def test_upper_case_is_accepted():
    g = semaforo.Game()
    g.play_text("B2")
    assert g.ply == 1 and g.turn == 1


def test_option_rejected():
    from games.common import OptionError, check_options
    raises(OptionError, check_options, semaforo.OPTIONS, {"size": 5})


# --- level 5 plays the solved game (tools/play/solve_semaforo.py) ------------------

def _safe_moves(g):
    """The moves that hand the opponent no win in one (all moves if none)."""
    out = []
    for m in g.moves():
        g.play(m)
        if g.result() is None and not g._has_win():
            out.append(m)
        g.undo()
    return out or g.moves()


def _unsafe_loser(g, rng):
    """A first player who never hands a win in one when it can help it and
    otherwise plays at random: the longest games against the board."""
    ms = _safe_moves(g)
    return ms[rng.below(len(ms))]


def test_level5_as_second_player_wins_every_game():
    import ai
    for seed in range(8):
        rng = ai.Rng(seed)
        g = semaforo.Game()
        while g.result() is None:
            if g.turn == 0:
                g.play(_unsafe_loser(g, rng))
            else:
                g.play(ai.choose(g, level=5))
        assert g.result() == 1, (seed, g.board_text())


def test_level5_second_player_answers_every_opening_from_the_book():
    # The book's replies are proven wins (host_tests/tools/play/test_solve_semaforo.py);
    # here: each opening finds its reply there, at no search cost.
    for m in range(12):
        g = semaforo.Game()
        g.play(m)
        reply = g.perfect()
        assert reply is not None and reply in g.moves() and g.solver_nodes == 0, m


def test_level5_as_first_player_exploits_an_error():
    # Both sides safe so far; the second player's last move (a3) loses: the
    # first player now has a forced win, which level 5 finds and plays out.
    import ai
    g = play(semaforo.Game(), "c1 a2 d2 d2 a2 d3 a2 c1 a3 a1")
    assert g.turn == 0
    m = ai.choose(g, level=5)
    g.play(m)
    assert g.result() is None
    assert g.perfect() is None and g.solver_nodes < semaforo.SOLVE_NODES   # the human is lost
    for seed in range(4):
        h = play(semaforo.Game(), " ".join(g.move_text(x) for x in g.history))
        rng = ai.Rng(seed)
        while h.result() is None:
            h.play(_unsafe_loser(h, rng) if h.turn == 1 else ai.choose(h, level=5))
        assert h.result() == 0, (seed, h.board_text())


def test_book_is_sorted_and_its_moves_legal():
    from games.semaforo_book import BOOK
    assert len(BOOK) % 4 == 0 and len(BOOK) >= 4
    last = -1
    for j in range(0, len(BOOK), 4):
        k = BOOK[j] << 16 | BOOK[j + 1] << 8 | BOOK[j + 2]
        assert k > last
        last = k
        assert BOOK[j + 3] < 12
        assert (k >> 2 * BOOK[j + 3]) & 3 < 3    # not a red cell
