"""Real pieces on a reed board (app/pieces.py), through the real app on the
simulated board: set-up piece by piece, moves by lifts and placements, the
board's moves carried out, and every way the board and the game can disagree.
Portable: runs on CPython and MicroPython."""
import games
from check import random_playout
from simboard import SimBoard, club9, LIFT_WAIT
from memstorage import MemStorage
from app.screen import LOOK_RGB, ERROR, LIFT, PLACED
from games.common import BLACK, WHITE, YELLOW, parse_cell

# The seeds pick random games of a reasonable length for each game.
SEEDS = {"semaforo": 8, "gatos_caes": 6, "rastros": 1, "avanco": 8, "produto": 1, "sesqui": 3,
         "amazonas": 5, "hex": 1, "peoes": 2, "go": 1}


def reed(storage=None):
    return SimBoard(board=club9("reed"), storage=storage or MemStorage())


def started(gid, players_col=0, level=None):
    """A reed board with gid started and its pieces set up."""
    b = reed()
    play = b.start(gid, players_col=players_col, level=level)
    b.follow()
    assert not play.pieces.syncing
    return b, play


def sq_of(play, name):
    """The board square of a game cell named like 'd4'."""
    x, y = parse_cell(name, play.w, play.h)
    return play.square(y * play.w + x)


def blinks(b, name, rgb):
    """Whether the square shows rgb at some moment over a second (once any
    text the board scrolls over the middle rows is gone)."""
    play = b.play_mode()
    b.tick()                # the pass after a move's, where the board says what to do
    for _ in range(200):
        if play.scroll is None:
            break
        b.tick(100)
    seen = False
    for _ in range(8):
        b.tick(130)
        seen = seen or b.rgb(name) == rgb
    return seen


def test_pieces_are_games_with_pieces_only():
    for gid in games.BOARD_GAMES:
        mod = games.load(gid)
        has = bool(getattr(mod, "PIECES", None))
        assert has == (gid not in ("pontos", "ouri")), gid
        games.unload(gid)


def whole_by_pieces(k):
    # Every other game in each of two tests, which run in parallel.
    def test():
        for gid in [g for i, g in enumerate(games.BOARD_GAMES) if i % 2 == k]:
            mod = games.load(gid)
            if not getattr(mod, "PIECES", None):
                continue
            moves = random_playout(mod.Game(), SEEDS[gid])
            b, play = started(gid)
            for t in moves:
                b.move_pieces(t)
            assert b.mode() == "Result", (gid, b.mode())
            assert play.texts == moves
            b.press("menu")
            if b.mode() == "Result":            # Go: the count is confirmed first
                b.press("menu")
            assert b.mode() == "Menu", gid
    return test


test_every_game_with_pieces_is_played_whole_by_lifts_and_placements_1 = whole_by_pieces(0)
test_every_game_with_pieces_is_played_whole_by_lifts_and_placements_2 = whole_by_pieces(1)


def test_the_start_position_is_set_up_piece_by_piece_before_play():
    b = reed()
    play = b.start("avanco")
    p = play.pieces
    need = [sq for sq in p.wrong()]
    assert len(need) == 2 * 2 * 7, "both sides' pieces are asked for"
    assert blinks(b, need[0], LOOK_RGB[play.game.view()[play.cell(need[0])]])
    for sq in need[:-1]:
        b.place(sq, rest=False)
        assert p.syncing
    g = play.game
    src = [play.square(c) for c in play.entry.next_cells()][0]
    assert play.humans_turn() and g.ply == 0
    b.place(need[-1])
    assert not p.syncing and g.ply == 0
    b.lift(src)
    assert play.entry.touched == [play.cell(src)], "lifting a piece selects it"
    assert play.entry.next_cells(), "and its targets light"


def test_a_lift_and_a_put_back_is_no_move():
    b, play = started("peoes")
    sq = [play.square(c) for c in play.entry.next_cells()][0]
    b.lift(sq)
    assert play.entry.touched
    b.place(sq)
    assert play.game.ply == 0 and not play.entry.touched and not play.pieces.wrong()


def test_semaforo_lifting_a_piece_is_its_colour_change_and_the_board_shows_the_new_colour():
    b, play = started("semaforo")
    b.move_pieces("a1")                     # a green piece on a1
    b.move_pieces("b2")
    sq = sq_of(play, "a1")
    b.lift(sq)
    assert play.game.ply == 3 and play.texts[-1] == "a1", "the lift was the move"
    assert play.pieces.syncing and blinks(b, sq, LOOK_RGB[YELLOW])
    b.place(sq)
    assert not play.pieces.syncing


def test_a_piece_put_down_on_an_illegal_square_flashes_red_until_taken_back():
    b, play = started("avanco")
    g = play.game
    src = play.square(play.entry.next_cells()[0])
    b.lift(src)
    targets = [play.square(c) for c in play.entry.next_cells()]
    bad = [sq for sq in range(b.cols * b.rows)
           if sq not in targets and sq != src and not b.has_piece(sq) and play.cell(sq) is not None][0]
    b.place(bad)
    assert g.ply == 0
    assert blinks(b, bad, ERROR)
    b.lift(bad)
    b.place(targets[0])
    assert g.ply == 1


def test_a_slid_piece_counts_where_it_comes_to_rest():
    b, play = started("amazonas")
    g = play.game
    w = play.w
    # A move straight up the board by three squares or more.
    text = None
    for m in g.moves():
        f, t, a = g.move_cells(m)
        if t % w == f % w and t // w - f // w >= 3:
            text = g.move_text(m)
            break
    frm, to, arrow = [play.square(c) for c in g.move_cells(g.parse(text))]
    b.lift(frm)
    sq = frm + b.cols
    while sq != to:                         # across the squares on the way, no rest
        b.place(sq, rest=False)
        b.tick(60)
        b.lift(sq)
        sq += b.cols
    assert play.entry.touched == [play.cell(frm)]
    b.place(to)
    assert play.entry.touched == [play.cell(frm), play.cell(to)]
    b.place(arrow)
    assert play.texts == [text]


def test_captures_in_either_order():
    for first in ("captured", "capturing"):
        b, play = started("avanco")
        g = play.game
        moves = random_playout(games.load("avanco").Game(), 8)
        for t in moves:
            m = g.parse(t)
            frm, to = [play.square(c) for c in g.move_cells(m)]
            if b.has_piece(to):             # the first capture of the game
                n = g.ply
                if first == "captured":
                    b.lift(to)
                    b.lift(frm)
                else:
                    b.lift(frm)
                    b.lift(to)
                assert g.ply == n
                b.place(to)
                assert g.ply == n + 1 and play.texts[-1] == t
                assert not play.pieces.syncing and not play.pieces.wrong()
                break
            b.move_pieces(t)
        else:
            assert False, "no capture in the game"


def test_two_pieces_lifted_at_once_the_first_moves_and_the_other_is_asked_back():
    b, play = started("peoes")
    g = play.game
    starts = [play.square(c) for c in play.entry.next_cells()]
    a, other = starts[0], starts[1]
    b.lift(a)
    b.lift(other)
    assert play.entry.touched == [play.cell(a)]
    target = play.square(play.entry.next_cells()[0])
    b.place(target)
    assert g.ply == 1
    assert play.pieces.syncing and play.pieces.wrong() == [other]
    b.place(other)
    assert not play.pieces.syncing


def test_the_boards_move_is_shown_and_waits_for_the_pieces_also_after_a_wrong_move():
    b, play = started("avanco", players_col=1)     # you first, against the board
    g = play.game
    b.move_pieces(random_playout(games.load("avanco").Game(), 3)[0])
    for _ in range(100):
        b.tick(50)
        if g.ply == 2:
            break
    assert g.ply == 2, "the board moved"
    frm, to = [play.square(c) for c in play.last]
    p = play.pieces
    assert p.syncing and sorted(p.wrong()) == sorted([frm, to])
    assert blinks(b, frm, LIFT), "the board's from-square in its own colour"
    assert blinks(b, to, LOOK_RGB[g.view()[play.cell(to)]]), "the to-square in the piece's colour"
    # A different physical move: lift the right piece, put it down elsewhere.
    b.lift(frm)
    wrong_sq = [sq for sq in range(b.cols * b.rows)
                if play.cell(sq) is not None and not b.has_piece(sq) and sq != to][0]
    b.place(wrong_sq)
    assert g.ply == 2 and p.syncing and wrong_sq in p.wrong()
    assert blinks(b, wrong_sq, ERROR)
    b.lift(wrong_sq)
    b.place(to)
    assert not p.syncing and play.humans_turn()


def test_a_knocked_piece_blinks_and_holds_play_until_it_is_back():
    # level 1: the board's quick search (Go's level 3 runs playouts, a minute
    # here for nothing this test looks at)
    b, play = started("go", players_col=1, level=1)
    g = play.game
    b.move_pieces("d4")
    for _ in range(100):
        b.tick(50)
        if g.ply == 2:
            break
    b.follow()
    d4 = sq_of(play, "d4")
    b.lift(d4)                              # knocked off
    assert blinks(b, d4, LOOK_RGB[BLACK])
    b.place(sq_of(play, "a1"))              # a move while a stone is missing...
    b.tick(500)
    assert g.ply == 3                       # ...is taken, and the board waits
    assert play.pieces.syncing and d4 in play.pieces.wrong()
    for _ in range(40):
        b.tick(50)
    assert g.ply == 3, "the board does not move until the stone is back"
    b.place(d4)
    for _ in range(100):
        b.tick(50)
        if g.ply == 4:
            break
    assert g.ply == 4


def test_go_captured_stones_are_shown_to_take_off_and_play_waits():
    b, play = started("go")
    for t in ("b1", "a1"):
        b.move_pieces(t)
    a1 = sq_of(play, "a1")
    b.place(sq_of(play, "a2"))
    g = play.game
    assert g.ply == 3 and g.view()[play.cell(a1)] != WHITE
    assert play.pieces.wrong() == [a1] and blinks(b, a1, ERROR)
    b.lift(a1)
    assert not play.pieces.syncing


def test_undo_shows_the_pieces_to_move_back():
    b, play = started("peoes")
    moves = random_playout(games.load("peoes").Game(), 2)[:2]
    for t in moves:
        b.move_pieces(t)
    b.press("undo")
    assert play.game.ply == 1 and play.pieces.syncing
    assert len(play.pieces.wrong()) == 2
    b.follow()
    assert not play.pieces.syncing and play.humans_turn()


def test_a_power_cut_in_the_middle_of_a_move_resumes_showing_what_to_fix():
    storage = MemStorage()
    b = reed(storage)
    play = b.start("avanco")
    b.follow()
    moves = random_playout(games.load("avanco").Game(), 8)
    for t in moves[:3]:
        b.move_pieces(t)
    frm = play.square(play.entry.next_cells()[0])
    b.lift(frm)                             # the fourth move is in the hand: the power goes
    matrix = b.hal.matrix
    after = SimBoard(b.board, None, storage)
    for sq in range(b.cols * b.rows):       # the pieces stay where they stand
        if matrix.is_down(sq):
            after.hal.matrix.state[sq] = 1
    after.tick()
    assert after.mode() == "Resume", after.mode()
    after.press("ok")
    play2 = after.play_mode()
    assert play2.game.ply == 3 and play2.pieces.syncing and play2.pieces.wrong() == [frm]
    after.place(frm)
    assert not play2.pieces.syncing


def edges(b, sq, levels, gap=3):
    """A switch's raw readings, one per scan `gap` ms apart (a bounce)."""
    for v in levels:
        b.hal.matrix.set_raw(sq, v)
        b.tick(gap)


def test_bounces_and_a_flickering_magnet_make_no_phantom_moves():
    b, play = started("peoes")
    g = play.game
    b.hal.matrix.bounce_model(20)           # as a reed board's backend reads its switches
    src = play.square(play.entry.next_cells()[0])
    for n in (2, 3, 4, 5, 6):               # a lift that bounces n edges, then stays up
        levels = [(i + 1) % 2 for i in range(n)] + [0, 0, 0]
        edges(b, src, levels)
        b.tick(LIFT_WAIT)                   # it stays up: the lift counts
        assert play.entry.touched == [play.cell(src)], n
        edges(b, src, [1, 0, 1, 1, 1])      # put back, with a bounce
        b.tick(400)
        assert not play.entry.touched and g.ply == 0, n
    empty = [sq for sq in range(b.cols * b.rows)
             if play.cell(sq) is not None and not b.has_piece(sq)][0]
    edges(b, empty, [1, 1, 0, 1, 0, 0, 0])  # a magnet flickers under an empty square
    b.tick(400)
    assert g.ply == 0 and not play.pieces.wrong() and not play.pieces.syncing
    edges(b, src, [0, 0, 0])
    b.tick(LIFT_WAIT)
    target = play.square(play.entry.next_cells()[0])
    edges(b, target, [1, 0, 1, 0, 1, 1, 1])
    b.tick(400)
    assert g.ply == 1 and not play.pieces.syncing


def start_leds_only(b, gid):
    """From the menu, with the set-up's second row from the bottom on 'LEDs only'."""
    menu = b.app.mode
    k = menu.ids.index(gid)
    b.tap_key(menu.square_of(k))
    b.tap_key(menu.square_of(k))
    assert b.mode() == "Setup" and b.app.mode.markers is True
    b.tap_key(b.cols + 1)
    assert b.app.mode.markers is False
    b.press("ok")
    return b.app.mode


def test_markers_are_chosen_at_set_up_and_kept_by_a_resume():
    # Rastros with marker pieces: the square the white piece leaves wants one.
    b, play = started("rastros")
    assert play.settings.markers
    t = random_playout(games.load("rastros").Game(), 1)[0]
    frm, to = [play.square(c) for c in play.game.move_cells(play.game.parse(t))]
    b.lift(frm)
    b.place(to)
    assert play.game.ply == 1 and play.pieces.wrong() == [frm]
    assert blinks(b, frm, LOOK_RGB[play.game.view()[play.cell(frm)]])
    b.place(frm)
    assert not play.pieces.syncing
    # Amazonas with the LEDs alone: the arrow is a tap, and no piece stays there.
    storage = MemStorage()
    b = reed(storage)
    play = start_leds_only(b, "amazonas")
    assert not play.settings.markers
    b.follow()
    g = play.game
    t = g.legal_texts()[0]
    frm, to, arrow = [play.square(c) for c in g.move_cells(g.parse(t))]
    b.lift(frm)
    b.place(to)
    b.place(arrow)
    assert play.texts == [t] and play.pieces.wrong() == [arrow], "the marker is taken off again"
    b.lift(arrow)
    assert not play.pieces.syncing and not play.pieces.wrong()
    after = SimBoard(b.board, None, storage)
    for sq in range(b.cols * b.rows):
        after.hal.matrix.state[sq] = b.hal.matrix.state[sq]
    after.tick()
    after.press("ok")
    play2 = after.play_mode()
    assert play2.settings.markers is False and not play2.pieces.syncing


def test_a_placement_lights_at_once_and_counts_once_it_has_rested():
    from app.screen import PLACED
    b, play = started("semaforo")
    a1 = sq_of(play, "a1")
    b.place(a1, rest=False)                  # the pass that sees the piece come down
    assert b.hal.pixels.rgb(a1) == PLACED and play.texts == [], "lit at once, not yet a move"
    b.wait(100)
    assert b.hal.pixels.rgb(a1) == PLACED and play.texts == []
    b.tick(300)                              # it has rested: the move is played
    assert play.texts == ["a1"] and b.hal.pixels.rgb(a1) != PLACED


def test_a_switch_open_for_one_scan_under_a_piece_is_no_move():
    # Reproduction: the switches report a change at its first scan (issue
    # 21's eager debounce), so a reed switch under a Semaforo piece that
    # opened for one scan (a nudge, the table knocked) counted as the lift
    # that changes its colour: a move nobody made. Now the lift lights its
    # square at once and counts only once the switch has stayed open.
    b, play = started("semaforo")
    g = play.game
    b.move_pieces("c2")
    b.follow()
    assert g.ply == 1 and not play.pieces.syncing
    sq = sq_of(play, "c2")
    b.hal.matrix.bounce_model(20)
    b.hal.matrix.set_raw(sq, 0)                 # open for one 10 ms scan
    b.tick()
    assert b.rgb(sq) == PLACED, "answered at once: seen"
    b.hal.matrix.set_raw(sq, 1)
    for _ in range(10):
        b.tick()
    assert g.ply == 1 and not play.entry.touched and not play.pieces.syncing
    assert b.rgb(sq) != PLACED
    b.hal.matrix.set_raw(sq, 0)                 # a real lift: it stays open
    for _ in range(10):
        b.tick()
    assert g.ply == 2, "the lift changed the piece's colour"
