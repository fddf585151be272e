"""Jogos Poliedricos: the race's timing rules (games/poliedricos.py, fed with
milliseconds) and the race on the board (app/race.py) through the simulated
board: the menu entry on club9 and club8, the countdown, both stops, the
winner and both times, a false start, the record-book line, leaving, a power
cut, the clock's wrap. Portable: runs on CPython and MicroPython.
"""
from simboard import SimBoard, club9
from flash import Flash
from hal.storage import FileStorage
from games import poliedricos as P
from games.common import DRAW
from app import saves, font
from app.screen import WIN, ERROR
from app.race import SEAT_RGB

WRAP = 1 << 30


# --- the rules, in milliseconds ------------------------------------------------

def raced(blue, orange, go=3000):
    """A race started at 0 and stopped at GO + each time (None: no stop)."""
    r = P.Race()
    assert r.start(0)
    for p, t in sorted([(0, blue), (1, orange)], key=lambda pt: 10 ** 9 if pt[1] is None else pt[1]):
        if t is not None:
            assert r.stop(p, go + t) == P.STOPPED
    return r


def test_the_countdown_runs_three_seconds_then_the_clocks_run_from_go():
    r = P.Race()
    assert r.state == P.READY and r.elapsed(0, 500) == 0
    assert r.start(1000) and not r.start(1200)
    assert r.update(3999) == P.COUNTDOWN and r.countdown_left(3999) == 1
    assert r.elapsed(0, 3999) == 0
    assert r.update(4000) == P.RACING and r.countdown_left(4000) == 0
    assert r.elapsed(0, 4000) == 0 and r.elapsed(1, 65432) == 61432


def test_the_faster_wins_and_both_times_are_kept():
    r = raced(90205, 83412)
    assert r.state == P.OVER and r.result() == 1 and r.times == [90205, 83412]
    assert r.announce() == "ORANGE WINS 1:23.4 BLUE 1:30.2"
    assert r.book_outcome() == "ORANGE WINS 1:30.2-1:23.4"
    assert r.book_fields() == ["blue=90205", "orange=83412"]
    assert raced(5000, 5001).result() == 0


def test_the_first_stop_alone_does_not_end_the_race_and_a_second_stop_is_ignored():
    r = P.Race()
    r.start(0)
    assert r.stop(0, 10000) == P.STOPPED and r.state == P.RACING and r.result() is None
    assert r.stop(0, 11000) is None and r.times[0] == 7000
    assert r.elapsed(0, 20000) == 7000 and r.elapsed(1, 20000) == 17000


def test_equal_times_are_a_draw():
    r = raced(58120, 58120)
    assert r.result() == DRAW and r.announce() == "DRAW 0:58.1"
    assert r.book_outcome() == "DRAW 0:58.1-0:58.1"


def test_a_stop_before_go_is_a_false_start_that_calls_off_the_start():
    r = P.Race()
    r.start(0)
    assert r.stop(1, 2999) == P.FALSE_START
    assert r.state == P.READY and r.flagged == 1 and r.false_starts == [0, 1] and r.go is None
    assert r.stop(0, 3500) is None, "a stop on the ready screen is nothing"
    assert r.start(5000) and r.flagged is None
    assert r.stop(1, 7999) == P.FALSE_START and r.false_starts == [0, 2]
    r.start(10000)
    assert r.stop(0, 13000) == P.STOPPED, "a stop at GO is a stop"
    r.stop(1, 20000)
    assert r.result() == 0 and r.times == [0, 7000]
    assert r.book_fields() == ["blue=0", "orange=7000", "false_starts=0-2"]


def test_undo_takes_back_the_last_stop_and_that_clock_runs_on_from_go():
    r = P.Race()
    r.start(0)
    r.stop(1, 20000)
    r.stop(0, 21000)
    assert r.state == P.OVER and r.reopen(22000) is None, "a finished race stands"
    r = P.Race()
    r.start(0)
    assert r.reopen(5000) is None, "nobody has stopped"
    r.stop(1, 20000)
    assert r.reopen(25000) == 1 and r.times == [None, None] and r.elapsed(1, 25000) == 22000
    r.stop(0, 30000)
    r.stop(1, 31000)
    assert r.result() == 0 and r.times == [27000, 28000]


def test_the_arbiter_ends_a_race_only_after_a_stop_and_the_other_did_not_finish():
    r = P.Race()
    r.start(0)
    assert not r.end(9000) and r.state == P.RACING
    r.stop(1, 9000)
    assert r.end(9500) and r.result() == 1 and r.elapsed(0, 9600) is None
    assert r.announce() == "ORANGE WINS 0:06.0 BLUE DNF"
    assert r.book_outcome() == "ORANGE WINS DNF-0:06.0"
    assert r.book_fields() == ["blue=DNF", "orange=6000"]


def test_at_the_time_limit_a_running_clock_has_not_finished():
    r = P.Race()
    r.start(0)
    limit = 3000 + P.LIMIT_MS
    assert r.update(limit - 1) == P.RACING and r.elapsed(0, limit - 1) == P.LIMIT_MS - 1
    assert r.update(limit) == P.OVER and r.result() == P.NOBODY
    assert r.stop(0, limit) is None
    assert r.announce() == "NOBODY FINISHED" and r.book_outcome() == "NOBODY FINISHED DNF-DNF"
    r = P.Race()
    r.start(0)
    r.stop(0, limit - 1)
    assert r.stop(1, limit) is None and r.result() == 0 and r.times == [P.LIMIT_MS - 1, None]


def test_times_are_written_as_a_stopwatch_shows_them():
    assert P.time_text(0) == "0:00.0" and P.time_text(59999) == "0:59.9"
    assert P.time_text(83412) == "1:23.4" and P.time_text(P.LIMIT_MS - 1) == "29:59.9"
    assert P.time_text(None) == "DNF"


def test_the_race_needs_an_8_by_8_grid_and_takes_no_options():
    assert P.layout({}) == (8, 8) and P.OPTIONS == {}
    assert not hasattr(P, "Game") and P.MODE == "race"


# --- the race on the board -------------------------------------------------------

def club8():
    from boards.club8 import BOARD
    return dict(BOARD)


def open_race(board=None, storage=None):
    b = SimBoard(board=board, storage=storage)
    assert b.mode() == "Menu"
    menu = b.app.mode
    assert "poliedricos" in menu.ids, menu.ids
    b.open_entry("poliedricos")
    assert b.mode() == "Race", b.mode()
    return b


def half(b, seat):
    """The lit squares of a player's half as (u, v, rgb) as that player sees
    it: u from their left, v from the row nearest the middle."""
    h = b.rows // 2
    out = set()
    for v in range(h):
        for u in range(b.cols):
            if seat == 0:
                sq = (h - 1 - v) * b.cols + u
            else:
                sq = (b.rows - h + v) * b.cols + b.cols - 1 - u
            rgb = b.rgb(sq)
            if rgb != (0, 0, 0):
                out.add((u, v, rgb))
    return out


def digits(b, text, rgb):
    """What `text` in four-row digits looks like centred in a half."""
    cols = font.small_columns(text)
    u0 = (b.cols - len(cols)) // 2
    v0 = (b.rows // 2 - 4) // 2
    return set((u0 + k, v0 + v, rgb) for k in range(len(cols)) for v in range(4)
               if cols[k] >> (3 - v) & 1)


def own_square(b, seat):
    """A square in the middle of a player's half."""
    return (1 if seat == 0 else b.rows - 2) * b.cols + b.cols // 2


def book_lines(b):
    return [ln for ln in (b.storage.read(saves.RECORDS) or b"").decode().split("\n") if ln]


def start_race(b):
    """OK on the ready screen; the tick of the press is the countdown's 0."""
    b.press("ok")
    return b.now


def test_the_race_is_in_the_menu_of_club9_and_club8_and_opens_its_own_screen():
    for board in (club9(), club9("reed"), club8()):
        b = open_race(board)
        assert b.app.mode.gid == "poliedricos"
        b.press("menu")
        assert b.mode() == "Menu"


def test_countdown_go_both_stops_winner_times_and_the_record_book_line():
    b = open_race()
    assert book_lines(b) == []
    t0 = start_race(b)
    seat_rgb = SEAT_RGB
    b.tick(500)
    for seat in (0, 1):   # "3", the right way up for each player
        assert half(b, seat) == digits(b, "3", (230, 170, 0)), seat
    b.wait(1000)                                     # 1.5 s: "2"
    assert half(b, 0) == digits(b, "2", (230, 170, 0)) == half(b, 1)
    while b.now - t0 < 3000:
        b.tick()
    assert b.app.mode.race.state == P.RACING
    assert all(rgb == (0, 160, 0) for u, v, rgb in half(b, 0)) and len(half(b, 1)) == 4 * b.cols
    while b.now - t0 < 3000 + 42000 + 500:
        b.tick(100)
    assert half(b, 0) == digits(b, "42", seat_rgb[0]) and half(b, 1) == digits(b, "42", seat_rgb[1])
    b.tap_key(own_square(b, 1))                      # orange has finished
    orange = b.now - t0 - 3000
    race = b.app.mode.race
    assert race.times == [None, orange] and race.state == P.RACING
    while b.now - t0 < 3000 + 66000:
        b.tick(100)
    b.tick(200)                                      # 66.2 s: the minutes' second of three
    assert half(b, 0) == digits(b, "1:", (150, 150, 150))
    b.tick(1000)
    assert half(b, 0) == digits(b, "07", seat_rgb[0])
    b.tap_key(own_square(b, 0))
    blue = b.now - t0 - 3000
    assert race.state == P.OVER and race.times == [blue, orange] and race.result() == 1
    assert book_lines(b) == [], "the frozen clock first, the record book the pass after"
    b.tick()
    lines = book_lines(b)
    assert len(lines) == 1
    assert lines[0].startswith("poliedricos ORANGE WINS %s-%s : blue=%d orange=%d #"
                               % (P.time_text(blue), P.time_text(orange), blue, orange)), lines
    assert b.app.mode.scroll is not None, "the result scrolls"
    while b.app.mode.scroll is not None:             # past the scroll: the final times
        b.tick(100)
    seen = set()
    for _ in range(4):
        seen.add(frozenset(half(b, 1)))
        b.tick(1000)
    tenths = ".%d" % (orange // 100 % 10)
    assert frozenset(digits(b, "42", WIN)) in seen and frozenset(digits(b, tenths, WIN)) in seen, \
        "the winner's final time, with its tenths, in gold"
    b.press("menu")
    assert b.mode() == "Menu" and len(book_lines(b)) == 1


def test_a_stop_before_go_is_flagged_and_the_start_is_run_again():
    b = open_race()
    start_race(b)
    b.wait(1200)
    b.tap_key(own_square(b, 0))                      # blue jumps the start
    race = b.app.mode.race
    assert race.state == P.READY and race.flagged == 0 and race.false_starts == [1, 0]
    assert b.app.mode.scroll.rgb == ERROR
    reds = [b.rgb(x) for x in range(b.cols)]
    b.wait(400)
    reds += [b.rgb(x) for x in range(b.cols)]
    assert ERROR in reds, "the false starter's edge row blinks red"
    assert b.hal.sound.beeps[-1] == (220, 600)
    b.wait(5000)
    assert book_lines(b) == [], "nothing recorded for a start called off"
    t0 = start_race(b)
    assert race.flagged is None
    while b.now - t0 < 3000 + 10000:
        b.tick(100)
    b.tap_key(own_square(b, 0))
    b.tap_key(own_square(b, 1))
    b.tick()                       # the record book the pass after the last stop
    assert race.result() == 0
    (line,) = book_lines(b)
    assert " false_starts=1-0 #" in line and line.startswith("poliedricos BLUE WINS 0:10.0-0:10.0 :"), line


def test_the_middle_row_of_club9_is_nobodys_and_keys_on_the_ready_screen_stop_nothing():
    b = open_race()
    b.tap_key(4 * b.cols + 3)                         # the middle row, before any start
    b.tap_key(own_square(b, 1))
    assert b.app.mode.race.state == P.READY and b.app.mode.race.false_starts == [0, 0]
    t0 = start_race(b)
    while b.now - t0 < 4000:
        b.tick(100)
    b.tap_key(4 * b.cols + 3)
    assert b.app.mode.race.times == [None, None]


def test_undo_takes_back_a_stop_and_ok_twice_ends_the_race_with_the_other_not_finished():
    b = open_race()
    t0 = start_race(b)
    race = b.app.mode.race
    b.press("ok")
    assert race.state == P.COUNTDOWN, "OK does nothing during the countdown"
    while b.now - t0 < 8000:
        b.tick(100)
    b.tap_key(own_square(b, 0))
    assert race.times[0] is not None
    b.press("undo")                                  # the arbiter: not done
    assert race.times[0] is None and race.state == P.RACING
    b.wait(2000)
    b.tap_key(own_square(b, 0))
    blue = b.now - t0 - 3000
    b.press("ok")
    assert race.state == P.RACING, "one OK does not end it"
    b.press("ok")
    assert race.state == P.OVER and race.result() == 0 and race.times == [blue, None]
    while b.app.mode.scroll is not None:
        b.tick(100)
    assert half(b, 1) == digits(b, "-", ERROR)
    (line,) = book_lines(b)
    assert line.startswith("poliedricos BLUE WINS %s-DNF : blue=%d orange=DNF #" % (P.time_text(blue), blue))


def test_menu_twice_leaves_a_race_and_records_nothing():
    b = open_race()
    t0 = start_race(b)
    while b.now - t0 < 5000:
        b.tick(100)
    b.press("menu")
    assert b.mode() == "Race"
    b.press("menu")
    assert b.mode() == "Menu" and book_lines(b) == []


def test_the_second_press_counts_while_its_prompt_scrolls_and_a_margin_after():
    """A prompt waits at least as long as it takes to read (issue 11: the old
    3 s window was shorter than the prompt's 7.6 s scroll)."""
    for key, state in (("menu", "Menu"), ("ok", "OVER")):
        b = open_race()
        t0 = start_race(b)
        while b.now - t0 < 5000:
            b.tick(100)
        race = b.app.mode.race
        if key == "ok":
            b.tap_key(own_square(b, 0))               # OK ends a race after a stop
        b.press(key)
        s = b.app.mode.scroll
        read_ms = s.length * s.STEP_MS
        assert read_ms > 3000, "the prompt is longer than the old window"
        b.wait(read_ms + 1500)
        b.press(key)
        assert (b.mode() == "Menu") if state == "Menu" else (race.state == P.OVER), key


def test_a_power_cut_during_a_race_boots_to_the_menu_with_nothing_recorded():
    b = open_race()
    t0 = start_race(b)
    while b.now - t0 < 9000:
        b.tick(100)
    b.tap_key(own_square(b, 1))                      # one stop: half a result, not to be kept
    b = b.power_cut()
    assert b.mode() == "Menu" and book_lines(b) == []
    assert b.storage.read("error.log") is None and b.app.errors == 0


def test_a_cut_at_any_operation_of_the_records_write_leaves_the_whole_line_or_none():
    old = "".join("hex : old game %05d\n" % i for i in range(100)).encode()
    for fat in (False, True):
        f = Flash(fat=fat, files={saves.RECORDS: old})
        b = open_race(storage=FileStorage("", f))
        t0 = start_race(b)
        while b.now - t0 < 4000:
            b.tick(100)
        b.tap_key(own_square(b, 1))
        cuts = f.record_cuts()
        b.tap_key(own_square(b, 0))
        b.tick()                   # the record book the pass after the last stop
        f.watch = None
        assert b.app.mode.race.state == P.OVER and len(cuts) >= 3, cuts
        whole = book_lines(b)[-1]
        for files in cuts:
            s = FileStorage("", Flash(fat=fat, files=files))
            after = SimBoard(storage=s)
            assert after.mode() == "Menu" and s.read("error.log") is None and after.app.errors == 0
            text = s.read(saves.RECORDS)
            assert text.startswith(old), "the record book before the race was cut"
            mine = [ln for ln in text[len(old):].decode().split("\n") if ln.endswith(whole[-6:])]
            assert mine in ([], [whole]), mine


def test_a_race_on_a_reed_board_is_stopped_by_a_piece_put_down_in_ones_half():
    b = open_race(club9("reed"))
    t0 = start_race(b)
    while b.now - t0 < 6000:
        b.tick(100)
    b.place(own_square(b, 1), rest=False)
    b.tick(30)
    b.place(own_square(b, 0), rest=False)
    b.tick(30)
    race = b.app.mode.race
    assert race.state == P.OVER and race.result() == 1 and race.times[1] < race.times[0]


def test_a_race_on_club8_uses_its_four_row_halves():
    b = open_race(club8())
    t0 = start_race(b)
    b.tick(200)
    assert half(b, 0) == digits(b, "3", (230, 170, 0)) == half(b, 1)
    while b.now - t0 < 3000 + 12 * 60000:
        b.tick(1000)
    race = b.app.mode.race
    ms = race.elapsed(0, b.app.mode.ms(b.now))
    assert ms // 60000 == 12
    shown = set()
    for _ in range(3):
        shown.add(frozenset((u, v) for u, v, rgb in half(b, 0)))
        b.tick(1000)
    assert frozenset((u, v) for u, v, rgb in digits(b, "12", (0, 0, 0))) in shown, \
        "12 minutes on 8 columns: the minutes without their colon"
    b.tap_key(own_square(b, 0))
    b.tap_key(own_square(b, 1))
    b.tick()
    assert race.result() == 0 and len(book_lines(b)) == 1


def test_a_race_across_the_clocks_wrap_keeps_exact_times():
    SimBoard.START = WRAP - 2000
    try:
        b = open_race()
        t0 = start_race(b)
        for _ in range(600):
            b.tick(10)
        assert b.now < t0, "the clock wrapped"
        b.tap_key(own_square(b, 0))
        blue = (b.now - t0) % WRAP - 3000
        b.tap_key(own_square(b, 1))
        race = b.app.mode.race
        assert race.times == [blue, blue + 10] and race.result() == 0
    finally:
        SimBoard.START = 0


def test_the_rules_take_any_growing_counter():
    r = P.Race()
    r.start(10 ** 8)
    assert r.stop(0, 10 ** 8 + 2999) == P.FALSE_START
    r.start(10 ** 8 + 5000)
    assert r.stop(0, 10 ** 8 + 8000 + 1234) == P.STOPPED and r.times[0] == 1234


def test_a_stop_shows_the_frozen_clock_in_its_pass_and_beeps_the_pass_after():
    # Issue 21, answer first: the frame with the stopped clock goes out in
    # the pass that read the tap; the beep (and anything slow) comes after.
    b = open_race()
    t0 = start_race(b)
    while b.now - t0 < 3000 + 2500:
        b.tick(100)
    beeps = len(b.hal.sound.beeps)
    b.hal.matrix.press(own_square(b, 0))
    b.tick()
    assert half(b, 0) and all(rgb == (0, 200, 0) for u, v, rgb in half(b, 0)), half(b, 0)
    assert len(b.hal.sound.beeps) == beeps
    b.hal.matrix.release(own_square(b, 0))
    b.tick()
    assert b.hal.sound.beeps[beeps:] == [(1320, 150)]


def one_stopped():
    """A race 1.5 s past GO, where the far player has just stopped."""
    b = open_race()
    t0 = start_race(b)
    while b.now - t0 < 3000 + 1500:
        b.tick(100)
    b.tap_key(own_square(b, 1))
    return b


def test_a_running_race_draws_only_when_its_picture_changes():
    # The clocks show whole seconds: a second of passes draws a few frames
    # (the second's turn, the stopped clock's page), not a hundred.
    b = one_stopped()
    while b.app.mode.scroll is not None:
        b.tick(100)
    drawn = 0
    for _ in range(100):
        b.tick()
        drawn += b.app.fresh
    assert 1 <= drawn <= 4, drawn


def test_the_clocks_under_a_scrolled_text_are_drawn_only_when_they_change():
    # Issue 21, no pass over 10 ms: while the result scrolls over the final
    # times (a step every 90 ms), the clocks are drawn again only when their
    # page turns; every frame is what a whole redraw would show.
    b = one_stopped()
    b.tick(300)
    b.tap_key(own_square(b, 0))               # over: the result scrolls from the pass after
    b.tick()
    race = b.app.mode
    assert race.scroll is not None
    drawn, passes = [0], 0
    draw_clocks = race.draw_clocks

    def counted(scr, now):
        drawn[0] += 1
        draw_clocks(scr, now)
    race.draw_clocks = counted
    for _ in range(200):                      # two seconds
        b.tick()
        if b.app.fresh:
            passes += 1
            frame = bytes(b.app.ctx.screen.frame)
            race.still_key = None              # the same pass drawn whole
            b.app.ctx.screen.clear()
            race.draw(b.app.ctx.screen, b.now)
            assert bytes(b.app.ctx.screen.frame) == frame
    assert race.scroll is not None and passes >= 15, passes
    assert drawn[0] - passes <= 3, (drawn[0], passes)   # the checks' whole redraws aside


def test_a_clock_turns_through_its_minutes_seconds_and_tenths():
    from app.race import page_count, time_page

    def pages(ms, final):
        return [time_page(ms, final, i) for i in range(page_count(ms, final))]
    assert pages(5300, False) == ["5"] and pages(5300, True) == ["5", ".3"]
    assert pages(65300, False) == ["1:", "05"]
    assert pages(600000, True) == ["10:", "00", ".0"]
