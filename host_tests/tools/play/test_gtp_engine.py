"""`python -m tools.play.gtp_engine`: the board's Go and Hex over GTP version 2, against
GNU Go and against bad input."""
import io
import os

import pytest

from helpers.gtpclient import gnugo, margin, match, ours
from tools.play import gtp_client
from tools.play.gtp_engine import Engine, answer, serve

has_gnugo = pytest.mark.skipif(not gtp_client.has_gnugo(),
                               reason="GNU Go is not installed (apt-get install gnugo)")


def session(lines, **kw):
    out = io.StringIO()
    serve(Engine(**kw), io.StringIO("".join(x + "\n" for x in lines)), out)
    return out.getvalue()


def replies(text):
    return [r for r in text.split("\n\n") if r]


@has_gnugo
def test_a_match_against_gnu_go_ends_with_both_scores_the_same():
    log = []
    me, them = gtp_client.Engine(ours("go", 1, 1), log=log), gtp_client.Engine(gnugo(1))
    try:
        assert me.answer("protocol_version") == (True, "2")
        for e in (me, them):
            assert e.answer("boardsize 7")[0] and e.answer("clear_board")[0] and e.answer("komi 0")[0]
        refused = []
        moves = match(me, them, refusals=refused)
        assert moves[-2:] == ["PASS", "pass"] or [m.lower() for m in moves[-2:]] == ["pass", "pass"]
        ok, ours_score = me.answer("final_score")
        ok2, theirs = them.answer("final_score")
        assert ok and ok2
        assert margin(ours_score) == margin(theirs) != 0
        # the same stones on both boards, point by point
        for colour in ("black", "white"):
            assert sorted(me.answer("list_stones " + colour)[1].split()) == \
                sorted(them.answer("list_stones " + colour)[1].split())
    finally:
        me.close()
        them.close()


@has_gnugo
def test_gnu_go_plays_the_engine_from_an_exported_sgf(tmp_path):
    """loadsgf: the board's engine and GNU Go load one file to one position."""
    sgf = tmp_path / "g.sgf"
    sgf.write_text("(;FF[4]GM[1]SZ[7];B[dd];W[cc]C[swap: seat 1 took Black];B[dc];W[];B[ec])\n")
    me, them = gtp_client.Engine(ours("go", 1, 0)), gtp_client.Engine(gnugo(1))
    try:
        for e in (me, them):
            assert e.answer("loadsgf %s" % sgf)[0]
        for colour in ("black", "white"):
            assert sorted(me.answer("list_stones " + colour)[1].split()) == \
                sorted(them.answer("list_stones " + colour)[1].split())
        ok, mv = me.answer("genmove white")
        assert ok and them.answer("play white " + mv)[0]
    finally:
        me.close()
        them.close()


def test_bad_input_gets_a_question_mark_and_the_engine_goes_on():
    out = session(["frobnicate", "boardsize 9", "boardsize seven", "play b z9", "play x d4",
                   "play b d4", "play b e4", "play w d4", "komi lots", "undo", "undo",
                   "known_command frobnicate", "7 play", "genmove b", "name"], level=1)
    r = replies(out)
    assert r[0] == "? unknown command"
    assert r[1].startswith("? unacceptable size")
    assert r[2].startswith("? syntax error")
    assert r[3].startswith("? invalid coordinate")
    assert r[4].startswith("? invalid color")
    assert r[5] == "="
    assert r[6].startswith("? it is white's turn")
    assert r[7].startswith("? illegal move: d4 is not legal")
    assert r[8].startswith("? syntax error")
    assert r[9] == "=" and r[10].startswith("? cannot undo")
    assert r[11] == "= false"
    assert r[12].startswith("?7 syntax error")
    assert r[13].startswith("= ") and r[14] == "= games-board"


def test_ids_comments_and_blank_lines_as_gtp_says():
    out = session(["# a comment", "", "12 protocol_version", "\t13 name # trailing", "quit",
                   "name"])
    assert out == "=12 2\n\n=13 games-board\n\n=\n\n"


def test_the_command_list_and_every_command_in_it_is_known():
    r = replies(session(["list_commands"]))
    names = r[0][2:].split("\n")
    for c in ("protocol_version", "name", "version", "known_command", "list_commands", "quit",
              "boardsize", "clear_board", "komi", "play", "genmove", "undo", "final_score",
              "showboard", "loadsgf"):
        assert c in names
        assert replies(session(["known_command " + c]))[0] == "= true"


def test_final_score_is_the_board_count_white_winning_ties():
    e = Engine("go")
    for line in ("play b d4", "play w pass", "play b pass"):
        assert answer(e, line) == "=\n\n"
    assert answer(e, "final_score") == "= B+49\n\n"
    assert answer(e, "play w d5").startswith("? the game is over")
    e = Engine("go")
    assert answer(e, "komi 6.5") == "=\n\n"
    for line in ("play b d4", "play w pass", "play b pass"):
        answer(e, line)
    assert answer(e, "final_score") == "= B+42.5\n\n"
    assert answer(Engine("go"), "final_score") == "= W+0\n\n"   # 0-0: White wins equal scores


def test_hex_with_hexgui_names_and_the_swap():
    e = Engine("hex", level=1)
    assert answer(e, "boardsize 4 4").startswith("? unacceptable size")
    assert answer(e, "boardsize 5 5") == "=\n\n"
    assert answer(e, "play b c2") == "=\n\n"
    assert answer(e, "play w swap-pieces") == "=\n\n"
    # the board's swap keeps the stone: seat 1 holds it, and the cells are
    # mirrored so Black (seat 0) is to move, as HexGui shows it after swap-pieces
    assert e.game.turn == 0 and answer(e, "play b a1") == "=\n\n"
    assert e.texts == ["c2", "swap", "a1"]
    mv = answer(e, "genmove w")
    assert mv.startswith("= ") and mv[2:].strip() in [t if len(t) > 2 else t for t in
                                                      _cells(5)]
    assert answer(e, "final_score").startswith("? the game is not over")
    assert answer(e, "undo") == "=\n\n" and answer(e, "undo") == "=\n\n"
    assert answer(e, "undo") == "=\n\n" and e.texts == ["c2"]


def test_hex_games_play_to_a_winner_both_sides_by_the_engine():
    e = Engine("hex", level=1, size=5)
    colour = "b"
    for _ in range(25):
        r = answer(e, "genmove " + colour)
        assert r.startswith("= ")
        colour = "w" if colour == "b" else "b"
        if e.over():
            break
    assert e.over()
    assert answer(e, "final_score") in ("= B+\n\n", "= W+\n\n")
    assert answer(e, "genmove " + colour).startswith("? the game is over")


def _cells(n):
    return [f + str(r) for f in "abcdefghi"[:n] for r in range(1, n + 1)]


def test_a_gui_can_start_the_engine_by_its_file_from_any_folder(tmp_path):
    import subprocess
    import sys
    from tools.link.firmware_path import ROOT
    gtp = os.path.join(ROOT, "tools", "play", "gtp_engine.py")
    p = subprocess.run([sys.executable, gtp, "--game", "go", "--level", "1"], cwd=str(tmp_path),
                       input="name\nplay b d4\ngenmove w\nquit\n", capture_output=True, text=True,
                       timeout=120)
    r = replies(p.stdout)
    assert r[0] == "= games-board" and r[1] == "="
    assert r[2][2:] in [f + str(n) for f in "ABCDEFG" for n in range(1, 8)]   # never a swap


def test_loadsgf_takes_the_file_s_komi_and_refuses_what_the_board_cannot_play(tmp_path):
    e = Engine("go")
    f = tmp_path / "k.sgf"
    f.write_text("(;FF[4]GM[1]SZ[7]KM[2.5];B[dd];W[];B[])")
    assert answer(e, "loadsgf %s" % f) == "=\n\n"
    assert answer(e, "final_score") == "= B+46.5\n\n"
    f.write_text("(;FF[4]GM[1]SZ[9];B[dd])")
    assert answer(e, "loadsgf %s" % f).startswith("? cannot load file: the board plays Go on 7x7")
    assert answer(e, "loadsgf %s" % (tmp_path / "none.sgf")).startswith("? cannot load file")
    assert e.texts == ["d4", "pass", "pass"]         # the game loaded before is kept
