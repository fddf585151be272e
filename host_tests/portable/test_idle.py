"""Idle passes redraw only what changed and allocate nothing (issue 21).

Over 100 idle passes (a second of the loop) the app draws a new frame only
when its picture changes (the blink's beat, a text's step), and on
MicroPython, where gc.mem_alloc() counts the heap's bytes, those passes
allocate not one byte: no garbage, so no collection ever stalls the loop
while nobody plays. Portable: the allocation count runs on MicroPython, the
redraw count on both.
"""
import gc
import sys

from simboard import SimBoard, club9

NOTHING = ()


def idle(b, passes=100):
    """Run idle passes on the app as the loop would; the frames drawn and
    the bytes allocated (None where the heap cannot be counted)."""
    app = b.app
    now = b.now
    for _ in range(10):           # settle: the first passes after a change may draw
        now += 10
        app.step(now, NOTHING)
    count = getattr(gc, "mem_alloc", None)
    gc.collect()
    gc.disable()
    try:
        before = count() if count is not None else None
        drawn = 0
        for _ in range(passes):
            now += 10
            app.step(now, NOTHING)
            if app.fresh:
                drawn += 1
        after = count() if count is not None else None
    finally:
        gc.enable()
    b.now = now
    return drawn, (None if before is None else after - before)


def check(b, most, what):
    drawn, alloc = idle(b)
    assert drawn <= most, "%s: %d of 100 idle passes drew a frame" % (what, drawn)
    if sys.implementation.name == "micropython":
        assert alloc == 0, "%s: 100 idle passes allocated %d bytes" % (what, alloc)
    return drawn


def test_the_menu_idles_without_drawing_every_pass_or_allocating():
    b = SimBoard()
    b.wait(200)
    # the scrolled text steps every 90 ms: about 11 frames a second, no more
    check(b, 14, "menu")


def test_a_game_with_blinking_pieces_idles_without_allocating():
    b = SimBoard()
    play = b.start("semaforo")
    b.enter("a1")
    b.enter("b2")                                 # green pieces that can turn yellow blink
    b.wait(3000)
    assert play.scroll is None
    drawn = check(b, 6, "semaforo")
    assert drawn >= 3, "the pieces that can move blink four times a second"


def test_a_placement_game_on_a_reed_board_idles_without_allocating():
    b = SimBoard(board=club9("reed"))
    play = b.start("go")
    b.follow()
    b.wait(3000)
    assert not play.pieces.syncing
    check(b, 6, "go on a reed board")


def test_a_selected_piece_blinks_its_targets_without_allocating():
    b = SimBoard()
    play = b.start("gatos_caes")
    b.wait(3000)
    g = play.game
    b.tap_key(play.square(play.entry.next_cells()[0]))   # placement games: the first cell
    b.wait(3000)
    assert g.ply in (0, 1)
    check(b, 6, "gatos_caes")


def test_the_race_timers_ready_screen_scrolls_without_allocating():
    b = SimBoard()
    b.open_entry("poliedricos")
    assert b.mode() == "Race" and b.app.mode.scroll is not None
    b.wait(1000)
    drawn = check(b, 14, "the race's ready screen")
    assert drawn >= 8, "its name scrolls a step every 90 ms"
