"""Go 7x7: what the AI must do in plain positions (games/go_ai.py). Portable.

The AI plays at level 3 (the board's default, its Pico node budget)."""
import ai
from check import play
from games import go


def cell(name):
    return (int(name[1:]) - 1) * 7 + "abcdefg".index(name[0])


def walls(black_file, white_file):
    """Black fills one file, White another, in turn; Black to move, no pass yet."""
    g = go.Game()
    for r in range(1, 8):
        play(g, "%s%d %s%d" % (black_file, r, white_file, r))
    return g


def choose(g, level=3):
    before = (g.key(), g.ply, list(g.moves()))
    m = ai.choose(g, level=level)
    assert (g.key(), g.ply, list(g.moves())) == before      # the game is left as found
    return m


def test_does_not_pass_while_a_stone_gains_points():
    # c and e walls, the d file between them neutral: 21 points each, White
    # wins the tie. Every d point gains a point for whoever takes it.
    g = walls("c", "e")
    # Level 5: level 3's 88 playouts (5 of them the komi's) see an invasion
    # of f7 about as good as a d point (71 and 58 visits, seed 0).
    m = choose(g, 5)
    assert m != go.PASS and g.move_text(m)[0] == "d", g.move_text(m)
    assert go.PASS not in g.candidates(30)


def test_plays_on_after_an_opponents_pass_while_behind():
    # Black's c wall holds 21 points, White's d wall 28; White passes.
    g = walls("c", "d")
    play(g, "a1 pass")
    assert g.passes == 1 and g.turn == 0
    assert choose(g) != go.PASS
    assert go.PASS not in g.candidates(30)


def test_passes_back_when_that_wins_the_count():
    # Black 22 (its d4 added), White 21: after White's pass, Black's pass
    # ends the game won.
    g = walls("c", "e")
    play(g, "d4 pass")
    m = choose(g)
    assert m == go.PASS
    g.play(m)
    assert g.result() == 0


def test_does_not_pass_first_when_behind():
    # Black's c wall holds 21 points, White's d wall 28: Black to move is
    # behind, so it plays on (in White's area) rather than pass first.
    g = walls("c", "d")
    assert g.passes == 0
    m = choose(g)
    assert m != go.PASS
    assert g.move_text(m)[0] in "efg"        # not in its own area


def test_opens_at_the_centre():
    g = go.Game()
    assert choose(g) == cell("d4") and choose(g, level=1) == cell("d4")
    play(g, "pass swap")                     # an empty board again, seat 0 now White
    assert choose(g) == cell("d4")


def test_captures_a_stone_in_atari():
    g = play(go.Game(), "c4 d4 e4 a1 d5 a2")  # White d4 has one liberty, d3
    assert choose(g) == cell("d3")


def test_captures_a_group_in_atari():
    # White d4-d5 has one liberty, d3.
    g = play(go.Game(), "c4 d4 e4 d5 c5 a1 e5 a2 d6 a3")
    assert choose(g) == cell("d3")
    assert choose(g, level=5) == cell("d3")


def test_saves_its_own_group_in_atari():
    # Black d4-d5 has one liberty, e4, which joins it to f4 and e3.
    g = play(go.Game(), "d4 c4 d5 c5 f4 e5 e3 d6 a1 d3")
    assert g.turn == 0 and len(g.group(cell("d4"))) == 2
    assert choose(g) == cell("e4")


def test_evaluate_counts_a_safe_enclosure_over_a_scattered_one():
    # Black's solid wall on the c file with White scattered on single stones:
    # Black, to move, is ahead (a living wall and its area).
    g = play(go.Game(), "c1 f2 c2 f6 c3 e4 c4 g4 c5 b6 c6 pass c7 pass")
    assert g.turn == 0
    assert g.evaluate() > 0


def test_candidates_offer_pass_only_when_no_stone_is_worth_playing():
    g = walls("c", "e")
    cs = g.candidates(30)
    assert go.PASS not in cs and cs
    assert all(m in g.moves() for m in cs)
    # White's corner with two eyes and nothing else on the board but Black
    # walls: White to move has stones to play, so no pass either.
    g = play(go.Game(), "a3 a2 b3 b2 c3 c2 d3 d2 e2 d1 e1 b1 pass")
    assert go.PASS not in g.candidates(30)
    assert cell("a1") not in g.candidates(30) and cell("c1") not in g.candidates(30)
