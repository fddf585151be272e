"""Saves and the record book across power cuts (issue 9, item 2 a-f), and what
FileStorage promises on a LittleFS-like and a FAT-like flash. Portable."""
import os

from check import raises
from simboard import SimBoard
from memstorage import MemStorage
from flash import Flash, PowerCut
from hal.storage import FileStorage
from app import saves

SEMAFORO = ["a1", "b1", "d3", "c1"]     # seat 1 wins with the last move
SEMAFORO_LINE = "semaforo players=human,human ORANGE WINS : a1 b1 d3 c1"
SEMAFORO_SAVE = saves.save_name("semaforo")


def semaforo_save(moves):
    b = SimBoard(storage=MemStorage())
    b.start("semaforo")
    for t in moves:
        b.enter(t)
    return b.storage.read(SEMAFORO_SAVE)


def booted(storage):
    b = SimBoard(storage=storage)
    assert b.mode() in ("Menu", "Resume"), b.mode()
    return b


def record_lines(storage, text):
    book = (storage.read("games.1.txt") or b"") + (storage.read(saves.RECORDS) or b"")
    return [ln for ln in book.decode().split("\n") if text in ln]


# --- FileStorage: old or new, whole, after a cut at any operation ----------------

def cut_states(fat, setup, action):
    """The files left by a cut at each operation of action(storage) (each not
    done, and each write half done), after setup(storage) ran in full."""
    f = Flash(fat=fat)
    setup(FileStorage("", f))
    states = []

    def watch(flash, op):
        states.append(flash.after_cut(op))
        if op[0] == "write":
            states.append(flash.after_cut(op, half=True))
    f.watch = watch
    action(FileStorage("", f))
    f.watch = None
    states.append(dict(f.files))
    return [FileStorage("", Flash(fat=fat, files=s)) for s in states]


def test_write_atomic_leaves_the_old_or_the_new_file_whole_on_littlefs_and_fat():
    for fat in (False, True):
        for old in (None, b"old content"):
            def setup(s):
                if old is not None:
                    s.write_atomic("f", old)
            states = cut_states(fat, setup, lambda s: s.write_atomic("f", b"the new content"))
            assert len(states) >= 5
            seen = set()
            for s in states:
                got = s.read("f")
                assert got in (old, b"the new content"), (fat, got)
                seen.add(got)
                s.write_atomic("f", b"next")        # and the next write still works
                assert s.read("f") == b"next"
            assert seen == set((old, b"the new content"))


def test_remove_never_brings_back_an_older_content():
    for fat in (False, True):
        def setup(s):
            s.write_atomic("f", b"one")
            s.write_atomic("f", b"two")
        for s in cut_states(fat, setup, lambda s: s.remove("f")):
            assert s.read("f") in (b"two", None)
        # the FAT replace cut between its renames: only f.new is left, whole
        left = cut_states(True, setup, lambda s: s.write_atomic("f", b"three"))
        mid = [s for s in left if sorted(s.files.files) == ["f.new"]]
        assert mid and mid[0].read("f") == b"three"
        mid[0].remove("f")
        assert mid[0].read("f") is None and not mid[0].files.files


def test_rename_of_a_missing_file_is_no_error():
    s = MemStorage()
    assert s.rename("save.json", "save.bad") is False
    s.write_atomic("save.json", b"x")
    assert s.rename("save.json", "save.bad") is True
    assert s.read("save.bad") == b"x" and s.read("save.json") is None


def test_append_rotates_and_keeps_the_last_limit_bytes_on_littlefs_and_fat():
    for fat in (False, True):
        s = MemStorage(fat)
        for i in range(60):
            s.append("log.txt", "line %02d %s\n" % (i, "x" * 30), limit=400)
        kept = (s.read("log.1.txt") + s.read("log.txt")).decode()
        assert len(kept) >= 400
        assert kept.endswith("line 59 %s\n" % ("x" * 30))
        assert ("line %02d" % (59 - 400 // 39)) in kept
        assert len(s.read("log.txt")) <= 400


def test_append_cut_during_the_rotation_keeps_the_whole_log():
    for fat in (False, True):
        def setup(s):
            s.append("log.txt", "a" * 300 + "\n", limit=400)
            s.append("log.txt", "b" * 300 + "\n", limit=400)   # rotates: a.. in log.1.txt
        for s in cut_states(fat, setup, lambda s: s.append("log.txt", "c" * 300 + "\n", limit=400)):
            kept = (s.read("log.1.txt") or b"") + (s.read("log.txt") or b"")
            assert b"b" * 300 in kept, (fat, sorted(s.files.files))


def test_a_long_line_in_pieces_goes_out_in_few_writes_none_large():
    """A 600-move record line, given a move at a time, is a handful of
    flash writes of about WRITE_BYTES each: no call per move, no large block."""
    from hal import storage
    moves = ["%s%d" % ("abcdefg"[i % 7], 1 + i % 7) for i in range(600)]
    for fat in (False, True):
        f = Flash(fat=fat)
        sizes = []
        f.watch = lambda flash, op: sizes.append(len(op[2])) if op[0] == "write" else None
        s = FileStorage("", f)
        pieces = [moves[0]] + [" " + m for m in moves[1:]] + ["\n"]
        text = "".join(pieces).encode()
        s.append("games.txt", iter(pieces), limit=65536, length=len(text))
        s.write_atomic("save.json", iter(pieces))
        assert s.read("games.txt") == text and s.read("save.json") == text
        assert len(sizes) <= 2 * ((len(text) + storage.WRITE_BYTES - 1) // storage.WRITE_BYTES), sizes
        assert max(sizes) < storage.WRITE_BYTES + 4, sizes


# --- (a) a torn first save: no error at boot -------------------------------------

def test_a_torn_first_save_boots_to_the_menu_every_time():
    raw = semaforo_save(["a1"])
    for junk in (b"", b"{garbage", raw[:len(raw) // 2]):
        for storage in (FileStorage(SimBoard().root), MemStorage(True)):
            storage.write_atomic(SEMAFORO_SAVE + ".tmp", junk)     # the .tmp alone
            storage.write_atomic("save.json.tmp", junk)            # older firmware's too
            b = SimBoard(storage=storage)
            for _ in range(2):
                assert b.mode() == "Menu", b.mode()
                assert storage.read("error.log") is None
                b = b.power_cut()


def test_set_aside_with_no_save_is_no_error():
    for storage in (FileStorage(SimBoard().root), MemStorage(True)):
        saves.set_aside(storage)
        assert storage.read(saves.BAD) is None


# --- (b) a declined resume is never offered again ---------------------------------

def abandon(b):
    """Undo (abandon?), then OK: the destructive answer and its confirmation."""
    b.press("undo")
    assert b.mode() == "Resume" and b.app.mode.asking
    b.press("ok")


def test_a_declined_save_left_by_a_cut_is_never_offered_again():
    raw = semaforo_save(["a1", "b2"])
    for leftover in ("save.json.tmp", "save.json.new", SEMAFORO_SAVE + ".tmp",
                     SEMAFORO_SAVE + ".new"):
        for storage in (FileStorage(SimBoard().root), MemStorage(True)):
            storage.write_atomic(leftover, raw)
            b = booted(storage)
            if b.mode() == "Resume":
                abandon(b)
                assert b.mode() == "Menu"
            for _ in range(2):
                b = b.power_cut()
                assert b.mode() == "Menu", (leftover, b.mode())


def test_a_finished_save_left_by_a_cut_is_offered_until_it_is_resumed_or_declined():
    # the FAT replace cut between its renames leaves only save.json.new: whole
    raw = semaforo_save(["a1", "b2"])
    for name in ("save.json.new", SEMAFORO_SAVE + ".new"):
        s = MemStorage(True)
        s.write_atomic(name, raw)
        b = booted(s)
        assert b.mode() == "Resume"
        b.press("menu")                 # back: it stays offered
        b = b.power_cut()
        assert b.mode() == "Resume"
        b.press("ok")
        assert b.app.mode.texts == ["a1", "b2"]


# --- (c) a finished game reaches the record book, once ------------------------------

def ops_of_a_game(moves, fat=False):
    """The operations of a Semaforo game from the start to the result."""
    f = Flash(fat=fat)
    b = SimBoard(storage=FileStorage("", f))
    b.start("semaforo")
    ops = []
    f.watch = lambda flash, op: ops.append(op)
    for t in moves:
        b.enter(t)
    return ops


def cut_game(moves, k, half=False, fat=False):
    """The flash after a real cut at operation k of the game (counted from the start)."""
    f = Flash(fat=fat)
    b = SimBoard(storage=FileStorage("", f))
    b.start("semaforo")
    f.cut_at, f.half = k + f.ops, half
    raises(PowerCut, lambda: [b.enter(t) for t in moves])
    return FileStorage("", Flash(fat=fat, files=f.files))


def test_the_record_is_appended_before_the_save_is_cleared():
    ops = ops_of_a_game(SEMAFORO)
    kinds = [(k, p) for k, p, d in ops if k in ("write", "remove") or k.startswith("open a")]
    first_record = min(i for i in range(len(kinds)) if kinds[i][1] == saves.RECORDS)
    last_clear = max(i for i in range(len(kinds)) if kinds[i] == ("remove", SEMAFORO_SAVE))
    assert first_record < last_clear


def test_a_cut_while_recording_then_resume_records_the_game_once():
    ops = ops_of_a_game(SEMAFORO)
    at = [i for i in range(len(ops)) if ops[i][0] == "write" and ops[i][1] == saves.RECORDS][0]
    clear = [i for i in range(len(ops)) if ops[i] == ("remove", SEMAFORO_SAVE, None)][-1]
    for k, half in ((at, True), (at, False), (at + 1, False), (clear, False)):
        for action in ("ok", "abandon"):
            s = cut_game(SEMAFORO, k, half)
            b = booted(s)
            assert b.mode() == "Resume", (k, b.mode())
            if action == "ok":
                b.press(action)
            else:
                abandon(b)
            b.tick()
            if action == "ok":
                assert b.mode() == "Result"
            b = b.power_cut()
            assert b.mode() == "Menu"
            assert len(record_lines(s, SEMAFORO_LINE)) == 1, (k, half, action, s.read(saves.RECORDS))


# --- (d) the record book is never cut down to nothing --------------------------------

def test_a_full_record_book_rotates_and_keeps_the_last_64_kb():
    old = "".join("hex : game %05d %s\n" % (i, "c3 " * 20) for i in range(1200)).encode()
    assert len(old) > saves.RECORDS_LIMIT - 200
    for storage in (FileStorage(SimBoard().root), MemStorage(True)):
        storage.write_atomic(saves.RECORDS, old)
        for _ in range(3):
            b = SimBoard(storage=storage)
            b.start("semaforo")
            for t in SEMAFORO:
                b.enter(t)
        book = (storage.read("games.1.txt") or b"") + storage.read(saves.RECORDS)
        assert len(book) >= saves.RECORDS_LIMIT
        assert old[-saves.RECORDS_LIMIT + 300:] in book
        assert len(record_lines(storage, SEMAFORO_LINE)) == 3


# --- (e) a record book that cannot be written is no error screen --------------------

def test_an_unwritable_record_book_is_logged_and_the_game_ends_normally():
    root = SimBoard().root
    os.mkdir(root + "/" + saves.RECORDS)
    failing = MemStorage()
    failing.files.failing.add(saves.RECORDS)
    try:
        for storage in (FileStorage(root), failing):
            b = SimBoard(storage=storage)
            b.start("semaforo")
            for t in SEMAFORO:
                b.enter(t)
            b.wait(500)
            assert b.mode() == "Result" and b.app.errors == 0
            assert b"record book" in storage.read("error.log")
            assert saves.read(storage, SEMAFORO_SAVE) is None
            b.press("menu")
            assert b.mode() == "Menu"
    finally:
        os.rmdir(root + "/" + saves.RECORDS)


# --- (f) Go's dead-stone marks are saved ------------------------------------------

def test_a_cut_while_marking_dead_stones_resumes_to_marking_with_the_marks():
    b = SimBoard(storage=MemStorage())
    b.start("go")
    for t in ("d4", "a1", "pass", "pass"):   # White's lone a1 stone is dead
        b.enter(t)
    assert b.mode() == "Result" and b.app.mode.marking
    b.tap("b2")                    # a1 of the 7x7 game
    marked = sorted(b.app.mode.play.game.dead)
    assert marked
    b = b.power_cut()
    assert b.mode() == "Resume"
    b.press("ok")
    b.tick()
    assert b.mode() == "Result" and b.app.mode.marking
    assert sorted(b.app.mode.play.game.dead) == marked
    b.press("ok")
    # the marks go into the record book's line with the count they give
    assert len(record_lines(b.storage, "go players=human,human dead=a1 BLACK WINS 49-0 :")) == 1
