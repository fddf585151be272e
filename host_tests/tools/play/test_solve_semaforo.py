"""tools/play/solve_semaforo.py: the game is a second-player win, and the book the
firmware ships is the one the solver generates, every move in it a proven win."""
from tools.play import solve_semaforo as sv
from games import semaforo
from games.semaforo_book import BOOK


def test_second_player_wins_and_the_shipped_book_is_the_solvers():
    solver = sv.Solver()
    assert solver.wins(bytearray(sv.N)) is False        # the first player loses
    book = sv.strategy(solver, sv.BOOK_PLY)
    assert sv.pack(book) == BOOK
    for j in range(0, len(BOOK), 4):
        k = BOOK[j] << 16 | BOOK[j + 1] << 8 | BOOK[j + 2]
        cells = bytearray((k >> 2 * c) & 3 for c in range(sv.N))
        assert sum(cells) % 2 == 1 and sum(cells) <= sv.BOOK_PLY   # the second player to move
        m = BOOK[j + 3]
        assert not sv.has_win(cells)
        cells[m] += 1
        assert not solver.wins(cells)                   # the opponent is lost after it
    assert semaforo.SOLVE_NODES > 0
