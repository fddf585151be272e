"""The club protocol's checks (tools/club/protocol.py) and the store's
record-book lines (tools/club/store.py), without a broker: what a receiver
drops, and what reaches the export."""
import json

from tools.club import protocol, store
from tools.records.book import parse

START = {"v": 1, "g": "k3a", "n": 0, "k": "start", "game": "hex", "opt": 5, "mode": "ai",
         "level": 2, "seat": 1, "vs": None}


def enc(obj):
    return json.dumps(obj).encode()


def test_an_event_is_taken_only_whole_and_well_typed():
    assert protocol.check_event(enc(START)) == (START, None)
    move = {"v": 1, "g": "k3a", "n": 1, "k": "move", "m": "c3", "p": 0}
    assert protocol.check_event(enc(move))[0] == move
    dropped = [b"{", b"[1]", "ö".encode("latin-1"), enc(dict(move, v=2)), enc(dict(move, v=True)),
               enc(dict(move, g="bad id!")), enc(dict(move, g="x" * 17)), enc(dict(move, n=-1)),
               enc(dict(move, n=True)), enc(dict(move, k="jump")), enc(dict(move, p=2)),
               enc(dict(move, m=3)), enc(dict(move, n=0)), enc(dict(START, n=4)),
               enc(dict(START, mode="online")), enc({"v": 1, "g": "k3a", "n": 2, "k": "end"}),
               enc(dict(move, m="x" * 190, pad="y" * 900))]
    for payload in dropped:
        ev, why = protocol.check_event(payload)
        assert ev is None and why, payload
    assert "1024" in protocol.check_event(enc(dict(move, pad="y" * 1100)))[1]


def test_a_picture_needs_one_colour_per_square():
    pos = {"v": 1, "g": "k3a", "n": 3, "game": "hex", "turn": 0, "last": "c3",
           "leds": "00ff00" * 25, "cols": 5, "rows": 5, "clocks": None}
    assert protocol.check_position(enc(pos))[0] == pos
    assert protocol.check_position(enc({"v": 1, "g": None, "leds": "000000" * 4}))[0] is not None
    for bad in (dict(pos, leds="00ff00" * 24), dict(pos, leds="zz" * 75), dict(pos, clocks=[1]),
                dict(pos, cols=0), {"v": 1, "g": "k3a", "leds": ""}):
        assert protocol.check_position(enc(bad))[0] is None, bad


def test_board_and_player_names():
    assert protocol.board_name_error("club9-w") is None
    for bad in ("", "-a", "A1", "a_b", "a" * 25, "club", "a/b", "+"):
        assert protocol.board_name_error(bad), bad
    assert protocol.names_error(["Ana", "Rui"]) is None
    for bad in (["Ana"], "Ana", ["Ana", 3], ["Ana", "x" * 25], ["A\nna", "Rui"]):
        assert protocol.names_error(bad), bad


def test_a_stored_game_becomes_the_record_books_line_with_its_undos_and_players():
    evs = [START, {"k": "move", "m": "a1", "p": 0}, {"k": "undo"}, {"k": "move", "m": "c3", "p": 0},
           {"k": "move", "m": "b2", "p": 1}, {"k": "end", "r": "NOT FINISHED"}]
    line = store.book_line("b1", evs)
    rec = parse(line, "b1")
    assert (rec.game, rec.options, rec.moves, rec.result, rec.tag) == \
        ("hex", {"size": 5}, ["c3", "b2"], "NOT FINISHED", "k3a")
    assert rec.players() == ("human", "board") and rec.level() == 2
    assert store.book_line("b1", evs[:-1]) is None          # no end yet: not in the book


def test_the_highest_contiguous_seq_stops_at_the_first_gap():
    assert store._contiguous([0, 1, 2, 4]) == 2
    assert store._contiguous([1, 2]) == -1
    assert store._contiguous([5, 6, 8], 4) == 6
