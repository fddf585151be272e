"""tools/records/sgf.py: SGF FF[4] points, the swap, reading files people edited."""
import pytest

from tools.records import sgf
from tools.records.sgf import SgfError


def test_go_points_count_rows_from_the_top():
    assert sgf.go_point("a1") == "ag" and sgf.go_point("g7") == "ga" and sgf.go_point("d4") == "dd"
    for p in ("a1", "c5", "g7", "e2"):
        assert sgf.go_name(sgf.go_point(p)) == p
    with pytest.raises(SgfError):
        sgf.go_name("hh")


def test_hex_mirror_is_its_own_inverse_and_keeps_the_long_diagonal():
    assert sgf.hex_mirror("c2") == "b3" and sgf.hex_mirror("b3") == "c2"
    assert sgf.hex_mirror("e5") == "e5" and sgf.hex_mirror("a9") == "i1"


def test_a_go_game_written_and_read_back():
    moves = ["d4", "swap", "c5", "pass", "pass"]
    text = sgf.go(moves, [("PB", "Black"), ("GC", "a ] bracket \\ and backslash")])
    root = sgf.parse(text)[0]
    assert root["GC"] == ["a ] bracket \\ and backslash"] and root["SZ"] == ["7"]
    gid, opts, back, colours, dead = sgf.read_game(text)
    assert (gid, opts, back, dead) == ("go", {}, moves, [])
    assert colours == ["B", None, "W", "B", "W"]


def test_a_hex_swap_is_swap_pieces_and_mirrors_what_follows():
    moves = ["c2", "swap", "a1", "d4"]
    text = sgf.hex(moves, 5, [])
    nodes = sgf.parse(text)
    assert [n.get("B", n.get("W")) for n in nodes[1:]] == [["c2"], ["swap-pieces"], ["a1"], ["d4"]]
    assert [("B" in n) for n in nodes[1:]] == [True, False, True, False]
    assert sgf.read_game(text)[2] == moves
    # a file from HexGui: mirrored back into the board's frame
    assert sgf.read_game("(;FF[4]GM[11]SZ[5];B[c2];W[swap-pieces];B[b1])")[2] == ["c2", "swap", "a2"]


def test_only_the_main_line_is_read():
    with pytest.raises(SgfError):
        sgf.parse("no sgf here")
    text = "(;GM[1]SZ[7];B[dd](;W[cc];B[ee])(;W[aa]C[a (variation\\]) ]))"
    assert sgf.read_game(text)[2] == ["d4", "c5", "e3"]


def test_what_the_board_cannot_replay_is_refused_with_a_reason():
    for text, why in (("(;GM[1]SZ[9];B[dd])", "7x7"),
                      ("(;GM[1]SZ[7]AB[dd];W[cc])", "setup stones"),
                      ("(;GM[3]SZ[8];B[dd])", "neither Go"),
                      ("(;GM[11]SZ[5];B[c3];W[resign])", "no such move"),
                      ("(;GM[1]SZ[7];B[dd];W[cc", "not closed")):
        with pytest.raises(SgfError, match=why):
            sgf.read_game(text)
