"""Replaying the last games of the record book (app/replay.py) and reading the
book back a chunk at a time (saves.records_back, FileStorage.read_at). Portable."""
import sys

from simboard import SimBoard, club9
from memstorage import MemStorage
from hal.storage import FileStorage
from flash import Flash
from app import saves
from app.screen import LAST, WIN, ERROR, LOOK_RGB, SELECTED
from games.common import GREEN

SEMAFORO = ["a1", "b1", "d3", "c1"]       # seat 1 (SECOND) wins on the last move


def line(gid, moves, outcome="FIRST WINS", tag="1a", options=None):
    return saves.record_line(gid, options or {}, moves, outcome, tag)


def book(*lines):
    s = MemStorage()
    s.write_atomic(saves.RECORDS, "".join(lines))
    return s


def at_menu(storage, board=None):
    b = SimBoard(board=board, storage=storage)
    assert b.mode() == "Menu", b.mode()
    return b


def open_list(b):
    """From the menu: the replay square (bottom left) twice."""
    b.tap("a1")
    assert b.app.mode.pointed == "replay"
    b.tap("a1")
    return b.app.mode


def seen(b, square, rgb, ms=1200):
    """Whether square shows rgb at some moment in the next ms."""
    for _ in range(ms // 20):
        b.tick(20)
        if b.rgb(square) == rgb:
            return True
    return False


# --- reading the book back ----------------------------------------------------------

class Counting(FileStorage):
    """FileStorage that remembers the largest piece it was asked to read."""
    biggest = 0

    def read_at(self, name, start, n):
        self.biggest = max(self.biggest, n)
        return FileStorage.read_at(self, name, start, n)


def test_read_at_gives_a_piece_of_a_file_and_nothing_for_a_missing_one():
    for fat in (False, True):
        s = FileStorage("", Flash(fat=fat))
        s.write_atomic("a.txt", b"0123456789")
        assert s.read_at("a.txt", 3, 4) == b"3456"
        assert s.read_at("a.txt", 8, 10) == b"89"
        assert s.read_at("b.txt", 0, 4) == b""


def test_the_book_reads_back_newest_first_across_the_rotation_whatever_the_chunk():
    old = "".join(line("hex", ["a%d" % (i % 5 + 1)] * (i % 7), tag="o%d" % i) for i in range(40))
    new = "".join(line("semaforo", ["b%d" % (i % 3 + 1)] * (i % 4), tag="n%d" % i) for i in range(30))
    want = [ln.encode() for ln in (old + new).split("\n") if ln][::-1]
    for chunk in (1, 7, 64, 512, 100000):
        s = MemStorage()
        s.write_atomic(saves.RECORDS_OLD, old)
        s.write_atomic(saves.RECORDS, new)
        assert list(saves.records_back(s, chunk)) == want, chunk


def test_reading_the_last_games_of_a_full_book_reads_a_chunk_at_a_time():
    s = Counting("", Flash())
    n = 0
    for name in (saves.RECORDS_OLD, saves.RECORDS):
        text = bytearray()
        while len(text) < saves.RECORDS_LIMIT * 3 // 4:
            text += line("semaforo", SEMAFORO, "SECOND WINS", "%05x" % n).encode()
            n += 1
        s.write_atomic(name, text)
        text = None
    got = []
    for ln in saves.records_back(s):
        got.append(ln)
        if len(got) == 9:
            break
    assert got == [line("semaforo", SEMAFORO, "SECOND WINS", "%05x" % i)[:-1].encode()
                   for i in range(n - 1, n - 10, -1)]
    assert 0 < s.biggest <= saves.CHUNK


def test_torn_lines_and_overlong_lines_are_not_given():
    whole = line("semaforo", SEMAFORO, "SECOND WINS", "3f2a")
    first = line("semaforo", ["a1"], "FIRST WINS", "77")
    torn = whole[:len(whole) // 2]
    long_one = "x" * (saves.LONGEST + 10) + "\n"
    for chunk in (5, 512):
        # A cut during an append leaves part of a line with no newline; the
        # game is recorded again, whole, on the next line (saves.record).
        s = book(first, long_one, torn + "\n", whole, whole[:10])
        assert list(saves.records_back(s, chunk)) == [whole[:-1].encode(), first[:-1].encode()]


def test_a_record_line_parses_back_to_what_was_recorded():
    ln = saves.record_line("hex", {"size": 7}, ["c3", "d4", "swap"], "WHITE WINS", "ab12",
                           [("players", "board,human"), ("level", "4")])
    assert ln.startswith("hex size=7 players=board,human level=4 WHITE WINS : c3 ")
    assert saves.parse_record(ln[:-1].encode()) == ("hex", {"size": 7}, "WHITE WINS",
                                                   ["c3", "d4", "swap"], "ab12",
                                                   {"players": "board,human", "level": "4"})
    ln = saves.record_line("ouri", {}, ["a", "F"], "DRAW 24-24", "5")
    assert saves.parse_record(ln.encode()) == ("ouri", {}, "DRAW 24-24", ["a", "F"], "5", {})
    for bad in (b"semaforo SECOND WINS : a1 b1 d", b"semaforo SECOND", b"semaforo : a1 #12",
                b"hex size=x WHITE WINS : c3 #1", b"hex SECOND WINS : a1 b1 #", b"\xff\xfe : a #1", b""):
        assert saves.parse_record(bad) is None, bad


# --- the replay on the board ----------------------------------------------------------

def test_the_menu_square_opens_the_last_games_newest_at_the_left():
    s = book(line("semaforo", SEMAFORO, "SECOND WINS", "1"),
             line("hex", ["a1", "b2"], "BLACK WINS", "2", {"size": 5}),
             line("rastros", ["d5"], "GOAL A1 WINS", "3"))
    b = at_menu(s)
    rec = open_list(b)
    assert b.mode() == "Records"
    assert [e[0] for e in rec.entries] == ["rastros", "hex", "semaforo"]
    assert [e[1] for e in rec.entries] == ["GOAL A1 WINS", "BLACK WINS", "SECOND WINS"]
    import games
    looks = dict((r[0], (LOOK_RGB[r[2]], LOOK_RGB[r[3]])) for r in games.CATALOG)
    for k, gid in enumerate(("rastros", "hex", "semaforo")):
        b.tick()
        assert b.rgb("%s9" % "abc"[k]) in looks[gid], gid
    assert b.rgb("d9") == (0, 0, 0), "no more games than the book holds"
    b.tap("b9")
    assert rec.pointed == 1 and seen(b, "b9", SELECTED)
    b.press("hint")
    assert rec.pointed == 2
    b.press("hint")
    assert rec.pointed == 0, "HINT goes round to the newest"
    b.press("undo")
    assert rec.pointed == 2
    b.press("menu")
    assert b.mode() == "Menu"


def test_a_game_is_stepped_forward_and_back_with_the_keys_to_its_result():
    b = at_menu(MemStorage())
    b.start("semaforo")
    for t in SEMAFORO:
        b.enter(t)
    b.press("menu")
    assert b.mode() == "Menu"
    open_list(b)
    b.tap("a9")
    b.tap("a9")
    assert b.mode() == "Replay"
    rp = b.app.mode
    g = rp.game
    assert g.ply == 0, "it starts from the start position"
    green = LOOK_RGB[GREEN]
    a1 = rp.view.square(0)
    assert not seen(b, a1, green, 400)
    b.press("ok")
    assert g.ply == 1 and seen(b, a1, green) and seen(b, a1, LAST), "the move shows, its square blinks"
    b.press("hint")
    assert g.ply == 2 and seen(b, rp.view.square(1), LAST)
    b.press("undo")
    assert g.ply == 1 and seen(b, a1, LAST)
    b.press("undo")
    b.press("undo")
    assert g.ply == 0
    for _ in SEMAFORO:
        b.press("ok")
    assert g.result() == 1
    assert rp.scroll is not None and rp.scroll.rgb == WIN, "the result is scrolled"
    assert seen(b, rp.view.square(0), WIN), "the winning line blinks"
    b.press("ok")
    assert g.ply == 4, "nothing after the last move"
    b.press("menu")
    assert b.mode() == "Records" and b.app.mode.pointed == 0
    assert "games.semaforo" not in sys.modules, "the game's module is given back"
    b.press("menu")
    assert b.mode() == "Menu"


def test_a_pass_is_said_since_no_square_shows_it():
    s = book(line("go", ["d4", "pass", "pass"], "BLACK WINS 49-0", "7"))
    b = at_menu(s)
    open_list(b)
    b.press("ok")
    rp = b.app.mode
    b.press("ok")
    b.press("ok")
    assert rp.last == () and rp.scroll is not None and rp.scroll.rgb != WIN


def test_games_not_on_this_board_and_torn_lines_are_not_listed():
    whole = line("semaforo", SEMAFORO, "SECOND WINS", "3f2a")
    s = book(line("chess", ["e4"], "WHITE WINS", "1"),
             line("poliedricos", ["a=41200", "b=DNF"], "A WINS", "9"),    # a race: no moves
             line("hex", ["a1"], "BLACK WINS", "2", {"size": 11}),   # bigger than the grid
             line("semaforo", ["a1"], "FIRST WINS", "4"),
             whole[:20] + "\n", whole, whole[:12])
    b = at_menu(s)
    rec = open_list(b)
    one_move = line("semaforo", ["a1"], tag="4")
    assert [e[2] for e in rec.entries] == [whole[:-1].encode(), one_move[:-1].encode()]
    assert b.app.errors == 0


def test_a_game_whose_moves_no_longer_parse_is_dropped_when_opened():
    good = line("semaforo", SEMAFORO, "SECOND WINS", "5")
    s = book(good, line("semaforo", ["a1", "a1", "zz"], "FIRST WINS", "6"))
    b = at_menu(s)
    rec = open_list(b)
    assert len(rec.entries) == 2
    b.press("ok")                       # the newest: its moves are not legal
    assert b.mode() == "Message" and seen(b, 40, ERROR, 2000)
    b.wait(20000)
    assert b.mode() == "Records"
    assert [e[2] for e in b.app.mode.entries] == [good[:-1].encode()]
    assert "games.semaforo" not in sys.modules
    assert b.app.errors == 0 and s.read("error.log") is None, "a refused move is no fault"
    b.press("ok")
    assert b.mode() == "Replay"


def test_with_no_games_the_board_says_so_and_goes_back_to_the_menu():
    b = at_menu(MemStorage())
    open_list(b)
    b.tick()
    assert b.mode() == "Message"
    b.wait(20000)
    assert b.mode() == "Menu"


def test_on_a_reed_board_the_replay_only_shows_and_waits_for_no_pieces():
    s = book(line("avanco", ["a2-a3", "b6-b5"], "FIRST WINS", "8"))
    b = at_menu(s, club9("reed"))
    open_list(b)
    b.press("ok")
    rp = b.app.mode
    b.press("ok")
    b.press("ok")
    assert rp.game.ply == 2, "no piece was moved, yet the moves are shown"
    b.place("e5")
    b.lift("e5")
    assert b.mode() == "Replay" and rp.game.ply == 2


def test_the_list_of_the_last_games_keeps_their_lines_not_their_moves_in_ram():
    import gc
    if not hasattr(gc, "mem_alloc"):
        return          # MicroPython only: CPython does not count its heap
    from app import replay
    s = MemStorage()
    go = ["d4", "c3", "e5", "c5", "e3", "b4"] * 15 + ["pass", "pass"]
    text = bytearray()
    n = 0
    while len(text) < saves.RECORDS_LIMIT - 400:
        text += line("go", go, "BLACK WINS 30-19", "%05x" % n).encode()
        n += 1
    s.write_atomic(saves.RECORDS, text)
    text = None
    b = at_menu(s)
    games = replay.last_games(b.app.ctx, 9)
    assert len(games) == 9
    size = len(games[0][2])
    gc.collect()
    with_list = gc.mem_alloc()
    games = None
    gc.collect()
    kept = with_list - gc.mem_alloc()
    # Nine lines of 300 bytes and their tuples: about 4 KB on the 64-bit unix
    # port; a list of every move's text would take ten times that.
    assert 9 * size <= kept < 3 * 9 * size, kept


# --- results in the players' words ------------------------------------------------

LIST_KEYS = " - OK: REPLAY IT - HINT: OLDER - UNDO: NEWER"   # what a pointed game says next


def said_when_pointed(b, square):
    from app import screen
    screen.SAID = []
    try:
        b.tap(square)
        return screen.SAID[-1]
    finally:
        screen.SAID = None


def test_a_game_against_the_board_is_recorded_with_who_played_and_listed_as_it_ended():
    b = at_menu(MemStorage())
    play = b.start("semaforo", players_col=2, level=1)     # the board first
    for _ in range(40):
        if b.mode() != "Play":
            break
        if play.game.turn == 1:
            b.enter(play.game.legal_texts()[0])
        b.wait(400)
    assert b.mode() == "Result"
    ended = b.app.mode.announce()
    assert ended in ("YOU WIN", "BOARD WINS")
    book_line = b.storage.read(saves.RECORDS).decode()
    assert book_line.startswith("semaforo players=board,human level=1 ")
    assert " WINS : " in book_line and ("BLUE WINS" in book_line or "ORANGE WINS" in book_line), \
        "the book names the seat by its colour, as the players saw it"
    b.press("menu")
    open_list(b)
    said = ("Semáforo - %s" % ended) + LIST_KEYS
    assert said_when_pointed(b, "a9") == said, "the list says it as the end did"


def test_the_list_says_a_recorded_result_as_the_board_said_it():
    s = book(line("semaforo", SEMAFORO, "SECOND WINS", "1"),          # an older line: no players
             saves.record_line("pontos", {"dots": 3}, ["a1"], "ORANGE WINS 3-5", "2",
                               [("players", "human,human")]),
             saves.record_line("hex", {"size": 5}, ["a1", "swap"], "WHITE WINS", "3",
                               [("players", "board,human"), ("level", "2")]),
             saves.record_line("go", {}, ["d4", "pass", "pass"], "BLACK WINS 49-0", "4",
                               [("players", "board,human"), ("level", "1")]))
    b = at_menu(s)
    open_list(b)
    # Go: the board (seat 0, Black) won, 49-0
    assert said_when_pointed(b, "a9") == "Go 7x7 - BOARD WINS 49-0" + LIST_KEYS
    # Hex: seat 1 swapped, so White is seat 0: the board's
    assert said_when_pointed(b, "b9") == "Hex - BOARD WINS" + LIST_KEYS
    # two players: the winner's colour and score first
    assert said_when_pointed(b, "c9") == "Pontos e Quadrados - ORANGE WINS 5-3" + LIST_KEYS
    assert said_when_pointed(b, "d9") == "Semáforo - ORANGE WINS" + LIST_KEYS, "seat words for an older line"
    b.tap("d9")
    assert b.mode() == "Replay"
    assert b.app.mode.result == "ORANGE WINS"
    assert "games.semaforo" in sys.modules
    b.press("menu")
    assert [m for m in sys.modules if m.startswith("games.") and m != "games.common"] == [], \
        "pointing along the list holds no game's module"
