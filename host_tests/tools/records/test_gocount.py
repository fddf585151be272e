"""tools/records/gocount.py: the dead stones the export and the GTP engine count."""
from tools.link import firmware_path  # noqa: F401
import games
from tools.records import gocount


def position(black, white):
    """A finished Go game with these stones (placed in turn, passes between)."""
    g = games.load("go").Game()
    black, white = list(black), list(white)
    while black or white:
        g.play_text(black.pop(0) if black else "pass")
        g.play_text(white.pop(0) if white else "pass")
    g.play_text("pass")
    g.play_text("pass")
    return g


# Black walls off the left with two eyes (a1, a3); White lives on the right
# with two eyes (g1, g3... ) and has a lost stone at b6 inside Black's side.
WALL_B = ["a2", "b1", "b2", "b3", "a4", "b4", "c4", "c5", "c6", "c7", "c1", "c2", "c3"]
WALL_W = ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "e4", "f4", "g4", "g2", "f1", "f2", "f3",
          "b6"]


def test_a_stone_lost_in_the_other_side_s_area_is_dead_and_living_groups_are_not():
    g = position(WALL_B, WALL_W)
    assert gocount.points(gocount.estimate_dead(g)) == ["b6"]


def test_marks_are_found_back_from_the_recorded_count():
    g = position(WALL_B, WALL_W)
    g.set_dead([])
    alive = list(g.score())
    g.set_dead(gocount.estimate_dead(g))
    counted = list(g.score())
    assert counted != alive
    g.set_dead([])
    assert gocount.points(gocount.marks_for(g, counted)) == ["b6"]
    assert gocount.marks_for(g, alive) == []
    assert gocount.marks_for(g, [45, 45]) is None       # no marks give that
    assert g.dead == set()                              # the game's marks left as they were


def test_groups_without_two_eyes_the_reserve_could_not_capture_are_dead():
    # From a match against GNU Go (seed 1): Black has all 25 stones on the board,
    # so the white stones inside its area stay, with no eyes of their own.
    g = games.load("go").Game()
    for t in ("d4 d6 f4 f2 c6 b2 c7 b5 e6 c5 d2 e2 d5 f3 d3 b6 b3 a5 b7 f1 d1 f5 e3 g5 g4 e5 "
              "f6 a4 a3 c2 d7 g6 e4 c4 c3 c1 a2 f7 e7 a6 b4 g3 e1 pass b1 c2 a7 c5 b5 a6 "
              "pass a5 pass pass").split():
        g.play_text(t)
    dead = gocount.points(gocount.estimate_dead(g))
    assert {"a5", "a6", "f7", "g6", "e5", "f5", "g5"} <= set(dead)
    g.set_dead(gocount.estimate_dead(g))
    assert g.score() == [49, 0]
