"""The AI's node budgets follow the chip's clock: NODES are measured for a
Pico at 125 MHz, and a board clocked at 200 MHz searches 1.6 times as many
nodes in the same time. Counts, not times. Portable: CPython and MicroPython."""
import ai
import games
from simboard import SimBoard, club9
from memstorage import MemStorage

GID = "gatos_caes"    # cheap nodes, and its opening never ends a search early


def nodes_searched(mhz):
    g = games.load(GID).Game()
    ai.choose(g, level=3, mhz=mhz)
    return ai.last()[0]


def test_budgets_scale_with_the_clock():
    cap, n5 = games.load(GID).NODES
    assert ai.budget(GID, 5) == ai.budget(GID, 5, 125) == n5
    assert ai.budget(GID, 5, 200) == n5 * 200 // 125
    assert ai.shallow_cap(GID) == cap
    assert ai.shallow_cap(GID, 200) == cap * 200 // 125


def test_each_level_below_5_searches_a_step_fewer_nodes():
    # The ladder's steps: level 4 a STEP-th of level 5, level 3 of level 4,
    # the game's own LEVEL_STEP where it declares one.
    for gid in ("rastros", "peoes"):
        step = getattr(games.load(gid), "LEVEL_STEP", ai.STEP)
        for mhz in (125, 200):
            n5 = ai.budget(gid, 5, mhz)
            assert ai.budget(gid, 4, mhz) == n5 // step
            assert ai.budget(gid, 3, mhz) == n5 // (step * step)
    assert getattr(games.load("rastros"), "LEVEL_STEP", None) is None    # the default rule


def test_a_search_at_200_mhz_searches_more_nodes():
    assert nodes_searched(125) == ai.budget(GID, 3)
    assert nodes_searched(200) == ai.budget(GID, 3, 200) > ai.budget(GID, 3)
    g = games.load(GID).Game()
    ai.choose(g, level=3)                # no clock given: the budgets' own 125 MHz
    assert ai.last()[0] == ai.budget(GID, 3)


def board_thinks(mhz):
    b = club9()
    b["cpu_mhz"] = mhz
    sb = SimBoard(board=b, storage=MemStorage())
    play = sb.start(GID, players_col=2, level=3)     # the board moves first
    sb.tick()
    assert play.game.ply == 1
    import sys
    return sys.modules["ai"].last()[0]   # the app's copy (it gives the search back at the menu)


def test_the_board_searches_with_its_own_clock():
    assert board_thinks(200) == ai.budget(GID, 3, 200)
    assert board_thinks(125) == ai.budget(GID, 3)
