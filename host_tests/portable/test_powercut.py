"""The power-cut test: whole games of all 12 games are played through the app on
an in-memory flash (flash.py), once as LittleFS and once as FAT (whose rename
will not replace a file), and the power is cut at every file operation: the
operation not done, and each write also part done: half its bytes landed,
or for an append, the bytes either side of each of its newlines, else half
(cutbytes.py; every byte with GAMEBOARD_EVERY_BYTE=1).

After each cut a new app boots on the flash that cut left and must:
- show the menu or the resume offer, never an error (no error screen, no
  damaged-save message, nothing in error.log);
- offer the moves saved just before the cut or just after it, and resume them;
- Menu there goes back and keeps the game (offered again at the next boot);
- once abandoned (Undo, then OK), never offer that game again, and find it
  in the record book once: NOT FINISHED, or its result if it had ended;
- never lose a finished game from the record book nor write it twice, and
  keep the whole record book that was there before (it starts past 64 KB,
  so every game's record rotates it to games.1.txt).
Each cut is then resumed (and the next move entered, or the result closed) or
declined, in turn. A second sweep cuts again while a finished game left by a
cut is resumed or declined: it is still recorded exactly once.

Portable, and shared: the distinct flashes a sweep meets are checked in turn
on CPython and on MicroPython (the unix port, test_on_micropython.py), the
even ones on one and the odd ones on the other (SHARE), each with the action
its place in turn gives. So every cut is booted and checked once, and each
Python meets every kind of cut, action, game and file system.

    PYTHONPATH=firmware:host_tests/portable:. python host_tests/portable/test_powercut.py

checks every cut in one process (two minutes) and prints the counts.
"""
import sys

import games
import simboard
from flash import Flash
from cutbytes import Appends, points, landed
from hal.storage import FileStorage
from app import saves


SimBoard = simboard.SimBoard
# The distinct flashes this Python checks: those whose number is SHARE modulo
# 2 (CPython the even, MicroPython the odd); None: all of them.
SHARE = 1 if sys.implementation.name == "micropython" else 0


EVERY = 1                                 # take every n-th cut (all of them)
# Each sweep runs in parts (every PARTS-th game), separate tests so that they
# run in parallel and none takes long.
PARTS = 4
SEEDS = {"go": 13}                        # seed 3 passes twice at once in Go
OLD_BOOK = "".join("hex : old game %05d %s\n" % (i, "c3 d4 " * 8) for i in range(1010)).encode()


def book(storage):
    return (storage.read("games.1.txt") or b"") + (storage.read(saves.RECORDS) or b"")


def play_and_collect(gid, seed, fat):
    """Play a whole game once; return its moves, its record line and the flash a
    cut at each operation leaves, with the saves allowed there (lo, hi moves)."""
    f = Flash(fat=fat, files={saves.RECORDS: OLD_BOOK})
    b = SimBoard(storage=FileStorage("", f))
    cuts = []
    span = [0, 0]
    count = [0]
    last = [None, None]

    appends = Appends()

    def left(flash, op):
        """The flashes a cut at op leaves, each with what landed of a write:
        0 (not done), 1 (half of it), 2 (part of an append, at each of its
        cut points: cutbytes.py)."""
        appends.note(op)
        yield flash.after_cut(op), 0
        if appends.appending(op):
            for k in points(op[2]):
                yield landed(flash, op, k), 2
        elif op[0] == "write":
            yield flash.after_cut(op, True), 1

    def watch(flash, op):
        for files, part in left(flash, op):
            count[0] += 1
            if count[0] % EVERY == 0:
                if last[0] == files and last[1] == span:
                    # The same flash as the cut before (a read, a close): the
                    # same boot. Counted, checked once.
                    cuts.append((None, span[0], span[1], part))
                else:
                    last[0], last[1] = files, list(span)
                    cuts.append((files, span[0], span[1], part))
    f.watch = watch
    ops0 = f.ops                     # the boot's operations came before: not cut here
    b.start(gid)
    moves = []
    x = seed
    while b.mode() == "Play":
        g = b.app.mode.game
        ms = g.moves()
        x = (x * 75 + 74) % 65537
        span[0], span[1] = len(moves), len(moves) + 1
        t = g.move_text(ms[x % len(ms)])
        b.enter(t)
        moves.append(t)
    assert b.mode() == "Result", b.mode()
    res = b.app.mode
    span[0] = span[1] = len(moves)
    if res.marking:                  # Go: mark the first group dead, confirm
        p = res.play
        stones = [c for c in range(p.w * p.h) if p.game.view()[c] > 1]
        b.tap_key(p.square(stones[0]))
        assert p.game.dead
        b.press("ok")
    b.press("menu")
    assert b.mode() == "Menu"
    f.watch = None
    tag = res.play.tag
    lines = [ln for ln in book(b.storage).decode().split("\n") if ln.endswith(" #" + tag)]
    assert len(lines) == 1, lines
    assert len(OLD_BOOK) > saves.RECORDS_LIMIT and b.storage.read("games.1.txt") == OLD_BOOK
    return moves, tag, cuts, f.ops - ops0


def mine(n):
    """Is distinct flash number n (from 0) this Python's to check? Then the
    action's turn (check_cut's n), else None."""
    if SHARE is None:
        return n + 1
    return n // 2 + 1 if n % 2 == SHARE else None


def check_cut(gid, fat, files, lo, hi, moves, tag, n, counts):
    """Boot on the flash a cut left, check it, then resume or decline (by n)."""
    s = FileStorage("", Flash(fat=fat, files=files))
    b = SimBoard(storage=s)
    b.app.ctx.collect = lambda: None     # a full gc after each move: slow, and not what is tested here
    where = "%s fat=%s cut %d" % (gid, fat, n)

    def recorded():
        text = book(s)
        assert text.startswith(OLD_BOOK), where + ": the old record book was cut"
        return text.count((" #%s\n" % tag).encode())

    def unfinished():
        return book(s).count((" #%s%s\n" % (tag, saves.UNFINISHED_TAG)).encode())

    def clean():
        assert b.mode() not in ("ErrorScreen", "Message"), where + ": " + b.mode()
        assert s.read("error.log") is None, where + ": " + s.read("error.log").decode()
        assert b.app.errors == 0, where
        assert recorded() <= 1, where + ": recorded twice"

    clean()
    finished = len(moves)
    if b.mode() == "Menu":
        assert lo == 0 or recorded() == 1, where + ": the game in progress was lost"
        counts["menu"] += 1
        return
    assert b.mode() == "Resume", where + ": " + b.mode()
    saved = b.app.mode.save["moves"]
    k = len(saved)
    assert saved == moves[:k] and lo <= k <= hi, "%s: resumes %d moves, not %d-%d" % (where, k, lo, hi)
    counts["resume %s" % ("before" if k == lo and lo < hi else "after")] += 1
    if n % 2:
        if n % 4 == 1:
            b.press("menu")                # back: the game stays kept
            b.tick()
            clean()
            assert b.mode() == "Menu", where
            b = b.power_cut()
            assert b.mode() == "Resume" and b.app.mode.save["moves"] == saved, where
        b.press("undo")
        b.press("ok")
        b.tick()
        clean()
        assert b.mode() == "Menu", where
        if k == finished:
            assert recorded() == 1, where + ": a declined finished game is not recorded"
        else:
            assert unfinished() == 1, where + ": an abandoned game is not recorded"
        b = b.power_cut()
        assert b.mode() == "Menu", where + ": a declined game is offered again"
        counts["declined"] += 1
        return
    b.press("ok")
    b.tick()
    clean()
    play = b.play_mode()
    assert len(play.texts) == play.game.ply == k, where
    if k < finished:
        b.enter(moves[k])
        clean()
        d = saves.read(s, saves.save_name(gid))
        assert (d is not None and d["moves"] == moves[:k + 1]) or recorded() == 1, where
    if b.mode() == "Result":
        if b.app.mode.marking:
            b.press("ok")
        clean()
        assert recorded() == 1, where + ": the finished game is not in the record book"
        assert saves.read(s, saves.save_name(gid)) is None, where
    counts["resumed"] += 1


def sweep(fat, gids=None):
    counts = {"games": 0, "operations": 0, "cuts": 0, "half writes": 0, "inside appends": 0,
              "distinct": 0,
              "checked": 0, "the other Python's": 0, "same flash as the cut before": 0, "menu": 0,
              "resume before": 0, "resume after": 0, "resumed": 0, "declined": 0}
    for gid in gids or games.installed(games.SETUP):
        moves, tag, cuts, ops = play_and_collect(gid, SEEDS.get(gid, 3), fat)
        counts["games"] += 1
        counts["operations"] += ops
        for files, lo, hi, part in cuts:
            counts["cuts"] += 1
            counts["half writes"] += part == 1
            counts["inside appends"] += part == 2
            if files is None:
                counts["same flash as the cut before"] += 1
                continue
            n = mine(counts["distinct"])
            counts["distinct"] += 1
            if n is None:
                counts["the other Python's"] += 1
                continue
            counts["checked"] += 1
            check_cut(gid, fat, files, lo, hi, moves, tag, n, counts)
    return counts


def recovery_sweep(fat, gids=None):
    """A second cut while a finished game left by a first cut is resumed (and its
    result closed) or declined: the game is still recorded exactly once."""
    counts = {"cuts": 0, "same flash as a cut before": 0, "distinct": 0, "checked": 0, "runs": 0,
              "the other Python's": 0, "menu": 0, "resume": 0}
    for gid in gids or games.installed(games.SETUP):
        moves, tag, cuts, ops = play_and_collect(gid, SEEDS.get(gid, 3), fat)
        ended = []
        for files, lo, hi, half in cuts:
            if files is None:
                continue
            d = saves.read(FileStorage("", Flash(fat=fat, files=files)), saves.save_name(gid))
            if d is not None and d["end"]:
                ended.append(files)
        assert ended, gid
        for files in (ended[0], ended[-1]):
            for action in ("ok", "undo"):
                f = Flash(fat=fat, files=files)
                b = SimBoard(storage=FileStorage("", f))
                b.app.ctx.collect = lambda: None
                assert b.mode() == "Resume", gid
                states = []
                appends = Appends()

                def watch(flash, op):
                    appends.note(op)
                    states.append(flash.after_cut(op))
                    if appends.appending(op):
                        states.extend(landed(flash, op, k) for k in points(op[2]))
                    elif op[0] == "write":
                        states.append(flash.after_cut(op, True))
                f.watch = watch
                b.press(action)
                if action == "undo":
                    b.press("ok")              # abandon it? yes: it is recorded
                b.tick()
                if b.mode() == "Result" and b.app.mode.marking:
                    b.press("ok")
                f.watch = None
                seen = set()
                # Each run's turn starts on the other Python from the last
                # one's: its last cut (often the one that leaves the menu)
                # does not always fall to the same Python.
                counts["runs"] += 1
                for cut in states:
                    counts["cuts"] += 1
                    key = tuple(sorted(cut.items()))
                    if key in seen:
                        # Most operations here read (the resumed game replays):
                        # they leave the flash of a cut already booted.
                        counts["same flash as a cut before"] += 1
                        continue
                    seen.add(key)
                    n = mine(counts["distinct"] + counts["runs"])
                    counts["distinct"] += 1
                    if n is None:
                        counts["the other Python's"] += 1
                        continue
                    counts["checked"] += 1
                    s = FileStorage("", Flash(fat=fat, files=cut))
                    b = SimBoard(storage=s)
                    where = "%s fat=%s %s, second cut %d" % (gid, fat, action, counts["cuts"])
                    assert b.mode() in ("Menu", "Resume") and s.read("error.log") is None, where
                    if b.mode() == "Resume":
                        counts["resume"] += 1
                        b.press("undo")     # abandoned: recorded, never offered again
                        b.press("ok")
                        b = b.power_cut()
                        assert b.mode() == "Menu", where
                    else:
                        counts["menu"] += 1
                    text = book(s).decode()
                    assert text.startswith(OLD_BOOK.decode()), where
                    n = sum(1 for ln in text.split("\n") if ln.endswith(" #" + tag))
                    assert n == 1, "%s: recorded %d times" % (where, n)
    return counts


def part(k):
    """The games of part k of a sweep (MicroPython slices have no step)."""
    every = games.installed(games.SETUP)
    return [every[i] for i in range(k, len(every), PARTS)]


def check_counts(c, gids):
    assert c["games"] == len(gids) > 0
    assert c["cuts"] == c["distinct"] + c["same flash as the cut before"]
    assert c["distinct"] == c["checked"] + c["the other Python's"]
    assert c["checked"] * 2 >= c["distinct"] - 1 and c["checked"] * 2 <= c["distinct"] + 1
    assert c["checked"] == c["menu"] + c["resume before"] + c["resume after"]
    assert c["cuts"] * EVERY >= c["operations"]
    assert c["half writes"] > 0 and c["inside appends"] > 0
    assert c["resume before"] > 0 and c["resume after"] > 0
    assert c["resumed"] > 0 and c["declined"] > 0


def test_the_parts_of_a_sweep_are_every_game():
    every = []
    for k in range(PARTS):
        every += part(k)
    assert sorted(every) == sorted(games.installed(games.SETUP)) == sorted(games.BOARD_GAMES)


def cut_everywhere(fat, k):
    def test():
        check_counts(sweep(fat, part(k)), part(k))
    return test


def cut_again(fat, k):
    def test():
        c = recovery_sweep(fat, part(k))
        assert c["cuts"] == c["distinct"] + c["same flash as a cut before"]
        assert c["distinct"] == c["checked"] + c["the other Python's"]
        assert c["checked"] * 3 >= c["distinct"]
        assert c["checked"] == c["menu"] + c["resume"] and c["menu"] > 0 and c["resume"] > 0
    return test


test_a_cut_at_any_operation_of_whole_games_on_littlefs_1 = cut_everywhere(False, 0)
test_a_cut_at_any_operation_of_whole_games_on_littlefs_2 = cut_everywhere(False, 1)
test_a_cut_at_any_operation_of_whole_games_on_littlefs_3 = cut_everywhere(False, 2)
test_a_cut_at_any_operation_of_whole_games_on_littlefs_4 = cut_everywhere(False, 3)
test_a_cut_at_any_operation_of_whole_games_on_fat_1 = cut_everywhere(True, 0)
test_a_cut_at_any_operation_of_whole_games_on_fat_2 = cut_everywhere(True, 1)
test_a_cut_at_any_operation_of_whole_games_on_fat_3 = cut_everywhere(True, 2)
test_a_cut_at_any_operation_of_whole_games_on_fat_4 = cut_everywhere(True, 3)
test_a_second_cut_while_a_finished_game_is_resumed_or_declined_littlefs_1 = cut_again(False, 0)
test_a_second_cut_while_a_finished_game_is_resumed_or_declined_littlefs_2 = cut_again(False, 1)
test_a_second_cut_while_a_finished_game_is_resumed_or_declined_littlefs_3 = cut_again(False, 2)
test_a_second_cut_while_a_finished_game_is_resumed_or_declined_littlefs_4 = cut_again(False, 3)
test_a_second_cut_while_a_finished_game_is_resumed_or_declined_fat_1 = cut_again(True, 0)
test_a_second_cut_while_a_finished_game_is_resumed_or_declined_fat_2 = cut_again(True, 1)
test_a_second_cut_while_a_finished_game_is_resumed_or_declined_fat_3 = cut_again(True, 2)
test_a_second_cut_while_a_finished_game_is_resumed_or_declined_fat_4 = cut_again(True, 3)


if __name__ == "__main__":
    SHARE = None
    for fat in (False, True):
        c = sweep(fat)
        print("FAT" if fat else "LittleFS", ", ".join("%s %d" % (k, c[k]) for k in
              ("games", "operations", "cuts", "half writes", "inside appends", "distinct", "checked",
               "same flash as the cut before", "menu", "resume before",
               "resume after", "resumed", "declined")))
        c = recovery_sweep(fat)
        print("  second cuts %d, checked %d (the rest the flash of one before): "
              "menu %d, resume offered again %d" % (c["cuts"], c["checked"], c["menu"], c["resume"]))


def square(play, text):
    """The board square a one-cell move is entered on."""
    g = play.game
    return play.square(g.move_cells(g.parse(text))[0])


def test_a_cut_between_the_frame_and_its_save_loses_only_that_move():
    """The frame answering a move goes out before its save (app/play.py): a
    cut in between resumes the game without that one move, and on a reed
    board the resumed game shows the piece that must come off again."""
    from simboard import club9
    for fat in (False, True):
        f = Flash(fat=fat)
        b = SimBoard(storage=FileStorage("", f))
        play = b.start("semaforo")
        b.enter("a1")
        b.enter("b2")
        ops = f.ops
        b.tap_key(square(play, "c1"))  # the move's own pass: its frame is out
        assert play.texts == ["a1", "b2", "c1"] and f.ops == ops, "nothing written before the frame"
        after = b.power_cut()
        assert after.mode() == "Resume" and after.app.mode.save["moves"] == ["a1", "b2"]
        b.tick()                                 # uncut, the next pass saves it
        assert saves.read(b.storage, saves.save_name("semaforo"))["moves"] == ["a1", "b2", "c1"]

    f = Flash()
    b = SimBoard(club9("reed"), storage=FileStorage("", f))
    play = b.start("semaforo")
    b.follow()
    b.place(square(play, "a1"))                                # rests, counts: the move's pass
    assert play.texts == ["a1"] and saves.read(b.storage, saves.save_name("semaforo")) is None
    after = SimBoard(b.board, None, b.storage)
    for sq in range(b.cols * b.rows):
        after.hal.matrix.state[sq] = b.hal.matrix.state[sq]
    after.tick()
    assert after.mode() == "Menu", "a first move cut before its save: nothing to resume"
    b.place(square(play, "b2"))
    b.tick()
    b.place(square(play, "c1"))
    assert play.texts == ["a1", "b2", "c1"]
    after = SimBoard(b.board, None, b.storage)
    for sq in range(b.cols * b.rows):
        after.hal.matrix.state[sq] = b.hal.matrix.state[sq]
    after.tick()
    after.press("ok")
    play2 = after.play_mode()
    assert play2.texts == ["a1", "b2"]
    c1 = square(play2, "c1")
    assert play2.pieces.syncing and play2.pieces.wrong() == [c1], "the piece to take off is shown"
