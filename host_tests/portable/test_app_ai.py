"""Playing against the board, the demo and the Hint key, through the sim board.
Portable: runs on CPython and MicroPython."""
from simboard import WrapBoard as SimBoard  # each test crosses the clock's wrap
from memstorage import MemStorage
from app import saves
from app.play import SPIN_MS
from app.screen import AI_MOVE, HINT, THINK


def board():
    return SimBoard(storage=MemStorage())


def test_you_first_the_board_answers_each_move_and_shows_it():
    b = board()
    play = b.start("rastros", players_col=1, level=2)
    assert play.players == ("human", "board") and play.settings.level == 2
    b.enter("d4")
    g = play.game
    assert g.ply == 1, "the human's move shows before the board answers"
    b.wait(400)
    assert g.ply == 2 and g.turn == 0, "then the board answers"
    assert play.shown and play.shown_rgb == AI_MOVE
    seen = False
    for _ in range(30):
        b.tick(40)
        if b.rgb(play.square(play.shown[-1])) == AI_MOVE:
            seen = True
    assert seen, "the board's move blinks"
    assert saves.read(b.storage, saves.save_name("rastros"))["moves"] == play.texts


def test_board_first_moves_before_the_human():
    b = board()
    play = b.start("semaforo", players_col=2, level=1)
    b.tick()
    assert play.players == ("board", "human") and play.game.ply == 1 and play.game.turn == 1


def test_thinking_is_shown_while_the_board_searches():
    b = board()
    play = b.start("semaforo", players_col=2, level=3)
    shows = b.hal.pixels.shows
    b.tick()
    assert play.game.ply == 1
    assert b.hal.pixels.shows > shows + 1, "frames were pushed during the search"


class _Ticker:
    """A periodic timer as rp2's Clock.every makes: its calls come between
    the search's steps (here, at its clock reads)."""

    def __init__(self, ms, callback):
        self.ms, self.callback, self.on, self.last = ms, callback, True, None

    def deinit(self):
        self.on = False


def _thinking_frames(timer):
    """The frames a board sends while it thinks about its first Avanco
    move at level 3; time moves 10 ms at each clock read."""
    b = board()
    play = b.start("avanco", players_col=2, level=3)
    clock, pixels = b.hal.clock, b.hal.pixels
    frames, tickers = [], []
    show = pixels.show

    def record(frame):
        frames.append(bytes(frame))
        show(frame)

    def moving():
        clock.now = (clock.now + 10) & 0x3FFFFFFF
        for t in tickers:
            if t.on and (t.last is None or clock.now - t.last >= t.ms):
                t.last = clock.now
                t.callback(clock.now)
        return clock.now

    def every(ms, callback):
        tickers.append(_Ticker(ms, callback))
        return tickers[-1]

    pixels.show = record
    clock.ticks_ms = moving
    if timer:
        clock.every = every
    b.tick()
    assert play.game.ply == 1
    return play, frames[:-1], tickers      # the last: the pass's frame, the move


def test_the_spinner_turns_over_the_board_as_it_stood_while_the_board_thinks():
    """The search plays its own moves on the game: the frames sent while it
    thinks show the board before it with only the spinner going round, every
    SPIN_MS, from the HAL's timer where it has one, else from the search."""
    for timer in (False, True):
        play, frames, tickers = _thinking_frames(timer)
        ring = play.view.ring
        assert len(frames) >= 5, (timer, len(frames))
        lit = []
        for f in frames:
            for i in range(len(f) // 3):
                if i not in ring:
                    assert f[3 * i:3 * i + 3] == frames[0][3 * i:3 * i + 3], (timer, i)
            lit.append(tuple(i for i in ring if f[3 * i:3 * i + 3] == bytes(THINK)))
        assert all(len(x) == 2 for x in lit), lit
        assert all(a != b for a, b in zip(lit, lit[1:])), "a step at every frame"
        if timer:
            assert len(tickers) == 1 and tickers[0].ms == SPIN_MS and not tickers[0].on, \
                "the timer is stopped with the search"


def test_undo_against_the_board_goes_back_to_the_humans_turn():
    b = board()
    play = b.start("rastros", players_col=1, level=1)
    b.enter("d4")
    b.wait(400)
    assert play.game.ply == 2
    b.press("undo")
    assert play.game.ply == 0 and play.game.turn == 0
    b.tick()                                  # the save follows the frame
    assert saves.read(b.storage, saves.save_name("rastros")) is None


def test_demo_plays_a_whole_game_and_any_key_stops_it():
    b = board()
    play = b.start("rastros", players_col=3, level=1)
    for _ in range(400):
        b.tick(300)
        if b.mode() != "Play":
            break
    assert b.mode() == "Result" and play.game.result() is not None
    b.press("menu")
    assert b.mode() == "Menu"
    play = b.start("rastros", players_col=3, level=1)
    b.wait(2000)
    b.press("ok")
    assert b.mode() == "Menu"


def test_hint_shows_a_legal_move_without_playing_it():
    b = board()
    play = b.start("rastros")
    b.press("hint")
    g = play.game
    assert g.ply == 0
    assert play.shown and play.shown_rgb == HINT
    cells = tuple(play.shown)
    assert any(tuple(g.move_cells(m)) == cells for m in g.moves())
    b.enter(g.move_text([m for m in g.moves() if tuple(g.move_cells(m)) == cells][0]))
    assert g.ply == 1


def test_levels_reach_the_ai():
    for level in (1, 5):
        b = board()
        play = b.start("semaforo", players_col=1, level=level)
        assert play.settings.level == level
