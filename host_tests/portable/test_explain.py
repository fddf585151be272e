"""A board that explains itself, driven through the app: why a touch is no
move, what can start a move, hints in their order, what
the board took in its turn, a pass against the board, Ouri's counts. Portable."""
from simboard import SimBoard
from app.words import outcome
from app.play import AI_MOVE, START_GREEN, SEQ_MS
from app.screen import ERROR, TARGET, HINT, LOOK_RGB, Scroll
from games.common import WHITE


def said(play):
    """The text scrolling now, as the letters it shows."""
    return None if play.scroll is None else bytes(play.scroll.cols_data)


def words(text):
    return bytes(Scroll(text, 9).cols_data)


def seen(b, sq, ms=600):
    """Every colour a square shows over ms."""
    out = set()
    for _ in range(ms // 20):
        b.tick(20)
        out.add(b.rgb(sq))
    return out


def test_a_refused_touch_flashes_says_why_and_the_next_touch_goes_on():
    b = SimBoard()
    play = b.start("rastros")                 # 7 x 7 centred on 9 x 9: game a1 is board b2
    g = play.game
    piece = play.square(g.pos)                # game e5, board f6
    b.tap_key(piece)
    before = g.board_text()
    b.tap("h8")                               # game g7: no neighbour of the piece
    assert said(play) == words("ONE STEP ONLY"), "the reason's short form, for the board"
    assert g.explain("g7") == "g7 is not legal: the white piece moves one square, to a neighbour of e5"
    assert ERROR in seen(b, b.square("h8"), 300), "the square flashes red at once"
    assert g.board_text() == before and g.ply == 0
    b.tap("g7")                               # a neighbour (game f6): a touch cuts the reason short
    assert play.scroll is None and g.ply == 1 and play.texts == ["f6"]


def test_a_touch_outside_the_game_or_where_no_move_starts_is_said_plainly():
    b = SimBoard()
    play = b.start("avanco")                  # 7 x 7 on 9 x 9
    b.tap("a1")
    assert said(play) == words("OUTSIDE GAME")
    b.tap("d4")                               # an empty square of the game
    assert said(play) == words("NO MOVE HERE"), "the square itself flashes: no name needed"
    b.tap("c3")                               # a piece (game b2)
    b.tap("c6")                               # three squares ahead
    assert said(play) == words("ONE STEP ONLY")


def test_amazonas_a_step_out_of_line_is_refused_for_the_step_not_the_arrow():
    b = SimBoard()
    play = b.start("amazonas")
    g = play.game
    b.tap_key(play.square(g.move_cells(g.parse("a3-a1(a2)"))[0]))
    b.tap("c4")
    assert said(play) == words("NOT IN LINE")


def test_ouri_a_pit_that_is_no_move_says_its_seeds():
    from games.ouri import BAR_CELLS, STORE_CELLS, PIT_CELL
    b = SimBoard()
    play = b.start("ouri")
    b.tap_key(play.square(PIT_CELL[6]))       # North's pit on South's turn: its seeds
    assert said(play) == words("4")
    b.tap_key(play.square(BAR_CELLS[2][1]))   # the bar under South's pit c
    assert said(play) == words("4")
    b.tap_key(play.square(STORE_CELLS[1][0]))
    assert said(play) == words("0")
    assert play.game.ply == 0
    b.enter("a")
    b.enter("A")
    b.tap_key(play.square(PIT_CELL[0]))       # South's own a, emptied by its sowing
    assert said(play) == words("0: EMPTY PIT"), "the count first, then why"
    b.tap_key(play.square(BAR_CELLS[2][2]))
    assert said(play) == words("5")


def test_before_a_touch_empty_squares_where_a_move_starts_are_tinted_not_drowned():
    b = SimBoard()
    play = b.start("hex")                     # 9 x 9: every empty cell, edges too, is a move
    g = play.game
    for c in (0, 4, 40, 80):                  # corners, an edge, the centre
        colours = seen(b, play.square(c), 500)
        assert TARGET not in colours, "an empty cell does not blink like a piece"
        assert len(colours) == 1, "it stays still"
        base = LOOK_RGB[g.view()[c]]
        assert list(colours)[0][1] > 0 and list(colours)[0][1] >= base[1] // 12 + START_GREEN
    b.tap("e5")
    sq = b.square("e5")
    assert LOOK_RGB[g.view()[40]] in seen(b, sq, 500), "a stone is not tinted as a start"
    b = SimBoard()
    play = b.start("go")                      # not a board of green on Go's first move
    for sq in range(b.cols * b.rows):
        r, gr, bl = b.rgb(sq)
        assert gr <= 40, (sq, b.rgb(sq))
    b = SimBoard()
    play = b.start("sesqui")
    assert b.rgb(play.square(27))[1] > 0, "Sesqui's placement squares are lit"
    b = SimBoard()
    b.start("pontos")                         # the free lines are tinted, not blinking green
    for _ in range(30):
        b.tick(20)
        assert TARGET not in [b.rgb(sq) for sq in range(b.cols * b.rows)]
    b = SimBoard()
    play = b.start("ouri")                    # South's pits can be played: they blink
    assert TARGET in seen(b, play.square(play.game.move_cells(0)[0]), 600)


def test_a_hint_shows_its_squares_in_the_order_they_are_touched():
    b = SimBoard()
    play = b.start("amazonas")
    g = play.game
    m = g.parse("a3-a1(a2)")
    cells = [play.square(c) for c in g.move_cells(m)]
    play.think = lambda level: m
    b.press("hint")
    first_lit = {}
    for t in range(0, 5 * SEQ_MS, 20):
        b.tick(20)
        for i in range(3):
            if b.rgb(cells[i]) == HINT and i not in first_lit:
                first_lit[i] = t
    assert sorted(first_lit) == [0, 1, 2], first_lit
    assert first_lit[0] < first_lit[1] < first_lit[2], "from, then to, then the arrow"
    assert g.ply == 0


def test_a_produto_hint_shows_the_colour_of_the_stone():
    b = SimBoard()
    play = b.start("produto")
    g = play.game
    b.enter("Be5")
    m = g.parse("Wc3")
    play.think = lambda level: m
    b.press("hint")
    colours = seen(b, play.square(g.move_cells(m)[0]), 1000)
    assert HINT in colours and LOOK_RGB[WHITE] in colours


def test_the_board_says_what_it_took_in_a_turn_of_several_moves():
    b = SimBoard()
    play = b.start("pontos", players_col=1, option_col=0)   # you first; 2 x 2 boxes
    g = play.game
    script = ["a1-b1", "a2-b2", "b2-b3"]      # closes the box a1 (a1-a2 b1-b2 drawn), then on
    play.think = lambda level: g.parse(script.pop(0))
    b.enter("a1-a2")
    b.wait(400)
    assert play.texts == ["a1-a2", "a1-b1"]
    b.enter("b1-b2")
    b.wait(400)
    assert play.texts[-1] == "a2-b2" and g.turn == 1, "the box is closed: the board moves again"
    assert play.scroll is None or said(play) != words("BOARD TAKES 1 BOX")
    b.wait(1500)                              # it waits before its next move, so both are seen
    assert play.texts[-1] == "b2-b3" and g.turn == 0
    assert said(play) == words("BOARD TAKES 1 BOX")
    assert len(play.shown) == 2 and play.shown_rgb == AI_MOVE, "both of its moves are shown"


def test_against_the_board_a_pass_says_what_its_pass_would_end_in():
    b = SimBoard()
    play = b.start("go", players_col=1)       # you are Black, the board White
    g = play.game
    b.press("ok")
    g.play(g.parse("pass"))
    g.play(g.parse("pass"))
    end = outcome(g, play.players)
    g.undo()
    g.undo()
    assert said(play) == words("PASS? OK|IF THE BOARD PASSES TOO:|%s" % end)
    play.think = lambda level: g.parse("pass")
    b.press("ok")
    b.wait(400)
    assert b.mode() == "Result"
    assert bytes(b.app.mode.scroll.cols_data) == words(
        "BOARD PASSES: GAME OVER|TOUCH THE DEAD STONES|THEN OK")
