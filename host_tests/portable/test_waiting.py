"""What the board says while it waits for the real pieces (app/waiting.py):
what is asked first, the words, the countdown, and, through the real app on
a simulated reed board, the words said, repeated by OK and Hint, counted
down and gone once the pieces agree. Portable: CPython and MicroPython."""
from simboard import SimBoard, club9
from memstorage import MemStorage
from app import waiting
from app.screen import Scroll
from app.explain import READ_MS
from games.common import WHITE, GREEN, YELLOW, P0


def name(sq):
    return "SQ%d" % sq


def look_of(table):
    return lambda sq: table.get(sq, 0)


def test_the_board_s_move_comes_first_then_captures_then_the_rest():
    # The board moved 10 -> 20; 30 is a piece too many, 40 one missing.
    assert waiting.choose([20, 40], [10, 30], waiting.BOARD, (10, 20), ()) == (waiting.ASK_BOARD, 2)
    assert waiting.choose([40], [30], waiting.BOARD, (10, 20), ()) == (waiting.ASK_RED, 1)
    # The board's move carried out onto another square (30): where it goes is said.
    assert waiting.choose([20], [30], waiting.BOARD, (10, 20), ()) == (waiting.ASK_WRONG, 1)
    assert waiting.choose([], [5, 6, 7], waiting.MOVE, (), (5, 6)) == (waiting.ASK_CAPTURED, 2)
    assert waiting.choose([], [7], waiting.MOVE, (), (5, 6)) == (waiting.ASK_RED, 1)
    assert waiting.choose([1, 2], [3], waiting.START, (), ()) == (waiting.ASK_RED, 1)
    assert waiting.choose([1, 2], [], waiting.START, (), ()) == (waiting.ASK_PUT, 2)
    assert waiting.choose([], [], waiting.START, (), ()) == (None, 0)


def test_an_undo_of_one_move_is_asked_back_by_name_a_bigger_one_as_any_other():
    assert waiting.choose([1], [2], waiting.UNDO, (), ()) == (waiting.ASK_BACK, 2)
    assert waiting.choose([1], [], waiting.UNDO, (), ()) == (waiting.ASK_BACK, 1)
    assert waiting.choose([1, 3], [], waiting.UNDO, (), ()) == (waiting.ASK_PUT, 2)


def words(ask, missing=(), extra=(), last=(), looks=None, piece=("PIECE", "PIECES")):
    return waiting.words(ask, name, list(missing), list(extra), last, looks or look_of({}), piece)


def test_the_words_name_the_squares_and_the_game_s_pieces():
    assert words(waiting.ASK_BOARD, [20], [10], (10, 20)) == "MOVE THE PIECE SQ10 TO SQ20"
    assert words(waiting.ASK_WRONG, [20], [30], (10, 20)) == "NOT SQ30: THE PIECE|GOES TO SQ20"
    assert words(waiting.ASK_BOARD, [20], (), (20,), look_of({20: WHITE}),
                 ("STONE", "STONES")) == "PUT A WHITE STONE|ON SQ20"
    assert words(waiting.ASK_BOARD, [20], (), (20,), look_of({20: P0})) == "PUT THE BOARD'S PIECE|ON SQ20"
    assert words(waiting.ASK_CAPTURED, (), [5, 6], piece=("STONE", "STONES")) == \
        "REMOVE CAPTURED STONES"
    assert words(waiting.ASK_BACK, [1]) == "PUT THE PIECE BACK ON SQ1"
    assert words(waiting.ASK_BACK, (), [2]) == "TAKE THE PIECE OFF SQ2"
    assert words(waiting.ASK_BACK, [1], [2]) == "MOVE SQ2 BACK TO SQ1"
    assert words(waiting.ASK_RED, (), [2, 3]) == "TAKE OFF THE RED PIECES"
    assert words(waiting.ASK_RED, (), [3]) == "TAKE THE PIECE OFF SQ3"
    assert words(waiting.ASK_PUT, list(range(28))) == "PUT 28 PIECES|ON THE BLINKING SQUARES"
    assert words(waiting.ASK_PUT, [7], looks=look_of({7: GREEN})) == "PUT A GREEN PIECE|ON SQ7"
    assert waiting.counted(12) == "12 TO GO"
    assert waiting.turn_words(((4, YELLOW),), True, name, "PIECE") == "TURN THE PIECE ON SQ4|BACK TO YELLOW"
    assert waiting.turn_words(((4, YELLOW), (5, GREEN)), False, name, "PIECE") == \
        "TURN THE PIECE ON SQ4|TO YELLOW|SQ5 TO GREEN"


def test_the_countdown_reads_in_six_seconds_on_the_widest_board():
    for k in (1, 12, 88):
        assert Scroll(waiting.counted(k), 9).length * Scroll.STEP_MS <= READ_MS


# --- through the app ---------------------------------------------------------

def said(play):
    return None if play.scroll is None else bytes(play.scroll.cols_data)


def text(words_):
    return bytes(Scroll(words_, 9).cols_data)


def test_a_set_up_is_asked_counted_down_repeated_and_its_words_go_when_done():
    b = SimBoard(board=club9("reed"), storage=MemStorage())
    play = b.start("avanco")
    b.tick()
    assert said(play) == text("PUT 28 PIECES|ON THE BLINKING SQUARES")
    need = play.pieces.wrong()
    for sq in need[:16]:
        b.place(sq, rest=False)
    assert said(play) == text("12 TO GO")
    b.press("ok")
    b.tick()
    assert said(play) == text("PUT 12 PIECES|ON THE BLINKING SQUARES")
    b.press("hint")
    b.tick()
    assert said(play) == text("PUT 12 PIECES|ON THE BLINKING SQUARES")
    assert play.game.ply == 0
    for sq in need[16:]:
        b.place(sq, rest=False)
    b.tick()
    assert not play.pieces.syncing and play.scroll is None      # done: the words go at once
    b.press("ok")
    assert said(play) == text("WHITE TO PLAY")                   # OK is the game's again
