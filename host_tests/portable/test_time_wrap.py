"""The board's clock wraps at 2**30 ms (about 12 days on): the app must work
across it. Issue 9: the board never answered a move made 100 ms before the
wrap; a capture drawn with a time older than its fade's start raised
ValueError. Portable: runs on CPython and MicroPython.

The app-flow and AI-play tests all run on simboard.WrapBoard, whose clock
starts 3 s before the wrap: each of them crosses it. Whole games by taps
cross it here, two of them (all 24 cost three times as long across the wrap
as from 0: see the report of issue 22).
"""
from simboard import SimBoard
import test_app_flow as app_flow_tests       # (not test_*: mprun would call a module)
from simboard import WrapBoard, play_whole_game
from memstorage import MemStorage
import test_app_ai as app_ai_tests

WRAP = 1 << 30


def test_the_board_answers_a_move_made_100_ms_before_the_wrap():
    SimBoard.START = WRAP - 20000
    try:
        b = SimBoard()
        play = b.start("semaforo", players_col=1)          # you first
        while WRAP - b.now > 100:
            b.tick(10)
        b.enter("a1")
        for _ in range(400):                               # 4 s: past the wrap
            b.tick(10)
        assert b.now < 5000, "the clock wrapped"
        assert len(play.texts) == 2, "the board did not answer across the wrap"
    finally:
        SimBoard.START = 0


def test_a_new_game_starts_whatever_seed_the_boards_moves_left():
    """The AI's seed is a 30-bit number; a game's tag once mixed it into the
    clock with ticks_add, which the Pico refuses for a step of 2**29 or more:
    on the real firmware the game after the board's second move (Avanco, then
    Produto) ended in the error screen. Found on the emulated Pico."""
    from compat import ticks_add
    try:
        ticks_add(0, 1 << 29)
        raise AssertionError("ticks_add takes a step it refuses on the board")
    except OverflowError:
        pass
    b = SimBoard()
    seed = 1
    for k in range(8):
        seed = (seed * 1103515245 + 12345) & 0x3FFFFFFF    # as the board's AI moves leave it
        b.app.ctx.seed = seed
        b.start("semaforo")
        assert b.mode() == "Play", (k, seed, b.mode())
        b.press("menu")
        b.press("undo")
        b.press("ok")                                      # abandoned
        assert b.mode() == "Menu", b.mode()


def test_a_capture_drawn_with_an_older_time_stays_in_colour_range():
    b = SimBoard()
    play = b.start("go")
    b.enter("b1")
    b.enter("a1")
    now = b.now
    b.hal.clock.now = now + 400            # the clock ran on inside the pass
    play.play(play.game.parse("a2"))       # captures a1: it fades out
    assert play.vanished
    play.draw(b.app.ctx.screen, now + 250)   # raised ValueError: byte must be in range(0, 256)
    frame = b.app.ctx.screen.frame
    assert max(frame) <= 255


def test_a_capture_by_the_board_is_drawn_after_its_thinking():
    # The board's capture: its deadlines come from the clock after it thought,
    # the pass's draw from the clock before; one pass draws at one time.
    b = SimBoard()
    play = b.start("go", players_col=1, level=1)    # the quick search: the clock is the point
    for t in ("b1", "c1"):
        b.enter(t)
        for _ in range(300):
            b.tick(10)
            if play.humans_turn():
                break
    assert play.game.ply >= 2
    b.hal.clock.now = b.now + 400
    play.seen = b.now + 400
    play.vanished = (0,)
    play.vanished_until = b.now + 400 + 1500
    play.draw(b.app.ctx.screen, b.now)
    assert max(b.app.ctx.screen.frame) <= 255


def test_the_app_tests_run_across_the_wrap():
    # They drive a board switched on 3 s before the wrap, so that every one
    # crosses it (once they ran a second time here, from such a start).
    for module in (app_flow_tests, app_ai_tests):
        b = module.SimBoard()
        assert WRAP - 5000 < b.now < WRAP, (module.__name__, b.now)
        b.wait(4000)
        assert b.now < 2000, (module.__name__, b.now)


def test_whole_games_by_taps_across_the_wrap():
    for gid, seed in (("go", 3), ("amazonas", 5)):
        b = WrapBoard(storage=MemStorage())
        assert b.now > WRAP - 5000
        play_whole_game(b, gid, seed)
        assert b.mode() == "Result", (gid, b.mode())


def test_the_menu_shows_the_same_pictures_whatever_the_clock_reads():
    # CircuitPython's clock starts near its wrap, MicroPython's at 0: the
    # same firmware must show the same menu, frame for frame, on both.
    def menu_frames(start):
        SimBoard.START = start
        try:
            b = SimBoard()
        finally:
            SimBoard.START = 0
        out = []
        for _ in range(300):                    # 3 s: every look and beat
            b.tick()
            out.append(bytes(b.hal.pixels.frame))
        return out
    at_zero = menu_frames(0)
    assert len(set(at_zero)) > 3, "the menu's looks and text move"
    assert menu_frames(WRAP - 65536 + 4448) == at_zero
    assert menu_frames(WRAP - 1500) == at_zero, "across the wrap too"
