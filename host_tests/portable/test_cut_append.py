"""Every change to a game is kept whole or not at all (issue 39).

Undo against the board takes back two moves (the board's and the
player's) and saved them as two journal lines in one append
(`- f58aea\\n- f80b00\\n`). A flash that lands part of a write (FAT; a cut
during an append) could keep the first line alone: Hex against the board,
4 moves, Undo shows 2, and the game resumed with 3, a position the player
never saw. Now the changes of one save are one journal line (app/saves.py
Journal.append), whole with its newline or not read at all.

Here the power is cut inside every append at every byte (cutbytes.py;
at any other operation, that operation not done, or a write half done),
on a LittleFS-like and a FAT-like flash (flash.py), while the board
saves: an Undo against the board (Hex, Avanco, Amazonas), a capture (Go),
a Go pass and the board's answer, the end of a game, and a race's result
(Poliedricos). A new board boots on what each cut left: no error, and
the kept game resumes at the position before the change or after it,
never between; the record book holds a game's or a race's line whole or
not at all, and once. test_powercut.py's sweeps of whole games cut
inside their appends too.
"""
import games
from simboard import SimBoard, club9
from flash import Flash
from cutbytes import Appends, points, landed
from hal.storage import FileStorage
from app import saves


def no_collect():
    pass


def saved(fat, files, name):
    """The moves the kept game `name` holds on these files (None: none kept)."""
    d = saves.read(FileStorage("", Flash(fat=fat, files=files)), name)
    return None if d is None else tuple(d["moves"])


def position(gid, moves):
    """The board a game shows after these moves."""
    g = games.load(gid).Game({})
    for t in moves:
        g.play_text(t)
    return bytes(g.view())


def collect_cuts(fat, gid, setup, change, every=True):
    """Play setup(board) in full, then cut the power at each operation of
    change(board): each not done, each write half done, and each append
    landed in part at each of its cut points (cutbytes.points). Returns the
    cuts [(files, before, after, inside an append)], before and after being
    the moves saved just before and just after the operation cut, and the
    moves saved before and after the whole change."""
    f = Flash(fat=fat)
    b = SimBoard(storage=FileStorage("", f))
    b.app.ctx.collect = no_collect
    setup(b)
    name = saves.save_name(gid)
    start = saved(fat, f.files, name)
    cuts = []
    appends = Appends()

    def watch(flash, op):
        appends.note(op)
        now = saved(fat, flash.files, name)
        if appends.appending(op):
            after = saved(fat, landed(flash, op, len(op[2])), name)
            for k in points(op[2], every):
                cuts.append((landed(flash, op, k), now, after, True))
        cuts.append((flash.after_cut(op), now, now, False))
        if op[0] == "write" and not appends.appending(op):
            cuts.append((flash.after_cut(op, True), now, now, False))
    f.watch = watch
    change(b)
    f.watch = None
    cuts.append((dict(f.files), saved(fat, f.files, name), saved(fat, f.files, name), False))
    return cuts, start, saved(fat, f.files, name)


def check_cuts(fat, gid, collected):
    """Boot on each distinct flash the cuts left: the menu or the kept game,
    with no error; a kept game resumes at the position before or after the
    operation cut, never between (and, on resuming it, shows it). Returns
    the counts: resumes before the change, after it, at a whole change of
    several (a pass before the board's answer), between (none)."""
    cuts, start, end = collected
    c = {"cuts": len(cuts), "inside appends": 0, "distinct": 0, "menu": 0, "before": 0,
         "after": 0, "a step of it": 0, "between": 0}
    seen = set()
    wrong = []
    name = saves.save_name(gid)
    for files, before, after, inside in cuts:
        c["inside appends"] += inside
        key = tuple(sorted(files.items()))
        if key in seen:
            continue
        seen.add(key)
        c["distinct"] += 1
        s = FileStorage("", Flash(fat=fat, files=files))
        b = SimBoard(storage=s)
        b.app.ctx.collect = no_collect
        where = "%s fat=%s cut %d" % (gid, fat, c["distinct"])
        assert b.mode() in ("Menu", "Resume") and b.app.errors == 0, where + ": " + b.mode()
        assert s.read("error.log") is None, where + ": " + s.read("error.log").decode()
        got = tuple(b.app.mode.save["moves"]) if b.mode() == "Resume" else None
        if got != before and got != after:
            c["between"] += 1
            wrong.append("%s: resumes %r, not %r or %r" % (where, got, before, after))
            continue
        c["before" if got == start else "after" if got == end else "a step of it"] += 1
        if got is None:
            c["menu"] += 1
            continue
        assert b.app.mode.save["name"] == name, where
        b.press("ok")                        # resumed: the position is the one kept
        play = b.play_mode()
        assert b.mode() in ("Play", "Result"), where + ": " + b.mode()
        assert tuple(play.texts) == got and bytes(play.game.view()) == position(gid, got), where
    assert not wrong, "\n".join(wrong[:10])
    return c


def human_move(b, k=0):
    """The player's k-th legal move, then the board's answer."""
    play = b.play_mode()
    g = play.game
    ms = g.moves()
    b.enter(g.move_text(ms[k % len(ms)]))
    for _ in range(200):
        b.tick(50)
        if b.mode() != "Play" or (play.humans_turn() and not play.unsaved):
            return


def against_the_board(gid, plies, k=0):
    def setup(b):
        play = b.start(gid, players_col=1, level=1)
        while len(play.texts) < plies:
            human_move(b, k + len(play.texts))
        b.tick()
        assert len(play.texts) == plies and play.humans_turn(), play.texts
    return setup


def press_undo(b):
    play = b.play_mode()
    n = len(play.texts)
    b.press("undo")
    b.tick()                                 # the save, the pass after
    assert len(play.texts) == n - 2 and play.humans_turn(), play.texts


def sweep_undo(gid, fat):
    collected = collect_cuts(fat, gid, against_the_board(gid, 4), press_undo)
    cuts, start, end = collected
    assert len(start) == 4 and len(end) == 2, (start, end)
    assert any(inside and before == start and after == end for files, before, after, inside in cuts), \
        "no Undo append was cut"
    return check_cuts(fat, gid, collected)


def test_an_undo_against_the_board_at_hex_is_kept_whole_or_not_at_all():
    """The issue's reproduction: Hex against the board, 4 moves, Undo."""
    for fat in (False, True):
        c = sweep_undo("hex", fat)
        assert c["before"] > 0 and c["after"] > 0 and c["between"] == 0, c


def test_an_undo_against_the_board_at_avanco_and_amazonas_is_kept_whole_or_not_at_all():
    """The other two games the issue saw it in."""
    for gid in ("avanco", "amazonas"):
        for fat in (False, True):
            c = sweep_undo(gid, fat)
            assert c["before"] > 0 and c["after"] > 0 and c["between"] == 0, (gid, c)


def go_capture(b):
    b.start("go")
    for t in ("b1", "a1"):
        b.enter(t)


def capture(b):
    play = b.play_mode()
    b.enter("a2")                            # takes the stone on a1
    assert play.game.captured_last(), "a2 captures"
    b.tick()


def test_a_capture_is_kept_whole_or_not_at_all():
    for fat in (False, True):
        c = check_cuts(fat, "go", collect_cuts(fat, "go", go_capture, capture))
        assert c["before"] > 0 and c["after"] > 0 and c["between"] == 0, c


def go_pass_and_answer(b):
    play = b.play_mode()
    n = len(play.texts)
    b.enter("pass")
    for _ in range(200):
        b.tick(50)
        if b.mode() != "Play" or (len(play.texts) > n + 1 and play.humans_turn() and not play.unsaved):
            break
    assert len(play.texts) == n + 2, play.texts
    b.tick()
    if b.mode() == "Result" and b.app.mode.marking:   # both passed: the game ends, marked as it is
        b.press("ok")
    b.tick()


def test_a_go_pass_and_the_boards_answer_are_kept_whole_or_not_at_all():
    for fat in (False, True):
        cuts = collect_cuts(fat, "go", against_the_board("go", 2), go_pass_and_answer)
        c = check_cuts(fat, "go", cuts)
        assert c["before"] > 0 and c["after"] > 0 and c["between"] == 0, c


def test_a_journal_line_cut_at_every_byte_reads_as_before_or_after():
    """The journal on its own, every byte of an append of several changes:
    the reader (app/savefile.py) gives the game before or after, never part."""
    for fat in (False, True):
        f = Flash(fat=fat)
        s = FileStorage("", f)
        j = saves.Journal(s, "save-hex.json")
        j.write_all(saves.Settings("hex", {}, ("human", "board"), 1), ["a1", "b2", "c3", "d4"], "t",
                    False, ())
        appends = Appends()
        cuts = []

        def watch(flash, op):
            appends.note(op)
            if appends.appending(op):
                cuts.append([landed(flash, op, k) for k in points(op[2], True) + [len(op[2])]])
        f.watch = watch
        j.append([saves.UNDO_BODY, saves.UNDO_BODY])
        j.append([saves.move_body("e5", False), saves.UNDO_BODY, saves.move_body("f6", False)])
        f.watch = None
        assert len(cuts) == 2, "one append each"
        states = [["a1", "b2", "c3", "d4"], ["a1", "b2"], ["a1", "b2", "f6"]]
        for i in range(2):
            for files in cuts[i]:
                got = saves.read(FileStorage("", Flash(fat=fat, files=files)), "save-hex.json")["moves"]
                assert got == states[i + (files is cuts[i][-1])], (fat, i, files, got)


def test_the_end_of_a_game_is_kept_whole_or_not_at_all_and_recorded_once():
    """The last move's line, then the record book's line (every byte of
    both), then the save cleared: resumed before the last move, or at the
    result, or gone to the record book, where the game is once."""
    def setup(b):
        b.start("semaforo")
        for t in ("a1", "b1", "d3"):
            b.enter(t)

    def last(b):
        b.enter("c1")
        b.press("menu")                      # the result closed: the save cleared
        assert b.mode() == "Menu"
    for fat in (False, True):
        collected = collect_cuts(fat, "semaforo", setup, last)
        c = check_cuts(fat, "semaforo", collected)
        assert c["before"] > 0 and c["after"] > 0 and c["a step of it"] > 0 and c["between"] == 0, c
        for files, before, after, inside in collected[0]:
            s = FileStorage("", Flash(fat=fat, files=files))
            b = SimBoard(storage=s)
            if b.mode() == "Resume" and b.app.mode.save["end"]:
                b.press("ok")                # the result: recorded, if it is not yet
                b.wait(100)
                assert b.mode() == "Result", b.mode()
                b.press("menu")
            book = s.read(saves.RECORDS) or b""
            tags = [saves.parse_record(ln)[4] for ln in saves.records_back(s) if saves.parse_record(ln)]
            assert len(set(tags)) == len(tags) <= 1 and book.count(b" FINISHED") == 0, book
            if tags:
                assert book.count((" #%s\n" % tags[0]).encode()) == 1, book


# --- a race's result -----------------------------------------------------------

def test_a_races_result_is_in_the_record_book_whole_or_not_at_all():
    from app.race import Race      # noqa: F401 (the mode the menu opens)
    old = "".join("hex : old game %05d\n" % i for i in range(40)).encode()
    for fat in (False, True):
        f = Flash(fat=fat, files={saves.RECORDS: old})
        b = SimBoard(club9(), storage=FileStorage("", f))
        b.open_entry("poliedricos")
        assert b.mode() == "Race"
        b.press("ok")
        t0 = b.now
        while b.now - t0 < 4000:
            b.tick(100)
        cols = b.cols
        b.tap_key(cols * (b.rows - 2) + cols // 2)     # orange stops
        cuts = []
        appends = Appends()

        def watch(flash, op):
            appends.note(op)
            if appends.appending(op):
                for k in points(op[2], True):
                    cuts.append(landed(flash, op, k))
            cuts.append(flash.after_cut(op))
        f.watch = watch
        b.tap_key(cols + cols // 2)                     # blue stops: the race is over
        b.tick()                                        # its line, the pass after
        f.watch = None
        line = f.files[saves.RECORDS][len(old):]
        assert line.startswith(b"poliedricos ") and line.endswith(b"\n") and line.count(b"\n") == 1
        inside = 0
        for files in cuts:
            s = FileStorage("", Flash(fat=fat, files=files))
            after = SimBoard(storage=s)
            assert after.mode() == "Menu" and after.app.errors == 0 and s.read("error.log") is None
            book = s.read(saves.RECORDS)
            assert book.startswith(old)
            inside += len(book) > len(old)
            lines = [ln for ln in saves.records_back(s) if saves.parse_record(ln)]
            assert lines in ([], [line[:-1]]), lines
        assert inside >= len(line) - 2, "a cut at every byte of the line"


# --- the journal's lines -----------------------------------------------------------

def test_a_journal_of_older_firmware_a_line_a_change_reads_the_same():
    from app.savecheck import _line
    s = FileStorage("", Flash())
    j = saves.Journal(s, "save-hex.json")
    j.write_all(saves.Settings("hex", {}, ("human", "board"), 1), ["a1", "b2", "c3", "d4"], "t",
                False, ())
    new = s.read("save-hex.json")
    j.append([saves.UNDO_BODY, saves.UNDO_BODY])
    assert s.read("save-hex.json").count(b"\n") == new.count(b"\n") + 1, "one line"
    older = new                               # as older firmware appended it: a line each
    prev = int(new.rstrip(b"\n").split(b"\n")[-1].split(b" ")[-1], 16)
    for body in (saves.UNDO_BODY, saves.UNDO_BODY):
        text, prev = _line(prev, body)
        older += text.encode()
    s.write_atomic("save-hex-2.json", older)
    assert saves.read(s, "save-hex-2.json")["moves"] == saves.read(s, "save-hex.json")["moves"] == [
        "a1", "b2"]


def test_no_move_of_any_game_holds_a_space():
    """The changes of one save share a journal line, parted by spaces."""
    from check import random_playout
    for gid in games.installed(games.SETUP):
        g = games.load(gid).Game({})
        played = random_playout(g, 5, limit=200)
        g = games.load(gid).Game({})
        for t in played:
            assert " " not in t and t, (gid, t)
            assert all(" " not in g.move_text(m) for m in g.moves()), gid
            g.play_text(t)


def test_a_record_line_cut_just_before_its_newline_is_finished_not_written_again():
    from app.records import record, RECORDS
    for fat in (False, True):
        old = b"hex : old game c3 d4\n"
        moves = ["d%d" % (i % 7 + 1) for i in range(300)]      # a line over a chunk long
        s = FileStorage("", Flash(fat=fat, files={RECORDS: old}))
        assert record(s, "go", {}, moves, "BLACK WINS", "abc")
        whole = s.read(RECORDS)[len(old):]
        s = FileStorage("", Flash(fat=fat, files={RECORDS: old + whole[:-1]}))
        assert record(s, "go", {}, moves, "BLACK WINS", "abc")
        assert s.read(RECORDS) == old + whole, "the newline only"
        # The same game abandoned first (its tag + "u"), torn just before
        # that "u": the finished line is not taken for it.
        s = FileStorage("", Flash(fat=fat, files={RECORDS: old}))
        assert record(s, "go", {}, moves, "NOT FINISHED", "abcu")
        torn = s.read(RECORDS)[:-2]
        s = FileStorage("", Flash(fat=fat, files={RECORDS: torn}))
        assert record(s, "go", {}, moves, "BLACK WINS", "abc")
        assert s.read(RECORDS) == torn + b"\n" + whole
