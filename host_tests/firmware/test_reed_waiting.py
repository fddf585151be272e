"""Issue 20: on a reed board (club9) every wait for the real pieces says in
words what to do and counts it down, OK and Hint say it again, and no move
is made until the pieces agree; a piece put down or lifted outside the game
is answered. Scripted simulator runs (python -m tools.sim --script), and the
keys a player types in the terminal to set up Avanco and to clear it."""
from app import screen
from tools.link import boardfile
from games.common import FILES
from tools.sim import terminal as sim
from tools.sim.board import PIECES_FILE
from helpers import simdump
from helpers.simdump import places

AVANCO = ["%s%d" % (f, r) for r in (2, 3, 7, 8) for f in "bcdefgh"]   # its 7x7 on b2-h8


def teardown_function(function):
    screen.SAID = None


def dumped(capsys, tmp_path, script, *args):
    return simdump.dumped(capsys, tmp_path, script, *args, lang="en")   # this file reads English


def lifts(squares):
    return "".join("lift %s\nwait 30\n" % q for q in squares)


def after(says, words):
    """What was said after the last time `words` was."""
    i = len(says) - 1 - says[::-1].index(words)
    return says[i + 1:]


def test_set_up_is_asked_for_and_counted_down_and_nothing_moves_before(capsys, tmp_path):
    half = places(AVANCO[:16])
    d = dumped(capsys, tmp_path, half + "lift e3\nplace e4\nwait 500\n", "--game", "avanco")
    assert d["says"][0] == "PUT 28 PIECES - ON THE BLINKING SQUARES"
    assert "12 TO GO" in d["says"] and d["moves"] == []        # no move before all stand
    d = dumped(capsys, tmp_path, half + "tap ok\nwait 100\ntap hint\nwait 100\n", "--game", "avanco")
    assert d["says"][-2:] == ["PUT 12 PIECES - ON THE BLINKING SQUARES"] * 2   # OK, Hint: again
    d = dumped(capsys, tmp_path, places(AVANCO) + "wait 100\nlift e3\nplace e4\nwait 500\n",
               "--game", "avanco")
    assert d["says"][-1] == "1 TO GO" and d["moves"] == ["d2-d3"]


def test_pieces_left_from_the_last_game_are_asked_off_before_play(capsys, tmp_path):
    state = tmp_path / "state"
    state.mkdir()
    (state / PIECES_FILE).write_text("# pieces on club9 (9x9), one square a line\n"
                                         + "\n".join(AVANCO) + "\n")
    args = ("--game", "semaforo", "--state", str(state))
    d = dumped(capsys, tmp_path, lifts(AVANCO[:20]) + "place d5\nwait 500\n", *args)
    assert d["says"][0] == "TAKE OFF THE RED PIECES" and "12 TO GO" in d["says"]
    assert d["says"][-1] == "TAKE OFF THE RED PIECES"          # one more put down: asked again
    assert d["moves"] == []                                     # and it is no move
    rest = "lift d5\nwait 30\n" + lifts(AVANCO[20:-1])
    d = dumped(capsys, tmp_path, rest + "place d5\nwait 500\n", *args)
    assert d["says"][-2:] == ["1 TO GO", "TAKE OFF THE RED PIECES"] and d["moves"] == []
    d = dumped(capsys, tmp_path, rest + "tap ok\nwait 300\n", *args)
    # The last one: off Semaforo's squares, h8 has no name in the game: the red square.
    assert d["says"][-2:] == ["1 TO GO", "TAKE OFF THE PIECE - ON THE RED SQUARE"]
    d = dumped(capsys, tmp_path, rest + "lift h8\nwait 30\nplace d5\nwait 500\n", *args)
    assert d["moves"] == ["b2"]                                 # all clear: d5 is a move


def test_the_board_s_move_is_asked_for_by_name_and_waited_for(capsys, tmp_path):
    args = ("--game", "avanco", "--players", "human,board", "--level", "1")
    first = places(AVANCO) + "wait 100\nlift e3\nplace e4\nwait 1500\n"
    d = dumped(capsys, tmp_path, first, *args)
    src, dst = d["moves"][1].replace("x", "-").split("-")
    frm = FILES[FILES.index(src[0]) + 1] + str(int(src[1:]) + 1)       # the grid's squares
    to = FILES[FILES.index(dst[0]) + 1] + str(int(dst[1:]) + 1)
    said = "MOVE THE PIECE %s TO %s" % (src.upper(), dst.upper())     # named as the game names them
    assert d["says"][-1] == said
    d = dumped(capsys, tmp_path, first + "lift e4\nplace e5\nwait 500\ntap hint\nwait 100\n", *args)
    assert len(d["moves"]) == 2, "a move of White before the board's is carried out is none"
    assert d["says"][-1] == said
    d = dumped(capsys, tmp_path, first + "lift %s\nwait 100\n" % frm, *args)
    assert d["says"][-1] == "1 TO GO" and len(d["moves"]) == 2
    d = dumped(capsys, tmp_path, first + "lift %s\nplace %s\nwait 100\nlift e4\nplace e5\nwait 1500\n"
               % (frm, to), *args)
    assert d["moves"][2] == "d3-d4"


def test_an_undo_asks_for_the_piece_back_by_name(capsys, tmp_path):
    # d2-d3 e6-e5 d3-d4 e5-d4 (a capture), in board squares one file and rank in.
    game = (places(AVANCO) + "wait 100\nlift e3\nplace e4\nwait 400\nlift f7\nplace f6\nwait 400\n"
            "lift e4\nplace e5\nwait 400\nlift f6\nlift e5\nwait 100\nplace e5\nwait 400\n")
    d = dumped(capsys, tmp_path, game + "tap undo\nwait 300\nlift d3\nplace d4\nwait 500\n",
               "--game", "avanco")
    assert d["moves"] == ["d2-d3", "e6-e5", "d3-d4"], "taken back, and no move until it is put back"
    assert "PUT THE PIECE BACK ON E5" in d["says"]
    d = dumped(capsys, tmp_path, game + "tap undo\nwait 300\nplace f6\nwait 100\nlift c3\nplace c4\n"
               "wait 500\n", "--game", "avanco")
    assert d["moves"] == ["d2-d3", "e6-e5", "d3-d4"]          # it was Black's turn: c3 is White's
    d = dumped(capsys, tmp_path, "lift e3\nplace e4\nwait 400\ntap undo\nwait 300\n",
               "--game", "avanco", "--state", str(_set_up(tmp_path)))
    assert d["says"][-1] == "MOVE D3 BACK TO D2" and d["moves"] == []


def _set_up(tmp_path):
    state = tmp_path / "state"
    state.mkdir(exist_ok=True)
    (state / PIECES_FILE).write_text("# pieces on club9 (9x9), one square a line\n"
                                         + "\n".join(AVANCO) + "\n")
    return state


def test_go_s_captured_stones_are_asked_off_and_waited_for(capsys, tmp_path):
    # Go's 7x7 on b2-h8: b1 a1 a2 in its notation capture White's a1 (b2).
    game = "place c2\nwait 400\nplace b2\nwait 400\nplace b3\nwait 400\n"
    d = dumped(capsys, tmp_path, game + "place f6\nwait 500\n", "--game", "go")
    assert d["says"][-1] == "REMOVE CAPTURED STONES" and d["moves"] == ["b1", "a1", "a2"]
    d = dumped(capsys, tmp_path, game + "lift b2\nwait 100\nplace f6\nwait 500\n", "--game", "go")
    assert d["moves"] == ["b1", "a1", "a2", "e5"]


def test_semaforo_after_an_undo_says_to_turn_the_piece_back_until_ok(capsys, tmp_path):
    # Semaforo's 4x3 on c4-f6: a1 is c4. Green, yellow, red by lifts (the colour change).
    turn = "lift c4\nwait 100\nplace c4\nwait 400\n"
    game = "place c4\nwait 400\n" + turn + turn
    d = dumped(capsys, tmp_path, game + "tap undo\nwait 300\n", "--game", "semaforo")
    assert d["moves"] == ["a1", "a1"] and d["says"][-1] == "TURN THE PIECE ON A1 - BACK TO YELLOW"
    d = dumped(capsys, tmp_path, game + "tap undo\nwait 300\ntap hint\nwait 300\n", "--game", "semaforo")
    assert d["says"][-2:] == ["TURN THE PIECE ON A1 - BACK TO YELLOW"] * 2     # Hint: again
    d = dumped(capsys, tmp_path, game + "tap undo\nwait 300\ntap ok\nwait 300\ntap ok\nwait 300\n",
               "--game", "semaforo")
    assert after(d["says"], "TURN THE PIECE ON A1 - BACK TO YELLOW") == ["BLUE TO PLAY"]
    # The board cannot see it: play goes on (d4, b1 of the game, is a move).
    d = dumped(capsys, tmp_path, game + "tap undo\nwait 300\nplace d4\nwait 500\n", "--game", "semaforo")
    assert d["moves"] == ["a1", "a1", "b1"]


def test_semaforo_the_board_s_moves_are_said_with_the_colour(capsys, tmp_path):
    args = ("--game", "semaforo", "--players", "human,board")
    d = dumped(capsys, tmp_path, "place c4\nwait 3000\n", *args, "--level", "1")
    assert d["moves"] == ["a1", "a3"] and d["says"][-1] == "PUT A GREEN PIECE - ON A3"
    d = dumped(capsys, tmp_path, "place c4\nwait 3000\nplace e5\nwait 500\n", *args, "--level", "1")
    assert d["moves"] == ["a1", "a3"], "no move until the board's piece stands"
    d = dumped(capsys, tmp_path, "place c4\nwait 3000\n", *args, "--level", "3")
    assert d["moves"] == ["a1", "a1"] and d["says"][-1] == "TURN THE PIECE ON A1 - TO YELLOW"


def test_a_piece_put_down_or_lifted_outside_the_game_is_answered_and_play_goes_on(capsys, tmp_path):
    d = dumped(capsys, tmp_path, places(AVANCO) + "wait 100\ntap a1\nwait 200\n", "--game", "avanco")
    assert d["says"][-1] == "OUTSIDE GAME"
    d = dumped(capsys, tmp_path, places(AVANCO) + "wait 100\nplace a1\nwait 100\nlift e3\nplace e4\n"
               "wait 400\n", "--game", "avanco")
    assert d["moves"] == ["d2-d3"] and "OUTSIDE GAME" in d["says"]
    d = dumped(capsys, tmp_path, places(AVANCO) + "wait 100\nplace a1\nwait 1000\nlift a1\nwait 100\n",
               "--game", "avanco")
    assert d["says"][-2:] == ["OUTSIDE GAME"] * 2            # put down, and taken up again


ARROWS = {(1, 0): b"\x1b[C", (-1, 0): b"\x1b[D", (0, 1): b"\x1b[A", (0, -1): b"\x1b[B"}


def _go(s, x, y):
    """The arrow keys from the cursor to (x, y), pressed: how many."""
    n = 0
    while s.cursor != [x, y]:
        cx, cy = s.cursor
        step = (1 if x > cx else -1, 0) if x != cx else (0, 1 if y > cy else -1)
        s.feed(ARROWS[step])
        s.advance(30)
        n += 1
    return n


def _key(s, ch, ms=400):
    s.feed(ch)
    s.advance(ms)
    return 1


def _visit(s, squares):
    """p on each square, the nearest first, as a player would: the keys."""
    n = 0
    todo = [FILES.index(q[0]) + 9 * (int(q[1:]) - 1) for q in squares]
    while todo:
        cx, cy = s.cursor
        todo.sort(key=lambda k: abs(k % 9 - cx) + abs(k // 9 - cy))
        k = todo.pop(0)
        n += _go(s, k % 9, k // 9) + _key(s, b"p")
    return n


def test_the_keys_to_set_up_avanco_and_to_clear_it_for_semaforo_in_the_terminal(tmp_path):
    """From a fresh state: the menu's Avanco (d9), its set-up, OK, then the
    28 pieces. Then a Semaforo started with them standing: all 28 off. The
    counts are the issue's measure (README: 67 and 60 before and after the
    words, which change what is said, not what must be done)."""
    s = sim.Sim(boardfile.load("club9"), str(tmp_path / "a"), real_time=False, lang_code="en")
    try:
        s.advance(100)
        n = _go(s, 3, 8) + _key(s, b" ") + _key(s, b" ") + _key(s, b"o", 600)
        assert type(s.app.mode).__name__ == "Play" and s.said[-1] == "PUT 28 PIECES - ON THE BLINKING SQUARES"
        n += _visit(s, AVANCO)
        s.advance(200)
        assert not s.app.mode.pieces.syncing and s.said[-1] == "1 TO GO"
        assert n == 67
    finally:
        s.close()
    s = sim.Sim(boardfile.load("club9"), str(tmp_path / "s"), real_time=False, lang_code="en")
    try:
        for q in AVANCO:                 # standing when the board is switched on
            k = FILES.index(q[0]) + 9 * (int(q[1:]) - 1)
            s.put(k, True)
            s.hal.matrix.state[k] = 1
        s.start_game("semaforo")
        s.advance(100)
        assert s.said[-1] == "TAKE OFF THE RED PIECES"
        n = _visit(s, AVANCO)
        s.advance(200)
        assert not s.app.mode.pieces.syncing and s.said[-1] == "1 TO GO"
        assert n == 60
    finally:
        s.close()
