"""The app driven through the simulated board, as people use it. Portable."""
import games
from simboard import WrapBoard as SimBoard  # each test crosses the clock's wrap
from app import saves
from app.screen import ERROR, WIN, LOOK_RGB, Scroll
from games.common import GREEN, WHITE, YELLOW
from games.go import PASS, SWAP

SEMAFORO_SAVE = saves.save_name("semaforo")


def test_boot_shows_the_menu_with_every_installed_game_that_fits():
    b = SimBoard()
    assert b.mode() == "Menu"
    import games
    assert "semaforo" in b.app.mode.ids
    for gid in b.app.mode.ids:
        assert gid in games.IDS


def test_pointing_at_a_game_scrolls_its_name_then_opens_setup():
    b = SimBoard()
    menu = b.app.mode
    sq = menu.square_of(menu.ids.index("semaforo"))
    b.tap_key(sq)
    assert b.mode() == "Menu" and menu.pointed == "semaforo"
    lit = 0
    for _ in range(60):
        b.tick(30)
        lit += sum(1 for i in range(27, 54) if b.rgb(i) == (255, 255, 255))
    assert lit > 0, "the name is scrolled across the middle rows"
    b.tap_key(sq)
    assert b.mode() == "Setup"
    b.press("menu")
    assert b.mode() == "Menu"


def test_a_whole_semaforo_game_tapped_from_boot_to_the_result():
    b = SimBoard()
    play = b.start("semaforo")
    assert play.players == ("human", "human")
    for t in "a1 b1 d3 c1".split():   # greens a1 b1 c1 in a row: seat 1 wins
        b.enter(t)
    assert b.mode() == "Result"
    res = b.app.mode
    assert "ORANGE WINS" == res.announce(), "seat words a player knows: the colour of the side"
    seen_win = False
    for _ in range(80):
        b.tick(20)
        if b.rgb(play.square(0)) == WIN:
            seen_win = True
    assert seen_win, "the winning line blinks"
    assert saves.read(b.storage, SEMAFORO_SAVE) is None, "a finished game leaves no save"
    rec = b.storage.read(saves.RECORDS).decode()
    assert "semaforo players=human,human ORANGE WINS : a1 b1 d3 c1 #" in rec
    b.press("menu")
    assert b.mode() == "Menu"


def test_an_illegal_tap_flashes_and_changes_nothing():
    b = SimBoard()
    play = b.start("semaforo")
    b.enter("a1")
    # a tap outside the 4x3 layout (i9) is no square of this game
    g = play.game
    before = (g.ply, g.board_text())
    b.tap("i9")
    assert (g.ply, g.board_text()) == before
    flashed = False
    for _ in range(40):
        b.tick(20)
        if b.rgb("i9") == ERROR:
            flashed = True
    assert flashed


def test_undo_takes_back_moves():
    b = SimBoard()
    play = b.start("semaforo")
    b.enter("a1")
    b.enter("a1")
    assert play.game.board_text().count("Y") == 1
    b.press("undo")
    assert play.game.ply == 1 and play.game.board_text().count("G") == 1
    assert saves.read(b.storage, SEMAFORO_SAVE)["moves"] == ["a1", "a1"], "the frame first, the save after"
    b.tick()
    assert saves.read(b.storage, SEMAFORO_SAVE)["moves"] == ["a1"]
    b.press("undo")
    b.tick()
    assert play.game.ply == 0
    assert saves.read(b.storage, SEMAFORO_SAVE) is None


def test_the_last_move_and_the_pieces_are_lit():
    b = SimBoard()
    play = b.start("semaforo")
    b.enter("b2")
    sq = play.square(1 * 4 + 1)
    colours = set()
    for _ in range(100):
        b.tick(20)
        colours.add(b.rgb(sq))
    assert LOOK_RGB[GREEN] in colours
    assert len(colours) >= 2, "the last move is marked"


def test_a_tap_on_a_blinking_piece_shows_its_new_colour_in_the_answering_frame():
    # Reproduction (issue 21, tools.bench.latency: one tap of eight answered after
    # 97.8 ms): a green piece that can turn yellow blinks, and a yellow one
    # that can turn red blinks too, on a clock of their own; a tap that fell
    # in the lit phase showed the new yellow piece blinking, so nothing
    # changed to the eye until the blink turned. The answer now restarts the
    # beat on the still phase, wherever the tap falls in it.
    for wait in range(0, 500, 40):
        b = SimBoard()
        play = b.start("semaforo")
        b.enter("b2")
        b.wait(600 + wait)
        sq = play.square(1 * 4 + 1)
        b.tap_key(sq)                        # the pass that reads it draws its answer
        assert play.game.ply == 2, wait
        assert b.rgb(sq) == LOOK_RGB[YELLOW], (wait, b.rgb(sq))


def test_power_cut_mid_game_resumes():
    b = SimBoard()
    b.start("semaforo")
    for t in "a1 b2 d3".split():
        b.enter(t)
    b2 = b.power_cut()
    assert b2.mode() == "Resume"
    b2.press("ok")
    assert b2.mode() == "Play"
    g = b2.app.mode.game
    assert g.ply == 3 and g.turn == 1
    b2.enter("a1")
    assert saves.read(b2.storage, SEMAFORO_SAVE)["moves"] == ["a1", "b2", "d3", "a1"]


def test_at_boot_menu_goes_back_keeping_the_game_and_undo_abandons_it_after_a_question():
    b = SimBoard()
    play = b.start("semaforo")
    b.enter("a1")
    b2 = b.power_cut()
    assert b2.mode() == "Resume" and "MENU: BACK" in b2.app.mode.text
    b2.press("menu")
    assert b2.mode() == "Menu", "Menu is back: nothing is deleted"
    assert saves.read(b2.storage, SEMAFORO_SAVE)["moves"] == ["a1"]
    b3 = b2.power_cut()
    assert b3.mode() == "Resume"
    b3.press("undo")
    assert b3.mode() == "Resume" and b3.app.mode.asking, "a second question first"
    b3.press("menu")
    assert b3.mode() == "Resume" and not b3.app.mode.asking
    assert saves.read(b3.storage, SEMAFORO_SAVE) is not None
    b3.press("undo")
    b3.press("ok")
    assert b3.mode() == "Menu"
    assert saves.read(b3.storage, SEMAFORO_SAVE) is None
    line = b3.storage.read(saves.RECORDS).decode()
    assert line == "semaforo players=human,human NOT FINISHED : a1 #%su\n" % play.tag
    assert saves.parse_record(line.strip().encode())[2] == "NOT FINISHED"
    assert b3.power_cut().mode() == "Menu", "never offered again"


def test_a_corrupt_save_is_set_aside_with_a_message():
    for damage in (b"{not json", b'{"game": "semaforo"}', None):
        b = SimBoard()
        b.start("semaforo")
        b.enter("a1")
        if damage is None:  # a valid file whose checksum no longer matches
            raw = b.storage.read(SEMAFORO_SAVE).decode().replace("+a1 ", "+b1 ")
            damage = raw.encode()
        b.storage.write_atomic(SEMAFORO_SAVE, damage)
        b2 = b.power_cut()
        assert b2.mode() == "Message", b2.mode()
        assert b2.storage.read(SEMAFORO_SAVE) is None
        assert b2.storage.read(saves.bad_name(SEMAFORO_SAVE)) == damage
        b2.wait(15000)
        assert b2.mode() == "Menu"


def test_a_save_with_an_illegal_move_is_set_aside_on_resume():
    b = SimBoard()
    b.start("semaforo")
    b.enter("a1")
    saves.write(b.storage, "semaforo", {}, ("human", "human"), 3, ["a1", "zz"])
    b2 = b.power_cut()
    assert b2.mode() == "Resume"
    b2.press("ok")
    assert b2.mode() == "Message"
    assert b2.storage.read(saves.bad_name(SEMAFORO_SAVE)) is not None


def test_an_exception_in_the_loop_is_logged_and_the_board_returns_to_the_menu():
    b = SimBoard()
    b.start("semaforo")
    b.crash("a bug")
    assert b.mode() == "ErrorScreen"
    assert b"a bug" in b.storage.read("error.log")
    b.wait(3500)
    assert b.mode() == "Menu"


def test_empty_squares_show_whose_turn_it_is():
    b = SimBoard()
    play = b.start("semaforo")
    sq = play.square(11)          # d3, empty
    first = b.rgb(sq)
    b.enter("a1")
    second = b.rgb(sq)
    assert first != second
    assert first[2] > first[0] and second[0] > second[2]  # seat 0 blue, seat 1 orange


def test_go_captured_stones_vanish_visibly_and_pass_is_ok_twice():
    b = SimBoard()
    play = b.start("go")
    # Black captures a white stone on a1: W a1, B b1 a2 around it.
    for t in ("b1", "a1", "a2"):
        b.enter(t)
    assert play.game.captured_last() and play.vanished
    sq = play.square(play.vanished[0])
    colours = set()
    for _ in range(20):
        b.tick(40)
        colours.add(b.rgb(sq))
    assert len(colours) >= 2, "the captured stone blinks out"
    n = play.game.ply
    b.press("ok")
    assert play.game.ply == n, "the first OK only names the pass"
    b.press("ok")
    assert play.game.ply == n + 1


def test_go_after_blacks_pass_white_chooses_pass_or_swap_with_hint_and_ok():
    b = SimBoard()
    play = b.start("go")
    b.press("ok")
    b.press("ok")                           # Black passes
    assert play.game.ply == 1
    b.press("ok")
    assert play.armed == PASS and play.game.ply == 1
    # A second pass would end the game: the board says how, before it does.
    assert play.scroll.cols_data == Scroll(
        "PASS? OK|IT ENDS THE GAME:|WHITE WINS 0-0|HINT: SWAP", 9).cols_data
    b.press("hint")                         # names the other key move, no hint search
    assert play.armed == SWAP and play.game.ply == 1 and not play.shown
    assert play.scroll.cols_data == Scroll("SWAP? OK|HINT: PASS", 9).cols_data
    b.press("ok")
    g = play.game
    assert g.ply == 2 and play.texts[-1] == "swap"
    assert g.seat_name(1) == "Black" and g.turn == 0


def test_go_after_two_passes_dead_stones_are_marked_by_touch_and_ok_confirms():
    b = SimBoard()
    play = b.start("go")
    for t in ("d4", "a1", "pass", "pass"):   # White's lone a1 stone is dead
        b.enter(t)
    assert b.mode() == "Result"
    res = b.app.mode
    g = play.game
    assert res.marking
    assert list(g.score()) == [1, 1]       # both alive: the empty area is shared
    b.tap("b2")                  # a1 of the 7x7 game lies at b2 of the 9x9 grid
    assert g.dead
    assert list(g.score()) == [49, 0] and g.result() == 0
    b.tap("b2")                  # touched again: alive again
    assert not g.dead
    b.tap("b2")
    b.press("ok")
    assert not res.marking
    rec = b.storage.read(saves.RECORDS).decode()
    assert "go players=human,human dead=a1 BLACK WINS 49-0 : d4 a1 pass pass #" in rec, rec


def test_ok_shows_the_score_on_demand_in_a_counting_game():
    b = SimBoard()
    play = b.start("ouri")
    b.enter("c")
    b.press("ok")
    assert play.scroll is not None
    text_cols = play.scroll.cols_data
    from app.font import columns
    s = play.game.score()
    assert bytes(text_cols) == bytes(columns("SOUTH %d NORTH %d" % (s[0], s[1])))


def test_an_8x8_board_hides_produto_and_shrinks_hex_and_dots():
    from boards.club8 import BOARD
    b = SimBoard(dict(BOARD))
    ids = b.app.mode.ids
    assert "produto" not in ids
    assert "hex" in ids and "pontos" in ids and "go" in ids
    play = b.start("hex")
    assert play.settings.options == {"size": 8} and play.game.layout() == (8, 8)
    b.press("menu")
    b.press("menu")
    play = b.start("pontos")
    assert play.settings.options == {"dots": 4} and play.game.layout() == (7, 7)
    b.press("menu")
    b.press("menu")
    play = b.start("pontos", option_col=0)   # the smallest offered: 3 x 3 dots
    assert play.settings.options == {"dots": 3}


def test_an_8x8_board_does_not_list_ouri_whose_pits_need_8x9():
    # Issue 9: the menu said Ouri fits 6x8; its layout is 8x9, and on club8 its
    # bottom row was drawn over the top row.
    from boards.club8 import BOARD
    b = SimBoard(dict(BOARD))
    assert "ouri" not in b.app.mode.ids
    assert "ouri" in SimBoard().app.mode.ids


def test_a_game_that_does_not_fit_is_refused_not_drawn_over_itself():
    from boards.club8 import BOARD
    from app.play import Play
    from app.saves import Settings
    b = SimBoard(dict(BOARD))
    try:
        Play(b.app.ctx, Settings("ouri", {}, ("human", "human"), 3))
    except ValueError as e:
        assert "8x9" in str(e)
    else:
        assert False, "Ouri started on an 8x8 grid"


def test_drawing_outside_the_grid_is_an_error_not_a_wrapped_square():
    from app.screen import Screen
    scr = Screen(8, 8)
    for i in (-1, 64):
        try:
            scr.set(i, (1, 2, 3))
        except IndexError:
            pass
        else:
            assert False, "square %d was drawn" % i
    assert bytes(scr.frame) == bytes(64 * 3)


def test_every_game_offered_on_each_board_is_drawn_inside_its_grid():
    from boards.club8 import BOARD
    for board in (dict(BOARD), None):
        b = SimBoard(board)
        for gid in list(b.app.mode.ids):
            if games.mode_of(gid) != games.SETUP:     # the race: its own screen, drawn in the grid too
                k = b.app.mode.ids.index(gid)
                b.tap_key(b.app.mode.square_of(k))
                b.tap_key(b.app.mode.square_of(k))
                b.press("ok")
                b.tick(300)
                from app.core import MODES
                assert b.mode() == MODES[games.mode_of(gid)][1] and b.app.errors == 0, gid
                b.press("menu")
                b.press("menu")
                assert b.mode() == "Menu"
                continue
            play = b.start(gid)
            assert play.w <= b.cols and play.h <= b.rows
            b.tick(300)                   # draws; Screen.set refuses any square outside
            assert b.mode() == "Play", gid
            b.press("menu")
            b.press("menu")
            assert b.mode() == "Menu"


def test_sesqui_says_which_action_is_still_owed():
    b = SimBoard()
    play = b.start("sesqui")
    for t in ("d4", "a1", "h8"):
        b.enter(t)
    assert play.scroll is None
    b.enter("d5")                       # a placement: a movement is still owed
    assert play.game.turn == 0 and play.scroll is not None
    from app.font import columns
    assert bytes(play.scroll.cols_data) == bytes(columns("NOW MOVE ONE"))
    b.enter("d5-d7")
    assert play.game.turn == 1


def test_produto_one_square_two_colours_touch_again_to_choose_ok_to_confirm():
    b = SimBoard()
    play = b.start("produto")
    g = play.game
    b.enter("Be5")
    assert g.turn == 1
    c3 = play.square(g.move_cells(g.parse("Bc3"))[0])
    b.tap_key(c3)
    first = play.entry.pending()
    assert first is not None and g.ply == 1, "a stone waits for its colour"
    b.tap_key(c3)
    second = play.entry.pending()
    assert second != first and g.ply == 1
    colours = set()
    for _ in range(8):
        b.tick(130)
        colours.add(b.rgb(c3))
    assert LOOK_RGB[WHITE] in colours, "the square shows the stone it would get"
    b.press("ok")
    assert g.ply == 2 and g.move_text(second) == play.texts[-1]


def test_results_are_said_as_a_person_would():
    from app.words import outcome, book_text
    g = games.load("semaforo").Game()
    for t in "a1 b1 d3 c1".split():           # seat 1 wins
        g.play_text(t)
    assert outcome(g, ("human", "human")) == "ORANGE WINS"     # the colour its side showed
    assert outcome(g, ("human", "board")) == "BOARD WINS"
    assert outcome(g, ("board", "human")) == "YOU WIN"
    assert book_text(g) == "ORANGE WINS"      # the seat's word; the line says who played it
    g = games.load("go").Game()
    for t in "d4 swap e5 pass pass".split():  # seat 1 took Black; the board counts
        g.play_text(t)
    r = g.result()
    s = g.score()
    assert outcome(g, ("human", "human")) == "%s WINS %d-%d" % (
        g.seat_name(r).upper(), s[r], s[1 - r]), "the winner's score first"
    assert s[r] >= s[1 - r]


def test_the_boards_swap_and_pass_are_said():
    b = SimBoard()
    play = b.start("hex", players_col=1)      # you first, the board second
    b.enter("a1")
    play.think = lambda level: play.game.parse("swap")
    b.wait(400)
    assert play.texts == ["a1", "swap"]
    assert play.scroll.cols_data == Scroll("BOARD SWAPS|IT PLAYS BLACK", 9).cols_data
    b = SimBoard()
    play = b.start("go", players_col=1)
    b.enter("d4")
    play.think = lambda level: play.game.parse("pass")
    b.wait(400)
    assert play.texts == ["d4", "pass"]
    assert play.scroll.cols_data == Scroll("BOARD PASSES|YOUR PASS ENDS THE GAME", 9).cols_data


def test_a_small_game_is_framed_and_a_touch_outside_it_answers():
    from app.screen import FRAME, ERROR
    b = SimBoard()
    play = b.start("semaforo")                # 4 x 3 in the middle of 9 x 9
    b.tick(300)
    inside = play.square(0)
    ring = inside - b.cols - 1                # diagonally off its corner
    far = 0                                   # a1, far from the game
    assert b.rgb(ring) == FRAME and b.rgb(far) == (0, 0, 0)
    assert b.rgb(inside) not in (FRAME, (0, 0, 0)), "its empty squares show the turn"
    b.tap_key(far)
    seen = set()
    for _ in range(6):
        b.tick(100)
        seen.add(b.rgb(far))
    assert ERROR in seen and play.game.ply == 0

