"""The record-book line read on the desktop (tools/records/book.py): the
board's format, lines the board cannot have written whole, and fields a later
firmware may add."""
from tools.link import firmware_path  # noqa: F401
from app import saves
from tools.records.book import parse, read_book

from helpers import recordgames


def test_every_line_the_board_writes_reads_back_as_the_board_reads_it():
    for raw in recordgames.book(3).splitlines():
        r = parse(raw)
        assert r is not None, raw
        gid, options, result, moves, tag, extra = saves.parse_record(raw.encode())
        assert (r.game, r.options, r.result, r.moves, r.tag) == (gid, options, result, moves, tag)
        assert r.extra == extra
        assert r.line == raw


def test_fields_of_a_line():
    r = parse("hex size=5 WHITE WINS : c3 swap a5 #9a")
    assert (r.game, r.options, r.result, r.moves, r.tag) == ("hex", {"size": 5}, "WHITE WINS",
                                                             ["c3", "swap", "a5"], "9a")
    assert r.winner_words() == "WHITE WINS" and r.score() == ""
    g = parse("go BLACK WINS 26-22 : d4 pass pass #1")
    assert g.winner_words() == "BLACK WINS" and g.score() == "26-22"
    assert g.players() == (None, None) and g.level() is None and g.dead() is None
    race = parse("poliedricos BLUE WINS 1:01.2-DNF : blue=61234 orange=DNF #5")
    assert race.moves == ["blue=61234", "orange=DNF"] and race.score() == "1:01.2-DNF"


def test_lines_that_are_no_whole_record_are_refused():
    for bad in (b"go BLACK WINS 26-22 : d4 pass pa",       # torn by a cut: no tag
                b"go BLACK WINS : d4 #",                   # an empty tag
                b"chess WHITE WINS : e4 #1",               # no such game
                b"hex size=five WHITE WINS : c3 #1",       # an option that is no number
                b"hex size=5 : c3 #1",                     # no result
                b"go \xff\xfe WINS : d4 #1",               # worn flash: not text
                b"", b"just words"):
        assert parse(bad) is None, bad


def test_fields_a_later_board_adds_are_read_not_taken_for_options():
    r = parse("go players=human,board level=3 BLACK WINS 26-22 : d4 pass pass #1f dead=c3,e5")
    assert r.options == {} and r.result == "BLACK WINS 26-22" and r.tag == "1f"
    assert r.players() == ("human", "board") and r.level() == 3
    assert r.dead() == ["c3", "e5"]
    h = parse("hex size=7 players=board,human WHITE WINS : d4 #2")
    assert h.options == {"size": 7} and h.players() == ("board", "human")


def test_a_book_with_a_torn_line_keeps_the_rest():
    data = b"semaforo FIRST WINS : a1 b1 #1\nsemaforo SECOND WI\nsemaforo FIRST WINS : b2 #3\n"
    recs, skipped = read_book(data, "b1")
    assert [r.tag for r in recs] == ["1", "3"] and skipped == 1 and recs[0].board == "b1"


def test_the_same_game_is_one_key_and_two_games_with_one_tag_are_two():
    a = parse("semaforo FIRST WINS : a1 b1 #1")
    assert a.key() == parse("semaforo FIRST WINS : a1 b1 #1").key()
    assert a.key() != parse("semaforo FIRST WINS : b1 a1 #1").key()
